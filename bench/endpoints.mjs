// Every GET endpoint and MCP tool that must fit the free plan's 10 ms of
// CPU, timed one request at a time over keep-alive HTTP: with nothing else
// in flight, a request's wall time bounds its CPU time. Each endpoint gets
// a warm-up, then `rounds` requests cycling through 8 variants of its data,
// so none is answered from a cache the endpoint might keep.
// Usage: node bench/endpoints.mjs BASE_URL [rounds] [filter]
// Prints one JSON object: {endpoint: {p50, p90, p99, n}} in milliseconds.
import { percentiles } from "./requests.mjs";
import { endpoints } from "./endpoint-list.mjs";

const base = process.argv[2];
const rounds = Number(process.argv[3] ?? 100);
const filter = new RegExp(process.argv[4] ?? ".");

const list = endpoints(await (await fetch(`${base}/api/v1/types`)).json());

async function once(req) {
  const t = performance.now();
  const res = typeof req === "string"
    ? await fetch(base + req)
    : await fetch(`${base}/api/mcp`, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream" }, body: JSON.stringify(req.post) });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${JSON.stringify(req)}: ${res.status}`);
  return performance.now() - t;
}

const out = {};
for (const [name, make] of Object.entries(list)) {
  if (!filter.test(name)) continue;
  for (let i = 0; i < 10; i++) await once(make(i % 8));
  const times = [];
  for (let i = 0; i < rounds; i++) times.push(await once(make(i % 8)));
  out[name] = percentiles(times);
}
process.stdout.write(JSON.stringify(out) + "\n");
