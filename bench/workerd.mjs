// Starting workerd alone for the benchmarks (workerd-start.mjs, soak.mjs,
// load.mjs): a free loopback port, one workerd process serving a
// configuration that workerd-config.mjs wrote, its resident memory, and
// waiting until it answers.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

export const workerdBin = path.resolve("node_modules/.bin/workerd");

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

// startWorkerd spawns `workerd serve` on a free port with its output in
// log (a file path, or null to discard it). spawned is performance.now()
// just before the spawn. stop() ends this process only.
export async function startWorkerd(config, log = null) {
  const port = await freePort();
  const out = log ? fs.openSync(log, "w") : "ignore";
  const spawned = performance.now();
  const child = spawn(workerdBin, ["serve", "--socket-addr", `http=127.0.0.1:${port}`, config], { stdio: ["ignore", out, out] });
  if (log) fs.closeSync(out);
  let exited = null;
  const done = new Promise((resolve) => child.on("exit", (code, signal) => resolve((exited = { code, signal }))));
  return {
    child,
    pid: child.pid,
    port,
    url: `http://127.0.0.1:${port}`,
    spawned,
    exited: () => exited,
    // VmRSS of the workerd process, in bytes (Linux)
    rss() {
      try {
        const m = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${child.pid}/status`, "utf8"));
        return m ? Number(m[1]) * 1024 : NaN;
      } catch {
        return NaN;
      }
    },
    async stop() {
      if (!exited) child.kill("SIGTERM");
      const t = setTimeout(() => exited || child.kill("SIGKILL"), 5000);
      await done;
      clearTimeout(t);
    },
  };
}

// waitUp polls url until it answers (any status), for at most timeoutMs;
// it returns performance.now() when the answer arrived.
export async function waitUp(server, path = "/", timeoutMs = 60000) {
  const until = performance.now() + timeoutMs;
  for (;;) {
    if (server.exited()) throw new Error(`workerd exited: ${JSON.stringify(server.exited())}`);
    try {
      const res = await fetch(server.url + path);
      await res.arrayBuffer();
      return performance.now();
    } catch (e) {
      if (performance.now() > until) throw e;
      await new Promise((r) => setTimeout(r, 5));
    }
  }
}
