// Print and terminal outputs opened by real readers, against both servers:
// every style and two eyes as PDF (checked by qpdf, rasterised by poppler's
// pdftoppm) and EPS (rasterised by Ghostscript), each raster decoded by
// zxing-cpp; and a code curl prints in tmux, captured from the pane with
// its colours and drawn by Chromium, decoded from the screenshot. Every
// format read back once, by its row of render.Formats: e2e/formats_test.go.
// Run by e2e/run.sh (needs make print-tools and make chromium).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { describe, it, after } from "node:test";
import assert from "node:assert/strict";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";
import { launch } from "../editor/browser.mjs";

const require = createRequire(import.meta.url);
prepareZXingModule({
  overrides: { wasmBinary: fs.readFileSync(require.resolve("zxing-wasm/reader/zxing_reader.wasm")).buffer },
});

const servers = Object.entries({ native: process.env.QR_NATIVE_URL, workerd: process.env.QR_WORKERD_URL }).filter(([, u]) => u);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "qr-print-"));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

const styles = ["square", "rounded", "dot", "diamond", "star", "vertical-bars", "horizontal-bars", "organic"];
const text = "https://example.com/print?id=42";

async function fetchBytes(url, init) {
  const res = await fetch(url, init);
  assert.equal(res.status, 200, `${url}: ${res.status} ${await res.clone().text()}`);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function decodePNG(file) {
  const found = await readBarcodes(new Blob([fs.readFileSync(file)]), { formats: ["QRCode"], tryHarder: true });
  return found.map((r) => r.text);
}

for (const [name, base] of servers) {
  describe(`print on ${name}`, () => {
    for (const style of styles) {
      for (const eye of ["square", "circle"]) {
        it(`${style}/${eye}: PDF passes qpdf and pdftoppm's raster decodes; EPS's Ghostscript raster decodes`, async () => {
          const q = `data=${encodeURIComponent(text)}&style=${style}&eye=${eye}&size_mm=40`;
          const pdf = path.join(tmp, `${name}-${style}-${eye}.pdf`);
          const { res, bytes } = await fetchBytes(`${base}/api/v1/qr?${q}&format=pdf`);
          assert.equal(res.headers.get("content-type"), "application/pdf");
          fs.writeFileSync(pdf, bytes);
          execFileSync("qpdf", ["--check", pdf], { stdio: "pipe" });
          const box = execFileSync("pdfinfo", [pdf]).toString().match(/Page size:\s+([\d.]+) x ([\d.]+) pts/);
          assert.ok(Math.abs(Number(box[1]) - (40 * 72) / 25.4) < 0.01, `page ${box[1]} pt, want 40 mm`);
          execFileSync("pdftoppm", ["-r", "300", "-png", "-singlefile", pdf, pdf]);
          assert.deepEqual(await decodePNG(`${pdf}.png`), [text], "pdftoppm's raster");

          const eps = path.join(tmp, `${name}-${style}-${eye}.eps`);
          fs.writeFileSync(eps, (await fetchBytes(`${base}/api/v1/qr?${q}&format=eps&cmyk=1`)).bytes);
          execFileSync("gs", ["-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-dEPSCrop", "-r300", "-sDEVICE=png16m", `-sOutputFile=${eps}.png`, eps], { stdio: "pipe" });
          assert.deepEqual(await decodePNG(`${eps}.png`), [text], "Ghostscript's raster");
        });
      }
    }

    it("a label sheet (output sheet): qpdf passes it; pdftoppm's 300 dpi pages read, every code where its label is", async () => {
      // 33 codes on Letter labels of Avery 5160 (3 x 10): two pages, the
      // second with three; a failing item takes no label and is named.
      const items = Array.from({ length: 34 }, (_, i) => (i === 5 ? { type: "wifi", fields: {} } : { data: `https://example.com/asset/${i}`, style: { frame_text: `Asset ${i}` } }));
      const { res, bytes } = await fetchBytes(`${base}/api/v1/qr/batch`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ output: "sheet", sheet: { preset: "letter-3x10", crop_marks: true }, style: { style: "dot", eye: "circle", color: "1a237e" }, items }),
      });
      assert.equal(res.headers.get("content-type"), "application/pdf");
      assert.equal(res.headers.get("x-qr-failed"), "5");
      const pdf = path.join(tmp, `${name}-sheet.pdf`);
      fs.writeFileSync(pdf, bytes);
      execFileSync("qpdf", ["--check", pdf], { stdio: "pipe" });
      const info = execFileSync("pdfinfo", [pdf]).toString();
      assert.match(info, /Pages:\s+2\n/);
      assert.match(info, /Page size:\s+612 x 792 pts \(letter\)/);
      execFileSync("pdftoppm", ["-r", "300", "-png", pdf, `${pdf}-page`]);
      const read = [];
      for (const page of [1, 2]) {
        const found = await readBarcodes(new Blob([fs.readFileSync(`${pdf}-page-${page}.png`)]), { formats: ["QRCode"], tryHarder: true, maxNumberOfSymbols: 40 });
        for (const r of found.filter((r) => r.isValid)) {
          read.push(r.text);
          // Where the code sits says which label it is on: 5160's grid,
          // 69.85 mm across from 4.76 mm, 25.4 mm down from 12.7 mm.
          const x = ((r.position.topLeft.x + r.position.bottomRight.x) / 2 / 300) * 25.4;
          const y = ((r.position.topLeft.y + r.position.bottomRight.y) / 2 / 300) * 25.4;
          const col = Math.floor((x - 4.7625) / 69.85);
          const row = Math.floor((y - 12.7) / 25.4);
          const n = Number(r.text.split("/").pop());
          const label = (page - 1) * 30 + row * 3 + col;
          assert.equal(label, n < 5 ? n : n - 1, `${r.text} is on label ${label}`);
        }
      }
      assert.deepEqual(read.sort(), items.filter((it) => it.data).map((it) => it.data).sort());
    });

    it("the same request gives the same PDF and EPS bytes", async () => {
      for (const format of ["pdf", "eps"]) {
        const a = (await fetchBytes(`${base}/api/v1/qr?data=same&format=${format}`)).bytes;
        const b = (await fetchBytes(`${base}/api/v1/qr?data=same&format=${format}`)).bytes;
        assert.ok(a.equals(b), `${format} differs between two requests`);
      }
    });

    it("cmyk=1 writes black as 0 0 0 1 in EPS", async () => {
      const eps = (await fetchBytes(`${base}/api/v1/qr?data=ink&format=eps&cmyk=1`)).bytes.toString();
      assert.match(eps, /\n0 0 0 1 setcmykcolor\n/);
    });

    it("png with dpi carries a pHYs chunk of that resolution", async () => {
      const png = (await fetchBytes(`${base}/api/v1/qr?data=dpi&dpi=300`)).bytes;
      const at = png.indexOf("pHYs");
      assert.ok(at > 0, "no pHYs chunk");
      assert.equal(png.readUInt32BE(at + 4), Math.round(300 / 0.0254));
      assert.equal(png[at + 12], 1);
    });

    it("/q/<data> answers curl with text and a browser with PNG", async () => {
      const curl = await fetch(`${base}/q/terminal`, { headers: { "user-agent": "curl/8.5.0", accept: "*/*" } });
      assert.equal(curl.headers.get("content-type"), "text/plain; charset=utf-8");
      assert.match(curl.headers.get("vary") ?? "", /User-Agent/);
      assert.match(await curl.text(), /\x1b\[30;47m[ █▀▄]+\x1b\[0m\n/);
      const browser = await fetch(`${base}/q/terminal`, { headers: { "user-agent": "Mozilla/5.0", accept: "text/html,image/avif,*/*" } });
      assert.equal(browser.headers.get("content-type"), "image/png");
      assert.match(browser.headers.get("vary") ?? "", /Accept/);
    });

    it("a code curl prints in tmux scans off a screenshot of the pane", async () => {
      const session = `qr${process.pid}${name}`;
      execFileSync("tmux", ["new-session", "-d", "-s", session, "-x", "200", "-y", "80", `curl -s ${base}/q/scan%20me; sleep 30`]);
      try {
        let pane = "";
        for (let i = 0; i < 150 && !pane.includes("█"); i++) { // up to 15 s: a fresh server may be slow to answer
          await new Promise((r) => setTimeout(r, 100));
          pane = execFileSync("tmux", ["capture-pane", "-p", "-e", "-t", session]).toString();
        }
        const shot = path.join(tmp, `${name}-tmux.png`);
        await screenshot(pane, shot);
        assert.deepEqual(await decodePNG(shot), ["scan me"]);
      } finally {
        execFileSync("tmux", ["kill-session", "-t", session]);
      }
    });
  });
}

// screenshot draws a tmux pane, its SGR colours applied, as a terminal
// would: a grid of cells twice as high as wide, each half block painting
// its half in the foreground colour. Chromium draws the cells as boxes
// rather than glyphs, so the picture does not depend on which fonts the
// machine has.
async function screenshot(pane, file) {
  const colours = { 30: ["fg", "#000"], 37: ["fg", "#fff"], 40: ["bg", "#000"], 47: ["bg", "#fff"] };
  const lines = pane.split("\n").map((line) => {
    let fg = "#ddd", bg = "#1e1e1e", cells = "";
    for (const part of line.split(/(\x1b\[[0-9;]*m)/)) {
      const m = part.match(/^\x1b\[([0-9;]*)m$/);
      if (m) {
        for (const code of m[1].split(";")) {
          if (code === "" || code === "0") [fg, bg] = ["#ddd", "#1e1e1e"];
          else if (colours[code]) colours[code][0] === "fg" ? (fg = colours[code][1]) : (bg = colours[code][1]);
        }
        continue;
      }
      for (const ch of part) {
        const top = ch === "█" || ch === "▀" ? fg : bg;
        const bottom = ch === "█" || ch === "▄" ? fg : bg;
        cells += `<i style="background:linear-gradient(${top} 50%, ${bottom} 50%)"></i>`;
      }
    }
    return `<div>${cells}</div>`;
  });
  const browser = await launch({ deviceScaleFactor: 1 });
  try {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1700, height: 1340 });
    await page.setContent(`<style>body{margin:20px;background:#1e1e1e}div{height:16px;display:flex}i{width:8px;height:16px;flex:none}</style>${lines.join("")}`);
    await page.screenshot({ path: file });
  } finally {
    await browser.close();
  }
}
