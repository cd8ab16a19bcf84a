// Helpers for the MCP suite: the official client, a raw JSON-RPC poster
// (rpc.mjs) and an independent QR reader (zxing-cpp through zxing-wasm).
import fs from "node:fs";
import { createRequire } from "node:module";
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";

export { rpc } from "./rpc.mjs";

const require = createRequire(import.meta.url);
prepareZXingModule({
  overrides: { wasmBinary: fs.readFileSync(require.resolve("zxing-wasm/reader/zxing_reader.wasm")).buffer },
});

// The servers under test, from run.sh's environment; a missing one is skipped.
// toolNames are the tools every server lists, sorted.
export const toolNames = ["qr_batch", "qr_decode", "qr_generate", "qr_generate_typed", "qr_inspect", "qr_size_recommend", "qr_verify"];

export const targets = [
  ["native", process.env.QR_NATIVE_URL],
  ["workerd", process.env.QR_WORKERD_URL],
].filter(([, url]) => url);

// The official clients the tools are called through: the v2 SDK pinned to
// the stateless revision 2026-07-28, and the v1 SDK at 2025-06-18, an
// initialize handshake older clients still make. protocol says what each
// must have agreed on.
export const clients = [
  { name: "SDK v2 at 2026-07-28", protocol: "2026-07-28", connect: connectV2 },
  { name: "SDK v1 at 2025-06-18", protocol: "2025-06-18", connect: (base) => connect(base, "2025-06-18") },
];

async function connectV2(base) {
  const client = new ClientV2({ name: "qrkeyless-e2e", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
  await client.connect(new TransportV2(new URL("/api/mcp", base)));
  client.agreed = client.getNegotiatedProtocolVersion();
  return client;
}

// connect opens a connection with the v1 client over Streamable HTTP. The
// v1 client always offers its newest revision; to offer an older one, the
// initialize it sends is rewritten on its way out.
export async function connect(base, protocolVersion) {
  const client = new Client({ name: "qrkeyless-e2e", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL("/api/mcp", base));
  if (protocolVersion) {
    const send = transport.send.bind(transport);
    transport.send = (m, o) => send(m?.method === "initialize" ? { ...m, params: { ...m.params, protocolVersion } } : m, o);
  }
  await client.connect(transport);
  client.agreed = transport.protocolVersion;
  return client;
}

// modern returns a request of 2026-07-28: params with the _meta every
// request of that revision carries, and the headers that name it.
export function modern(method, params = {}, id = 1) {
  const body = {
    jsonrpc: "2.0", id, method,
    params: {
      ...params,
      _meta: {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1" },
        "io.modelcontextprotocol/clientCapabilities": {},
        ...(params._meta ?? {}),
      },
    },
  };
  const headers = { "mcp-protocol-version": "2026-07-28", "mcp-method": method };
  if (params.name) headers["mcp-name"] = params.name;
  return { body, headers };
}

// readQR returns the texts of the QR codes zxing-cpp finds in an image file.
export async function readQR(bytes) {
  const found = await readBarcodes(new Uint8Array(bytes), { formats: ["QRCode"] });
  return found.filter((r) => r.isValid).map((r) => r.text);
}

// readFamily returns what zxing-cpp finds in an image of the QR family:
// each symbol's format (QRCode, MicroQRCode, RMQRCode), text, version and
// structured-append place.
export async function readFamily(bytes) {
  const found = await readBarcodes(new Uint8Array(bytes), { formats: ["QRCode", "MicroQRCode", "RMQRCode"], tryHarder: true });
  return found.filter((r) => r.isValid).map((r) => ({ format: r.format, text: r.text, version: r.version, index: r.sequenceIndex, count: r.sequenceSize }));
}

// pngSize reads the width and height from a PNG's IHDR chunk.
export function pngSize(bytes) {
  const b = Buffer.from(bytes);
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

// parts sorts a tool result's content by type.
export function parts(result) {
  const by = (type) => result.content.filter((c) => c.type === type);
  return { images: by("image"), texts: by("text").map((c) => c.text), resources: by("resource") };
}

// problemOf reads the problem document of an isError result.
export function problemOf(result) {
  if (!result.isError) throw new Error("expected an error result, got " + JSON.stringify(result).slice(0, 300));
  return JSON.parse(result.content[0].text);
}
