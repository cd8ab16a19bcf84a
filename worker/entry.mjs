// The Worker's entry: one Go instance per isolate. The first request starts
// the Go program; every later request calls the handleRequest it bound,
// so Go's start-up and package initialisation are paid once. If the Go
// program ever exits, the next request starts a new one.
import "./wasm_exec.js";
import mod from "./app.wasm";

globalThis.tryCatch = (fn) => {
  try {
    return { result: fn() };
  } catch (e) {
    return { error: e };
  }
};

let binding = null;
let starting = null;

function start(env, ctx) {
  const go = new Go();
  const bound = {};
  let ready;
  const isReady = new Promise((resolve) => (ready = resolve));
  const instance = new WebAssembly.Instance(mod, {
    ...go.importObject,
    workers: { ready: () => ready() },
  });
  // The runtime context holds the first request's env and ctx; the Go side
  // reads neither (the service uses no bindings).
  go.run(instance, { env, ctx, binding: bound }).finally(() => {
    binding = null;
    starting = null;
  });
  return isReady.then(() => {
    binding = bound;
  });
}

export default {
  async fetch(req, env, ctx) {
    if (binding === null) {
      starting ??= start(env, ctx);
      await starting;
    }
    return binding.handleRequest(req);
  },
};
