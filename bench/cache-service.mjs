// An in-memory HTTP cache for workerd alone, where the Worker's Cache API
// (caches.default) has nothing behind it unless a service is named as the
// worker's cacheApiOutbound (workerd-config.mjs, workerd-cache.capnp).
// workerd speaks to it as miniflare's cache does: PUT <key URL> with the
// response serialized as HTTP/1.1 in the body, GET <key URL> for a match
// (a 504 with cf-cache-status: MISS when there is none), PURGE to delete.
// It honours what the edge cache needs for the benchmark, no more: no
// expiry, no Vary, no ranges.
const kept = new Map();
const CRLF2 = [13, 10, 13, 10];

function parse(bytes) {
  let end = -1;
  for (let i = 0; i + 3 < bytes.length; i++) {
    if (CRLF2.every((b, k) => bytes[i + k] === b)) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const [status, ...lines] = new TextDecoder().decode(bytes.subarray(0, end)).split("\r\n");
  const headers = lines.map((l) => [l.slice(0, l.indexOf(":")), l.slice(l.indexOf(":") + 1).trim()]);
  return { status: Number(status.split(" ")[1]), headers, body: bytes.slice(end + 4) };
}

export default {
  async fetch(req) {
    const key = req.url;
    if (req.method === "PUT") {
      const res = parse(new Uint8Array(await req.arrayBuffer()));
      if (!res) return new Response("bad response", { status: 400 });
      kept.set(key, res);
      return new Response(null, { status: 204 });
    }
    if (req.method === "PURGE") return new Response(null, { status: kept.delete(key) ? 200 : 404 });
    const hit = kept.get(key);
    if (!hit) return new Response(null, { status: 504, headers: { "cf-cache-status": "MISS" } });
    const headers = new Headers(hit.headers);
    headers.set("cf-cache-status", "HIT");
    return new Response(hit.body, { status: hit.status, headers });
  },
};
