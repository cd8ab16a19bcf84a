// The /batch page's worker: runs batch.wasm off the page's main thread, so
// that the page stays responsive and can stop while a thousand codes are
// made. Messages in:
//
//	{inspect: text, kind}   -> {inspected: {header, rows, sep, guess, name, error}}
//	{run: setup}            -> {opened: {rows, errors, layout, side}}, then
//	                           {rows: [...], done: n} as rows are made, then
//	                           {finished: {data, name, mime}} or {cancelled: n}
//	{cancel: true}          stops a run between two rows
//
// The file's text reaches this worker and the program, and nothing else:
// no request carries it.
importScripts('/wasm_exec.js');

const go = new Go();
const ready = fetch('/batch.wasm')
  .then((r) => WebAssembly.instantiateStreaming(r, go.importObject))
  .then(({ instance }) => {
    go.run(instance);
  });

let cancelled = false;

// A task boundary without setTimeout's clamp: lets a cancel message in
// between two rows.
const channel = new MessageChannel();
const waiting = [];
channel.port1.onmessage = () => waiting.shift()();
const yieldTask = () =>
  new Promise((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(0);
  });

onmessage = async ({ data }) => {
  if (data.cancel) {
    cancelled = true;
    return;
  }
  try {
    await ready;
    if ('inspect' in data) {
      postMessage({ inspected: qrBatch.inspect(data.inspect, data.kind || '') });
      return;
    }
    if (data.run) run(data.run);
  } catch (err) {
    postMessage({ failed: String(err) });
  }
};

async function run(setup) {
  cancelled = false;
  const opened = qrBatch.open(setup);
  postMessage({ opened });
  if (!opened.rows) return;
  let batch = [];
  let sent = performance.now();
  for (let i = 0; i < opened.rows; i++) {
    await yieldTask();
    if (cancelled) {
      postMessage({ rows: batch, done: i });
      postMessage({ cancelled: i });
      return;
    }
    batch.push(qrBatch.row(i));
    // A few messages a second: enough for the progress bar, few enough
    // that the page does not spend its time on them.
    if (performance.now() - sent > 100 || i + 1 === opened.rows) {
      postMessage({ rows: batch, done: i + 1 });
      batch = [];
      sent = performance.now();
    }
  }
  const finished = qrBatch.finish();
  postMessage({ finished }, [finished.data.buffer]);
}
