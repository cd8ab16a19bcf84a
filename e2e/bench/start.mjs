// Measures the Worker's start the way entry.mjs makes it, in Node's V8
// (workerd's engine): compiling the module, instantiating it and running
// Go's initialisation and main up to its select {}, which registers the
// request handler. Go's runtime traces every package's init
// (GODEBUG=inittrace=1); the calls for random bytes made while starting
// are counted, since workerd answers them from the build's seed.
//
// Usage: node e2e/bench/start.mjs build/worker/app.wasm [rounds]
// Prints one JSON object: compile and start times (median of rounds), the
// init table (package, ms, bytes), and the random-byte calls.
import fs from "node:fs";
import { performance } from "node:perf_hooks";

const file = process.argv[2] ?? "build/worker/app.wasm";
const rounds = Number(process.argv[3] ?? 5);
await import(new URL("../../build/worker/wasm_exec.js", import.meta.url));
const bytes = fs.readFileSync(file);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const compiles = [], starts = [], firsts = [];
let inits = [], random = [];
for (let r = 0; r < rounds; r++) {
  let t = performance.now();
  const mod = new WebAssembly.Module(bytes);
  compiles.push(performance.now() - t);

  const go = new Go();
  go.env = { GODEBUG: "inittrace=1" };
  const calls = [];
  const real = go.importObject.gojs["runtime.getRandomData"];
  let loading = true;
  go.importObject.gojs["runtime.getRandomData"] = (sp) => {
    if (loading) calls.push(go.mem.getUint32(sp + 16, true));
    real(sp);
  };
  const lines = [];
  const log = console.log;
  console.log = (s) => lines.push(String(s));
  t = performance.now();
  const instance = new WebAssembly.Instance(mod, go.importObject);
  go.run(instance);
  starts.push(performance.now() - t);
  loading = false;
  console.log = log;

  t = performance.now();
  globalThis.qrkeyless.handle("GET", "http://qr.test/api/v1/qr?data=hello", [], null, false);
  firsts.push(performance.now() - t);

  if (r === rounds - 1) {
    random = calls;
    // init qrkeyless/core/render @12 ms, 1.2 ms clock, 12345 bytes, 3 allocs
    for (const l of lines.join("\n").split("\n")) {
      const m = /^init (\S+) @[\d.]+ ms, ([\d.]+) ms clock, (\d+) bytes/.exec(l);
      if (m) inits.push({ pkg: m[1], ms: Number(m[2]), bytes: Number(m[3]) });
    }
  }
}
inits.sort((a, b) => b.ms - a.ms);
console.log(JSON.stringify({
  file, raw: bytes.length, rounds,
  compile_ms: median(compiles), start_ms: median(starts), first_request_ms: median(firsts),
  init_total_ms: inits.reduce((s, i) => s + i.ms, 0), inits,
  random_calls_while_loading: random,
}));
