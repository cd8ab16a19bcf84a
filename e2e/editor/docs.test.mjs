// The API reference at /docs in Chromium, as a person meets it: every
// operation's example sent from the page and its answer shown (a picture
// read back by zxing-cpp), the page read without JavaScript, and at 390 and
// 1280 px, light and dark, with axe-core.
//
//	EDITOR_URL=http://127.0.0.1:9900 node --test e2e/editor/docs.test.mjs
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';
import { addScript, decode, editorURL, launch } from './browser.mjs';

if (!editorURL) throw new Error('set EDITOR_URL to the server that serves the built site');

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const build = new URL('../../build/', import.meta.url);

let browser;
const pageErrors = [];

before(async () => {
  browser = await launch();
  browser.context.on('page', (p) => {
    p.on('pageerror', (e) => pageErrors.push(`${p.url()}: ${e.message}`));
    p.on('console', (m) => m.type() === 'error' && !/status of (4|5)\d\d/.test(m.text()) && pageErrors.push(`${p.url()}: ${m.text()}`));
  });
  await mkdir(build, { recursive: true });
});

after(async () => {
  await browser?.close();
});

// shown is the picture an answer's <img> shows, drawn on white, as PNG
// bytes: the page's policy lets it fetch nothing but its own origin, its
// blob: URLs not included, so the picture is read from the screen's copy.
async function shown(img) {
  const png = await img.evaluate(async (el) => {
    await el.decode();
    const canvas = Object.assign(document.createElement('canvas'), { width: el.naturalWidth, height: el.naturalHeight });
    const g = canvas.getContext('2d');
    g.fillStyle = '#fff';
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.drawImage(el, 0, 0);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(png.slice(png.indexOf(',') + 1), 'base64');
}

test('every operation: its example is sent from the page and its answer shown', { timeout: 600_000 }, async () => {
  const spec = await (await fetch(`${editorURL}/openapi.json`)).json();
  const want = Object.values(spec.paths).reduce((n, item) => n + Object.keys(item).length, 0);
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${editorURL}/docs`);
  await page.evaluate(() => {
    for (const d of document.querySelectorAll('details')) d.open = true;
  });
  const ids = await page.$$eval('article.op', (as) => as.map((a) => a.id));
  assert.equal(ids.length, want, 'an article for every operation of /openapi.json');
  const pictures = [];
  for (const id of ids) {
    const op = page.locator(`#${id}`);
    // The statuses the page documents for the operation.
    const documented = (await op.locator('.answers strong, h5 + p').allTextContents()).join(' ').match(/\b(\d{3}|default)\b/g) || [];
    await op.locator('.answer').evaluate((el) => delete el.dataset.status);
    await op.locator('button[type=submit]').click();
    await op.locator('.answer[data-status]:not([aria-busy])').waitFor({ timeout: 30_000 });
    const status = await op.locator('.answer').getAttribute('data-status');
    assert.ok(documented.includes(status), `${id}: answered ${status}, which it does not list (${documented.join(' ')})`);
    const refused = id === 'op-mcpGet' || id === 'op-mcpDelete';
    assert.equal(status.startsWith('2') || status === '304', !refused, `${id}: its own example answered ${status}`);
    assert.match(await op.locator('.answer .status-line').textContent(), new RegExp(`^${status} `));
    if ((await op.locator('.answer img').count()) > 0) {
      pictures.push({ id, text: (await decode(await shown(op.locator('.answer img'))))[0] });
    } else if (!/(Head|Options|mcpGet|mcpDelete)$/.test(id)) {
      assert.ok((await op.locator('.answer pre.body, .answer a[download]').count()) > 0, `${id}: no answer shown`);
    }
  }
  // The pictures are codes, each read by a decoder that is not ours.
  assert.ok(pictures.length > 45, `${pictures.length} pictures`);
  assert.deepEqual(pictures.filter((p) => !p.text), []);
  assert.equal(pictures.find((p) => p.id === 'op-generate').text, 'https://example.com');
  assert.equal(pictures.find((p) => p.id === 'op-typed_wifi').text, 'WIFI:T:WPA;S:Cafe Guest;P:correct horse;;');
  // A changed form sends the change, and the curl line says it.
  const gen = page.locator('#op-generate');
  await gen.locator('input[name=data]').fill('hello docs');
  assert.match(await gen.locator('.curl code').textContent(), /data=hello%20docs/);
  await gen.locator('.answer').evaluate((el) => delete el.dataset.status);
  await gen.locator('button[type=submit]').click();
  await gen.locator('.answer[data-status]:not([aria-busy])').waitFor();
  assert.deepEqual(await decode(await shown(gen.locator('.answer img'))), ['hello docs']);
  await page.close();
});

test('the reference reads without JavaScript: every operation, the example pictures, and a GET form that sends itself', { timeout: 120_000 }, async () => {
  const noJS = await launch({ javaScriptEnabled: false });
  try {
    const page = await noJS.context.newPage();
    await page.goto(`${editorURL}/docs`);
    const spec = await (await fetch(`${editorURL}/openapi.json`)).json();
    for (const [path, item] of Object.entries(spec.paths)) {
      for (const m of Object.keys(item)) {
        const op = page.locator(`#op-${item[m].operationId}`);
        assert.equal(await op.count(), 1, `${m} ${path}`);
        assert.match(await op.locator('h4').textContent(), new RegExp(`^${m.toUpperCase()} `));
      }
    }
    // Every parameter of the rendering table, with its aliases and bounds.
    const rendering = await page.textContent('#rendering');
    for (const p of Object.values(spec.components.parameters)) assert.ok(rendering.includes(p.name), `rendering parameter ${p.name}`);
    assert.match(rendering, /From 64 to 4096/);
    assert.match(rendering, /Aliases:\s*width/);
    // The example's picture, drawn live by the service.
    await page.locator('#op-generate img').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelector('#op-generate img')?.naturalWidth > 0);
    await page.click('#op-size button[type=submit]');
    await page.waitForURL(/\/api\/v1\/size\?/);
    assert.match(await page.textContent('body'), /"min_size_mm"/);
  } finally {
    await noJS.close();
  }
});

test('every page links the reference from its header', { timeout: 60_000 }, async () => {
  for (const path of ['/', '/wifi', '/batch', '/docs']) {
    const html = await (await fetch(editorURL + path)).text();
    const header = html.slice(html.indexOf('<header'), html.indexOf('</header>'));
    assert.match(header, /<a href="\/docs"/, path);
    assert.match(header, /<a href="\/batch"/, path);
  }
  const llms = await (await fetch(`${editorURL}/llms.txt`)).text();
  assert.match(llms, /\[API reference\]\(\/docs\)/);
});

test('the reference at 390 and 1280 px, light and dark: no sideways scroll, and axe-core finds no WCAG 2.1 AA violation', { timeout: 300_000 }, async () => {
  for (const view of [
    { width: 390, height: 844, scheme: 'light' },
    { width: 390, height: 844, scheme: 'dark' },
    { width: 1280, height: 900, scheme: 'light' },
    { width: 1280, height: 900, scheme: 'dark' },
  ]) {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: view.width, height: view.height });
    await page.emulateMedia({ colorScheme: view.scheme });
    await page.goto(`${editorURL}/docs`);
    // An answer of each kind on screen: a picture, JSON, headers.
    for (const id of ['op-generate', 'op-size', 'op-generateHead']) {
      await page.evaluate((i) => {
        const op = document.getElementById(i);
        op.closest('details')?.setAttribute('open', '');
        op.querySelector('button[type=submit]').click();
      }, id);
      await page.locator(`#${id} .answer[data-status]:not([aria-busy])`).waitFor();
    }
    await page.evaluate(() => {
      for (const d of document.querySelectorAll('details')) d.open = true;
    });
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(scroll <= view.width, `${view.width} px ${view.scheme}: ${scroll} px wide`);
    await addScript(page, axePath);
    const violations = await page.evaluate(async () => {
      const res = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
      return res.violations.map((v) => ({ id: v.id, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
    });
    assert.deepEqual(violations, [], `/docs, ${view.width} px, ${view.scheme}`);
    await page.locator('#op-generate').scrollIntoViewIfNeeded();
    await page.screenshot({ path: new URL(`docs-${view.width}-${view.scheme}.png`, build).pathname });
    await page.close();
  }
});

test('no page had an error', () => {
  assert.deepEqual(pageErrors, []);
});
