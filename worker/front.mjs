// What the Worker does in front of Go (docs/architecture.md, "The Worker"): fair use,
// counted by Cloudflare's rate-limiting bindings, and the edge cache, kept
// with the Cache API. Go decides what each is about: its table of limits
// (worker/api/fairuse.go, registered as go.limits beside handleRequest)
// and the canonical key of each cacheable answer (worker/edge, the Go side
// of the edge cache's protocol).
// A repeated code is answered from the cache without entering Go. go is
// the binding the Go program registered its functions on
// (worker/serve_js.go): handleRequest, from syumai/workers, takes a
// Request and returns a promise of the Response.

// edgeHeader is the entry's word to Go on a request (worker/edge's
// Header): 1 to have a cacheable answer carry its canonical key in
// x-qr-key (KeyHeader), 2 to ask for the key alone (a 204 with x-qr-key,
// nothing drawn). Only the entry may say it: the Worker drops the header
// from every request it receives.
export const edgeHeader = "x-qr-edge";

// fairUse counts req against its class's binding, keyed on the client's
// address, and returns the 429 answer when the client is over the limit,
// or null. Requests from this machine (make dev, its tests) and requests
// without an address (workerd alone) are not counted, as the native server
// does not count them; neither are classes whose binding is missing.
export async function fairUse(req, env, go) {
  const ip = req.headers.get("cf-connecting-ip");
  if (!ip || /^(127\.|::1$|::ffff:127\.)/.test(ip) || req.method === "OPTIONS") return null;
  const l = await classOf(req, go.limits);
  const binding = env[l.binding];
  if (!binding) return null;
  const { success } = await binding.limit({ key: ip });
  if (success) return null;
  // A binding does not say when its window ends; its period bounds it.
  const res = go.tooMany(req.url, l.class, l.period);
  return new Response(res.body, { status: res.status, headers: res.headers });
}

// classOf is worker/api/fairuse.go's classOf over the same table: the
// first class whose method and path match (and, for a JSON-RPC class, whose
// method is the call), or a GET asking for verify in one of the yes
// spellings Go reads (a verify class's yes); the last if none.
// worker/api's TestFrontClassOf runs it beside Go's on the same requests.
export async function classOf(req, limits) {
  const url = new URL(req.url);
  const method = req.method === "HEAD" ? "GET" : req.method;
  const verify = url.searchParams.get("verify");
  for (const l of limits.slice(0, -1)) {
    if (method === l.method && l.paths.includes(url.pathname) && (!l.call || (await isCall(l, req)))) return l;
    if (l.verify && method === "GET" && verify !== null && l.yes.includes(verify.trim().toLowerCase())) return l;
  }
  return limits[limits.length - 1];
}

// isCall looks into a copy of the body (req.clone()), so that Go still
// reads the request as it came.
async function isCall(l, req) {
  const method = req.headers.get("mcp-method");
  if (method) return method === l.call;
  if (!req.body) return false;
  const body = new Uint8Array(await req.clone().arrayBuffer());
  return body.length > l.peek || new TextDecoder().decode(body).includes(`"${l.call}"`);
}

// asked is req as the edge cache asks it of Go: method, body, req's
// headers but If-None-Match, and the mode (edgeHeader).
function asked(req, method, body, mode) {
  const headers = new Headers(req.headers);
  headers.delete("if-none-match");
  headers.set(edgeHeader, String(mode));
  return new Request(req.url, { method, headers, body });
}

// fromCache answers a GET or HEAD. An answer is looked up under the
// request's URL, then under its canonical key, which Go works out without
// drawing (mode 2); a miss is drawn (mode 1) and, when Go gave it a key
// (public and immutable: no secret, no problem), filed under both. Go is
// asked for GET answers without If-None-Match, so that what is filed is
// whole; the request's own conditions are applied here, to hits and misses
// alike.
export async function fromCache(req, ctx, go) {
  const cache = globalThis.caches?.default;
  if (!cache) return go.handleRequest(req);
  const tag = req.headers.get("if-none-match");
  const head = req.method === "HEAD";
  const raw = new Request(req.url);
  const later = (p) => (ctx?.waitUntil ? ctx.waitUntil(p) : p);

  let res = await match(cache, raw);
  if (res) return reply(res, "hit", head, tag);
  const keyed = await go.handleRequest(asked(req, "GET", null, 2));
  if (keyed.status !== 204) return reply(keyed, null, head, tag);
  const canon = new Request(new URL(keyed.headers.get("x-qr-key"), req.url));
  res = await match(cache, canon);
  if (res) {
    await later(put(cache, raw, res.clone()));
    return reply(res, "hit", head, tag);
  }
  res = await go.handleRequest(asked(req, "GET", null, 1));
  const key = res.headers.get("x-qr-key");
  res.headers.delete("x-qr-key");
  if (key && res.status === 200 && /\bimmutable\b/.test(res.headers.get("cache-control") ?? "")) {
    await later(Promise.all([put(cache, canon, res.clone()), put(cache, raw, res.clone())]));
  }
  return reply(res, null, head, tag);
}

// fromMCPCache answers a POST to /api/mcp. A 2026-07-28 tools/list or
// server/discover says the same to every client of a build, so it is kept
// in the cache for the ttlMs it announces, under Go's key and the build:
// Go checks the request (its _meta, its headers against its body) and
// names the key without making the answer (mode 2); a hit is sent with
// the request's own JSON-RPC id. Event-stream answers are not kept.
export async function fromMCPCache(req, ctx, build, go) {
  const cache = globalThis.caches?.default;
  const method = req.headers.get("mcp-method");
  const accept = req.headers.get("accept") ?? "";
  const json = !accept || /application\/json|application\/\*|\*\/\*/.test(accept);
  if (!cache || !json || (method !== "tools/list" && method !== "server/discover")) return go.handleRequest(req);
  const tag = req.headers.get("if-none-match");
  const body = new Uint8Array(await req.arrayBuffer());
  const keyed = await go.handleRequest(asked(req, "POST", body, 2));
  if (keyed.status !== 204) return reply(keyed, null, false, tag);
  const key = new Request(new URL(`${keyed.headers.get("x-qr-key")}/${build}`, req.url));
  let id;
  try {
    id = JSON.parse(new TextDecoder().decode(body)).id;
  } catch {
    // Go has read it; it will say what is wrong
    return go.handleRequest(new Request(req.url, { method: "POST", headers: req.headers, body }));
  }
  const hit = await match(cache, key);
  if (hit) {
    const answer = await hit.json();
    answer.id = id;
    const res = new Response(JSON.stringify(answer), { status: hit.status, headers: hit.headers });
    res.headers.set("cache-control", "no-store");
    res.headers.delete("content-length");
    return reply(res, "hit", false, tag);
  }
  const res = await go.handleRequest(asked(req, "POST", body, 1));
  res.headers.delete("x-qr-key");
  if (res.status === 200) {
    const answer = await res.clone().json();
    const kept = new Response(JSON.stringify(answer), { headers: res.headers });
    kept.headers.set("cache-control", `public, max-age=${Math.floor((answer.result?.ttlMs ?? 0) / 1000)}`);
    const later = (p) => (ctx?.waitUntil ? ctx.waitUntil(p) : p);
    await later(put(cache, key, kept));
  }
  res.headers.set("x-qr-cache", "miss");
  return reply(res, null, false, tag);
}

// The Cache API is a no-op on workers.dev and may refuse an answer; a
// cache that fails is a cache that missed.
async function match(cache, req) {
  try {
    return await cache.match(req);
  } catch {
    return undefined;
  }
}

async function put(cache, req, res) {
  try {
    await cache.put(req, res);
  } catch {
    // not kept; the next request draws it again
  }
}

// reply is res as the request asked for it: marked hit when it came from
// the cache, without a body for HEAD, and 304 when If-None-Match names
// its ETag.
function reply(res, from, head, tag) {
  const headers = new Headers(res.headers);
  if (from) headers.set("x-qr-cache", from);
  const etag = headers.get("etag");
  if (etag && tag && matches(tag, etag)) {
    headers.delete("content-length");
    return new Response(null, { status: 304, headers });
  }
  return new Response(head ? null : res.body, { status: res.status, headers });
}

// matches is RFC 9110's weak comparison of If-None-Match against etag.
function matches(tag, etag) {
  const bare = (t) => t.trim().replace(/^W\//, "");
  return tag.trim() === "*" || tag.split(",").some((t) => bare(t) === bare(etag));
}
