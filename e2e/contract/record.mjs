// Records every fetch a test process makes to the servers under test, as
// a line of JSON in QR_CONTRACT_LOG, for validate.mjs to check against the
// OpenAPI description. run.sh loads it into the MCP suites with
// NODE_OPTIONS=--import, so the official SDK's own requests are recorded
// as it sends them.
import { appendFileSync } from "node:fs";

const log = process.env.QR_CONTRACT_LOG;
const servers = [process.env.QR_NATIVE_URL, process.env.QR_WORKERD_URL].filter(Boolean).map((u) => new URL(u).origin);

if (log && servers.length) {
  const fetch = globalThis.fetch;
  globalThis.fetch = async (input, init = {}) => {
    const res = await fetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!servers.includes(url.origin)) return res;
    const method = (init.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    const headers = Object.fromEntries([...res.headers].map(([k, v]) => [k.toLowerCase(), v]));
    res
      .clone()
      .arrayBuffer()
      .then((buf) => {
        const bytes = Buffer.from(buf);
        const ct = headers["content-type"] ?? "";
        const rec = { source: "node", method, url: url.pathname + url.search, status: res.status, headers, length: bytes.length };
        if (!/^(image\/png|application\/zip)/.test(ct)) rec.body = bytes.toString("utf8");
        appendFileSync(log, JSON.stringify(rec) + "\n");
      })
      .catch(() => {});
    return res;
  };
}
