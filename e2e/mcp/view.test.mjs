// The MCP App view (ui://qrkeyless/view.html) hosted as a chat client
// hosts it: Chromium, a host page running ext-apps' AppBridge (the
// official host-side SDK), the view in a sandboxed iframe under the
// Content-Security-Policy the ext-apps specification (2026-01-26) gives
// a view that declares no csp, and every tools/call the view makes sent
// to the real server by the official TypeScript SDK client. The drawn
// code is read back with zxing-cpp. On the native server and workerd.
// Run: QR_NATIVE_URL=... QR_WORKERD_URL=... node --test e2e/mcp/view.test.mjs
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import { after, before, describe, test } from "node:test";
import { build } from "esbuild";
import { gzipSync } from "node:zlib";
import { decode, launch } from "../editor/browser.mjs";
import { clients, targets } from "./helpers.mjs";

// The specification's default policy for a view without _meta.ui.csp.
const viewCSP = "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "media-src 'self' data:; connect-src 'none'; object-src 'none'; frame-src 'none'; base-uri 'self'";
const viewURI = "ui://qrkeyless/view.html";
const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const password = "correct horse battery";
const shots = new URL("../../build/mcp-view/", import.meta.url).pathname;

if (targets.length === 0) test("MCP view", { skip: "set QR_NATIVE_URL and/or QR_WORKERD_URL" }, () => {});

// The host page's script: the AppBridge, bundled for the browser.
const bridge = build({
  stdin: { contents: 'export { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";', resolveDir: process.cwd(), loader: "js" },
  bundle: true, format: "iife", globalName: "extApps", write: false, platform: "browser", logLevel: "silent",
}).then((r) => r.outputFiles[0].text);

const hostPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>test host</title></head>
<body style="margin:0;overflow:hidden"><iframe id="view" title="QR code view" sandbox="allow-scripts" style="border:0;display:block;width:100vw;height:100vh"></iframe>
<script src="/bridge.js"></script><script>
window.start = async (theme, input, result) => {
  const frame = document.getElementById("view");
  const { AppBridge, PostMessageTransport } = extApps;
  const bridge = new AppBridge(null, { name: "test-host", version: "1.0.0" },
    { openLinks: {}, downloadFile: {}, serverTools: {}, updateModelContext: { text: {}, structuredContent: {} } },
    { hostContext: { theme, displayMode: "inline", containerDimensions: { maxWidth: 800 } } });
  bridge.oncalltool = (params) => window.hostCallTool(params);
  bridge.onupdatemodelcontext = async (p) => { await window.hostRecord("context", p); return {}; };
  bridge.ondownloadfile = async (p) => { await window.hostRecord("download", p); return {}; };
  bridge.onopenlink = async (p) => { await window.hostRecord("link", p); return {}; };
  bridge.onsizechange = (p) => window.hostRecord("size", p);
  bridge.oninitialized = async () => {
    await bridge.sendToolInput({ arguments: input });
    await bridge.sendToolResult(result);
  };
  // Connected before the view loads: its first message is ui/initialize.
  await bridge.connect(new PostMessageTransport(frame.contentWindow, frame.contentWindow));
  window.bridge = bridge;
  const loaded = new Promise((r) => frame.addEventListener("load", r, { once: true }));
  frame.src = "/view.html";
  await loaded;
};
</script></body></html>`;

for (const [name, base] of targets) {
  const via = clients[0]; // the v2 SDK at 2026-07-28
  describe(`the MCP App view on ${name}`, () => {
    let client, browser, server, origin, viewHTML;
    before(async () => {
      client = await via.connect(base);
      const res = await client.readResource({ uri: viewURI });
      viewHTML = res.contents[0].text;
      const js = await bridge;
      server = http.createServer((req, res) => {
        if (req.url === "/view.html") {
          res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-security-policy": viewCSP });
          res.end(viewHTML);
        } else if (req.url === "/bridge.js") {
          res.writeHead(200, { "content-type": "text/javascript" });
          res.end(js);
        } else {
          res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
          res.end(hostPage);
        }
      });
      await new Promise((r) => server.listen(0, "127.0.0.1", r));
      origin = `http://127.0.0.1:${server.address().port}`;
      browser = await launch();
      mkdirSync(shots, { recursive: true });
    });
    after(async () => {
      await browser?.close();
      server?.close();
      await client?.close();
    });

    test("the view is small and loads nothing", () => {
      const gz = gzipSync(viewHTML, { level: 9 }).length;
      assert.ok(gz <= Number(process.env.MCP_VIEW_GZIP_MAX || 61440), `${gz} bytes gzip`);
      console.log(`mcp view: ${Buffer.byteLength(viewHTML)} bytes, ${gz} gzip`);
      assert.doesNotMatch(viewHTML, /<script[^>]+src=|<link[^>]+href=|https?:\/\//);
    });

    // open hosts the view with a tool's input and the result the real
    // server gave for it; it returns the page, the view's frame and what
    // the host saw.
    async function open(tool, input, { width = 600, theme = "light" } = {}) {
      const page = await browser.context.newPage();
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: theme });
      const seen = { calls: [], context: [], download: [], link: [], size: [], violations: [] };
      await page.exposeFunction("hostCallTool", async (params) => {
        seen.calls.push(params);
        return client.callTool(params);
      });
      await page.exposeFunction("hostRecord", (kind, p) => { seen[kind].push(p); });
      page.on("console", (m) => { if (process.env.VIEW_DEBUG) console.log("console:", m.text()); });
      page.on("pageerror", (e) => console.log("page error:", e.message));
      const result = await client.callTool({ name: tool, arguments: input });
      await page.goto(origin + "/host.html");
      await page.evaluate(([t, i, r]) => window.start(t, i, r), [theme, input, result]);
      const view = page.frameLocator("#view");
      return { page, view, seen, result };
    }

    // drawn is the code the view shows, read by zxing-cpp.
    async function drawn(view) {
      const img = view.locator("#code");
      await img.waitFor({ state: "visible" });
      return decode(await img.screenshot());
    }

    async function waitFor(pred, what) {
      for (let i = 0; i < 200; i++) {
        if (await pred()) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      assert.fail(`timed out waiting for ${what}`);
    }

    test("draws qr_generate's code, says it scans, and redraws it through the host when a control changes", async () => {
      const data = "https://example.com/menu?table=12";
      const { page, view, seen } = await open("qr_generate", { data, size: 256 });
      assert.deepEqual(await drawn(view), [data]);
      await waitFor(async () => /Scans/.test(await view.locator("#verdict").textContent()), "the verdict");
      assert.match(await view.locator("#verdict").textContent(), /contrast 21\.0:1/);
      assert.equal(await view.locator("#text").textContent(), data);
      const before = seen.calls.length;
      const src = await view.locator("#code").getAttribute("src");
      await view.getByLabel("Module shape").selectOption("dot");
      await waitFor(() => seen.calls.length > before, "the tool call");
      const last = seen.calls.at(-1);
      assert.equal(last.name, "qr_generate");
      assert.equal(last.arguments.style, "dot");
      assert.equal(last.arguments.data, data);
      await waitFor(async () => (await view.locator("#code").getAttribute("src")) !== src, "the redraw");
      assert.deepEqual(await drawn(view), [data]);
      // The choice goes back to the model, and the editor opens on it.
      await view.getByRole("button", { name: "Use this code" }).click();
      await waitFor(() => seen.context.length > 0, "update-model-context");
      assert.match(seen.context[0].content[0].text, /style=dot/);
      await view.getByRole("button", { name: "Open in the editor" }).click();
      await waitFor(() => seen.link.length > 0, "open-link");
      assert.match(seen.link[0].url, /\/\?.*style=dot/);
      await view.getByRole("button", { name: "Download SVG" }).click();
      await waitFor(() => seen.download.length > 0, "download-file");
      assert.match(seen.download[0].contents[0].resource.text, /^<svg[\s>]/);
      assert.ok(seen.size.length > 0 && seen.size.at(-1).height > 200, JSON.stringify(seen.size));
      await page.close();
    });

    test("a typed wifi code: the password reaches neither the view's state nor any link, and a redraw still reads", async () => {
      const input = { type: "wifi", fields: { ssid: "Home", password }, size: 256 };
      const { page, view, seen } = await open("qr_generate_typed", input);
      const want = [`WIFI:T:WPA;S:Home;P:${password};;`];
      assert.deepEqual(await drawn(view), want);
      await waitFor(async () => /Scans/.test(await view.locator("#verdict").textContent()), "the verdict");
      const src = await view.locator("#code").getAttribute("src");
      await view.getByLabel("Eyes").selectOption("circle");
      await waitFor(() => seen.calls.some((c) => c.arguments.eye === "circle"), "the tool call");
      await waitFor(async () => (await view.locator("#code").getAttribute("src")) !== src, "the redraw");
      assert.deepEqual(await drawn(view), want);
      await view.getByRole("button", { name: "Use this code" }).click();
      await view.getByRole("button", { name: "Open in the editor" }).click();
      await waitFor(() => seen.link.length > 0 && seen.context.length > 0, "the link and the context");
      const frame = page.frames().find((f) => f.url().endsWith("/view.html"));
      const dom = await frame.evaluate(() => document.documentElement.outerHTML.replace(/data:image\/png;base64,[^"]+/g, ""));
      const state = await frame.evaluate(() => JSON.stringify(state));
      for (const [what, v] of [["the view's page", dom], ["the view's state", state], ["its calls", JSON.stringify(seen.calls)], ["the model's context", JSON.stringify(seen.context)],
        ["the link", JSON.stringify(seen.link)]]) {
        assert.ok(!v.includes("correct horse"), `${what} holds the password`);
      }
      assert.match(seen.link[0].url, /\/wifi\?.*ssid=Home/);
      assert.ok(seen.calls.every((c) => c.arguments.sealed && !c.arguments.fields.password), JSON.stringify(seen.calls));
      await page.close();
    });

    test("a look is sent as preset with the size alone, the controls then show it written out, and its gradient survives a redraw", async () => {
      const data = "https://example.com/tickets";
      const { page, view, seen } = await open("qr_generate", { data, size: 256, style: "dot" });
      await waitFor(async () => /Scans/.test(await view.locator("#verdict").textContent()), "the verdict");
      let before = seen.calls.length;
      await view.getByLabel("Look").selectOption("event");
      await waitFor(() => seen.calls.length > before, "the tool call");
      const sent = seen.calls.at(-1).arguments;
      assert.equal(sent.preset, "event");
      assert.equal(String(sent.size), "256");
      assert.equal(sent.style, undefined, "the look's own arguments were sent beside it");
      const control = (name) => view.locator(`[name="${name}"]`).inputValue();
      await waitFor(async () => (await control("style")) === "diamond", "the look's module shape");
      assert.equal(await control("eye"), "point");
      assert.equal(await control("frame"), "banner-top");
      assert.equal(await control("frame_text"), "TICKETS");
      assert.deepEqual(await drawn(view), [data]);
      before = seen.calls.length;
      await view.getByLabel("Size (px)").selectOption("384");
      await waitFor(() => seen.calls.length > before, "the redraw's call");
      const again = seen.calls.at(-1).arguments;
      assert.equal(again.color, "linear:4a148c,1a237e,135deg", "the gradient was lost on a redraw");
      assert.equal(again.preset, undefined);
      assert.equal(again.style, "diamond");
      await page.close();
    });

    test("qr_inspect's overlay and grades", async () => {
      const png = Buffer.from(await (await fetch(base + "/api/v1/qr?data=inspect+me&size=300")).arrayBuffer());
      const { page, view } = await open("qr_inspect", { image: png.toString("base64") });
      await waitFor(async () => /1 code found/.test(await view.locator("#verdict").textContent()), "the report");
      assert.match(await view.locator("#grades").textContent(), /grade A/);
      await page.close();
    });

    for (const width of [390, 600]) for (const theme of ["light", "dark"]) {
      test(`at ${width} px, ${theme}: fits, follows the theme, and axe-core finds nothing`, async () => {
        const opened = await open("qr_generate", { data: "https://example.com", frame: "banner-bottom", frame_text: "SCAN ME" }, { width, theme });
        const { page, view } = opened;
        await waitFor(async () => /Scans/.test(await view.locator("#verdict").textContent()), "the verdict");
        const frame = page.frames().find((f) => f.url().endsWith("/view.html"));
        assert.equal(await frame.evaluate(() => document.documentElement.dataset.theme || "light"), theme);
        const [scroll, shown] = await frame.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
        assert.ok(shown <= width && scroll <= shown, `${scroll} px wide in ${shown}`);
        await frame.addScriptTag({ path: axePath }).catch(() => {});
        const violations = await frame.evaluate(async () => {
          if (!window.axe) return ["axe-core did not load"];
          const res = await window.axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
          return res.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
        });
        assert.deepEqual(violations, []);
        // By keyboard: a control takes focus and changes the code, which
        // is redrawn in the chosen shape and still reads.
        const { seen } = opened;
        const src = await view.locator("#code").getAttribute("src");
        await view.getByLabel("Module shape").focus();
        await page.keyboard.press("ArrowDown");
        const shape = await view.getByLabel("Module shape").inputValue();
        assert.notEqual(shape, "square");
        await waitFor(async () => (await view.locator("#code").getAttribute("src")) !== src, "the redraw");
        assert.equal(seen.calls.at(-1).arguments.style, shape);
        assert.deepEqual(await drawn(view), ["https://example.com"]);
        await waitFor(async () => /Scans/.test(await view.locator("#verdict").textContent()), "the verdict after the redraw");
        await page.screenshot({ path: `${shots}${name}-${width}-${theme}.png`, fullPage: true });
        await page.close();
      });
    }
  });
}
