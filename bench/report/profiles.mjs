import { exists, read } from "./lib.mjs";
import { start } from "./worker.mjs";
// ---- profiles --------------------------------------------------------------

export function pprofTop(f) {
  if (!exists(f)) return "(no profile)";
  const lines = read(f).split("\n");
  const start = lines.findIndex((l) => l.startsWith("Showing top"));
  return lines.slice(Math.max(0, start)).join("\n").trim();
}
// the heaviest functions of a profile by their own time: [{name, flat}]
export function pprofHeaviest(f, n) {
  if (!exists(f)) return [];
  return read(f).split("\n")
    .map((l) => /^\s*[\d.]+m?s\s+([\d.]+)%\s+[\d.]+%\s+[\d.]+m?s\s+[\d.]+%\s+(.+?)( \(inline\))?$/.exec(l))
    .filter(Boolean).slice(0, n).map((m) => ({ name: m[2], flat: +m[1] }));
}
export const shortFn = (name) => name.replace(/^github\.com\/makiuchi-d\//, "").replace(/^qrkeyless\//, "");
