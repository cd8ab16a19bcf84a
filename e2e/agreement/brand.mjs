// Reads the pictures of the brand set (core/verify TestWriteBrandSet) with
// zxing-cpp and jsQR, as phones' scanners would. Every branded code the
// service serves is verified first; a served code either reader cannot
// read from its clean or its lightly noisy picture breaks that promise,
// and the script exits 1 naming it. Refused codes are counted, with what
// refused them.
// Usage: node e2e/agreement/brand.mjs DIR [--json]
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { PNG } from "pngjs";
import jsQR from "jsqr";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";

const dir = process.argv[2];
const require = createRequire(import.meta.url);
prepareZXingModule({
  overrides: { wasmBinary: fs.readFileSync(require.resolve("zxing-wasm/reader/zxing_reader.wasm")).buffer },
});
const set = JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8"));
const largest = JSON.parse(fs.readFileSync(path.join(dir, "largest.json"), "utf8"));

const shots = ["clean", "light-noise"];
const read = { "zxing-cpp": [0, 0], jsQR: [0, 0] };
const broken = [];
let served = 0;
const refusedBy = {};
for (const e of set) {
  if (!e.served) {
    const why = /logo_size=/.test(e.reason) ? "logo too large (fix: a smaller logo_size)" : e.reason.replace(/^the code would not scan: /, "").slice(0, 80);
    refusedBy[why] = (refusedBy[why] ?? 0) + 1;
    continue;
  }
  served++;
  for (const [i, file] of e.files.entries()) {
    const bytes = fs.readFileSync(path.join(dir, file));
    const zx = (await readBarcodes(new Blob([bytes]), { formats: ["QRCode"], tryHarder: true })).some((r) => r.isValid && r.text === e.text);
    const png = PNG.sync.read(bytes);
    const js = jsQR(new Uint8ClampedArray(png.data), png.width, png.height, { inversionAttempts: "attemptBoth" })?.data === e.text;
    read["zxing-cpp"][i] += zx ? 1 : 0;
    read.jsQR[i] += js ? 1 : 0;
    if (!zx || !js) broken.push(`${e.name} (${shots[i]}): ${[!zx && "zxing-cpp", !js && "jsQR"].filter(Boolean).join(" and ")} did not read it`);
  }
}
const out = { codes: set.length, served, refused: set.length - served, refused_by: refusedBy, read_per_shot: read, broken, largest_logo_size: largest };
if (process.argv.includes("--json")) console.log(JSON.stringify(out));
else {
  console.log(`brand set: ${set.length} codes, ${served} served, ${set.length - served} refused; of the served, zxing-cpp read ${read["zxing-cpp"].join(" and ")}, jsQR ${read.jsQR.join(" and ")} (clean and light noise)`);
  for (const [why, n] of Object.entries(refusedBy)) console.log(`  refused ${n}: ${why}`);
  for (const b of broken) console.log("  served but not read: " + b);
}
process.exit(broken.length > 0 ? 1 : 0);
