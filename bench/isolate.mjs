// Runs the Worker's .wasm in Node's V8 (workerd's engine) the way
// worker/entry.mjs runs it in an isolate: compile the module, instantiate
// it and run Go's initialisation and main up to its select {} (in
// workerd, global scope) and its warm-up, then answer requests by calling
// the handleRequest syumai/workers registered (a Request in, a promise of
// the Response out), one at a time. No HTTP and no workerd: what is left
// is Go in WebAssembly and the package's conversions, the cost a request
// pays in CPU. Run it in a fresh process per start-up sample: V8 keeps
// nothing between processes.
//
// Usage: node isolate.mjs build/worker [--cold] [--inittrace] [--endpoints N] [--heavy N]
//   [--images NAME=DIR]... [--cpu-ms MS] [--only REGEXP] [--gogc N|off] [--gctrace] [--sustained]
// Prints JSON: {compile_ms, start_ms, warm_ms, first_request_ms,
// random_while_loading}, the start without warm-up with --cold;
// with --inittrace the init table (Go's GODEBUG=inittrace=1, which slows
// start-up a little itself); with --endpoints N the p50/p90/p99 of N calls
// to each endpoint of endpoint-list.mjs, and with --heavy N of each heavy
// one (decode and inspect of the pictures of each --images set, batches,
// a sheet); --cpu-ms passes QR_CPU_MS in the Worker's env (0: no limit) for
// a Worker that sizes work to a plan, and each endpoint's figures count the
// answers it refused (a 4xx, or an MCP tool's isError) apart; --only keeps
// the endpoints whose name matches REGEXP (a quick look at a few); --gogc
// sets Go's GOGC in place of the Worker's own (worker/serve_js.go);
// --gctrace counts Go's collections (GODEBUG=gctrace=1) in each call, and
// each endpoint's figures say in how many calls one ran and the mean time
// of those calls and of the others; with --sustained the WebAssembly
// memory and p50 over 8,000 PNG requests.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { percentiles } from "./requests.mjs";
import { endpoints, heavy } from "./endpoint-list.mjs";

const dir = path.resolve(process.argv[2]);
const flag = (name) => process.argv.includes(name);
const value = (name) => Number(process.argv[process.argv.indexOf(name) + 1]);
await import(pathToFileURL(path.join(dir, "wasm_exec.js")));
const bytes = fs.readFileSync(path.join(dir, "app.wasm"));
const since = (t) => Math.round((performance.now() - t) * 100) / 100;

let t = performance.now();
const mod = new WebAssembly.Module(bytes);
const compile_ms = since(t);

const go = new globalThis.Go();
go.env = {};
if (flag("--gogc")) go.env.GOGC = process.argv[process.argv.indexOf("--gogc") + 1];
const godebug = [flag("--inittrace") && "inittrace=1", flag("--gctrace") && "gctrace=1"].filter(Boolean);
if (godebug.length) go.env.GODEBUG = godebug.join(",");
const inits = [];
let collections = 0; // Go's collections so far, with --gctrace
const log = console.log; // wasm_exec.js writes Go's stderr through console.log
console.log = (line) => {
  for (const l of String(line).split("\n")) {
    const m = /^init (\S+) @[\d.]+ ms, ([\d.]+) ms clock, (\d+) bytes, (\d+) allocs/.exec(l);
    if (m) inits.push({ pkg: m[1], ms: +m[2], bytes: +m[3], allocs: +m[4] });
    else if (/^gc \d+ @/.test(l)) collections++;
    else if (l) log(l);
  }
};
// As entry.mjs starts it, counting the calls for random bytes Go makes
// while the module loads, which workerd answers from the build's seed.
let loading = true;
const random_while_loading = [];
const { start, generator } = await import(pathToFileURL(path.join(dir, "start.mjs")));
const fake = generator(btoa("x".repeat(32)), Date.now());
t = performance.now();
// env: no variables but QR_CPU_MS, as on workerd alone
const env = {};
if (process.argv.includes("--cpu-ms")) env.QR_CPU_MS = String(value("--cpu-ms"));
const state = start(mod, go, env, (out) => { random_while_loading.push(out.length); fake(out); }, () => loading);
const start_ms = since(t);
t = performance.now();
if (!flag("--cold")) state.binding.warm();
const warm_ms = since(t);
loading = false;
const handle = state.binding.handleRequest;
const instance = { exports: { mem: state.memory } };

// request answers req and reads the answer's body: the bytes. A 5xx is
// a failure of the run; a 4xx (a plan's refusal) is counted by the caller,
// as is an MCP tool's refusal (a 200 with isError; refusedTool).
let status = 200;
async function request(req) {
  let r;
  if (typeof req === "string") r = new Request(`http://127.0.0.1${req}`);
  else if (req.post) r = new Request("http://127.0.0.1/api/mcp", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(req.post) });
  else r = new Request(`http://127.0.0.1${req.path}`, { method: req.method, headers: { "content-type": req.type }, body: req.body });
  const res = await handle(r);
  const body = new Uint8Array(await res.arrayBuffer());
  status = res.status;
  if (res.status >= 500) throw new Error(`${typeof req === "string" ? req : req.path ?? req.post.params?.name}: ${res.status} ${new TextDecoder().decode(body).slice(0, 300)}`);
  return body;
}

// images reads the --images sets: NAME=DIR, every .png and .jpg in DIR.
function images() {
  const sets = {};
  process.argv.forEach((a, i) => {
    if (a !== "--images") return;
    const [name, d] = process.argv[i + 1].split("=");
    sets[name] = fs.readdirSync(d).filter((f) => /\.(png|jpe?g)$/i.test(f)).sort().map((f) => fs.readFileSync(path.join(d, f)));
  });
  return sets;
}

// refusedTool reports whether an MCP answer is a tool's refusal: the
// result's isError.
const refusedTool = (body) => new TextDecoder().decode(body).includes('"isError":true');

const mean = (a) => (a.length ? Math.round((a.reduce((x, y) => x + y, 0) / a.length) * 1000) / 1000 : null);

// timed runs n calls of each endpoint of list: p50/p90/p99 of all, and
// how many the service refused with a 4xx and their p99.
async function timed(list, n) {
  const out = {};
  if (flag("--only")) list = list.filter(([name]) => new RegExp(process.argv[process.argv.indexOf("--only") + 1]).test(name));
  for (const [name, make] of list) {
    const times = [], refused = [], collected = [], clean = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now(), before = collections;
      const req = make(i);
      const body = await request(req);
      const ms = performance.now() - t;
      times.push(ms);
      (collections > before ? collected : clean).push(ms);
      if (status !== 200 || (req.post && refusedTool(body))) refused.push(ms);
    }
    out[name] = { ...percentiles(times), refused: refused.length, ...(refused.length ? { refused_p99: percentiles(refused).p99 } : {}) };
    if (flag("--gctrace")) Object.assign(out[name], { collected: collected.length, ms_collected: mean(collected), ms_clean: mean(clean) });
  }
  return out;
}

t = performance.now();
await request("/api/v1/qr?data=first");
const first_request_ms = since(t);

const out = { compile_ms, start_ms, warm_ms, first_request_ms, random_while_loading, wasm_raw: bytes.length };
if (inits.length) {
  inits.sort((a, b) => b.ms - a.ms);
  out.init_ms = Math.round(inits.reduce((s, i) => s + i.ms, 0) * 100) / 100;
  out.inits = inits.slice(0, 15);
}
if (flag("--endpoints")) {
  const types = JSON.parse(new TextDecoder().decode(await request("/api/v1/types")));
  const list = Object.entries(endpoints(types)).map(([name, make]) => [name, (i) => make(i % 8)]);
  // A round of every endpoint first: V8 recompiles a function optimised
  // once it has run enough, and the figures are of an isolate past that.
  for (let round = 0; round < 10; round++) for (const [, make] of list) await request(make(round));
  out.endpoints = await timed(list, value("--endpoints"));
}
if (flag("--heavy")) {
  const list = Object.entries(heavy(images()));
  for (let round = 0; round < 3; round++) for (const [, make] of list) await request(make(round));
  out.heavy = await timed(list, value("--heavy"));
}
if (flag("--sustained")) {
  // 8 blocks of 1,000: a leaking heap makes every request slower as the
  // collector runs against the Worker's memory limit.
  let served = 1;
  out.sustained = [];
  while (out.sustained.length < 8) {
    const times = [];
    while (times.length < 1000) {
      const t = performance.now();
      await request(`/api/v1/qr?data=${encodeURIComponent(`https://example.com/item/${served++ % 16}`)}`);
      times.push(performance.now() - t);
    }
    out.sustained.push({ served, ...percentiles(times), wasm_bytes: instance.exports.mem.buffer.byteLength });
  }
}
process.stdout.write(JSON.stringify(out) + "\n");
process.exit(0); // Go waits forever for the next request
