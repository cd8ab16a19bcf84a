// The /batch page in Chromium, as a person meets it: a spreadsheet's
// export opened from a file, its columns mapped, codes made in the page
// and downloaded. Every code is read back by zxing-cpp, a decoder that is
// not ours (PNG files directly, the label sheet through poppler's
// pdftoppm at 300 dpi), to its row's exact text.
//
//	EDITOR_URL=http://127.0.0.1:9900 node --test e2e/editor/batch.test.mjs
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { axe, decode, editorURL, launch, looked, readCodes, views } from './browser.mjs';
import { entries, unzip } from './zip.mjs';

if (!editorURL) throw new Error('set EDITOR_URL to the server that serves the built site');

const build = new URL('../../build/', import.meta.url);

let browser;
const requests = [];
const pageErrors = [];

before(async () => {
  browser = await launch();
  browser.context.on('request', (r) => requests.push(r.url() + ' ' + (r.postData() || '')));
  browser.context.on('page', (p) => {
    p.on('pageerror', (e) => pageErrors.push(`${p.url()}: ${e.message}`));
    p.on('console', (m) => m.type() === 'error' && pageErrors.push(`${p.url()}: ${m.text()}`));
  });
  await mkdir(build, { recursive: true });
});

after(async () => {
  await browser?.close();
});

// wifi is a row's text as docs/payloads.md writes it: \ ; , : and " escaped
// with a backslash in the SSID and the password.
const esc = (s) => s.replace(/[\\;,:"]/g, (c) => `\\${c}`);
const wifi = (ssid, password) => `WIFI:T:WPA;S:${esc(ssid)};P:${esc(password)};;`;

// A spreadsheet of rooms, as a spreadsheet in much of Europe saves it:
// semicolons, a byte order mark, CRLF, quotes round cells that need them.
function roomsCSV(n) {
  const rows = [['Room', 'Network', 'Wi-Fi password', 'Security']];
  const want = [];
  for (let i = 1; i <= n; i++) {
    const ssid = i % 7 === 0 ? `Café "Étage" ${i}` : `Hotel Guest ${i % 3 === 0 ? 'East;Wing' : 'Main'}`;
    const password = `sw0rd:${i},fish\\${String(i * 7919).padStart(5, '0')}`;
    rows.push([`Room ${i}`, ssid, password, 'WPA']);
    want.push({ name: `Room ${i}`, text: wifi(ssid, password), password });
  }
  const cell = (c) => (/[;"\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);
  return { csv: '\ufeff' + rows.map((r) => r.map(cell).join(';')).join('\r\n') + '\r\n', want };
}

async function openBatch(view, query = '') {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: view.width, height: view.height });
  await page.emulateMedia({ colorScheme: view.scheme });
  await page.goto(`${editorURL}/batch${query}`, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => document.getElementById('status').textContent.startsWith('Open a file'));
  return page;
}

async function openFile(page, name, text) {
  await page.evaluate(() => {
    document.getElementById('found').textContent = '';
  });
  await page.setInputFiles('#c-file', { name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  await page.waitForFunction(() => document.getElementById('found').textContent !== '' || !document.getElementById('e-file').hidden);
}

async function make(page) {
  await page.click('#make');
  await page.waitForSelector('#save:not([hidden])', { timeout: 300_000 });
}

async function save(page) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click('#save')]);
  return { name: dl.suggestedFilename(), bytes: readFileSync(await dl.path()) };
}

// leaks lists the places outside the page's memory that hold one of
// secrets: the address and its history, a link, a field's value, storage,
// a request since the before'th, and more (a file written).
async function leaks(page, secrets, before, more = []) {
  const cdp = await browser.context.newCDPSession(page);
  const { entries: history } = await cdp.send('Page.getNavigationHistory');
  const dom = await page.evaluate(() => ({
    links: [...document.querySelectorAll('a[href], [src]')].map((e) => e.href || e.src),
    values: [...document.querySelectorAll('input, select')].map((e) => e.value),
    storage: JSON.stringify([{ ...localStorage }, { ...sessionStorage }, document.cookie]),
  }));
  const places = [page.url(), ...history.map((e) => e.url), ...dom.links, ...dom.values, dom.storage, ...requests.slice(before), ...more];
  return places.filter((p) => secrets.some((s) => p.includes(s)));
}


test('200 wifi rows with passwords become a ZIP whose 200 codes each read as their row, and no password leaves the page', { timeout: 600_000 }, async () => {
  const view = views[3];
  const { csv, want } = roomsCSV(200);
  const page = await openBatch(view);
  const before = requests.length;
  await page.selectOption('#c-kind', 'wifi');
  await openFile(page, 'rooms.csv', csv);
  assert.match(await page.textContent('#found'), /^200 rows and 4 columns, separated by semicolons/);
  // The columns are guessed from the header, the file names from Room.
  assert.equal(await page.inputValue('#c-col-ssid'), 'Network');
  assert.equal(await page.inputValue('#c-col-password'), 'Wi-Fi password');
  assert.equal(await page.inputValue('#c-col-security'), 'Security');
  assert.equal(await page.inputValue('#c-name'), 'Room');
  await page.check('label:has(input[name="style"][value="rounded"])');
  await make(page);
  assert.match(await page.textContent('#status'), /^Made 200 codes in [\d.]+ s; every one scans\.$/);
  assert.equal(await page.locator('#rows tr').count(), 200);
  const zip = await save(page);
  assert.equal(zip.name, 'qr-codes.zip');
  const files = unzip(zip.bytes);
  assert.equal(files.size, 201, 'two hundred codes and the manifest');
  for (const w of want) {
    const png = files.get(`${w.name}.png`);
    assert.ok(png, `no ${w.name}.png`);
    assert.deepEqual(await decode(png), [w.text], `${w.name}.png`);
  }
  const manifest = files.get('manifest.csv').toString();
  assert.match(manifest, /^file,item,kind,version,ec,scans\nRoom 1\.png,2,wifi,\d+,H,yes\n/);
  assert.equal(manifest.trim().split('\n').length, 201);

  // No password anywhere but in the page's memory: not the address or its
  // history, a link, a field's value, storage, or any request.
  const secrets = want.flatMap((w) => [w.password, encodeURIComponent(w.password), esc(w.password)]);
  assert.deepEqual(await leaks(page, secrets, before, [manifest]), []);
  assert.match(page.url(), /[?&]col\.password=Wi-Fi%20password(&|$)/, 'the mapping is in the address');
  await page.screenshot({ path: new URL(`batch-zip-${view.width}-${view.scheme}.png`, build).pathname });
  await page.close();
});

test('60 rows become a 3-page A4 label sheet; poppler draws it and zxing-cpp reads every code at 300 dpi, on the preset pitch', { timeout: 300_000 }, async () => {
  const view = views[0];
  const page = await openBatch(view, '?out=sheet');
  const rows = ['Asset,Link'];
  const want = [];
  for (let i = 1; i <= 60; i++) {
    const link = `https://assets.example/item/${1000 + i}?loc=B${i % 4}`;
    rows.push(`Asset ${i},${link}`);
    want.push(link);
  }
  await openFile(page, 'assets.csv', rows.join('\n'));
  assert.equal(await page.inputValue('#c-col-data'), 'Link');
  await page.selectOption('#c-caption', 'Asset');
  assert.equal(await page.inputValue('#c-preset'), 'a4-3x7');
  await make(page);
  assert.match(await page.textContent('#status'), /^Made 60 codes/);
  const pdf = await save(page);
  assert.equal(pdf.name, 'qr-labels.pdf');
  const dir = mkdtempSync(join(tmpdir(), 'qr-sheet-'));
  const file = join(dir, 'labels.pdf');
  writeFileSync(file, pdf.bytes);
  const info = execFileSync('pdfinfo', [file]).toString();
  assert.match(info, /Pages:\s+3\n/);
  assert.match(info, /Page size:\s+595\.27\d? x 841\.89 pts \(A4\)/);
  execFileSync('pdftoppm', ['-r', '300', '-png', file, join(dir, 'page')]);
  const pages = readdirSync(dir).filter((f) => f.startsWith('page')).sort();
  assert.equal(pages.length, 3);
  const read = [];
  const centres = [];
  for (const [n, f] of pages.entries()) {
    const found = await readCodes(readFileSync(join(dir, f)), 64);
    read.push(...found.map((r) => r.text));
    if (n === 0) {
      for (const r of found) {
        const ps = [r.position.topLeft, r.position.topRight, r.position.bottomRight, r.position.bottomLeft];
        centres.push({ x: ps.reduce((s, p) => s + p.x, 0) / 4, y: ps.reduce((s, p) => s + p.y, 0) / 4 });
      }
    }
  }
  assert.deepEqual(read.sort(), [...want].sort(), 'every code, once');
  // The pitch, measured between the codes' centres on the first page's
  // raster (300 dots an inch), is the stock's: Avery L7160, 66.04 x 38.1 mm.
  const mm = (px) => (px / 300) * 25.4;
  const cols = [...new Set(centres.map((c) => Math.round(mm(c.x))))].sort((a, b) => a - b);
  const rowsY = [...new Set(centres.map((c) => Math.round(mm(c.y))))].sort((a, b) => a - b);
  const xs = centres.map((c) => mm(c.x)).sort((a, b) => a - b);
  const ys = centres.map((c) => mm(c.y)).sort((a, b) => a - b);
  const pitchX = (xs[xs.length - 1] - xs[0]) / (cols.length - 1);
  const pitchY = (ys[ys.length - 1] - ys[0]) / (rowsY.length - 1);
  assert.equal(cols.length, 3);
  assert.equal(rowsY.length, 7);
  assert.ok(Math.abs(pitchX - 66.04) < 0.2 && Math.abs(pitchY - 38.1) < 0.2, `pitch ${pitchX.toFixed(2)} x ${pitchY.toFixed(2)} mm, want 66.04 x 38.1`);
  writeFileSync(new URL('batch-sheet-pitch.json', build), JSON.stringify({ preset: 'a4-3x7', want: [66.04, 38.1], measured: [+pitchX.toFixed(3), +pitchY.toFixed(3)] }));
  await page.screenshot({ path: new URL(`batch-sheet-${view.width}-${view.scheme}.png`, build).pathname });
  await page.close();
});

test('a row with a bad field is listed with its column and the API’s fix, and the rest are made', { timeout: 120_000 }, async () => {
  const view = views[1];
  const page = await openBatch(view, '?kind=wifi');
  await openFile(page, 'rooms.tsv', 'SSID\tPassword\tName\nLobby\tcorrect horse\tlobby\nBar\tshort\tbar\nPool\tbattery staple\tpool\n');
  await make(page);
  assert.match(await page.textContent('#status'), /^Made 2 codes in [\d.]+ s; 1 row has a problem/);
  const bad = page.locator('#rows tr.failed');
  assert.equal(await bad.count(), 1);
  const text = await bad.textContent();
  assert.match(text, /^3/, 'the spreadsheet row: the header is row 1');
  assert.match(text, /Password column: password: must be 8 to 63/);
  // The fix is the one the API gives for the same item, its secret left out.
  const res = await fetch(`${editorURL}/api/v1/qr/batch`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ output: 'zip', items: [{ id: 'bar', type: 'wifi', fields: { ssid: 'Bar', password: 'short' } }] }),
  });
  const files = unzip(Buffer.from(await res.arrayBuffer()));
  const [api] = JSON.parse(files.get('errors.json').toString());
  assert.equal(await bad.locator('.fix code').textContent(), api.error.fix);
  assert.doesNotMatch(api.error.fix, /short/);
  const zip = unzip((await save(page)).bytes);
  assert.deepEqual([...zip.keys()].sort(), ['errors.json', 'lobby.png', 'manifest.csv', 'pool.png']);
  assert.deepEqual(await decode(zip.get('pool.png')), ['WIFI:T:WPA;S:Pool;P:battery staple;;']);
  assert.match(zip.get('manifest.csv').toString(), /^,3,wifi,,,"not made: password: must be/m);
  await page.close();
});

test('Cancel stops the run within a second', { timeout: 300_000 }, async () => {
  const view = views[2];
  const page = await openBatch(view);
  const rows = ['text'];
  for (let i = 0; i < 1000; i++) rows.push(`https://example.com/${i}/${'x'.repeat(i % 40)}`);
  await openFile(page, 'many.csv', rows.join('\n'));
  await page.click('#make');
  await page.waitForFunction(() => document.querySelectorAll('#rows tr').length >= 20, null, { timeout: 120_000 });
  await page.click('#cancel');
  const asked = Date.now();
  await page.waitForFunction(() => /^Cancelled after \d+ of 1000/.test(document.getElementById('status').textContent), null, { timeout: 5_000 });
  const took = Date.now() - asked;
  const made = await page.locator('#rows tr').count();
  await page.waitForTimeout(1500);
  assert.equal(await page.locator('#rows tr').count(), made, 'rows were still made after the cancel');
  assert.ok(took < 1000, `cancel took ${took} ms`);
  assert.ok(made < 1000);
  assert.ok(await page.isHidden('#save'), 'a cancelled run offers no download');
  // The page makes a run again after a cancel.
  await openFile(page, 'few.csv', 'text\nhello\nworld\n');
  await make(page);
  assert.match(await page.textContent('#status'), /^Made 2 codes/);
  await page.close();
});

test('file names keep the letters of every script, rows are numbered as the spreadsheet numbers them, and the ZIP marks UTF-8 names', { timeout: 120_000 }, async () => {
  const page = await openBatch(views[3]);
  const csv = 'Name,Link\n' +
    'Müller,https://example.com/1\n' +
    'Țepeș,https://example.com/2\n' +
    ',\n' + // a blank row: row 4
    '"佐藤\nTokyo",https://example.com/3\n' + // one row of two lines: row 5
    'Ελένη,https://example.com/4\n' +
    'Пётр,https://example.com/5\n' +
    'müller,https://example.com/6\n' +
    'CON,https://example.com/7\n' +
    'a/b:c?,https://example.com/8\n';
  await openFile(page, 'names.csv', csv);
  assert.equal(await page.inputValue('#c-name'), 'Name');
  await make(page);
  const rows = await page.locator('#rows tr').evaluateAll((trs) => trs.map((tr) => [tr.cells[0].textContent, tr.cells[1].textContent]));
  assert.deepEqual(rows, [
    ['2', 'Müller.png'], ['3', 'Țepeș.png'], ['5', '佐藤_Tokyo.png'], ['6', 'Ελένη.png'], ['7', 'Пётр.png'],
    ['8', 'müller-2.png'], ['9', 'CON_.png'], ['10', 'a_b_c.png'],
  ]);
  const zip = entries((await save(page)).bytes);
  for (const [name, e] of zip) {
    assert.equal((e.flags & 0x800) !== 0, /[^\x00-\x7f]/.test(name), `${name}: the UTF-8 flag`);
  }
  for (const [i, [, name]] of rows.entries()) assert.deepEqual(await decode(zip.get(name).data), [`https://example.com/${i + 1}`], name);
  assert.match(zip.get('manifest.csv').data.toString(), /\n佐藤_Tokyo\.png,5,text,/);
  // Files named by row number are named by the spreadsheet's rows too.
  await page.selectOption('#c-name', '');
  await make(page);
  assert.deepEqual([...unzip((await save(page)).bytes).keys()].filter((n) => n.endsWith('.png')), ['2.png', '3.png', '5.png', '6.png', '7.png', '8.png', '9.png', '10.png']);
  await page.close();
});

test('a contact whose note is too long names the Notes column and the bytes it may keep, as the API does', { timeout: 120_000 }, async () => {
  const page = await openBatch(views[1], '?kind=vcard');
  const note = 'Met at the fair; wants samples, prices and terms. '.repeat(90);
  await openFile(page, 'contacts.csv', `First name,E-mail,Notes\nAna,ana@example.com,"${note}"\nBo,bo@example.com,Short\n`);
  await page.selectOption('#c-col-note', 'Notes');
  await make(page);
  const bad = page.locator('#rows tr.failed');
  assert.equal(await bad.count(), 1);
  assert.match(await bad.textContent(), /^2.*Notes column: data is \d+ bytes/);
  const fix = await bad.locator('.fix code').textContent();
  assert.match(fix, /^Shorten note to at most \d+ bytes \(it has 4500\), and use ec=L\.$/);
  const res = await fetch(`${editorURL}/api/v1/qr/batch`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ output: 'json', items: [{ type: 'vcard', fields: { fn: 'Ana', email: 'ana@example.com', note } }] }),
  });
  const api = (await res.json()).items[0].error;
  assert.equal(api.field, 'note');
  assert.equal(api.fix, fix);
  await page.close();
});

test('a label sheet from the page is the API\'s PDF for the same rows and options, start, copies, offset and caption placed; the advice names only what the label allows', { timeout: 300_000 }, async () => {
  const view = views[0];
  const page = await openBatch(view, '?out=sheet&paper=letter');
  const before = requests.length;
  const rows = ['Asset,Link'];
  const items = [];
  for (let i = 1; i <= 12; i++) {
    const link = `https://assets.example/item/${2000 + i}`;
    rows.push(`Tool ${i},${link}`);
    items.push({ id: `Tool ${i}`, data: link, style: { frame_text: `Tool ${i}` } });
  }
  await openFile(page, 'tools.csv', rows.join('\n'));
  await page.selectOption('#c-caption', 'Asset');
  assert.equal(await page.inputValue('#c-preset'), 'letter-3x10');
  // Avery 5160 with captions under codes centred on the label: each is
  // too small to scan, and the advice names the choices the label allows.
  await make(page);
  const advice = await page.locator('#rows tr').first().locator('.advice').textContent();
  assert.match(advice, /^Too small to scan from 0\.15 m: its \d+ modules need a code of 1\d\.\d mm.*this sheet's is 13\.8 mm/);
  assert.match(advice, /Caption goes: Right of the code \(21\.4 mm\)/);
  assert.match(advice, /No caption \(21\.4 mm\)/);
  assert.doesNotMatch(advice, /Code size/, 'no code size the label cannot hold');
  await page.screenshot({ path: new URL(`batch-advice-${view.width}-${view.scheme}.png`, build).pathname, fullPage: true });
  // Followed: the caption right of the code, from label 4, two of each,
  // the printer 0.5 mm to the right.
  await page.selectOption('#c-caption_at', 'right');
  await page.fill('#c-start_at', '4');
  await page.fill('#c-copies', '2');
  await page.fill('#c-offset_x', '0.5');
  await make(page);
  assert.equal(await page.locator('#rows .advice').count(), 0, 'every code fits now');
  const pdf = await save(page);
  assert.equal(pdf.name, 'qr-labels.pdf');
  const sheet = { paper: 'letter', preset: 'letter-3x10', caption_at: 'right', start_at: 4, copies: 2, offset_x: 0.5 };
  const res = await fetch(`${editorURL}/api/v1/qr/batch`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ output: 'sheet', sheet, items }),
  });
  assert.equal(res.status, 200);
  assert.ok(Buffer.from(await res.arrayBuffer()).equals(pdf.bytes), 'the page\'s PDF is the API\'s');
  // The choices are in the address; the cells are not, nor in a request.
  assert.match(page.url(), /caption_at=right/);
  assert.match(page.url(), /start_at=4/);
  assert.deepEqual(await leaks(page, ['assets.example', 'Tool%201', 'Tool 1'], before), []);
  // The alignment test: one page.
  await page.check('#c-test');
  assert.equal(await page.textContent('#make'), 'Make the alignment test page');
  await make(page);
  const test = await save(page);
  assert.equal(test.name, 'qr-labels-alignment-test.pdf');
  const dir = mkdtempSync(join(tmpdir(), 'qr-test-'));
  writeFileSync(join(dir, 'test.pdf'), test.bytes);
  assert.match(execFileSync('pdfinfo', [join(dir, 'test.pdf')]).toString(), /Pages:\s+1\n/);
  await page.screenshot({ path: new URL(`batch-sheet-options-${view.width}-${view.scheme}.png`, build).pathname, fullPage: true });
  await page.close();
});

test('the page at 390 and 1280 px, light and dark: no sideways scroll, and axe-core finds no WCAG 2.1 AA violation', { timeout: 300_000 }, async () => {
  for (const view of views) {
    // Letter labels with captions: the new controls shown, and a row's
    // advice, as lists.
    const page = await openBatch(view, '?kind=wifi&out=sheet&style=dot&paper=letter&caption=Room');
    await openFile(page, 'rooms.csv', 'Room,SSID,Password\n1,Guest,correct horse\n2,Guest,short\n');
    await make(page);
    await looked(page, view, 'batch');
    await page.close();
  }
});

test('no page had an error', () => {
  assert.deepEqual(pageErrors, []);
});
