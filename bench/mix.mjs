// The legitimate requests of make soak and make load (soak.mjs, load.mjs),
// and sending one of them: a kind is {make(i) -> request, status, check?},
// a request {path, method?, headers?, body?}.
const mcpHeaders = { "content-type": "application/json", accept: "application/json, text/event-stream" };
const u = (i) => encodeURIComponent(`https://example.com/item/${i}`);

// The kinds of request, in the order the mix cycles through them; ten, so
// that every block of 5,000 holds 500 of each.
export function legitimate(png) {
  const get = (f) => (i) => ({ path: f(i) });
  return {
    png: { make: get((i) => `/api/v1/qr?data=${u(i)}`), status: 200 },
    "png rounded": { make: get((i) => `/api/v1/qr?data=${u(i)}&style=rounded&eye=circle`), status: 200 },
    svg: { make: get((i) => `/api/v1/qr?data=${u(i)}&format=svg`), status: 200 },
    wifi: { make: get((i) => `/api/v1/wifi?ssid=Guest-${i}&security=nopass`), status: 200 },
    upi: { make: get((i) => `/api/v1/upi?pa=merchant@upi&pn=Chai%20Stall&am=${(i % 500) + 1}`), status: 200 },
    verify: { make: get((i) => `/api/v1/verify?data=${u(i)}`), status: 200 },
    decode: {
      make: () => ({ path: "/api/v1/decode", method: "POST", headers: { "content-type": "image/png" }, body: png }),
      status: 200,
      check: (t) => t.includes('"count":1'),
    },
    batch: {
      make: (i) => ({
        path: "/api/v1/qr/batch",
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ output: "base64", items: Array.from({ length: 5 }, (_, k) => ({ id: `n${k}`, data: `https://example.com/batch/${i}/${k}` })) }),
      }),
      status: 200,
    },
    "mcp tools/call": {
      make: (i) => ({
        path: "/api/mcp",
        method: "POST",
        headers: mcpHeaders,
        body: JSON.stringify({ jsonrpc: "2.0", id: i, method: "tools/call", params: { name: "qr_generate", arguments: { data: `https://example.com/item/${i}` } } }),
      }),
      status: 200,
      check: (t) => t.includes('"result"') && !t.includes('"isError":true'),
    },
    "mcp notification": {
      make: () => ({ path: "/api/mcp", method: "POST", headers: mcpHeaders, body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) }),
      status: 202,
      check: (t) => t === "",
    },
  };
}

// send makes one request; it returns [ms, null] or [ms, error text].
export async function send(base, req, kind, timeoutMs = 120000) {
  const t = performance.now();
  try {
    const res = await fetch(base + req.path, { method: req.method ?? "GET", headers: req.headers, body: req.body, signal: AbortSignal.timeout(timeoutMs) });
    const text = kind.check ? await res.text() : (await res.arrayBuffer(), "");
    const dt = performance.now() - t;
    if (res.status !== kind.status) return [dt, `status ${res.status}`];
    if (kind.check && !kind.check(text)) return [dt, `unexpected body: ${text.slice(0, 120)}`];
    return [dt, null];
  } catch (e) {
    return [performance.now() - t, `network: ${e.cause?.code ?? e.name ?? e.message}`];
  }
}

// health is the Worker's GET /api/v1/health.
export async function health(base) {
  const res = await fetch(`${base}/api/v1/health`);
  if (res.status !== 200) throw new Error(`health: ${res.status}`);
  return res.json();
}

// samplePNG is a 128 px PNG of a code, made by the server, for decode.
export async function samplePNG(base) {
  const res = await fetch(`${base}/api/v1/qr?data=${encodeURIComponent("https://example.com/sample")}&size=128`);
  if (res.status !== 200) throw new Error(`the PNG to decode: ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}
