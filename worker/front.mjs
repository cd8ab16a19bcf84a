// What the Worker does in front of Go (README, "The Worker"): fair use,
// counted by Cloudflare's rate-limiting bindings, and the edge cache, kept
// with the Cache API. Go decides what each is about: its table of limits
// (worker/api/fairuse.go, handed over as state.limits) and the canonical
// key of each cacheable answer (worker/api/edgecache.go). A repeated code
// is answered from the cache without entering Go.

// fairUse counts req against its class's binding, keyed on the client's
// address, and returns the 429 answer when the client is over the limit,
// or null. Requests from this machine (make dev, its tests) and requests
// without an address (workerd alone) are not counted, as the native server
// does not count them; neither are classes whose binding is missing.
export async function fairUse(req, env, body, go) {
  const ip = req.headers.get("cf-connecting-ip");
  if (!ip || /^(127\.|::1$|::ffff:127\.)/.test(ip) || req.method === "OPTIONS") return null;
  const l = classOf(req, body, go.limits);
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
// method is the call), or a GET asking for verify; the last if none.
function classOf(req, body, limits) {
  const url = new URL(req.url);
  const method = req.method === "HEAD" ? "GET" : req.method;
  const verify = url.searchParams.get("verify");
  for (const l of limits.slice(0, -1)) {
    if (method === l.method && url.pathname === l.path && (!l.call || isCall(l, req.headers.get("mcp-method"), body))) return l;
    if (l.verify && method === "GET" && verify !== null && ["1", "true", "yes", "on"].includes(verify.toLowerCase())) return l;
  }
  return limits[limits.length - 1];
}

function isCall(l, method, body) {
  if (method) return method === l.call;
  if (!body) return false;
  return body.length > l.peek || new TextDecoder().decode(body).includes(`"${l.call}"`);
}

// fromCache answers a GET or HEAD. An answer is looked up under the
// request's URL, then under its canonical key, which Go works out without
// drawing (mode 2); a miss is drawn (mode 1) and, when Go gave it a key
// (public and immutable: no secret, no problem), filed under both. Go is
// asked for GET answers without If-None-Match, so that what is filed is
// whole; the request's own conditions are applied here, to hits and misses
// alike. handle(method, headers, mode) returns Go's answer as a Response.
export async function fromCache(req, ctx, handle) {
  const cache = globalThis.caches?.default;
  if (!cache) return handle(req.method, [...req.headers], 0);
  const tag = req.headers.get("if-none-match");
  const head = req.method === "HEAD";
  const headers = [...req.headers].filter(([name]) => name !== "if-none-match");
  const raw = new Request(req.url);
  const later = (p) => (ctx?.waitUntil ? ctx.waitUntil(p) : p);

  let res = await match(cache, raw);
  if (res) return reply(res, "hit", head, tag);
  const keyed = handle("GET", headers, 2);
  if (keyed.status !== 204) return reply(keyed, null, head, tag);
  const canon = new Request(new URL(keyed.headers.get("x-qr-key"), req.url));
  res = await match(cache, canon);
  if (res) {
    await later(put(cache, raw, res.clone()));
    return reply(res, "hit", head, tag);
  }
  res = handle("GET", headers, 1);
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
export async function fromMCPCache(req, body, ctx, build, handle) {
  const cache = globalThis.caches?.default;
  const method = req.headers.get("mcp-method");
  const accept = req.headers.get("accept") ?? "";
  const json = !accept || /application\/json|application\/\*|\*\/\*/.test(accept);
  const headers = [...req.headers].filter(([name]) => name !== "if-none-match");
  if (!cache || !json || (method !== "tools/list" && method !== "server/discover")) return handle(req.method, [...req.headers], 0);
  const tag = req.headers.get("if-none-match");
  const keyed = handle("POST", headers, 2);
  if (keyed.status !== 204) return reply(keyed, null, false, tag);
  const key = new Request(new URL(`${keyed.headers.get("x-qr-key")}/${build}`, req.url));
  let id;
  try {
    id = JSON.parse(new TextDecoder().decode(body)).id;
  } catch {
    return handle(req.method, [...req.headers], 0); // Go has read it; it will say what is wrong
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
  const res = handle("POST", headers, 1);
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
