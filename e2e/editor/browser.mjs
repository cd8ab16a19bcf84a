// Shared by the editor's test, measurement and screenshot scripts: Debian's
// Chromium driven by playwright-core with a fresh profile, and a QR reader
// (zxing-cpp through zxing-wasm) that is not our decoder.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

export const editorURL = (process.env.EDITOR_URL || '').replace(/\/$/, '');

// args are the Chromium flags every launch uses; a test that needs more
// (a fake camera) passes them with these.
export const args = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// launch starts Chromium with a new, empty profile; close() removes it,
// and fails if any page broke its Content-Security-Policy meanwhile: the
// policies (site/policy) are tested by every suite that runs a page.
// violations is the list so far: each page's securitypolicyviolation
// events, and Chromium's console reports of one (a worker's too).
export async function launch(options = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'qr-editor-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args,
    acceptDownloads: true,
    viewport: { width: 1200, height: 900 },
    ...options,
  });
  const violations = [];
  await context.exposeBinding('__qrViolation', ({ page }, v) => violations.push({ page: page?.url(), ...v }));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__qrViolation({ directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample, at: `${e.sourceFile}:${e.lineNumber}` }),
    );
  });
  context.on('console', (m) => {
    if (/Content Security Policy/.test(m.text())) violations.push({ page: m.page()?.url(), console: m.text() });
  });
  return {
    context,
    violations,
    async close() {
      await context.close();
      await rm(dir, { recursive: true, force: true });
      assert.deepEqual(violations, [], 'Content-Security-Policy violations');
    },
  };
}

// addScript runs the script file at path in page as the page's own code
// would, but from outside it (DevTools' evaluation), which no
// Content-Security-Policy blocks: a <script> added to a page that allows
// only its own would break the page's policy (axe-core, jsQR).
export async function addScript(page, path) {
  await page.evaluate(readFileSync(path, 'utf8'));
}

let zxing = null;

// decode returns the texts of the QR codes zxing-cpp finds in an image
// file (PNG here).
export async function decode(bytes) {
  return (await readCodes(bytes)).map((r) => r.text);
}

// readCodes returns every QR code zxing-cpp reads in an image file, up to
// max of them, with where each is; formats widens the search (to Micro QR
// and rMQR: ['QRCode', 'MicroQRCode', 'RMQRCode']).
export async function readCodes(bytes, max = 1, formats = ['QRCode']) {
  zxing ??= readFile(new URL('../../node_modules/zxing-wasm/dist/reader/zxing_reader.wasm', import.meta.url)).then((b) =>
    prepareZXingModule({ overrides: { wasmBinary: b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) }, fireImmediately: true }),
  );
  await zxing;
  const found = await readBarcodes(new Uint8Array(bytes), { formats, tryHarder: true, maxNumberOfSymbols: max });
  return found.filter((r) => r.isValid);
}

// rasterize draws SVG markup in the page the way the browser shows it, on
// white, and returns it as PNG bytes.
export async function rasterize(page, svg) {
  const dataURL = await page.evaluate(async (markup) => {
    const url = URL.createObjectURL(new Blob([markup], { type: 'image/svg+xml' }));
    try {
      const img = new Image();
      img.src = url;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const g = canvas.getContext('2d');
      g.fillStyle = '#fff';
      g.fillRect(0, 0, canvas.width, canvas.height);
      g.drawImage(img, 0, 0);
      return canvas.toDataURL('image/png');
    } finally {
      URL.revokeObjectURL(url);
    }
  }, svg);
  return Buffer.from(dataURL.slice(dataURL.indexOf(',') + 1), 'base64');
}

// pictures returns the natural width of every picture in the choices
// of the radio group name (0 for one that did not load in 10 s or is
// broken). The pictures load lazily, so each is brought into view first,
// as a person scrolling to the choice does.
export async function pictures(page, name) {
  return page.$$eval(`label:has(input[type="radio"][name="${name}"]) img`, async (imgs) => {
    const widths = [];
    for (const img of imgs) {
      img.scrollIntoView({ block: 'center' });
      const loaded = img.decode().then(() => img.naturalWidth, () => 0);
      widths.push(await Promise.race([loaded, new Promise((done) => setTimeout(() => done(0), 10_000))]));
    }
    return widths;
  });
}

// openEditor loads path and waits until the program has drawn the first
// code (a page shows one before, which needs no program: app.js,
// firstCode). It does not wait for the load event: that waits on every
// subresource, and wrangler dev's asset server now and then leaves a large
// one (editor.wasm is 5 MB) half sent for good (a stall reported on workers-sdk's tracker; seen once
// in CI as a 30 s goto timeout). When the program has not drawn in 30 s,
// the page is reloaded once, as a person would, and the stall is reported
// on stderr.
export async function openEditor(context, path) {
  const page = await context.newPage();
  await page.goto(editorURL + path, { waitUntil: 'domcontentloaded' });
  try {
    await editorReady(page, 30_000);
  } catch (err) {
    if (err.name !== 'TimeoutError') throw err;
    console.error(`openEditor: no code after 30 s at ${path}; reloading once`);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await editorReady(page, 30_000);
  }
  return page;
}

// editorReady waits until the page's program has drawn (the page's
// qr:editor-ready mark).
export async function editorReady(page, timeout = 60_000) {
  await page.waitForFunction(() => performance.getEntriesByName('qr:editor-ready').length > 0, null, { timeout });
}

// watchCode runs in a page before its own scripts (page.addInitScript).
// Whenever the code box changes and shows an SVG, it records the markup
// just after the frame that paints it (requestAnimationFrame runs before
// the paint; a message posted from there arrives once it is done) in
// window.__firstCode.shots, one entry for each markup in turn, with when
// (t, ms since navigation start), when that frame began (frame: the
// paint follows it in the same frame, with no task between, while the
// message can wait behind a long task queued before it), and whether the
// page was still being parsed (a code that came with the page can be
// painted half parsed); it keeps
// the code box's markup as the page came (parsed, before its scripts
// run) in window.__firstCode.parsed, and the largest contentful paint in
// window.__firstCode.lcp.
export function watchCode() {
  const shots = [];
  const state = { shots, parsed: null, lcp: null };
  window.__firstCode = state;
  document.addEventListener('readystatechange', () => {
    if (document.readyState === 'interactive') state.parsed = document.getElementById('code')?.innerHTML ?? null;
  });
  let queued = false;
  const look = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      const frame = performance.now();
      queued = false;
      const box = document.getElementById('code');
      const svg = box?.querySelector('svg');
      if (!svg || getComputedStyle(svg).visibility === 'hidden' || !box.getClientRects().length) return;
      const markup = box.innerHTML;
      const loading = document.readyState === 'loading';
      const ch = new MessageChannel();
      ch.port1.onmessage = () => {
        if (shots.at(-1)?.markup !== markup) shots.push({ t: performance.now(), frame, markup, loading });
      };
      ch.port2.postMessage(null);
    });
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class', 'hidden', 'style'] });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) state.lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

// scanned waits for the verify worker's answer and returns it.
export async function scanned(page) {
  await page.waitForFunction(() => !['–', 'checking…'].includes(document.getElementById('v-scan').textContent));
  return page.textContent('#v-scan');
}

// inTabs splits items between n tabs run at once, run(share) working
// through one tab's share in order: a page spends much of its time waiting
// on its program and the readers, which another tab fills.
export function inTabs(items, n, run) {
  return Promise.all([...Array(n).keys()].map((tab) => run(items.filter((_, i) => i % n === tab))));
}

// views are the four ways a page is checked as people meet it: a phone and
// a desktop width, each in light and dark.
export const views = [
  { width: 390, height: 844, scheme: 'light' },
  { width: 1280, height: 900, scheme: 'dark' },
  { width: 390, height: 844, scheme: 'dark' },
  { width: 1280, height: 900, scheme: 'light' },
];

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

// axe fails unless axe-core finds no WCAG 2.1 A or AA violation on the
// page, every <details> opened first so that what it hides is checked too.
export async function axe(page, where) {
  await page.evaluate(() => {
    for (const d of document.querySelectorAll('details')) d.open = true;
  });
  await addScript(page, axePath);
  const violations = await page.evaluate(async () => {
    const res = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return res.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  });
  assert.deepEqual(violations, [], where);
}

// looked checks a page as shown in view (no wider than the window, axe-core
// clean) and keeps its screenshot as build/<name>-<width>-<scheme>.png.
export async function looked(page, view, name) {
  const where = `/${name}, ${view.width} px, ${view.scheme}`;
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scroll <= view.width, `${where}: the page is ${scroll} px wide`);
  await axe(page, where);
  const build = new URL('../../build/', import.meta.url);
  await page.screenshot({ path: new URL(`${name}-${view.width}-${view.scheme}.png`, build).pathname, fullPage: true });
}
