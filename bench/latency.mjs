// Measures a running server over loopback with autocannon: the first request
// after it is up (for the Worker, the isolate's cold start: Go's start-up
// and package initialisation), then, for each kind of request, bounded runs
// at each concurrency after a warm-up.
// Usage: node latency.mjs BASE_URL [--runs 3] [--kinds png,svg] [--concurrency 1,16]
// (default: every kind of requests.mjs); --runs 0 measures the first request only.
// Prints JSON: {first_ms, kinds: {png: {c1: [{p50, p90, p99, n, rps, failed}...], c16: [...]}, ...}}.
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { amount, kinds, percentiles } from "./requests.mjs";

const { values: opt, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: "string", default: "3" }, kinds: { type: "string" }, concurrency: { type: "string", default: "1,16" } },
});
const base = positionals[0];
const runs = Number(opt.runs);
const measured = opt.kinds ? opt.kinds.split(",") : Object.keys(kinds);
const concurrencies = opt.concurrency.split(",").map(Number);
for (const k of measured) if (!kinds[k]) throw new Error(`no request kind ${k}`);

async function timed(url) {
  const t = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return performance.now() - t;
}

// autocannon's own histogram keeps whole milliseconds; the client's
// response events carry the exact duration, so percentiles come from those.
function load(requests, connections, n) {
  const times = [];
  let bad = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections,
        amount: Math.max(n, connections),
        requests,
        timeout: 60,
        setupClient: (client) =>
          client.on("response", (status, _bytes, ms) => (status === 200 ? times.push(ms) : bad++)),
      },
      (err, result) => {
        if (err) return reject(err);
        // a failed request is reported, not fatal: one 503 from a dev
        // server should not void a run; none answered at all is fatal
        const failed = bad + result.errors + result.timeouts;
        if (!times.length) return reject(new Error(`${requests[0].path}: no request succeeded`));
        // autocannon stops on its 1 s sampling tick, so wall time
        // overstates a short run; with every connection busy, throughput is
        // connections over the mean latency (Little's law).
        const mean = times.reduce((s, t) => s + t, 0) / times.length;
        resolve({ ...percentiles(times), rps: Math.round((connections * 1000) / mean), failed });
      },
    );
  });
}

let first_ms;
for (let i = 0; ; i++) {
  try {
    first_ms = await timed(`${base}/api/v1/qr?data=first`);
    break;
  } catch (e) {
    // wrangler answers 503 or refuses while workerd loads; native is up at once
    if (i > 600) throw e;
    await new Promise((r) => setTimeout(r, 100));
  }
}
const out = { first_ms: Math.round(first_ms * 100) / 100, kinds: {} };
for (const kind of runs > 0 ? measured : []) {
  const requests = kinds[kind];
  // warm-up as long as a run: a fresh isolate's WebAssembly starts in
  // V8's baseline tier and moves its hot functions up as they run
  await load(requests, 1, amount[kind]);
  out.kinds[kind] = Object.fromEntries(concurrencies.map((c) => [`c${c}`, []]));
  for (let r = 0; r < runs; r++) {
    // twice the requests at higher concurrency, as every connection queues
    for (const c of concurrencies) out.kinds[kind][`c${c}`].push(await load(requests, c, (c > 1 ? 2 : 1) * amount[kind]));
  }
}
console.log(JSON.stringify(out));
