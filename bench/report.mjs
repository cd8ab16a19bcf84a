// Writes BENCHMARKS.md (stdout) and docs/bench-encode.svg from the files
// bench/run.sh collected. Every figure is a median over runs; every
// ratio compares figures of the same run.
// Usage: node report.mjs build/bench "$(go version)" [BENCHMARKS.md] > new.md
// (the third argument: the file whose Soak and Load sections to keep)
import fs from "node:fs";
import os from "node:os";
import { amount } from "./requests.mjs";
import { block, section } from "./sections.mjs";

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
// The photo corpus (issue 20): per class, every decoder on the same files.
const photoClasses = [...new Set(decNative.filter((r) => r.set === "photo").map((r) => r.class))];
function photoRow(label, cls, nat = decNative, wasm = decWasm, zxj = decZx) {
  const on = rowsOf(nat, "ours", "photo", cls), gn = rowsOf(nat, "gozxing", "photo", cls);
  const ow = rowsOf(wasm, "ours", "photo", cls), zx = rowsOf(zxj, "zxing-cpp", "photo", cls), js = rowsOf(zxj, "jsQR", "photo", cls);
  const n = on.length;
  return [label, `**${okCount(on)}**/${n}`, `${okCount(gn)}/${n}`, `${okCount(zx)}/${n}`, `${okCount(js)}/${n}`,
    `${status(okCount(on) >= okCount(zx))}`, `**${ms(decMs(on))}**`, ms(decMs(gn)), `**${ms(decMs(ow))}**`, ms(decMs(zx)), ms(decMs(js)), ow.length ? x(decMs(ow) / decMs(zx)) : "–"];
}
const photoHead = ["class", "ours", "gozxing", "zxing-cpp", "jsQR", "ours ≥ zxing-cpp", "ours ms, native", "gozxing ms, native", "ours ms, wasm", "zxing-cpp ms", "jsQR ms", "ours wasm ÷ zxing-cpp"];
const photoTable = photoClasses.length ? table(photoHead,
  [...photoClasses.map((c) => photoRow(c, c)), photoRow(`all ${rowsOf(decNative, "ours", "photo").length}`)],
) : "";
// The held-out seed: the same classes, other pixels, never looked at
// while the ladder was built (natively only).
const heldNative = exists("heldout-native.json") ? json("heldout-native.json") : [];
const heldZx = exists("heldout-zxing.json") ? json("heldout-zxing.json") : [];
const heldTable = heldNative.length ? table(photoHead,
  [...photoClasses.map((c) => photoRow(c, c, heldNative, [], heldZx)), photoRow(`all ${rowsOf(heldNative, "ours", "photo").length}`, undefined, heldNative, [], heldZx)],
) : "";
// The real photos (core/scan/testdata/photos): scores on the pictures
// whose text another reader gave, those only ours reads apart.
const realNative = exists("real-native.json") ? json("real-native.json") : [];
const realWasm = exists("real-wasm.json") ? json("real-wasm.json") : [];
const realZx = exists("real-zxing.json") ? json("real-zxing.json") : [];
const realTurns = [["0", "as taken"], ["90", "turned 90°"]];
const realRows = (res, decoder, turn, ours = false) =>
  rowsOf(res, decoder, "real", turn).filter((r) => (r.source === "qrkeyless") === ours);
const realScore = (res, decoder, turn) => okCount(realRows(res, decoder, turn));
function realRow([turn, label]) {
  const on = realRows(realNative, "ours", turn), gn = realRows(realNative, "gozxing", turn);
  const ow = realRows(realWasm, "ours", turn), zx = realRows(realZx, "zxing-cpp", turn), js = realRows(realZx, "jsQR", turn);
  const all = (res, d) => rowsOf(res, d, "real", turn); // timing: every picture
  const own = (res, d) => `${okCount(realRows(res, d, turn, true))}/${realRows(res, d, turn, true).length}`;
  return [label, `**${okCount(on)}**/${on.length}`, `${okCount(gn)}/${on.length}`, `${okCount(zx)}/${on.length}`, `${okCount(js)}/${on.length}`,
    status(okCount(on) >= okCount(zx)), `${own(realNative, "ours")}, ${own(realNative, "gozxing")}, ${own(realZx, "zxing-cpp")}, ${own(realZx, "jsQR")}`,
    `**${ms(decMs(all(realNative, "ours")))}**`, ms(decMs(all(realNative, "gozxing"))), `**${ms(decMs(all(realWasm, "ours")))}**`,
    ms(decMs(all(realZx, "zxing-cpp"))), ms(decMs(all(realZx, "jsQR"))), x(decMs(all(realWasm, "ours")) / decMs(all(realZx, "zxing-cpp")))];
}
const realTable = realNative.length ? table(
  ["photos", "ours", "gozxing", "zxing-cpp", "jsQR", "ours ≥ zxing-cpp", "read only by ours (ours, gozxing, zxing-cpp, jsQR)", "ours ms, native", "gozxing ms, native", "ours ms, wasm", "zxing-cpp ms", "jsQR ms", "ours wasm ÷ zxing-cpp"],
  realTurns.map(realRow),
) : "";
// The pictures one of ours and zxing-cpp reads and the other does not.
const realDiff = (turn, a, b) => realRows(a[0], a[1], turn).filter((r) => r.ok && !realRows(b[0], b[1], turn).find((o) => o.file === r.file)?.ok)
  .map((r) => r.file.replace(/^real-/, "").replace(/-(0|90)\.png$/, ""));
const realDiffs = realNative.length ? realTurns.map(([turn, label]) => {
  const zOnly = realDiff(turn, [realZx, "zxing-cpp"], [realNative, "ours"]), oOnly = realDiff(turn, [realNative, "ours"], [realZx, "zxing-cpp"]);
  return `${label}: zxing-cpp reads ${zOnly.length ? zOnly.join(", ") : "nothing"} that we miss; we read ${oOnly.length ? oOnly.join(", ") : "nothing"} that it misses.`;
}).join(" ") : "";
// The rung table (core/scan TestRungTable).
const rungs = exists("rungs.json") ? json("rungs.json") : null;
const rungTable = rungs ? table(
  ["rung", "in the ladder", "reads alone", "ms an image, alone", "adds in the ladder", "images it is tried on", "ms spent on them", "added per ms"],
  rungs.rows.map((r) => [r.rung, r.in_ladder ? "yes" : "no (measured)", `${r.alone}/${rungs.images}`, ms(r.alone_ms),
    r.in_ladder ? `**${r.gain}**` : `(${r.gain})`, r.reached, ms(r.reached_ms), r.gain ? r.gain_per_ms.toFixed(3) : "0"]),
) : "";
const hardOurs = okCount(rowsOf(decNative, "ours", "hard"));
const hardZx = okCount(rowsOf(decZx, "zxing-cpp", "hard"));
const hardGo = okCount(rowsOf(decNative, "gozxing", "hard"));
const hardN = rowsOf(decNative, "ours", "hard").length;
const trailClasses = hardClasses.filter((c) => okCount(rowsOf(decNative, "ours", "hard", c)) < okCount(rowsOf(decZx, "zxing-cpp", "hard", c)));
const leadClasses = hardClasses.filter((c) => okCount(rowsOf(decNative, "ours", "hard", c)) > okCount(rowsOf(decZx, "zxing-cpp", "hard", c)));
const wasmDiffers = decNative.filter((r) => r.decoder === "ours").filter((r) => decWasm.find((w) => w.decoder === "ours" && w.file === r.file)?.ok !== r.ok);

// ---- verify ------------------------------------------------------------------

// The agreement set (core/scan TestWriteAgreementSet, e2e/agreement/agreement.mjs).
const agreement = exists("agreement.json") ? json("agreement.json") : null;
let verifySection = "";
if (agreement) {
  const a = agreement;
  const shotTable = table(["degradation (each in " + a.frames + " frames)", "zxing-cpp misses, of the codes called scannable", "pictures it misses", "jsQR misses"],
    Object.entries(a.scannable_unread_per_shot).map(([s, p]) => [s, `**${p.zxing_unread}**/${a.verify_scannable}`, `${p.zxing_unread_pictures}/${a.verify_scannable * a.frames}`, `${p.jsqr_unread}/${a.verify_scannable}`]));
  const versionTable = table(["versions", "codes", "called scannable", "zxing-cpp reads", "scannable, unread", "refused, read"],
    Object.entries(a.by_version).map(([v, r]) => [v, r.codes, r.scannable, r.zxing_reads, `**${r.broken}**`, r.refused_but_read]));
  verifySection = `
## Verify

The agreement set (\`core/scan\` TestWriteAgreementSet, read by \`e2e/agreement/agreement.mjs\`; the same set \`make test\` holds to):
${a.codes} codes, every style and eye at versions 2 to 40 in black on white and in low-contrast colours, each photographed ${a.shots.length}
ways (${a.shots.join("; ")}), ${a.frames} frames of different noise each, ${a.pictures} pictures, read by zxing-cpp (try-harder) and jsQR.
A reader reads a code after a degradation when it reads one of its frames, as a phone's scanner reads frame after frame.

- Verify calls ${a.verify_scannable} scannable; zxing-cpp reads **${a.scannable_but_unread}** of them in no frame of some degradation
  (${a.scannable_with_a_picture_unread} with some single picture unread).
- Verify refuses **${a.refused_but_read}** of the ${a.zxing_reads} codes zxing-cpp reads after every degradation (${a.refused_but_read_pct}%).
- jsQR misses ${a.jsqr_misses_among_scannable} of the scannable codes zxing-cpp reads; ${a.jsqr_misses_warned} of those carry the warning that weaker
  scanners may struggle, as do ${a.warned_but_jsqr_reads} codes jsQR reads (${a.warned} warned in all).

${shotTable}

${versionTable}
${a.broken.length ? `\nScannable but unread: ${a.broken.join("; ")}\n` : ""}`;
}

// ---- branding ------------------------------------------------------------------

const brandSet = exists("brandset.json") ? json("brandset.json") : null;
const brandCosts = exists("brand-costs.json") ? json("brand-costs.json") : [];
let brandSection = "";
if (brandSet) {
  const styles = Object.keys(brandSet.largest_logo_size.H).sort();
  const largestTable = table(["ec", ...styles], ["L", "M", "Q", "H"].map((ec) => [ec, ...styles.map((st) => brandSet.largest_logo_size[ec][st].toFixed(2))]));
  const readTable = table(["decoder", "clean", "light noise"], Object.entries(brandSet.read_per_shot).map(([d, [a, b]]) => [d, `${a}/${brandSet.served}`, `${b}/${brandSet.served}`]));
  const costTable = table(["512 px code", "PNG ms", "PNG bytes", "SVG ms", "SVG bytes", "drawn and checked, ms"],
    brandCosts.map((r) => [r.name, ms(r.png_ms), int(r.png_bytes), ms(r.svg_ms), int(r.svg_bytes), ms(r.check_ms)]));
  brandSection = `
## Branding

The brand set (\`core/brand\` TestWriteBrandSet): every style and eye with an SVG and a PNG logo at logo_size 0.10, 0.15, ... up to
the first refused, every frame on three styles, linear and radial gradients with eye colours, each decided as \`/api/v1/qr\` decides
(drawn, verified, served or refused). ${brandSet.codes} codes: ${brandSet.served} served, ${brandSet.refused} refused
(${Object.entries(brandSet.refused_by).map(([why, n]) => `${n}: ${why}`).join("; ")}). Every served code photographed as a phone would
(internal/camera: 3 px a module, blur 0.8 px, JPEG 75, sensor noise 0 and 3), read by zxing-cpp and jsQR:

${readTable}
${brandSet.broken.length ? `\nServed but not read: ${brandSet.broken.join("; ")}\n` : ""}
The largest logo_size served (a 30-character URL, the SVG logo, 512 px; it must also scan 0.05 larger):

${largestTable}

Time and bytes natively (TestBrandCosts, medians of 20): a logo code against a plain one; "drawn and checked" is what a request pays
before a branded code is served (\`brand.Checked\`, for the plain code \`scan.Verify\`).

${costTable}
`;
}

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

// Start-up. In Node (isolate.mjs, a fresh process each): compile, start
// (instantiate, Go's initialisation and main to ready), warm (entry.mjs's
// round of requests in global scope), then the first request; --cold skips
// the warm-up. On workerd alone (workerd-start.mjs): spawn to the first
// answer of our Worker and of a JavaScript Worker, alternately.
const startup = jsonl("startup.jsonl");
const startupCold = exists("startup-cold.jsonl") ? jsonl("startup-cold.jsonl") : [];
const inittrace = json("inittrace.json");
const wdStart = exists("workerd-start.json") ? json("workerd-start.json") : { ours: [], hello: [] };
const loadToReady = startup.map((r) => r.compile_ms + r.start_ms + r.warm_ms);
const wdOurs = wdStart.ours.map((r) => r.answer_ms), wdHello = wdStart.hello.map((r) => r.answer_ms);
// each start of ours less the JavaScript Worker's start that followed it
const wdLoad = wdOurs.map((v, i) => v - (wdHello[i] ?? NaN));
const wdFirst = wdStart.ours.map((r) => r.first_ms);
const start = {
  compile: median(startup.map((r) => r.compile_ms)),
  start: median(startup.map((r) => r.start_ms)),
  warm: median(startup.map((r) => r.warm_ms)),
  loadToReady: median(loadToReady),
  firstNode: median(startup.map((r) => r.first_request_ms)),
  firstCold: median(startupCold.map((r) => r.first_request_ms)),
  wdLoad: median(wdLoad),
  wdFirst: median(wdFirst),
};
const loadLimit = 400, firstLimit = 20, initLimit = 10;
const inits = inittrace.inits ?? [];
const slowInits = inits.filter((i) => i.ms > initLimit);
const runsOf = (xs) => xs.map(ms).join(", ");

// Per-endpoint CPU: the handler's time in the isolate (Node's V8, the
// request called synchronously: what a request costs in CPU) and over
// HTTP on workerd alone, one request at a time.
const cpuLimit = 10;
const epIsolate = exists("endpoints-isolate.json") ? json("endpoints-isolate.json").endpoints ?? {} : {};
const epWorkerd = exists("endpoints-workerd.json") ? json("endpoints-workerd.json") : {};
const epNames = [...new Set([...Object.keys(epIsolate), ...Object.keys(epWorkerd)])];
const epRows = epNames.map((name) => {
  const i = epIsolate[name], w = epWorkerd[name];
  return [name, ms(i?.p50 ?? NaN), ms(i?.p99 ?? NaN), ms(w?.p50 ?? NaN), ms(w?.p99 ?? NaN), i ? (i.p99 <= cpuLimit ? "yes" : "**no**") : "–"];
});
const epOver = epNames.filter((n) => epIsolate[n] && epIsolate[n].p99 > cpuLimit).sort((a, b) => epIsolate[b].p99 - epIsolate[a].p99);
const epWithin = epNames.filter((n) => epIsolate[n] && epIsolate[n].p99 <= cpuLimit);
const epWorstWithin = epWithin.reduce((a, n) => (!a || epIsolate[n].p99 > epIsolate[a].p99 ? n : a), null);
const epOverP50 = epOver.filter((n) => epIsolate[n].p50 > cpuLimit);
const helloFloor = wdStart.hello_floor;

const kindLabel = {
  health: "`/api/v1/health` (no encoding: the floor)",
  png: "PNG `/api/v1/qr?data=…`",
  svg: "SVG `…&format=svg`",
  wifi: "typed `/api/v1/wifi?…`",
  verify: "`/api/v1/verify?data=…`",
};
// the endpoint of endpoint-list.mjs closest to each kind of requests.mjs
const kindEndpoint = { health: "health", png: "qr png", svg: "qr svg", wifi: "typed wifi", verify: "verify" };
const pct = (server, kind, c, p) => median(server?.kinds[kind]?.[c]?.map((r) => r[p]) ?? []);
const trio = (f) => {
  const v = ["p50", "p90", "p99"].map((p) => f(p));
  return v.every(Number.isNaN) ? "" : v.map(ms).join(" / ");
};
const latencyRows = [];
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
const floor = {
  native: pct(native, "health", "c1", "p50"),
  hello: pct(hello, "health", "c1", "p50"),
  isolate: epIsolate.health?.p50 ?? NaN,
  workerd: pct(workerd, "health", "c1", "p50"),
  wrangler: pct(wrangler, "health", "c1", "p50"),
};
const floorRows = [
  ["native server (`go build ./worker`)", floor.native, ""],
  ["workerd alone, a JavaScript Worker answering a constant (bench/workerd-config.mjs): workerd and loopback HTTP", floor.hello, `+${ms(floor.hello - floor.native)} over native`],
  ["the Worker's .wasm in Node, `handleRequest` (syumai/workers) called directly, no HTTP: the package's way in and out of Go (with Node's Request and Response) and our handler", floor.isolate, ""],
  ["workerd alone, the Worker", floor.workerd, `+${ms(floor.workerd - floor.hello)} over the JavaScript Worker`],
  ["`wrangler dev`, the Worker: wrangler's proxy worker, a second workerd, miniflare's entry worker and the asset router in front", floor.wrangler, `+${ms(floor.wrangler - floor.workerd)} over workerd alone`],
].map(([what, v, adds]) => [what, ms(v), adds]);
const failed = [["native", native], ["workerd", workerd], ["wrangler dev", wrangler]].flatMap(([name, srv]) =>
  Object.entries(srv.kinds).flatMap(([kind, cs]) => Object.entries(cs).map(([c, runs]) => [name, kind, c, runs.reduce((s, r) => s + (r.failed ?? 0), 0)])))
  .filter(([, , , n]) => n > 0);

// One isolate through many requests (isolate.mjs --sustained): latency and
// WebAssembly memory per block of 1,000 PNG requests.
const sustained = exists("sustained.json") ? json("sustained.json").sustained ?? [] : [];
const sustainedRows = sustained.map((b) => [int(b.served - 1), ms(b.p50), ms(b.p99), mib(b.wasm_bytes)]);
const leak = (() => {
  if (sustained.length < 3) return null;
  const [a, b] = [sustained[0], sustained.at(-1)];
  const perRequest = (b.wasm_bytes - a.wasm_bytes) / (b.served - a.served);
  return { perRequest, from: a, to: b, grows: b.wasm_bytes - a.wasm_bytes >= 2 * 2 ** 20 };
})();

// The sections make soak and make load write, carried over from the
// BENCHMARKS.md this one replaces.
const previous = process.argv[4] && fs.existsSync(process.argv[4]) ? fs.readFileSync(process.argv[4], "utf8") : "";

// ---- editor ----------------------------------------------------------------

const editor = exists("editor.json") ? json("editor.json") : null;
const batchPage = exists("batch.json") ? json("batch.json") : null;
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
  ["platform", "runtime", "net/http serving a one-line handler through syumai/workers, as worker/serve_js.go does (`sizes/platform`): any Go Worker's floor"],
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
const mcpAddsRaw = ladder.nomcp && !ladder.nomcp.error ? worker.raw - ladder.nomcp.raw : NaN;
const workerRawLimit = 32 * 2 ** 20;

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
if (agreement) {
  reading.push(
    `- **Verify.** Of the ${agreement.verify_scannable} codes of the agreement set Verify calls scannable, zxing-cpp cannot read ${agreement.scannable_but_unread} after some degradation; ` +
      `of the ${agreement.zxing_reads} it reads after every one, Verify refuses ${agreement.refused_but_read} (${agreement.refused_but_read_pct}%).`,
  );
}
if (realNative.length) {
  const [t0, t90] = realTurns.map(([turn]) => turn);
  const n = realRows(realNative, "ours", t0).length;
  const score = (res, d) => `${realScore(res, d, t0)} and ${realScore(res, d, t90)}`;
  reading.push(
    `- **Real photos.** Of the ${n} real photographs another reader read, as taken and turned 90 degrees, we read ${score(realNative, "ours")}, ` +
      `zxing-cpp ${score(realZx, "zxing-cpp")}, jsQR ${score(realZx, "jsQR")}, plain gozxing ${score(realNative, "gozxing")}; ` +
      `median time ${ms(decMs(rowsOf(realWasm, "ours", "real")))} ms in WebAssembly against zxing-cpp's ${ms(decMs(rowsOf(realZx, "zxing-cpp", "real")))} ms ` +
      `(${x(decMs(rowsOf(realWasm, "ours", "real")) / decMs(rowsOf(realZx, "zxing-cpp", "real")))}), ${ms(decMs(rowsOf(realNative, "ours", "real")))} ms natively.`,
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
  const top = inits.slice(0, 3);
  reading.push(
    `- **Start-up.** ${start.loadToReady <= loadLimit && start.wdLoad <= loadLimit ? "Within" : "**Over**"} the ${loadLimit} ms target: in Node the Worker's module loads to ready in ${ms(start.loadToReady)} ms (median of ${startup.length} fresh processes: compile ${ms(start.compile)}, Go's start to ready ${ms(start.start)}, warm-up ${ms(start.warm)}); on workerd alone our Worker answers its first request ${ms(start.wdLoad)} ms later after spawn than a plain JavaScript Worker does (median of ${wdLoad.length}; ${ms(median(wdOurs))} against ${ms(median(wdHello))} ms). ` +
      `That first request then takes ${ms(start.wdFirst)} ms on a new workerd process (target ${firstLimit} ms, ${start.wdFirst <= firstLimit ? "met" : "**missed**"}) and ${ms(start.firstNode)} ms in Node, where without the warm-up it takes ${ms(start.firstCold)} ms: the warm-up moves V8's first compilation of the common paths into start-up. ` +
      `Package initialisation (one run with GODEBUG=inittrace=1, which slows it a little) is ${ms(inittrace.init_ms)} ms in all, led by ${top.map((t) => `${t.pkg} (${ms(t.ms)} ms)`).join(", ")}: ` +
      (slowInits.length ? `**${slowInits.length} package(s) over ${initLimit} ms** (${slowInits.map((i) => i.pkg).join(", ")}).` : `none over ${initLimit} ms.`),
  );
}
{
  const worst = epOver.slice(0, 5);
  reading.push(
    `- **CPU per request.** The free plan allows ${cpuLimit} ms of CPU a request; in the isolate (Node's V8, the handler called directly, so its time is the request's CPU) ${epWithin.length} of ${epWithin.length + epOver.length} endpoints have a p99 within it` +
      (epWorstWithin ? ` (the closest: ${epWorstWithin}, p99 ${ms(epIsolate[epWorstWithin].p99)} ms)` : "") +
      (epOver.length ? `, and **${epOver.length} over it**: ${worst.map((n) => `${n} (p50 ${ms(epIsolate[n].p50)}, p99 ${ms(epIsolate[n].p99)} ms)`).join(", ")}${epOver.length > worst.length ? ", …" : ""}.` : ".") +
      (epOverP50.length ? ` ${epOverP50.join(", ")} ${epOverP50.length > 1 ? "are" : "is"} over it at the median too.` : epOver.length ? ` Every median is within it: a p99 over it is a collection, or V8 recompiling a function, landing on that request, and with 200 samples a p99 is the second-slowest request.` : "") +
      ` On workerd alone over HTTP the same requests take ${epWorkerd.health ? `from ${ms(epWorkerd.health.p50)} ms (health, p50)` : "–"}; a JavaScript Worker answers in ${helloFloor ? `${ms(helloFloor.p50)} ms (p50; p99 ${ms(helloFloor.p99)} ms)` : "–"} with the same client, the floor of workerd and loopback HTTP.`,
  );
}
reading.push(
  `- **Worker latency.** The floor, \`/api/v1/health\` at concurrency 1 (table below): ${ms(floor.native)} ms natively, ${ms(floor.hello)} ms for a JavaScript Worker on workerd, ${ms(floor.workerd)} ms for our Worker on workerd: about ${ms(floor.workerd - floor.hello)} ms per request is syumai/workers' way in and out of Go and our handler (${ms(floor.isolate)} ms in Node without HTTP).` +
    ` Through \`wrangler dev\`, as \`make dev\` and \`make test\` run the Worker, health takes ${ms(floor.wrangler)} ms: wrangler's proxy worker, a second workerd, miniflare's entry worker and the asset router add ${ms(floor.wrangler - floor.workerd)} ms to every request, which a deployed Worker does not pay.` +
    ` At concurrency 16 the Worker answers one request at a time (one Go instance per isolate; WebAssembly is single-threaded), so its latency there is queueing.`,
);
if (leak) {
  const kib = leak.perRequest / 1024;
  reading.push(
    (leak.grows
      ? `- **One isolate over many requests: memory grows.** In one isolate (Node, PNG requests one after another) the WebAssembly memory grows from ${mib(leak.from.wasm_bytes)} MiB after ${int(leak.from.served - 1)} requests to ${mib(leak.to.wasm_bytes)} MiB after ${int(leak.to.served - 1)}, about ${kib.toFixed(1)} KiB per request; p50 goes from ${ms(leak.from.p50)} ms to ${ms(leak.to.p50)} ms.`
      : `- **One isolate over many requests.** In one isolate (Node, PNG requests one after another) the WebAssembly memory is ${mib(leak.from.wasm_bytes)} MiB after ${int(leak.from.served - 1)} requests and ${mib(leak.to.wasm_bytes)} MiB after ${int(leak.to.served - 1)}; p50 ${ms(leak.from.p50)} ms, then ${ms(leak.to.p50)} ms.`) +
      ` A request enters Go through syumai/workers and its answer leaves as one Uint8Array (worker/serve_js.go), and the patch the Worker carries (third_party/) releases every callback the package makes, so no request leaves a Go callback or a stream behind. \`make soak\` (below) runs 100,000 requests of every kind through one workerd process.`,
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
    `- **Size.** The Worker is ${mib(worker.raw)} MiB raw (the build fails at 32 MiB, half of Cloudflare's 64 MiB limit: ${worker.raw < workerRawLimit ? "met" : "**missed**"}) and ${mib(worker.gzip)} MiB gzip. Start-up follows it: V8 compiles the ${mib(worker.raw)} MiB in ${ms(start.compile)} ms in Node (${ms(start.compile / (worker.raw / 2 ** 20))} ms per MiB), before Go's own start.` +
      (Number.isNaN(mcpAdds) ? "" : ` MCP adds ${mib(mcpAdds)} MiB gzip (${mib(mcpAddsRaw)} MiB raw): without worker/mcp the Worker is ${mib(ladder.nomcp.gzip)} MiB gzip.${mcpTop.length ? ` What MCP brings, by code gzipped alone: ${mcpTop.map((g) => `${g.group} ${int(g.adds)}`).join(", ")} bytes.` : ""}`) +
      ` Any Go Worker starts at ${mib(ladder.platform?.gzip ?? NaN)} MiB gzip (net/http with a one-line handler; the Go runtime alone is ${mib(ladder.runtime?.gzip ?? NaN)} MiB). The largest third-party modules: ${top.map((g) => `${g.group} (${int(g.code_gzip)})`).join(", ")}.`,
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

console.log(`# Benchmarks

Written by \`make bench\` (bench/run.sh, then bench/report.mjs) on ${new Date().toISOString().slice(0, 10)}, except the Soak and Load sections, which \`make soak\` and \`make load\` write (each says when) and \`make bench\` keeps. Do not edit by hand.

- Machine: ${os.cpus()[0]?.model ?? "unknown CPU"}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.platform()} ${os.arch()}; ${goVersion}, Node ${process.version}.
- Load average (1, 5, 15 min) at the start: ${fmtLoad(loadStart)}; at the end: ${fmtLoad(loadEnd)}. On a machine with ${os.cpus().length} cores, a load above ${os.cpus().length} means other work shared the CPU: absolute times then run high, ratios within one run hold better.
- Command: \`make bench\` from a clean checkout (it runs \`npm ci\` and \`make build\` first). Peer libraries live in their own module, bench/peers (\`qrkeyless/bench/peers\`), never in the service's go.mod.
- Method: every encoder gets the same 20 inputs (5 each of 30-char URLs, wifi strings, 300- and 1200-char texts), level M, a 4-module quiet zone, 512 px. Each figure is a median over 5 rounds (3 for decode and latency); a round runs each encoder for at least 30 ms, in an order that rotates between rounds, so load from elsewhere falls on all of them alike. A group's figure is the median of its inputs. WebAssembly figures come from the same Go program built with GOOS=js GOARCH=wasm and run by Go's wasm_exec_node.js in Node ${process.version}, after a warm-up.

## Targets

${table(["target", "measured", ""], [
  ["512 px PNG, native: at most 0.35x the fastest peer", `${ms(gms(usN, "all"))} ms vs ${ms(gms(bestN, "all"))} ms (${bestN.name}): ${x(pngRatioNative)}`, status(pngRatioNative <= 0.35)],
  ["512 px PNG, WebAssembly: at most 0.5x the fastest peer", `${ms(gms(usW, "all"))} ms vs ${ms(gms(bestW, "all"))} ms (${bestW.name}): ${x(pngRatioWasm)}`, status(pngRatioWasm <= 0.5)],
  ["PNG bytes no larger than the smallest peer's", `${byteWins} of ${usN.inputs.length} inputs`, status(byteWins === usN.inputs.length)],
  ["SVG bytes at most 0.8x node `qrcode`'s", `median ${x(median(svgRatios))}, worst ${x(svgRatioMax)}`, status(svgRatioMax <= 0.8)],
  [`Worker module load to ready within ${loadLimit} ms`, `${ms(start.loadToReady)} ms in Node (compile ${ms(start.compile)} + start ${ms(start.start)} + warm-up ${ms(start.warm)}); ${ms(start.wdLoad)} ms on workerd alone (spawn to first answer, less a JavaScript Worker's)`, status(start.loadToReady <= loadLimit && start.wdLoad <= loadLimit)],
  [`first request on a new workerd process within ${firstLimit} ms`, `${ms(start.wdFirst)} ms (median of ${wdFirst.length}: ${runsOf(wdFirst)})`, status(start.wdFirst <= firstLimit)],
  [`no package initialiser over ${initLimit} ms (WebAssembly, GODEBUG=inittrace=1)`, slowInits.length ? `${slowInits.length} over: ${slowInits.map((i) => `${i.pkg} ${ms(i.ms)} ms`).join(", ")}` : `slowest ${inits[0]?.pkg ?? "–"} ${ms(inits[0]?.ms ?? NaN)} ms`, status(slowInits.length === 0)],
  ...epOver.map((n) => [`CPU per request within ${cpuLimit} ms (free plan), isolate p99: ${n}`, `p99 ${ms(epIsolate[n].p99)} ms, p50 ${ms(epIsolate[n].p50)} ms`, status(false)]),
  [`CPU per request within ${cpuLimit} ms (free plan), isolate p99: ${epOver.length ? `the other ${epWithin.length}` : `all ${epWithin.length}`} endpoints`, epWorstWithin ? `slowest ${epWorstWithin}: p99 ${ms(epIsolate[epWorstWithin].p99)} ms` : "not measured", status(epWithin.length > 0)],
  ["Worker .wasm under 32 MiB raw (half of Cloudflare's 64 MiB limit)", `${mib(worker.raw)} MiB raw (${mib(worker.gzip)} MiB gzip)`, status(worker.raw < workerRawLimit)],
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
${photoTable ? `
### The photo corpus

\`hardset.Photos(2, 20)\` (core/scan/hardset/photos.go, issue 20): what phones see beyond the hard set, 20 images a class, kept out of the
tests so the decoder is built for photos in general and not for these files. jsQR = npm jsqr 1.4.0, \`inversionAttempts: "attemptBoth"\`
(it reads one code an image, so it cannot pass three-codes).

${photoTable}
${heldTable ? `
The same classes drawn from another seed, \`hardset.Photos(3, 20)\`, which the ladder was never tuned on (native only):

${heldTable}
` : ""}` : ""}${realTable ? `
### Real photos

The 167 real photographs in core/scan/testdata/photos (jsQR's end-to-end pictures: labels, posters, bottles, screens; its README), as
taken and turned 90 degrees clockwise, every decoder on the same pixels. A picture counts when its text is among the codes read (as text,
or a binary code's bytes read as Latin-1); the 158 whose text jsQR or zxing-cpp gave are counted, the 9 whose text only our decoder gave
apart. \`make test\` holds our count as a floor (core/scan TestRealPhotos). jsQR as above.

${realTable}

${realDiffs}
` : ""}${rungTable ? `
### The ladder's rungs

Each rung alone on every image of the hard set, the photo corpus and the real photos (${rungs.images} images), then in the ladder's order: what it adds
over the rungs before it, and the time it takes on the images that reach it (\`QR_RUNGS_DIRS=... go test -run TestRungTable ./core/scan\`,
best of three a rung and image, natively). The ladder reads ${rungs.ladder_reads} of ${rungs.images}. Candidates marked "no" were measured
after the whole ladder: what they would add in brackets.

${rungTable}
` : ""}
${verifySection}${brandSection}
## Worker

### Start-up

The Worker's module in Node (bench/isolate.mjs, ${startup.length} fresh processes, and ${startupCold.length} more with \`--cold\`, no warm-up), as worker/entry.mjs
runs it: compile build/worker/app.wasm, start (instantiate, Go's initialisation and main up to ready: syumai/workers' \`handleRequest\` registered),
warm-up (entry.mjs calls the program's warm, which answers a round of common requests from Go in global scope so that V8 compiles their code before the first real request), then
the first request, \`GET /api/v1/qr?data=first\`. On workerd alone (bench/workerd-start.mjs): ${wdOurs.length} new processes of our Worker and as many of a
JavaScript Worker answering a constant, in turn, each polled from spawn until it answers that request.

${table(["what", "median ms", "runs", "target"], [
  ["Node: compile (`new WebAssembly.Module`)", ms(start.compile), runsOf(startup.map((r) => r.compile_ms)), ""],
  ["Node: start, Go's initialisation and main to ready", ms(start.start), runsOf(startup.map((r) => r.start_ms)), ""],
  ["Node: warm-up in global scope", ms(start.warm), runsOf(startup.map((r) => r.warm_ms)), ""],
  ["**Node: module load to ready** (compile + start + warm-up)", `**${ms(start.loadToReady)}**`, runsOf(loadToReady), `${loadLimit}: ${status(start.loadToReady <= loadLimit)}`],
  ["Node: the first request, after the warm-up", ms(start.firstNode), runsOf(startup.map((r) => r.first_request_ms)), ""],
  ["Node: the first request with no warm-up (`--cold`)", ms(start.firstCold), runsOf(startupCold.map((r) => r.first_request_ms)), ""],
  ["workerd alone: spawn to the first answer, our Worker", ms(median(wdOurs)), runsOf(wdOurs), ""],
  ["workerd alone: spawn to the first answer, a JavaScript Worker", ms(median(wdHello)), runsOf(wdHello), ""],
  ["**workerd alone: our module's load to ready** (the difference, start by start)", `**${ms(start.wdLoad)}**`, runsOf(wdLoad), `${loadLimit}: ${status(start.wdLoad <= loadLimit)}`],
  ["**workerd alone: the first request of a new process**", `**${ms(start.wdFirst)}**`, runsOf(wdFirst), `${firstLimit}: ${status(start.wdFirst <= firstLimit)}`],
  ["workerd alone: the first request of a new process, a JavaScript Worker", ms(median(wdStart.hello.map((r) => r.first_ms))), runsOf(wdStart.hello.map((r) => r.first_ms)), ""],
  ["workerd alone: the first request of each process of the latency runs below (latency.mjs, whose first fetch in a new Node process also pays for the client's own start)", ms(median(workerd.first)), runsOf(workerd.first), ""],
  ["`wrangler dev`: the first request after it prints Ready, one session per kind", ms(median(wrangler.first)), runsOf(wrangler.first), ""],
])}

Start-up against size: app.wasm is ${mib(worker.raw)} MiB raw, ${mib(worker.gzip)} MiB gzip; compiling it takes ${ms(start.compile)} ms in Node, ${ms(start.compile / (worker.raw / 2 ** 20))} ms per raw MiB,
${((100 * start.compile) / start.loadToReady).toFixed(0)}% of the module's load to ready. workerd's resident memory right after the first request: ${mib(median(wdStart.ours.map((r) => r.rss)))} MiB for our Worker,
${mib(median(wdStart.hello.map((r) => r.rss)))} MiB for the JavaScript Worker.

Package initialisers in WebAssembly, the ${Math.min(12, inits.length)} slowest (one run with GODEBUG=inittrace=1, which adds its own cost; all packages together
${ms(inittrace.init_ms)} ms; target: none over ${initLimit} ms):

${table(["package", "init ms", "bytes allocated", "allocations", `within ${initLimit} ms`], [
  ...inits.slice(0, 12).map((i) => [i.pkg, ms(i.ms), int(i.bytes), int(i.allocs), i.ms <= initLimit ? "yes" : "**no**"]),
  ["**all packages**", `**${ms(inittrace.init_ms)}**`, "", "", ""],
])}

### CPU per request, endpoint by endpoint

Every endpoint of bench/endpoint-list.mjs (qr in every format and style at 512 px, /q/, every typed kind with its example fields,
verify, size, types, health, the MCP tools but decode and batch), 200 requests each after a warm-up round, cycling through 8 variants of
the data, one at a time. "Isolate" is the Worker's .wasm in Node (\`isolate.mjs --endpoints 200\`): the handler called synchronously, so
its time is the CPU the request takes in V8, what Cloudflare counts against the free plan's ${cpuLimit} ms. "workerd" is workerd alone over
keep-alive HTTP (\`endpoints.mjs\`, a new process), which adds workerd and the client: a JavaScript Worker answers the same client in
${helloFloor ? `${ms(helloFloor.p50)} ms p50, ${ms(helloFloor.p99)} ms p99 (${helloFloor.n} sequential GETs)` : "– (not measured)"}, the floor under every workerd figure.
With 200 samples a p99 is the second-slowest request: a collection or a V8 recompilation that lands on one request moves it.

${table(["endpoint", "isolate p50 ms", "isolate p99 ms", "workerd p50 ms", "workerd p99 ms", `isolate p99 ≤ ${cpuLimit} ms`], epRows)}

### Latency over HTTP

Warm latency over loopback: autocannon 8 with exact per-request times; per run ${amount.png} requests at concurrency 1 and ${2 * amount.png} at 16
(verify ${amount.verify} and ${2 * amount.verify}), after a warm-up as long as a run; median of 3 runs. The native server is \`go build ./worker\`.
workerd is workerd alone (\`node_modules/.bin/workerd serve\` with the configuration bench/workerd-config.mjs writes from wrangler.toml), the runtime
Cloudflare runs, one new process per kind of request, with nothing behind its Cache API, so every answer is drawn. \`wrangler dev\` is the same Worker behind wrangler's local proxy,
as \`make dev\` and \`make test\` serve it, at concurrency 1 only; there miniflare's cache is real, and autocannon's repeated URLs are edge-cache hits after the first. "In the isolate" is the nearest endpoint of the table above (Node, no HTTP).
Requests per second at 16 follow from the mean latency (Little's law).

${table(["request", "concurrency", "native p50 / p90 / p99 ms", "workerd p50 / p90 / p99 ms", "through `wrangler dev` ms", "in the isolate (Node) ms", "requests/s native / workerd"], latencyRows)}
${failed.length ? `\n**Failed requests** (not counted in the percentiles): ${failed.map(([s, k, c, n]) => `${s} ${k} at ${c.slice(1)}: ${n}`).join("; ")}.\n` : ""}
Where the floor comes from: \`/api/v1/health\`, which encodes nothing, p50 at concurrency 1, one layer at a time.

${table(["server", "p50 ms", ""], floorRows)}

### One isolate over many requests

\`isolate.mjs --sustained\`, in Node: PNG requests one after another in 8 blocks of 1,000, each block's latency and the WebAssembly memory
after it. WebAssembly memory never shrinks, so memory that levels off means nothing leaks. \`make soak\` (below) does the same on workerd with
every kind of request.

${sustainedRows.length ? table(["requests served", "p50 ms", "p99 ms", "WebAssembly memory MiB"], sustainedRows) : "(not measured)"}

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

${exists("mcp-native.json") ? `The tool server at /api/mcp with the official TypeScript SDK as the client (bench/mcp.mjs), 50 of each after a warm-up, one at a time.
initialize is one raw JSON-RPC request; connect is the SDK's \`client.connect\` (initialize, then the initialized notification); qr_generate
is a call on an open client. The MCP server adds ${int(mcpAdds)} bytes gzip (${mib(mcpAdds)} MiB) to the Worker (the Worker without
worker/mcp: ${mib(ladder.nomcp?.gzip ?? NaN)} MiB; with it: ${mib(worker.gzip)} MiB).

${table(["request", "native p50 / p90 ms", "workerd alone p50 / p90 ms", "wrangler dev p50 / p90 ms"],
  [["initialize", "initialize"], ["SDK connect", "connect"], ["qr_generate", "generate"]].map(([label, k]) => [label,
    ...["mcp-native.json", "mcp-workerd.json", "mcp-wrangler.json"].map((f) => (exists(f) ? `${ms(json(f)[k].p50)} / ${ms(json(f)[k].p90)}` : "–"))]))}` : "Not measured."}

## Edge cache

${exists("cache-workerd.json") ? (() => {
  const rows = [["workerd alone, in-memory cache behind the Cache API", "cache-workerd.json"], ["workerd alone, no cache (each answer drawn)", "cache-nocache.json"], ["wrangler dev (miniflare's cache)", "cache-wrangler.json"]]
    .filter(([, f]) => exists(f)).map(([label, f]) => { const c = json(f); return [label, `${ms(c.miss.p50)} / ${ms(c.miss.p99)}`, `${ms(c.hit.p50)} / ${ms(c.hit.p99)}`, `${Math.round(c.hitRate * 100)}%`, `${ms(c.toolsList.p50)} / ${ms(c.toolsList.p99)}`, `${Math.round(c.toolsListHitRate * 100)}%`]; });
  return `The Worker's entry (worker/front.mjs) keeps public, immutable answers with the Cache API under Go's canonical key (bench/cache.mjs): for each of
${json("cache-workerd.json").miss.n} new styled codes (rounded, circle eyes), the first request (a miss: Go names the key, draws the code, the cache keeps it) and then
the same code in another spelling (a hit, answered without entering Go), one request at a time; then as many MCP tools/list requests of 2026-07-28, which
the entry keeps per build after the first. On workerd alone the cache is bench/cache-service.mjs, an in-memory stand-in for Cloudflare's; a
workers.dev deployment has no cache at all (README, Deploy).

${table(["server", "miss p50 / p99 ms", "second spelling p50 / p99 ms", "hits", "tools/list p50 / p99 ms", "tools/list hits"], rows)}`;
})() : "Not measured."}

## Soak

${block("soak", section(previous, "soak"))}

## Load

${block("load", section(previous, "load"))}

## Editor

${editor ? `The editor page in Chromium ${editor.chromium ?? ""} (headless, bench/editor.mjs), served by \`wrangler dev\` from build/site. First code: navigation
start to the app's \`qr:first-code\` mark on /wifi?ssid=Cafe&sec=nopass, on a new profile, then warm (10 loads). Keystroke: each key's input event to the
preview updated (the app's \`qr:keystroke\` measures), typing 30 characters into the SSID at 40 ms a key. Render: one \`qrEditor.render\` call alone (50 calls).

${table(["program", "raw bytes", "gzip -9 bytes", "brotli 11 bytes", "target"], [
  ["build/site/editor.wasm (the first code)", int(editor.wasm.editor.raw), `${int(editor.wasm.editor.gzip)} (${mib(editor.wasm.editor.gzip)} MiB)`, `${int(editor.wasm.editor.brotli)} (${mib(editor.wasm.editor.brotli)} MiB)`, `under 1.5 MiB gzip: ${status(editor.wasm.editor.gzip < editorGzipLimit)}`],
  ["build/site/verify.wasm (loaded after the first code)", int(editor.wasm.verify.raw), `${int(editor.wasm.verify.gzip)} (${mib(editor.wasm.verify.gzip)} MiB)`, `${int(editor.wasm.verify.brotli)} (${mib(editor.wasm.verify.brotli)} MiB)`, ""],
])}

${table(["what", "median ms", "p95 ms", "max ms", "n", "target"], [
  ["first code, new profile", int(editor.first_code_ms.cold), "", "", 1, ""],
  ["first code, warm", int(editor.first_code_ms.warm.median), int(editor.first_code_ms.warm.p95), int(editor.first_code_ms.warm.max), editor.first_code_ms.warm.n, ""],
  ...(editor.first_code_ms.cpu_4x_warm ? [["first code, warm, CPU throttled 4x (a mid-range phone)", int(editor.first_code_ms.cpu_4x_warm.median), int(editor.first_code_ms.cpu_4x_warm.p95), int(editor.first_code_ms.cpu_4x_warm.max), editor.first_code_ms.cpu_4x_warm.n, ""]] : []),
  ...[["plain", "plain code"], ["styled_label", "rounded modules, circle eyes, colour and a caption"]].flatMap(([key, label]) => [
    [`keystroke to preview: ${label}`, ms(editor.keystroke_ms[key].median), ms(editor.keystroke_ms[key].p95), ms(editor.keystroke_ms[key].max), editor.keystroke_ms[key].n, `${frame} ms: ${status(editor.keystroke_ms[key].median <= frame)}`],
    [`one \`qrEditor.render\`: ${label}`, ms(editor.render_ms[key].median), ms(editor.render_ms[key].p95), ms(editor.render_ms[key].max), editor.render_ms[key].n, ""],
  ]),
])}
${editor.code_top_390_px ? `
Where the code starts on a 390 x 844 phone, in CSS pixels from the top of the page, opened as a complete shared link and bare (a link shows
its code on the first screen; a bare page starts with its form):

${table(["page", "shared link", "bare"], Object.entries(editor.code_top_390_px).map(([k, v]) => [`/${k}`, `${v.linked} px: ${status(v.linked < 844)}`, `${v.bare} px`]))}` : ""}` : "Not measured: no Chromium (`make chromium` installs it)."}

## Batch page and API reference

${batchPage ? `The /batch page and /docs in Chromium (headless, bench/batch.mjs), served by \`wrangler dev\` from build/site. 1,000 rows of links
(a caption on the sheet), each made through core/batch and verified in the browser. On the page: from Make to the download offered. The program
alone: the worker's calls (open, a row each, finish) on a page's main thread, where DevTools' CPU throttle reaches (it refuses a worker).

${table(["1,000 rows", "PNG ZIP ms", "SVG ZIP ms", "PDF sheet ms"], [
  ["the page (its worker unthrottled)", ...["png", "svg", "sheet"].map((o) => int(batchPage.rows_1000_ms.page[o]))],
  ["the program, CPU throttled 4x (a mid-range phone)", ...["png", "svg", "sheet"].map((o) => int(batchPage.rows_1000_ms.program_cpu_4x[o]))],
  ["the program, not throttled", ...["png", "svg", "sheet"].map((o) => int(batchPage.rows_1000_ms.program_cpu_1x[o]))],
])}

${table(["file", "raw bytes", "gzip -9 bytes", "brotli 11 bytes"], [
  ["build/site/batch.wasm (loaded on /batch only)", int(batchPage.wasm.batch.raw), int(batchPage.wasm.batch.gzip), int(batchPage.wasm.batch.brotli)],
  ["/docs", int(batchPage.docs.raw), int(batchPage.docs.gzip), int(batchPage.docs.brotli)],
])}

/docs's first contentful paint on a new page at 390 x 844: ${int(batchPage.docs.first_contentful_paint_390_ms)} ms (median of ${batchPage.docs.runs.length}).` : "Not measured: no Chromium (`make chromium` installs it)."}

## Sizes

${table(["artifact", "raw bytes", "gzip -9 bytes", "target"], [
  ["Worker: build/worker/app.wasm", `${int(worker.raw)} (${mib(worker.raw)} MiB)`, `${int(worker.gzip)} (${mib(worker.gzip)} MiB)`, `under 32 MiB raw (half of Cloudflare's 64 MiB): ${status(worker.raw < workerRawLimit)}`],
  ...(browser.length ? browser.map((b) => [`browser: ${b.file}`, `${int(b.raw)} (${mib(b.raw)} MiB)`, `${int(b.gzip)} (${mib(b.gzip)} MiB)`, ""]) : [["browser .wasm (build/site/*.wasm)", "not built yet", "", ""]]),
])}

What each part adds: ever larger programs built with the Worker's flags (\`GOOS=js GOARCH=wasm\`, \`-ldflags='-s -w' -trimpath\`);
the small ones are in bench/peers/sizes.

${table(["program", "raw bytes", "gzip -9 bytes", "adds (gzip)"], ladderRows)}

Where the Worker's code comes from. The Worker is linked again without \`-s\`, which keeps the name section naming the function behind
every code body; bench/wasmsize.mjs sums the bodies by module (\`go list -deps\` maps packages to modules; the standard library is
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
