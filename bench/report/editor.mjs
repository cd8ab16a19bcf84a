import { targets } from "./targets.mjs";
import { exists, int, json, mib, ms, status, table } from "./lib.mjs";
// ---- editor ----------------------------------------------------------------

// editor.json is the editor served by wrangler dev, as Cloudflare serves
// it; editor-native.json by the native server (go run ./worker).
export const editor = exists("editor.json") ? json("editor.json") : null;
export const editorNative = exists("editor-native.json") ? json("editor-native.json") : null;
export const batchPage = exists("batch.json") ? json("batch.json") : null;
export const frame = targets.KEYSTROKE_MS;
export const keyTarget = editor && ["plain", "styled_label"].every((k) => editor.keystroke_ms[k].median <= frame);
export const editorGzipLimit = targets.EDITOR_GZIP_MAX;
export const firstWarmLimit = targets.FIRST_CODE_WARM_MS;
export const first4GLimit = targets.FIRST_CODE_4G_MS;

// servers are the measured servers, by the name the report gives them.
const servers = () => [["wrangler dev", editor], ["native server", editorNative]].filter(([, e]) => e);

// firstMet reports whether every server's first code (run: cpu_4x_warm or
// cpu_4x_4g_new), median on screen, is within limit.
const firstMet = (run, limit) => servers().every(([, e]) => e.first_code_ms[run]?.screen.median <= limit);
const firstOf = (run) => servers().map(([name, e]) => `${int(e.first_code_ms[run]?.screen.median ?? NaN)} ms ${name}`).join(", ");

// editorTargets are the rows the editor adds to the Targets table.
export function editorTargets() {
  if (!editor) return [["editor (Chromium)", "not measured: no Chromium", ""]];
  return [
    [`editor.wasm under ${+mib(editorGzipLimit)} MiB gzip`, `${mib(editor.wasm.editor.gzip)} MiB`, status(editor.wasm.editor.gzip < editorGzipLimit)],
    [`editor: a shared link's first code on screen within ${firstWarmLimit} ms, warm, CPU throttled 4x (median)`, firstOf("cpu_4x_warm"), status(firstMet("cpu_4x_warm", firstWarmLimit))],
    [`editor: the same within ${int(first4GLimit)} ms on a new profile, CPU throttled 4x, 4G (median)`, firstOf("cpu_4x_4g_new"), status(firstMet("cpu_4x_4g_new", first4GLimit))],
    [`editor: keystroke to preview within one frame (${frame} ms), median`, `${ms(editor.keystroke_ms.plain.median)} ms plain, ${ms(editor.keystroke_ms.styled_label.median)} ms rounded with a caption (p95 ${ms(editor.keystroke_ms.plain.p95)} / ${ms(editor.keystroke_ms.styled_label.p95)})`, status(keyTarget)],
  ];
}

// editorReading is the editor's paragraph of the Reading section.
export function editorReading() {
  const k = editor.keystroke_ms, r = editor.render_ms, e = editor.wasm.editor, f = editor.first_code_ms;
  return (
    `- **Editor.** A shared link (${editor.link}) shows its code ${int(f.cpu_4x_warm.screen.median)} ms after navigation warm with the CPU throttled 4x, ` +
    `and ${int(f.cpu_4x_4g_new.screen.median)} ms on a new profile over 4G (targets ${firstWarmLimit} and ${int(first4GLimit)} ms, ${firstMet("cpu_4x_warm", firstWarmLimit) && firstMet("cpu_4x_4g_new", first4GLimit) ? "met" : "**missed**"}; medians, wrangler dev): ` +
    `the code the API draws for the link, in the page the server sends, before the program (${int(f.cpu_4x_4g_new.ready.median)} ms on 4G) has started (docs/editor.md, "Loading"). ` +
    `editor.wasm is ${mib(e.gzip)} MiB gzip (target ${+mib(editorGzipLimit)} MiB, ${e.gzip < editorGzipLimit ? "met" : "missed"}; ${mib(e.brotli)} MiB brotli, as Cloudflare serves it to browsers that ask). ` +
    `A keystroke reaches the preview in ${ms(k.plain.median)} ms (median; p95 ${ms(k.plain.p95)}) on a plain code and ${ms(k.styled_label.median)} ms (p95 ${ms(k.styled_label.p95)}) with rounded modules and a caption: ` +
    (keyTarget ? `within one 60 Hz frame (${frame} ms)` : `**over one 60 Hz frame (${frame} ms)**`) +
    (Math.max(k.plain.p95, k.styled_label.p95) > frame ? `, though the p95 is over it` : "") +
    `. One \`qrEditor.render\` call alone takes ${ms(r.plain.median)} / ${ms(r.styled_label.median)} ms; the rest is the page's work around it.`
  );
}

// firstRows are the first-code table's rows of one server.
function firstRows(name, e) {
  const f = e.first_code_ms;
  const row = (what, run, n, limit) => [
    `${name}: ${what}`,
    int(run.screen.median ?? run.screen),
    int(run.screen.p95 ?? NaN),
    int(run.mark.median ?? run.mark),
    int(run.ready.median ?? run.ready),
    int(run.lcp.median ?? run.lcp),
    run.bytesBefore === undefined ? "" : int(run.bytesBefore.median ?? run.bytesBefore),
    run.bytes === undefined ? "" : int(run.bytes.median ?? run.bytes),
    n,
    limit ? `${int(limit)} ms: ${status((run.screen.median ?? run.screen) <= limit)}` : "",
  ];
  return [
    row("new profile", f.cold, 1),
    row("warm", f.warm, f.warm.screen.n),
    row("warm, CPU throttled 4x", f.cpu_4x_warm, f.cpu_4x_warm.screen.n, firstWarmLimit),
    row("new profile, CPU 4x, 4G", f.cpu_4x_4g_new, f.cpu_4x_4g_new.screen.n, first4GLimit),
  ];
}

// editorSection is the Editor section's body.
export function editorSection() {
  if (!editor) return "Not measured: no Chromium (`make chromium` installs it).";
  const sent = (w) => `${int(w.sent.bytes)} ${w.sent.encoding}`;
  return `The editor page in Chromium ${editor.chromium ?? ""} (headless, bench/editor.mjs), served by \`wrangler dev\` from build/site as Cloudflare serves it${editorNative ? ", and by the native server (`go run ./worker`)" : ""}.

First code: navigation start to the first frame whose code zxing-cpp reads as the link's text (the markup of the code box recorded just after each
frame that paints it) for the shared link ${editor.link}; beside it the page's \`qr:first-code\` mark, the program's first drawing
(\`qr:editor-ready\`), the largest contentful paint, and on a new profile the bytes received before the first code and in all. Runs: a new profile,
then warm (the same profile), warm with the CPU throttled 4x (a mid-range phone), and a new profile each time with the CPU throttled 4x and the network
throttled to DevTools' 4G (9 Mbps down, 170 ms round trip). docs/editor.md, "Loading", says how the page shows a code before its program.

${table(["first code", "on screen median ms", "p95 ms", "page's mark ms", "program ready ms", "LCP ms", "bytes before", "bytes in all", "n", "target"], servers().flatMap(([name, e]) => firstRows(name, e)))}

Keystroke: each key's input event to the preview updated (the app's \`qr:keystroke\` measures), typing 30 characters into the SSID at 40 ms a key.
Render: one \`qrEditor.render\` call alone (50 calls).

${table(["program", "raw bytes", "gzip -9 bytes", "brotli 11 bytes", ...servers().map(([name]) => `sent by ${name} (br, gzip accepted)`), "target"], [
  ["build/site/editor.wasm (the program of the editor)", int(editor.wasm.editor.raw), `${int(editor.wasm.editor.gzip)} (${mib(editor.wasm.editor.gzip)} MiB)`, `${int(editor.wasm.editor.brotli)} (${mib(editor.wasm.editor.brotli)} MiB)`, ...servers().map(([, e]) => (e.wasm.editor.sent ? sent(e.wasm.editor) : "")), `under ${+mib(editorGzipLimit)} MiB gzip: ${status(editor.wasm.editor.gzip < editorGzipLimit)}`],
  ["build/site/verify.wasm (loaded after the first code)", int(editor.wasm.verify.raw), `${int(editor.wasm.verify.gzip)} (${mib(editor.wasm.verify.gzip)} MiB)`, `${int(editor.wasm.verify.brotli)} (${mib(editor.wasm.verify.brotli)} MiB)`, ...servers().map(([, e]) => (e.wasm.verify.sent ? sent(e.wasm.verify) : "")), ""],
])}

${table(["what", "median ms", "p95 ms", "max ms", "n", "target"], [["plain", "plain code"], ["styled_label", "rounded modules, circle eyes, colour and a caption"]].flatMap(([key, label]) => [
  [`keystroke to preview: ${label}`, ms(editor.keystroke_ms[key].median), ms(editor.keystroke_ms[key].p95), ms(editor.keystroke_ms[key].max), editor.keystroke_ms[key].n, `${frame} ms: ${status(editor.keystroke_ms[key].median <= frame)}`],
  [`one \`qrEditor.render\`: ${label}`, ms(editor.render_ms[key].median), ms(editor.render_ms[key].p95), ms(editor.render_ms[key].max), editor.render_ms[key].n, ""],
]))}
${editor.code_top_390_px ? `
Where the code starts on a 390 x 844 phone, in CSS pixels from the top of the page, opened as a complete shared link and bare (a link shows
its code on the first screen; a bare page starts with its form):

${table(["page", "shared link", "bare"], Object.entries(editor.code_top_390_px).map(([k, v]) => [`/${k}`, `${v.linked} px: ${status(v.linked < 844)}`, `${v.bare} px`]))}` : ""}`;
}
