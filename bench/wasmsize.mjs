// Attributes a Go .wasm's code to the modules it comes from. The module
// must be linked without -s, so its "name" section names every function;
// DEPS is `go list -deps -f '{{.ImportPath}}\t{{with .Module}}{{.Path}}{{end}}'`
// for the same package and GOOS/GOARCH.
// Usage: node wasmsize.mjs FILE.wasm DEPS.tsv
// Prints JSON: section sizes, and per group (a module, or a standard-library
// area) the bytes of its function bodies raw and compressed on their own.
import fs from "node:fs";
import zlib from "node:zlib";

const [file, depsFile] = process.argv.slice(2);
const buf = fs.readFileSync(file);

let pos = 8; // magic and version
function leb() {
  let result = 0, shift = 0, b;
  do {
    b = buf[pos++];
    result += (b & 0x7f) * 2 ** shift;
    shift += 7;
  } while (b & 0x80);
  return result;
}
const name = () => {
  const n = leb();
  const s = buf.toString("utf8", pos, pos + n);
  pos += n;
  return s;
};

const sections = {}; // id or custom name -> bytes
let importedFuncs = 0;
const bodies = []; // [start, end) of each defined function's body
const names = new Map(); // function index -> name
while (pos < buf.length) {
  const id = buf[pos++];
  const size = leb();
  const end = pos + size;
  let key = ["custom", "type", "import", "function", "table", "memory", "global", "export", "start", "element", "code", "data", "datacount"][id] ?? `section ${id}`;
  if (id === 0) {
    const start = pos;
    const cname = name();
    key = `custom:${cname}`;
    if (cname === "name") {
      while (pos < end) {
        const sub = buf[pos++];
        const subSize = leb();
        const subEnd = pos + subSize;
        if (sub === 1) {
          for (let n = leb(); n > 0; n--) {
            const idx = leb();
            names.set(idx, name());
          }
        }
        pos = subEnd;
      }
    }
    pos = start;
  } else if (id === 2) {
    for (let n = leb(); n > 0; n--) {
      name();
      name();
      const kind = buf[pos++];
      if (kind === 0) {
        importedFuncs++;
        leb();
      } else break; // Go imports only functions
    }
  } else if (id === 10) {
    for (let n = leb(); n > 0; n--) {
      const size = leb();
      bodies.push([pos, pos + size]);
      pos += size;
    }
  }
  sections[key] = (sections[key] ?? 0) + size;
  pos = end;
}

const moduleOf = new Map(); // package path as the name section spells it -> module
for (const line of fs.readFileSync(depsFile, "utf8").split("\n")) {
  const [pkg, mod] = line.split("\t");
  if (pkg) moduleOf.set(pkg.replace(/[^A-Za-z0-9_.]/g, "_"), { pkg, mod: mod || "std" });
}
// Go's wasm linker writes "a/b.c/d-e.(*T).M" as "a_b.c_d_e.__T_.M": every
// character but letters, digits, _ and . becomes _. The package is the longest known prefix
// that ends before a dot.
function pkgOf(sym) {
  let best;
  for (let i = sym.indexOf("."); i >= 0; i = sym.indexOf(".", i + 1)) {
    const m = moduleOf.get(sym.slice(0, i));
    if (m) best = m;
  }
  return best;
}
// The standard library is one module to go list; split it into areas a
// reader can act on.
function group(sym) {
  const m = pkgOf(sym);
  if (!m) return "compiler-generated (type equality, wrappers)";
  const { pkg, mod } = m;
  if (mod !== "std") return mod === "qrkeyless" ? pkg : mod;
  const top = pkg.split("/")[0];
  if (["runtime", "internal", "sync", "syscall", "unsafe", "errors", "os", "io", "time", "iter", "unique", "weak"].includes(top)) return "std: runtime, os, io, time";
  if (pkg.startsWith("net/http")) return "std: net/http";
  if (top === "crypto" || pkg.startsWith("vendor/golang.org/x/crypto")) return "std: crypto (TLS, x509 and their ciphers)";
  if (top === "vendor" || top === "net" || top === "mime") return "std: net, mime";
  return `std: ${top}`;
}

const groups = new Map();
bodies.forEach(([s, e], i) => {
  const sym = names.get(importedFuncs + i) ?? "";
  const g = group(sym);
  const entry = groups.get(g) ?? { group: g, funcs: 0, code: 0, parts: [] };
  entry.funcs++;
  entry.code += e - s;
  entry.parts.push(buf.subarray(s, e));
  groups.set(g, entry);
});
const out = [...groups.values()].map(({ parts, ...g }) => ({
  ...g,
  code_gzip: zlib.gzipSync(Buffer.concat(parts), { level: 9 }).length,
}));
out.sort((a, b) => b.code - a.code);
console.log(JSON.stringify({ file, bytes: buf.length, named: names.size > 0, sections, groups: out }, null, 1));
