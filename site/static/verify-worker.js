// The verify worker: runs verify.wasm off the page's main thread, so that
// decoding and drawing a branded code never delay the preview. It answers
// {id, scannable, decoded, camera, ..., svg, largest} for each {id, req}
// it is sent, req being the form as editor.wasm takes it (drawn and
// checked as GET /api/v1/verify does), and {id, png} for each {id, req,
// png: true} (the PNG download). While it is busy, only the latest check
// waits.
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

onmessage = async ({ data }) => {
  if (data.png) {
    // A download: answered in turn, never dropped for a newer check.
    await ready;
    const r = qrPNG(data.req);
    postMessage({ id: data.id, download: true, ...r });
    return;
  }
  pending = data;
  latest = data.id;
  if (!busy) work();
};

async function work() {
  busy = true;
  try {
    await ready;
    while (pending) {
      const { id, req } = pending;
      pending = null;
      postMessage({ id, ...qrVerify(req) });
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
