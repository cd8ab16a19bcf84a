import { targets } from "./targets.mjs";
import { amount, block, exists, goVersion, groupLabel, groups, int, json, median, mib, ms, os, section, status, table, x } from "./lib.mjs";
import { bestN, bestW, byteWins, bytesTable, encNative, encWasm, encodeTimeTable, gbytes, gms, levelRows, pngNode, pngOf, pngRatioNative, pngRatioWasm, svgN, svgNode, svgRatioMax, svgRatios, svgW, usN, usW } from "./encode.mjs";
import { decodeTable, heldTable, photoTable, realDiffs, realTable, rungTable, rungs } from "./decode.mjs";
import { verifySection } from "./verify.mjs";
import { brandSection } from "./branding.mjs";
import { planSection, cpuLimit, epIsolate, epOver, epRows, epWithin, epWorstWithin, failed, firstLimit, floorRows, helloFloor, initLimit, inits, inittrace, latencyRows, loadLimit, loadToReady, previous, runsOf, slowInits, start, startup, startupCold, sustainedRows, wdFirst, wdHello, wdLoad, wdOurs, wdStart, workerd, wrangler } from "./worker.mjs";
import { batchPage, editorSection, editorTargets } from "./editor.mjs";
import { attr, attrRows, browser, codeTotal, ladder, ladderRows, mcpAdds, worker, workerRawLimit } from "./sizes.mjs";
import { pprofTop } from "./profiles.mjs";
import { reading } from "./reading.mjs";
import { facts, header } from "./header.mjs";
import { matrix, styleBench } from "./styles.mjs";
// ---- the document ----------------------------------------------------------

export const loadStart = json("load-start.json").start, loadEnd = json("load-end.json").end;
export const fmtLoad = (l) => l.map((v) => v.toFixed(2)).join(", ");
// run.json holds what bench/run.sh recorded as the run began: the
// command, the machine and the commit (header.mjs). The header says those
// and nothing about earlier runs; history is git's.
const run = exists("run.json") ? json("run.json") : facts(goVersion);

console.log(`${header(run)}
- Load average (1, 5, 15 min) at the start: ${fmtLoad(loadStart)}; at the end: ${fmtLoad(loadEnd)}. On a machine with ${os.cpus().length} cores, a load above ${os.cpus().length} means other work shared the CPU: absolute times then run high, ratios within one run hold better.
- Peer libraries live in their own module, bench/peers (\`qrkeyless/bench/peers\`), never in the service's go.mod.
- Method: every encoder gets the same 20 inputs (5 each of 30-char URLs, wifi strings, 300- and 1200-char texts), level M, a 4-module quiet zone, 512 px. Each figure is a median over 5 rounds (3 for decode and latency); a round runs each encoder for at least 30 ms, in an order that rotates between rounds, so load from elsewhere falls on all of them alike. A group's figure is the median of its inputs. WebAssembly figures come from the same Go program built with GOOS=js GOARCH=wasm and run by Go's wasm_exec_node.js in Node ${process.version}, after a warm-up.

## Targets

${table(["target", "measured", ""], [
  [`512 px PNG, native: at most ${targets.PNG_NATIVE_RATIO}x the fastest peer`, `${ms(gms(usN, "all"))} ms vs ${ms(gms(bestN, "all"))} ms (${bestN.name}): ${x(pngRatioNative)}`, status(pngRatioNative <= targets.PNG_NATIVE_RATIO)],
  [`512 px PNG, WebAssembly: at most ${targets.PNG_WASM_RATIO}x the fastest peer`, `${ms(gms(usW, "all"))} ms vs ${ms(gms(bestW, "all"))} ms (${bestW.name}): ${x(pngRatioWasm)}`, status(pngRatioWasm <= targets.PNG_WASM_RATIO)],
  ["PNG bytes no larger than the smallest peer's", `${byteWins} of ${usN.inputs.length} inputs`, status(byteWins === usN.inputs.length)],
  [`SVG bytes at most ${targets.SVG_RATIO}x node \`qrcode\`'s`, `median ${x(median(svgRatios))}, worst ${x(svgRatioMax)}`, status(svgRatioMax <= targets.SVG_RATIO)],
  [`Worker module load to ready within ${loadLimit} ms`, `${ms(start.loadToReady)} ms in Node (compile ${ms(start.compile)} + start ${ms(start.start)} + warm-up ${ms(start.warm)}); ${ms(start.wdLoad)} ms on workerd alone (spawn to first answer, less a JavaScript Worker's)`, status(start.loadToReady <= loadLimit && start.wdLoad <= loadLimit)],
  [`first request on a new workerd process within ${firstLimit} ms`, `${ms(start.wdFirst)} ms (median of ${wdFirst.length}: ${runsOf(wdFirst)})`, status(start.wdFirst <= firstLimit)],
  [`no package initialiser over ${initLimit} ms (WebAssembly, GODEBUG=inittrace=1)`, slowInits.length ? `${slowInits.length} over: ${slowInits.map((i) => `${i.pkg} ${ms(i.ms)} ms`).join(", ")}` : `slowest ${inits[0]?.pkg ?? "–"} ${ms(inits[0]?.ms ?? NaN)} ms`, status(slowInits.length === 0)],
  ...epOver.map((n) => [`CPU per request within ${cpuLimit} ms (free plan), isolate p99: ${n}`, `p99 ${ms(epIsolate[n].p99)} ms, p50 ${ms(epIsolate[n].p50)} ms`, status(false)]),
  [`CPU per request within ${cpuLimit} ms (free plan), isolate p99: ${epOver.length ? `the other ${epWithin.length}` : `all ${epWithin.length}`} endpoints`, epWorstWithin ? `slowest ${epWorstWithin}: p99 ${ms(epIsolate[epWorstWithin].p99)} ms` : "not measured", status(epWithin.length > 0)],
  [`Worker .wasm under ${+mib(workerRawLimit)} MiB raw (half of Cloudflare's 64 MiB limit)`, `${mib(worker.raw)} MiB raw (${mib(worker.gzip)} MiB gzip)`, status(worker.raw < workerRawLimit)],
  ...editorTargets(),
])}

## Reading

${reading.join("\n")}

## Encode: 512 px PNG, level M, native

Milliseconds per image. ours = \`qr.Encode\` + \`render.PNG\`; skip2 = \`qrcode.Encode(text, qrcode.Medium, 512)\`;
gozxing = \`NewQRCodeWriter().Encode\` (512x512, margin 4) + \`image/png\`; yeqown = \`writer/standard\` with PNG output,
its module width and border chosen to make 512 px.

${encodeTimeTable(encNative)}

![encode time against input length](docs/bench-encode.svg)

## Encode: the same in WebAssembly (Node)

Milliseconds per image. node \`qrcode\` 1.5.4 (\`toBuffer\`, JavaScript, not WebAssembly) is shown for scale; the ratio compares Go peers built the same way.

${encodeTimeTable(encWasm, [pngNode])}

## PNG bytes

${bytesTable(encNative)}

node \`qrcode\`'s PNG: ${int(gbytes(pngNode, "all"))} bytes (median of the 20). PNG layout of the first input: ${pngOf(encNative).map((e) => `${e.name} ${e.inputs[0].png ? `${e.inputs[0].png.depth}-bit ${{ 0: "gray", 2: "RGB", 3: "palette", 6: "RGBA" }[e.inputs[0].png.color_type] ?? "?"}, zlib level field ${e.inputs[0].png.zlib_level}` : "?"}`).join("; ")}.

Our PNG's pixel stream recompressed at each zlib level (median over the 20 inputs; time natively, writer reused):

${table(["zlib level", "file bytes", "ms to compress", "inputs no larger than the smallest peer"], levelRows.map((l) => [l.level, int(l.bytes), ms(l.ms), `${l.wins} of ${usN.inputs.length}`]))}

## SVG

Ours: \`render.SVG\`. node \`qrcode\`: \`toString(text, {type: "svg", margin: 4, width: 512})\`. No Go peer writes SVG.

${table(["inputs", "ours ms, native", "ours ms, wasm", "node qrcode ms", "ours bytes", "node qrcode bytes", "ours ÷ node qrcode bytes"],
  [...groups, "all"].map((g) => [groupLabel[g], ms(gms(svgN, g)), ms(gms(svgW, g)), ms(gms(svgNode, g)), `**${int(gbytes(svgN, g))}**`, int(gbytes(svgNode, g)), x(gbytes(svgN, g) / gbytes(svgNode, g))]))}

## Decode

The clean set is our own 512 px PNG of each encode input; the hard set is \`hardset.Generate(1, 10)\` from core/scan/hardset, the decode issue's set,
written to PNG files so every decoder reads the same pixels. Decoded means every code in the image was found and nothing else.
ours = \`scan.Decode\` (its preparation ladder, default 1.5 s budget); gozxing = one pass of its multi QR reader, default hints;
zxing-cpp = npm zxing-wasm 3.1.4 \`readBarcodes\`, default options. Times exclude reading the PNG; median ms per image.

${decodeTable}
${photoTable ? `
### The photo corpus

\`hardset.Photos(2, 20)\` (core/scan/hardset/photos.go): what phones see beyond the hard set, 20 images a class, kept out of the
tests so the decoder is built for photos in general and not for these files. jsQR = npm jsqr 1.4.0, \`inversionAttempts: "attemptBoth"\`
(it reads one code an image, so it cannot pass three-codes).

${photoTable}
${heldTable ? `
The same classes drawn from another seed, \`hardset.Photos(3, 20)\`, which the ladder was never tuned on (native only):

${heldTable}
` : ""}` : ""}${realTable ? `
### Real photos

The 167 real photographs in core/scan/testdata/photos (jsQR's end-to-end pictures: labels, posters, bottles, screens; its README), as
taken and turned 90 degrees clockwise, every decoder on the same pixels. A picture counts when its text is among the codes read (as text,
or a binary code's bytes read as Latin-1); the 158 whose text jsQR or zxing-cpp gave are counted, the 9 whose text only our decoder gave
apart. \`make test\` holds our count as a floor (core/scan TestRealPhotos). jsQR as above.

${realTable}

${realDiffs}
` : ""}${rungTable ? `
### The ladder's rungs

Each rung alone on every image of the hard set, the photo corpus and the real photos (${rungs.images} images), then in the ladder's order: what it adds
over the rungs before it, and the time it takes on the images that reach it (\`QR_RUNGS_DIRS=... go test -run TestRungTable ./core/scan\`,
best of three a rung and image, natively). The ladder reads ${rungs.ladder_reads} of ${rungs.images}. Candidates marked "no" were measured
after the whole ladder: what they would add in brackets.

${rungTable}
` : ""}
${verifySection}${brandSection}
## Worker

### Start-up

The Worker's module in Node (bench/isolate.mjs, ${startup.length} fresh processes, and ${startupCold.length} more with \`--cold\`, no warm-up), as worker/entry.mjs
runs it: compile build/worker/app.wasm, start (instantiate, Go's initialisation and main up to ready: syumai/workers' \`handleRequest\` registered),
warm-up (entry.mjs calls the program's warm, which answers a round of common requests from Go in global scope so that V8 compiles their code before the first real request), then
the first request, \`GET /api/v1/qr?data=first\`. On workerd alone (bench/workerd-start.mjs): ${wdOurs.length} new processes of our Worker and as many of a
JavaScript Worker answering a constant, in turn, each polled from spawn until it answers that request.

${table(["what", "median ms", "runs", "target"], [
  ["Node: compile (`new WebAssembly.Module`)", ms(start.compile), runsOf(startup.map((r) => r.compile_ms)), ""],
  ["Node: start, Go's initialisation and main to ready", ms(start.start), runsOf(startup.map((r) => r.start_ms)), ""],
  ["Node: warm-up in global scope", ms(start.warm), runsOf(startup.map((r) => r.warm_ms)), ""],
  ["**Node: module load to ready** (compile + start + warm-up)", `**${ms(start.loadToReady)}**`, runsOf(loadToReady), `${loadLimit}: ${status(start.loadToReady <= loadLimit)}`],
  ["Node: the first request, after the warm-up", ms(start.firstNode), runsOf(startup.map((r) => r.first_request_ms)), ""],
  ["Node: the first request with no warm-up (`--cold`)", ms(start.firstCold), runsOf(startupCold.map((r) => r.first_request_ms)), ""],
  ["workerd alone: spawn to the first answer, our Worker", ms(median(wdOurs)), runsOf(wdOurs), ""],
  ["workerd alone: spawn to the first answer, a JavaScript Worker", ms(median(wdHello)), runsOf(wdHello), ""],
  ["**workerd alone: our module's load to ready** (the difference, start by start)", `**${ms(start.wdLoad)}**`, runsOf(wdLoad), `${loadLimit}: ${status(start.wdLoad <= loadLimit)}`],
  ["**workerd alone: the first request of a new process**", `**${ms(start.wdFirst)}**`, runsOf(wdFirst), `${firstLimit}: ${status(start.wdFirst <= firstLimit)}`],
  ["workerd alone: the first request of a new process, a JavaScript Worker", ms(median(wdStart.hello.map((r) => r.first_ms))), runsOf(wdStart.hello.map((r) => r.first_ms)), ""],
  ["workerd alone: the first request of each process of the latency runs below (latency.mjs, whose first fetch in a new Node process also pays for the client's own start)", ms(median(workerd.first)), runsOf(workerd.first), ""],
  ["`wrangler dev`: the first request after it prints Ready, one session per kind", ms(median(wrangler.first)), runsOf(wrangler.first), ""],
])}

Start-up against size: app.wasm is ${mib(worker.raw)} MiB raw, ${mib(worker.gzip)} MiB gzip; compiling it takes ${ms(start.compile)} ms in Node, ${ms(start.compile / (worker.raw / 2 ** 20))} ms per raw MiB,
${((100 * start.compile) / start.loadToReady).toFixed(0)}% of the module's load to ready. workerd's resident memory right after the first request: ${mib(median(wdStart.ours.map((r) => r.rss)))} MiB for our Worker,
${mib(median(wdStart.hello.map((r) => r.rss)))} MiB for the JavaScript Worker.

Package initialisers in WebAssembly, the ${Math.min(12, inits.length)} slowest (one run with GODEBUG=inittrace=1, which adds its own cost; all packages together
${ms(inittrace.init_ms)} ms; target: none over ${initLimit} ms):

${table(["package", "init ms", "bytes allocated", "allocations", `within ${initLimit} ms`], [
  ...inits.slice(0, 12).map((i) => [i.pkg, ms(i.ms), int(i.bytes), int(i.allocs), i.ms <= initLimit ? "yes" : "**no**"]),
  ["**all packages**", `**${ms(inittrace.init_ms)}**`, "", "", ""],
])}

### CPU per request, endpoint by endpoint

Every endpoint of bench/endpoint-list.mjs (qr in every format and style at 512 px, /q/, every typed kind with its example fields,
verify, size, types, health, the MCP tools but decode and batch), 200 requests each after a warm-up round, cycling through 8 variants of
the data, one at a time. "Isolate" is the Worker's .wasm in Node (\`isolate.mjs --endpoints 200\`): the handler called synchronously, so
its time is the CPU the request takes in V8, what Cloudflare counts against the free plan's ${cpuLimit} ms. "workerd" is workerd alone over
keep-alive HTTP (\`endpoints.mjs\`, a new process), which adds workerd and the client: a JavaScript Worker answers the same client in
${helloFloor ? `${ms(helloFloor.p50)} ms p50, ${ms(helloFloor.p99)} ms p99 (${helloFloor.n} sequential GETs)` : "– (not measured)"}, the floor under every workerd figure.
With 200 samples a p99 is the second-slowest request: a collection or a V8 recompilation that lands on one request moves it.

${table(["endpoint", "isolate p50 ms", "isolate p99 ms", "workerd p50 ms", "workerd p99 ms", `isolate p99 ≤ ${cpuLimit} ms`], epRows)}

### Latency over HTTP

Warm latency over loopback: autocannon 8 with exact per-request times; per run ${amount.png} requests at concurrency 1 and ${2 * amount.png} at 16
(verify ${amount.verify} and ${2 * amount.verify}), after a warm-up as long as a run; median of 3 runs. The native server is \`go build ./worker\`.
workerd is workerd alone (\`node_modules/.bin/workerd serve\` with the configuration bench/workerd-config.mjs writes from wrangler.toml), the runtime
Cloudflare runs, one new process per kind of request, with nothing behind its Cache API, so every answer is drawn. \`wrangler dev\` is the same Worker behind wrangler's local proxy,
as \`make dev\` and \`make test\` serve it, at concurrency 1 only; there miniflare's cache is real, and autocannon's repeated URLs are edge-cache hits after the first. "In the isolate" is the nearest endpoint of the table above (Node, no HTTP).
Requests per second at 16 follow from the mean latency (Little's law).

${table(["request", "concurrency", "native p50 / p90 / p99 ms", "workerd p50 / p90 / p99 ms", "through `wrangler dev` ms", "in the isolate (Node) ms", "requests/s native / workerd"], latencyRows)}
${failed.length ? `\n**Failed requests** (not counted in the percentiles): ${failed.map(([s, k, c, n]) => `${s} ${k} at ${c.slice(1)}: ${n}`).join("; ")}.\n` : ""}
Where the floor comes from: \`/api/v1/health\`, which encodes nothing, p50 at concurrency 1, one layer at a time.

${table(["server", "p50 ms", ""], floorRows)}

### One isolate over many requests

\`isolate.mjs --sustained\`, in Node: PNG requests one after another in 8 blocks of 1,000, each block's latency and the WebAssembly memory
after it. WebAssembly memory never shrinks, so memory that levels off means nothing leaks. \`make soak\` (below) does the same on workerd with
every kind of request.

${sustainedRows.length ? table(["requests served", "p50 ms", "p99 ms", "WebAssembly memory MiB"], sustainedRows) : "(not measured)"}

### The collector

${block("collector", section(previous, "collector"))}

## Styles

${styleBench.size ? `Per module style (square eyes), the 30-char URL \`https://example.com/menu?t=123\` at ec H, 512 px, natively
(\`go test -bench 'Style(PNG512|SVG)' ./core/render\`, median of the runs):

${table(["style", "PNG ms", "SVG ms", "SVG bytes"], [...styleBench].map(([name, st]) => [name, ms(median(st.png)), ms(median(st.svg)), int(st.bytes)]))}` : "Not measured."}

${matrix ? `The decode matrix (\`TestMatrix\` in core/render): every style x eye x ec L/M/Q/H x 128, 256, 512 px x the two texts, ${int(matrix.combinations)}
combinations, each rendered to PNG and to SVG (rasterized by oksvg) and decoded clean with plain gozxing, then degraded like a camera
(resampled to ${matrix.camera_px_per_module} px a module with x/image's BiLinear, then a [1 2 1] blur) and decoded with plain gozxing and with
core/scan. "Scannable" is \`render.Scannable\` (size rules); "flagged" are the scannable ones that did not decode after degradation
and that \`scan.Verify\` reports as not scannable; "missed" are those Verify still calls scannable (PNG; SVG only).

${table(["style", "text", "combos", "scannable", "clean PNG", "clean SVG", "degraded PNG, gozxing", "degraded PNG, core/scan", "degraded SVG, core/scan", "flagged", "missed PNG / SVG only"],
  matrix.rows.map((r) => [r.style, `${r.text} chars`, r.combos, r.scannable, r.png, r.svg, r.cam_png, r.scan_png, r.scan_svg, r.flagged, `${r.missed_png} / ${r.missed_svg}`]))}` : ""}

## The plan's CPU

${planSection()}

## MCP

${exists("mcp-native.json") ? `The tool server at /api/mcp with the official TypeScript SDK as the client (bench/mcp.mjs), 50 of each after a warm-up, one at a time.
initialize is one raw JSON-RPC request; connect is the SDK's \`client.connect\` (initialize, then the initialized notification); qr_generate
is a call on an open client. The MCP server adds ${int(mcpAdds)} bytes gzip (${mib(mcpAdds)} MiB) to the Worker (the Worker without
worker/mcp and worker/tools: ${mib(ladder.nomcp?.gzip ?? NaN)} MiB; with them: ${mib(worker.gzip)} MiB).

${table(["request", "native p50 / p90 ms", "workerd alone p50 / p90 ms", "wrangler dev p50 / p90 ms"],
  [["initialize", "initialize"], ["SDK connect", "connect"], ["qr_generate", "generate"]].map(([label, k]) => [label,
    ...["mcp-native.json", "mcp-workerd.json", "mcp-wrangler.json"].map((f) => (exists(f) ? `${ms(json(f)[k].p50)} / ${ms(json(f)[k].p90)}` : "–"))]))}` : "Not measured."}

## Edge cache

${exists("cache-workerd.json") ? (() => {
  const rows = [["workerd alone, in-memory cache behind the Cache API", "cache-workerd.json"], ["workerd alone, no cache (each answer drawn)", "cache-nocache.json"], ["wrangler dev (miniflare's cache)", "cache-wrangler.json"]]
    .filter(([, f]) => exists(f)).map(([label, f]) => { const c = json(f); return [label, `${ms(c.miss.p50)} / ${ms(c.miss.p99)}`, `${ms(c.hit.p50)} / ${ms(c.hit.p99)}`, `${Math.round(c.hitRate * 100)}%`, `${ms(c.toolsList.p50)} / ${ms(c.toolsList.p99)}`, `${Math.round(c.toolsListHitRate * 100)}%`]; });
  return `The Worker's entry (worker/front.mjs) keeps public, immutable answers with the Cache API under Go's canonical key (bench/cache.mjs): for each of
${json("cache-workerd.json").miss.n} new styled codes (rounded, circle eyes), the first request (a miss: Go names the key, draws the code, the cache keeps it) and then
the same code in another spelling (a hit, answered without entering Go), one request at a time; then as many MCP tools/list requests of 2026-07-28, which
the entry keeps per build after the first. On workerd alone the cache is bench/cache-service.mjs, an in-memory stand-in for Cloudflare's; a
workers.dev deployment has no cache at all (docs/deploy.md, Edge cache).

${table(["server", "miss p50 / p99 ms", "second spelling p50 / p99 ms", "hits", "tools/list p50 / p99 ms", "tools/list hits"], rows)}`;
})() : "Not measured."}

## Soak

${block("soak", section(previous, "soak"))}

## Load

${block("load", section(previous, "load"))}

## Editor

${editorSection()}

## Batch page and API reference

${batchPage ? `The /batch page and /docs in Chromium (headless, bench/batch.mjs), served by \`wrangler dev\` from build/site. 1,000 rows of links
(a caption on the sheet), each made through core/batch and verified in the browser. On the page: from Make to the download offered. The program
alone: the worker's calls (open, a row each, finish) on a page's main thread, where DevTools' CPU throttle reaches (it refuses a worker).

${table(["1,000 rows", "PNG ZIP ms", "SVG ZIP ms", "PDF sheet ms"], [
  ["the page (its worker unthrottled)", ...["png", "svg", "sheet"].map((o) => int(batchPage.rows_1000_ms.page[o]))],
  ["the program, CPU throttled 4x (a mid-range phone)", ...["png", "svg", "sheet"].map((o) => int(batchPage.rows_1000_ms.program_cpu_4x[o]))],
  ["the program, not throttled", ...["png", "svg", "sheet"].map((o) => int(batchPage.rows_1000_ms.program_cpu_1x[o]))],
])}

${table(["file", "raw bytes", "gzip -9 bytes", "brotli 11 bytes"], [
  ["build/site/batch.wasm (loaded on /batch only)", int(batchPage.wasm.batch.raw), int(batchPage.wasm.batch.gzip), int(batchPage.wasm.batch.brotli)],
  ["/docs", int(batchPage.docs.raw), int(batchPage.docs.gzip), int(batchPage.docs.brotli)],
])}

/docs's first contentful paint on a new page at 390 x 844: ${int(batchPage.docs.first_contentful_paint_390_ms)} ms (median of ${batchPage.docs.runs.length}).` : "Not measured: no Chromium (`make chromium` installs it)."}

## Sizes

${table(["artifact", "raw bytes", "gzip -9 bytes", "target"], [
  ["Worker: build/worker/app.wasm", `${int(worker.raw)} (${mib(worker.raw)} MiB)`, `${int(worker.gzip)} (${mib(worker.gzip)} MiB)`, `under ${+mib(workerRawLimit)} MiB raw (half of Cloudflare's 64 MiB): ${status(worker.raw < workerRawLimit)}`],
  ...(browser.length ? browser.map((b) => [`browser: ${b.file}`, `${int(b.raw)} (${mib(b.raw)} MiB)`, `${int(b.gzip)} (${mib(b.gzip)} MiB)`, ""]) : [["browser .wasm (build/site/*.wasm)", "not built yet", "", ""]]),
])}

What each part adds: ever larger programs built with the Worker's flags (\`GOOS=js GOARCH=wasm\`, \`-ldflags='-s -w' -trimpath\`);
the small ones are in bench/peers/sizes.

${table(["program", "raw bytes", "gzip -9 bytes", "adds (gzip)"], ladderRows)}

Where the Worker's code comes from. The Worker is linked again without \`-s\`, which keeps the name section naming the function behind
every code body; bench/wasmsize.mjs sums the bodies by module (\`go list -deps\` maps packages to modules; the standard library is
split by area) and gzips each group's bodies on their own, so the gzip columns are an estimate of each group's share. The same is done
for the Worker without MCP. Code is ${int(codeTotal)} of the Worker's ${int(attr.bytes)} bytes unstripped; the data section
(${int(attr.sections.data)} bytes: strings, tables, type data and the per-function tables) is not attributed.

${table(["code from", "code bytes", "gzip alone", "gzip alone, without MCP", "MCP adds", "share of code"], attrRows)}

## Where our time goes

CPU profiles natively (\`peers profile\`, then \`go tool pprof -top\`), PNG and then SVG of the 1200-char input, 2 s each:

\`\`\`
${pprofTop("ours-png-top.txt")}
\`\`\`

\`\`\`
${pprofTop("ours-svg-top.txt")}
\`\`\`

And our decoder (\`scan.Decode\`) over the hard set, natively, 3 s:

\`\`\`
${pprofTop("ours-decode-top.txt")}
\`\`\`
`);
