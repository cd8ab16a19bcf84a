import { groupLabel, groups, int, json, median, ms, table, x } from "./lib.mjs";
// ---- encode ----------------------------------------------------------------

// byEncoder: "name|format" -> {name, format, ours, inputs: [{input, group, length, ms, bytes, ...}]}
export function byEncoder(results) {
  const m = new Map();
  for (const r of results) {
    const key = `${r.encoder}|${r.format}`;
    const e = m.get(key) ?? { name: r.encoder, format: r.format, ours: r.ours, inputs: [] };
    e.inputs.push({ ...r, ms: median(r.ns_per_op) / 1e6 });
    m.set(key, e);
  }
  return m;
}
export const pick = (e, g) => (g === "all" ? e.inputs : e.inputs.filter((i) => i.group === g));
export const gms = (e, g) => median(pick(e, g).map((i) => i.ms));
export const gbytes = (e, g) => median(pick(e, g).map((i) => i.bytes));

export const encNative = byEncoder(json("encode-native.json"));
export const encWasm = byEncoder(json("encode-wasm.json"));
export const encNode = byEncoder(json("encode-node.json"));
export const pngOf = (m) => [...m.values()].filter((e) => e.format === "png");
export const ours = (m, f) => m.get(`ours|${f}`);
export const goPeers = (m) => pngOf(m).filter((e) => !e.ours);
export const fastest = (peers, g) => peers.reduce((a, b) => (gms(b, g) < gms(a, g) ? b : a));

export function encodeTimeTable(m, extra = []) {
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
export function bytesTable(m) {
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

export const usN = ours(encNative, "png");
export const bestN = fastest(goPeers(encNative), "all");
export const pngRatioNative = gms(usN, "all") / gms(bestN, "all");
export const usW = ours(encWasm, "png");
export const bestW = fastest(goPeers(encWasm), "all");
export const pngRatioWasm = gms(usW, "all") / gms(bestW, "all");

export const smallestOn = (input) => Math.min(...goPeers(encNative).map((p) => p.inputs.find((q) => q.input === input).bytes));
export const byteWins = usN.inputs.filter((i) => i.bytes <= smallestOn(i.input)).length;

export const svgN = ours(encNative, "svg");
export const svgW = ours(encWasm, "svg");
export const svgNode = encNode.get("node qrcode|svg");
export const pngNode = encNode.get("node qrcode|png");
export const svgRatios = svgN.inputs.map((i) => i.bytes / svgNode.inputs.find((q) => q.input === i.input).bytes);
export const svgRatioMax = Math.max(...svgRatios);

export const unread = [...encNative.values()].flatMap((e) => e.inputs.filter((i) => i.verified === false).map((i) => `${e.name} ${i.input}`));

// What a zlib level would trade for our PNGs: the lowest level at which
// every input is no larger than the smallest peer's.
export const levels = usN.inputs[0].png?.levels?.map((l) => l.level) ?? [];
export const levelRows = levels.map((level) => {
  const at = usN.inputs.map((i) => i.png.levels.find((l) => l.level === level));
  const wins = usN.inputs.filter((i, k) => at[k].bytes <= smallestOn(i.input)).length;
  return { level, bytes: median(at.map((a) => a.bytes)), ms: median(at.map((a) => a.ns / 1e6)), wins };
});
export const enoughLevel = levelRows.find((l) => l.wins === usN.inputs.length);
// Compares our PNG's layout with the smallest peer's, from the files.
export function pngCause() {
  const peer = goPeers(encNative).reduce((a, b) => (gbytes(b, "all") < gbytes(a, "all") ? b : a));
  const a = usN.inputs[0].png, b = peer.inputs[0].png;
  if (!a || !b) return "";
  const zlevel = ["fastest", "fast", "default", "best"];
  const layout = (p) => `${p.depth}-bit ${{ 0: "grey", 2: "RGB", 3: "palette", 4: "grey+alpha", 6: "RGBA" }[p.color_type] ?? "?"}`;
  const same = layout(a) === layout(b) && a.other === b.other;
  return `From the files: ${same ? `we and ${peer.name} both write ${layout(a)} PNGs with ${a.other} bytes around the pixels, so the difference is the pixel stream, ` : `ours is ${layout(a)} with ${a.other} bytes around the pixels, ${peer.name}'s ${layout(b)} with ${b.other}; `}compressed at zlib level "${zlevel[a.zlib_level]}" by us and "${zlevel[b.zlib_level]}" by ${peer.name}. `;
}
