// The editor pages in Chromium, against a running server with the built
// site: wrangler dev, or the native server, which serves build/site (or
// $SITE_DIR) itself:
//
//	EDITOR_URL=http://127.0.0.1:8787 node --test e2e/editor/
//	go build -o build/native-server ./worker && PORT=9900 build/native-server &
//	EDITOR_URL=http://127.0.0.1:9900 node --test e2e/editor/
//
// Expected payload texts are the worked examples of docs/payloads.md, and every
// code is read back by zxing-cpp, a decoder that is not ours.
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';
import { addScript, decode, editorReady, editorURL, inTabs, launch, looked, openEditor, pictures, rasterize, scanned, views, watchCode } from './browser.mjs';

const jsQRPath = createRequire(import.meta.url).resolve('jsqr/dist/jsQR.js');

if (!editorURL) throw new Error('set EDITOR_URL to the server that serves the built site, e.g. http://127.0.0.1:8787');

// docs/payloads.md, wifi: the escaping example and the open network.
const wifi = {
  ssid: 'Café "Net";1',
  password: 'p@ss:w0rd,\\x',
  text: 'WIFI:T:WPA;S:Café \\"Net\\"\\;1;P:p@ss\\:w0rd\\,\\\\x;H:true;;',
};
const openWifi = 'WIFI:T:nopass;S:Guest;;';
// docs/payloads.md, upi: the worked example.
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
    p.on('console', (m) => m.type() === 'error' && !refusedFirstCode(m) && pageErrors.push(`${p.url()}: ${m.text()}`));
  });
});

// refusedFirstCode reports whether a console message is Chromium's note
// of a first code the API refused (a link to a code that would not scan,
// or with a wrong value): the page then waits for its program, which
// draws the code with its warnings (app.js, firstCode).
const refusedFirstCode = (m) => /status of 4\d\d/.test(m.text()) && /\/api\/v1\/[^?]*\?(.*&)?format=svg$/.test(m.location().url);

after(async () => {
  await browser?.close();
});

async function download(page, button) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
  return { name: dl.suggestedFilename(), bytes: await readFile(await dl.path()) };
}

// pngSize reads a PNG's width and height from its IHDR chunk.
function pngSize(bytes) {
  assert.equal(bytes.subarray(1, 4).toString(), 'PNG', 'not a PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

// svgSize reads an SVG's viewBox width and height.
function svgSize(markup) {
  const [, , width, height] = markup.match(/viewBox="([^"]+)"/)[1].split(/\s+/).map(Number);
  return { width, height };
}

// pixels returns the RGBA of image bytes at each [x, y], as the browser
// decodes them.
async function pixels(page, bytes, points) {
  return page.evaluate(
    async ({ b64, points }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = Object.assign(document.createElement('canvas'), { width: img.naturalWidth, height: img.naturalHeight });
      const g = canvas.getContext('2d');
      g.drawImage(img, 0, 0);
      return points.map(([x, y]) => [...g.getImageData(x, y, 1, 1).data]);
    },
    { b64: bytes.toString('base64'), points },
  );
}

// dark is ink: a pixel in a dark foreground colour, not paper.
const dark = ([r, g, b, a]) => a > 200 && r + g + b < 384;

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
  await page.check('input[name="style"][value="rounded"]');
  await page.fill('#c-fg', '1a237e');
  await page.fill('#c-frame_text', 'Guest Wi-Fi');
  await page.waitForFunction(() => document.querySelector('#code svg') && document.getElementById('code-tag').hidden);
  assert.equal(await scanned(page), 'yes');

  assert.deepEqual(await previewText(page), [wifi.text], 'the preview');
  const png = await download(page, '#dl-png');
  assert.equal(png.name, 'wifi.png');
  assert.deepEqual(await decode(png.bytes), [wifi.text], 'the PNG download');
  const svg = await download(page, '#dl-svg');
  assert.equal(svg.name, 'wifi.svg');
  assert.deepEqual(await decode(await rasterize(page, svg.bytes.toString())), [wifi.text], 'the SVG download');
  // The caption is in both downloads: a bare code is square, the label
  // adds a line of text under it.
  for (const [what, { width, height }] of [['PNG', pngSize(png.bytes)], ['SVG', svgSize(svg.bytes.toString())]]) {
    assert.ok(height > width * 1.05, `the ${what} download is ${width}x${height}: no room for the caption`);
  }
  const { width: pw, height: ph } = pngSize(png.bytes);
  const captionRow = await pixels(page, png.bytes, Array.from({ length: pw }, (_, x) => [x, Math.round((pw + ph) / 2)]));
  assert.ok(captionRow.some(dark), 'no ink under the code where the caption goes');

  // The state is in the URL under the interface's short names...
  const q = new URL(page.url()).searchParams;
  assert.equal(q.get('ssid'), wifi.ssid);
  assert.equal(q.get('sec'), 'WPA2');
  assert.equal(q.get('hidden'), 'true');
  assert.equal(q.get('style'), 'rounded');
  assert.equal(q.get('fg'), '1a237e');
  assert.equal(q.get('frame_text'), 'Guest Wi-Fi');
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

  // The API URL says so itself: the note is shown beside it and is part of
  // the description of the API URL and the curl line.
  assert.ok(await page.isVisible('#secret-note'), 'the secret note is hidden');
  assert.match(await page.textContent('#secret-note'), /password is left out of the API URL/);
  for (const id of ['api', 'curl']) {
    const described = await page.$eval(`#${id}`, (el) => el.getAttribute('aria-describedby').split(' ').map((ref) => document.getElementById(ref)?.textContent ?? `#${ref} missing`).join(' '));
    assert.match(described, /password is left out of the API URL/, `#${id} is not described by the note`);
  }
  const between = await page.evaluate(() => {
    const [api, note, curl] = ['api', 'secret-note', 'curl'].map((id) => document.getElementById(id));
    const gap = (a, b) => b.getBoundingClientRect().top - a.getBoundingClientRect().bottom;
    return { after: gap(api, note), before: gap(note, curl) };
  });
  assert.ok(between.after >= 0 && between.after < 80 && between.before >= 0, `the note is not between the API URL and the curl line: ${JSON.stringify(between)}`);

  // The API URL the editor shows gives the same code once the password is added.
  const api = new URL(await page.inputValue('#api'));
  assert.equal(api.searchParams.get('password'), null);
  api.searchParams.set('password', wifi.password);
  const res = await fetch(api);
  assert.equal(res.status, 200, await res.clone().text());
  assert.deepEqual(await decode(Buffer.from(await res.arrayBuffer())), [wifi.text], 'the API URL');
  await page.close();
});

test('wifi: a shared URL reopens the editor filled in, without any secret', { timeout: 120_000 }, async () => {
  const page = await openEditor(browser.context, '/wifi?ssid=Guest&sec=nopass&style=dot&fg=1a237e&label=Free%20Wi-Fi');
  assert.equal(await page.inputValue('#c-ssid'), 'Guest');
  assert.equal(await page.inputValue('#c-sec'), 'nopass');
  assert.equal(await page.$eval('input[name="style"]:checked', (el) => el.value), 'dot');
  assert.equal(await page.inputValue('#c-fg'), '1a237e');
  assert.equal(await page.inputValue('#c-frame_text'), 'Free Wi-Fi');
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

test('upi: a prefilled standee reopens, scans and downloads', { timeout: 120_000 }, async () => {
  // tpl and label: an editor link from before frames, read as frame and frame_text.
  const page = await openEditor(browser.context, `/upi?${upiQuery}&tpl=standee&label=Acme%20Store`);
  assert.equal(await page.inputValue('#c-pa'), 'acmestore@okhdfcbank');
  assert.equal(await page.inputValue('#c-pn'), 'Acme Store');
  assert.equal(await page.inputValue('#c-am'), '149.5');
  assert.ok(await page.isChecked('input[name=frame][value=standee]'));
  assert.equal(await page.inputValue('#c-frame_text'), 'Acme Store');
  await page.waitForFunction(() => document.querySelector('#code svg').viewBox.baseVal.height > document.querySelector('#code svg').viewBox.baseVal.width);
  assert.equal(await scanned(page), 'yes');
  assert.deepEqual(await previewText(page), [upiText]);
  const png = (await download(page, '#dl-png')).bytes;
  const svg = (await download(page, '#dl-svg')).bytes.toString();
  assert.deepEqual(await decode(png), [upiText], 'the PNG download');
  assert.deepEqual(await decode(await rasterize(page, svg)), [upiText], 'the SVG download');
  // Both downloads are the standee, not the bare code: tall, with the
  // coloured title band across the top and the border down the sides
  // (both in the foreground colour, black here).
  for (const [what, { width, height }] of [['PNG', pngSize(png)], ['SVG', svgSize(svg)]]) {
    assert.ok(height > width * 1.1, `the ${what} download is ${width}x${height}, not a standee`);
  }
  const { width, height } = pngSize(png);
  const frame = await pixels(page, png, [[width / 2, 3], [1, height / 2], [width - 2, height / 2]].map(([x, y]) => [Math.round(x), Math.round(y)]));
  assert.ok(frame.every(dark), `the PNG has no frame: ${JSON.stringify(frame)}`);
  assert.ok(await page.isHidden('#secret-note'), 'upi has no secret, so no note');
  const res = await fetch(await page.inputValue('#api'));
  assert.equal(res.status, 200);
  assert.deepEqual(await decode(Buffer.from(await res.arrayBuffer())), [upiText], 'the API URL');
  await page.close();
});

test('free text at /, and every kind has a page', { timeout: 120_000 }, async () => {
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

test('errors show next to their field and the form works from the keyboard', { timeout: 120_000 }, async () => {
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

test('low contrast is said in words', { timeout: 120_000 }, async () => {
  const page = await openEditor(browser.context, '/wifi?ssid=Guest&sec=nopass');
  await page.fill('#c-fg', 'cccccc'); // light grey on white
  await page.waitForFunction(() => /low/.test(document.getElementById('v-contrast').textContent));
  assert.match(await page.textContent('#warnings'), /low contrast: 1\.\d+:1 .*Darken color or lighten bg/);
  // The verify worker's answer keeps the warning and does not call it scannable.
  assert.notEqual(await scanned(page), 'yes');
  assert.match(await page.textContent('#warnings'), /low contrast/);
  assert.equal(new URL(page.url()).searchParams.get('fg'), 'cccccc');

  await page.fill('#c-fg', '000000');
  await page.waitForFunction(() => !/low/.test(document.getElementById('v-contrast').textContent));
  assert.doesNotMatch(await page.textContent('#warnings'), /contrast/);
  await page.close();
});

test('a 360 px phone, light and dark', { timeout: 120_000 }, async () => {
  for (const scheme of ['light', 'dark']) {
    for (const path of ['/wifi', `/upi?${upiQuery}`]) {
      const page = await browser.context.newPage();
      await page.setViewportSize({ width: 360, height: 740 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(editorURL + path);
      await editorReady(page);
      // Opened, so that the folded style options are measured too.
      await page.evaluate(() => {
        for (const d of document.querySelectorAll('details')) d.open = true;
      });
      const { scroll, bg } = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        bg: getComputedStyle(document.body).backgroundColor,
      }));
      assert.ok(scroll <= 360, `${path} (${scheme}) is ${scroll} px wide on a 360 px screen`);
      const sum = bg.match(/\d+/g).slice(0, 3).map(Number).reduce((a, b) => a + b);
      assert.ok(scheme === 'dark' ? sum < 150 : sum > 600, `${path} background ${bg} is not ${scheme}`);
      await page.close();
    }
  }
});

// --- first impressions (docs/interface.md, The editor) ----------------------------

const phone = { width: 390, height: 844 };

// onScreen reports whether the element's box lies within the first screen.
async function onScreen(page, selector) {
  const box = await page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top + scrollY, bottom: r.bottom + scrollY };
  });
  return box.bottom <= page.viewportSize().height ? true : box;
}

test('a shared link opened on a phone shows its code and its download on the first screen', { timeout: 180_000 }, async () => {
  const links = [
    [`/upi?${upiQuery}`, upiText],
    ['/wifi?ssid=Guest&sec=nopass', openWifi],
    ['/?data=hello%20world', 'hello world'],
    ['/vcard?fn=Jane&ln=Doe&phone=%2B41446681800', null],
    ['/epc?name=Wikimedia%20Foerdergesellschaft&iban=DE33100205000001194700&amount=12.5&text=Spende', null],
  ];
  for (const scheme of ['light', 'dark']) {
    for (const [path, text] of links) {
      const page = await browser.context.newPage();
      await page.setViewportSize(phone);
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(editorURL + path, { waitUntil: 'domcontentloaded' });
      await page.waitForSelector('#code svg');
      assert.equal(await onScreen(page, '#code'), true, `${path} (${scheme}): the first code is below the first screen`);
      await editorReady(page);
      assert.equal(await onScreen(page, '#code'), true, `${path} (${scheme}): the code is below the first screen`);
      assert.equal(await onScreen(page, '#dl-png'), true, `${path} (${scheme}): Download PNG is below the first screen`);
      assert.equal(await page.isDisabled('#dl-png'), false, path);
      const read = await previewText(page);
      if (text) assert.deepEqual(read, [text], path);
      else assert.equal(read.length, 1, `${path}: the preview does not scan`);
      await page.close();
    }
  }
  // Opened bare, a page starts with its form.
  const page = await browser.context.newPage();
  await page.setViewportSize(phone);
  await page.goto(`${editorURL}/wifi`, { waitUntil: 'domcontentloaded' });
  await editorReady(page);
  assert.equal(await onScreen(page, '#c-ssid'), true, 'a bare /wifi does not start with its form');
  await page.close();
});

// --- the first code, before the program (docs/editor.md, "Loading") -------------

// slowProgram holds back page's editor.wasm until the returned function is
// called, so that what the page shows without its program can be seen.
async function slowProgram(page) {
  let release;
  const released = new Promise((resolve) => (release = resolve));
  await page.route('**/editor.wasm', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

// shots are the markups the code box showed once the page was parsed,
// each once, in turn (watchCode); with parsing, those it showed while the
// page was still being parsed as well (a shared link's code is placed
// there when first.js has it by then).
const shots = (page, parsing = false) => page.evaluate((all) => window.__firstCode.shots.filter((s) => all || !s.loading).map((s) => s.markup), parsing);

test('a shared link shows its code before the program, and the program takes it over unchanged', { timeout: 300_000 }, async () => {
  const links = [
    ['/wifi?ssid=Guest&sec=nopass', openWifi],
    [`/upi?${upiQuery}`, upiText],
    ['/?data=hello%20world&style=dot&eye=leaf&fg=1a237e', 'hello world'],
    // a kind's symbol rules (epc's level M at most; swiss-qr's cross and level M)
    ['/epc?name=Wikimedia%20Foerdergesellschaft&iban=DE33100205000001194700&amount=12.5&text=Spende', null],
    ['/swiss-qr?iban=CH5800791123000889012&name=Robert%20Schneider%20AG&zip=2501&city=Biel&country=CH&currency=CHF&reftype=NON', null],
    // branded: a caption, and a frame with a gradient, which the worker draws as the API does
    ['/wifi?ssid=Guest&sec=nopass&frame_text=Free%20Wi-Fi', openWifi],
    ['/wifi?ssid=Guest&sec=nopass&frame=banner-bottom&frame_text=Free%20Wi-Fi&fg=linear:1a237e,4a148c', openWifi],
    // a preset, read as the API reads it
    ['/wifi?ssid=Guest&sec=nopass&preset=event', openWifi],
  ];
  // The server sends the page with the link's code in it (site/serve);
  // a host that serves the site as static files does not, and the page
  // asks the API for the code as it is parsed (first.js).
  for (const host of ['server', 'static']) {
    for (const [path, text] of links) {
      const what = `${path} (${host})`;
      const page = await browser.context.newPage();
      await page.addInitScript(watchCode);
      const release = await slowProgram(page);
      if (host === 'static') {
        await page.route((url) => url.href === editorURL + path, async (route) => route.fulfill({ response: await route.fetch({ url: editorURL + new URL(editorURL + path).pathname }) }));
      }
      const before = requests.length;
      await page.goto(editorURL + path, { waitUntil: 'domcontentloaded' });
      await page.waitForSelector('#code svg');
      assert.equal(await page.evaluate(() => typeof qrEditor), 'undefined', `${what}: the program ran before it was let through`);
      const [first] = await shots(page, true);
      const read = await decode(await rasterize(page, first));
      if (text) assert.deepEqual(read, [text], `${what}: the first code`);
      else assert.equal(read.length, 1, `${what}: the first code does not scan`);
      const asked = requests.slice(before).filter((r) => new URL(r.url).pathname.startsWith('/api/'));
      const form = JSON.parse(await page.textContent('#first-form'));
      release();
      await editorReady(page);
      const api = `${await page.inputValue('#api')}${(await page.inputValue('#api')).includes('?') ? '&' : '?'}format=svg`;
      if (host === 'server') {
        // It came in the page: the API's answer for the page's own API URL, and no request to the API.
        assert.deepEqual(asked.map((r) => r.url), [], `${what}: the page asked the API`);
        assert.equal(await page.evaluate(() => window.__firstCode.parsed !== null && /<svg/.test(window.__firstCode.parsed)), true, `${what}: the code was not in the page as it came`);
        assert.equal(editorURL + form.url, api, `${what}: the code in the page is not the page's API URL`);
        assert.equal(form.code, await (await fetch(api)).text(), `${what}: the code in the page is not the API's answer`);
      } else {
        // It came from the page's own API URL, as SVG, the one request to the API.
        assert.equal(form.code, undefined, `${what}: a static page carried a code`);
        assert.equal(asked.length, 1, `${what}: ${asked.map((r) => r.url).join(', ')}`);
        assert.equal(asked[0].url, api, `${what}: the first code is not the page's API URL`);
      }
      // The program drew the same markup, and so did the worker that checks
      // (and draws a branded code): the page never showed another.
      await scanned(page);
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 100))));
      assert.equal((await shots(page, true)).length, 1, `${what}: the code changed when the program (or its worker) drew it`);
      assert.equal(await page.innerHTML('#code'), first, what);
      await page.close();
    }
  }
});

test('the server reads a link as the page does: the code it puts in the page is the one the page would ask for', { timeout: 300_000 }, async () => {
  // Links whose values the browser cleans up (numbers, dates, e-mail
  // addresses, line breaks), spelled with aliases, capitals and escapes.
  const links = [
    '/wifi?security=NOPASS&ssid=Caf%C3%A9+Wi-Fi&hidden=YES&dots=DOT',
    '/wifi?ssid=a~b*c%27()!&sec=nopass&label=A%0AB&eye_color=%20%23c62828%20',
    '/wifi?ssid=G&sec=nopass&eye_color=%23cc0000,%20,%230000cc&eye_ball_color=111111,222222,333333',
    '/wifi?ssid=G&sec=nopass&fg=linear:%231a237e,4a148c,045.50deg&quiet=2&size=600&margin=%2B2',
    '/wifi?ssid=G&sec=nopass&quiet=3&size=6e2',
    '/wifi?ssid=G&sec=nopass&color=radial:ff0000,00ff00&width=600.',
    '/wifi?ssid=%zz&ssid=second&sec=nopass&bg=%23FFFFFF',
    '/email?to=%20jane%40example.com%0A&subject=Hi%20%26%20bye&body=line%0D%0Aline&cc=%20',
    '/url?url=%20https%3A%2F%2Fexample.com%2F%3Fa%3D1%20&utm_source=qr',
    '/phone?number=%2B41%0A44%20668%2018%2000',
    '/paynow?proxytype=MOBILE&proxy=%2B6591234567&amount=10.50&expiry=2027-02-29',
    '/paynow?proxytype=uen&proxy=201403121W&expiry=2028-02-29&editable=on',
    '/?data=%F0%9F%93%B6%20caf%C3%A9&style=rounded&ec=h',
    '/wifi?ssid=G&sec=nopass&preset=%20Cafe&dots=dot',
  ];
  for (const path of links) {
    const page = await browser.context.newPage();
    const release = await slowProgram(page);
    const before = requests.length;
    await page.goto(editorURL + path, { waitUntil: 'domcontentloaded' });
    const form = JSON.parse(await page.textContent('#first-form'));
    const asked = await page.evaluate(() => window.qrFirst.url);
    // A code the API refuses (size=6e2 is not a whole number) is in no page.
    const refused = (await fetch(editorURL + asked)).status !== 200;
    assert.equal(form.url, refused ? undefined : asked, `${path}: the server and the page read the link differently`);
    const api = requests.slice(before).filter((r) => new URL(r.url).pathname.startsWith('/api/')).map((r) => r.url);
    assert.deepEqual(api, refused ? [editorURL + asked] : [], `${path}: what the page asked the API`);
    release();
    await page.close();
  }
});

test('the first code, before the program: axe-core finds no WCAG 2.1 AA violation at 390 and 1280 px, light and dark', { timeout: 180_000 }, async () => {
  const axe = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
  for (const scheme of ['light', 'dark']) {
    for (const viewport of [phone, { width: 1280, height: 900 }]) {
      const page = await browser.context.newPage();
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: scheme });
      const release = await slowProgram(page);
      await page.goto(`${editorURL}/wifi?ssid=Guest&sec=nopass`, { waitUntil: 'domcontentloaded' });
      await page.waitForSelector('#code svg');
      assert.equal(await page.getAttribute('#code', 'aria-label'), 'Wi-Fi network QR code');
      assert.ok(await page.isHidden('#code-tag'), 'the link\'s code is marked as an example');
      await page.screenshot({ path: new URL(`../../build/editor-first-${viewport.width}-${scheme}.png`, import.meta.url).pathname });
      await addScript(page, axe);
      const violations = await page.evaluate(async () => {
        const res = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
        return res.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
      });
      assert.deepEqual(violations, [], `${scheme}, ${viewport.width} px`);
      release();
      await editorReady(page);
      await page.close();
    }
  }
});

test('a link that lacks a field or needs a secret asks nothing of the API, and no secret is ever sent', { timeout: 180_000 }, async () => {
  for (const path of ['/wifi?ssid=Home&sec=WPA', '/wifi?sec=nopass&style=dot', '/otp?issuer=ACME&account=jane%40example.com', '/upi?pn=Acme%20Store']) {
    const before = requests.length;
    const page = await openEditor(browser.context, path);
    const asked = requests.slice(before).filter((r) => new URL(r.url).pathname.startsWith('/api/'));
    assert.deepEqual(asked, [], `${path} asked the API`);
    await page.close();
  }
  // A link the API refuses (a code that would not scan: leaf eyes on a
  // version 10 symbol) shows no first code; the program refuses it too,
  // with the API's reason next to the eye control.
  const refused = await browser.context.newPage();
  await refused.addInitScript(watchCode);
  const release = await slowProgram(refused);
  const asked = refused.waitForResponse((r) => r.url().includes('/api/v1/upi?'));
  await refused.goto(`${editorURL}/upi?${upiQuery}&style=dot&eye=leaf`, { waitUntil: 'domcontentloaded' });
  assert.equal((await asked).status(), 422);
  await refused.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 100))));
  assert.equal(await refused.$('#code svg'), null, 'a refused code was shown');
  release();
  await editorReady(refused);
  assert.equal(await refused.$('#code svg'), null, 'the program drew a code the API refuses');
  assert.match(await refused.textContent('#e-eye'), /leaf .*version 10/);
  await refused.close();

  // A password put in a link is dropped: the first code is the open
  // network the rest of the link describes, made without it, and the page
  // the server sends does not repeat it.
  const before = requests.length;
  const page = await browser.context.newPage();
  const sentPage = await page.goto(`${editorURL}/wifi?ssid=Guest&password=hunter2hunter2`, { waitUntil: 'domcontentloaded' });
  await editorReady(page);
  assert.doesNotMatch(await sentPage.text(), /hunter2/);
  assert.equal(JSON.parse(await page.textContent('#first-form')).url, '/api/v1/wifi?ssid=Guest&format=svg');
  const sent = requests.slice(before).slice(1); // the page itself, as the link was written
  assert.deepEqual(sent.filter((r) => /hunter2|password/.test(r.url + r.body)), []);
  await page.close();
});

test('without JavaScript a page shows its example code and its form, and a shared link its own code', { timeout: 120_000 }, async () => {
  const plain = await launch({ javaScriptEnabled: false });
  try {
    const page = await plain.context.newPage();
    await page.setViewportSize(phone);
    await page.goto(`${editorURL}/wifi?ssid=Cafe&sec=nopass`);
    assert.ok(await page.isVisible('#code svg'), 'a link: no code');
    assert.ok(await page.isHidden('#code-tag'), 'a link\'s own code is marked as an example');
    assert.ok(await page.isHidden('#code-note'), 'a link: "Loading the editor" over the code');
    assert.equal(await page.getAttribute('#code', 'aria-label'), 'Wi-Fi network QR code');
    assert.deepEqual(await decode(await rasterize(page, await page.innerHTML('#code'))), ['WIFI:T:nopass;S:Cafe;;']);
    await page.screenshot({ path: new URL('../../build/editor-nojs-link-390.png', import.meta.url).pathname });
    await page.close();
    for (const path of ['/wifi', '/upi']) {
      const page = await plain.context.newPage();
      await page.setViewportSize(phone);
      await page.goto(editorURL + path);
      assert.ok(await page.isVisible('#code svg'), `${path}: no code`);
      assert.ok(await page.isVisible('#code-tag'), `${path}: the code is not marked as an example`);
      assert.match(await page.getAttribute('#code', 'aria-label'), /^Example /);
      assert.ok(await page.isHidden('#code-note'), `${path}: "Loading the editor" over the code`);
      assert.match(await page.textContent('noscript'), /example/);
      const example = await page.$$eval('[data-field]', (els) => els.map((el) => el.dataset.example));
      const read = await decode(await rasterize(page, await page.innerHTML('#code')));
      assert.equal(read.length, 1, `${path}: its example does not scan`);
      assert.ok(example.some((v) => v && read[0].includes(v)), `${path}: the code (${read[0]}) holds none of the examples (${example})`);
      assert.ok(await page.isVisible('#c-' + (path.startsWith('/upi') ? 'pa' : 'ssid')), `${path}: no form`);
      await page.screenshot({ path: new URL(`../../build/editor-nojs-${path.slice(1, 5)}-390.png`, import.meta.url).pathname });
      await page.close();
    }
  } finally {
    await plain.close();
  }
});

test('a wifi link says its password was left out on purpose, and where to type it', { timeout: 120_000 }, async () => {
  const page = await browser.context.newPage();
  await page.setViewportSize(phone);
  await page.goto(`${editorURL}/wifi?ssid=Home&sec=WPA&style=rounded`, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => document.activeElement?.id === 'c-password');
  assert.equal(await page.isVisible('#p-password'), true);
  assert.match(await page.textContent('#p-password'), /Left out of the link on purpose: a password never goes in a link\. Type it here/);
  assert.equal(await onScreen(page, '#p-password'), true, 'the note is below the first screen');
  assert.equal(await page.getAttribute('#c-password', 'placeholder'), null, 'a password field must not show a sample password');
  assert.match(await page.getAttribute('#c-password', 'aria-describedby'), /\bp-password\b/);
  assert.match(await page.textContent('#status'), /Fill in Password/);
  assert.match(await page.textContent('#code-note'), /Fill in Password/);
  await page.keyboard.type('correct horse battery');
  await page.waitForSelector('#code svg');
  assert.equal(await page.isHidden('#p-password'), true, 'the note stays after the password is typed');
  assert.deepEqual(await previewText(page), ['WIFI:T:WPA;S:Home;P:correct horse battery;;']);
  const label = await page.getAttribute('#code', 'aria-label');
  assert.match(label, /holding the password, not read out/);
  assert.doesNotMatch(label, /correct horse/);
  await page.close();
});

test('placeholders read as examples, never as values', { timeout: 120_000 }, async () => {
  const types = await (await fetch(`${editorURL}/api/v1/types`)).json();
  for (const path of ['/', ...types.types.map((t) => t.editor)]) {
    const html = await (await fetch(editorURL + path)).text();
    for (const [, placeholder] of html.matchAll(/placeholder="([^"]*)"/g)) {
      assert.match(placeholder, /^e\.g\. \S/, `${path}: placeholder "${placeholder}"`);
    }
    assert.doesNotMatch(html, /type="password"[^>]*placeholder=/, `${path}: a password field with a placeholder`);
  }
});

test('every page draws an example that scans, marked as an example', { timeout: 300_000 }, async () => {
  const types = await (await fetch(`${editorURL}/api/v1/types`)).json();
  const paths = ['/', ...types.types.map((t) => t.editor)];
  await inTabs(paths, 2, examples);
});

// examples opens each of paths in one tab and checks its example.
async function examples(paths) {
  const page = await browser.context.newPage();
  await page.addInitScript(watchCode);
  for (const path of paths) {
    await page.goto(editorURL + path, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('#code svg');
    // The example came with the page, drawn at build time, and the program
    // draws the same: the page never shows another.
    await editorReady(page);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 50))));
    const drawn = await page.innerHTML('#code');
    assert.equal(await page.evaluate(() => window.__firstCode.parsed), drawn, `${path}: the example the page came with is not the program's`);
    assert.ok((await shots(page)).every((s) => s === drawn), `${path}: the page showed another code once parsed`);
    assert.equal(await page.textContent('#status'), 'This is an example. Fill in the form to make your code.', `${path}: its example does not build`);
    assert.equal(await page.isVisible('#code-tag'), true, `${path}: the example is not marked`);
    assert.match(await page.getAttribute('#code', 'aria-label'), /^Example /, path);
    assert.equal(await page.isDisabled('#dl-png'), true, `${path}: the example can be downloaded as if it were yours`);
    for (const id of ['api', 'curl']) assert.equal(await page.isDisabled(`[data-copy="${id}"]`), true, `${path}: Copy ${id} copies nothing`);
    // At full contrast, so readers that want it (jsQR) read it too.
    const opacity = await page.$eval('#code svg', (el) => getComputedStyle(el).opacity * getComputedStyle(el.parentElement).opacity);
    assert.equal(opacity, 1, `${path}: the example is faded`);
    const [text] = await previewText(page);
    assert.ok(text, `${path}: its example does not scan`);
    // jsQR, a plainer reader, reads it on screen too.
    await addScript(page, jsQRPath);
    const read = await page.evaluate(async () => {
      const svg = document.querySelector('#code svg');
      const img = new Image();
      img.src = URL.createObjectURL(new Blob([svg.outerHTML], { type: 'image/svg+xml' }));
      await img.decode();
      const side = 1200; // 8 px a module or more, for the largest example (swiss-qr)
      const canvas = Object.assign(document.createElement('canvas'), { width: side, height: side });
      const g = canvas.getContext('2d');
      g.fillStyle = '#fff';
      g.fillRect(0, 0, side, side);
      g.drawImage(img, 0, 0, side, side);
      return window.jsQR(g.getImageData(0, 0, side, side).data, side, side)?.data ?? null;
    });
    assert.notEqual(read, null, `${path}: jsQR cannot read its example`);
    // jsQR ignores ECI, so only ASCII texts must read the same.
    if (/^[\x20-\x7e\r\n]*$/.test(text)) assert.equal(read, text, `${path}: jsQR reads its example as ${JSON.stringify(read)}`);
  }
  await page.close();
}

test('the preview and the status say what happened', { timeout: 120_000 }, async () => {
  const page = await openEditor(browser.context, `/upi?${upiQuery}`);
  assert.equal(await page.getAttribute('#code', 'aria-label'), `UPI payment QR code holding: ${upiText}`);
  assert.equal(await page.textContent('#status'), 'Your code is ready.');
  // The skip link moves focus, and the share link still has no fragment.
  // Wait for what a person would see (the page moved to the form), not
  // for an order of events: the URL gains #content when the navigation
  // to the fragment is done, which may come after Enter returns.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await page.waitForURL(/#content$/);
  await page.waitForFunction(() => document.activeElement?.id === 'content');
  await page.fill('#c-am', '150');
  await page.waitForFunction(() => document.getElementById('share').value.includes('am=150'));
  assert.doesNotMatch(await page.inputValue('#share'), /#/);
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(editorURL).origin });
  await page.click('[data-copy="share"]');
  await page.waitForFunction(() => document.getElementById('status').textContent === 'Share link copied.');
  // Empty, the preview says why in words a person can read on it.
  await page.fill('#c-pa', '');
  await page.waitForFunction(() => !document.getElementById('code-note').hidden);
  const [note, status] = [await page.textContent('#code-note'), await page.textContent('#status')];
  assert.equal(note, status);
  const { color, background } = await page.$eval('#code-note', (el) => ({ color: getComputedStyle(el).color, background: getComputedStyle(el).backgroundColor }));
  assert.equal(background, 'rgb(255, 255, 255)');
  assert.equal(color, 'rgb(27, 31, 36)');
  await page.close();
});

test('the keyboard reaches the downloads right after the content', { timeout: 120_000 }, async () => {
  const page = await openEditor(browser.context, '/wifi?ssid=Guest&sec=nopass');
  await page.focus('#c-hidden');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'dl-png');
  await page.close();
});

test('module shapes and eyes are pictures to pick from, by pointer or keyboard', { timeout: 120_000 }, async () => {
  const page = await openEditor(browser.context, '/wifi?ssid=Guest&sec=nopass');
  for (const name of ['style', 'eye']) {
    const radios = await page.$$eval(`input[type="radio"][name="${name}"]`, (els) =>
      els.map((el) => ({ value: el.value, label: el.labels[0].innerText.replace(/^✓\s*/, '').trim() })),
    );
    assert.ok(radios.length >= 5, `${name}: ${radios.length} choices`);
    const widths = await pictures(page, name);
    assert.equal(widths.length, radios.length, `${name}: a choice without a picture`);
    radios.forEach((r, i) => {
      assert.equal(r.label, r.value, `${name} ${r.value}: its label`);
      assert.ok(widths[i] > 0, `${name} ${r.value}: its picture did not load`);
    });
  }
  await page.click('label:has(input[name="eye"][value="circle"])');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('eye') === 'circle');
  await page.focus('input[name="style"]:checked');
  await page.keyboard.press('ArrowRight');
  const chosen = await page.$eval('input[name="style"]:checked', (el) => el.value);
  assert.notEqual(chosen, 'square');
  await page.waitForFunction((v) => new URL(location.href).searchParams.get('style') === v, chosen);
  assert.deepEqual(await previewText(page), [openWifi]);
  await page.close();
});

test('the eye ball is a picture to pick apart from its ring; one that does not fit is refused with one that does', { timeout: 120_000 }, async () => {
  const page = await openEditor(browser.context, '/wifi?ssid=Guest&sec=nopass');
  const radios = await page.$$eval('input[type="radio"][name="eye_ball"]', (els) =>
    els.map((el) => ({ value: el.value, label: el.labels[0].innerText.replace(/^✓\s*/, '').trim(), checked: el.checked })),
  );
  assert.deepEqual(radios[0], { value: '', label: "The eye's own", checked: true });
  assert.ok(radios.length >= 11, `${radios.length} choices`);
  const widths = await pictures(page, 'eye_ball');
  assert.equal(widths.length, radios.length, 'a choice without a picture');
  widths.forEach((w, i) => assert.ok(w > 0, `eye_ball ${radios[i].value}: its picture did not load`));
  // A ball of its own: in the link, and the preview still scans.
  await page.click('label:has(input[name="eye_ball"][value="plus"])');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('eye_ball') === 'plus');
  assert.deepEqual(await previewText(page), [openWifi]);
  // Among dots a round ball in a square ring is refused, next to the
  // control, naming the ball that fits.
  await page.click('label:has(input[name="style"][value="dot"])');
  await page.click('label:has(input[name="eye_ball"][value="circle"])');
  await page.waitForFunction(() => /fits there/.test(document.getElementById('e-eye_ball')?.textContent || ''), null, { timeout: 60_000 });
  assert.match(await page.textContent('#e-eye_ball'), /eye_ball circle.*eye_ball cut fits there/);
  // The eye's own again: no eye_ball in the link, and a code that scans.
  await page.click('label:has(input[name="eye_ball"][value=""])');
  await page.waitForFunction(() => !new URL(location.href).searchParams.has('eye_ball'));
  await page.waitForFunction(() => !(document.getElementById('e-eye_ball')?.textContent || '').trim());
  assert.deepEqual(await previewText(page), [openWifi]);
  await page.close();
  // As people meet it: a circle ring round a cut ball, the balls' pictures
  // in view, at both widths in light and dark.
  for (const view of views) {
    const shot = await browser.context.newPage();
    await shot.setViewportSize({ width: view.width, height: view.height });
    await shot.emulateMedia({ colorScheme: view.scheme });
    await shot.goto(`${editorURL}/wifi?ssid=Guest&sec=nopass&eye=circle&eye_ball=cut`, { waitUntil: 'domcontentloaded' });
    await shot.waitForSelector('#code svg');
    await shot.$eval('input[name="eye_ball"][value="cut"]', (el) => el.scrollIntoView({ block: 'center' }));
    assert.ok(await shot.$eval('input[name="eye_ball"][value="cut"]', (el) => el.checked), 'the link\'s ball is not the one chosen');
    await looked(shot, view, 'editor-eyeball');
    await shot.screenshot({ path: new URL(`../../build/editor-eyeball-view-${view.width}-${view.scheme}.png`, import.meta.url).pathname });
    await shot.close();
  }
});

test('the symbol is a picture to pick, with the note that many phone cameras read only QR', { timeout: 180_000 }, async () => {
  const page = await openEditor(browser.context, '/?data=12345');
  const radios = await page.$$eval('input[type="radio"][name="symbol"]', (els) =>
    els.map((el) => ({ value: el.value, label: el.labels[0].innerText.replace(/^✓\s*/, '').trim() })),
  );
  assert.deepEqual(radios.map((r) => [r.value, r.label]), [['qr', 'QR'], ['micro', 'Micro QR'], ['rmqr', 'rMQR']]);
  const widths = await pictures(page, 'symbol');
  radios.forEach((r, i) => assert.ok(widths[i] > 0, `${r.value}: its picture did not load`));
  assert.match(await page.textContent('#h-symbol'), /many phone cameras read only QR/);
  await page.click('label:has(input[name="symbol"][value="micro"])');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('symbol') === 'micro');
  // The preview is the Micro QR symbol the API draws for the same call.
  await page.waitForFunction(() => /version M2\b/.test(document.getElementById('v-symbol').textContent), null, { timeout: 60_000 });
  const api = await (await fetch(`${editorURL}/api/v1/qr?data=12345&symbol=micro&margin=4&format=svg`)).text();
  const shown = await rasterize(page, await page.innerHTML('#code'));
  assert.ok(shown.equals(await rasterize(page, api)), 'the Micro QR preview is not the API\'s code');
  for (const view of views.slice(0, 2)) {
    const shot = await browser.context.newPage();
    await shot.setViewportSize({ width: view.width, height: view.height });
    await shot.emulateMedia({ colorScheme: view.scheme });
    await shot.goto(`${editorURL}/?data=HELLO%20WORLD&symbol=rmqr`, { waitUntil: 'domcontentloaded' });
    await shot.waitForSelector('#code svg');
    await looked(shot, view, 'editor-rmqr');
    await shot.close();
  }
  await page.close();
});

// --- branding (docs/interface.md, Branding) ----------------------------------------

const menuURL = 'https://example.com/menu?table=12';
const discSVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="#e53935"/></svg>';

// brandedCode waits for the worker's branded picture matching test.
async function brandedCode(page, pattern) {
  await page.waitForFunction((src) => new RegExp(src).test(document.getElementById('code').innerHTML), pattern.source, { timeout: 60_000 });
}

test('branding: a frame, a gradient and eye colours from a link are drawn, checked and downloaded', { timeout: 180_000 }, async () => {
  const path = `/?data=${encodeURIComponent(menuURL)}&frame=banner-bottom&frame_text=SCAN%20ME&fg=linear:0f2027,2c5364,135deg&eye_color=c62828`;
  const page = await openEditor(browser.context, path);
  assert.ok(await page.isChecked('input[data-ui=fill][value=linear]'), 'the fill picker shows the gradient');
  assert.equal(await page.inputValue('#c-fg'), '0f2027');
  assert.equal(await page.inputValue('#c-fg2'), '2c5364');
  assert.equal(await page.inputValue('#c-angle'), '135');
  assert.ok(await page.isChecked('input[name=frame][value=banner-bottom]'));
  await brandedCode(page, /linearGradient/);
  assert.equal(await scanned(page), 'yes');
  await page.waitForFunction(() => /checked, phones will read it/.test(document.getElementById('status').textContent));
  assert.deepEqual(await previewText(page), [menuURL], 'the branded preview');
  const png = (await download(page, '#dl-png')).bytes;
  const svg = (await download(page, '#dl-svg')).bytes.toString();
  assert.deepEqual(await decode(png), [menuURL], 'the PNG download');
  assert.deepEqual(await decode(await rasterize(page, svg)), [menuURL], 'the SVG download');
  assert.match(svg, /<linearGradient/);
  assert.match(svg, /fill="#c62828"/);
  for (const [what, { width, height }] of [['PNG', pngSize(png)], ['SVG', svgSize(svg)]]) {
    assert.ok(height > width, `the ${what} download is ${width}x${height}: no banner under the code`);
  }
  // The link and the API URL describe one picture.
  const q = new URL(page.url()).searchParams;
  assert.equal(q.get('fg'), 'linear:0f2027,2c5364,135deg');
  const res = await fetch(await page.inputValue('#api'));
  assert.equal(res.status, 200, await res.clone().text());
  const api = Buffer.from(await res.arrayBuffer());
  assert.deepEqual(await decode(api), [menuURL], 'the API URL');
  assert.deepEqual(pngSize(api), pngSize(png), 'the API and the editor draw one picture');
  // Changing the fill by its pictures rewrites the colour parameter.
  await page.click('label:has(input[data-ui=fill][value=radial])');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('fg') === 'radial:0f2027,2c5364');
  await brandedCode(page, /radialGradient/);
  await page.close();
});

test('a colour per eye: a link with three opens in the eyes\' own controls, each eye is drawn its colour, and one box puts one colour back', { timeout: 180_000 }, async () => {
  const page = await openEditor(browser.context, `/?data=${encodeURIComponent(menuURL)}&eye_color=cc0000,008800,0000cc`);
  assert.ok(await page.isChecked('#c-eyes'), 'the box for a colour per eye');
  assert.equal(await page.inputValue('#c-eye_color'), 'cc0000');
  assert.equal(await page.inputValue('#c-eye_color2'), '008800');
  assert.equal(await page.inputValue('#c-eye_color3'), '0000cc');
  assert.ok(await page.isVisible('#c-eye_ball_color3'), 'the other eyes\' controls show');
  await brandedCode(page, /fill="#008800"/);
  assert.equal(await scanned(page), 'yes');
  assert.deepEqual(await previewText(page), [menuURL], 'the preview');
  const svg = (await download(page, '#dl-svg')).bytes.toString();
  for (const c of ['cc0000', '008800', '0000cc']) assert.match(svg, new RegExp(`fill="#${c}"`), `no eye in #${c}`);
  assert.deepEqual(await decode(await rasterize(page, svg)), [menuURL], 'the SVG download');
  // A ball of its own for the bottom-left eye, typed: the others take their eye's.
  await page.fill('#c-eye_ball_color3', '4a148c');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('eye_ball_color') === '4a148c,4a148c,4a148c');
  // The API reads what the link says: three colours, the one given where two are empty.
  await page.fill('#c-eye_ball_color', '111111');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('eye_ball_color') === '111111,111111,4a148c');
  await brandedCode(page, /fill="#4a148c"/);
  const res = await fetch(await page.inputValue('#api'));
  assert.equal(res.status, 200, await res.clone().text());
  assert.deepEqual(await decode(Buffer.from(await res.arrayBuffer())), [menuURL], 'the API URL');
  // By keyboard: the box unchecked, one colour for all three eyes again.
  await page.focus('#c-eyes');
  await page.keyboard.press('Space');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('eye_color') === 'cc0000');
  assert.ok(!(await page.isVisible('#c-eye_color2')), 'the other eyes\' controls hide');
  assert.equal(new URL(page.url()).searchParams.get('eye_ball_color'), '111111');
  await page.close();
});

test('outline and plates: a circle link opens in its control and is drawn round, checked and downloaded; rounded corners and a round logo plate by keyboard', { timeout: 180_000 }, async () => {
  const page = await openEditor(browser.context, `/?data=${encodeURIComponent(menuURL)}&outline=circle&fg=1a237e`);
  assert.equal(await page.inputValue('#c-outline'), 'circle');
  await brandedCode(page, /<path fill="#ffffff" d="M[^"]*c[^"]*"/); // the plate's curves
  assert.equal(await scanned(page), 'yes');
  assert.deepEqual(await previewText(page), [menuURL], 'the round preview');
  const png = (await download(page, '#dl-png')).bytes;
  assert.deepEqual(await decode(png), [menuURL], 'the PNG download');
  const { width } = pngSize(png);
  const [corner, top] = await pixels(page, png, [[0, 0], [width / 2, Math.round(width * 0.06)]]);
  assert.equal(corner[3], 0, 'the corner outside the circle is transparent');
  assert.equal(top[3], 255, 'the circle reaches near the top edge');
  const svg = (await download(page, '#dl-svg')).bytes.toString();
  assert.deepEqual(await decode(await rasterize(page, svg)), [menuURL], 'the SVG download');
  // Back to square by keyboard, then rounded corners: the link says so.
  await page.focus('#c-outline');
  await page.selectOption('#c-outline', 'square');
  await page.waitForFunction(() => !new URL(location.href).searchParams.has('outline'));
  await page.fill('#c-bg_radius', '8');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('bg_radius') === '8');
  await brandedCode(page, /<path fill="#ffffff" d="M[^"]*c[^"]*"/);
  assert.equal(await scanned(page), 'yes');
  assert.deepEqual(await previewText(page), [menuURL], 'the rounded preview');
  // A radius past what the quiet zone allows is said next to its field, with the most it may be.
  await page.fill('#c-bg_radius', '16');
  await page.waitForFunction(() => /at most 13/.test(document.getElementById('e-bg_radius')?.textContent || document.getElementById('status').textContent));
  await page.fill('#c-bg_radius', '8');
  // A logo on a round plate.
  await page.setInputFiles('#c-logo', { name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(discSVG) });
  await page.selectOption('#c-logo_shape', 'circle');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('logo_shape') === 'circle');
  await brandedCode(page, /<circle/);
  assert.equal(await scanned(page), 'yes');
  assert.deepEqual(await previewText(page), [menuURL], 'the logo on its round plate');
  const res = await fetch((await page.inputValue('#api')).replace(/&?logo=[^&]*/, ''));
  assert.equal(res.status, 200, await res.clone().text());
  await page.close();
});

test('a logo comes from a file, is drawn and checked in the code, and never leaves the page', { timeout: 180_000 }, async () => {
  const page = await openEditor(browser.context, `/?data=${encodeURIComponent(menuURL)}`);
  const before = requests.length;
  await page.setInputFiles('#c-logo', { name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(discSVG) });
  await brandedCode(page, /fill="#e53935"/);
  assert.equal(await scanned(page), 'yes');
  assert.deepEqual(await previewText(page), [menuURL], 'the preview with its logo');
  assert.deepEqual(await decode((await download(page, '#dl-png')).bytes), [menuURL], 'the PNG download');
  // The link says a logo was chosen; the logo itself is in no address and no request.
  await page.waitForFunction(() => new URL(location.href).searchParams.get('logo') === 'chosen');
  const sent = requests.slice(before).map((r) => r.url + r.body).join(' ');
  for (const where of [page.url(), await page.inputValue('#share'), await page.inputValue('#api'), sent]) {
    assert.doesNotMatch(where, /svg%2Bxml|svg\+xml|e53935|circle/, 'the logo left the page');
  }
  assert.doesNotMatch(await page.inputValue('#api'), /logo=/);
  // A logo too large to scan: the verdict says so, and which size does.
  await page.fill('#c-logo_size', '0.4');
  await page.selectOption('#c-ec', 'L');
  await page.waitForFunction(() => /would not scan .*A logo size of 0\.\d+ or less scans|would not scan/.test(document.getElementById('status').textContent), null, { timeout: 60_000 });
  assert.equal(await scanned(page), 'no');
  // Reopened from its link, the page asks for the logo again.
  const share = await page.inputValue('#share');
  await page.close();
  const again = await openEditor(browser.context, new URL(share).pathname + new URL(share).search);
  assert.ok(await again.isVisible('#p-logo'), 'no prompt for the logo the link was made with');
  assert.match(await again.textContent('#p-logo'), /choose the file again/);
  await again.close();
});

test('frames and fills are pictures to pick from, by pointer or keyboard', { timeout: 120_000 }, async () => {
  const page = await openEditor(browser.context, '/wifi?ssid=Guest&sec=nopass');
  for (const [name, n] of [['frame', 8], ['fill', 3]]) {
    const radios = await pictures(page, name);
    assert.equal(radios.length, n, `${name}: ${radios.length} choices`);
    assert.ok(radios.every((w) => w > 0), `${name}: a picture did not load`);
  }
  await page.focus('input[name="frame"]:checked');
  await page.keyboard.press('ArrowRight');
  const chosen = await page.$eval('input[name="frame"]:checked', (el) => el.value);
  assert.equal(chosen, 'box');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('frame') === 'box');
  await page.fill('#c-frame_text', 'SCAN ME');
  await brandedCode(page, /viewBox/);
  await page.waitForFunction(() => {
    const svg = document.querySelector('#code svg');
    return svg.viewBox.baseVal.height > svg.viewBox.baseVal.width;
  });
  assert.deepEqual(await previewText(page), [openWifi]);
  // Text the fonts cannot draw is refused next to its field.
  await page.fill('#c-frame_text', '扫码');
  await page.waitForFunction(() => /Latin, Greek and Cyrillic/.test(document.getElementById('e-frame_text').textContent), null, { timeout: 60_000 });
  await page.close();
});

test('a look is a picture to pick: it sets the controls, the link holds them written out, and a preset link opens in it', { timeout: 180_000 }, async () => {
  const page = await openEditor(browser.context, '/wifi?ssid=Guest&sec=nopass');
  const radios = await page.$$eval('input[type="radio"][name="preset"]', (els) =>
    els.map((el) => ({ value: el.value, label: el.labels[0].innerText.replace(/^✓\s*/, '').trim(), checked: el.checked })),
  );
  assert.deepEqual(radios[0], { value: '', label: 'Plain', checked: true });
  assert.ok(radios.length >= 13, `${radios.length} looks`);
  const widths = await pictures(page, 'preset');
  widths.forEach((w, i) => assert.ok(w > 0, `look ${radios[i].value}: its picture did not load`));
  const link = () => Object.fromEntries(new URL(page.url()).searchParams);
  // The café: its parameters in the controls and in the link, no preset
  // there, and the code (framed: checked by the worker) scans.
  await page.click('label:has(input[name="preset"][value="cafe"])');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('frame_text') === 'MENU');
  assert.deepEqual(link(), { ssid: 'Guest', sec: 'nopass', style: 'rounded', eye: 'rounded', fg: '4e342e', bg: 'fff8e1', frame: 'banner-bottom', frame_text: 'MENU' });
  assert.ok(await page.isChecked('input[name="style"][value="rounded"]'));
  await page.waitForFunction(() => {
    const svg = document.querySelector('#code svg');
    return svg && svg.viewBox.baseVal.height > svg.viewBox.baseVal.width; // the banner is drawn
  }, null, { timeout: 60_000 });
  assert.deepEqual(await previewText(page), [openWifi]);
  // Another look puts back what the first set and it does not.
  await page.focus('input[name="preset"]:checked');
  await page.keyboard.press('ArrowRight'); // by keyboard: the next look, the shop
  await page.waitForFunction(() => new URL(location.href).searchParams.get('frame_text') === 'SHOP NOW');
  assert.deepEqual(link(), { ssid: 'Guest', sec: 'nopass', style: 'dot', eye: 'rounded', fg: '0d47a1', frame: 'rounded', frame_text: 'SHOP NOW' });
  // A control changed leaves the look, and changed back returns to it.
  await page.click('label:has(input[name="style"][value="square"])');
  await page.waitForFunction(() => !document.querySelector('input[name="preset"]:checked'));
  await page.click('label:has(input[name="style"][value="dot"])');
  await page.waitForFunction(() => document.querySelector('input[name="preset"]:checked')?.value === 'shop');
  // Plain is every look's parameter at its default.
  await page.click('label:has(input[name="preset"][value=""])');
  await page.waitForFunction(() => !new URL(location.href).searchParams.has('frame'));
  assert.deepEqual(link(), { ssid: 'Guest', sec: 'nopass' });
  await page.close();
  // A link with preset= opens in its look, the link's own parameters over
  // it, and the page draws what the API draws for that link.
  const path = '/wifi?ssid=Guest&sec=nopass&preset=event&dots=dot';
  const opened = await openEditor(browser.context, path);
  assert.ok(await opened.isChecked('input[data-ui=fill][value=linear]'), 'the event\'s gradient is not in the fill');
  assert.ok(await opened.isChecked('input[name="eye"][value="point"]'));
  assert.ok(await opened.isChecked('input[name="style"][value="dot"]'));
  assert.ok(!new URL(opened.url()).searchParams.has('preset'), 'the link kept preset= once written out');
  await brandedCode(opened, /linearGradient/);
  const api = await (await fetch(`${editorURL}/api/v1/wifi?ssid=Guest&sec=nopass&preset=event&style=dot&format=svg`)).text();
  assert.ok((await rasterize(opened, await opened.innerHTML('#code'))).equals(await rasterize(opened, api)), 'the page and the API draw the preset link apart');
  await opened.close();
  for (const view of views) {
    const shot = await browser.context.newPage();
    await shot.setViewportSize({ width: view.width, height: view.height });
    await shot.emulateMedia({ colorScheme: view.scheme });
    await shot.goto(`${editorURL}/wifi?ssid=Guest&sec=nopass&preset=cafe`, { waitUntil: 'domcontentloaded' });
    await shot.waitForSelector('#code svg');
    await shot.waitForFunction(() => document.querySelector('input[name="preset"]:checked')?.value === 'cafe');
    await shot.$eval('input[name="preset"][value="cafe"]', (el) => el.closest('fieldset').scrollIntoView({ block: 'center' }));
    await looked(shot, view, 'editor-look');
    await shot.screenshot({ path: new URL(`../../build/editor-look-view-${view.width}-${view.scheme}.png`, import.meta.url).pathname });
    await shot.close();
  }
});

test('a branded link opened on a phone shows its code on the first screen, light and dark', { timeout: 180_000 }, async () => {
  for (const scheme of ['light', 'dark']) {
    const page = await browser.context.newPage();
    await page.setViewportSize(phone);
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${editorURL}/wifi?ssid=Guest&sec=nopass&frame=banner-bottom&frame_text=Free%20Wi-Fi&fg=linear:1a237e,4a148c`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('#code svg');
    assert.equal(await onScreen(page, '#code'), true, `${scheme}: the code is below the first screen`);
    await brandedCode(page, /linearGradient/);
    assert.equal(await onScreen(page, '#code'), true, `${scheme}: the branded code moved below the first screen`);
    assert.deepEqual(await previewText(page), [openWifi]);
    await page.screenshot({ path: new URL(`../../build/editor-brand-390-${scheme}.png`, import.meta.url).pathname });
    await page.close();
  }
});

test('axe-core finds no WCAG 2.1 AA violation, light and dark, on a phone and a desktop', { timeout: 300_000 }, async () => {
  const axe = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
  const pages = ['/', '/wifi', '/wifi?ssid=Home&sec=WPA', `/upi?${upiQuery}&style=dot&eye=leaf`, '/epc', '/vcard', '/otp'];
  const looks = [];
  for (const scheme of ['light', 'dark']) {
    for (const viewport of [phone, { width: 1280, height: 900 }]) {
      for (const path of pages) looks.push({ path, scheme, viewport, i: looks.length });
    }
  }
  const report = [];
  await inTabs(looks, 2, async (share) => {
    for (const { path, scheme, viewport, i } of share) {
      const page = await browser.context.newPage();
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(editorURL + path, { waitUntil: 'domcontentloaded' });
      await page.waitForFunction(() => typeof qrEditor === 'object' && document.getElementById('status').textContent !== '');
      await page.evaluate(() => {
        for (const d of document.querySelectorAll('details')) d.open = true;
      });
      await addScript(page, axe);
      const r = await page.evaluate(async () => {
        const res = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
        const brief = (list) => list.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
        return { violations: brief(res.violations), incomplete: brief(res.incomplete) };
      });
      report[i] = { path, scheme, width: viewport.width, violations: r.violations.length, incomplete: r.incomplete.map((v) => `${v.id} (${v.nodes.length})`) };
      assert.deepEqual(r.violations, [], `${path}, ${scheme}, ${viewport.width} px`);
      await page.close();
    }
  });
  // For the record: what axe could not decide (contrast over the
  // checkerboard, mostly), page by page.
  await mkdir(new URL('../../build/', import.meta.url), { recursive: true });
  await writeFile(new URL('../../build/axe.json', import.meta.url), JSON.stringify(report, null, 1));
});

test('no request left the machine and no page had an error', () => {
  assert.deepEqual(offsite, []);
  assert.deepEqual(pageErrors, []);
});
