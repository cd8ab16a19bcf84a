import { exists, json, read } from "./lib.mjs";
// ---- styles ----------------------------------------------------------------

// styles-bench.txt is `go test -bench 'Style(PNG512|SVG)' -count N` of
// core/render: the 30-char URL at ec H, 512 px, per module style.
export const styleBench = new Map(); // style -> {png: [ms], svg: [ms], bytes}
if (exists("styles-bench.txt")) {
  for (const line of read("styles-bench.txt").split("\n")) {
    const m = line.match(/^BenchmarkStyle(PNG512|SVG)\/(\S+?)(?:-\d+)?\s+\d+\s+([\d.]+) ns\/op(?:\s+([\d.]+) bytes)?/);
    if (!m) continue;
    const st = styleBench.get(m[2]) ?? { png: [], svg: [], bytes: NaN };
    (m[1] === "SVG" ? st.svg : st.png).push(Number(m[3]) / 1e6);
    if (m[4] && m[1] === "SVG") st.bytes = Number(m[4]); // the SVG's size; PNG512 reports its own too
    styleBench.set(m[2], st);
  }
}
// matrix.json is TestMatrix's tally (core/render/matrix_test.go).
export const matrix = exists("matrix.json") ? json("matrix.json") : null;
