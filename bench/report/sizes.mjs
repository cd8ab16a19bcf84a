import { targets } from "./targets.mjs";
import { exists, int, json, jsonl, mib } from "./lib.mjs";
// ---- sizes -----------------------------------------------------------------

export const sizes = jsonl("sizes.jsonl");
export const worker = sizes.find((s) => s.file === "build/worker/app.wasm");
export const browser = sizes.filter((s) => s !== worker);
export const ladder = Object.fromEntries(jsonl("ladder.jsonl").map((l) => [l.step, l]));
ladder.worker = { step: "worker", raw: worker.raw, gzip: worker.gzip };
export const ladderSteps = [
  ["runtime", "", "Go runtime alone: an empty program (`sizes/runtime`)"],
  ["platform", "runtime", "net/http serving a one-line handler through syumai/workers, as worker/serve_js.go does (`sizes/platform`): any Go Worker's floor"],
  ["encode", "runtime", "core/qr + core/render, PNG and SVG, no HTTP (`sizes/encode`)"],
  ["decode", "encode", "+ core/scan with gozxing, and core/payload, which it uses (`sizes/decode`)"],
  ["nomcp", "decode", "the Worker without MCP (`./worker`, worker/mcp and worker/tools swapped for stubs by `-overlay`)"],
  ["worker", "nomcp", "the Worker (`./worker`): the difference is MCP"],
];
export const ladderRows = ladderSteps.map(([step, base, label]) => {
  const s = ladder[step], b = ladder[base];
  if (!s || s.error) return [label, "not built", s?.error ? `\`${s.error.split("\n").find((l) => l && !l.startsWith("#")) ?? "error"}\`` : "", ""];
  return [label, `${int(s.raw)} (${mib(s.raw)} MiB)`, `${int(s.gzip)} (${mib(s.gzip)} MiB)`, b && !b.error ? `+${int(s.gzip - b.gzip)} over ${base}` : ""];
});
export const mcpAdds = ladder.nomcp && !ladder.nomcp.error ? worker.gzip - ladder.nomcp.gzip : NaN;
export const mcpAddsRaw = ladder.nomcp && !ladder.nomcp.error ? worker.raw - ladder.nomcp.raw : NaN;
export const workerRawLimit = targets.WORKER_RAW_MAX;

export const attr = json("attribution-worker.json");
export const attrNoMCP = exists("attribution-nomcp.json") ? json("attribution-nomcp.json") : null;
export const codeTotal = attr.sections.code;
export const without = (g) => attrNoMCP?.groups.find((h) => h.group === g.group);
export const attrTop = attr.groups.slice(0, 18);
export const attrRest = attr.groups.slice(18);
export const sum = (gs, f) => gs.reduce((s, g) => s + (f(g) ?? 0), 0);
export const attrRow = (label, gs) => [label, int(sum(gs, (g) => g.code)), int(sum(gs, (g) => g.code_gzip)),
  attrNoMCP ? int(sum(gs, (g) => without(g)?.code_gzip ?? 0)) : "–",
  attrNoMCP ? int(sum(gs, (g) => g.code_gzip - (without(g)?.code_gzip ?? 0))) : "–",
  `${((100 * sum(gs, (g) => g.code)) / codeTotal).toFixed(1)}%`];
export const attrRows = [
  ...attrTop.map((g) => attrRow(g.group, [g])),
  attrRow(`${attrRest.length} smaller groups`, attrRest),
  attrRow("**all code**", attr.groups),
];
export const thirdParty = attr.groups.filter((g) => !g.group.startsWith("std:") && !g.group.startsWith("qrkeyless") && !g.group.startsWith("compiler"));
export const mcpTop = attrNoMCP
  ? [...attr.groups].map((g) => ({ group: g.group, adds: g.code_gzip - (without(g)?.code_gzip ?? 0) })).sort((a, b) => b.adds - a.adds).slice(0, 5)
  : [];
