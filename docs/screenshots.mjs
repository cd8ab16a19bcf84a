// Writes the screenshots of the editor the README shows, docs/wifi.png and
// docs/upi.png, from a running server with the built site:
//
//	node docs/screenshots.mjs http://127.0.0.1:8787
import { mkdir } from 'node:fs/promises';
import { launch, scanned } from '../e2e/editor/browser.mjs';

const base = (process.argv[2] || process.env.EDITOR_URL || '').replace(/\/$/, '');
if (!base) throw new Error('usage: node docs/screenshots.mjs http://127.0.0.1:8787');
const out = new URL('./', import.meta.url);
await mkdir(out, { recursive: true });

const browser = await launch({ viewport: { width: 1280, height: 960 } });
try {
  const shots = [
    // The password is typed, as a user would: it is never in a URL.
    ['wifi.png', '/wifi?ssid=Cafe%20Guest&sec=WPA2&style=rounded&eye=circle&fg=1a237e&frame=banner-bottom&frame_text=Cafe%20Guest%20Wi-Fi', 'correct horse'],
    ['upi.png', '/upi?pa=acmestore@okhdfcbank&pn=Acme%20Store&am=149.5&tn=Order%20A1023&frame=standee&frame_text=Acme%20Store', ''],
  ];
  for (const [file, path, password] of shots) {
    const page = await browser.context.newPage();
    await page.goto(base + path);
    await page.waitForFunction(() => typeof qrEditor === 'object');
    if (password) await page.fill('#c-password', password);
    await page.waitForSelector('#code svg');
    await scanned(page);
    await page.evaluate(() => document.activeElement.blur());
    await page.screenshot({ path: new URL(file, out).pathname });
    await page.close();
    console.error(`wrote docs/${file}`);
  }
} finally {
  await browser.close();
}
