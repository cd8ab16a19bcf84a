// The stateless revision 2026-07-28 on the wire, request by request, on
// the native server and on workerd: discovery without a handshake, the
// _meta every request carries, the headers that name a request, its error
// codes, caching hints, and the origin check of a server on a loopback
// address (both servers of run.sh listen on 127.0.0.1).
import assert from "node:assert/strict";
import http from "node:http";
import { describe, test } from "node:test";
import { modern, rpc, targets, toolNames } from "./helpers.mjs";

const meta = (r) => r.message?.result?._meta?.["io.modelcontextprotocol/serverInfo"];

// raw sends a request with exactly the headers given, Host included, which
// fetch will not let a caller set.
function raw(base, body, headers) {
  const u = new URL("/api/mcp", base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: u.hostname, port: u.port, path: u.pathname, method: "POST", headers: { "content-type": "application/json", ...headers } }, (res) => {
      let text = "";
      res.on("data", (c) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, text }));
    });
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

for (const [name, base] of targets) {
  describe(`MCP 2026-07-28 on ${name}`, () => {
    test("server/discover answers without a handshake: versions, capabilities, caching hints, who it is", async () => {
      const { body, headers } = modern("server/discover");
      const r = await rpc(base, body, headers);
      assert.equal(r.status, 200, r.text);
      const res = r.message.result;
      for (const v of ["2026-07-28", "2025-11-25", "2025-06-18"]) assert.ok(res.supportedVersions.includes(v), v);
      assert.ok(res.capabilities.tools);
      assert.equal(res.resultType, "complete");
      assert.ok(Number.isInteger(res.ttlMs) && res.ttlMs >= 0, String(res.ttlMs));
      assert.equal(res.cacheScope, "public");
      assert.equal(meta(r).name, "qrkeyless");
      assert.equal(r.headers.get("mcp-session-id"), null);
    });

    test("tools/list is cacheable: ttlMs, cacheScope, an ETag, and 304 for a client that holds it", async () => {
      const { body, headers } = modern("tools/list");
      const r = await rpc(base, body, headers);
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(r.message.result.tools.map((t) => t.name).sort(), toolNames);
      assert.equal(r.message.result.resultType, "complete");
      assert.ok(r.message.result.ttlMs > 0);
      const etag = r.headers.get("etag");
      assert.match(etag ?? "", /^"[0-9a-f]+"$/);
      const again = await rpc(base, body, { ...headers, "if-none-match": etag });
      assert.equal(again.status, 304);
    });

    test("tools/list and server/discover come from the edge cache on workerd, each with its own request's id", async () => {
      for (const method of ["tools/list", "server/discover"]) {
        const first = modern(method, {}, `first-${method}`);
        const a = await rpc(base, first.body, first.headers);
        const second = modern(method, {}, `second-${method}`);
        const b = await rpc(base, second.body, second.headers);
        assert.equal(b.status, 200, b.text);
        assert.equal(b.message.id, `second-${method}`);
        assert.deepEqual(b.message.result, a.message.result);
        assert.equal(b.headers.get("etag"), a.headers.get("etag"));
        // workerd's entry keeps it; the native server has no edge cache.
        assert.equal(b.headers.get("x-qr-cache"), name === "workerd" ? "hit" : null, method);
        // A cached answer is no excuse to skip the checks: a request whose
        // _meta lacks its capabilities is still refused.
        const bad = modern(method, { _meta: { "io.modelcontextprotocol/clientCapabilities": undefined } }, "bad");
        const refused = await rpc(base, bad.body, bad.headers);
        assert.equal(refused.status, 400, refused.text);
        assert.equal(refused.message.error.code, -32602);
        assert.equal(refused.message.id, "bad");
      }
    });

    test("tools/call names its tool in Mcp-Name and answers with resultType", async () => {
      const { body, headers } = modern("tools/call", { name: "qr_generate", arguments: { data: "stateless" } });
      const r = await rpc(base, body, headers);
      assert.equal(r.status, 200, r.text);
      assert.equal(r.message.result.resultType, "complete");
      assert.equal(r.message.result.content[0].type, "image");
      assert.equal(meta(r).name, "qrkeyless");
    });

    test("an unknown tool is an answer, 200 with -32602, as at 2025-11-25: 400 is for the version, the headers and the envelope", async () => {
      const { body, headers } = modern("tools/call", { name: "qr_nope", arguments: {} });
      const r = await rpc(base, body, headers);
      assert.equal(r.status, 200, r.text);
      assert.equal(r.message.error.code, -32602, r.text);
      assert.equal(r.message.id, body.id);
    });

    test("clientInfo is optional; the version and the capabilities are not", async () => {
      const ok = modern("server/discover");
      delete ok.body.params._meta["io.modelcontextprotocol/clientInfo"];
      assert.equal((await rpc(base, ok.body, ok.headers)).status, 200);
      for (const missing of ["io.modelcontextprotocol/protocolVersion", "io.modelcontextprotocol/clientCapabilities"]) {
        const { body, headers } = modern("server/discover", {}, "m-1");
        delete body.params._meta[missing];
        const r = await rpc(base, body, headers);
        assert.equal(r.status, 400, missing);
        assert.equal(r.message.error.code, -32602, missing);
        assert.equal(r.message.id, "m-1");
      }
    });

    for (const [why, change, code] of [
      ["a header version other than _meta's", (h, b) => { b.params._meta["io.modelcontextprotocol/protocolVersion"] = "v999.0.0"; }, -32020],
      ["no MCP-Protocol-Version header", (h) => { delete h["mcp-protocol-version"]; }, -32020],
      ["an Mcp-Method other than the body's", (h) => { h["mcp-method"] = "prompts/list"; }, -32020],
      ["an Mcp-Method in another case", (h) => { h["mcp-method"] = "TOOLS/CALL"; }, -32020],
      ["no Mcp-Method", (h) => { delete h["mcp-method"]; }, -32020],
      ["an Mcp-Name other than the tool's", (h) => { h["mcp-name"] = "qr_decode"; }, -32020],
      ["no Mcp-Name on tools/call", (h) => { delete h["mcp-name"]; }, -32020],
    ]) {
      test(`${why} is a 400 header mismatch, ${code}`, async () => {
        const { body, headers } = modern("tools/call", { name: "qr_generate", arguments: { data: "x" } }, 7);
        change(headers, body);
        const r = await rpc(base, body, headers);
        assert.equal(r.status, 400, r.text);
        assert.equal(r.message.error.code, code);
        assert.equal(r.message.id, 7);
      });
    }

    test("header names in any case, a padded Mcp-Name and its base64 form are read", async () => {
      const { body } = modern("tools/call", { name: "qr_generate", arguments: { data: "x" } });
      for (const headers of [
        { "MCP-PROTOCOL-VERSION": "2026-07-28", "MCP-METHOD": "tools/call", "MCP-NAME": "qr_generate" },
        { "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "  qr_generate  " },
        { "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": `=?base64?${Buffer.from("qr_generate").toString("base64")}?=` },
      ]) {
        const r = await rpc(base, body, headers);
        assert.equal(r.status, 200, JSON.stringify(headers) + " " + r.text);
      }
      // fetch trims a header value; a raw request sends the spaces round it.
      const padded = await raw(base, body, { "mcp-protocol-version": " 2026-07-28 ", "mcp-method": "tools/call  ", "mcp-name": "  qr_generate  " });
      assert.equal(padded.status, 200, padded.text);
    });

    test("a version the server does not speak is 400, -32022, with the versions it does", async () => {
      const { body, headers } = modern("tools/list");
      body.params._meta["io.modelcontextprotocol/protocolVersion"] = "v999.0.0";
      headers["mcp-protocol-version"] = "v999.0.0";
      const r = await rpc(base, body, headers);
      assert.equal(r.status, 400);
      assert.equal(r.message.error.code, -32022);
      assert.equal(r.message.error.data.requested, "v999.0.0");
      assert.ok(r.message.error.data.supported.includes("2026-07-28"));
    });

    for (const method of ["initialize", "ping", "logging/setLevel", "resources/subscribe", "unknown/method"]) {
      test(`${method} is gone in 2026-07-28: 404, -32601`, async () => {
        const { body, headers } = modern(method, {}, "gone");
        const r = await rpc(base, body, headers);
        assert.equal(r.status, 404, r.text);
        assert.equal(r.message.error.code, -32601);
        assert.equal(r.message.id, "gone");
      });
    }

    test("an older client's initialize still agrees on its version, with no session", async () => {
      for (const v of ["2025-11-25", "2025-06-18"]) {
        const r = await rpc(base, { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: v, capabilities: {}, clientInfo: { name: "old", version: "1" } } });
        assert.equal(r.message.result.protocolVersion, v);
        assert.equal(r.headers.get("mcp-session-id"), null);
      }
    });

    test("on a loopback address, a foreign Host or Origin is refused with 403; a local one is served", async () => {
      const { body, headers } = modern("server/discover");
      const port = new URL(base).port;
      const evilHost = await raw(base, body, { ...headers, host: "evil.example.com", origin: "http://evil.example.com" });
      assert.equal(evilHost.status, 403, evilHost.text);
      assert.match(evilHost.headers["content-type"], /problem\+json/);
      const evilOrigin = await raw(base, body, { ...headers, host: `localhost:${port}`, origin: "http://evil.example.com" });
      assert.equal(evilOrigin.status, 403, evilOrigin.text);
      const local = await raw(base, body, { ...headers, host: `localhost:${port}`, origin: `http://localhost:${port}` });
      assert.equal(local.status, 200, local.text);
    });
  });
}
