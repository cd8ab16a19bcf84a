// Measures a running server over loopback with autocannon: the first request
// after it is up (for the Worker, the isolate's cold start: Go's start-up
// and package initialisation), then, for each kind of request, RUNS bounded
// runs at concurrency 1 and 16 after a warm-up.
// Usage: node latency.mjs BASE_URL [RUNS]; RUNS 0 measures the first request only.
// Prints JSON: {first_ms, kinds: {png: {c1: [{p50, p90, p99, n, rps, failed}...], c16: [...]}, ...}}.
import autocannon from "autocannon";
import { amount, kinds, percentiles } from "./requests.mjs";

const base = process.argv[2];
const runs = Number(process.argv[3] ?? 3);

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
for (const [kind, requests] of runs > 0 ? Object.entries(kinds) : []) {
  await load(requests, 1, 20); // warm-up
  out.kinds[kind] = { c1: [], c16: [] };
  for (let r = 0; r < runs; r++) {
    out.kinds[kind].c1.push(await load(requests, 1, amount[kind]));
    out.kinds[kind].c16.push(await load(requests, 16, 2 * amount[kind]));
  }
}
console.log(JSON.stringify(out));
