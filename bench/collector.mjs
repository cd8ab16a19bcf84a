// make collector: Go's collector settings side by side in the Worker's
// .wasm (bench/isolate.mjs, a fresh Node process per run): for each GOGC
// of --gogc, --rounds runs of every endpoint of endpoint-list.mjs, 200
// calls each, with Go's trace of its collections (GODEBUG=gctrace=1),
// runs of one round alternating between the settings so that a noisy
// minute of the machine falls on all of them. It writes the
// collector section of BENCHMARKS.md: per setting, how many endpoints
// have p99 over 10 ms (the free plan's CPU) and over 2.5x their p50, how
// many collections ran and what they cost the requests they landed in,
// and the figures of the endpoints that collect most.
//
// Usage (from the repository root, after make build):
//   node bench/collector.mjs [--gogc 100,200,400,off] [--rounds 2] [--md BENCHMARKS.md]
import { execFileSync } from "node:child_process";
import { parseArgs } from "node:util";
import { facts, sectionHeader } from "./report/header.mjs";
import { replaceSection } from "./sections.mjs";

const { values: opt } = parseArgs({
  options: {
    gogc: { type: "string", default: "100,200,400,off" },
    rounds: { type: "string", default: "2" },
    md: { type: "string", default: "BENCHMARKS.md" },
  },
});
const settings = opt.gogc.split(",");
const rounds = Number(opt.rounds);
const run = facts();
const runs = Object.fromEntries(settings.map((g) => [g, []]));
for (let r = 0; r < rounds; r++) {
  for (const g of settings) {
    process.stderr.write(`collector: GOGC ${g}, round ${r + 1} of ${rounds}\n`);
    const out = execFileSync("node", ["bench/isolate.mjs", "build/worker", "--endpoints", "200", "--gctrace", "--gogc", g], { encoding: "utf8", maxBuffer: 1 << 26 });
    runs[g].push(JSON.parse(out.trim().split("\n").at(-1)).endpoints);
  }
}

const ms = (x) => (x == null ? "–" : x < 10 ? x.toFixed(2) : x.toFixed(1));
const table = (head, rows) => [head, head.map(() => "---"), ...rows].map((r) => `| ${r.join(" | ")} |`).join("\n");
// summary of one run: endpoints over the limits, collections, and the
// time the calls that collected took over the mean of those that did not.
function summary(e) {
  const v = Object.values(e);
  const cost = v.reduce((s, x) => s + (x.collected && x.ms_clean != null ? x.collected * (x.ms_collected - x.ms_clean) : 0), 0);
  return { over10: v.filter((x) => x.p99 > 10).length, tails: v.filter((x) => x.p99 > 2.5 * x.p50).length, n: v.length, calls: v.reduce((s, x) => s + x.n, 0), collections: v.reduce((s, x) => s + x.collected, 0), cost };
}
const per = (g, f) => runs[g].map((e) => f(summary(e))).join(", ");
const first = runs[settings[0]][0];
const busiest = Object.entries(first).sort((a, b) => b[1].collected - a[1].collected).slice(0, 4).map(([k]) => k);

const md = `${sectionHeader("make collector", "bench/collector.mjs", run)}
Every endpoint of bench/endpoint-list.mjs (${summary(first).n} of them), 200 calls each after a warm-up round, in the Worker's .wasm in Node
(\`node bench/isolate.mjs build/worker --endpoints 200 --gctrace --gogc N\`), ${rounds} runs per setting, alternating; the Worker itself runs
with the setting of worker/serve_js.go. A call "collected" when Go's trace printed a collection during it; its cost is the time of those calls
over the mean of the others, summed. Figures per run, comma-separated.

${table(["GOGC", "endpoints with p99 over 10 ms", "p99 over 2.5x p50", "collections in all calls", "ms the collections cost"],
  settings.map((g) => [g, per(g, (s) => s.over10), per(g, (s) => s.tails), per(g, (s) => s.collections), per(g, (s) => Math.round(s.cost))]))}

The endpoints that collect most, in the first run of each setting: calls that collected of 200, mean ms of those calls and of the others, p90 / p99 ms.

${table(["endpoint", ...settings.map((g) => `GOGC ${g}`)],
  busiest.map((k) => [k, ...settings.map((g) => { const x = runs[g][0][k]; return `${x.collected}: ${ms(x.ms_collected)} / ${ms(x.ms_clean)}; ${ms(x.p90)} / ${ms(x.p99)}`; })]))}`;
replaceSection(opt.md, "collector", md);
process.stderr.write(`collector: wrote the collector section of ${opt.md}\n`);
