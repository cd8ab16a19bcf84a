// Every page under its Content-Security-Policy (site/policy), in Chromium,
// on either server: each editor page draws its code, /batch makes a batch,
// /docs sends an operation's example, /inspect grades a picture, a page
// opened from a shared link shows the link's code, and no page breaks its
// policy (browser.mjs, launch, fails on any securitypolicyviolation or
// Chromium's report of one, a worker's included). An SVG answer opened as
// a document runs in a sandbox, with an origin of its own; a PDF answer,
// under the same sandbox, still shows in Chromium's viewer.
//
//	EDITOR_URL=http://127.0.0.1:9900 node --test e2e/editor/policy.test.mjs
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { decode, editorURL, inTabs, launch, openEditor, rasterize } from './browser.mjs';

if (!editorURL) throw new Error('set EDITOR_URL to the server that serves the built site');

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('every editor page draws its code under its policy', { timeout: 600_000 }, async () => {
  const { types } = await (await fetch(`${editorURL}/api/v1/types`)).json();
  const paths = ['/', '/wifi?ssid=Cafe&sec=nopass', ...types.map((t) => `/${t.name}`)];
  await inTabs(paths, 3, async (share) => {
    for (const path of share) {
      const page = await openEditor(browser.context, path);
      const read = await decode(await rasterize(page, await page.innerHTML('#code')));
      assert.equal(read.length, 1, `${path}: the page's code does not scan`);
      assert.deepEqual(browser.violations, [], path);
      await page.close();
    }
  });
  assert.ok(paths.length > 40);
});

test('/batch makes and checks codes under its policy', { timeout: 300_000 }, async () => {
  const page = await browser.context.newPage();
  await page.goto(`${editorURL}/batch`, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => document.getElementById('status').textContent.startsWith('Open a file'));
  await page.setInputFiles('#c-file', { name: 'links.csv', mimeType: 'text/csv', buffer: Buffer.from('data\nhttps://example.com/1\nhttps://example.com/2\n') });
  await page.waitForFunction(() => document.getElementById('found').textContent !== '');
  await page.click('#make');
  await page.waitForSelector('#save:not([hidden])', { timeout: 120_000 });
  assert.match(await page.textContent('#status'), /^Made 2 codes in [\d.]+ s; every one scans\.$/);
  assert.deepEqual(browser.violations, []);
  await page.close();
});

test('/docs sends an example and shows the answer under its policy', { timeout: 120_000 }, async () => {
  const page = await browser.context.newPage();
  await page.goto(`${editorURL}/docs`);
  const op = page.locator('#op-generate');
  await op.evaluate((el) => el.closest('details')?.setAttribute('open', ''));
  await op.locator('button[type=submit]').click();
  await op.locator('.answer[data-status]:not([aria-busy])').waitFor({ timeout: 30_000 });
  assert.equal(await op.locator('.answer').getAttribute('data-status'), '200');
  assert.ok(await op.locator('.answer img').evaluate((img) => img.decode().then(() => img.naturalWidth > 0)), 'the answer is shown');
  assert.deepEqual(browser.violations, []);
  await page.close();
});

test('/inspect grades a picture under its policy', { timeout: 120_000 }, async () => {
  const page = await browser.context.newPage();
  await page.goto(`${editorURL}/inspect`, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => document.getElementById('status').textContent.startsWith('Open, paste'), null, { timeout: 60_000 });
  const file = Buffer.from(await (await fetch(`${editorURL}/api/v1/qr?size=400&data=policy`)).arrayBuffer());
  await page.setInputFiles('#c-photo', { name: 'code.png', mimeType: 'image/png', buffer: file });
  await page.waitForFunction(() => Number(document.getElementById('report').dataset.reports || 0) > 0, null, { timeout: 60_000 });
  await page.waitForFunction(() => document.getElementById('overlay').complete && document.getElementById('overlay').naturalWidth > 0);
  assert.match(await page.textContent('#status'), /^One code read/);
  assert.deepEqual(browser.violations, []);
  await page.close();
});

test('an SVG answer opened as a document is sandboxed: an origin of its own, no script', { timeout: 60_000 }, async () => {
  const page = await browser.context.newPage();
  await page.goto(`${editorURL}/api/v1/qr?data=sandbox&format=svg`);
  assert.equal(await page.evaluate(() => document.documentElement.localName), 'svg');
  // The sandbox gives the document an opaque origin: it cannot reach the
  // service's storage or pages, whatever it held.
  assert.equal(await page.evaluate(() => self.origin), 'null');
  const svgViolations = browser.violations.splice(0);
  assert.deepEqual(svgViolations, []);
  await page.close();
});

test('a script the page did not come with is refused, and reported', { timeout: 60_000 }, async () => {
  const page = await openEditor(browser.context, '/wifi');
  // What an injection would do: an inline script and a script from
  // another origin, written into the page.
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.injected = true;';
    document.body.append(s);
    const t = document.createElement('script');
    t.src = 'https://example.com/x.js';
    document.body.append(t);
  });
  await new Promise((done) => setTimeout(done, 500));
  assert.equal(await page.evaluate(() => window.injected), undefined, 'the inline script ran');
  const seen = browser.violations.splice(0);
  assert.ok(seen.some((v) => v.directive === 'script-src-elem' && v.blocked === 'inline'), JSON.stringify(seen));
  assert.ok(seen.some((v) => v.directive === 'script-src-elem' && v.blocked?.startsWith('https://example.com/')), JSON.stringify(seen));
  await page.close();
});

test('a PDF answer under the sandbox still shows in Chromium\'s PDF viewer, its code readable', { timeout: 60_000 }, async () => {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${editorURL}/api/v1/qr?data=${encodeURIComponent('policy in a PDF')}&format=pdf`);
  // The viewer draws in frames of its own once the document has loaded.
  let read = [];
  for (let i = 0; i < 20 && !read.length; i++) {
    await page.waitForTimeout(500);
    read = await decode(await page.screenshot());
  }
  assert.deepEqual(read, ['policy in a PDF']);
  assert.deepEqual(browser.violations.splice(0), []);
  await page.close();
});
