// Measures the /batch page and the API reference in Chromium against a
// running server with the built site, and prints JSON (a summary goes to
// stderr):
//
//	node bench/batch.mjs http://127.0.0.1:8787 > build/bench/batch.json
//
// - rows_1000_ms.page: 1,000 rows (links of 35 to 78 characters, a
//   caption on the sheet) made into a PNG ZIP, an SVG ZIP and an A4 label
//   sheet on the page, from the click on Make to the download offered
//   (the page's batch:start to batch:done);
// - rows_1000_ms.program_cpu_4x and program_cpu_1x: the same rows through
//   the page's program alone (qrBatch.open, row for each, finish: the
//   calls its worker makes) on a page's main thread, with the CPU
//   throttled 4x as a mid-range phone, and not. DevTools throttles a
//   page's main thread only: asked to throttle the worker, it answers
//   "Operation is only supported for pages, not workers", so the program
//   is run where the throttle reaches it;
// - wasm: batch.wasm, editor.wasm and verify.wasm as served, raw, gzip -9
//   and brotli 11;
// - docs: /docs's bytes (raw and gzip -9) and its first contentful paint
//   on a new page at 390 x 844, median of 5.
import { execFileSync } from 'node:child_process';
import { brotliCompressSync, constants } from 'node:zlib';
import { launch } from '../e2e/editor/browser.mjs';

const base = (process.argv[2] || process.env.EDITOR_URL || '').replace(/\/$/, '');
if (!base) throw new Error('usage: node bench/batch.mjs http://127.0.0.1:8787');

async function size(path) {
  const b = Buffer.from(await (await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
  return {
    raw: b.length,
    gzip: execFileSync('gzip', ['-9c'], { input: b, maxBuffer: 1 << 28 }).length,
    brotli: brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const rows = ['Asset,Link'];
for (let i = 1; i <= 1000; i++) rows.push(`Asset ${i},https://assets.example/item/${i}?site=${'b'.repeat(i % 40)}`);
const csv = rows.join('\n');

function setup(output) {
  return { text: csv, kind: '', columns: { data: 'Link' }, name: 'Asset', caption: output === 'sheet' ? 'Asset' : '', style: {}, output, sheet: {} };
}

// onPage makes the rows on the page, as a person does.
async function onPage(context, output) {
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${base}/batch?out=${output}`);
  await page.waitForFunction(() => document.getElementById('status').textContent.startsWith('Open a file'));
  await page.setInputFiles('#c-file', { name: 'assets.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.waitForFunction(() => document.getElementById('found').textContent.startsWith('1000 rows'));
  if (output === 'sheet') await page.selectOption('#c-caption', 'Asset');
  await page.click('#make');
  await page.waitForSelector('#save:not([hidden])', { timeout: 1_800_000 });
  const ms = await page.evaluate(() => performance.getEntriesByName('batch')[0].duration);
  const made = await page.locator('#rows tr:not(.failed)').count();
  await page.close();
  if (made !== 1000) throw new Error(`${output}: ${made} of 1000 rows made`);
  return Math.round(ms);
}

// program makes the rows through the page's program on a throttled main
// thread: open, row for each, finish.
async function program(context, output, throttle) {
  const page = await context.newPage();
  await page.goto(`${base}/batch`);
  await page.addScriptTag({ url: '/wasm_exec.js' });
  await page.evaluate(async () => {
    const go = new Go();
    const { instance } = await WebAssembly.instantiateStreaming(fetch('/batch.wasm'), go.importObject);
    go.run(instance);
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  const r = await page.evaluate((s) => {
    const t0 = performance.now();
    const o = qrBatch.open(s);
    let made = 0;
    for (let i = 0; i < o.rows; i++) if (!qrBatch.row(i).error) made++;
    const f = qrBatch.finish();
    return { ms: performance.now() - t0, made, bytes: f.data.length };
  }, setup(output));
  await page.close();
  if (r.made !== 1000) throw new Error(`${output}: ${r.made} of 1000 rows made`);
  return Math.round(r.ms);
}

const browser = await launch();
const out = { wasm: { batch: await size('/batch.wasm'), editor: await size('/editor.wasm'), verify: await size('/verify.wasm') } };
try {
  out.rows_1000_ms = { page: {}, program_cpu_4x: {}, program_cpu_1x: {} };
  for (const output of ['png', 'svg', 'sheet']) {
    out.rows_1000_ms.program_cpu_4x[output] = await program(browser.context, output, 4);
    out.rows_1000_ms.program_cpu_1x[output] = await program(browser.context, output, 1);
    out.rows_1000_ms.page[output] = await onPage(browser.context, output);
    console.error(`batch: 1000 rows, ${output}: the program ${out.rows_1000_ms.program_cpu_4x[output]} ms at CPU 4x, ${out.rows_1000_ms.program_cpu_1x[output]} ms at 1x; the page ${out.rows_1000_ms.page[output]} ms`);
  }
  const paints = [];
  for (let i = 0; i < 5; i++) {
    const fresh = await launch();
    const page = await fresh.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${base}/docs`, { waitUntil: 'load' });
    // The paint's entry can land after the load event.
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    paints.push(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0].startTime));
    await fresh.close();
  }
  paints.sort((a, b) => a - b);
  out.docs = { ...(await size('/docs')), first_contentful_paint_390_ms: Math.round(paints[2]), runs: paints.map(Math.round) };
  console.error(`docs: ${out.docs.raw} bytes (${out.docs.gzip} gzip), first contentful paint at 390 px ${out.docs.first_contentful_paint_390_ms} ms`);
} finally {
  await browser.close();
}
console.log(JSON.stringify(out, null, 1));
