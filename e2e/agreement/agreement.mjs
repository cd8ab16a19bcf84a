// Reads the pictures of the agreement set (core/scan TestWriteAgreementSet)
// with zxing-cpp (try-harder), the decoder behind many phone scanners, and
// with jsQR, a weaker reader found in web pages, and sets Verify's verdicts
// beside what they read. Each code is photographed in several ways (3 and
// 2.5 px a module, by Go and by ImageMagick, JPEG 40 to 75), each way in
// a few frames of different noise: a reader reads the code after a
// degradation when it reads one of its frames, as a phone's scanner reads
// frame after frame. Verify's promise: a code it calls scannable, zxing-cpp
// reads after every degradation, and of the codes zxing-cpp reads so,
// Verify refuses under 5%. The script names each code that breaks the
// first and exits 1 when either figure passes its ceiling (maxBroken,
// maxRefused: where they stand today). Codes whose eye is not drawn at
// their version (a 422) are counted apart. Where zxing-cpp reads a code and jsQR
// misses it after some degradation, Verify should warn that weaker scanners
// may struggle: that is counted, not required. Per-picture figures (a miss
// in any one frame) are reported beside.
// Usage: node e2e/agreement/agreement.mjs DIR [--json] [--reads FILE]
// (--reads writes what each reader read of each picture)
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { PNG } from "pngjs";
import jsQR from "jsqr";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";

// Each worker thread reads its share of the codes' pictures: one per core.
if (!isMainThread) {
  const require = createRequire(import.meta.url);
  prepareZXingModule({
    overrides: { wasmBinary: fs.readFileSync(require.resolve("zxing-wasm/reader/zxing_reader.wasm")).buffer },
  });
  const { dir, codes } = workerData;
  const out = [];
  for (const e of codes) {
    const zx = [], js = [];
    for (const file of e.Files) {
      const bytes = fs.readFileSync(path.join(dir, file));
      const found = await readBarcodes(new Blob([bytes]), { formats: ["QRCode"], tryHarder: true });
      zx.push(found.some((r) => r.isValid && r.text === e.Text));
      const png = PNG.sync.read(bytes);
      js.push(jsQR(new Uint8ClampedArray(png.data), png.width, png.height, { inversionAttempts: "attemptBoth" })?.data === e.Text);
    }
    out.push({ zx, js });
  }
  parentPort.postMessage(out);
}

if (isMainThread) await main();

async function main() {
  const args = process.argv.slice(2);
  const readsAt = args.indexOf("--reads");
  const readsFile = readsAt >= 0 ? args[readsAt + 1] : null;
  const dir = args.find((a, i) => !a.startsWith("--") && (readsAt < 0 || i !== readsAt + 1));

  // weaker is in Verify's warning that weaker scanners may struggle
  // (scan.WeakerScanners).
  const weaker = "weaker scanners";
  // The promise is no scannable code unread and under 5% of the readable
  // codes refused. Today none is left unread and none refused (with the
  // noise seeded four times otherwise, 1 unread in all, none refused).
  // These ceilings hold them there.
  const maxBroken = 0, maxRefused = 0.01, target = { broken: 0, refused: 0.05 };
  // eyeTable is in Verify's warning on an eye its table never verifies
  // (render.Scannable).
  const eyeTable = "read unreliably by common phone scanners";

  const set = JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8"));
  const shots = set.shots.map((s) => s.name), frames = set.frames;
  const perShot = Object.fromEntries(shots.map((s) => [s, { zxing_unread: 0, zxing_unread_pictures: 0, jsqr_unread: 0 }]));
  const broken = [];
  const reads = {};
  const n = { unserved: 0, unservedReadable: 0, codes: 0, scannable: 0, readable: 0, refusedReadable: 0, refusedByEye: 0, strictBroken: 0, jsqrMisses: 0, jsqrMissesWarned: 0, warned: 0, warnedJsqrReads: 0 };
  const byVersion = {};
  const range = (v) => (v <= 6 ? "1-6" : v <= 13 ? "7-13" : v <= 20 ? "14-20" : "21-40");
  const threads = Math.max(1, Math.min(os.cpus().length, set.codes.length));
  const shares = await Promise.all([...Array(threads).keys()].map((w) => new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { dir, codes: set.codes.filter((_, i) => i % threads === w) } });
    worker.once("message", resolve);
    worker.once("error", reject);
  })));
  for (const [i, e] of set.codes.entries()) {
    const { zx, js } = shares[i % threads][Math.floor(i / threads)];
    if (readsFile) e.Files.forEach((f, k) => (reads[f] = { zxing: zx[k], jsqr: js[k] }));
    // read[k]: some frame of shot k was read
    const byShot = (r) => shots.map((_, k) => r.slice(k * frames, (k + 1) * frames).some(Boolean));
    const zxShot = byShot(zx), jsShot = byShot(js);
    const readable = zxShot.every(Boolean), jsReads = jsShot.every(Boolean);
    const warned = e.Warnings.some((w) => w.includes(weaker));
    if (!e.Served) { // a 422: the eye is not drawn at this version
      n.unserved++;
      n.unservedReadable += readable ? 1 : 0;
      continue;
    }
    const v = (byVersion[range(e.Version)] ??= { codes: 0, scannable: 0, zxing_reads: 0, broken: 0, refused_but_read: 0 });
    n.codes++, v.codes++;
    n.readable += readable ? 1 : 0, v.zxing_reads += readable ? 1 : 0;
    if (!e.Scannable) {
      n.refusedReadable += readable ? 1 : 0, v.refused_but_read += readable ? 1 : 0;
      n.refusedByEye += readable && e.Warnings.some((w) => w.includes(eyeTable)) ? 1 : 0;
      continue;
    }
    n.scannable++, v.scannable++;
    n.strictBroken += zx.every(Boolean) ? 0 : 1;
    for (const [k, s] of shots.entries()) {
      perShot[s].zxing_unread += zxShot[k] ? 0 : 1;
      perShot[s].zxing_unread_pictures += zx.slice(k * frames, (k + 1) * frames).filter((r) => !r).length;
      perShot[s].jsqr_unread += jsShot[k] ? 0 : 1;
    }
    if (!readable) {
      v.broken++;
      broken.push(`${e.Style}/${e.Eye}${e.Ball ? "+" + e.Ball : ""} ${e.FG} on ${e.BG}, version ${e.Version}-${e.EC}, ${e.Size} px: zxing-cpp read no frame of ${shots.filter((_, k) => !zxShot[k]).join(", ")}`);
      continue;
    }
    n.warned += warned ? 1 : 0;
    n.warnedJsqrReads += warned && jsReads ? 1 : 0;
    if (!jsReads) {
      n.jsqrMisses++;
      n.jsqrMissesWarned += warned ? 1 : 0;
    }
  }
  if (readsFile) fs.writeFileSync(readsFile, JSON.stringify(reads));
  const refusedRate = n.readable ? n.refusedReadable / n.readable : 0;
  const pct = (x) => Math.round(x * 1000) / 10;
  const out = {
    codes: n.codes, refused_combinations: n.unserved, refused_combinations_read: n.unservedReadable, pictures: set.codes.length * shots.length * frames, shots, frames, pitches: set.pitches, verify_scannable: n.scannable, zxing_reads: n.readable,
    scannable_but_unread: broken.length, scannable_with_a_picture_unread: n.strictBroken, scannable_unread_per_shot: perShot,
    refused_but_read: n.refusedReadable, refused_but_read_pct: pct(refusedRate), refused_but_read_by_eye_table: n.refusedByEye,
    jsqr_misses_among_scannable: n.jsqrMisses, jsqr_misses_warned: n.jsqrMissesWarned, warned: n.warned, warned_but_jsqr_reads: n.warnedJsqrReads,
    by_version: byVersion, broken,
  };
  if (args.includes("--json")) console.log(JSON.stringify(out));
  else {
    console.log(`agreement: ${set.codes.length} codes, ${out.pictures} pictures (${shots.length} degradations x ${frames} frames); ${n.unserved} are eye and version combinations refused with a 422 (zxing-cpp read ${n.unservedReadable} of them after every degradation); of the ${n.codes} drawn, Verify calls ${n.scannable} scannable; ` +
      `zxing-cpp reads ${n.readable} after every degradation; scannable but unread after some degradation: ${broken.length} (target ${target.broken}, ceiling ${maxBroken}) ` +
      `(with some single picture unread: ${n.strictBroken}); refused though zxing-cpp reads it: ${n.refusedReadable} (${pct(refusedRate)}%; the target is under ${100 * target.refused}%, the ceiling ${100 * maxRefused}%; ${n.refusedByEye} of them by the eye table); ` +
      `jsQR misses ${n.jsqrMisses} of the scannable codes zxing-cpp reads, ${n.jsqrMissesWarned} of them warned; ${n.warned} warned in all, ${n.warnedJsqrReads} of them read by jsQR`);
    for (const [s, p] of Object.entries(perShot)) console.log(`  ${s}: of ${n.scannable} scannable, zxing-cpp misses ${p.zxing_unread} (${p.zxing_unread_pictures} pictures), jsQR ${p.jsqr_unread}`);
    for (const b of broken) console.log("  scannable but not read: " + b);
  }
  process.exit(broken.length > maxBroken || refusedRate > maxRefused ? 1 : 0);
}
