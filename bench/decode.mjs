// Decodes the files `peers images` wrote with zxing-cpp (npm zxing-wasm, its
// default reader options) and jsQR, ROUNDS times each, timing only the decode: the
// PNG is unpacked to RGBA beforehand, as the Go side decodes it before timing.
// Usage: node decode.mjs DIR [ROUNDS]
// Prints JSON in the shape of `peers decode`.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { PNG } from "pngjs";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";
import jsQR from "jsqr";

const dir = process.argv[2];
const rounds = Number(process.argv[3] ?? 3);
const require = createRequire(import.meta.url);
prepareZXingModule({
  overrides: { wasmBinary: fs.readFileSync(require.resolve("zxing-wasm/reader/zxing_reader.wasm")).buffer },
});

// A real photograph's text is one code of perhaps several in it, written
// down as text or, for binary content, as the code's bytes read as Latin-1.
const latin1 = (bytes) => String.fromCharCode(...(bytes ?? []));
const decoded = (im, found, bytes) =>
  im.set === "real" ? found.includes(im.texts[0]) || bytes.some((b) => latin1(b) === im.texts[0]) : sameSet(found, im.texts);
const sameSet = (found, want) => {
  const a = [...new Set(found)].sort();
  const b = [...new Set(want)].sort();
  return a.length > 0 && a.length === b.length && a.every((x, i) => x === b[i]);
};

const list = JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8"));
const images = list.map((im) => {
  const png = PNG.sync.read(fs.readFileSync(path.join(dir, im.file)));
  return { ...im, pixels: { data: new Uint8ClampedArray(png.data), width: png.width, height: png.height } };
});
const read = async (px) => (await readBarcodes(px, { formats: ["QRCode"] })).filter((r) => r.isValid);

await read(images[0].pixels); // instantiates the module, outside the timings
for (let i = 0; i < 20; i++) await read(images[i % images.length].pixels); // lets V8 tier up

const out = [];
for (const im of images) {
  const res = { decoder: "zxing-cpp", file: im.file, set: im.set, class: im.class, source: im.source, ok: false, found: null, ms: [] };
  for (let r = 0; r < rounds; r++) {
    const start = performance.now();
    const found = await read(im.pixels);
    res.ms.push(Math.round((performance.now() - start) * 1000) / 1000);
    if (r === 0) {
      res.found = found.map((f) => f.text);
      res.ok = decoded(im, res.found, found.map((f) => f.bytes));
    }
  }
  out.push(res);
}
// jsQR, the JavaScript reader many web pages use: one code an image, with
// inverted images tried too, as its "attemptBoth" option does.
for (const im of images) {
  const res = { decoder: "jsQR", file: im.file, set: im.set, class: im.class, source: im.source, ok: false, found: null, ms: [] };
  for (let r = 0; r < rounds; r++) {
    const start = performance.now();
    const code = jsQR(im.pixels.data, im.pixels.width, im.pixels.height, { inversionAttempts: "attemptBoth" });
    res.ms.push(Math.round((performance.now() - start) * 1000) / 1000);
    if (r === 0) {
      res.found = code ? [code.data] : [];
      res.ok = decoded(im, res.found, code ? [code.binaryData] : []);
    }
  }
  out.push(res);
}
console.log(JSON.stringify(out, null, 1));
