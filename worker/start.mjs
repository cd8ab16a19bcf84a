// Starting the Go program, shared by the Worker's entry (entry.mjs) and
// the benchmarks that run the same .wasm in Node (bench/isolate.mjs).
// Expects Go's wasm_exec.js to have defined Go.

// start instantiates mod and runs Go's initialisation and main up to its
// select {} (worker/serve_js.go). syumai/workers reads globalThis.context
// as the package initialises: env, the Worker's bindings and variables
// (cloudflare.Getenv), and binding, on which it registers handleRequest
// (a Request in, a promise of the Response out) and this program
// registers limits, tooMany and warm. While loading() reports true, Go's
// requests for random bytes are answered by fake (see entry.mjs); after,
// by crypto.getRandomValues. go is a new Go(), whose env a caller may set
// (GODEBUG). The state (the binding, the memory) is dropped if Go exits.
export function start(mod, go, env, fake, loading, onExit = () => {}) {
  const real = go.importObject.gojs["runtime.getRandomData"];
  go.importObject.gojs["runtime.getRandomData"] = (sp) => {
    if (!loading()) return real(sp);
    sp >>>= 0;
    const at = go.mem.getUint32(sp + 8, true) + go.mem.getInt32(sp + 12, true) * 4294967296;
    const len = go.mem.getUint32(sp + 16, true) + go.mem.getInt32(sp + 20, true) * 4294967296;
    fake(new Uint8Array(go.mem.buffer, at, len));
  };
  const binding = {};
  globalThis.context = { env, binding };
  let ready = false;
  // workers.Ready() is the package's signal that handleRequest may be
  // called; main reaches it before its select {}, so before run returns.
  const instance = new WebAssembly.Instance(mod, { ...go.importObject, workers: { ready: () => (ready = true) } });
  const state = { binding, memory: instance.exports.mem };
  // run executes Go's initialisation and main up to its select {}; the
  // promise settles only if Go exits.
  go.run(instance).finally(() => onExit(state));
  if (!ready) throw new Error("the Go program did not call workers.Ready");
  globalThis.qrkeyless = { memory: instance.exports.mem }; // for /api/v1/health
  return state;
}

// generator returns a function filling arrays with bytes from a seed (32
// bytes, base64) and the time: sfc32, seeded with the seed's words xored
// with the clock, whose output is unknown without the seed.
export function generator(seedBase64, now) {
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
