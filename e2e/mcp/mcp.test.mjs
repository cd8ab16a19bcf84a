// The MCP tool server at /api/mcp, driven by the official TypeScript SDK
// client (Client + StreamableHTTPClientTransport) and by raw JSON-RPC, on
// the native server and on workerd. Images are read back with zxing-cpp.
// Run: QR_NATIVE_URL=... QR_WORKERD_URL=... node --test e2e/mcp/
import assert from "node:assert/strict";
import fs from "node:fs";
import { after, before, describe, test } from "node:test";
import { clients, connect, parts, pngSize, problemOf, readFamily, readQR, rpc, targets, toolNames } from "./helpers.mjs";

// From the interface and decisions documents.
const interfaceKinds = ["url", "text", "wifi", "vcard", "mecard", "email", "phone", "sms", "whatsapp", "telegram", "event", "upi"];
const batchOutputs = ["url", "base64", "svg", "json", "zip", "sheet"];
const media = ["business-card", "flyer", "poster", "billboard", "screen"];
// docs/payloads.md §2.3, the worked wifi example and the text ZXing reads.
const wifiFields = { ssid: 'Café "Net";1', password: "p@ss:w0rd,\\x", security: "WPA2", hidden: "true" };
const wifiText = 'WIFI:T:WPA;S:Café \\"Net\\"\\;1;P:p@ss\\:w0rd\\,\\\\x;H:true;;';
// A 32x32 white PNG: an image with no code in it.
const blankPNG = "iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAAAAABWESUoAAAAFklEQVR42mP4TwAwjCoYVTCqYKQqAAA/aPwuqUTQyAAAAABJRU5ErkJggg==";

if (targets.length === 0) {
  test("MCP suite", { skip: "set QR_NATIVE_URL and/or QR_WORKERD_URL" }, () => {});
}

for (const [name, base] of targets) for (const via of clients) {
  describe(`MCP on ${name}, ${via.name}`, () => {
    let client;
    before(async () => {
      client = await via.connect(base);
      await client.listTools(); // the client checks structured results against the output schemas it lists
    });
    after(() => client?.close());

    test(`the client and the server agree on ${via.protocol}`, () => {
      assert.equal(client.agreed, via.protocol);
    });

    const call = (tool, args) => client.callTool({ name: tool, arguments: args });
    const bytes = (b64) => Buffer.from(b64, "base64");

    test("lists the seven tools, read-only, idempotent and closed-world", async () => {
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((t) => t.name).sort(), toolNames);
      for (const t of tools) {
        assert.equal(t.annotations?.readOnlyHint, true, t.name);
        assert.equal(t.annotations?.idempotentHint, true, t.name);
        assert.equal(t.annotations?.openWorldHint, false, t.name);
        assert.equal(t.inputSchema.type, "object", t.name);
      }
      const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
      assert.deepEqual(byName.qr_generate.inputSchema.required, ["data"]);
      const size = byName.qr_generate.inputSchema.properties.size;
      assert.deepEqual([size.type, size.minimum, size.maximum], ["integer", 64, 4096]);
      assert.match(byName.qr_generate_typed.inputSchema.properties.type.description, /qr:\/\/kinds/);
      assert.match(byName.qr_generate_typed.inputSchema.properties.fields.description, /qr:\/\/kinds\/<type>/);
      assert.deepEqual(byName.qr_batch.inputSchema.properties.output.enum, batchOutputs);
      assert.deepEqual(byName.qr_size_recommend.inputSchema.properties.medium.enum, media);
      for (const t of tools) assert.equal(t.outputSchema?.type, "object", t.name);
      for (const t of ["qr_generate", "qr_generate_typed", "qr_inspect"]) assert.equal(byName[t]._meta?.ui?.resourceUri, "ui://qrkeyless/view.html", t);
    });

    test("the kinds and every parameter are resources, listed and read", async () => {
      const { resources } = await client.listResources();
      const uris = resources.map((r) => r.uri);
      for (const uri of ["qr://kinds", "qr://parameters", "qr://kinds/wifi", "ui://qrkeyless/view.html"]) assert.ok(uris.includes(uri), uri);
      const kinds = JSON.parse((await client.readResource({ uri: "qr://kinds" })).contents[0].text);
      assert.ok(kinds.length >= 32, `${kinds.length} kinds`);
      for (const k of interfaceKinds) assert.ok(kinds.some((x) => x.name === k), k);
      assert.match(kinds.find((k) => k.name === "wifi").fields, /^ssid\*, /);
      const wifi = JSON.parse((await client.readResource({ uri: "qr://kinds/wifi" })).contents[0].text);
      assert.deepEqual(wifi.required, ["ssid"]);
      assert.equal(wifi.properties.password.writeOnly, true);
      const ref = JSON.parse((await client.readResource({ uri: "qr://parameters" })).contents[0].text);
      const size = ref.rendering.parameters.size;
      assert.deepEqual([size.type, size.minimum, size.maximum, size.default], ["integer", 64, 4096, 512]);
      for (const name of ["logo", "eye_color", "symbol", "parts", "dpi", "cmyk", "frame_color"]) assert.ok(ref.rendering.parameters[name], name);
      const view = (await client.readResource({ uri: "ui://qrkeyless/view.html" })).contents[0];
      assert.equal(view.mimeType, "text/html;profile=mcp-app");
    });

    test("qr_generate_typed says what it drew, with no secret in it, and a sealed value redraws it", async () => {
      const res = await call("qr_generate_typed", { type: "wifi", fields: wifiFields, size: 256 });
      assert.ok(!res.isError);
      const s = res.structuredContent;
      assert.equal(s.text, 'WIFI:T:WPA;S:Café \\"Net\\"\\;1;P:<secret>;H:true;;');
      assert.equal(s.symbol, "qr");
      assert.ok(!JSON.stringify(s).includes("p@ss"), JSON.stringify(s));
      const again = await call("qr_generate_typed", { ...s.args, sealed: s.sealed, style: "dot" });
      assert.ok(!again.isError, JSON.stringify(again).slice(0, 300));
      assert.deepEqual(await readQR(bytes(parts(again).images[0].data)), [wifiText]);
      assert.equal(again.structuredContent.args.style, "dot");
    });

    test("qr_generate returns a PNG that decodes to the data, and the URL of the same bytes", async () => {
      const data = "https://example.com/menu?table=12&lang=en";
      const res = await call("qr_generate", { data, size: 300, color: "1a237e" });
      assert.ok(!res.isError);
      const { images, texts } = parts(res);
      assert.equal(images.length, 1);
      assert.equal(images[0].mimeType, "image/png");
      const png = bytes(images[0].data);
      assert.deepEqual(pngSize(png), { width: 300, height: 300 });
      assert.deepEqual(await readQR(png), [data]);
      const url = texts[0].split("\n")[0];
      assert.ok(url.startsWith(base + "/api/v1/qr?"), url);
      const viaREST = Buffer.from(await (await fetch(url)).arrayBuffer());
      assert.ok(viaREST.equals(png), "the URL renders other bytes");
    });

    test("qr_generate and qr_generate_typed make Micro QR, rMQR and sequences, read by zxing-cpp", async () => {
      for (const [tool, args, want] of [
        ["qr_generate", { data: "12345", symbol: "micro" }, [{ format: "MicroQRCode", text: "12345", version: "M2" }]],
        ["qr_generate", { data: "HELLO WORLD", symbol: "rmqr", version: "R11x43", ec: "H" }, [{ format: "RMQRCode", text: "HELLO WORLD", version: "R11x43" }]],
        ["qr_generate_typed", { type: "wifi", fields: { ssid: "Lab", auth: "nopass" }, symbol: "rmqr" }, [{ format: "RMQRCode", text: "WIFI:T:nopass;S:Lab;;" }]],
      ]) {
        const res = await call(tool, args);
        assert.ok(!res.isError, JSON.stringify(res).slice(0, 300));
        const found = await readFamily(bytes(parts(res).images[0].data));
        assert.equal(found.length, 1, JSON.stringify(found));
        for (const [k, v] of Object.entries(want[0])) assert.equal(found[0][k], v, `${tool} ${JSON.stringify(args)}: ${k}`);
      }
      const text = "a structured-append sequence written by the tool, ".repeat(4);
      const res = await call("qr_generate", { data: text, parts: 3, format: "zip" });
      assert.ok(!res.isError);
      const { images, resources } = parts(res);
      assert.equal(resources.length, 1);
      assert.equal(resources[0].resource.mimeType, "application/zip");
      const found = await readFamily(bytes(images[0].data));
      assert.equal(found.length, 3);
      assert.equal(found.sort((a, b) => a.index - b.index).map((f) => f.text).join(""), text);
      assert.ok(found.every((f) => f.count === 3));
      const bad = problemOf(await call("qr_generate", { data: "1", symbol: "rmqr", ec: "L" }));
      assert.equal(bad.field, "ec");
      assert.match(bad.detail, /M, H/);
    });

    test("qr_generate in svg adds the markup the URL answers", async () => {
      const res = await call("qr_generate", { data: "hello", format: "svg" });
      const { images, texts } = parts(res);
      assert.equal(images.length, 1);
      assert.match(texts[1], /^<svg[\s>]/);
      assert.equal(await (await fetch(texts[0])).text(), texts[1]);
    });

    test("qr_generate brands a code: a logo, a frame, a gradient, verified before it is given", async () => {
      const data = "https://example.com/menu?table=12";
      const logo = "data:image/svg+xml," + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="#e53935"/></svg>');
      const args = { data, size: 300, logo, frame: "banner-bottom", frame_text: "SCAN ME", color: "linear:0f2027,2c5364,135deg" };
      const res = await call("qr_generate", args);
      assert.ok(!res.isError, JSON.stringify(res));
      const png = bytes(parts(res).images[0].data);
      const { width, height } = pngSize(png);
      assert.ok(height > width && width > 300, `a banner under a 300 px code: ${width} x ${height}`);
      assert.deepEqual(await readQR(png), [data]);
      const svg = parts(await call("qr_generate", { ...args, format: "svg" })).texts[1];
      assert.match(svg, /<linearGradient/);
      assert.match(svg, /<circle cx="5" cy="5" r="5" fill="#e53935"\/>/);
      const tooLarge = problemOf(await call("qr_generate", { data, logo, logo_size: 0.4, ec: "L" }));
      assert.equal(tooLarge.status, 422);
      assert.equal(tooLarge.field, "logo_size");
      assert.match(tooLarge.fix, /logo_size=0\.\d+|without|size=/);
    });

    for (const [why, args, field] of [
      ["a color name", { data: "hi", color: "red" }, "color"],
      ["no data", { size: 300 }, "data"],
      ["a size out of range", { data: "hi", size: 5000 }, "size"],
      ["an unknown style", { data: "hi", style: "blobby" }, "style"],
      ["a misspelt name", { data: "hi", colour: "ff0000" }, "color"],
    ]) {
      test(`qr_generate with ${why} is a tool error with a problem document`, async () => {
        const p = problemOf(await call("qr_generate", args));
        assert.equal(p.status, 400);
        assert.equal(p.field, field);
        assert.ok(p.fix && p.detail && p.title && p.type, JSON.stringify(p));
      });
    }

    test("a color name's fix is a hex color", async () => {
      const p = problemOf(await call("qr_generate", { data: "hi", color: "red" }));
      assert.match(p.fix, /color=(%23)?ff0000/i);
    });

    test("qr_generate_typed builds the wifi payload of docs/payloads.md and keeps the password out of the URL", async () => {
      const res = await call("qr_generate_typed", { type: "wifi", fields: wifiFields });
      assert.ok(!res.isError, JSON.stringify(res).slice(0, 300));
      const { images, texts } = parts(res);
      assert.deepEqual(await readQR(bytes(images[0].data)), [wifiText]);
      assert.ok(texts[0].startsWith(base + "/api/v1/wifi?"), texts[0]);
      assert.ok(!texts.join("\n").includes("w0rd"), "the password is in the text");
    });

    for (const [why, args, field] of [
      ["an unknown type", { type: "wfi", fields: { ssid: "Home" } }, "type"],
      ["no type", { fields: { ssid: "Home" } }, "type"],
      ["a missing required field", { type: "wifi", fields: { password: "12345678" } }, "ssid"],
      ["a bad field value", { type: "email", fields: { to: "not an address" } }, "to"],
    ]) {
      test(`qr_generate_typed with ${why} is a tool error naming ${field}`, async () => {
        const p = problemOf(await call("qr_generate_typed", args));
        assert.equal(p.status, 400);
        assert.equal(p.field, field);
        assert.ok(p.fix);
      });
    }

    test("an unknown type's fix names the nearest kind", async () => {
      const p = problemOf(await call("qr_generate_typed", { type: "wfi", fields: { ssid: "Home" } }));
      assert.match(p.fix, /wifi/);
    });

    test("qr_decode reads a code from base64 and from a data URI, with its payload kind", async () => {
      const png = Buffer.from(await (await fetch(`${base}/api/v1/wifi?ssid=Guest&security=nopass`)).arrayBuffer());
      for (const image of [png.toString("base64"), "data:image/png;base64," + png.toString("base64")]) {
        const res = await call("qr_decode", { image });
        assert.ok(!res.isError, JSON.stringify(res).slice(0, 300));
        const out = res.structuredContent;
        assert.equal(out.count, 1);
        assert.equal(out.results[0].text, "WIFI:T:nopass;S:Guest;;"); // docs/payloads.md §2.3, open network
        assert.equal(out.results[0].kind, "wifi");
        assert.equal(out.results[0].fields.ssid, "Guest");
        assert.deepEqual(JSON.parse(parts(res).texts[0]), out);
      }
    });

    // The client checks structuredContent against the output schema, which
    // requires an ec of L, M, Q or H and four corners: a structured-append
    // sequence joined by gozxing had neither.
    // The client checks the report against qr_inspect's output schema.
    test("qr_inspect grades a generated code A, with the overlay as image content, and says where reading stopped in a blank", async () => {
      const png = Buffer.from(await (await fetch(`${base}/api/v1/qr?data=https%3A%2F%2Fexample.com&size=300`)).arrayBuffer());
      const res = await call("qr_inspect", { image: png.toString("base64") });
      assert.ok(!res.isError, JSON.stringify(res).slice(0, 300));
      const out = res.structuredContent;
      assert.equal(out.count, 1);
      assert.equal(out.codes[0].text, "https://example.com");
      assert.equal(out.codes[0].letter, "A");
      assert.match(out.method, /ISO\/IEC 15415-style/);
      const { images } = parts(res);
      assert.equal(images.length, 1);
      assert.equal(images[0].mimeType, "image/png");
      assert.ok(pngSize(bytes(images[0].data)).width > 0);
      const blank = await call("qr_inspect", { image: blankPNG, overlay: false });
      assert.ok(!blank.isError);
      assert.equal(blank.structuredContent.count, 0);
      assert.equal(blank.structuredContent.stopped_at, "finder");
      assert.equal(parts(blank).images.length, 0);
    });

    test("qr_decode joins a structured-append sequence and reports its parts", async () => {
      const png = fs.readFileSync(new URL("../../core/scan/testdata/structured-append.png", import.meta.url));
      const res = await call("qr_decode", { image: png.toString("base64") });
      assert.ok(!res.isError, JSON.stringify(res).slice(0, 300));
      const [r] = res.structuredContent.results;
      assert.equal(r.text, "https://example.com");
      assert.deepEqual([r.ec, r.version, r.points.length], ["M", 1, 4]);
      assert.deepEqual(r.parts.map((p) => [p.index, p.total, p.ec, p.points.length]), [[1, 2, "M", 4], [2, 2, "M", 4]]);
    });

    test("qr_decode reads WebP, and URL-safe unpadded base64", async () => {
      const webp = fs.readFileSync(new URL("../../core/scan/testdata/code.webp", import.meta.url));
      const res = await call("qr_decode", { image: webp.toString("base64url") });
      assert.ok(!res.isError, JSON.stringify(res).slice(0, 300));
      assert.equal(res.structuredContent.results[0].text, "https://example.com/webp");
    });

    for (const [why, image, status] of [
      ["no code in the image", blankPNG, 422],
      ["text that is not an image", Buffer.from("hello").toString("base64"), 415],
      ["something that is not base64", "%%% not base64 %%%", 400],
      ["no image", undefined, 400],
    ]) {
      test(`qr_decode with ${why} is a ${status} tool error`, async () => {
        const p = problemOf(await call("qr_decode", image === undefined ? {} : { image }));
        assert.equal(p.status, status);
        assert.ok(p.fix);
      });
    }

    test("qr_verify reports a black-on-white code scannable at 21:1", async () => {
      const res = await call("qr_verify", { data: "https://example.com" });
      const v = res.structuredContent;
      assert.equal(v.scannable, true);
      assert.equal(v.decoded, true);
      assert.equal(v.contrast, 21); // WCAG: black on white
      assert.equal(v.quiet_zone, 4);
      assert.deepEqual(v.warnings, []);
    });

    test("qr_verify warns of low contrast", async () => {
      const v = (await call("qr_verify", { data: "hi", color: "aaaaaa" })).structuredContent;
      assert.ok(v.contrast < 4, String(v.contrast));
      assert.ok(v.warnings.some((w) => /contrast/i.test(w)), JSON.stringify(v.warnings));
    });

    test("qr_verify with a bad color is a tool error", async () => {
      assert.equal(problemOf(await call("qr_verify", { data: "hi", color: "red" })).field, "color");
    });

    test("qr_batch renders items in order; a bad item fails alone", async () => {
      const res = await call("qr_batch", {
        style: { size: 200 },
        items: [
          { id: "menu", data: "https://example.com/menu" },
          { type: "phone", fields: { number: "+15551234567" } },
          { id: "bad", data: "x", style: { color: "red" } },
        ],
      });
      assert.ok(!res.isError);
      const out = res.structuredContent;
      assert.equal(out.count, 3);
      assert.equal(out.items[0].id, "menu");
      const png = Buffer.from(await (await fetch(out.items[0].url)).arrayBuffer());
      assert.deepEqual(pngSize(png), { width: 200, height: 200 });
      assert.deepEqual(await readQR(png), ["https://example.com/menu"]);
      assert.deepEqual(await readQR(Buffer.from(await (await fetch(out.items[1].url)).arrayBuffer())), ["tel:+15551234567"]);
      assert.equal(out.items[2].error.status, 400);
      assert.equal(out.items[2].error.field, "color");
    });

    test("qr_batch base64 and zip outputs", async () => {
      const b = (await call("qr_batch", { output: "base64", items: [{ data: "one" }, { data: "two" }] })).structuredContent;
      const texts = await Promise.all(b.items.map((it) => readQR(Buffer.from(it.data.split(",")[1], "base64"))));
      assert.deepEqual(texts, [["one"], ["two"]]);
      const z = await call("qr_batch", { output: "zip", items: [{ id: "a", data: "one" }] });
      const [zip] = parts(z).resources;
      assert.equal(zip.resource.mimeType, "application/zip");
      assert.equal(bytes(zip.resource.blob).subarray(0, 4).toString("latin1"), "PK\x03\x04");
    });

    test("qr_batch sheet output is a PDF label sheet, an embedded resource", async () => {
      const s = await call("qr_batch", { output: "sheet", sheet: { preset: "letter-2x5", crop_marks: true }, items: [{ data: "one", style: { frame_text: "One" } }, { data: "two" }] });
      assert.notEqual(s.isError, true, JSON.stringify(s.content));
      const [pdf] = parts(s).resources;
      assert.equal(pdf.resource.mimeType, "application/pdf");
      assert.equal(pdf.resource.uri, "qr-labels.pdf");
      const b = bytes(pdf.resource.blob);
      assert.equal(b.subarray(0, 8).toString("latin1"), "%PDF-1.4");
      assert.match(b.toString("latin1"), /\/MediaBox \[0 0 612 792\]/, "a Letter page");
      const p = problemOf(await call("qr_batch", { output: "sheet", sheet: { preset: "a4-3x7", columns: 3 }, items: [{ data: "x" }] }));
      assert.equal(p.field, "preset");
    });

    for (const [why, args, field] of [
      ["an unknown output", { output: "pdf", items: [{ data: "x" }] }, "output"],
      ["no items", { items: [] }, "items"],
    ]) {
      test(`qr_batch with ${why} is a tool error`, async () => {
        const p = problemOf(await call("qr_batch", args));
        assert.equal(p.status, 400);
        assert.equal(p.field, field);
      });
    }

    test("qr_size_recommend follows distance / 10 and the 0.33 mm module floor", async () => {
      const a = (await call("qr_size_recommend", { data: "https://example.com", distance_m: 2 })).structuredContent;
      assert.ok(a.symbol_mm >= 200 && a.symbol_mm < 220, String(a.symbol_mm)); // 2 m / 10 = 200 mm, rounded up to whole pixels
      assert.ok(a.min_size_mm > a.symbol_mm);
      assert.equal(a.dpi, 300);
      const card = (await call("qr_size_recommend", { length: 300, medium: "business-card" })).structuredContent;
      assert.ok(card.module_mm >= 0.33, String(card.module_mm));
    });

    for (const [why, args, field] of [
      ["neither distance nor medium", { data: "hi" }, "distance_m"],
      ["an unknown medium", { data: "hi", medium: "moon" }, "medium"],
      ["neither data nor length", { distance_m: 1 }, "data"],
    ]) {
      test(`qr_size_recommend with ${why} is a tool error`, async () => {
        assert.equal(problemOf(await call("qr_size_recommend", args)).field, field);
      });
    }

    test("an unknown tool is a JSON-RPC invalid params error", async () => {
      await assert.rejects(call("qr_nope", {}), (e) => e.code === -32602);
    });

    if (via === clients[0]) describe("raw JSON-RPC", () => {
      const init = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } };

      test("initialize answers without a session id", async () => {
        const r = await rpc(base, init);
        assert.equal(r.status, 200);
        assert.equal(r.message.result.serverInfo.name, "qrkeyless");
        assert.ok(r.message.result.capabilities.tools);
        assert.equal(r.headers.get("mcp-session-id"), null);
      });

      for (const [why, body, code] of [
        ["malformed JSON", '{"jsonrpc":"2.0","id":1,"method":', -32700],
        ["an empty body", "", -32700],
        ["a batch", JSON.stringify([{ jsonrpc: "2.0", id: 1, method: "ping" }]), -32600],
        ["a bare value", "42", -32600],
        ["no jsonrpc member", JSON.stringify({ id: 1, method: "ping" }), -32600],
        ["an object id", JSON.stringify({ jsonrpc: "2.0", id: {}, method: "ping" }), -32600],
        ["no method", JSON.stringify({ jsonrpc: "2.0", id: 1 }), -32600],
        ["an unknown method", JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/nope" }), -32601],
        ["params of the wrong type", JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: 5 } }), -32602],
        ["an unknown tool", JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "nope", arguments: {} } }), -32602],
      ]) {
        test(`${why} is error ${code}`, async () => {
          const r = await rpc(base, body);
          assert.equal(r.message?.error?.code, code, r.text);
          assert.ok(r.status === 200 || r.status === 400, String(r.status));
        });
      }

      test("a notification is 202 Accepted", async () => {
        const r = await rpc(base, { jsonrpc: "2.0", method: "notifications/initialized" });
        assert.equal(r.status, 202);
      });

      test("a client that accepts only an event stream gets one", async () => {
        const r = await rpc(base, { jsonrpc: "2.0", id: 9, method: "ping" }, { accept: "text/event-stream" });
        assert.equal(r.status, 200);
        assert.match(r.headers.get("content-type"), /^text\/event-stream/);
        assert.deepEqual(r.message, { jsonrpc: "2.0", id: 9, result: {} });
      });

      test("bad arguments come back as a result, not a JSON-RPC error", async () => {
        const r = await rpc(base, { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "qr_generate", arguments: { data: "hi", size: "huge" } } });
        assert.equal(r.status, 200);
        assert.equal(r.message.result.isError, true);
        assert.equal(JSON.parse(r.message.result.content[0].text).field, "size");
      });

      test("GET (a listening stream) and DELETE are 405 with Allow", async () => {
        for (const method of ["GET", "DELETE"]) {
          const res = await fetch(new URL("/api/mcp", base), { method, headers: { accept: "text/event-stream" } });
          assert.equal(res.status, 405, method);
          assert.match(res.headers.get("allow"), /POST/);
          assert.ok((await res.json()).fix);
        }
      });

      test("a body that is not JSON is a 415 problem", async () => {
        const res = await fetch(new URL("/api/mcp", base), { method: "POST", headers: { "content-type": "text/plain" }, body: "{}" });
        assert.equal(res.status, 415);
        assert.match(res.headers.get("content-type"), /problem\+json/);
      });
    });
  });
}
