// The requests the latency figures are made of, shared by latency.mjs (over
// HTTP) and isolate.mjs (straight into the Worker's handleRequest). Each
// kind cycles through 16 paths so no two consecutive requests are the same;
// nothing here is cached by either server, but a reader need not take that
// on trust.
const paths = (f) => Array.from({ length: 16 }, (_, i) => ({ path: f(i) }));
const url = (i) => encodeURIComponent(`https://example.com/item/${i}`);

export const kinds = {
  // the floor: no encoding, only the server, the runtime and the way in
  health: paths(() => "/api/v1/health"),
  png: paths((i) => `/api/v1/qr?data=${url(i)}`),
  svg: paths((i) => `/api/v1/qr?format=svg&data=${url(i)}`),
  wifi: paths((i) => `/api/v1/wifi?ssid=Home-${i}&password=correct%20horse&security=WPA2`),
  verify: paths((i) => `/api/v1/verify?data=${url(i)}`),
};

// Requests per run at concurrency 1 (twice as many at 16): bounded. Verify
// renders and decodes twice per request, so it gets fewer.
export const amount = { health: 200, png: 200, svg: 200, wifi: 200, verify: 60 };

// percentiles of a list of milliseconds, rounded to the microsecond
export function percentiles(times) {
  const s = [...times].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  const r = (x) => Math.round(x * 1000) / 1000;
  return { p50: r(q(0.5)), p90: r(q(0.9)), p99: r(q(0.99)), n: s.length };
}
