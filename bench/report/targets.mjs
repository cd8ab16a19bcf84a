// The targets of bench/targets.mk, the file the Makefile includes too,
// by name: targets.PNG_NATIVE_RATIO and so on.
import fs from "node:fs";

export const targets = Object.fromEntries(
  fs
    .readFileSync(new URL("../targets.mk", import.meta.url), "utf8")
    .split("\n")
    .map((l) => l.match(/^([A-Z0-9_]+)\s*=\s*([0-9.]+)\s*$/))
    .filter(Boolean)
    .map((m) => [m[1], Number(m[2])]),
);
