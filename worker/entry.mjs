// The Worker's entry. The Go program starts while this module loads, in
// global scope, where Cloudflare pre-warms isolates and allows a second of
// start-up, and answers a round of requests there so that V8 has compiled
// it before the first real one (start.mjs); every request then calls the
// handle function Go registered (worker/serve_js.go), which answers
// synchronously. If the Go program ever exits, the next request starts a
// new one.
//
// Before Go, each request passes fair use (Cloudflare's rate-limiting
// bindings) and the edge cache (the Cache API), both in front.mjs.
import "./wasm_exec.js";
import mod from "./app.wasm";
import seed from "./seed.mjs";
import build from "./build.mjs"; // a digest of app.wasm: what the edge cache keeps of MCP is per build
import { generator, start, warm } from "./start.mjs";
import { fairUse, fromCache, fromMCPCache } from "./front.mjs";

// workerd refuses random values in global scope, and Go's runtime asks for
// 32 bytes as it starts (runtime.randinit, the seed of its own generator:
// map hash seeds, scheduling). While the module loads they come from a
// secret made fresh by each build (build/worker/seed.mjs, never
// committed) mixed with the clock; every call after that, crypto/rand's
// included, goes to crypto.getRandomValues. README, "The Worker", says
// what this means for an attacker.
let loading = true;
const boot = () => start(mod, new Go(), generator(seed, Date.now()), () => loading, (s) => {
  if (current === s) current = null;
});

let current = boot();
warm(current);
loading = false;

export default {
  async fetch(req, env, ctx) {
    current ??= boot();
    const go = current;
    const body = req.method === "GET" || req.method === "HEAD" ? null : new Uint8Array(await req.arrayBuffer());
    const refused = await fairUse(req, env, body, go);
    if (refused) return refused;
    // QR_LOOPBACK is set by make dev, whose server listens on 127.0.0.1.
    const loopback = env.QR_LOOPBACK === "1";
    const handle = (method, headers, mode) => answer(go.handle(method, req.url, headers, body, loopback, mode));
    if (req.method === "GET" || req.method === "HEAD") return fromCache(req, ctx, handle);
    if (req.method === "POST" && new URL(req.url).pathname === "/api/mcp") return fromMCPCache(req, body, ctx, build, handle);
    return handle(req.method, [...req.headers], 0);
  },
};

function answer(res) {
  return new Response(res.body, { status: res.status, headers: res.headers });
}
