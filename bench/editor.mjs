// Measures the editor in Chromium against a running server with the built
// site and prints JSON (a summary goes to stderr):
//
//	node bench/editor.mjs http://127.0.0.1:8787 > build/bench/editor.json
//
// - wasm: editor.wasm and verify.wasm as served: raw, gzip -9 and brotli
//   bytes, and the bytes the server sends a browser that accepts br and
//   gzip (sent);
// - first_code_ms: navigation start to the first code on screen that a
//   reader decodes, for a shared link (/wifi?ssid=Cafe&sec=nopass): each
//   time the code box changes, the markup shown is recorded just after the
//   frame that paints it, and the first recorded that zxing-cpp reads as
//   the link's text is the first code. A code in place by the frame of the
//   first contentful paint is on screen at that paint (Paint Timing's
//   first-contentful-paint): the message that marks the end of a frame
//   waits behind any long task queued before it, such as the program's
//   start right after the first paint. Beside it: the page's own marks
//   (qr:first-code, and qr:editor-ready when the program has drawn: a page
//   that sets only qr:first-code sets it there), the largest contentful
//   paint, and on a new profile the bytes received before the first code
//   (Chromium's Network.dataReceived) and in all. Runs: a new profile
//   unthrottled (cold), warm (10), warm with the CPU throttled 4x (10), and
//   a new profile each time with the CPU throttled 4x and the network
//   throttled to DevTools' 4G (9 Mbps down, 1.5 up, 170 ms round trip; 10);
// - keystroke_ms: each keystroke's input event to the preview updated in
//   the DOM (the app's qr:keystroke measures): script time only, typing
//   into the Wi-Fi SSID, plain and with a rounded style and a caption;
// - keystroke_to_paint_ms: the same input event to just after the next
//   paint, which is what the eye sees: style, layout and paint of the new
//   SVG included, and any frame the browser had to wait for;
// - render_ms: one qrEditor.render call alone, for the breakdown.
import { execFileSync } from 'node:child_process';
import { brotliCompressSync, constants } from 'node:zlib';
import { decode, launch, rasterize, watchCode } from '../e2e/editor/browser.mjs';

const base = (process.argv[2] || process.env.EDITOR_URL || '').replace(/\/$/, '');
if (!base) throw new Error('usage: node bench/editor.mjs http://127.0.0.1:8787');

const stats = (xs) => {
  const s = [...xs].filter((x) => x !== null && !Number.isNaN(x)).sort((a, b) => a - b);
  if (!s.length) return { n: 0, median: null, p95: null, max: null };
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  const r = (v) => Math.round(v * 100) / 100;
  return { n: s.length, median: r(at(0.5)), p95: r(at(0.95)), max: r(s[s.length - 1]) };
};

// wasmSize measures a program as served: gzip -9 (the same tool as the
// Makefile's figure; Node's zlib at level 9 packs about 1% worse) and
// brotli 11, which Cloudflare serves to browsers that ask for it; sent is
// what this server sends a browser that accepts both, and how.
async function wasmSize(name) {
  // identity: wrangler dev's own gzip stream sometimes ends early for undici.
  const b = Buffer.from(await (await fetch(`${base}/${name}`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
  const gzip = execFileSync('gzip', ['-9c'], { input: b, maxBuffer: 1 << 28 }).length;
  const brotli = brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  return { raw: b.length, gzip, brotli, sent: await sent(name) };
}

// sent is what the server sends for name to a browser that accepts br and
// gzip: its Content-Encoding and the bytes on the wire (curl counts them
// without decoding).
async function sent(name) {
  const out = execFileSync('curl', ['-s', '-o', '/dev/null', '-H', 'Accept-Encoding: br, gzip', '-w', '%{size_download} %header{content-encoding}', `${base}/${name}`]).toString().trim();
  const [bytes, encoding] = out.split(' ');
  return { bytes: Number(bytes), encoding: encoding || 'identity' };
}

// The link measured, and the text its code holds.
const link = { path: '/wifi?ssid=Cafe&sec=nopass', text: 'WIFI:T:nopass;S:Cafe;;' };

// DevTools' 4G profile: 9 Mbps down, 1.5 Mbps up, 170 ms round trip.
const network4G = { offline: false, latency: 170, downloadThroughput: (9e6 / 8) * 0.9, uploadThroughput: (1.5e6 / 8) * 0.9, connectionType: 'cellular4g' };

// loadLink opens the link in a new page of context, throttled as asked,
// waits until the program has drawn and the page is quiet, and returns the
// page with what it recorded: the shots of the code box, the page's marks,
// the largest contentful paint, and the bytes the page received (at, in
// ms since navigation start, and bytes), when counting.
async function loadLink(context, { cpu = 1, network = null, count = false } = {}) {
  const page = await context.newPage();
  await page.addInitScript(watchCode);
  const cdp = await context.newCDPSession(page);
  if (cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  const received = [];
  let clock = null; // CDP's monotonic seconds to wall-clock ms
  if (network || count) {
    await cdp.send('Network.enable');
    if (network) await cdp.send('Network.emulateNetworkConditions', network);
    cdp.on('Network.requestWillBeSent', (e) => (clock ??= e.wallTime * 1000 - e.timestamp * 1000));
    cdp.on('Network.dataReceived', (e) => received.push({ at: e.timestamp * 1000, bytes: e.encodedDataLength }));
  }
  await page.goto(base + link.path, { waitUntil: 'domcontentloaded', timeout: 120_000 });
  await page.waitForFunction(() => performance.getEntriesByName('qr:editor-ready').length || performance.getEntriesByName('qr:first-code').length, null, { timeout: 120_000 });
  await page.waitForFunction(() => typeof qrEditor === 'object' && document.getElementById('status').textContent !== '', null, { timeout: 120_000 });
  const seen = await page.evaluate(() => {
    const mark = (n) => performance.getEntriesByName(n)[0]?.startTime ?? null;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    return { origin: performance.timeOrigin, shots: window.__firstCode.shots, fcp, lcp: window.__firstCode.lcp, firstMark: mark('qr:first-code'), ready: mark('qr:editor-ready') ?? mark('qr:first-code') };
  });
  const bytes = received.map((r) => ({ at: r.at + clock - seen.origin, bytes: r.bytes }));
  return { page, seen, bytes };
}

// firstDecoded returns when the first shot zxing-cpp reads as the link's
// text was on screen, drawn on page (any page of the browser), or null:
// at the first contentful paint (fcp) for a shot whose frame began by
// then, else just after its own frame.
async function firstDecoded(page, shots, fcp) {
  for (const s of shots) {
    const svg = s.markup.slice(s.markup.indexOf('<svg'), s.markup.lastIndexOf('</svg>') + 6);
    if ((await decode(await rasterize(page, svg))).includes(link.text)) return fcp !== null && s.frame <= fcp ? fcp : s.t;
  }
  return null;
}

// firstCode loads the link as loadLink does and sums up one run.
async function firstCode(context, options) {
  const { page, seen, bytes } = await loadLink(context, options);
  const screen = await firstDecoded(page, seen.shots, seen.fcp);
  await page.close();
  const run = { screen, mark: seen.firstMark, ready: seen.ready, fcp: seen.fcp, lcp: seen.lcp };
  if (options.count) {
    run.bytesBefore = screen === null ? null : bytes.filter((b) => b.at <= screen).reduce((a, b) => a + b.bytes, 0);
    run.bytes = bytes.reduce((a, b) => a + b.bytes, 0);
  }
  return run;
}

// summary is the statistics of runs, figure by figure.
function summary(runs) {
  const out = {};
  for (const key of Object.keys(runs[0])) out[key] = stats(runs.map((r) => r[key]));
  return out;
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
  await page.waitForFunction(() => typeof qrEditor === 'object' && document.getElementById('status').textContent !== '');
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

// EDITOR_RUNS sets the runs of each kind (10), for a quick look.
const n = Number(process.env.EDITOR_RUNS) || 10;
const browser = await launch();
try {
  const runs = (n, f) => Array.from({ length: n }).reduce(async (acc) => [...(await acc), await f()], Promise.resolve([]));
  const cold = await firstCode(browser.context, { count: true });
  const warm = await runs(n, () => firstCode(browser.context, {}));
  const warm4x = await runs(n, () => firstCode(browser.context, { cpu: 4 }));
  // A new profile for each run: nothing cached in the browser.
  const new4G = await runs(n, async () => {
    const fresh = await launch();
    try {
      return await firstCode(fresh.context, { cpu: 4, network: network4G, count: true });
    } finally {
      await fresh.close();
    }
  });
  const tops = {};
  for (const [name, link] of Object.entries(linked)) tops[name] = { linked: await codeTop(browser.context, link), bare: await codeTop(browser.context, `/${name}`) };
  const text = 'Cafe Guest Network 5G upstairs';
  const plain = await typing(browser.context, '/wifi', text);
  const styled = await typing(browser.context, '/wifi?style=rounded&eye=circle&fg=1a237e&frame_text=Guest%20Wi-Fi', text);
  const out = {
    chromium: browser.context.browser()?.version() ?? null,
    link: link.path,
    wasm: { editor: await wasmSize('editor.wasm'), verify: await wasmSize('verify.wasm') },
    first_code_ms: { cold, warm: summary(warm), cpu_4x_warm: summary(warm4x), cpu_4x_4g_new: summary(new4G) },
    code_top_390_px: tops,
    keystroke_ms: { plain: stats(plain.keystroke), styled_label: stats(styled.keystroke) },
    keystroke_to_paint_ms: { plain: stats(plain.paint), styled_label: stats(styled.paint) },
    render_ms: { plain: stats(plain.render), styled_label: stats(styled.render) },
  };
  console.log(JSON.stringify(out, null, 2));
  const mib = (b) => (b / 1048576).toFixed(2);
  const f = out.first_code_ms;
  const line = (what, r) =>
    `${what}: first code ${r.screen.median} ms on screen (p95 ${r.screen.p95}), the page's mark ${r.mark.median}, the program ready ${r.ready.median}, FCP ${r.fcp.median}, LCP ${r.lcp.median}` +
    (r.bytesBefore ? `; ${r.bytesBefore.median} B before the first code, ${r.bytes.median} B in all` : '');
  console.error(
    `editor.wasm ${out.wasm.editor.raw} B raw, ${out.wasm.editor.gzip} B gzip (${mib(out.wasm.editor.gzip)} MiB), sent ${out.wasm.editor.sent.bytes} B ${out.wasm.editor.sent.encoding}; ` +
      `verify.wasm ${out.wasm.verify.gzip} B gzip\n` +
      `new profile: first code ${f.cold.screen} ms on screen, the program ready ${f.cold.ready} ms\n` +
      `${line(`warm (median of ${n})`, f.warm)}\n${line('warm, CPU 4x', f.cpu_4x_warm)}\n${line('new profile, CPU 4x, 4G', f.cpu_4x_4g_new)}\n` +
      `code starts on a 390 px phone at: ${Object.entries(tops).map(([k, v]) => `${k} ${v.linked} px linked, ${v.bare} bare`).join('; ')}\n` +
      `keystroke to preview (script): median ${out.keystroke_ms.plain.median} ms plain, ${out.keystroke_ms.styled_label.median} ms rounded with a label ` +
      `(p95 ${out.keystroke_ms.plain.p95} / ${out.keystroke_ms.styled_label.p95} ms)\n` +
      `keystroke to paint: median ${out.keystroke_to_paint_ms.plain.median} ms plain, ${out.keystroke_to_paint_ms.styled_label.median} ms rounded with a label ` +
      `(p95 ${out.keystroke_to_paint_ms.plain.p95} / ${out.keystroke_to_paint_ms.styled_label.p95} ms)`,
  );
} finally {
  await browser.close();
}
