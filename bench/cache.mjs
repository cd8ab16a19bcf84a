// The Worker's edge cache, timed from outside: for each of `n` codes never
// asked for before, the first request (a miss: Go draws it and the cache
// keeps it) and then the same code in another spelling (a hit: answered by
// the cache without entering Go), one request at a time over keep-alive
// HTTP. The hit rate counts the second requests that said x-qr-cache: hit.
// Then `n` MCP tools/list requests of 2026-07-28, which the entry keeps
// after the first (with no cache behind the Cache API, each is drawn).
// Usage: node bench/cache.mjs BASE_URL [n=200]
// Prints one JSON object: {miss: {p50, p90, p99, n}, hit: {...}, hitRate,
// toolsList: {p50, p90, p99, n}, toolsListHitRate}.
import { percentiles } from "./requests.mjs";

const base = process.argv[2];
const n = Number(process.argv[3] ?? 200);
const run = Math.random().toString(36).slice(2, 8);

async function once(path) {
  const t = performance.now();
  const res = await fetch(base + path);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  return [performance.now() - t, res.headers.get("x-qr-cache")];
}

// A styled code, as most callers ask for: the miss draws it with a style.
const spell = [
  (d) => `/api/v1/qr?data=${d}&style=rounded&eye=circle`,
  (d) => `/api/v1/qr?eye=circle&text=${d}&dots=rounded&size=512&color=000`,
];
for (let i = 0; i < 10; i++) {
  await once(spell[0](`warm-${run}-${i}`));
  await once(spell[1](`warm-${run}-${i}`));
}
const miss = [];
const hit = [];
let hits = 0;
for (let i = 0; i < n; i++) {
  const d = `cache-${run}-${i}`;
  miss.push((await once(spell[0](d)))[0]);
  const [t, from] = await once(spell[1](d));
  hit.push(t);
  if (from === "hit") hits++;
}
const list = [];
let listHits = 0;
for (let i = 0; i < n; i++) {
  const t = performance.now();
  const res = await fetch(`${base}/api/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/list" },
    body: JSON.stringify({
      jsonrpc: "2.0", id: i, method: "tools/list",
      params: { _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} } },
    }),
  });
  const body = await res.json();
  if (res.status !== 200 || body.id !== i) throw new Error(`tools/list: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  list.push(performance.now() - t);
  if (res.headers.get("x-qr-cache") === "hit") listHits++;
}
process.stdout.write(JSON.stringify({ miss: percentiles(miss), hit: percentiles(hit), hitRate: hits / n, toolsList: percentiles(list), toolsListHitRate: listHits / n }) + "\n");
