// The /inspect page in Chromium, as a person meets it: a picture of a
// code opened from a file, pasted, or taken with the camera (Chromium's
// fake camera, fed a video of a code), graded in the page with the
// report POST /api/v1/inspect gives, and nothing uploaded.
//
//	EDITOR_URL=http://127.0.0.1:9900 node --test e2e/editor/inspect.test.mjs
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { PNG } from 'pngjs';
import { args, axe, editorURL, launch, looked, views } from './browser.mjs';

if (!editorURL) throw new Error('set EDITOR_URL to the server that serves the built site');

const build = new URL('../../build/', import.meta.url);
const text = 'https://example.com/inspect?from=page';

let browser;
let camera; // the fake camera's video: a code
const requests = [];
const pageErrors = [];

// y4m writes a picture (PNG bytes, 640 x 480) as a one-frame YUV4MPEG2
// video, which Chromium's fake camera plays in a loop.
function y4m(png) {
  const { width, height, data } = PNG.sync.read(png);
  const y = Buffer.alloc(width * height);
  for (let i = 0; i < width * height; i++) y[i] = Math.round((data[4 * i] + 2 * data[4 * i + 1] + data[4 * i + 2]) / 4);
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\nFRAME\n`), y, chroma]);
}

before(async () => {
  await mkdir(build, { recursive: true });
  // The camera's picture: the code at 360 px in a 640 x 480 frame.
  const code = PNG.sync.read(Buffer.from(await (await fetch(`${editorURL}/api/v1/qr?size=360&data=${encodeURIComponent(text)}`)).arrayBuffer()));
  const frame = new PNG({ width: 640, height: 480 });
  frame.data.fill(255);
  for (let yy = 0; yy < code.height; yy++) code.data.copy(frame.data, ((yy + 60) * 640 + 140) * 4, yy * code.width * 4, (yy + 1) * code.width * 4);
  camera = join(mkdtempSync(join(tmpdir(), 'qr-camera-')), 'code.y4m');
  writeFileSync(camera, y4m(PNG.sync.write(frame)));
  browser = await launch({
    args: [...args, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${camera}`],
    permissions: ['camera'],
  });
  browser.context.on('request', (r) => requests.push({ url: r.url(), method: r.method(), body: r.postData() || '' }));
  browser.context.on('page', (p) => {
    p.on('pageerror', (e) => pageErrors.push(`${p.url()}: ${e.message}`));
    p.on('console', (m) => m.type() === 'error' && pageErrors.push(`${p.url()}: ${m.text()}`));
  });
});

after(async () => {
  await browser?.close();
});

async function openInspect(view) {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: view.width, height: view.height });
  await page.emulateMedia({ colorScheme: view.scheme });
  await page.goto(`${editorURL}/inspect`, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => document.getElementById('status').textContent.startsWith('Open, paste'), null, { timeout: 60_000 });
  return page;
}

// reported waits for the next report the page shows.
async function reported(page, before = 0) {
  await page.waitForFunction((n) => Number(document.getElementById('report').dataset.reports || 0) > n, before, { timeout: 60_000 });
  await page.waitForFunction(() => document.getElementById('overlay').complete && document.getElementById('overlay').naturalWidth > 0);
}

const png = async (query) => Buffer.from(await (await fetch(`${editorURL}/api/v1/qr?${query}`)).arrayBuffer());


// The grade card's cells: parameter name, value, grade letter.
const cells = (page) => page.$$eval('.grade-card tbody tr', (rows) => rows.map((r) => [...r.children].map((c) => c.textContent)));

test('a code opened from a file grades A on every parameter, with the API’s report, and the picture is not uploaded', { timeout: 120_000 }, async () => {
  const page = await openInspect(views[3]);
  const file = await png(`size=400&data=${encodeURIComponent(text)}`);
  const before = requests.length;
  await page.setInputFiles('#c-photo', { name: 'code.png', mimeType: 'image/png', buffer: file });
  await reported(page);
  assert.match(await page.textContent('#status'), /^One code read: overall grade A\.$/);
  const rows = await cells(page);
  assert.equal(rows.length, 8);
  for (const r of rows) assert.equal(r[2], 'A', r.join(' | '));
  assert.match(await page.textContent('.grade-card'), /Nothing to fix/);
  assert.equal(await page.textContent('.code-text'), 'It holds: ' + text);
  // The page's report is the API's: the same grades and values.
  const api = await (await fetch(`${editorURL}/api/v1/inspect`, { method: 'POST', headers: { 'Content-Type': 'image/png' }, body: file })).json();
  const names = ['symbol_contrast', 'minimum_reflectance', 'modulation', 'fixed_pattern_damage', 'axial_nonuniformity', 'grid_nonuniformity', 'unused_error_correction', 'format_information'];
  assert.deepEqual(rows.map((r) => r[2]), names.map((n) => 'FDCBA'[api.codes[0].parameters[n].grade]));
  const sent = requests.slice(before).filter((r) => r.method !== 'GET' || r.body !== '');
  assert.deepEqual(sent, [], 'the page sent the picture somewhere');
  await page.close();
});

test('a pasted picture with a thin margin: the quiet zone of 1 module and the fix margin=4', { timeout: 120_000 }, async () => {
  const page = await openInspect(views[0]);
  const file = (await png(`size=310&margin=1&data=${encodeURIComponent(text)}`)).toString('base64');
  await page.evaluate(async (b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], 'pasted.png', { type: 'image/png' }));
    document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true }));
  }, file);
  await reported(page);
  const card = await page.textContent('.grade-card');
  assert.match(card, /top 1, right 1, bottom 1, left 1/);
  assert.match(card, /margin=4/);
  await page.close();
});

test('the camera: a picture taken of a code in view is graded', { timeout: 120_000 }, async () => {
  const page = await openInspect(views[1]);
  await page.click('#camera');
  await page.waitForFunction(() => document.getElementById('video').videoWidth > 0, null, { timeout: 30_000 });
  await page.click('#snap');
  await reported(page);
  assert.match(await page.textContent('.code-text'), new RegExp(text.replace(/[?.]/g, '\\$&')));
  assert.ok(await page.isHidden('#video'), 'the camera stops once the picture is taken');
  await page.close();
});

test('a picture of no code says where reading stopped, with its causes', { timeout: 60_000 }, async () => {
  const page = await openInspect(views[2]);
  const blank = new PNG({ width: 200, height: 200 });
  blank.data.fill(255);
  await page.setInputFiles('#c-photo', { name: 'blank.png', mimeType: 'image/png', buffer: PNG.sync.write(blank) });
  await reported(page);
  assert.match(await page.textContent('#status'), /^Reading stopped at the finder patterns/);
  assert.match(await page.textContent('#codes'), /No code read/);
  assert.ok((await page.$$('.causes li')).length > 0);
  await page.close();
});

test('the page at 390 and 1280 px, light and dark: no sideways scroll, and axe-core finds no WCAG 2.1 AA violation', { timeout: 300_000 }, async () => {
  // A code with something to fix: thin margin, grey on white.
  const file = await png(`size=310&margin=1&color=555555&data=${encodeURIComponent(text)}`);
  for (const view of views) {
    const page = await openInspect(view);
    await axe(page, `/inspect before a picture, ${view.width} px, ${view.scheme}`);
    await page.setInputFiles('#c-photo', { name: 'code.png', mimeType: 'image/png', buffer: file });
    await reported(page);
    await looked(page, view, 'inspect');
    await page.close();
  }
});

test('no page had an error', () => {
  assert.deepEqual(pageErrors, []);
});
