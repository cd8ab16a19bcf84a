import { exists, json, median, ms, status, table, x } from "./lib.mjs";
import { ours } from "./encode.mjs";
// ---- decode ----------------------------------------------------------------

export const decNative = json("decode-native.json");
export const decWasm = json("decode-wasm.json");
export const decZx = json("decode-zxing.json");
export const rowsOf = (res, decoder, set, cls) => res.filter((r) => r.decoder === decoder && r.set === set && (cls === undefined || r.class === cls));
export const okCount = (rs) => rs.filter((r) => r.ok).length;
export const decMs = (rs) => median(rs.map((r) => median(r.ms)));
export const hardClasses = [...new Set(decNative.filter((r) => r.set === "hard").map((r) => r.class))];

export function decodeRow(label, set, cls) {
  const on = rowsOf(decNative, "ours", set, cls), gn = rowsOf(decNative, "gozxing", set, cls);
  const ow = rowsOf(decWasm, "ours", set, cls), gw = rowsOf(decWasm, "gozxing", set, cls);
  const zx = rowsOf(decZx, "zxing-cpp", set, cls);
  const n = on.length;
  return [label, `**${okCount(on)}**/${n}`, `${okCount(gn)}/${n}`, `${okCount(zx)}/${n}`,
    `**${ms(decMs(on))}**`, ms(decMs(gn)), `**${ms(decMs(ow))}**`, ms(decMs(gw)), ms(decMs(zx)), x(decMs(ow) / decMs(zx))];
}
export const decodeTable = table(
  ["images", "ours decoded", "gozxing", "zxing-cpp", "ours ms, native", "gozxing ms, native", "ours ms, wasm", "gozxing ms, wasm", "zxing-cpp ms (wasm)", "ours wasm ÷ zxing-cpp"],
  [
    decodeRow("clean set: our 512 px PNGs of the 20 inputs", "clean"),
    ...hardClasses.map((c) => decodeRow(`hard: ${c}`, "hard", c)),
    decodeRow(`hard set, all ${rowsOf(decNative, "ours", "hard").length}`, "hard"),
  ],
);
// The photo corpus (core/scan/hardset, Photos): per class, every decoder on the same files.
export const photoClasses = [...new Set(decNative.filter((r) => r.set === "photo").map((r) => r.class))];
export function photoRow(label, cls, nat = decNative, wasm = decWasm, zxj = decZx) {
  const on = rowsOf(nat, "ours", "photo", cls), gn = rowsOf(nat, "gozxing", "photo", cls);
  const ow = rowsOf(wasm, "ours", "photo", cls), zx = rowsOf(zxj, "zxing-cpp", "photo", cls), js = rowsOf(zxj, "jsQR", "photo", cls);
  const n = on.length;
  return [label, `**${okCount(on)}**/${n}`, `${okCount(gn)}/${n}`, `${okCount(zx)}/${n}`, `${okCount(js)}/${n}`,
    `${status(okCount(on) >= okCount(zx))}`, `**${ms(decMs(on))}**`, ms(decMs(gn)), `**${ms(decMs(ow))}**`, ms(decMs(zx)), ms(decMs(js)), ow.length ? x(decMs(ow) / decMs(zx)) : "–"];
}
export const photoHead = ["class", "ours", "gozxing", "zxing-cpp", "jsQR", "ours ≥ zxing-cpp", "ours ms, native", "gozxing ms, native", "ours ms, wasm", "zxing-cpp ms", "jsQR ms", "ours wasm ÷ zxing-cpp"];
export const photoTable = photoClasses.length ? table(photoHead,
  [...photoClasses.map((c) => photoRow(c, c)), photoRow(`all ${rowsOf(decNative, "ours", "photo").length}`)],
) : "";
// The held-out seed: the same classes, other pixels, never looked at
// while the ladder was built (natively only).
export const heldNative = exists("heldout-native.json") ? json("heldout-native.json") : [];
export const heldZx = exists("heldout-zxing.json") ? json("heldout-zxing.json") : [];
export const heldTable = heldNative.length ? table(photoHead,
  [...photoClasses.map((c) => photoRow(c, c, heldNative, [], heldZx)), photoRow(`all ${rowsOf(heldNative, "ours", "photo").length}`, undefined, heldNative, [], heldZx)],
) : "";
// The real photos (core/scan/testdata/photos): scores on the pictures
// whose text another reader gave, those only ours reads apart.
export const realNative = exists("real-native.json") ? json("real-native.json") : [];
export const realWasm = exists("real-wasm.json") ? json("real-wasm.json") : [];
export const realZx = exists("real-zxing.json") ? json("real-zxing.json") : [];
export const realTurns = [["0", "as taken"], ["90", "turned 90°"]];
export const realRows = (res, decoder, turn, ours = false) =>
  rowsOf(res, decoder, "real", turn).filter((r) => (r.source === "qrkeyless") === ours);
export const realScore = (res, decoder, turn) => okCount(realRows(res, decoder, turn));
export function realRow([turn, label]) {
  const on = realRows(realNative, "ours", turn), gn = realRows(realNative, "gozxing", turn);
  const ow = realRows(realWasm, "ours", turn), zx = realRows(realZx, "zxing-cpp", turn), js = realRows(realZx, "jsQR", turn);
  const all = (res, d) => rowsOf(res, d, "real", turn); // timing: every picture
  const own = (res, d) => `${okCount(realRows(res, d, turn, true))}/${realRows(res, d, turn, true).length}`;
  return [label, `**${okCount(on)}**/${on.length}`, `${okCount(gn)}/${on.length}`, `${okCount(zx)}/${on.length}`, `${okCount(js)}/${on.length}`,
    status(okCount(on) >= okCount(zx)), `${own(realNative, "ours")}, ${own(realNative, "gozxing")}, ${own(realZx, "zxing-cpp")}, ${own(realZx, "jsQR")}`,
    `**${ms(decMs(all(realNative, "ours")))}**`, ms(decMs(all(realNative, "gozxing"))), `**${ms(decMs(all(realWasm, "ours")))}**`,
    ms(decMs(all(realZx, "zxing-cpp"))), ms(decMs(all(realZx, "jsQR"))), x(decMs(all(realWasm, "ours")) / decMs(all(realZx, "zxing-cpp")))];
}
export const realTable = realNative.length ? table(
  ["photos", "ours", "gozxing", "zxing-cpp", "jsQR", "ours ≥ zxing-cpp", "read only by ours (ours, gozxing, zxing-cpp, jsQR)", "ours ms, native", "gozxing ms, native", "ours ms, wasm", "zxing-cpp ms", "jsQR ms", "ours wasm ÷ zxing-cpp"],
  realTurns.map(realRow),
) : "";
// The pictures one of ours and zxing-cpp reads and the other does not.
export const realDiff = (turn, a, b) => realRows(a[0], a[1], turn).filter((r) => r.ok && !realRows(b[0], b[1], turn).find((o) => o.file === r.file)?.ok)
  .map((r) => r.file.replace(/^real-/, "").replace(/-(0|90)\.png$/, ""));
export const realDiffs = realNative.length ? realTurns.map(([turn, label]) => {
  const zOnly = realDiff(turn, [realZx, "zxing-cpp"], [realNative, "ours"]), oOnly = realDiff(turn, [realNative, "ours"], [realZx, "zxing-cpp"]);
  return `${label}: zxing-cpp reads ${zOnly.length ? zOnly.join(", ") : "nothing"} that we miss; we read ${oOnly.length ? oOnly.join(", ") : "nothing"} that it misses.`;
}).join(" ") : "";
// The rung table (core/scan TestRungTable).
export const rungs = exists("rungs.json") ? json("rungs.json") : null;
export const rungTable = rungs ? table(
  ["rung", "in the ladder", "reads alone", "ms an image, alone", "adds in the ladder", "images it is tried on", "ms spent on them", "added per ms"],
  rungs.rows.map((r) => [r.rung, r.in_ladder ? "yes" : "no (measured)", `${r.alone}/${rungs.images}`, ms(r.alone_ms),
    r.in_ladder ? `**${r.gain}**` : `(${r.gain})`, r.reached, ms(r.reached_ms), r.gain ? r.gain_per_ms.toFixed(3) : "0"]),
) : "";
export const hardOurs = okCount(rowsOf(decNative, "ours", "hard"));
export const hardZx = okCount(rowsOf(decZx, "zxing-cpp", "hard"));
export const hardGo = okCount(rowsOf(decNative, "gozxing", "hard"));
export const hardN = rowsOf(decNative, "ours", "hard").length;
export const trailClasses = hardClasses.filter((c) => okCount(rowsOf(decNative, "ours", "hard", c)) < okCount(rowsOf(decZx, "zxing-cpp", "hard", c)));
export const leadClasses = hardClasses.filter((c) => okCount(rowsOf(decNative, "ours", "hard", c)) > okCount(rowsOf(decZx, "zxing-cpp", "hard", c)));
export const wasmDiffers = decNative.filter((r) => r.decoder === "ours").filter((r) => decWasm.find((w) => w.decoder === "ours" && w.file === r.file)?.ok !== r.ok);
