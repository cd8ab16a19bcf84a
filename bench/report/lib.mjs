// What every section of the report shares: the files bench/run.sh
// collected (the directory is the report's first argument), medians, and
// the ways figures are written.
import fs from "node:fs";
import os from "node:os";
import { amount } from "../requests.mjs";
import { block, section } from "../sections.mjs";

export const dir = process.argv[2];
export const goVersion = (process.argv[3] ?? "").replace(/^go version /, "");
export const read = (f) => fs.readFileSync(`${dir}/${f}`, "utf8");
export const json = (f) => JSON.parse(read(f));
export const jsonl = (f) => read(f).split("\n").filter(Boolean).map((l) => JSON.parse(l));
export const exists = (f) => fs.existsSync(`${dir}/${f}`);

export const median = (xs) => {
  const s = xs.filter((x) => x !== undefined && !Number.isNaN(x)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
export const ms = (x) => (Number.isNaN(x) ? "–" : x < 1 ? x.toFixed(3) : x < 10 ? x.toFixed(2) : x < 100 ? x.toFixed(1) : x.toFixed(0));
export const x = (r) => (Number.isNaN(r) ? "–" : `${r < 0.1 ? r.toFixed(3) : r.toFixed(2)}x`);
export const int = (n) => (Number.isNaN(n) ? "–" : Math.round(n).toLocaleString("en-US"));
export const mib = (b) => (b / 2 ** 20).toFixed(2);
export const status = (ok) => (ok ? "meets" : "**misses**");
export const table = (head, rows) =>
  [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`, ...rows.map((r) => `| ${r.join(" | ")} |`)].join("\n");

export const groups = ["url30", "wifi", "text300", "text1200"];
export const groupLabel = { url30: "30-char URL", wifi: "wifi string", text300: "300-char text", text1200: "1200-char text", all: "all 20" };

export { fs, os, amount, block, section };
