// The Worker's entry. The Go program starts while this module loads, in
// global scope, where Cloudflare pre-warms isolates and allows a second of
// start-up, so the first request only answers itself; every request then
// calls the handle function Go registered (worker/serve_js.go), which
// answers synchronously. If the Go program ever exits, the next request
// starts a new one.
import "./wasm_exec.js";
import mod from "./app.wasm";
import seed from "./seed.mjs";

// workerd refuses random values in global scope, and Go's runtime asks for
// 32 bytes as it starts (runtime.randinit, the seed of its own generator:
// map hash seeds, scheduling). While the module loads they come from a
// secret made fresh by each build (build/worker/seed.mjs, never
// committed) mixed with the clock; every call after that, crypto/rand's
// included, goes to crypto.getRandomValues. README, "The Worker", says
// what this means for an attacker.
let loading = true;

function start() {
  const go = new Go();
  const real = go.importObject.gojs["runtime.getRandomData"];
  const fake = generator(seed, Date.now());
  go.importObject.gojs["runtime.getRandomData"] = (sp) => {
    if (!loading) return real(sp);
    sp >>>= 0;
    const at = go.mem.getUint32(sp + 8, true) + go.mem.getInt32(sp + 12, true) * 4294967296;
    const len = go.mem.getUint32(sp + 16, true) + go.mem.getInt32(sp + 20, true) * 4294967296;
    fake(new Uint8Array(go.mem.buffer, at, len));
  };
  const instance = new WebAssembly.Instance(mod, go.importObject);
  const state = { handle: null, wasm: instance.exports.mem };
  // run executes Go's initialisation and main up to its select {}, which
  // registered globalThis.qrkeyless; the promise settles only if Go exits.
  go.run(instance).finally(() => {
    if (current === state) current = null;
  });
  state.handle = globalThis.qrkeyless.handle;
  globalThis.qrkeyless.memory = instance.exports.mem; // for /api/v1/health
  return state;
}

// generator returns a function filling arrays with bytes from the seed (32
// bytes, base64) and the time: sfc32, seeded with the seed's words xored
// with the clock, whose output is unknown without the seed.
function generator(seedBase64, now) {
  const bytes = Uint8Array.from(atob(seedBase64), (c) => c.charCodeAt(0));
  const words = new Uint32Array(bytes.buffer, 0, 8);
  let a = words[0] ^ words[4] ^ (now >>> 0);
  let b = words[1] ^ words[5] ^ Math.floor(now / 4294967296);
  let c = words[2] ^ words[6];
  let d = words[3] ^ words[7] ^ 1;
  const next = () => {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    const t = (a + b + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t;
  };
  for (let i = 0; i < 16; i++) next();
  return (out) => {
    for (let i = 0; i < out.length; i += 4) {
      const v = next();
      for (let k = 0; k < 4 && i + k < out.length; k++) out[i + k] = (v >>> (8 * k)) & 0xff;
    }
  };
}

let current = start();
loading = false;

export default {
  async fetch(req, env) {
    current ??= start();
    const body = req.method === "GET" || req.method === "HEAD" ? null : new Uint8Array(await req.arrayBuffer());
    // QR_LOOPBACK is set by make dev, whose server listens on 127.0.0.1.
    const res = current.handle(req.method, req.url, [...req.headers], body, env.QR_LOOPBACK === "1");
    return new Response(res.body, { status: res.status, headers: res.headers });
  },
};
