// Writes BENCHMARKS.md from the files e2e/bench/run.sh collected.
import fs from "node:fs";
import os from "node:os";

const dir = process.argv[2];
const read = (f) => fs.readFileSync(`${dir}/${f}`, "utf8");
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

// Go benchmark lines: name-N  iters  ns/op  bytes  B/op  allocs/op
const runs = {};
for (const line of read("go-bench.txt").split("\n")) {
  const m = line.match(/^Benchmark(\S+?)-\d+\s+\d+\s+([\d.]+) ns\/op\s+([\d.]+) bytes/);
  if (!m) continue;
  (runs[m[1]] ??= { ns: [], bytes: +m[3] }).ns.push(+m[2]);
}
const goRows = Object.entries(runs).map(([name, r]) => `| ${name.replace("Request/", "")} | ${(median(r.ns) / 1e6).toFixed(3)} | ${r.bytes} |`);

const native = JSON.parse(read("native.json"));
const workerd = JSON.parse(read("workerd.json"));
const raw = +read("wasm-raw.txt");
const gz = +read("wasm-gzip.txt");
const mib = (b) => (b / 1048576).toFixed(2);
const cpu = os.cpus()[0]?.model ?? "unknown";

console.log(`# Benchmarks

Written by \`make bench\` (e2e/bench/run.sh) on ${new Date().toISOString().slice(0, 10)}.
Machine: ${cpu}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.platform()} ${os.arch()}, Node ${process.version}.
Figures are medians; a second process may share the machine, so compare rows of the same run.

## Whole request through the handler, native (Go benchmarks)

\`go test -run '^$' -bench BenchmarkRequest -benchmem -count 5 ./worker/api\`: parameter parsing,
encoding, rendering and headers; 512 px; median of 5 runs.

| format/input | ms per request | response bytes |
|---|---|---|
${goRows.join("\n")}

## Latency over HTTP (node e2e/bench/latency.mjs, 200 sequential 512 px PNG requests)

| server | first request after start (ms) | p50 (ms) | p90 (ms) | p99 (ms) |
|---|---|---|---|---|
| native (\`go run ./worker\`) | ${native.first_ms} | ${native.p50_ms} | ${native.p90_ms} | ${native.p99_ms} |
| Worker on workerd (\`wrangler dev\`) | ${workerd.first_ms} | ${workerd.p50_ms} | ${workerd.p90_ms} | ${workerd.p99_ms} |

Target: workerd p50 within 2x native + 1 ms = ${(2 * native.p50_ms + 1).toFixed(2)} ms; measured ${workerd.p50_ms} ms.

## Sizes

| artifact | raw | gzip -9 |
|---|---|---|
| Worker .wasm (build/worker/app.wasm) | ${raw} B (${mib(raw)} MiB) | ${gz} B (${mib(gz)} MiB) |
`);
