// make soak: one workerd process (workerd alone, as Cloudflare runs the
// Worker) answers 100,000 requests one after another over keep-alive
// HTTP, a mix that cycles through ten kinds: PNG plain and styled, SVG,
// two typed kinds (wifi nopass, upi), verify, decode (a small PNG fetched
// from the server first), a batch of 5 (base64: what fits the free plan's 10 ms), an MCP tools/call
// (qr_generate) and an MCP notification (202, no body). Every 5,000
// requests it records the Worker's memory (GET /api/v1/health:
// wasm_bytes, go_heap_bytes), workerd's resident memory (VmRSS) and the
// block's p50/p99. Then the plain JavaScript Worker answers as many GETs,
// measured the same way: the floor of workerd's own memory.
//
// Usage (from the repository root, after make build):
//   node bench/soak.mjs [--requests 100000] [--block 5000] [--hello 100000] [--out build/soak] [--md BENCHMARKS.md]
// Writes OUT/soak.json and OUT/workerd*.log, and the Soak section of the
// --md file (--md '' leaves it alone).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { percentiles } from "./requests.mjs";
import { health, legitimate, samplePNG, send } from "./mix.mjs";
import { facts, sectionHeader } from "./report/header.mjs";
import { replaceSection } from "./sections.mjs";
import { startWorkerd, waitUp } from "./workerd.mjs";

const { values: opt } = parseArgs({
  options: {
    requests: { type: "string", default: "100000" },
    block: { type: "string", default: "5000" },
    hello: { type: "string", default: "100000" },
    out: { type: "string", default: "build/soak" },
    md: { type: "string", default: "BENCHMARKS.md" },
    strict: { type: "boolean", default: false },
    render: { type: "string" },
  },
});
const total = Number(opt.requests), blockSize = Number(opt.block), helloTotal = Number(opt.hello);
const out = opt.out;
const log = (s) => process.stderr.write(`soak: ${s}\n`);
const started = Date.now();
const mib = (b) => (b / 2 ** 20).toFixed(2);
const ms = (x) => (x < 1 ? x.toFixed(3) : x < 10 ? x.toFixed(2) : x < 100 ? x.toFixed(1) : x.toFixed(0));
const int = (n) => Math.round(n).toLocaleString("en-US");

// soak runs n requests from makeNext against server, recording a block
// every blockSize requests.
async function soak(server, n, next, withHealth) {
  const blocks = [];
  const errors = { total: 0, by: {}, samples: [] };
  let maxRss = server.rss();
  const sampler = setInterval(() => (maxRss = Math.max(maxRss, server.rss())), 1000);
  let times = [], perKind = {}, blockErrors = 0, t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const [name, kind, req] = next(i);
    const [dt, err] = await send(server.url, req, kind);
    times.push(dt);
    (perKind[name] ??= []).push(dt);
    if (err) {
      blockErrors++;
      errors.total++;
      errors.by[name] = (errors.by[name] ?? 0) + 1;
      if (errors.samples.length < 20) errors.samples.push({ request: i + 1, kind: name, error: err });
    }
    if ((i + 1) % blockSize === 0 || i + 1 === n) {
      const secs = (performance.now() - t0) / 1000;
      const b = { served: i + 1, ...percentiles(times), errors: blockErrors, rps: Math.round(times.length / secs), rss: server.rss() };
      if (withHealth) {
        const h = await health(server.url);
        Object.assign(b, { wasm_bytes: h.memory?.wasm_bytes, go_heap_bytes: h.memory?.go_heap_bytes, instance: h.instance, server_requests: h.requests });
        b.kinds = Object.fromEntries(Object.entries(perKind).map(([k, v]) => [k, percentiles(v).p50]));
      }
      maxRss = Math.max(maxRss, b.rss);
      blocks.push(b);
      log(`${server.name} ${int(b.served)}: p50 ${ms(b.p50)} ms, p99 ${ms(b.p99)} ms, ${b.rps}/s, rss ${mib(b.rss)} MiB${withHealth ? `, wasm ${mib(b.wasm_bytes)} MiB, go heap ${mib(b.go_heap_bytes)} MiB` : ""}, errors ${blockErrors} (${Math.round((Date.now() - started) / 1000)} s)`);
      times = [];
      perKind = {};
      blockErrors = 0;
      t0 = performance.now();
    }
  }
  clearInterval(sampler);
  return { blocks, errors, max_rss: maxRss };
}

// ---- our Worker -------------------------------------------------------------

// measure runs the soak and returns its result (as soak.json holds it).
async function measure() {
  fs.mkdirSync(out, { recursive: true });
  execFileSync(process.execPath, ["bench/workerd-config.mjs", out], { stdio: "inherit" });
  const result = { requests: total, block: blockSize, date: new Date().toISOString(), machine: `${os.cpus()[0]?.model ?? "?"}, ${os.cpus().length} cores`, node: process.version, run: facts() };
  {
    const server = await startWorkerd(path.join(out, "workerd.capnp"), path.join(out, "workerd.log"));
    server.name = "worker";
    try {
      await waitUp(server, "/api/v1/health");
      const first = await health(server.url);
      const png = await samplePNG(server.url);
      const list = Object.entries(legitimate(png));
      result.kinds = list.map(([name, k]) => ({ name, status: k.status }));
      result.start = { wasm_bytes: first.memory?.wasm_bytes, go_heap_bytes: first.memory?.go_heap_bytes, rss: server.rss(), instance: first.instance };
      log(`workerd pid ${server.pid} on ${server.url}; ${int(total)} requests, a block every ${int(blockSize)}`);
      const t = performance.now();
      const r = await soak(server, total, (i) => {
        const [name, k] = list[i % list.length];
        return [name, k, k.make(i)];
      }, true);
      result.seconds = Math.round((performance.now() - t) / 100) / 10;
      Object.assign(result, r);
    } finally {
      await server.stop();
    }
    const lines = fs.readFileSync(path.join(out, "workerd.log"), "utf8").split("\n");
    result.log_lines = lines.filter(Boolean).length;
    result.hung_lines = lines.filter((l) => /hung/i.test(l));
    result.instances = [...new Set(result.blocks.map((b) => b.instance))];
  }

  // ---- the JavaScript Worker: workerd's own floor ---------------------------

  if (helloTotal > 0) {
    const server = await startWorkerd(path.join(out, "workerd-hello.capnp"), path.join(out, "workerd-hello.log"));
    server.name = "hello";
    try {
      await waitUp(server);
      const kind = { status: 200 };
      const start = server.rss();
      const t = performance.now();
      const r = await soak(server, helloTotal, () => ["hello", kind, { path: "/api/v1/health" }], false);
      result.hello = { requests: helloTotal, start_rss: start, seconds: Math.round((performance.now() - t) / 100) / 10, ...r };
    } finally {
      await server.stop();
    }
    const lines = fs.readFileSync(path.join(out, "workerd-hello.log"), "utf8").split("\n");
    result.hello.hung_lines = lines.filter((l) => /hung/i.test(l));
  }
  return result;
}

// --render FILE writes the section again from a soak.json, measuring nothing.
const result = opt.render ? JSON.parse(fs.readFileSync(opt.render, "utf8")) : await measure();
// The command, machine and commit of the run (a soak.json written before
// they were recorded says so rather than borrow today's).
const run = result.run ?? { date: result.date, machine: `${result.machine}, Node ${result.node}`, commit: { hash: "not recorded", dirty: false } };

// ---- verdicts -------------------------------------------------------------

const blocks = result.blocks;
const at = (served) => blocks.find((b) => b.served === served) ?? blocks[Math.floor(blocks.length / 2) - 1];
const half = at(result.requests / 2), last = blocks.at(-1), firstB = blocks[0];
const helloHalf = result.hello?.blocks.find((b) => b.served === half.served), helloLast = result.hello?.blocks.at(-1);
const grew = last.wasm_bytes - half.wasm_bytes;
result.verdicts = {
  errors: { ok: result.errors.total === 0, detail: `${result.errors.total} errors` },
  memory: { ok: grew < 2 * 2 ** 20, detail: `WebAssembly memory ${mib(half.wasm_bytes)} MiB after ${int(half.served)} requests, ${mib(last.wasm_bytes)} MiB after ${int(last.served)}: +${mib(grew)} MiB` },
  p50: { ok: last.p50 <= 1.2 * firstB.p50, detail: `p50 ${ms(firstB.p50)} ms in the first block, ${ms(last.p50)} ms in the last (${(((last.p50 / firstB.p50) - 1) * 100).toFixed(0)}%)` },
  hung: { ok: result.hung_lines.length === 0 && !(result.hello?.hung_lines.length), detail: result.hung_lines.length ? result.hung_lines.slice(0, 3).join(" / ") : "none" },
  one_instance: { ok: result.instances.length === 1, detail: `${result.instances.length} Go instance(s) answered health` },
};
if (!opt.render) fs.writeFileSync(path.join(out, "soak.json"), JSON.stringify(result, null, 1) + "\n");
log(`${opt.render ? `read ${opt.render}` : `wrote ${path.join(out, "soak.json")}`}; ${Object.entries(result.verdicts).map(([k, v]) => `${k}: ${v.ok ? "ok" : "FAILED"}`).join(", ")}`);

// ---- BENCHMARKS.md --------------------------------------------------------

const table = (head, rows) =>
  [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`, ...rows.map((r) => `| ${r.join(" | ")} |`)].join("\n");
const status = (ok) => (ok ? "meets" : "**misses**");
const helloBy = new Map((result.hello?.blocks ?? []).map((b) => [b.served, b]));
const md = `${sectionHeader("make soak", "bench/soak.mjs", run)} ${result.seconds} s for our Worker.
One workerd process (workerd alone, the configuration of bench/workerd-config.mjs) answers ${int(result.requests)} requests one after another over
keep-alive HTTP, cycling through ${result.kinds.length} kinds: ${result.kinds.map((k) => `${k.name} (${k.status})`).join(", ")}; the decode
sends a 128 px PNG the server made, the batch 5 items as base64 (10 would be refused at QR_CPU_MS=10), the MCP call is \`tools/call\` of \`qr_generate\`, the notification
\`notifications/initialized\`, which has no answer. After every ${int(result.block)}: the block's latency, \`GET /api/v1/health\` (the Worker's
WebAssembly memory and Go's live heap objects) and workerd's VmRSS. Beside it, the plain JavaScript Worker answering as many GETs in a
process of its own, workerd's own floor. An error is a 5xx, a network error or any status but the one expected.

${table(["target", "measured", ""], [
  ["no errors", `${int(result.errors.total)} of ${int(result.requests)}${result.errors.total ? `: ${Object.entries(result.errors.by).map(([k, n]) => `${k} ${n}`).join(", ")}; first: ${result.errors.samples[0].kind} at ${int(result.errors.samples[0].request)}, ${result.errors.samples[0].error}` : ""}`, status(result.verdicts.errors.ok)],
  [`the last ${int(last.served - half.served)} requests add under 2 MiB of WebAssembly memory`, result.verdicts.memory.detail, status(result.verdicts.memory.ok)],
  ["p50 flat: the last block's p50 at most 20% over the first's", result.verdicts.p50.detail, status(result.verdicts.p50.ok)],
  ["no workerd log line containing \"hung\"", `${result.hung_lines.length} (of ${result.log_lines} log lines)${result.hung_lines.length ? `: \`${result.hung_lines[0].slice(0, 160)}\`` : ""}`, status(result.verdicts.hung.ok)],
  ["one Go instance throughout", result.verdicts.one_instance.detail, status(result.verdicts.one_instance.ok)],
])}

${table(["requests served", "p50 ms", "p99 ms", "requests/s", "WebAssembly memory MiB", "Go heap MiB", "workerd RSS MiB", "errors", "JavaScript Worker: p50 ms", "its RSS MiB"],
  [["0 (started)", "", "", "", mib(result.start.wasm_bytes), mib(result.start.go_heap_bytes), mib(result.start.rss), "", "", result.hello ? mib(result.hello.start_rss) : ""],
    ...blocks.map((b) => {
      const h = helloBy.get(b.served);
      return [int(b.served), ms(b.p50), ms(b.p99), int(b.rps), mib(b.wasm_bytes), mib(b.go_heap_bytes), mib(b.rss), b.errors, h ? ms(h.p50) : "", h ? mib(h.rss) : ""];
    })])}

Peak workerd RSS (sampled every second): ${mib(result.max_rss)} MiB for our Worker${result.hello ? `, ${mib(result.hello.max_rss)} MiB for the JavaScript Worker` : ""}.
Over the last ${int(last.served - half.served)} requests workerd's RSS changed by ${mib(last.rss - half.rss)} MiB with our Worker${helloHalf && helloLast ? ` and by ${mib(helloLast.rss - helloHalf.rss)} MiB with the JavaScript Worker, which holds no WebAssembly: what RSS does beyond the WebAssembly memory is workerd's (and V8's) own` : ""}.
p50 by kind in the first and the last block (ms): ${Object.keys(firstB.kinds).map((k) => `${k} ${ms(firstB.kinds[k])} → ${ms(last.kinds[k])}`).join("; ")}.`;
if (opt.md) {
  replaceSection(opt.md, "soak", md);
  log(`updated the Soak section of ${opt.md}`);
}
// The verdicts are the report; --strict makes a missed one fail the run.
process.exit(process.argv.includes("--strict") && !Object.values(result.verdicts).every((v) => v.ok) ? 1 : 0);
