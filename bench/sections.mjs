// The sections of BENCHMARKS.md that `make soak` and `make load` write,
// between marker comments, so that `make bench` (report.mjs, which
// rewrites the whole file) carries them over:
//
//   <!-- soak:start -->
//   ...
//   <!-- soak:end -->
import fs from "node:fs";

export const headings = { soak: "Soak", load: "Load", collector: "The collector" };
const marks = (name) => [`<!-- ${name}:start -->`, `<!-- ${name}:end -->`];

// section returns what lies between name's markers in text (trimmed), or
// null when text has no such section.
export function section(text, name) {
  const [start, end] = marks(name);
  const a = text.indexOf(start), b = text.indexOf(end);
  if (a < 0 || b < a) return null;
  return text.slice(a + start.length, b).trim();
}

// block is the section with its markers, ready for the document; with no
// body, the line that says how to fill it.
export function block(name, body) {
  const [start, end] = marks(name);
  return `${start}\n${body ?? `Run \`make ${name}\` to fill this section.`}\n${end}`;
}

// replaceSection writes body between name's markers in file; a file
// without them gets the section, under its heading, at its end.
export function replaceSection(file, name, body) {
  const text = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  const [start, end] = marks(name);
  const a = text.indexOf(start), b = text.indexOf(end);
  const next = a >= 0 && b > a
    ? text.slice(0, a) + block(name, body) + text.slice(b + end.length)
    : `${text.trimEnd()}\n\n## ${headings[name]}\n\n${block(name, body)}\n`;
  fs.writeFileSync(file, next);
}
