// Start-up on workerd alone: starts a fresh workerd process with our
// Worker, then one with the plain JavaScript Worker, `runs` times in turn,
// and polls each with GET /api/v1/qr?data=first until it answers. For each
// start: answer_ms, from spawn to the answer (workerd's own start, the
// module's load, Go's start and warm-up, the request), and first_ms, that
// first request's own latency. Ours less hello's answer_ms is our module's
// load to ready on workerd. Then the hello Worker's floor: `floor`
// sequential keep-alive GETs to a warm hello process, after 20 of warm-up.
// Usage: node bench/workerd-start.mjs CONFIG_DIR [runs=5] [floor=200]
// (CONFIG_DIR holds what workerd-config.mjs wrote.) Prints JSON
// {ours: [{answer_ms, first_ms, rss}], hello: [...], hello_floor: {p50,p90,p99,n}}.
import http from "node:http";
import path from "node:path";
import { percentiles } from "./requests.mjs";
import { startWorkerd, waitUp } from "./workerd.mjs";

const dir = process.argv[2];
const runs = Number(process.argv[3] ?? 5);
const floorN = Number(process.argv[4] ?? 200);
const round = (x) => Math.round(x * 100) / 100;

async function once(config) {
  const server = await startWorkerd(path.join(dir, config));
  try {
    for (let i = 0; ; i++) {
      if (server.exited()) throw new Error(`${config}: workerd exited ${JSON.stringify(server.exited())}`);
      const t = performance.now();
      try {
        const res = await fetch(`${server.url}/api/v1/qr?data=first`);
        await res.arrayBuffer();
        const now = performance.now();
        if (res.status !== 200) throw new Error(`${config}: first request ${res.status}`);
        return { answer_ms: round(now - server.spawned), first_ms: round(now - t), attempts: i + 1, rss: server.rss() };
      } catch (e) {
        if (!/fetch failed/.test(e.message) || performance.now() - server.spawned > 60000) throw e;
        await new Promise((r) => setTimeout(r, 5));
      }
    }
  } finally {
    await server.stop();
  }
}

// fetch's first calls in a process load and compile undici's paths: pay
// that on a server of our own first, not on the first start measured.
{
  const s = http.createServer((_, res) => res.end("ok")).listen(0, "127.0.0.1");
  await new Promise((r) => s.on("listening", r));
  for (let i = 0; i < 50; i++) await (await fetch(`http://127.0.0.1:${s.address().port}/`)).text();
  await fetch("http://127.0.0.1:1/").catch(() => {}); // and a refused connection
  s.close();
}

const out = { ours: [], hello: [] };
for (let r = 0; r < runs; r++) {
  out.ours.push(await once("workerd.capnp"));
  out.hello.push(await once("workerd-hello.capnp"));
}
if (floorN > 0) {
  const server = await startWorkerd(path.join(dir, "workerd-hello.capnp"));
  try {
    const get = async () => {
      const t = performance.now();
      const res = await fetch(`${server.url}/api/v1/health`);
      await res.arrayBuffer();
      return performance.now() - t;
    };
    await waitUp(server);
    for (let i = 0; i < 20; i++) await get();
    const times = [];
    for (let i = 0; i < floorN; i++) times.push(await get());
    out.hello_floor = percentiles(times);
  } finally {
    await server.stop();
  }
}
process.stdout.write(JSON.stringify(out) + "\n");
