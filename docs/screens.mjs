// Writes docs/screens/: the first screen of every editor page as a person
// meets it, on a phone (390 x 844) and on a desktop (1280 x 900), in light
// mode, plus an index (docs/screens/README.md) that the README links to.
// Each page is shown as a shared link opens it when the kind has a worked
// example link below, else bare (its example code). make screens runs it
// against a native server on the built site:
//
//	node docs/screens.mjs http://127.0.0.1:9900
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { launch } from '../e2e/editor/browser.mjs';

const base = (process.argv[2] || process.env.EDITOR_URL || '').replace(/\/$/, '');
if (!base) throw new Error('usage: node docs/screens.mjs http://127.0.0.1:9900');
const out = new URL('screens/', import.meta.url);
await rm(out, { recursive: true, force: true });
await mkdir(out, { recursive: true });

// Links people share, one per kind that has a common one.
const links = {
  wifi: '/wifi?ssid=Cafe%20Guest&sec=WPA&frame=banner-bottom&frame_text=Free%20Wi-Fi',
  upi: '/upi?pa=acmestore@okhdfcbank&pn=Acme%20Store&am=149.5&tn=Order%20A1023',
  url: '/url?url=https%3A%2F%2Fexample.com%2Fmenu&style=rounded&eye=circle&fg=linear:0f2027,2c5364,135deg&eye_color=c62828',
};

const sizes = [
  ['390', { width: 390, height: 844 }],
  ['1280', { width: 1280, height: 900 }],
];
const types = await (await fetch(`${base}/api/v1/types`)).json();
const pages = [['index', '/'], ...types.types.map((t) => [t.name, links[t.name] ?? t.editor]), ['batch', '/batch'], ['docs', '/docs']];
// The pages without a preview: a sheet of codes from a spreadsheet, the API reference.
const noPreview = new Set(['batch', 'docs']);
const browser = await launch({ deviceScaleFactor: 1 });
const rows = [];
try {
  for (const [name, path] of pages) {
    const row = [`| [${path}](${encodeURI(path).replace(/\|/g, '%7C')}) |`];
    for (const [size, viewport] of sizes) {
      const page = await browser.context.newPage();
      await page.setViewportSize(viewport);
      await page.goto(base + path, { waitUntil: noPreview.has(name) ? 'load' : 'domcontentloaded' });
      if (noPreview.has(name)) {
        if (size === '390') row.push(' – |');
        await page.screenshot({ path: new URL(`${name}-${size}.png`, out).pathname });
        row.push(` ![${name} at ${size} px](${name}-${size}.png) |`);
        await page.close();
        continue;
      }
      await page.waitForFunction(() => document.querySelector('#code svg') || document.activeElement?.dataset.secret !== undefined);
      // The verify worker's answer, so the picture shows a verdict rather than "checking…".
      await page.waitForFunction(() => !document.querySelector('#code svg') || document.getElementById('v-scan')?.textContent !== 'checking…', null, { timeout: 15000 }).catch(() => {});
      if (size === '390') {
        // Where the preview starts, in CSS pixels from the top of the page (the screen is 844 high).
        const top = await page.evaluate(() => Math.round(document.getElementById('code').getBoundingClientRect().top + scrollY));
        row.push(` ${top} px |`);
      }
      const file = `${name}-${size}.png`;
      await page.screenshot({ path: new URL(file, out).pathname });
      row.push(` ![${name} at ${size} px](${file}) |`);
      await page.close();
    }
    rows.push(row.join(''));
  }
} finally {
  await browser.close();
}
await writeFile(
  new URL('README.md', out),
  `# The editor's pages, first screen

Written by \`make screens\` (docs/screens.mjs): every page as it opens, at 390 px
(a phone) and 1280 px (a desktop), light mode. Pages with a common shared link open with it.
"Code at 390 px" is where the preview starts on the phone, from the top of the page.

| page | code at 390 px | 390 px | 1280 px |
|---|---|---|---|
${rows.join('\n')}
`,
);
console.error(`wrote ${pages.length * sizes.length} screens to docs/screens/`);
