// Reads the faint set (core/scan TestWriteFaintSet: codes a few grey
// levels from their background under Gaussian noise) with zxing-cpp
// (zxing-wasm, its default options: try-harder, downscaling; and again
// with its denoising) and jsQR, and sets beside them what our decoder read
// of each picture. Our decoder must read at least as many pictures as
// zxing-cpp does in every contrast of the set; the script prints the
// counts by cell and exits 1 when it does not.
// Usage: node e2e/agreement/faint.mjs DIR [--json]
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
  const { dir, entries } = workerData;
  const out = [];
  for (const e of entries) {
    const bytes = fs.readFileSync(path.join(dir, e.file));
    const png = PNG.sync.read(bytes);
    const pixels = { data: new Uint8ClampedArray(png.data), width: png.width, height: png.height };
    const zx = (await readBarcodes(pixels, { formats: ["QRCode"] })).some((r) => r.isValid && r.text === e.texts[0]);
    const zxd = zx || (await readBarcodes(pixels, { formats: ["QRCode"], tryDenoise: true })).some((r) => r.isValid && r.text === e.texts[0]);
    const js = jsQR(pixels.data, png.width, png.height, { inversionAttempts: "attemptBoth" })?.data === e.texts[0];
    out.push({ zx, zxd, js });
  }
  parentPort.postMessage(out);
}

if (isMainThread) await main();

async function main() {
  const args = process.argv.slice(2);
  const dir = args.find((a) => !a.startsWith("--"));
  const list = JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8"));
  const threads = Math.max(1, Math.min(os.cpus().length, list.length));
  const shares = await Promise.all([...Array(threads).keys()].map((w) => new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { dir, entries: list.filter((_, i) => i % threads === w) } });
    worker.once("message", resolve);
    worker.once("error", reject);
  })));
  const rows = {}, byContrast = {};
  const total = { pictures: 0, ours: 0, zxing: 0, zxing_denoise: 0, jsqr: 0 };
  const zxingOnly = [];
  for (const [i, e] of list.entries()) {
    const r = shares[i % threads][Math.floor(i / threads)];
    const contrast = e.class.split(" ")[1];
    for (const t of [(rows[e.class] ??= { pictures: 0, ours: 0, zxing: 0, zxing_denoise: 0, jsqr: 0 }), (byContrast[contrast] ??= { pictures: 0, ours: 0, zxing: 0, zxing_denoise: 0, jsqr: 0 }), total]) {
      t.pictures++;
      t.ours += e.ours ? 1 : 0;
      t.zxing += r.zx ? 1 : 0;
      t.zxing_denoise += r.zxd ? 1 : 0;
      t.jsqr += r.js ? 1 : 0;
    }
    if (r.zx && !e.ours) zxingOnly.push(`${e.file} (${e.class})`);
  }
  if (args.includes("--json")) {
    console.log(JSON.stringify({ total, byContrast, rows, zxing_only: zxingOnly }, null, 1));
  } else {
    for (const [k, t] of Object.entries(rows)) console.log(`faint ${k.padEnd(13)} ours ${t.ours}/${t.pictures}  zxing-cpp ${t.zxing} (denoise ${t.zxing_denoise})  jsQR ${t.jsqr}`);
    for (const [k, t] of Object.entries(byContrast)) console.log(`faint contrast ${k.padEnd(4)} ours ${t.ours}/${t.pictures}  zxing-cpp ${t.zxing} (denoise ${t.zxing_denoise})  jsQR ${t.jsqr}`);
    console.log(`faint set: ours ${total.ours}/${total.pictures}, zxing-cpp ${total.zxing} (with tryDenoise ${total.zxing_denoise}), jsQR ${total.jsqr}; read by zxing-cpp only: ${zxingOnly.length ? zxingOnly.join(", ") : "none"}`);
  }
  const short = Object.entries(byContrast).filter(([, t]) => t.ours < t.zxing);
  if (short.length) {
    console.error(`faint set: our decoder reads fewer pictures than zxing-cpp at ${short.map(([k, t]) => `${k} (${t.ours} < ${t.zxing})`).join(", ")}`);
    process.exit(1);
  }
}
