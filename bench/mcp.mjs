// MCP latency over HTTP with the official TypeScript SDK as the client: a
// raw initialize request, the SDK's connect (initialize, then the
// initialized notification), and a qr_generate call on an open client.
// Usage: node mcp.mjs BASE_URL [n=50]. Prints JSON {initialize, connect,
// generate}, each {p50, p90, p99, n} in milliseconds, after a warm-up.
// The bench takes only the suite's raw POST (e2e/mcp/rpc.mjs), not
// e2e/mcp/helpers.mjs, so that it needs only the v1 SDK (and none of the
// suite's readers).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { rpc } from "../e2e/mcp/rpc.mjs";
import { percentiles } from "./requests.mjs";

async function connect(base) {
  const client = new Client({ name: "qrkeyless-bench", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL("/api/mcp", base)));
  return client;
}

// timings runs fn(0) once to warm up, then fn(1) … fn(n): milliseconds each.
async function timings(n, fn) {
  await fn(0);
  const ms = [];
  for (let i = 1; i <= n; i++) {
    const start = performance.now();
    await fn(i);
    ms.push(performance.now() - start);
  }
  return ms;
}

const base = process.argv[2];
const n = Number(process.argv[3] ?? 50);

const times = async (fn) => percentiles(await timings(n, fn));

const initialize = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench", version: "1" } } };
const client = await connect(base);
const result = {
  initialize: await times(async () => {
    const r = await rpc(base, initialize);
    if (r.status !== 200 || !r.message?.result) throw new Error(`initialize: ${r.status} ${r.text.slice(0, 200)}`);
  }),
  connect: await times(async () => (await connect(base)).close()),
  generate: await times(async (i) => {
    const r = await client.callTool({ name: "qr_generate", arguments: { data: `https://example.com/item/${i}` } });
    if (r.isError) throw new Error(`qr_generate: ${JSON.stringify(r).slice(0, 200)}`);
  }),
};
await client.close();
console.log(JSON.stringify(result));
