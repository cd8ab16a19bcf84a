// Runs the Worker's .wasm in Node the way an isolate does: compile it,
// instantiate it with the glue the Worker uses (syumai/workers'
// wasm_exec.js, copied into build/worker by make build), run Go until it
// calls workers.Ready, then answer requests through the bound handleRequest,
// as worker/entry.mjs does. No HTTP and no workerd: what is left is Go in
// WebAssembly and the JS/Go boundary. Run it in a fresh process per
// cold-start sample: V8 keeps nothing between processes.
// Usage: node isolate.mjs build/worker [--inittrace] [--warm]
// Prints JSON: {compile_ms, ready_ms, first_request_ms}; with --inittrace
// also the slowest package initialisers (Go's GODEBUG=inittrace=1, which
// slows start-up a little itself); with --warm also p50/p90/p99 of each
// request kind of requests.mjs, one at a time.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { amount, kinds, percentiles } from "./requests.mjs";

const dir = path.resolve(process.argv[2]);
const trace = process.argv.includes("--inittrace");
const warm = process.argv.includes("--warm");
const sustained = process.argv.includes("--sustained");
await import(pathToFileURL(path.join(dir, "wasm_exec.js")));
const bytes = fs.readFileSync(path.join(dir, "app.wasm"));
const since = (t) => Math.round((performance.now() - t) * 100) / 100;

let t = performance.now();
const mod = await WebAssembly.compile(bytes);
const compile_ms = since(t);

// workerd has FixedLengthStream and Node does not; syumai/workers sends a
// body of known length through it, any other through a ReadableStream of
// Go callbacks. The stand-in lets the Worker take here the path it takes
// on workerd.
globalThis.FixedLengthStream ??= class FixedLengthStream extends TransformStream {
  constructor(length) {
    super();
    this.expectedLength = length;
  }
};

const go = new globalThis.Go();
const inits = [];
if (trace) {
  go.env = { GODEBUG: "inittrace=1" };
  // wasm_exec.js writes Go's stderr through console.log
  const log = console.log;
  console.log = (line) => {
    const m = /^init (\S+) @[\d.]+ ms, ([\d.]+) ms clock, (\d+) bytes, (\d+) allocs/.exec(line);
    if (m) inits.push({ pkg: m[1], ms: +m[2], bytes: +m[3], allocs: +m[4] });
    else log(line);
  };
}

t = performance.now();
let ready;
const isReady = new Promise((resolve) => (ready = resolve));
const instance = new WebAssembly.Instance(mod, { ...go.importObject, workers: { ready: () => ready() } });
const binding = {};
go.run(instance, { binding });
await isReady;
const ready_ms = since(t);

async function request(p) {
  const res = await binding.handleRequest(new Request(`http://127.0.0.1${p}`));
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${p}: ${res.status}`);
}

t = performance.now();
await request("/api/v1/qr?data=first");
const first_request_ms = since(t);

const out = { compile_ms, ready_ms, first_request_ms };
if (trace) {
  inits.sort((a, b) => b.ms - a.ms);
  out.init_ms = Math.round(inits.reduce((s, i) => s + i.ms, 0) * 100) / 100;
  out.inits = inits.slice(0, 12);
}
if (warm) {
  out.kinds = {};
  for (const [kind, requests] of Object.entries(kinds)) {
    for (let i = 0; i < 20; i++) await request(requests[i % requests.length].path); // warm-up
    const times = [];
    for (let i = 0; i < amount[kind]; i++) {
      const t = performance.now();
      await request(requests[i % requests.length].path);
      times.push(performance.now() - t);
    }
    out.kinds[kind] = percentiles(times);
  }
}
if (sustained) {
  // 8 blocks, or 60 s: a leaking heap makes every request slower as the
  // collector runs against the Worker's memory limit.
  const requests = kinds.png;
  const start = performance.now();
  let served = 1;
  out.sustained = [];
  while (out.sustained.length < 8 && performance.now() - start < 60_000) {
    const times = [];
    while (times.length < 1000 && performance.now() - start < 60_000) {
      const t = performance.now();
      await request(requests[served++ % requests.length].path);
      times.push(performance.now() - t);
    }
    out.sustained.push({ served, ...percentiles(times), wasm_bytes: instance.exports.mem.buffer.byteLength });
  }
}
process.stdout.write(JSON.stringify(out) + "\n");
process.exit(0); // Go waits forever for the next request
