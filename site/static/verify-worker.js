// The verify worker: runs verify.wasm (scan.Verify, as GET /api/v1/verify
// does) off the page's main thread, so decoding never delays the preview.
// It answers {id, scannable, decoded, camera, ...} for each {id, text,
// options} it is sent; while it is busy, only the latest request waits.
importScripts('/wasm_exec.js');

const go = new Go();
const ready = fetch('/verify.wasm')
  .then((r) => WebAssembly.instantiateStreaming(r, go.importObject))
  .then(({ instance }) => {
    go.run(instance);
  });

let pending = null;
let busy = false;
let latest = 0;

onmessage = ({ data }) => {
  pending = data;
  latest = data.id;
  if (!busy) work();
};

async function work() {
  busy = true;
  try {
    await ready;
    while (pending) {
      const { id, text, options } = pending;
      pending = null;
      postMessage({ id, ...qrVerify(text, options) });
      // Let messages that arrived meanwhile replace pending before the next round.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  } catch (err) {
    postMessage({ id: latest, error: String(err) });
    pending = null;
  } finally {
    busy = false;
  }
}
