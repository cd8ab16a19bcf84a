// Writes workerd configurations (Cap'n Proto text) for the benchmark, so
// that the Worker can be measured on workerd alone, the runtime Cloudflare
// runs, without the proxy and the asset router that `wrangler dev` puts in
// front of it:
//
//   - OUT_DIR/workerd.capnp: the Worker as wrangler.toml describes it (its
//     main module, the modules that module imports, its compatibility date
//     and flags);
//   - OUT_DIR/workerd-hello.capnp: a JavaScript Worker that answers every
//     request with a constant, whose latency is workerd's own floor over
//     loopback HTTP;
//   - OUT_DIR/workerd-cache.capnp: the Worker with an in-memory cache
//     behind its Cache API (cache-service.mjs), as Cloudflare's cache is
//     behind it on a custom domain.
//
// Usage: node workerd-config.mjs OUT_DIR   (from the repository root)
// Then:  workerd serve --socket-addr http=127.0.0.1:PORT OUT_DIR/workerd.capnp
import fs from "node:fs";
import path from "node:path";

if (!process.argv[2]) throw new Error("usage: node workerd-config.mjs OUT_DIR");
const out = path.resolve(process.argv[2]);

// Only the top-level keys matter here, and they come before the first table.
const toml = fs.readFileSync("wrangler.toml", "utf8").split(/^\[/m)[0];
const key = (name) => new RegExp(`^${name}\\s*=\\s*(.+)$`, "m").exec(toml)?.[1].replace(/\s+#.*$/, "");
const strings = (v) => [...(v ?? "").matchAll(/"([^"]*)"/g)].map((m) => m[1]);
const main = strings(key("main"))[0];
const date = strings(key("compatibility_date"))[0];
const flags = strings(key("compatibility_flags"));
if (!main || !date) throw new Error("wrangler.toml: no main or compatibility_date");

// The main module first (workerd's rule), then what it imports by relative
// path; wrangler bundles these, workerd takes them as separate modules.
const dir = path.dirname(path.resolve(main));
const names = [path.basename(main)];
const source = fs.readFileSync(path.resolve(main), "utf8");
for (const m of source.matchAll(/^\s*import\s+(?:[\w{}\s,*]+\s+from\s+)?["']\.\/([^"']+)["']/gm)) names.push(m[1]);
const embed = (name) => JSON.stringify(path.relative(out, path.join(dir, name)));
const moduleLine = (name) => {
  const kind = name.endsWith(".wasm") ? "wasm" : /\.m?js$/.test(name) ? "esModule" : null;
  if (!kind) throw new Error(`${main} imports ${name}: no module type for it`);
  return `(name = ${JSON.stringify(name)}, ${kind} = embed ${embed(name)})`;
};
const compat = `compatibilityDate = ${JSON.stringify(date)},\n  compatibilityFlags = [${flags.map((f) => JSON.stringify(f)).join(", ")}],`;
const hello = `export default { fetch: () => new Response('{"status":"ok"}', { headers: { "content-type": "application/json" } }) };`;

// One socket named http, moved to a free port by --socket-addr. extra
// adds to the worker's definition; services, to the config's.
const write = (file, worker, extra = "", services = "") =>
  fs.writeFileSync(
    path.join(out, file),
    `# Written by bench/workerd-config.mjs from wrangler.toml; do not edit.
using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [(name = "main", worker = .worker)${services}],
  sockets = [(name = "http", address = "127.0.0.1:8787", http = (), service = "main")],
);

const worker :Workerd.Worker = (
  modules = [
    ${worker.join(",\n    ")},
  ],
  ${compat}${extra}
);
`,
  );
fs.mkdirSync(out, { recursive: true });
write("workerd.capnp", names.map(moduleLine));
write("workerd-hello.capnp", [`(name = "hello.mjs", esModule = ${JSON.stringify(hello)})`]);
const cacheService = JSON.stringify(path.relative(out, path.resolve("bench/cache-service.mjs")));
write("workerd-cache.capnp", names.map(moduleLine), `\n  cacheApiOutbound = "cache",`,
  `,\n    (name = "cache", worker = (modules = [(name = "cache.mjs", esModule = embed ${cacheService})], ${compat.replace(/\n\s*/g, " ")}))`);
