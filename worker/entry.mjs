// The Worker's entry. The Go program starts while this module loads, in
// global scope, where Cloudflare pre-warms isolates and allows a second of
// start-up, and answers a round of requests there (warm, from Go) so that
// V8 has compiled it before the first real one. Every request then goes
// to the handleRequest that syumai/workers registered (worker/serve_js.go,
// start.mjs). If the Go program ever exits, the next request starts a new
// one.
//
// syumai/workers' own entry starts a Go program for every request; one
// program per isolate is what keeps a request at a few milliseconds.
//
// Before Go, each request passes fair use (Cloudflare's rate-limiting
// bindings) and the edge cache (the Cache API), both in front.mjs.
import "./wasm_exec.js";
import { env } from "cloudflare:workers";
import mod from "./app.wasm";
import seed from "./seed.mjs";
import seal from "./seal.mjs";
import build from "./build.mjs"; // a digest of app.wasm: what the edge cache keeps of MCP is per build
import { generator, start } from "./start.mjs";
import { edgeHeader, fairUse, fromCache, fromMCPCache } from "./front.mjs";

// workerd refuses random values in global scope, and Go's runtime asks for
// 32 bytes as it starts (runtime.randinit, the seed of its own generator:
// map hash seeds, scheduling). While the module loads they come from a
// secret made fresh by each build (build/worker/seed.mjs, never
// committed) mixed with the clock; every call after that, crypto/rand's
// included, goes to crypto.getRandomValues. docs/architecture.md ("Random
// numbers while the module loads") says what this means for an attacker.
let loading = true;
// env, imported, is the Worker's variables and bindings in global scope;
// Go reads them through syumai/workers' cloudflare package. QR_SEAL_KEY,
// the key the MCP tools seal a call's secrets with, must be the same in
// every isolate of a deployment: unset, it is the build's own secret
// (build/worker/seal.mjs; docs/mcp.md, "Secrets in the view").
const vars = Object.create(env, { QR_SEAL_KEY: { value: env.QR_SEAL_KEY || seal } });
const boot = () => start(mod, new Go(), vars, generator(seed, Date.now()), () => loading, (s) => {
  if (current === s) current = null;
});

let current = boot();
current.binding.warm();
loading = false;

export default {
  async fetch(req, env, ctx) {
    current ??= boot();
    const go = current.binding;
    if (req.headers.has(edgeHeader)) {
      req = new Request(req);
      req.headers.delete(edgeHeader);
    }
    // A GET without a query is the static asset's when there is one (a
    // page opened bare); a page opened from a link goes to Go, which puts
    // the link's code in it (wrangler.toml, run_worker_first; site/serve),
    // and so does every path with no asset. The API's own paths hold no
    // page and skip the look-up.
    const url = new URL(req.url);
    if ((req.method === "GET" || req.method === "HEAD") && !url.search && !/^\/(api|q)\//.test(url.pathname) && env.ASSETS) {
      const page = await env.ASSETS.fetch(req);
      if (page.status !== 404) return page;
    }
    const refused = await fairUse(req, env, go);
    if (refused) return refused;
    if (req.method === "GET" || req.method === "HEAD") return fromCache(req, ctx, go);
    if (req.method === "POST" && url.pathname === "/api/mcp") return fromMCPCache(req, ctx, build, go);
    return go.handleRequest(req);
  },
};
