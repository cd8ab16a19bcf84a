// Runs zxing-cpp (npm zxing-wasm, its reader and its writer, which makes
// Micro QR and rMQR through zint) for the Go tests of internal/oracle.
// Reads one JSON request on stdin and writes one JSON answer on stdout:
//   {"read": [base64 PNG, ...]}  -> [[{format, text, bytes, version, ec, mask, seqSize, seqIndex, seqId}, ...], ...]
//   {"write": [{format, text, options}, ...]} -> [{width, height, modules: "0101...", error}, ...]
import fs from "node:fs";
import { createRequire } from "node:module";
import { prepareZXingModule, readBarcodes, writeBarcode } from "zxing-wasm/full";

const require = createRequire(import.meta.url);
prepareZXingModule({
  overrides: { wasmBinary: fs.readFileSync(require.resolve("zxing-wasm/full/zxing_full.wasm")).buffer },
});

const req = JSON.parse(fs.readFileSync(0, "utf8"));
let out;
if (req.read) {
  out = [];
  for (const b64 of req.read) {
    const found = await readBarcodes(new Blob([Buffer.from(b64, "base64")]), {
      formats: ["QRCode", "MicroQRCode", "RMQRCode"],
      tryHarder: true,
    });
    out.push(found.filter((r) => r.isValid).map((r) => {
      const extra = r.extra ? JSON.parse(r.extra) : {};
      return {
        format: r.format,
        text: r.text,
        bytes: Buffer.from(r.bytes).toString("base64"),
        version: r.version,
        ec: r.ecLevel,
        mask: extra.DataMask ?? -1,
        seqSize: r.sequenceSize,
        seqIndex: r.sequenceIndex,
        seqId: r.sequenceId,
      };
    }));
  }
} else {
  out = [];
  for (const w of req.write) {
    const r = await writeBarcode(w.text, { format: w.format, options: w.options ?? "", scale: 1, addQuietZones: false });
    if (r.error) {
      out.push({ error: r.error });
      continue;
    }
    const s = r.symbol;
    let modules = "";
    for (let i = 0; i < s.width * s.height; i++) modules += s.data[i] < 128 ? "1" : "0";
    out.push({ width: s.width, height: s.height, modules });
  }
}
process.stdout.write(JSON.stringify(out));
