// Writes BENCHMARKS.md (stdout) and docs/bench-encode.svg from the files
// e2e/bench/run.sh collected. Every figure is a median over runs; every
// ratio compares figures of the same run.
// Usage: node report.mjs build/bench "$(go version)" > BENCHMARKS.md
import fs from "node:fs";
import os from "node:os";
import { amount } from "./requests.mjs";

const dir = process.argv[2];
const goVersion = (process.argv[3] ?? "").replace(/^go version /, "");
const read = (f) => fs.readFileSync(`${dir}/${f}`, "utf8");
const json = (f) => JSON.parse(read(f));
const jsonl = (f) => read(f).split("\n").filter(Boolean).map((l) => JSON.parse(l));
const exists = (f) => fs.existsSync(`${dir}/${f}`);

const median = (xs) => {
  const s = xs.filter((x) => x !== undefined && !Number.isNaN(x)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (x) => (Number.isNaN(x) ? "–" : x < 1 ? x.toFixed(3) : x < 10 ? x.toFixed(2) : x < 100 ? x.toFixed(1) : x.toFixed(0));
const x = (r) => (Number.isNaN(r) ? "–" : `${r < 0.1 ? r.toFixed(3) : r.toFixed(2)}x`);
const int = (n) => (Number.isNaN(n) ? "–" : Math.round(n).toLocaleString("en-US"));
const mib = (b) => (b / 2 ** 20).toFixed(2);
const status = (ok) => (ok ? "meets" : "**misses**");
const table = (head, rows) =>
  [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`, ...rows.map((r) => `| ${r.join(" | ")} |`)].join("\n");

const groups = ["url30", "wifi", "text300", "text1200"];
const groupLabel = { url30: "30-char URL", wifi: "wifi string", text300: "300-char text", text1200: "1200-char text", all: "all 20" };

// ---- encode ----------------------------------------------------------------

// byEncoder: "name|format" -> {name, format, ours, inputs: [{input, group, length, ms, bytes, ...}]}
function byEncoder(results) {
  const m = new Map();
  for (const r of results) {
    const key = `${r.encoder}|${r.format}`;
    const e = m.get(key) ?? { name: r.encoder, format: r.format, ours: r.ours, inputs: [] };
    e.inputs.push({ ...r, ms: median(r.ns_per_op) / 1e6 });
    m.set(key, e);
  }
  return m;
}
const pick = (e, g) => (g === "all" ? e.inputs : e.inputs.filter((i) => i.group === g));
const gms = (e, g) => median(pick(e, g).map((i) => i.ms));
const gbytes = (e, g) => median(pick(e, g).map((i) => i.bytes));

const encNative = byEncoder(json("encode-native.json"));
const encWasm = byEncoder(json("encode-wasm.json"));
const encNode = byEncoder(json("encode-node.json"));
const pngOf = (m) => [...m.values()].filter((e) => e.format === "png");
const ours = (m, f) => m.get(`ours|${f}`);
const goPeers = (m) => pngOf(m).filter((e) => !e.ours);
const fastest = (peers, g) => peers.reduce((a, b) => (gms(b, g) < gms(a, g) ? b : a));

function encodeTimeTable(m, extra = []) {
  const peers = goPeers(m);
  const us = ours(m, "png");
  const head = ["inputs", "ours", ...peers.map((p) => p.name), ...extra.map((e) => `${e.name} (JS)`), "ours ÷ fastest Go peer"];
  const rows = [...groups, "all"].map((g) => {
    const best = fastest(peers, g);
    return [groupLabel[g], `**${ms(gms(us, g))}**`, ...peers.map((p) => ms(gms(p, g))), ...extra.map((e) => ms(gms(e, g))),
      `${x(gms(us, g) / gms(best, g))} (${best.name})`];
  });
  return table(head, rows);
}

// PNG bytes are the same natively and in WebAssembly; the native run is the reference.
function bytesTable(m) {
  const peers = goPeers(m);
  const us = ours(m, "png");
  const head = ["inputs", "ours", ...peers.map((p) => p.name), "ours ÷ smallest peer", "ours ≤ smallest peer on"];
  const rows = [...groups, "all"].map((g) => {
    const smallest = peers.reduce((a, b) => (gbytes(b, g) < gbytes(a, g) ? b : a));
    const wins = pick(us, g).filter((i) => peers.every((p) => i.bytes <= p.inputs.find((q) => q.input === i.input).bytes)).length;
    return [groupLabel[g], `**${int(gbytes(us, g))}**`, ...peers.map((p) => int(gbytes(p, g))),
      `${x(gbytes(us, g) / gbytes(smallest, g))} (${smallest.name})`, `${wins} of ${pick(us, g).length}`];
  });
  return table(head, rows);
}

const usN = ours(encNative, "png");
const bestN = fastest(goPeers(encNative), "all");
const pngRatioNative = gms(usN, "all") / gms(bestN, "all");
const usW = ours(encWasm, "png");
const bestW = fastest(goPeers(encWasm), "all");
const pngRatioWasm = gms(usW, "all") / gms(bestW, "all");

const smallestOn = (input) => Math.min(...goPeers(encNative).map((p) => p.inputs.find((q) => q.input === input).bytes));
const byteWins = usN.inputs.filter((i) => i.bytes <= smallestOn(i.input)).length;

const svgN = ours(encNative, "svg");
const svgW = ours(encWasm, "svg");
const svgNode = encNode.get("node qrcode|svg");
const pngNode = encNode.get("node qrcode|png");
const svgRatios = svgN.inputs.map((i) => i.bytes / svgNode.inputs.find((q) => q.input === i.input).bytes);
const svgRatioMax = Math.max(...svgRatios);

const unread = [...encNative.values()].flatMap((e) => e.inputs.filter((i) => i.verified === false).map((i) => `${e.name} ${i.input}`));

// What a zlib level would trade for our PNGs: the lowest level at which
// every input is no larger than the smallest peer's.
const levels = usN.inputs[0].png?.levels?.map((l) => l.level) ?? [];
const levelRows = levels.map((level) => {
  const at = usN.inputs.map((i) => i.png.levels.find((l) => l.level === level));
  const wins = usN.inputs.filter((i, k) => at[k].bytes <= smallestOn(i.input)).length;
  return { level, bytes: median(at.map((a) => a.bytes)), ms: median(at.map((a) => a.ns / 1e6)), wins };
});
const enoughLevel = levelRows.find((l) => l.wins === usN.inputs.length);
// Compares our PNG's layout with the smallest peer's, from the files.
function pngCause() {
  const peer = goPeers(encNative).reduce((a, b) => (gbytes(b, "all") < gbytes(a, "all") ? b : a));
  const a = usN.inputs[0].png, b = peer.inputs[0].png;
  if (!a || !b) return "";
  const zlevel = ["fastest", "fast", "default", "best"];
  const layout = (p) => `${p.depth}-bit ${{ 0: "grey", 2: "RGB", 3: "palette", 4: "grey+alpha", 6: "RGBA" }[p.color_type] ?? "?"}`;
  const same = layout(a) === layout(b) && a.other === b.other;
  return `From the files: ${same ? `we and ${peer.name} both write ${layout(a)} PNGs with ${a.other} bytes around the pixels, so the difference is the pixel stream, ` : `ours is ${layout(a)} with ${a.other} bytes around the pixels, ${peer.name}'s ${layout(b)} with ${b.other}; `}compressed at zlib level "${zlevel[a.zlib_level]}" by us and "${zlevel[b.zlib_level]}" by ${peer.name}. `;
}

// ---- decode ----------------------------------------------------------------

const decNative = json("decode-native.json");
const decWasm = json("decode-wasm.json");
const decZx = json("decode-zxing.json");
const rowsOf = (res, decoder, set, cls) => res.filter((r) => r.decoder === decoder && r.set === set && (cls === undefined || r.class === cls));
const okCount = (rs) => rs.filter((r) => r.ok).length;
const decMs = (rs) => median(rs.map((r) => median(r.ms)));
const hardClasses = [...new Set(decNative.filter((r) => r.set === "hard").map((r) => r.class))];

function decodeRow(label, set, cls) {
  const on = rowsOf(decNative, "ours", set, cls), gn = rowsOf(decNative, "gozxing", set, cls);
  const ow = rowsOf(decWasm, "ours", set, cls), gw = rowsOf(decWasm, "gozxing", set, cls);
  const zx = rowsOf(decZx, "zxing-cpp", set, cls);
  const n = on.length;
  return [label, `**${okCount(on)}**/${n}`, `${okCount(gn)}/${n}`, `${okCount(zx)}/${n}`,
    `**${ms(decMs(on))}**`, ms(decMs(gn)), `**${ms(decMs(ow))}**`, ms(decMs(gw)), ms(decMs(zx)), x(decMs(ow) / decMs(zx))];
}
const decodeTable = table(
  ["images", "ours decoded", "gozxing", "zxing-cpp", "ours ms, native", "gozxing ms, native", "ours ms, wasm", "gozxing ms, wasm", "zxing-cpp ms (wasm)", "ours wasm ÷ zxing-cpp"],
  [
    decodeRow("clean set: our 512 px PNGs of the 20 inputs", "clean"),
    ...hardClasses.map((c) => decodeRow(`hard: ${c}`, "hard", c)),
    decodeRow(`hard set, all ${rowsOf(decNative, "ours", "hard").length}`, "hard"),
  ],
);
const hardOurs = okCount(rowsOf(decNative, "ours", "hard"));
const hardZx = okCount(rowsOf(decZx, "zxing-cpp", "hard"));
const hardGo = okCount(rowsOf(decNative, "gozxing", "hard"));
const hardN = rowsOf(decNative, "ours", "hard").length;
const trailClasses = hardClasses.filter((c) => okCount(rowsOf(decNative, "ours", "hard", c)) < okCount(rowsOf(decZx, "zxing-cpp", "hard", c)));
const leadClasses = hardClasses.filter((c) => okCount(rowsOf(decNative, "ours", "hard", c)) > okCount(rowsOf(decZx, "zxing-cpp", "hard", c)));
const wasmDiffers = decNative.filter((r) => r.decoder === "ours").filter((r) => decWasm.find((w) => w.decoder === "ours" && w.file === r.file)?.ok !== r.ok);

// ---- Worker ----------------------------------------------------------------

const native = json("native.json");
// workerd alone and wrangler dev ran a new process (session) per kind of
// request: merge them, keeping each start's first request.
const merged = (prefix) => {
  const runs = Object.keys(native.kinds).filter((k) => exists(`${prefix}-${k}.json`)).map((k) => json(`${prefix}-${k}.json`));
  return { first: runs.map((r) => r.first_ms), kinds: Object.assign({}, ...runs.map((r) => r.kinds)) };
};
const workerd = merged("workerd");
const wrangler = merged("wrangler");
const hello = exists("workerd-hello.json") ? json("workerd-hello.json") : null;
const cold = jsonl("coldstart.jsonl");
const inittrace = json("inittrace.json");
const isolate = json("isolate.json");
const kindLabel = {
  health: "`/api/v1/health` (no encoding: the floor)",
  png: "PNG `/api/v1/qr?data=…`",
  svg: "SVG `…&format=svg`",
  wifi: "typed `/api/v1/wifi?…`",
  verify: "`/api/v1/verify?data=…`",
};
const pct = (server, kind, c, p) => median(server?.kinds[kind]?.[c]?.map((r) => r[p]) ?? []);
const trio = (f) => {
  const v = ["p50", "p90", "p99"].map((p) => f(p));
  return v.every(Number.isNaN) ? "" : v.map(ms).join(" / ");
};
const latencyRows = [];
const latencyTargets = [];
for (const kind of Object.keys(native.kinds)) {
  for (const c of ["c1", "c16"]) {
    const n50 = pct(native, kind, c, "p50"), w50 = pct(workerd, kind, c, "p50");
    const limit = 2 * n50 + 1;
    const targeted = c === "c1" && kind !== "health";
    if (targeted) latencyTargets.push({ kind, n50, w50, limit, ok: w50 <= limit, wrangler: pct(wrangler, kind, c, "p50") });
    latencyRows.push([kindLabel[kind], c.slice(1),
      trio((p) => pct(native, kind, c, p)),
      `**${trio((p) => pct(workerd, kind, c, p))}**`,
      trio((p) => pct(wrangler, kind, c, p)),
      c === "c1" && isolate.kinds?.[kind] ? trio((p) => isolate.kinds[kind][p]) : "",
      targeted ? `${ms(limit)} (${status(w50 <= limit)})` : "",
      [native, workerd].map((srv) => int(median(srv.kinds[kind]?.[c]?.map((r) => r.rps) ?? []))).join(" / ")]);
  }
}
// Where the floor comes from: /api/v1/health at concurrency 1, one layer at a time.
const floor = {
  native: pct(native, "health", "c1", "p50"),
  hello: pct(hello, "health", "c1", "p50"),
  isolate: isolate.kinds?.health?.p50 ?? NaN,
  workerd: pct(workerd, "health", "c1", "p50"),
  wrangler: pct(wrangler, "health", "c1", "p50"),
};
const floorRows = [
  ["native server (`go build ./worker`)", floor.native, ""],
  ["workerd alone, a JavaScript Worker answering a constant (e2e/bench/workerd-config.mjs): workerd and loopback HTTP", floor.hello, `+${ms(floor.hello - floor.native)} over native`],
  ["the Worker's .wasm in Node through `handleRequest`, no HTTP: the JS/Go crossing (syumai/workers' request and response conversion) and our handler", floor.isolate, ""],
  ["workerd alone, the Worker", floor.workerd, `+${ms(floor.workerd - floor.hello)} over the JavaScript Worker`],
  ["`wrangler dev`, the Worker: wrangler's proxy worker, a second workerd, miniflare's entry worker and the asset router in front", floor.wrangler, `+${ms(floor.wrangler - floor.workerd)} over workerd alone`],
].map(([what, v, adds]) => [what, ms(v), adds]);
const failed = [["native", native], ["workerd", workerd], ["wrangler dev", wrangler]].flatMap(([name, srv]) =>
  Object.entries(srv.kinds).flatMap(([kind, cs]) => Object.entries(cs).map(([c, runs]) => [name, kind, c, runs.reduce((s, r) => s + (r.failed ?? 0), 0)])))
  .filter(([, , , n]) => n > 0);

// One isolate through many requests: latency and WebAssembly memory per block.
const sustained = exists("sustained.json") ? json("sustained.json").sustained ?? [] : [];
const sustainedRows = sustained.map((b) => [int(b.served), ms(b.p50), ms(b.p90), mib(b.wasm_bytes)]);
const leak = (() => {
  if (sustained.length < 3) return null;
  const [a, b] = [sustained[0], sustained.at(-1)];
  const perRequest = (b.wasm_bytes - a.wasm_bytes) / (b.served - a.served);
  return { perRequest, from: a, to: b, grows: b.wasm_bytes > 1.5 * a.wasm_bytes };
})();

// ---- editor ----------------------------------------------------------------

const editor = exists("editor.json") ? json("editor.json") : null;
const frame = 16;
const keyTarget = editor && ["plain", "styled_label"].every((k) => editor.keystroke_ms[k].median <= frame);
const editorGzipLimit = 1.5 * 2 ** 20;

// ---- sizes -----------------------------------------------------------------

const sizes = jsonl("sizes.jsonl");
const worker = sizes.find((s) => s.file === "build/worker/app.wasm");
const browser = sizes.filter((s) => s !== worker);
const ladder = Object.fromEntries(jsonl("ladder.jsonl").map((l) => [l.step, l]));
ladder.worker = { step: "worker", raw: worker.raw, gzip: worker.gzip };
const ladderSteps = [
  ["runtime", "", "Go runtime alone: an empty program (`sizes/runtime`)"],
  ["platform", "runtime", "syumai/workers + net/http serving a one-line handler (`sizes/platform`): any Go Worker's floor"],
  ["encode", "runtime", "core/qr + core/render, PNG and SVG, no HTTP (`sizes/encode`)"],
  ["decode", "encode", "+ core/scan with gozxing, and core/payload, which it uses (`sizes/decode`)"],
  ["nomcp", "decode", "the Worker without MCP (`./worker`, worker/mcp swapped for a stub by `-overlay`)"],
  ["worker", "nomcp", "the Worker (`./worker`): the difference is MCP"],
];
const ladderRows = ladderSteps.map(([step, base, label]) => {
  const s = ladder[step], b = ladder[base];
  if (!s || s.error) return [label, "not built", s?.error ? `\`${s.error.split("\n").find((l) => l && !l.startsWith("#")) ?? "error"}\`` : "", ""];
  return [label, `${int(s.raw)} (${mib(s.raw)} MiB)`, `${int(s.gzip)} (${mib(s.gzip)} MiB)`, b && !b.error ? `+${int(s.gzip - b.gzip)} over ${base}` : ""];
});
const mcpAdds = ladder.nomcp && !ladder.nomcp.error ? worker.gzip - ladder.nomcp.gzip : NaN;

const attr = json("attribution-worker.json");
const attrNoMCP = exists("attribution-nomcp.json") ? json("attribution-nomcp.json") : null;
const codeTotal = attr.sections.code;
const without = (g) => attrNoMCP?.groups.find((h) => h.group === g.group);
const attrTop = attr.groups.slice(0, 18);
const attrRest = attr.groups.slice(18);
const sum = (gs, f) => gs.reduce((s, g) => s + (f(g) ?? 0), 0);
const attrRow = (label, gs) => [label, int(sum(gs, (g) => g.code)), int(sum(gs, (g) => g.code_gzip)),
  attrNoMCP ? int(sum(gs, (g) => without(g)?.code_gzip ?? 0)) : "–",
  attrNoMCP ? int(sum(gs, (g) => g.code_gzip - (without(g)?.code_gzip ?? 0))) : "–",
  `${((100 * sum(gs, (g) => g.code)) / codeTotal).toFixed(1)}%`];
const attrRows = [
  ...attrTop.map((g) => attrRow(g.group, [g])),
  attrRow(`${attrRest.length} smaller groups`, attrRest),
  attrRow("**all code**", attr.groups),
];
const thirdParty = attr.groups.filter((g) => !g.group.startsWith("std:") && !g.group.startsWith("qrkeyless") && !g.group.startsWith("compiler"));
const mcpTop = attrNoMCP
  ? [...attr.groups].map((g) => ({ group: g.group, adds: g.code_gzip - (without(g)?.code_gzip ?? 0) })).sort((a, b) => b.adds - a.adds).slice(0, 5)
  : [];

// ---- profiles --------------------------------------------------------------

function pprofTop(f) {
  if (!exists(f)) return "(no profile)";
  const lines = read(f).split("\n");
  const start = lines.findIndex((l) => l.startsWith("Showing top"));
  return lines.slice(Math.max(0, start)).join("\n").trim();
}
// the heaviest functions of a profile by their own time: [{name, flat}]
function pprofHeaviest(f, n) {
  if (!exists(f)) return [];
  return read(f).split("\n")
    .map((l) => /^\s*[\d.]+m?s\s+([\d.]+)%\s+[\d.]+%\s+[\d.]+m?s\s+[\d.]+%\s+(.+?)( \(inline\))?$/.exec(l))
    .filter(Boolean).slice(0, n).map((m) => ({ name: m[2], flat: +m[1] }));
}
const shortFn = (name) => name.replace(/^github\.com\/makiuchi-d\//, "").replace(/^qrkeyless\//, "");

// ---- chart -----------------------------------------------------------------

function chart(panels) {
  const W = 470, H = 360, L = 56, R = 12, T = 34, B = 46;
  const colors = { ours: "#d62728", "skip2/go-qrcode": "#1f77b4", gozxing: "#2ca02c", "yeqown/go-qrcode": "#9467bd", "node qrcode": "#8c564b" };
  const all = panels.flatMap((p) => p.encoders.flatMap((e) => e.inputs));
  const lx = (v) => Math.log10(v);
  const x0 = lx(20), x1 = lx(2000);
  const ymin = Math.floor(Math.log10(Math.min(...all.map((i) => i.ms)))), ymax = Math.ceil(Math.log10(Math.max(...all.map((i) => i.ms))));
  const px = (v) => L + ((lx(v) - x0) / (x1 - x0)) * (W - L - R);
  const py = (v) => T + (1 - (Math.log10(v) - ymin) / (ymax - ymin)) * (H - T - B);
  let svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W * panels.length}" height="${H + 30}" font-family="sans-serif" font-size="11">\n<rect width="100%" height="100%" fill="#fff"/>\n`;
  panels.forEach((p, k) => {
    svg += `<g transform="translate(${k * W},0)">\n<text x="${L}" y="18" font-size="13" font-weight="bold">${p.title}</text>\n`;
    for (let e = ymin; e <= ymax; e++) {
      const v = 10 ** e;
      svg += `<line x1="${L}" x2="${W - R}" y1="${py(v)}" y2="${py(v)}" stroke="#ddd"/><text x="${L - 4}" y="${py(v) + 4}" text-anchor="end">${v >= 1 ? v : v.toFixed(-e)} ms</text>\n`;
    }
    for (const v of [30, 100, 300, 1000]) {
      svg += `<line x1="${px(v)}" x2="${px(v)}" y1="${T}" y2="${H - B}" stroke="#eee"/><text x="${px(v)}" y="${H - B + 14}" text-anchor="middle">${v}</text>\n`;
    }
    svg += `<text x="${(L + W - R) / 2}" y="${H - B + 32}" text-anchor="middle">input length (bytes), log scale</text>\n`;
    svg += `<rect x="${L}" y="${T}" width="${W - L - R}" height="${H - T - B}" fill="none" stroke="#999"/>\n`;
    for (const e of p.encoders) {
      const c = colors[e.name] ?? "#333";
      const pts = [...groups].map((g) => pick(e, g)).map((is) => [median(is.map((i) => i.length)), median(is.map((i) => i.ms))]);
      svg += `<polyline fill="none" stroke="${c}" stroke-width="2" points="${pts.map(([a, b]) => `${px(a).toFixed(1)},${py(b).toFixed(1)}`).join(" ")}"/>\n`;
      for (const i of e.inputs) svg += `<circle cx="${px(i.length).toFixed(1)}" cy="${py(i.ms).toFixed(1)}" r="2.5" fill="${c}" fill-opacity="0.6"/>\n`;
    }
    svg += "</g>\n";
  });
  const names = [...new Set(panels.flatMap((p) => p.encoders.map((e) => e.name)))];
  let lx0 = 56;
  for (const n of names) {
    const label = { ours: "ours (core/qr + core/render)", "node qrcode": "node qrcode (JavaScript)" }[n] ?? n;
    svg += `<rect x="${lx0}" y="${H + 10}" width="12" height="12" fill="${colors[n] ?? "#333"}"/><text x="${lx0 + 16}" y="${H + 20}">${label}</text>\n`;
    lx0 += 40 + 6.5 * label.length;
  }
  return svg + "</svg>\n";
}
fs.mkdirSync("docs", { recursive: true });
fs.writeFileSync(
  "docs/bench-encode.svg",
  chart([
    { title: "512 px PNG, level M, native", encoders: pngOf(encNative) },
    { title: "same, Go compiled to WebAssembly, in Node", encoders: [...pngOf(encWasm), pngNode] },
  ]),
);

// ---- reading ---------------------------------------------------------------

const reading = [];
const worstGroup = (m) => groups.reduce((a, g) => {
  const r = gms(ours(m, "png"), g) / gms(fastest(goPeers(m), g), g);
  return r > a.r ? { g, r } : a;
}, { g: "", r: 0 });
{
  const w = worstGroup(encNative);
  reading.push(`- **Encode, native.** Our 512 px PNG takes ${ms(gms(usN, "all"))} ms (median of the 20 inputs), ${x(pngRatioNative)} the fastest peer's ${ms(gms(bestN, "all"))} ms (${bestN.name}): the target of 0.35x ${pngRatioNative <= 0.35 ? "is met" : "is missed"}. Our closest group is ${groupLabel[w.g]} inputs, at ${x(w.r)}.`);
}
{
  const w = worstGroup(encWasm);
  reading.push(`- **Encode, WebAssembly.** ${ms(gms(usW, "all"))} ms against ${ms(gms(bestW, "all"))} ms for ${bestW.name}: ${x(pngRatioWasm)} (target 0.5x, ${pngRatioWasm <= 0.5 ? "met" : "missed"}); closest group ${groupLabel[w.g]}, ${x(w.r)}. node \`qrcode\` (plain JavaScript) takes ${ms(gms(pngNode, "all"))} ms for its PNG. WebAssembly costs us ${x(gms(usW, "all") / gms(usN, "all"))} our native time.`);
}
reading.push(
  byteWins === usN.inputs.length
    ? `- **PNG bytes.** Ours are no larger than the smallest peer's on all ${byteWins} inputs.`
    : `- **PNG bytes: we trail.** Ours are no larger than the smallest peer's on ${byteWins} of ${usN.inputs.length} inputs (median ${int(gbytes(usN, "all"))} bytes against ${int(gbytes(goPeers(encNative).reduce((a, b) => (gbytes(b, "all") < gbytes(a, "all") ? b : a)), "all"))}). ` +
        pngCause() +
        (enoughLevel
          ? `Recompressing our own pixel stream at level ${enoughLevel.level} makes every input no larger than the smallest peer's (median ${int(enoughLevel.bytes)} bytes) for ${ms(enoughLevel.ms)} ms more per image natively (measured here); level 9 costs ${ms(levelRows.at(-1).ms)} ms. This is core/render's to change (its PNG encoder's zlib writer).`
          : `No zlib level alone closes the gap (level 9: ${levelRows.at(-1)?.wins} of ${usN.inputs.length} inputs); the filters would have to change too.`),
);
{
  // bytes per horizontal run of dark modules, on the 1200-char inputs where
  // the path dominates the file
  const perRun = (e) => median(pick(e, "text1200").map((i) => i.bytes / svgN.inputs.find((q) => q.input === i.input).runs));
  const runs = svgN.inputs.every((i) => i.runs > 0);
  reading.push(
    svgRatioMax <= 0.8
      ? `- **SVG bytes.** At most ${x(svgRatioMax)} node \`qrcode\`'s on every input (target 0.8x).`
      : `- **SVG bytes: we trail the 0.8x target.** Ours are ${x(median(svgRatios))} node \`qrcode\`'s bytes (median; ${x(Math.min(...svgRatios))} to ${x(svgRatioMax)}; ${x(gbytes(svgN, "text1200") / gbytes(svgNode, "text1200"))} at 1200 chars).` +
          (runs ? ` On the 1200-char inputs the file is almost all path: ours spends ${perRun(svgN).toFixed(2)} bytes per horizontal run of dark modules, node \`qrcode\` ${perRun(svgNode).toFixed(2)}; 0.8x means ${(0.8 * perRun(svgNode)).toFixed(2)}, less than a relative move plus a line command (\`m2 0h3\` is 6), so it needs a different geometry, not shorter numbers (core/render's svg.go).` : ""),
  );
}
reading.push(
  `- **Decode.** On the hard set we decode ${hardOurs} of ${hardN}, zxing-cpp ${hardZx}, plain gozxing ${hardGo}` +
    (leadClasses.length ? `; we lead zxing-cpp on ${leadClasses.join(", ")}` : "") +
    (trailClasses.length ? ` and trail it on ${trailClasses.join(", ")}` : "") +
    `. Median time on the hard set: ${ms(decMs(rowsOf(decNative, "ours", "hard")))} ms native, ${ms(decMs(rowsOf(decWasm, "ours", "hard")))} ms in WebAssembly, against zxing-cpp's ${ms(decMs(rowsOf(decZx, "zxing-cpp", "hard")))} ms (also WebAssembly): ${x(decMs(rowsOf(decWasm, "ours", "hard")) / decMs(rowsOf(decZx, "zxing-cpp", "hard")))}.` +
    (wasmDiffers.length ? ` ${wasmDiffers.length} image(s) decode differently natively and in WebAssembly (the ladder's time budget runs out sooner in the slower runtime): ${wasmDiffers.map((r) => r.file).join(", ")}.` : "") +
    (() => {
      const slow = hardClasses.map((c) => ({ c, r: decMs(rowsOf(decWasm, "ours", "hard", c)) / decMs(rowsOf(decZx, "zxing-cpp", "hard", c)) })).sort((a, b) => b.r - a.r).slice(0, 2);
      const heavy = pprofHeaviest("ours-decode-top.txt", 4);
      const n = (d, c) => okCount(rowsOf(d === "zxing-cpp" ? decZx : decNative, d, "hard", c));
      return (slow.length ? ` In time we trail most on ${slow.map((s) => `${s.c} (${x(s.r)}; decoded: ours ${n("ours", s.c)}, zxing-cpp ${n("zxing-cpp", s.c)})`).join(" and ")}, where the ladder tries several prepared images, each a full pass of gozxing.` : "") +
        (heavy.length ? ` Profile of our decoder on the hard set (below): ${heavy.map((h) => `${shortFn(h.name)} ${h.flat.toFixed(0)}%`).join(", ")} of the time, by own time.` : "");
    })(),
);
{
  const missed = latencyTargets.filter((t) => !t.ok);
  const png = latencyTargets.find((t) => t.kind === "png");
  const compute = missed.filter((t) => isolate.kinds?.[t.kind]?.p50 > t.limit);
  reading.push(
    (missed.length === 0
      ? `- **Worker latency.** On workerd alone, warm p50 is within 2x native + 1 ms for every request kind at concurrency 1${png ? ` (PNG ${ms(png.w50)} ms against ${ms(png.limit)} ms)` : ""}.`
      : `- **Worker latency: we trail on ${missed.map((t) => t.kind).join(", ")}.** ${missed.map((t) => `${t.kind} ${ms(t.w50)} ms against ${ms(t.limit)} ms`).join("; ")} (p50 on workerd alone against 2x native + 1 ms; ${latencyTargets.filter((t) => t.ok).map((t) => t.kind).join(", ") || "no kind"} within it).`) +
      ` The floor, \`/api/v1/health\` at concurrency 1 (table below): ${ms(floor.native)} ms natively, ${ms(floor.hello)} ms for a JavaScript Worker on workerd (so workerd and loopback HTTP cost about what the native server does), ${ms(floor.workerd)} ms for our Worker on workerd: about ${ms(floor.workerd - floor.hello)} ms per request is the JS/Go crossing and our handler (${ms(floor.isolate)} ms in Node without HTTP).` +
      (compute.length ? ` ${compute.map((t) => `${t.kind} is the handler's own work: in Node, without HTTP, it already takes ${ms(isolate.kinds[t.kind].p50)} ms, ${x(isolate.kinds[t.kind].p50 / t.n50)} native`).join("; ")}, so only a faster handler in WebAssembly meets the target.` : "") +
      ` Through \`wrangler dev\`, as \`make dev\` and \`make test\` run the Worker, health takes ${ms(floor.wrangler)} ms${png ? ` and PNG ${ms(png.wrangler)} ms` : ""}: wrangler's proxy worker, a second workerd, miniflare's entry worker and the asset router add ${ms(floor.wrangler - floor.workerd)} ms to every request, which a deployed Worker does not pay.` +
      ` At concurrency 16 the Worker answers one request at a time (one Go instance per isolate; WebAssembly is single-threaded), so its latency there is queueing.`,
  );
}
if (leak) {
  const kib = leak.perRequest / 1024;
  reading.push(
    (leak.grows
      ? `- **One isolate over many requests: memory still grows.** In one isolate (Node, PNG requests one after another) the WebAssembly memory grows from ${mib(leak.from.wasm_bytes)} MiB after ${int(leak.from.served)} requests to ${mib(leak.to.wasm_bytes)} MiB after ${int(leak.to.served)}, about ${kib.toFixed(1)} KiB per request; p50 goes from ${ms(leak.from.p50)} ms to ${ms(leak.to.p50)} ms. A Worker isolate has 128 MB; whether this levels off below it takes a longer run than this one. `
      : `- **One isolate over many requests.** In one isolate (Node, PNG requests one after another) the WebAssembly memory is ${mib(leak.from.wasm_bytes)} MiB after ${int(leak.from.served)} requests and ${mib(leak.to.wasm_bytes)} MiB after ${int(leak.to.served)} (${kib.toFixed(1)} KiB per request); p50 ${ms(leak.from.p50)} ms, then ${ms(leak.to.p50)} ms. `) +
      `Every response leaves with a Content-Length (worker/sized.go), so syumai/workers v0.33.0 streams it through workerd's FixedLengthStream (a stand-in of it in Node) and not through a ReadableStream whose \`pull\` and \`cancel\` callbacks (\`js.FuncOf\`) are never released and hold a 16 KiB chunk buffer each (internal/jsutil/stream.go): measured before sized.go, that path grew the isolate by 20.4 KiB a request, from 38 to 122 MiB in 5,216 requests, with p50 going from 1.06 to 31.6 ms. An empty body (the 202 that answers an MCP notification) still takes that path, since syumai/workers uses FixedLengthStream only for a length above 0, and so does an event stream (the SSE answer of MCP, held open by mcp-go until it is read). workerd alone and \`wrangler dev\` still run a new process per kind of request here, so that no kind inherits another's heap.`,
  );
}
{
  const top = inittrace.inits?.slice(0, 3) ?? [];
  reading.push(
    `- **Cold start.** The Worker's first request on a new workerd process takes ${ms(median(workerd.first))} ms (median of ${workerd.first.length} starts; ${ms(median(wrangler.first))} ms through \`wrangler dev\`). In Node the same .wasm compiles in ${ms(median(cold.map((c) => c.compile_ms)))} ms, Go initialises to Ready in ${ms(median(cold.map((c) => c.ready_ms)))} ms and the first request takes ${ms(median(cold.map((c) => c.first_request_ms)))} ms. Package initialisation is ${ms(inittrace.init_ms)} ms of it, led by ${top.map((t) => `${t.pkg} (${ms(t.ms)} ms)`).join(", ")}.`,
  );
}
if (editor) {
  const k = editor.keystroke_ms, r = editor.render_ms, e = editor.wasm.editor;
  reading.push(
    `- **Editor.** editor.wasm is ${mib(e.gzip)} MiB gzip (target 1.5 MiB, ${e.gzip < editorGzipLimit ? "met" : "missed"}; ${mib(e.brotli)} MiB brotli, as Cloudflare serves it to browsers that ask). ` +
      `Navigation to the first code takes ${int(editor.first_code_ms.cold)} ms on a new profile and ${int(editor.first_code_ms.warm.median)} ms warm (median of ${editor.first_code_ms.warm.n}). ` +
      `A keystroke reaches the preview in ${ms(k.plain.median)} ms (median; p95 ${ms(k.plain.p95)}) on a plain code and ${ms(k.styled_label.median)} ms (p95 ${ms(k.styled_label.p95)}) with rounded modules and a caption: ` +
      (keyTarget ? "within one 60 Hz frame (16 ms)" : "**over one 60 Hz frame (16 ms)**") +
      (Math.max(k.plain.p95, k.styled_label.p95) > frame ? `, though the p95 is over it` : "") +
      `. One \`qrEditor.render\` call alone takes ${ms(r.plain.median)} / ${ms(r.styled_label.median)} ms; the rest is the page's work around it.`,
  );
}
{
  const top = thirdParty.slice(0, 4);
  reading.push(
    `- **Size.** The Worker is ${mib(worker.gzip)} MiB gzip: the 3.5 MiB target is ${worker.gzip < 3.5 * 2 ** 20 ? "met" : "missed"}, and Cloudflare's free plan (3 MiB) ${worker.gzip < 3 * 2 ** 20 ? "fits" : "does not fit"}.` +
      (Number.isNaN(mcpAdds) ? "" : ` MCP adds ${mib(mcpAdds)} MiB of it: without worker/mcp the Worker is ${mib(ladder.nomcp.gzip)} MiB${ladder.nomcp.gzip < 3 * 2 ** 20 ? ", inside the free plan" : ""}.${mcpTop.length ? ` What MCP brings, by code gzipped alone: ${mcpTop.map((g) => `${g.group} ${int(g.adds)}`).join(", ")} bytes.` : ""}`) +
      ` Any Go Worker starts at ${mib(ladder.platform?.gzip ?? NaN)} MiB (syumai/workers and net/http with a one-line handler; the Go runtime alone is ${mib(ladder.runtime?.gzip ?? NaN)} MiB). The largest third-party modules: ${top.map((g) => `${g.group} (${int(g.code_gzip)})`).join(", ")}.`,
  );
}
if (unread.length) {
  reading.push(`- **Read-back.** Plain gozxing could not read back ${unread.length} peer PNG(s): ${unread.join(", ")}. skip2 stretches the symbol to exactly 512 px by nearest-neighbour sampling, so its modules alternate between two widths. Their times still count.`);
}

// ---- styles ----------------------------------------------------------------

// styles-bench.txt is `go test -bench 'Style(PNG512|SVG)' -count N` of
// core/render: the 30-char URL at ec H, 512 px, per module style.
const styleBench = new Map(); // style -> {png: [ms], svg: [ms], bytes}
if (exists("styles-bench.txt")) {
  for (const line of read("styles-bench.txt").split("\n")) {
    const m = line.match(/^BenchmarkStyle(PNG512|SVG)\/(\S+?)(?:-\d+)?\s+\d+\s+([\d.]+) ns\/op(?:\s+([\d.]+) bytes)?/);
    if (!m) continue;
    const st = styleBench.get(m[2]) ?? { png: [], svg: [], bytes: NaN };
    (m[1] === "SVG" ? st.svg : st.png).push(Number(m[3]) / 1e6);
    if (m[4]) st.bytes = Number(m[4]);
    styleBench.set(m[2], st);
  }
}
// matrix.json is TestMatrix's tally (core/render/matrix_test.go).
const matrix = exists("matrix.json") ? json("matrix.json") : null;

// ---- the document ----------------------------------------------------------

const loadStart = json("load-start.json").start, loadEnd = json("load-end.json").end;
const fmtLoad = (l) => l.map((v) => v.toFixed(2)).join(", ");
const workerGzip = worker.gzip;

console.log(`# Benchmarks

Written by \`make bench\` (e2e/bench/run.sh, then e2e/bench/report.mjs) on ${new Date().toISOString().slice(0, 10)}. Do not edit by hand.

- Machine: ${os.cpus()[0]?.model ?? "unknown CPU"}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.platform()} ${os.arch()}; ${goVersion}, Node ${process.version}.
- Load average (1, 5, 15 min) at the start: ${fmtLoad(loadStart)}; at the end: ${fmtLoad(loadEnd)}. On a machine with ${os.cpus().length} cores, a load above ${os.cpus().length} means other work shared the CPU: absolute times then run high, ratios within one run hold better.
- Command: \`make bench\` from a clean checkout (it runs \`npm ci\` and \`make build\` first). Peer libraries live in their own module, e2e/bench/peers (\`qrkeyless/e2e/bench/peers\`), never in the service's go.mod.
- Method: every encoder gets the same 20 inputs (5 each of 30-char URLs, wifi strings, 300- and 1200-char texts), level M, a 4-module quiet zone, 512 px. Each figure is a median over 5 rounds (3 for decode and latency); a round runs each encoder for at least 30 ms, in an order that rotates between rounds, so load from elsewhere falls on all of them alike. A group's figure is the median of its inputs. WebAssembly figures come from the same Go program built with GOOS=js GOARCH=wasm and run by Go's wasm_exec_node.js in Node ${process.version}, after a warm-up.

## Targets

${table(["target", "measured", ""], [
  ["512 px PNG, native: at most 0.35x the fastest peer", `${ms(gms(usN, "all"))} ms vs ${ms(gms(bestN, "all"))} ms (${bestN.name}): ${x(pngRatioNative)}`, status(pngRatioNative <= 0.35)],
  ["512 px PNG, WebAssembly: at most 0.5x the fastest peer", `${ms(gms(usW, "all"))} ms vs ${ms(gms(bestW, "all"))} ms (${bestW.name}): ${x(pngRatioWasm)}`, status(pngRatioWasm <= 0.5)],
  ["PNG bytes no larger than the smallest peer's", `${byteWins} of ${usN.inputs.length} inputs`, status(byteWins === usN.inputs.length)],
  ["SVG bytes at most 0.8x node `qrcode`'s", `median ${x(median(svgRatios))}, worst ${x(svgRatioMax)}`, status(svgRatioMax <= 0.8)],
  ...latencyTargets.map((t) => [`workerd warm p50 within 2x native + 1 ms: ${t.kind}`, `${ms(t.w50)} ms vs ${ms(t.limit)} ms (through \`wrangler dev\`: ${ms(t.wrangler)} ms)`, status(t.ok)]),
  ["Worker .wasm under 3.5 MiB gzip (3 MiB: Cloudflare free plan)", `${mib(workerGzip)} MiB`, `${status(workerGzip < 3.5 * 2 ** 20)}${workerGzip < 3 * 2 ** 20 ? ", fits the free plan" : ", over the free plan's 3 MiB"}`],
  ...(editor
    ? [
        ["editor.wasm under 1.5 MiB gzip", `${mib(editor.wasm.editor.gzip)} MiB`, status(editor.wasm.editor.gzip < editorGzipLimit)],
        ["editor: keystroke to preview within one frame (16 ms), median", `${ms(editor.keystroke_ms.plain.median)} ms plain, ${ms(editor.keystroke_ms.styled_label.median)} ms rounded with a caption (p95 ${ms(editor.keystroke_ms.plain.p95)} / ${ms(editor.keystroke_ms.styled_label.p95)})`, status(keyTarget)],
      ]
    : [["editor (Chromium)", "not measured: no Chromium", ""]]),
])}

## Reading

${reading.join("\n")}

## Encode: 512 px PNG, level M, native

Milliseconds per image. ours = \`qr.Encode\` + \`render.PNG\`; skip2 = \`qrcode.Encode(text, qrcode.Medium, 512)\`;
gozxing = \`NewQRCodeWriter().Encode\` (512x512, margin 4) + \`image/png\`; yeqown = \`writer/standard\` with PNG output,
its module width and border chosen to make 512 px.

${encodeTimeTable(encNative)}

![encode time against input length](docs/bench-encode.svg)

## Encode: the same in WebAssembly (Node)

Milliseconds per image. node \`qrcode\` 1.5.4 (\`toBuffer\`, JavaScript, not WebAssembly) is shown for scale; the ratio compares Go peers built the same way.

${encodeTimeTable(encWasm, [pngNode])}

## PNG bytes

${bytesTable(encNative)}

node \`qrcode\`'s PNG: ${int(gbytes(pngNode, "all"))} bytes (median of the 20). PNG layout of the first input: ${pngOf(encNative).map((e) => `${e.name} ${e.inputs[0].png ? `${e.inputs[0].png.depth}-bit ${{ 0: "gray", 2: "RGB", 3: "palette", 6: "RGBA" }[e.inputs[0].png.color_type] ?? "?"}, zlib level field ${e.inputs[0].png.zlib_level}` : "?"}`).join("; ")}.

Our PNG's pixel stream recompressed at each zlib level (median over the 20 inputs; time natively, writer reused):

${table(["zlib level", "file bytes", "ms to compress", "inputs no larger than the smallest peer"], levelRows.map((l) => [l.level, int(l.bytes), ms(l.ms), `${l.wins} of ${usN.inputs.length}`]))}

## SVG

Ours: \`render.SVG\`. node \`qrcode\`: \`toString(text, {type: "svg", margin: 4, width: 512})\`. No Go peer writes SVG.

${table(["inputs", "ours ms, native", "ours ms, wasm", "node qrcode ms", "ours bytes", "node qrcode bytes", "ours ÷ node qrcode bytes"],
  [...groups, "all"].map((g) => [groupLabel[g], ms(gms(svgN, g)), ms(gms(svgW, g)), ms(gms(svgNode, g)), `**${int(gbytes(svgN, g))}**`, int(gbytes(svgNode, g)), x(gbytes(svgN, g) / gbytes(svgNode, g))]))}

## Decode

The clean set is our own 512 px PNG of each encode input; the hard set is \`hardset.Generate(1, 10)\` from core/scan/hardset, the decode issue's set,
written to PNG files so every decoder reads the same pixels. Decoded means every code in the image was found and nothing else.
ours = \`scan.Decode\` (its preparation ladder, default 1.5 s budget); gozxing = one pass of its multi QR reader, default hints;
zxing-cpp = npm zxing-wasm 3.1.4 \`readBarcodes\`, default options. Times exclude reading the PNG; median ms per image.

${decodeTable}

## Worker

Cold start, median of runs:

${table(["what", "ms", "runs"], [
  ["workerd alone: the first request of a new process, one per kind of request (an isolate's cold start: Go start-up and init, the request)", ms(median(workerd.first)), workerd.first.map(ms).join(", ")],
  ["`wrangler dev`: the first request after it prints Ready, one session per kind", ms(median(wrangler.first)), wrangler.first.map(ms).join(", ")],
  ["Node: `WebAssembly.compile` of build/worker/app.wasm", ms(median(cold.map((c) => c.compile_ms))), cold.map((c) => ms(c.compile_ms)).join(", ")],
  ["Node: instantiate + Go initialisation to `workers.Ready`", ms(median(cold.map((c) => c.ready_ms))), cold.map((c) => ms(c.ready_ms)).join(", ")],
  ["Node: then the first request through `handleRequest`", ms(median(cold.map((c) => c.first_request_ms))), cold.map((c) => ms(c.first_request_ms)).join(", ")],
])}

Slowest package initialisers in WebAssembly (one run with GODEBUG=inittrace=1, all packages together ${ms(inittrace.init_ms)} ms):

${table(["package", "init ms", "bytes allocated"], (inittrace.inits ?? []).slice(0, 8).map((i) => [i.pkg, ms(i.ms), int(i.bytes)]))}

Warm latency over loopback: autocannon 8 with exact per-request times; per run ${amount.png} requests at concurrency 1 and ${2 * amount.png} at 16
(verify ${amount.verify} and ${2 * amount.verify}), after a warm-up as long as a run; median of 3 runs. The native server is \`go build ./worker\`.
workerd is workerd alone (\`node_modules/.bin/workerd serve\` with the configuration e2e/bench/workerd-config.mjs writes from wrangler.toml), the runtime
Cloudflare runs, one new process per kind of request; the targets are measured there. \`wrangler dev\` is the same Worker behind wrangler's local proxy,
as \`make dev\` and \`make test\` serve it, at concurrency 1 only. "In the isolate" is the Worker's .wasm in Node answering through \`handleRequest\`
directly (e2e/bench/isolate.mjs): no HTTP, no workerd. Requests per second at 16 follow from the mean latency (Little's law).

${table(["request", "concurrency", "native p50 / p90 / p99 ms", "workerd p50 / p90 / p99 ms", "through `wrangler dev` ms", "in the isolate (Node) ms", "target: workerd p50 ≤", "requests/s native / workerd"], latencyRows)}
${failed.length ? `\n**Failed requests** (not counted in the percentiles): ${failed.map(([s, k, c, n]) => `${s} ${k} at ${c.slice(1)}: ${n}`).join("; ")}.\n` : ""}
Where the floor comes from: \`/api/v1/health\`, which encodes nothing, p50 at concurrency 1, one layer at a time.

${table(["server", "p50 ms", ""], floorRows)}

One isolate through many requests (e2e/bench/isolate.mjs --sustained, in Node): PNG requests one after another in blocks of 1,000
(at most 60 s), each block's latency and the WebAssembly memory after it. Go's heap only grows, so memory that levels off means nothing leaks.

${sustainedRows.length ? table(["requests served", "p50 ms", "p90 ms", "WebAssembly memory MiB"], sustainedRows) : "(not measured)"}

## Styles

${styleBench.size ? `Per module style (square eyes), the 30-char URL \`https://example.com/menu?t=123\` at ec H, 512 px, natively
(\`go test -bench 'Style(PNG512|SVG)' ./core/render\`, median of the runs):

${table(["style", "PNG ms", "SVG ms", "SVG bytes"], [...styleBench].map(([name, st]) => [name, ms(median(st.png)), ms(median(st.svg)), int(st.bytes)]))}` : "Not measured."}

${matrix ? `The decode matrix (\`TestMatrix\` in core/render): every style x eye x ec L/M/Q/H x 128, 256, 512 px x the two texts, ${int(matrix.combinations)}
combinations, each rendered to PNG and to SVG (rasterized by oksvg) and decoded clean with plain gozxing, then degraded like a camera
(resampled to ${matrix.camera_px_per_module} px a module with x/image's BiLinear, then a [1 2 1] blur) and decoded with plain gozxing and with
core/scan. "Scannable" is \`render.Scannable\` (size rules); "flagged" are the scannable ones that did not decode after degradation
and that \`scan.Verify\` reports as not scannable; "missed" are those Verify still calls scannable (PNG; SVG only).

${table(["style", "text", "combos", "scannable", "clean PNG", "clean SVG", "degraded PNG, gozxing", "degraded PNG, core/scan", "degraded SVG, core/scan", "flagged", "missed PNG / SVG only"],
  matrix.rows.map((r) => [r.style, `${r.text} chars`, r.combos, r.scannable, r.png, r.svg, r.cam_png, r.scan_png, r.scan_svg, r.flagged, `${r.missed_png} / ${r.missed_svg}`]))}` : ""}

## MCP

${exists("mcp-native.json") ? `The tool server at /api/mcp with the official TypeScript SDK as the client (e2e/bench/mcp.mjs), 50 of each after a warm-up, one at a time.
initialize is one raw JSON-RPC request; connect is the SDK's \`client.connect\` (initialize, then the initialized notification); qr_generate
is a call on an open client. The MCP server adds ${int(mcpAdds)} bytes gzip (${mib(mcpAdds)} MiB) to the Worker (the Worker without
worker/mcp: ${mib(ladder.nomcp?.gzip ?? NaN)} MiB; with it: ${mib(worker.gzip)} MiB).

${table(["request", "native p50 / p90 ms", "workerd alone p50 / p90 ms", "wrangler dev p50 / p90 ms"],
  [["initialize", "initialize"], ["SDK connect", "connect"], ["qr_generate", "generate"]].map(([label, k]) => [label,
    ...["mcp-native.json", "mcp-workerd.json", "mcp-wrangler.json"].map((f) => (exists(f) ? `${ms(json(f)[k].p50)} / ${ms(json(f)[k].p90)}` : "–"))]))}` : "Not measured."}

## Editor

${editor ? `The editor page in Chromium ${editor.chromium ?? ""} (headless, e2e/editor/measure.mjs), served by \`wrangler dev\` from build/site. First code: navigation
start to the app's \`qr:first-code\` mark on /wifi?ssid=Cafe&sec=nopass, on a new profile, then warm (10 loads). Keystroke: each key's input event to the
preview updated (the app's \`qr:keystroke\` measures), typing 30 characters into the SSID at 40 ms a key. Render: one \`qrEditor.render\` call alone (50 calls).

${table(["program", "raw bytes", "gzip -9 bytes", "brotli 11 bytes", "target"], [
  ["build/site/editor.wasm (the first code)", int(editor.wasm.editor.raw), `${int(editor.wasm.editor.gzip)} (${mib(editor.wasm.editor.gzip)} MiB)`, `${int(editor.wasm.editor.brotli)} (${mib(editor.wasm.editor.brotli)} MiB)`, `under 1.5 MiB gzip: ${status(editor.wasm.editor.gzip < editorGzipLimit)}`],
  ["build/site/verify.wasm (loaded after the first code)", int(editor.wasm.verify.raw), `${int(editor.wasm.verify.gzip)} (${mib(editor.wasm.verify.gzip)} MiB)`, `${int(editor.wasm.verify.brotli)} (${mib(editor.wasm.verify.brotli)} MiB)`, ""],
])}

${table(["what", "median ms", "p95 ms", "max ms", "n", "target"], [
  ["first code, new profile", int(editor.first_code_ms.cold), "", "", 1, ""],
  ["first code, warm", int(editor.first_code_ms.warm.median), int(editor.first_code_ms.warm.p95), int(editor.first_code_ms.warm.max), editor.first_code_ms.warm.n, ""],
  ...[["plain", "plain code"], ["styled_label", "rounded modules, circle eyes, colour and a caption"]].flatMap(([key, label]) => [
    [`keystroke to preview: ${label}`, ms(editor.keystroke_ms[key].median), ms(editor.keystroke_ms[key].p95), ms(editor.keystroke_ms[key].max), editor.keystroke_ms[key].n, `${frame} ms: ${status(editor.keystroke_ms[key].median <= frame)}`],
    [`one \`qrEditor.render\`: ${label}`, ms(editor.render_ms[key].median), ms(editor.render_ms[key].p95), ms(editor.render_ms[key].max), editor.render_ms[key].n, ""],
  ]),
])}` : "Not measured: no Chromium (`make chromium` installs it)."}

## Sizes

${table(["artifact", "raw bytes", "gzip -9 bytes", "target"], [
  ["Worker: build/worker/app.wasm", `${int(worker.raw)} (${mib(worker.raw)} MiB)`, `${int(worker.gzip)} (${mib(worker.gzip)} MiB)`, `under 3.5 MiB: ${status(worker.gzip < 3.5 * 2 ** 20)}`],
  ...(browser.length ? browser.map((b) => [`browser: ${b.file}`, `${int(b.raw)} (${mib(b.raw)} MiB)`, `${int(b.gzip)} (${mib(b.gzip)} MiB)`, ""]) : [["browser .wasm (build/site/*.wasm)", "not built yet", "", ""]]),
])}

What each part adds: ever larger programs built with the Worker's flags (\`GOOS=js GOARCH=wasm\`, \`-ldflags='-s -w' -trimpath\`);
the small ones are in e2e/bench/peers/sizes.

${table(["program", "raw bytes", "gzip -9 bytes", "adds (gzip)"], ladderRows)}

Where the Worker's code comes from. The Worker is linked again without \`-s\`, which keeps the name section naming the function behind
every code body; e2e/bench/wasmsize.mjs sums the bodies by module (\`go list -deps\` maps packages to modules; the standard library is
split by area) and gzips each group's bodies on their own, so the gzip columns are an estimate of each group's share. The same is done
for the Worker without MCP. Code is ${int(codeTotal)} of the Worker's ${int(attr.bytes)} bytes unstripped; the data section
(${int(attr.sections.data)} bytes: strings, tables, type data and the per-function tables) is not attributed.

${table(["code from", "code bytes", "gzip alone", "gzip alone, without MCP", "MCP adds", "share of code"], attrRows)}

## Where our time goes

CPU profiles natively (\`peers profile\`, then \`go tool pprof -top\`), PNG and then SVG of the 1200-char input, 2 s each:

\`\`\`
${pprofTop("ours-png-top.txt")}
\`\`\`

\`\`\`
${pprofTop("ours-svg-top.txt")}
\`\`\`

And our decoder (\`scan.Decode\`) over the hard set, natively, 3 s:

\`\`\`
${pprofTop("ours-decode-top.txt")}
\`\`\`
`);
