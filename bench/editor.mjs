// Measures the editor in Chromium against a running server with the built
// site and prints JSON (a summary goes to stderr):
//
//	node bench/editor.mjs http://127.0.0.1:8787 > build/bench/editor.json
//
// - wasm: editor.wasm and verify.wasm as served: raw, gzip -9 and brotli bytes;
// - first_code_ms: navigation start to the first code in the page (the
//   app's qr:first-code mark), on a new profile (cold) and then warm;
// - keystroke_ms: each keystroke's input event to the preview updated in
//   the DOM (the app's qr:keystroke measures): script time only, typing
//   into the Wi-Fi SSID, plain and with a rounded style and a caption;
// - keystroke_to_paint_ms: the same input event to just after the next
//   paint, which is what the eye sees: style, layout and paint of the new
//   SVG included, and any frame the browser had to wait for;
// - render_ms: one qrEditor.render call alone, for the breakdown.
import { execFileSync } from 'node:child_process';
import { brotliCompressSync, constants } from 'node:zlib';
import { launch } from '../e2e/editor/browser.mjs';

const base = (process.argv[2] || process.env.EDITOR_URL || '').replace(/\/$/, '');
if (!base) throw new Error('usage: node bench/editor.mjs http://127.0.0.1:8787');

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  const r = (v) => Math.round(v * 100) / 100;
  return { n: s.length, median: r(at(0.5)), p95: r(at(0.95)), max: r(s[s.length - 1]) };
};

// wasmSize measures a program as served: gzip -9 (the same tool as the
// Makefile's figure; Node's zlib at level 9 packs about 1% worse) and
// brotli 11, which Cloudflare serves to browsers that ask for it.
async function wasmSize(name) {
  // identity: wrangler dev's own gzip stream sometimes ends early for undici.
  const b = Buffer.from(await (await fetch(`${base}/${name}`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
  const gzip = execFileSync('gzip', ['-9c'], { input: b, maxBuffer: 1 << 28 }).length;
  const brotli = brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  return { raw: b.length, gzip, brotli };
}

async function firstCode(context, path, throttle = 1) {
  const page = await context.newPage();
  if (throttle > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  }
  await page.goto(base + path);
  await page.waitForFunction(() => performance.getEntriesByName('qr:first-code').length > 0);
  const ms = await page.evaluate(() => performance.getEntriesByName('qr:first-code')[0].startTime);
  await page.close();
  return ms;
}

// timePaints records, for every input event, the time from the event to
// just after the frame that shows its result (measures named qr:to-paint).
// The listener is on window, so it runs after the app's own handler on the
// form has drawn; requestAnimationFrame then runs just before the next
// paint, and a message posted from there arrives once that paint is done.
function timePaints() {
  window.addEventListener('input', (ev) => {
    const start = ev.timeStamp;
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => performance.measure('qr:to-paint', { start, end: performance.now() });
      ch.port2.postMessage(null);
    });
  });
}

// durations returns the durations of the measures called name.
const durations = (page, name) => page.evaluate((n) => performance.getEntriesByName(n).map((e) => e.duration), name);

async function typing(context, path, text) {
  const page = await context.newPage();
  await page.goto(base + path);
  await page.waitForSelector('#code svg');
  await page.evaluate(timePaints);
  await page.click('#c-ssid');
  await page.evaluate(() => performance.clearMeasures());
  await page.keyboard.type(text, { delay: 40 });
  // Let the last keystroke's frame be painted.
  await page.waitForFunction((n) => performance.getEntriesByName('qr:to-paint').length >= n, text.length);
  const ms = await durations(page, 'qr:keystroke');
  const paint = await durations(page, 'qr:to-paint');
  const render = await page.evaluate(() => {
    const req = { kind: 'wifi', fields: { ssid: document.getElementById('c-ssid').value }, style: {} };
    for (const el of document.querySelectorAll('[data-style]')) {
      if (el.type === 'radio' && !el.checked) continue;
      if (el.type === 'file') continue;
      req.style[el.dataset.style] = el.value.replace(/^#/, '');
    }
    const out = [];
    for (let i = 0; i < 50; i++) {
      const t = performance.now();
      qrEditor.render(req);
      out.push(performance.now() - t);
    }
    return out;
  });
  await page.close();
  return { keystroke: ms, paint, render };
}

// codeTop is where the code starts on a 390 x 844 phone, in CSS pixels
// from the top of the page, once the first code is drawn (or the page
// has settled without one).
async function codeTop(context, path) {
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(base + path);
  await page.waitForFunction(() => typeof qrEditor === 'object' && document.getElementById('status').textContent !== '');
  const top = await page.evaluate(() => Math.round(document.getElementById('code').getBoundingClientRect().top + scrollY));
  await page.close();
  return top;
}

// The pages the review of what a person meets first measured, opened as
// a complete shared link; wifi is an open network, since a link never
// holds a password.
const linked = {
  wifi: '/wifi?ssid=Cafe&sec=nopass',
  upi: '/upi?pa=acmestore@okhdfcbank&pn=Acme%20Store&am=149.5',
  epc: '/epc?name=Wikimedia%20Foerdergesellschaft&iban=DE33100205000001194700&amount=12.5&text=Spende',
  vcard: '/vcard?fn=Jane&ln=Doe&phone=%2B41446681800',
};

const browser = await launch();
try {
  const path = '/wifi?ssid=Cafe&sec=nopass';
  const cold = await firstCode(browser.context, path);
  const warm = [];
  for (let i = 0; i < 10; i++) warm.push(await firstCode(browser.context, path));
  const throttled = [];
  for (let i = 0; i < 5; i++) throttled.push(await firstCode(browser.context, path, 4));
  const tops = {};
  for (const [name, link] of Object.entries(linked)) tops[name] = { linked: await codeTop(browser.context, link), bare: await codeTop(browser.context, `/${name}`) };
  const text = 'Cafe Guest Network 5G upstairs';
  const plain = await typing(browser.context, '/wifi', text);
  const styled = await typing(browser.context, '/wifi?style=rounded&eye=circle&fg=1a237e&frame_text=Guest%20Wi-Fi', text);
  const out = {
    chromium: browser.context.browser()?.version() ?? null,
    wasm: { editor: await wasmSize('editor.wasm'), verify: await wasmSize('verify.wasm') },
    first_code_ms: { cold: Math.round(cold), warm: stats(warm), cpu_4x_warm: stats(throttled) },
    code_top_390_px: tops,
    keystroke_ms: { plain: stats(plain.keystroke), styled_label: stats(styled.keystroke) },
    keystroke_to_paint_ms: { plain: stats(plain.paint), styled_label: stats(styled.paint) },
    render_ms: { plain: stats(plain.render), styled_label: stats(styled.render) },
  };
  console.log(JSON.stringify(out, null, 2));
  const mib = (b) => (b / 1048576).toFixed(2);
  console.error(
    `editor.wasm ${out.wasm.editor.raw} B raw, ${out.wasm.editor.gzip} B gzip (${mib(out.wasm.editor.gzip)} MiB); ` +
      `verify.wasm ${out.wasm.verify.gzip} B gzip\n` +
      `first code: ${out.first_code_ms.cold} ms cold, ${out.first_code_ms.warm.median} ms warm (median), ${out.first_code_ms.cpu_4x_warm.median} ms warm at 4x CPU throttling\n` +
      `code starts on a 390 px phone at: ${Object.entries(tops).map(([k, v]) => `${k} ${v.linked} px linked, ${v.bare} bare`).join('; ')}\n` +
      `keystroke to preview (script): median ${out.keystroke_ms.plain.median} ms plain, ${out.keystroke_ms.styled_label.median} ms rounded with a label ` +
      `(p95 ${out.keystroke_ms.plain.p95} / ${out.keystroke_ms.styled_label.p95} ms)\n` +
      `keystroke to paint: median ${out.keystroke_to_paint_ms.plain.median} ms plain, ${out.keystroke_to_paint_ms.styled_label.median} ms rounded with a label ` +
      `(p95 ${out.keystroke_to_paint_ms.plain.p95} / ${out.keystroke_to_paint_ms.styled_label.p95} ms)`,
  );
} finally {
  await browser.close();
}
