// Reads the peers' pictures that e2e/compat_test.go kept (QR_COMPAT_DIR)
// with zxing-cpp, the reader behind many phone scanners: each must hold
// exactly the text asked, as the bytes its charset writes (ISO-8859-1,
// Shift JIS), with an ECI header where the charset needs one, at the
// level asked. An EPS is drawn by Ghostscript first (make print-tools).
// Usage: node e2e/compat/read.mjs DIR
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";

const require = createRequire(import.meta.url);
prepareZXingModule({
  overrides: { wasmBinary: fs.readFileSync(require.resolve("zxing-wasm/reader/zxing_reader.wasm")).buffer },
});

const dir = process.argv[2];
if (!dir) throw new Error("usage: node e2e/compat/read.mjs DIR");
const entries = JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8"));
const failures = [];
const formats = new Map();
for (const e of entries) {
  let file = path.join(dir, e.file);
  if (file.endsWith(".eps")) {
    execFileSync("gs", ["-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-dEPSCrop", "-r288", "-sDEVICE=png16m", `-sOutputFile=${file}.png`, file], { stdio: "pipe" });
    file += ".png";
  }
  const found = await readBarcodes(new Blob([fs.readFileSync(file)]), { formats: ["QRCode"], tryHarder: false });
  const r = found.find((f) => f.isValid);
  const ext = e.file.replace(/^[^.]*\./, "");
  formats.set(ext, (formats.get(ext) ?? 0) + 1);
  const where = `${e.file} (${e.path})`;
  if (!r) {
    failures.push(`${where}: zxing-cpp found no code`);
    continue;
  }
  const bytes = Buffer.from(r.bytes).toString("hex");
  const wrong = [];
  if (r.text !== e.text) wrong.push(`text ${JSON.stringify(r.text)}, want ${JSON.stringify(e.text)}`);
  if (bytes !== e.bytes) wrong.push(`bytes ${bytes}, want ${e.bytes}`);
  if (r.hasECI !== e.eci) wrong.push(`ECI ${r.hasECI}, want ${e.eci}`);
  if (r.ecLevel !== e.ec) wrong.push(`level ${r.ecLevel}, want ${e.ec}`);
  if (wrong.length) failures.push(`${where}: ${wrong.join("; ")}`);
}
const by = [...formats].map(([f, n]) => `${n} ${f}`).join(", ");
console.log(`compat: zxing-cpp read ${entries.length - failures.length} of ${entries.length} peer pictures exactly (${by})`);
if (failures.length) {
  for (const f of failures) console.error("  " + f);
  process.exit(1);
}
