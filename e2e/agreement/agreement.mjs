// Reads the pictures of the agreement set (core/scan TestWriteAgreementSet)
// with zxing-cpp, as a phone's scanner would, and sets Verify's verdicts
// beside what it read. A code Verify calls scannable must be read from
// each of its three pictures (clean, light noise, heavy noise): anything
// else breaks Verify's promise, and the script exits 1 naming each such
// code and picture.
// Usage: node e2e/agreement/agreement.mjs DIR [--json]
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";

const dir = process.argv[2];
const require = createRequire(import.meta.url);
prepareZXingModule({
  overrides: { wasmBinary: fs.readFileSync(require.resolve("zxing-wasm/reader/zxing_reader.wasm")).buffer },
});
const set = JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8"));

const shots = ["clean", "light-noise", "heavy-noise"];
const read = {}; // shot -> codes read
const unread = {}; // shot -> codes Verify calls scannable that zxing-cpp did not read
const broken = [];
let scannable = 0, readable = 0, agree = 0;
for (const e of set) {
  const ok = [];
  for (const [i, file] of e.Files.entries()) {
    const found = await readBarcodes(new Blob([fs.readFileSync(path.join(dir, file))]), { formats: ["QRCode"], tryHarder: true });
    const good = found.some((r) => r.isValid && r.text === e.Text);
    ok.push(good);
    read[shots[i]] = (read[shots[i]] ?? 0) + (good ? 1 : 0);
    unread[shots[i]] = (unread[shots[i]] ?? 0) + (e.Scannable && !good ? 1 : 0);
  }
  const phone = ok[0] && ok[1];
  scannable += e.Scannable ? 1 : 0;
  readable += phone ? 1 : 0;
  agree += e.Scannable === phone ? 1 : 0;
  if (e.Scannable && !ok.every(Boolean)) broken.push(`${e.Style}/${e.Eye} ${e.FG} on ${e.BG}, ${e.Text.length} chars: zxing-cpp read ${shots.filter((_, i) => ok[i]).join(", ") || "nothing"}`);
}
const out = {
  codes: set.length, verify_scannable: scannable, zxing_reads_clean_and_light: readable,
  agree, scannable_but_unread: broken.length, scannable_but_unread_per_shot: unread, zxing_read_per_shot: read, broken,
};
if (process.argv.includes("--json")) console.log(JSON.stringify(out));
else {
  console.log(`agreement: ${set.length} codes; Verify calls ${scannable} scannable; zxing-cpp reads ${readable} (clean and light noise); they agree on ${agree}; read per shot ${JSON.stringify(read)}; scannable but unread per shot ${JSON.stringify(unread)}`);
  for (const b of broken) console.log("  scannable but not read: " + b);
}
process.exit(broken.length > 0 ? 1 : 0);
