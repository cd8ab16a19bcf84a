// The /inspect page's worker: runs inspect.wasm off the page's main
// thread. Messages in: {bytes: Uint8Array} (a picture's file); out:
// {ready: true} once, then {report, overlay} or {problem} for each
// picture, or {failed}. The picture reaches this worker and the program,
// and nothing else: no request carries it.
importScripts('/wasm_exec.js');

const go = new Go();
const ready = fetch('/inspect.wasm')
  .then((r) => WebAssembly.instantiateStreaming(r, go.importObject))
  .then(({ instance }) => {
    go.run(instance);
    postMessage({ ready: true });
  });

onmessage = async ({ data }) => {
  try {
    await ready;
    const out = qrInspect.report(data.bytes);
    if (out.problem) {
      postMessage({ problem: JSON.parse(out.problem) });
      return;
    }
    postMessage({ report: JSON.parse(out.json), overlay: out.overlay }, [out.overlay.buffer]);
  } catch (err) {
    postMessage({ failed: String(err) });
  }
};
