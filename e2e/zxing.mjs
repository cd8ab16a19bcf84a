// Reads QR codes in image files with zxing-cpp (zxing-wasm), for the Go
// e2e suites: `node e2e/zxing.mjs a.png b.png` prints a JSON array with,
// for each file, the codes found in it, each {text, bytes (hex, as the
// code holds them), eci, ec}.
import fs from "node:fs";
import { createRequire } from "node:module";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";

const require = createRequire(import.meta.url);
prepareZXingModule({
  overrides: { wasmBinary: fs.readFileSync(require.resolve("zxing-wasm/reader/zxing_reader.wasm")).buffer },
});

const out = [];
for (const file of process.argv.slice(2)) {
  const found = await readBarcodes(new Blob([fs.readFileSync(file)]), { formats: ["QRCode"], tryHarder: true });
  out.push(found.map((r) => ({ text: r.text, bytes: Buffer.from(r.bytes).toString("hex"), eci: r.hasECI, ec: r.ecLevel })));
}
process.stdout.write(JSON.stringify(out));
