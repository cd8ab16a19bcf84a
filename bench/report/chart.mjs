import { fs, groups, median } from "./lib.mjs";
import { encNative, encWasm, pick, pngNode, pngOf } from "./encode.mjs";
// ---- chart -----------------------------------------------------------------

export function chart(panels) {
  const W = 470, H = 360, L = 56, R = 12, T = 34, B = 46;
  const colors = { ours: "#d62728", "skip2/go-qrcode": "#1f77b4", gozxing: "#2ca02c", "yeqown/go-qrcode": "#9467bd", "node qrcode": "#8c564b" };
  const all = panels.flatMap((p) => p.encoders.flatMap((e) => e.inputs));
  const lx = (v) => Math.log10(v);
  const x0 = lx(20), x1 = lx(2000);
  const ymin = Math.floor(Math.log10(Math.min(...all.map((i) => i.ms)))), ymax = Math.ceil(Math.log10(Math.max(...all.map((i) => i.ms))));
  const px = (v) => L + ((lx(v) - x0) / (x1 - x0)) * (W - L - R);
  const py = (v) => T + (1 - (Math.log10(v) - ymin) / (ymax - ymin)) * (H - T - B);
  let svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W * panels.length}" height="${H + 30}" font-family="sans-serif" font-size="11">\n<rect width="100%" height="100%" fill="#fff"/>\n`;
  panels.forEach((p, k) => {
    svg += `<g transform="translate(${k * W},0)">\n<text x="${L}" y="18" font-size="13" font-weight="bold">${p.title}</text>\n`;
    for (let e = ymin; e <= ymax; e++) {
      const v = 10 ** e;
      svg += `<line x1="${L}" x2="${W - R}" y1="${py(v)}" y2="${py(v)}" stroke="#ddd"/><text x="${L - 4}" y="${py(v) + 4}" text-anchor="end">${v >= 1 ? v : v.toFixed(-e)} ms</text>\n`;
    }
    for (const v of [30, 100, 300, 1000]) {
      svg += `<line x1="${px(v)}" x2="${px(v)}" y1="${T}" y2="${H - B}" stroke="#eee"/><text x="${px(v)}" y="${H - B + 14}" text-anchor="middle">${v}</text>\n`;
    }
    svg += `<text x="${(L + W - R) / 2}" y="${H - B + 32}" text-anchor="middle">input length (bytes), log scale</text>\n`;
    svg += `<rect x="${L}" y="${T}" width="${W - L - R}" height="${H - T - B}" fill="none" stroke="#999"/>\n`;
    for (const e of p.encoders) {
      const c = colors[e.name] ?? "#333";
      const pts = [...groups].map((g) => pick(e, g)).map((is) => [median(is.map((i) => i.length)), median(is.map((i) => i.ms))]);
      svg += `<polyline fill="none" stroke="${c}" stroke-width="2" points="${pts.map(([a, b]) => `${px(a).toFixed(1)},${py(b).toFixed(1)}`).join(" ")}"/>\n`;
      for (const i of e.inputs) svg += `<circle cx="${px(i.length).toFixed(1)}" cy="${py(i.ms).toFixed(1)}" r="2.5" fill="${c}" fill-opacity="0.6"/>\n`;
    }
    svg += "</g>\n";
  });
  const names = [...new Set(panels.flatMap((p) => p.encoders.map((e) => e.name)))];
  let lx0 = 56;
  for (const n of names) {
    const label = { ours: "ours (core/qr + core/render)", "node qrcode": "node qrcode (JavaScript)" }[n] ?? n;
    svg += `<rect x="${lx0}" y="${H + 10}" width="12" height="12" fill="${colors[n] ?? "#333"}"/><text x="${lx0 + 16}" y="${H + 20}">${label}</text>\n`;
    lx0 += 40 + 6.5 * label.length;
  }
  return svg + "</svg>\n";
}
fs.mkdirSync("docs", { recursive: true });
fs.writeFileSync(
  "docs/bench-encode.svg",
  chart([
    { title: "512 px PNG, level M, native", encoders: pngOf(encNative) },
    { title: "same, Go compiled to WebAssembly, in Node", encoders: [...pngOf(encWasm), pngNode] },
  ]),
);
