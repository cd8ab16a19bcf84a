import { targets } from "./targets.mjs";
import { exists, fs, int, json, jsonl, median, mib, ms } from "./lib.mjs";
// ---- Worker ----------------------------------------------------------------

export const native = json("native.json");
// workerd alone and wrangler dev ran a new process (session) per kind of
// request: merge them, keeping each start's first request.
export const merged = (prefix) => {
  const runs = Object.keys(native.kinds).filter((k) => exists(`${prefix}-${k}.json`)).map((k) => json(`${prefix}-${k}.json`));
  return { first: runs.map((r) => r.first_ms), kinds: Object.assign({}, ...runs.map((r) => r.kinds)) };
};
export const workerd = merged("workerd");
export const wrangler = merged("wrangler");
export const hello = exists("workerd-hello.json") ? json("workerd-hello.json") : null;

// Start-up. In Node (isolate.mjs, a fresh process each): compile, start
// (instantiate, Go's initialisation and main to ready), warm (entry.mjs's
// round of requests in global scope), then the first request; --cold skips
// the warm-up. On workerd alone (workerd-start.mjs): spawn to the first
// answer of our Worker and of a JavaScript Worker, alternately.
export const startup = jsonl("startup.jsonl");
export const startupCold = exists("startup-cold.jsonl") ? jsonl("startup-cold.jsonl") : [];
export const inittrace = json("inittrace.json");
export const wdStart = exists("workerd-start.json") ? json("workerd-start.json") : { ours: [], hello: [] };
export const loadToReady = startup.map((r) => r.compile_ms + r.start_ms + r.warm_ms);
export const wdOurs = wdStart.ours.map((r) => r.answer_ms), wdHello = wdStart.hello.map((r) => r.answer_ms);
// each start of ours less the JavaScript Worker's start that followed it
export const wdLoad = wdOurs.map((v, i) => v - (wdHello[i] ?? NaN));
export const wdFirst = wdStart.ours.map((r) => r.first_ms);
export const start = {
  compile: median(startup.map((r) => r.compile_ms)),
  start: median(startup.map((r) => r.start_ms)),
  warm: median(startup.map((r) => r.warm_ms)),
  loadToReady: median(loadToReady),
  firstNode: median(startup.map((r) => r.first_request_ms)),
  firstCold: median(startupCold.map((r) => r.first_request_ms)),
  wdLoad: median(wdLoad),
  wdFirst: median(wdFirst),
};
export const loadLimit = targets.LOAD_MS, firstLimit = targets.FIRST_REQUEST_MS, initLimit = targets.INIT_MS;
export const inits = inittrace.inits ?? [];
export const slowInits = inits.filter((i) => i.ms > initLimit);
export const runsOf = (xs) => xs.map(ms).join(", ");

// Per-endpoint CPU: the handler's time in the isolate (Node's V8, the
// request called synchronously: what a request costs in CPU) and over
// HTTP on workerd alone, one request at a time.
export const cpuLimit = targets.CPU_MS;
export const epIsolate = exists("endpoints-isolate.json") ? json("endpoints-isolate.json").endpoints ?? {} : {};
export const epWorkerd = exists("endpoints-workerd.json") ? json("endpoints-workerd.json") : {};
export const epNames = [...new Set([...Object.keys(epIsolate), ...Object.keys(epWorkerd)])];
export const epRows = epNames.map((name) => {
  const i = epIsolate[name], w = epWorkerd[name];
  return [name, ms(i?.p50 ?? NaN), ms(i?.p99 ?? NaN), ms(w?.p50 ?? NaN), ms(w?.p99 ?? NaN), i ? (i.p99 <= cpuLimit ? "yes" : "**no**") : "–"];
});
export const epOver = epNames.filter((n) => epIsolate[n] && epIsolate[n].p99 > cpuLimit).sort((a, b) => epIsolate[b].p99 - epIsolate[a].p99);
export const epWithin = epNames.filter((n) => epIsolate[n] && epIsolate[n].p99 <= cpuLimit);
export const epWorstWithin = epWithin.reduce((a, n) => (!a || epIsolate[n].p99 > epIsolate[a].p99 ? n : a), null);
export const epOverP50 = epOver.filter((n) => epIsolate[n].p50 > cpuLimit);
export const helloFloor = wdStart.hello_floor;

export const kindLabel = {
  health: "`/api/v1/health` (no encoding: the floor)",
  png: "PNG `/api/v1/qr?data=…`",
  svg: "SVG `…&format=svg`",
  wifi: "typed `/api/v1/wifi?…`",
  verify: "`/api/v1/verify?data=…`",
};
// the endpoint of endpoint-list.mjs closest to each kind of requests.mjs
export const kindEndpoint = { health: "health", png: "qr png", svg: "qr svg", wifi: "typed wifi", verify: "verify" };
export const pct = (server, kind, c, p) => median(server?.kinds[kind]?.[c]?.map((r) => r[p]) ?? []);
export const trio = (f) => {
  const v = ["p50", "p90", "p99"].map((p) => f(p));
  return v.every(Number.isNaN) ? "" : v.map(ms).join(" / ");
};
export const latencyRows = [];
for (const kind of Object.keys(native.kinds)) {
  for (const c of ["c1", "c16"]) {
    const iso = epIsolate[kindEndpoint[kind]];
    latencyRows.push([kindLabel[kind], c.slice(1),
      trio((p) => pct(native, kind, c, p)),
      `**${trio((p) => pct(workerd, kind, c, p))}**`,
      trio((p) => pct(wrangler, kind, c, p)),
      c === "c1" && iso ? trio((p) => iso[p]) : "",
      [native, workerd].map((srv) => int(median(srv.kinds[kind]?.[c]?.map((r) => r.rps) ?? []))).join(" / ")]);
  }
}
// Where the floor comes from: /api/v1/health at concurrency 1, one layer at a time.
export const floor = {
  native: pct(native, "health", "c1", "p50"),
  hello: pct(hello, "health", "c1", "p50"),
  isolate: epIsolate.health?.p50 ?? NaN,
  workerd: pct(workerd, "health", "c1", "p50"),
  wrangler: pct(wrangler, "health", "c1", "p50"),
};
export const floorRows = [
  ["native server (`go build ./worker`)", floor.native, ""],
  ["workerd alone, a JavaScript Worker answering a constant (bench/workerd-config.mjs): workerd and loopback HTTP", floor.hello, `+${ms(floor.hello - floor.native)} over native`],
  ["the Worker's .wasm in Node, `handleRequest` (syumai/workers) called directly, no HTTP: the package's way in and out of Go (with Node's Request and Response) and our handler", floor.isolate, ""],
  ["workerd alone, the Worker", floor.workerd, `+${ms(floor.workerd - floor.hello)} over the JavaScript Worker`],
  ["`wrangler dev`, the Worker: wrangler's proxy worker, a second workerd, miniflare's entry worker and the asset router in front", floor.wrangler, `+${ms(floor.wrangler - floor.workerd)} over workerd alone`],
].map(([what, v, adds]) => [what, ms(v), adds]);
export const failed = [["native", native], ["workerd", workerd], ["wrangler dev", wrangler]].flatMap(([name, srv]) =>
  Object.entries(srv.kinds).flatMap(([kind, cs]) => Object.entries(cs).map(([c, runs]) => [name, kind, c, runs.reduce((s, r) => s + (r.failed ?? 0), 0)])))
  .filter(([, , , n]) => n > 0);

// One isolate through many requests (isolate.mjs --sustained): latency and
// WebAssembly memory per block of 1,000 PNG requests.
export const sustained = exists("sustained.json") ? json("sustained.json").sustained ?? [] : [];
export const sustainedRows = sustained.map((b) => [int(b.served - 1), ms(b.p50), ms(b.p99), mib(b.wasm_bytes)]);
export const leak = (() => {
  if (sustained.length < 3) return null;
  const [a, b] = [sustained[0], sustained.at(-1)];
  const perRequest = (b.wasm_bytes - a.wasm_bytes) / (b.served - a.served);
  return { perRequest, from: a, to: b, grows: b.wasm_bytes - a.wasm_bytes >= 2 * 2 ** 20 };
})();

// The sections make soak and make load write, carried over from the
// BENCHMARKS.md this one replaces.
export const previous = process.argv[4] && fs.existsSync(process.argv[4]) ? fs.readFileSync(process.argv[4], "utf8") : "";

// The plan's CPU: every endpoint and the heavy requests in the isolate at
// QR_CPU_MS=10 (the free plan, as wrangler.toml ships) and with no limit
// (QR_CPU_MS=0), with how many the Worker refused, at once, with a 413
// (or an MCP tool error) that says what fits.
export function planSection() {
  const read = (f, key) => (exists(f) ? json(f)[key] ?? {} : {});
  const sets = [
    ["endpoints", read("endpoints-isolate.json", "endpoints"), read("endpoints-isolate-unlimited.json", "endpoints")],
    ["heavy", read("heavy-isolate-10.json", "heavy"), read("heavy-isolate-0.json", "heavy")],
  ];
  const rows = [];
  let over = 0, count = 0;
  for (const [, plan, free] of sets) {
    for (const name of Object.keys({ ...plan, ...free })) {
      const p = plan[name], f = free[name];
      count++;
      if (p && p.p99 > cpuLimit) over++;
      rows.push([name, ms(p?.p50 ?? NaN), ms(p?.p99 ?? NaN), p ? `${p.refused ?? 0} of ${p.n}` : "–", ms(f?.p50 ?? NaN), ms(f?.p99 ?? NaN)]);
    }
  }
  if (!count) return "Not measured in this run.";
  return `\`node bench/isolate.mjs build/worker --endpoints 200 --cpu-ms 10\` (and \`--cpu-ms 0\`), and \`--heavy 20\` with the real photos
(core/scan/testdata/photos) and the hard set: the Worker's .wasm in Node's V8, the handler called directly, so a request's
time is its CPU. At ${cpuLimit} ms the Worker charges each request's work before doing it (core/budget, docs/deploy.md "Plan")
and refuses what would not fit with a 413 whose fix fits; "refused" counts those (a 4xx, or an MCP tool's isError).
**${over} of ${count}** have a p99 over ${cpuLimit} ms at the ${cpuLimit} ms setting.

${table(["request", `p50 ms at ${cpuLimit} ms`, "p99 ms", "refused", "p50 ms, no limit", "p99 ms, no limit"], rows)}`;
}
