// Reads the style set (core/render TestWriteStyleSet: a clean render of
// every style and eye the service offers, and of every eye with every other
// ball, 256 to 1024 px, navy on white) with zxing-cpp (zxing-wasm, its
// default options) and jsQR, a weaker reader found in web pages. Every
// picture must read with both, to its text, and each 512 px picture as a
// phone takes it (internal/camera, as Verify's brand set does) with
// zxing-cpp, try-harder: the script names each one a reader misses and
// exits 1 when there is one. The pictures are read by
// one worker thread per core.
// Usage: node e2e/agreement/styles.mjs DIR [--json]
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { PNG } from "pngjs";
import jsQR from "jsqr";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";

if (!isMainThread) {
  const require = createRequire(import.meta.url);
  prepareZXingModule({
    overrides: { wasmBinary: fs.readFileSync(require.resolve("zxing-wasm/reader/zxing_reader.wasm")).buffer },
  });
  const { dir, list } = workerData;
  const out = [];
  for (const e of list) {
    const png = PNG.sync.read(fs.readFileSync(path.join(dir, e.file)));
    const pixels = { data: new Uint8ClampedArray(png.data), width: png.width, height: png.height };
    // A phone's picture is read as Verify reads it (try-harder), by
    // zxing-cpp alone; a clean one by both readers, as they come.
    const zx = (await readBarcodes(pixels, { formats: ["QRCode"], tryHarder: !!e.camera })).some((r) => r.isValid && r.text === e.text);
    const js = e.camera || jsQR(pixels.data, png.width, png.height)?.data === e.text;
    out.push({ zx, js, width: png.width });
  }
  parentPort.postMessage(out);
} else {
  const dir = process.argv.slice(2).find((a) => !a.startsWith("--"));
  const list = JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8"));
  const n = Math.max(1, Math.min(os.availableParallelism(), 8));
  const shares = Array.from({ length: n }, (_, k) => list.filter((_, i) => i % n === k));
  const reads = await Promise.all(shares.map((share) => new Promise((resolve, reject) => {
    const w = new Worker(new URL(import.meta.url), { workerData: { dir, list: share } });
    w.once("message", resolve);
    w.once("error", reject);
  })));
  const missed = { zxing: [], jsqr: [] };
  list.forEach((e, i) => {
    const r = reads[i % n][Math.floor(i / n)];
    const name = `${e.style}/${e.eye}${e.ball ? "+" + e.ball : ""} version ${e.version}-${e.ec} (${e.camera ? "camera, " : ""}${r.width} px)`;
    if (!r.zx) missed.zxing.push(name);
    if (!r.js) missed.jsqr.push(name);
  });
  const combos = new Set(list.map((e) => `${e.style}/${e.eye}/${e.ball ?? ""}`)).size;
  if (process.argv.includes("--json")) {
    console.log(JSON.stringify({ pictures: list.length, combinations: combos, zxing_missed: missed.zxing, jsqr_missed: missed.jsqr }, null, 1));
  } else {
    const shots = list.filter((e) => e.camera).length;
    console.log(`style set: ${list.length - shots} pictures (${combos} style x eye x ball combinations, navy on white): zxing-cpp reads ${list.length - shots - missed.zxing.filter((m) => !m.includes("camera")).length}, jsQR ${list.length - shots - missed.jsqr.length}; ` +
      `after the camera model (3 px a module, blur, noise, JPEG) zxing-cpp reads ${shots - missed.zxing.filter((m) => m.includes("camera")).length} of ${shots}`);
    for (const [reader, names] of Object.entries(missed)) if (names.length) console.log(`  ${reader} misses: ${names.join(", ")}`);
  }
  if (missed.zxing.length || missed.jsqr.length) process.exit(1);
}
