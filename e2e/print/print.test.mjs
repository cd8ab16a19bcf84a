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

// The presets' figures as the makers give them (docs/sheets.md lists the
// sources), written here apart from core/sheet: paper, columns, rows,
// label width and height, left and top margins, pitch across and down (mm).
const makers = {
  "a4-3x7": ["a4", 3, 7, 63.5, 38.1, 7.21, 15.15, 66.04, 38.1], // Avery L7160
  "a4-2x7": ["a4", 2, 7, 99.1, 38.1, 4.65, 15.15, 101.6, 38.1], // Avery L7163
  "a4-2x4": ["a4", 2, 4, 99.1, 67.7, 4.65, 13.1, 101.6, 67.7], // Avery L7165
  "a4-5x13": ["a4", 5, 13, 38.1, 21.2, 4.75, 10.7, 40.6, 21.2], // Avery L7651
  "a4-3x8": ["a4", 3, 8, 70, 37, 0, 0.5, 70, 37], // Avery Zweckform 3474
  "a4-4x6-round": ["a4", 4, 6, 40, 40, 16, 13.5, 46, 46], // Avery L7780
  "letter-3x10": ["letter", 3, 10, 66.675, 25.4, 4.7625, 12.7, 69.85, 25.4], // Avery 5160: 2 5/8 x 1 in, 3/16 in, 1/2 in, 2 3/4 in
  "letter-2x5": ["letter", 2, 5, 101.6, 50.8, 3.96875, 12.7, 106.3625, 50.8], // Avery 5163: 4 x 2 in, 5/32 in, 1/2 in, 4 3/16 in
  "letter-4x20": ["letter", 4, 20, 44.45, 12.7, 7.14375, 12.7, 52.3875, 12.7], // Avery 5167: 1 3/4 x 1/2 in, 9/32 in, 1/2 in, 2 1/16 in
  "letter-3x4": ["letter", 3, 4, 50.8, 50.8, 15.875, 15.24, 66.675, 66.04], // Avery 22806: 2 x 2 in, 5/8 in, 0.6 in, 2 5/8 in, 2.6 in
};
// The worst distance from its label's centre of each preset's codes,
// written to build/sheet-pitch.json for the record.
const pitchErrors = {};
after(() => {
  if (Object.keys(pitchErrors).length) fs.writeFileSync(new URL("../../build/sheet-pitch.json", import.meta.url), JSON.stringify(pitchErrors, null, 1));
});

const styles = ["square", "rounded", "dot", "diamond", "star", "vertical-bars", "horizontal-bars", "organic",
  "extra-rounded", "classy", "classy-rounded", "edge-cut", "small-square", "tile", "cross", "heart"];
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

    it("a label sheet of codes in circles, on rounded corners and with round logo plates: pdftoppm's 300 dpi page reads every code", async () => {
      const looks = [
        { outline: "circle", bg: "e3f2fd", color: "0d47a1" },
        { outline: "circle", style: "dot", eye: "circle" },
        { bg_radius: 10, bg: "fff3e0", style: "rounded", eye: "rounded" },
        { logo: "data:image/svg+xml," + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="#e53935"/></svg>'), logo_shape: "circle", logo_bg: "ffeb3b", logo_size: 0.2 },
      ];
      const items = looks.flatMap((style, i) => [0, 1, 2].map((j) => ({ data: `https://example.com/look/${i}/${j}`, style })));
      const { res, bytes } = await fetchBytes(`${base}/api/v1/qr/batch`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ output: "sheet", sheet: { preset: "a4-3x7" }, items }),
      });
      assert.equal(res.status, 200, Buffer.from(bytes).toString().slice(0, 400));
      assert.equal(res.headers.get("x-qr-failed"), null, "every look is drawn on a label");
      const pdf = path.join(tmp, `${name}-looks-sheet.pdf`);
      fs.writeFileSync(pdf, bytes);
      execFileSync("qpdf", ["--check", pdf], { stdio: "pipe" });
      execFileSync("pdftoppm", ["-r", "300", "-png", "-singlefile", pdf, `${pdf}-page`]);
      const found = await readBarcodes(new Blob([fs.readFileSync(`${pdf}-page.png`)]), { formats: ["QRCode"], tryHarder: true, maxNumberOfSymbols: 21 });
      assert.deepEqual(found.filter((r) => r.isValid).map((r) => r.text).sort(), items.map((it) => it.data).sort());
    });

    // Every preset, as its maker gives it (docs/sheets.md), read back:
    // the first page of a sheet with captions from a later label and the
    // sheet moved by a printer offset, and one without captions, each
    // code twice; every code read by zxing-cpp off poppler's 300 dpi
    // raster, each at its label's centre within 0.2 mm, offset included.
    // The full set against the first server; the other must give the
    // same bytes.
    for (const [preset, [paper, cols, rows, w, h, left, top, pitchX, pitchY]] of Object.entries(makers)) {
      it(`${preset}: every code on its label's centre within 0.2 mm, with and without captions, from a later label, offset, copies`, async () => {
        const perPage = cols * rows;
        const variants = [
          // A caption under a code on a label as short as 5167's leaves a
          // 5 mm code: the advice's choice, right of it, is taken there.
          { name: "captions", sheet: { preset, start_at: Math.min(cols + 2, perPage), offset_x: 0.8, offset_y: -0.6, ...(h < 15 ? { caption_at: "right" } : {}) }, copies: 1, captions: true },
          { name: "plain", sheet: { preset, copies: 2 }, copies: 2, captions: false },
        ];
        for (const v of variants) {
          const start = v.sheet.start_at || 1;
          const n = Math.floor((perPage - start + 1) / v.copies); // the first page, full

          const items = Array.from({ length: n }, (_, i) => ({ data: `https://example.com/${preset}/${i}`, ...(v.captions ? { style: { frame_text: `Item ${i}` } } : {}) }));
          const body = JSON.stringify({ output: "sheet", sheet: v.sheet, items });
          const { bytes } = await fetchBytes(`${base}/api/v1/qr/batch`, { method: "POST", headers: { "Content-Type": "application/json" }, body });
          if (name !== servers[0][0]) {
            const first = await fetchBytes(`${servers[0][1]}/api/v1/qr/batch`, { method: "POST", headers: { "Content-Type": "application/json" }, body });
            assert.ok(bytes.equals(first.bytes), `${preset} ${v.name}: ${name}'s PDF is not ${servers[0][0]}'s`);
            continue;
          }
          const pdf = path.join(tmp, `${name}-${preset}-${v.name}.pdf`);
          fs.writeFileSync(pdf, bytes);
          execFileSync("qpdf", ["--check", pdf], { stdio: "pipe" });
          assert.match(execFileSync("pdfinfo", [pdf]).toString(), paper === "a4" ? /Page size:\s+595\.27\d* x 841\.89 pts/ : /Page size:\s+612 x 792 pts/);
          execFileSync("pdftoppm", ["-r", "300", "-png", "-f", "1", "-l", "1", "-singlefile", pdf, pdf]);
          const found = await readBarcodes(new Blob([fs.readFileSync(`${pdf}.png`)]), { formats: ["QRCode"], tryHarder: true, maxNumberOfSymbols: perPage + 4 });
          const valid = found.filter((r) => r.isValid);
          assert.equal(valid.length, n * v.copies, `${preset} ${v.name}: ${valid.length} codes read of ${n * v.copies}`);
          let worst = 0;
          for (const r of valid) {
            const i = Number(r.text.split("/").pop());
            const ps = [r.position.topLeft, r.position.topRight, r.position.bottomRight, r.position.bottomLeft];
            const x = (ps.reduce((sum, p) => sum + p.x, 0) / 4 / 300) * 25.4;
            const y = (ps.reduce((sum, p) => sum + p.y, 0) / 4 / 300) * 25.4;
            // Its labels: copies one after another from start_at, row after row.
            const off = [v.sheet.offset_x || 0, v.sheet.offset_y || 0];
            const slots = Array.from({ length: v.copies }, (_, c) => start - 1 + i * v.copies + c);
            const d = Math.min(...slots.map((s) => {
              const cx = left + (s % cols) * pitchX + w / 2 + off[0];
              const cy = top + Math.floor(s / cols) * pitchY + h / 2 + off[1];
              return Math.max(Math.abs(x - cx), Math.abs(y - cy));
            }));
            worst = Math.max(worst, d);
            assert.ok(d < 0.2, `${preset} ${v.name}: ${r.text} is ${d.toFixed(3)} mm off its label's centre`);
          }
          pitchErrors[`${preset} ${v.name}`] = +worst.toFixed(3);
        }
      });
    }

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
