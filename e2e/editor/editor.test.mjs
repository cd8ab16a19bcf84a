// The editor pages in Chromium, against a running server (wrangler dev or
// go run ./worker) with the built site:
//
//	EDITOR_URL=http://127.0.0.1:8787 node --test e2e/editor/
//
// Expected payload texts are the worked examples of payloads.md, and every
// code is read back by zxing-cpp, a decoder that is not ours.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import { decode, editorURL, launch, openEditor, rasterize, scanned } from './browser.mjs';

if (!editorURL) throw new Error('set EDITOR_URL to the server that serves the built site, e.g. http://127.0.0.1:8787');

// payloads.md, wifi: the escaping example and the open network.
const wifi = {
  ssid: 'Café "Net";1',
  password: 'p@ss:w0rd,\\x',
  text: 'WIFI:T:WPA;S:Café \\"Net\\"\\;1;P:p@ss\\:w0rd\\,\\\\x;H:true;;',
};
const openWifi = 'WIFI:T:nopass;S:Guest;;';
// payloads.md, upi: the worked example.
const upiQuery = 'pa=acmestore@okhdfcbank&pn=Acme%20Store&am=149.5&tn=Order%20A1023&tr=A1023&mc=5411';
const upiText = 'upi://pay?pa=acmestore@okhdfcbank&pn=Acme%20Store&am=149.50&cu=INR&tn=Order%20A1023&tr=A1023&mc=5411';

let browser;
const requests = []; // every request any page of the browser made
const offsite = []; // requests to anywhere but the server under test, refused
const pageErrors = [];

before(async () => {
  browser = await launch();
  const origin = new URL(editorURL).origin;
  await browser.context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(origin) || url.startsWith('blob:') || url.startsWith('data:')) return route.continue();
    offsite.push(url);
    return route.abort();
  });
  browser.context.on('request', (r) => requests.push({ url: r.url(), body: r.postData() || '' }));
  browser.context.on('page', (p) => {
    p.on('pageerror', (e) => pageErrors.push(`${p.url()}: ${e.message}`));
    p.on('console', (m) => m.type() === 'error' && pageErrors.push(`${p.url()}: ${m.text()}`));
  });
});

after(async () => {
  await browser?.close();
});

async function download(page, button) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
  return { name: dl.suggestedFilename(), bytes: await readFile(await dl.path()) };
}

// previewText decodes the code on screen, drawn by the browser.
async function previewText(page) {
  return decode(await rasterize(page, await page.innerHTML('#code')));
}

test('wifi: the code holds the exact WIFI text, and the password stays in the page', { timeout: 120_000 }, async () => {
  const page = await openEditor(browser.context, '/wifi');
  await page.fill('#c-ssid', wifi.ssid);
  await page.fill('#c-password', wifi.password);
  await page.selectOption('#c-sec', 'WPA2');
  await page.check('#c-hidden');
  await page.selectOption('#c-style', 'rounded');
  await page.fill('#c-fg', '1a237e');
  await page.fill('#c-label', 'Guest Wi-Fi');
  await page.waitForFunction(() => document.querySelector('#code svg') && !document.getElementById('code').classList.contains('example'));
  assert.equal(await scanned(page), 'yes');

  assert.deepEqual(await previewText(page), [wifi.text], 'the preview');
  const png = await download(page, '#dl-png');
  assert.equal(png.name, 'wifi.png');
  assert.deepEqual(await decode(png.bytes), [wifi.text], 'the PNG download');
  const svg = await download(page, '#dl-svg');
  assert.equal(svg.name, 'wifi.svg');
  assert.deepEqual(await decode(await rasterize(page, svg.bytes.toString())), [wifi.text], 'the SVG download');

  // The state is in the URL under the interface's short names...
  const q = new URL(page.url()).searchParams;
  assert.equal(q.get('ssid'), wifi.ssid);
  assert.equal(q.get('sec'), 'WPA2');
  assert.equal(q.get('hidden'), 'true');
  assert.equal(q.get('style'), 'rounded');
  assert.equal(q.get('fg'), '1a237e');
  assert.equal(q.get('label'), 'Guest Wi-Fi');
  assert.equal(await page.inputValue('#share'), page.url());

  // ...and the password is nowhere but in its field.
  const secrets = [wifi.password, encodeURIComponent(wifi.password), new URLSearchParams({ p: wifi.password }).toString().slice(2), 'w0rd'];
  const leaks = (where, s) => secrets.filter((x) => s.includes(x)).map((x) => `${where} holds ${x}`);
  const cdp = await browser.context.newCDPSession(page);
  const { entries } = await cdp.send('Page.getNavigationHistory');
  const storage = await page.evaluate(() => JSON.stringify([{ ...localStorage }, { ...sessionStorage }, document.cookie]));
  const found = [
    ...leaks('location', page.url()),
    ...entries.flatMap((e) => leaks(`history entry ${e.url}`, e.url)),
    ...requests.flatMap((r) => leaks(`request ${r.url}`, r.url + r.body)),
    ...leaks('storage', storage),
    ...leaks('share link', await page.inputValue('#share')),
    ...leaks('API URL', await page.inputValue('#api')),
    ...leaks('curl line', await page.inputValue('#curl')),
  ];
  assert.deepEqual(found, []);
  assert.equal(storage, '[{},{},""]', 'the editor stores nothing');
  assert.match(await page.inputValue('#curl'), /--data-urlencode "password=\$WIFI_PASSWORD"/);

  // The API URL the editor shows gives the same code once the password is added.
  const api = new URL(await page.inputValue('#api'));
  assert.equal(api.searchParams.get('password'), null);
  api.searchParams.set('password', wifi.password);
  const res = await fetch(api);
  assert.equal(res.status, 200, await res.clone().text());
  assert.deepEqual(await decode(Buffer.from(await res.arrayBuffer())), [wifi.text], 'the API URL');
  await page.close();
});

test('wifi: a shared URL reopens the editor filled in, without any secret', { timeout: 60_000 }, async () => {
  const page = await openEditor(browser.context, '/wifi?ssid=Guest&sec=nopass&style=dot&fg=1a237e&label=Free%20Wi-Fi');
  assert.equal(await page.inputValue('#c-ssid'), 'Guest');
  assert.equal(await page.inputValue('#c-sec'), 'nopass');
  assert.equal(await page.inputValue('#c-style'), 'dot');
  assert.equal(await page.inputValue('#c-fg'), '1a237e');
  assert.equal(await page.inputValue('#c-label'), 'Free Wi-Fi');
  await scanned(page);
  assert.deepEqual(await previewText(page), [openWifi]);
  assert.deepEqual(await decode((await download(page, '#dl-png')).bytes), [openWifi]);
  await page.close();

  // A password someone put in a link is neither used nor kept in the address.
  const leaked = await openEditor(browser.context, '/wifi?ssid=Guest&password=hunter2hunter2');
  assert.equal(await leaked.inputValue('#c-password'), '');
  assert.doesNotMatch(leaked.url(), /hunter2|password/);
  const cdp = await browser.context.newCDPSession(leaked);
  const { entries } = await cdp.send('Page.getNavigationHistory');
  assert.deepEqual(entries.filter((e) => e.url.includes('hunter2')), []);
  assert.match(await leaked.textContent('#status'), /password .*removed/);
  await leaked.close();
});

test('upi: a prefilled standee reopens, scans and downloads', { timeout: 60_000 }, async () => {
  const page = await openEditor(browser.context, `/upi?${upiQuery}&tpl=standee&label=Acme%20Store`);
  assert.equal(await page.inputValue('#c-pa'), 'acmestore@okhdfcbank');
  assert.equal(await page.inputValue('#c-pn'), 'Acme Store');
  assert.equal(await page.inputValue('#c-am'), '149.5');
  assert.equal(await page.inputValue('#c-tpl'), 'standee');
  await page.waitForFunction(() => document.querySelector('#code svg').viewBox.baseVal.height > document.querySelector('#code svg').viewBox.baseVal.width);
  assert.equal(await scanned(page), 'yes');
  assert.deepEqual(await previewText(page), [upiText]);
  assert.deepEqual(await decode((await download(page, '#dl-png')).bytes), [upiText]);
  assert.deepEqual(await decode(await rasterize(page, (await download(page, '#dl-svg')).bytes.toString())), [upiText]);
  const res = await fetch(await page.inputValue('#api'));
  assert.equal(res.status, 200);
  assert.deepEqual(await decode(Buffer.from(await res.arrayBuffer())), [upiText], 'the API URL');
  await page.close();
});

test('free text at /, and every kind has a page', { timeout: 60_000 }, async () => {
  const page = await openEditor(browser.context, '/?data=hello%20world&ec=H');
  assert.equal(await page.inputValue('#c-data'), 'hello world');
  assert.deepEqual(await previewText(page), ['hello world']);
  assert.match(await page.inputValue('#api'), /\/api\/v1\/qr\?data=hello%20world&ec=H$/);
  const kinds = await page.$$eval('.kinds a', (as) => as.map((a) => a.getAttribute('href')));
  const types = await (await fetch(`${editorURL}/api/v1/types`)).json();
  assert.deepEqual(kinds, types.types.map((t) => t.editor));
  for (const path of kinds) {
    const res = await fetch(editorURL + path);
    assert.equal(res.status, 200, path);
  }
  await page.close();
});

test('errors show next to their field and the form works from the keyboard', { timeout: 60_000 }, async () => {
  const page = await openEditor(browser.context, '/wifi');
  // Every input has a label and its error box is tied to it.
  const unlabelled = await page.$$eval('#editor input, #editor select, #editor textarea', (els) =>
    els.filter((el) => !el.classList.contains('swatch') && el.labels.length === 0).map((el) => el.id),
  );
  assert.deepEqual(unlabelled, []);

  await page.keyboard.press('Tab'); // the skip link
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'c-ssid');
  await page.keyboard.type('Cafe');
  await page.keyboard.press('Tab');
  await page.keyboard.type('short');
  await page.waitForFunction(() => !document.getElementById('e-password').hidden);
  assert.match(await page.textContent('#e-password'), /^Password must be 8 to 63/);
  assert.equal(await page.getAttribute('#c-password', 'aria-invalid'), 'true');
  assert.match(await page.getAttribute('#c-password', 'aria-describedby'), /\be-password\b/);
  assert.equal(await page.isDisabled('#dl-png'), true);
  assert.equal(new URL(page.url()).searchParams.get('ssid'), 'Cafe');

  await page.keyboard.type('-and-longer');
  await page.waitForFunction(() => document.getElementById('e-password').hidden);
  await page.focus('#dl-png');
  const [dl] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  assert.equal(dl.suggestedFilename(), 'wifi.png');
  await page.close();
});

test('a 360 px phone in dark mode', { timeout: 60_000 }, async () => {
  for (const path of ['/wifi', `/upi?${upiQuery}`]) {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 360, height: 740 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(editorURL + path);
    await page.waitForSelector('#code svg');
    const { scroll, bg } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      bg: getComputedStyle(document.body).backgroundColor,
    }));
    assert.ok(scroll <= 360, `${path} is ${scroll} px wide on a 360 px screen`);
    const [r, g, b] = bg.match(/\d+/g).map(Number);
    assert.ok(r + g + b < 150, `${path} background ${bg} is not dark`);
    await page.close();
  }
});

test('no request left the machine and no page had an error', () => {
  assert.deepEqual(offsite, []);
  assert.deepEqual(pageErrors, []);
});
