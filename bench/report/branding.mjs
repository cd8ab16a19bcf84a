import { exists, int, json, ms, table } from "./lib.mjs";
// ---- branding ------------------------------------------------------------------

export const brandSet = exists("brandset.json") ? json("brandset.json") : null;
export const brandCosts = exists("brand-costs.json") ? json("brand-costs.json") : [];
export let brandSection = "";
if (brandSet) {
  const styles = Object.keys(brandSet.largest_logo_size.H).sort();
  const largestTable = table(["ec", ...styles], ["L", "M", "Q", "H"].map((ec) => [ec, ...styles.map((st) => brandSet.largest_logo_size[ec][st].toFixed(2))]));
  const readTable = table(["decoder", "clean", "light noise"], Object.entries(brandSet.read_per_shot).map(([d, [a, b]]) => [d, `${a}/${brandSet.served}`, `${b}/${brandSet.served}`]));
  const costTable = table(["512 px code", "PNG ms", "PNG bytes", "SVG ms", "SVG bytes", "drawn and checked, ms"],
    brandCosts.map((r) => [r.name, ms(r.png_ms), int(r.png_bytes), ms(r.svg_ms), int(r.svg_bytes), ms(r.check_ms)]));
  brandSection = `
## Branding

The brand set (\`core/verify\` TestWriteBrandSet): every style and eye with an SVG and a PNG logo at logo_size 0.10, 0.15, ... up to
the first refused, every frame on three styles, linear and radial gradients with eye colours, each decided as \`/api/v1/qr\` decides
(drawn, verified, served or refused). ${brandSet.codes} codes: ${brandSet.served} served, ${brandSet.refused} refused
(${Object.entries(brandSet.refused_by).map(([why, n]) => `${n}: ${why}`).join("; ")}). Every served code photographed as a phone would
(internal/camera: 3 px a module, blur 0.8 px, JPEG 75, sensor noise 0 and 3), read by zxing-cpp and jsQR:

${readTable}
${brandSet.broken.length ? `\nServed but not read: ${brandSet.broken.join("; ")}\n` : ""}
The largest logo_size served (a 30-character URL, the SVG logo, 512 px; it must also scan 0.05 larger):

${largestTable}

Time and bytes natively (TestBrandCosts, medians of 20): a logo code against a plain one; "drawn and checked" is what a request pays
before a branded code is served (\`brand.Checked\`, for the plain code \`scan.Verify\`).

${costTable}
`;
}
