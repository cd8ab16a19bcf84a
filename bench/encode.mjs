// Times node `qrcode` (SVG and 512 px PNG, level M, 4-module margin) on the
// inputs the Go side times, the same way: a warm-up, then rounds that run
// each encoder for at least MIN ms in an order that rotates per round.
// Usage: node encode.mjs INPUTS.json [ROUNDS] [MIN_MS]
// Prints JSON in the shape of `peers encode`.
import fs from "node:fs";
import QRCode from "qrcode";

const inputs = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const rounds = Number(process.argv[3] ?? 5);
const minMs = Number(process.argv[4] ?? 30);

const opts = { errorCorrectionLevel: "M", margin: 4, width: 512 };
const encoders = [
  { encoder: "node qrcode", format: "png", encode: (t) => QRCode.toBuffer(t, { ...opts, type: "png" }) },
  { encoder: "node qrcode", format: "svg", encode: (t) => QRCode.toString(t, { ...opts, type: "svg" }) },
];

async function time(e, text, ms) {
  let n = 0;
  const start = performance.now();
  for (;;) {
    await e.encode(text);
    n++;
    const el = performance.now() - start;
    if (el >= ms) return (el * 1e6) / n;
  }
}

for (const e of encoders) await time(e, inputs[inputs.length / 2].text, 200);
const out = [];
for (const input of inputs) {
  const res = [];
  for (const e of encoders) {
    const b = await e.encode(input.text);
    res.push({
      encoder: e.encoder, format: e.format, ours: false, input: input.name, group: input.group,
      length: Buffer.byteLength(input.text), bytes: Buffer.byteLength(b), ns_per_op: [],
    });
  }
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < encoders.length; k++) {
      const i = (k + r) % encoders.length;
      res[i].ns_per_op.push(await time(encoders[i], input.text, minMs));
    }
  }
  out.push(...res);
}
console.log(JSON.stringify(out, null, 1));
