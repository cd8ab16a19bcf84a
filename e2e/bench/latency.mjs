// Measures request latency of a running server: the first request after it
// starts listening (for the Worker, this includes starting Go), then N
// sequential PNG requests. Usage: node latency.mjs BASE_URL [N]
// Prints one JSON line: {first_ms, p50_ms, p90_ms, p99_ms, n}.
import net from "node:net";

const base = process.argv[2];
const n = Number(process.argv[3] ?? 200);
const { hostname, port } = new URL(base);

async function listening() {
  for (let i = 0; i < 600; i++) {
    const ok = await new Promise((resolve) => {
      const s = net.connect(Number(port), hostname, () => (s.end(), resolve(true)));
      s.on("error", () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${base} never listened`);
}

async function timed(url) {
  const t = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return performance.now() - t;
}

await listening();
// wrangler opens its port before workerd is ready to run the Worker; the
// first answered request is what a visitor after a deploy or eviction waits.
let first;
for (let i = 0; ; i++) {
  try {
    first = await timed(`${base}/api/v1/qr?data=first`);
    break;
  } catch (e) {
    if (i > 100) throw e;
    await new Promise((r) => setTimeout(r, 100));
  }
}
const times = [];
for (let i = 0; i < n; i++) {
  times.push(await timed(`${base}/api/v1/qr?size=512&data=${encodeURIComponent("https://example.com/item/" + i)}`));
}
times.sort((a, b) => a - b);
const q = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
const r = (x) => Math.round(x * 100) / 100;
console.log(JSON.stringify({ first_ms: r(first), p50_ms: r(q(0.5)), p90_ms: r(q(0.9)), p99_ms: r(q(0.99)), n }));
