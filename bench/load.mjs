// make load: 60 s of mixed load at concurrency 32 on workerd alone (a
// fresh process for each run), twice: legitimate requests only, then with
// attacks interleaved (1 request in 10). The legitimate requests are those
// of make soak (mix.mjs: PNG plain and styled, SVG, wifi and upi, verify,
// decode of a small PNG, a batch of 5, MCP tools/call and notification);
// the attacks are internal/hostile's files (written by
// `go run ./bench/hostile`): finder grids (422), images over the
// Worker's pixel limit (413), a batch of 1,000 items at the most expensive
// style (413), and an MCP message nested 10,000 levels deep (400). An
// error is a 5xx, a network error (or no answer in 120 s) or any status
// but the one expected.
//
// Usage (from the repository root, after make build):
//   node bench/load.mjs [--seconds 60] [--concurrency 32] [--every 10]
//     [--hostile build/load/hostile] [--out build/load] [--md BENCHMARKS.md]
// Writes OUT/load.json and OUT/workerd-*.log, and the Load section of the
// --md file (--md '' leaves it alone).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { health, legitimate, samplePNG, send } from "./mix.mjs";
import { percentiles } from "./requests.mjs";
import { facts, sectionHeader } from "./report/header.mjs";
import { replaceSection } from "./sections.mjs";
import { startWorkerd, waitUp } from "./workerd.mjs";

const { values: opt } = parseArgs({
  options: {
    seconds: { type: "string", default: "60" },
    concurrency: { type: "string", default: "32" },
    every: { type: "string", default: "10" },
    hostile: { type: "string", default: "build/load/hostile" },
    out: { type: "string", default: "build/load" },
    md: { type: "string", default: "BENCHMARKS.md" },
    strict: { type: "boolean", default: false },
  },
});
const seconds = Number(opt.seconds), concurrency = Number(opt.concurrency), every = Number(opt.every);
const out = opt.out;
fs.mkdirSync(out, { recursive: true });
execFileSync(process.execPath, ["bench/workerd-config.mjs", out], { stdio: "inherit" });
const log = (s) => process.stderr.write(`load: ${s}\n`);
const mib = (b) => (b / 2 ** 20).toFixed(2);
const ms = (x) => (Number.isNaN(x) || x === undefined ? "–" : x < 1 ? x.toFixed(3) : x < 10 ? x.toFixed(2) : x < 100 ? x.toFixed(1) : x.toFixed(0));
const int = (n) => Math.round(n).toLocaleString("en-US");

// ---- the attacks ----------------------------------------------------------

const file = (name) => {
  const f = path.join(opt.hostile, name);
  if (!fs.existsSync(f)) throw new Error(`${f} is missing: run go run ./bench/hostile -out ${opt.hostile}`);
  return new Uint8Array(fs.readFileSync(f));
};
const image = (name, type) => () => ({ path: "/api/v1/decode", method: "POST", headers: { "content-type": type }, body: file(name) });
// 10,000 levels of arrays as the data argument of a tools/call
const deep = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "qr_generate", arguments: { data: "@" } } })
  .replace('"@"', "[".repeat(10000) + "1" + "]".repeat(10000));
const problem = (t) => t.includes('"status":');
const attacks = {
  "finder grid 24x24 (decode)": { make: image("finder-grid-24.png", "image/png"), status: 422, check: problem },
  "finder grid 60x60 (decode)": { make: image("finder-grid-60.png", "image/png"), status: 422, check: problem },
  "WebP 6000x6600 (decode)": { make: image("webp-6000x6600.webp", "image/webp"), status: 413, check: problem },
  "PNG 16-bit grey 6000x6600 (decode)": { make: image("png16-grey-6000x6600.png", "image/png"), status: 413, check: problem },
  "PNG 16-bit RGBA 6000x6600 (decode)": { make: image("png16-rgba-6000x6600.png", "image/png"), status: 413, check: problem },
  "PNG 8-bit 6000x6000 (decode)": { make: image("png8-6000x6000.png", "image/png"), status: 413, check: problem },
  "batch of 1,000, 4096 px organic": {
    make: () => ({ path: "/api/v1/qr/batch", method: "POST", headers: { "content-type": "application/json" }, body: file("batch-1000-base64.json") }),
    status: 413,
    check: problem,
  },
  "MCP message 10,000 levels deep": {
    make: () => ({ path: "/api/mcp", method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream" }, body: deep }),
    status: 400,
  },
};
// Read every file once before any run (a missing one stops here).
const attackList = Object.entries(attacks).map(([name, k]) => {
  const req = k.make();
  return [name, { ...k, make: () => req }];
});

// ---- one run --------------------------------------------------------------

async function run(name, withAttacks) {
  const server = await startWorkerd(path.join(out, "workerd.capnp"), path.join(out, `workerd-${name}.log`));
  try {
    await waitUp(server, "/api/v1/health");
    const png = await samplePNG(server.url);
    const legit = Object.entries(legitimate(png));
    const before = await health(server.url);
    const rssBefore = server.rss();
    let maxRss = rssBefore;
    const rssSamples = [];
    const sampler = setInterval(() => {
      const r = server.rss();
      rssSamples.push(r);
      maxRss = Math.max(maxRss, r);
    }, 1000);
    const records = []; // [class, kind, ms, error]
    let next = 0, legitN = 0, attackN = 0;
    const t0 = performance.now(), deadline = t0 + seconds * 1000;
    log(`${name}: workerd pid ${server.pid}, ${seconds} s at concurrency ${concurrency}${withAttacks ? `, 1 request in ${every} an attack` : ""}`);
    const client = async () => {
      while (performance.now() < deadline) {
        const i = next++;
        let cls, kindName, kind, req;
        if (withAttacks && i % every === every - 1) {
          [kindName, kind] = attackList[attackN++ % attackList.length];
          cls = "attack";
          req = kind.make();
        } else {
          const n = legitN++;
          [kindName, kind] = legit[n % legit.length];
          cls = "legitimate";
          req = kind.make(n);
        }
        const [dt, err] = await send(server.url, req, kind);
        records.push([cls, kindName, dt, err]);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, client));
    const elapsed = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    const after = await health(server.url);
    const rssAfter = server.rss();
    maxRss = Math.max(maxRss, rssAfter);
    const summary = (rs) => {
      const errors = rs.filter((r) => r[3]);
      return { ...percentiles(rs.map((r) => r[2])), errors: errors.length };
    };
    const result = {
      name,
      attacks: withAttacks,
      seconds: Math.round(elapsed * 10) / 10,
      requests: records.length,
      errors: records.filter((r) => r[3]).length,
      error_samples: records.filter((r) => r[3]).slice(0, 20).map(([c, k, t, e]) => ({ class: c, kind: k, ms: Math.round(t), error: e })),
      throughput: Math.round((records.length / elapsed) * 10) / 10,
      classes: {},
      kinds: {},
      memory: {
        wasm_before: before.memory?.wasm_bytes,
        wasm_after: after.memory?.wasm_bytes,
        go_heap_after: after.memory?.go_heap_bytes,
        rss_before: rssBefore,
        rss_after: rssAfter,
        rss_max: maxRss,
        rss_samples: rssSamples,
      },
      instances: [...new Set([before.instance, after.instance])],
    };
    for (const cls of ["legitimate", "attack"]) {
      const rs = records.filter((r) => r[0] === cls);
      if (rs.length) result.classes[cls] = { ...summary(rs), throughput: Math.round((rs.length / elapsed) * 10) / 10 };
    }
    for (const k of new Set(records.map((r) => r[1]))) {
      const rs = records.filter((r) => r[1] === k);
      result.kinds[k] = { class: rs[0][0], ...summary(rs) };
    }
    log(`${name}: ${int(result.requests)} requests in ${result.seconds} s (${result.throughput}/s), ${result.errors} errors; ` +
      Object.entries(result.classes).map(([c, s]) => `${c} p50 ${ms(s.p50)} ms p99 ${ms(s.p99)} ms`).join(", ") +
      `; wasm ${mib(result.memory.wasm_before)} → ${mib(result.memory.wasm_after)} MiB, RSS max ${mib(maxRss)} MiB`);
    return result;
  } finally {
    await server.stop();
    const lines = fs.readFileSync(path.join(out, `workerd-${name}.log`), "utf8").split("\n").filter(Boolean);
    if (lines.length) log(`${name}: workerd logged ${lines.length} lines, first: ${lines[0].slice(0, 200)}`);
  }
}

const runFacts = facts();
const result = {
  date: runFacts.date,
  machine: `${os.cpus()[0]?.model ?? "?"}, ${os.cpus().length} cores`,
  node: process.version,
  run: runFacts,
  seconds,
  concurrency,
  every,
  runs: [],
};
result.runs.push(await run("legitimate", false));
result.runs.push(await run("attacks", true));
for (const r of result.runs) {
  const lines = fs.readFileSync(path.join(out, `workerd-${r.name}.log`), "utf8").split("\n").filter(Boolean);
  r.log_lines = lines.length;
  r.hung_lines = lines.filter((l) => /hung/i.test(l));
}
fs.writeFileSync(path.join(out, "load.json"), JSON.stringify(result, null, 1) + "\n");
log(`wrote ${path.join(out, "load.json")}`);

// ---- BENCHMARKS.md --------------------------------------------------------

const table = (head, rows) =>
  [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`, ...rows.map((r) => `| ${r.join(" | ")} |`)].join("\n");
const [plain, hostile] = result.runs;
const cls = (r, c) => r.classes[c];
const cell = (r, c) => (cls(r, c) ? `${int(cls(r, c).n)}: ${ms(cls(r, c).p50)} / ${ms(cls(r, c).p99)}` : "–");
const allKinds = [...new Set(result.runs.flatMap((r) => Object.keys(r.kinds)))];
const md = `${sectionHeader("make load", "bench/load.mjs", runFacts)}
${seconds} s of requests from ${concurrency} concurrent clients (keep-alive fetch) on workerd alone, a fresh process for each run: once
legitimate requests only (the mix of \`make soak\`: ${Object.keys(legitimate(null)).join(", ")}), once with 1 request in ${every}
an attack from internal/hostile (\`go run ./bench/hostile\` writes the files), in turn: ${Object.entries(attacks).map(([n, a]) => `${n} (${a.status})`).join(", ")}.
An error is a 5xx, a network error (or no answer within 120 s) or any status but the one expected; attacks must be answered with
their 4xx. One isolate answers one request at a time, so at concurrency ${concurrency} latency is mostly queueing behind the others.

${table(["", "legitimate only", `with attacks (1 in ${every})`], [
  ["requests", int(plain.requests), int(hostile.requests)],
  ["errors (target 0)", `${plain.errors}${plain.errors ? " **misses**" : ""}`, `${hostile.errors}${hostile.errors ? " **misses**" : ""}`],
  ["throughput, requests/s", String(plain.throughput), `${hostile.throughput} (legitimate ${cls(hostile, "legitimate")?.throughput ?? "–"})`],
  ["legitimate: n: p50 / p99 ms", cell(plain, "legitimate"), cell(hostile, "legitimate")],
  ["attacks: n: p50 / p99 ms", "–", cell(hostile, "attack")],
  ["WebAssembly memory before → after, MiB", `${mib(plain.memory.wasm_before)} → ${mib(plain.memory.wasm_after)}`, `${mib(hostile.memory.wasm_before)} → ${mib(hostile.memory.wasm_after)}`],
  ["workerd RSS before → max (every second) → after, MiB", `${mib(plain.memory.rss_before)} → ${mib(plain.memory.rss_max)} → ${mib(plain.memory.rss_after)}`, `${mib(hostile.memory.rss_before)} → ${mib(hostile.memory.rss_max)} → ${mib(hostile.memory.rss_after)}`],
  ["workerd log lines containing \"hung\"", String(plain.hung_lines.length), String(hostile.hung_lines.length)],
])}
${result.runs.some((r) => r.errors) ? `\nErrors: ${result.runs.filter((r) => r.errors).map((r) => `${r.name}: ${r.error_samples.slice(0, 3).map((e) => `${e.kind} ${e.error}`).join("; ")}`).join(". ")}.\n` : ""}
Per kind of request, p50 / p99 ms (n):

${table(["request", "class", "legitimate only", "with attacks"], allKinds.map((k) => {
  const c = (r) => (r.kinds[k] ? `${ms(r.kinds[k].p50)} / ${ms(r.kinds[k].p99)} (${int(r.kinds[k].n)}${r.kinds[k].errors ? `, **${r.kinds[k].errors} errors**` : ""})` : "–");
  return [k, (plain.kinds[k] ?? hostile.kinds[k]).class, c(plain), c(hostile)];
}))}`;
if (opt.md) {
  replaceSection(opt.md, "load", md);
  log(`updated the Load section of ${opt.md}`);
}
process.exit(opt.strict && result.runs.some((r) => r.errors) ? 1 : 0);
