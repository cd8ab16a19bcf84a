import { targets } from "./targets.mjs";
import { groupLabel, groups, int, median, mib, ms, x } from "./lib.mjs";
import { bestN, bestW, byteWins, encNative, encWasm, enoughLevel, fastest, gbytes, gms, goPeers, levelRows, ours, pick, pngCause, pngNode, pngRatioNative, pngRatioWasm, svgN, svgNode, svgRatioMax, svgRatios, unread, usN, usW } from "./encode.mjs";
import { decMs, decNative, decWasm, decZx, hardClasses, hardGo, hardN, hardOurs, hardZx, leadClasses, okCount, realNative, realRows, realScore, realTurns, realWasm, realZx, rowsOf, trailClasses, wasmDiffers } from "./decode.mjs";
import { agreement } from "./verify.mjs";
import { cpuLimit, epIsolate, epOver, epOverP50, epWithin, epWorkerd, epWorstWithin, firstLimit, floor, helloFloor, initLimit, inits, inittrace, leak, loadLimit, slowInits, start, startup, wdHello, wdLoad, wdOurs } from "./worker.mjs";
import { editor, editorReading } from "./editor.mjs";
import { ladder, mcpAdds, mcpAddsRaw, mcpTop, thirdParty, worker, workerRawLimit } from "./sizes.mjs";
import { pprofHeaviest, shortFn } from "./profiles.mjs";
// ---- reading ---------------------------------------------------------------

export const reading = [];
export const worstGroup = (m) => groups.reduce((a, g) => {
  const r = gms(ours(m, "png"), g) / gms(fastest(goPeers(m), g), g);
  return r > a.r ? { g, r } : a;
}, { g: "", r: 0 });
{
  const w = worstGroup(encNative);
  reading.push(`- **Encode, native.** Our 512 px PNG takes ${ms(gms(usN, "all"))} ms (median of the 20 inputs), ${x(pngRatioNative)} the fastest peer's ${ms(gms(bestN, "all"))} ms (${bestN.name}): the target of ${targets.PNG_NATIVE_RATIO}x ${pngRatioNative <= targets.PNG_NATIVE_RATIO ? "is met" : "is missed"}. Our closest group is ${groupLabel[w.g]} inputs, at ${x(w.r)}.`);
}
{
  const w = worstGroup(encWasm);
  reading.push(`- **Encode, WebAssembly.** ${ms(gms(usW, "all"))} ms against ${ms(gms(bestW, "all"))} ms for ${bestW.name}: ${x(pngRatioWasm)} (target ${targets.PNG_WASM_RATIO}x, ${pngRatioWasm <= targets.PNG_WASM_RATIO ? "met" : "missed"}); closest group ${groupLabel[w.g]}, ${x(w.r)}. node \`qrcode\` (plain JavaScript) takes ${ms(gms(pngNode, "all"))} ms for its PNG. WebAssembly costs us ${x(gms(usW, "all") / gms(usN, "all"))} our native time.`);
}
reading.push(
  byteWins === usN.inputs.length
    ? `- **PNG bytes.** Ours are no larger than the smallest peer's on all ${byteWins} inputs.`
    : `- **PNG bytes: we trail.** Ours are no larger than the smallest peer's on ${byteWins} of ${usN.inputs.length} inputs (median ${int(gbytes(usN, "all"))} bytes against ${int(gbytes(goPeers(encNative).reduce((a, b) => (gbytes(b, "all") < gbytes(a, "all") ? b : a)), "all"))}). ` +
        pngCause() +
        (enoughLevel
          ? `Recompressing our own pixel stream at level ${enoughLevel.level} makes every input no larger than the smallest peer's (median ${int(enoughLevel.bytes)} bytes) for ${ms(enoughLevel.ms)} ms more per image natively (measured here); level 9 costs ${ms(levelRows.at(-1).ms)} ms. This is core/render's to change (its PNG encoder's zlib writer).`
          : `No zlib level alone closes the gap (level 9: ${levelRows.at(-1)?.wins} of ${usN.inputs.length} inputs); the filters would have to change too.`),
);
{
  // bytes per horizontal run of dark modules, on the 1200-char inputs where
  // the path dominates the file
  const perRun = (e) => median(pick(e, "text1200").map((i) => i.bytes / svgN.inputs.find((q) => q.input === i.input).runs));
  const runs = svgN.inputs.every((i) => i.runs > 0);
  reading.push(
    svgRatioMax <= targets.SVG_RATIO
      ? `- **SVG bytes.** At most ${x(svgRatioMax)} node \`qrcode\`'s on every input (target ${targets.SVG_RATIO}x).`
      : `- **SVG bytes: we trail the ${targets.SVG_RATIO}x target.** Ours are ${x(median(svgRatios))} node \`qrcode\`'s bytes (median; ${x(Math.min(...svgRatios))} to ${x(svgRatioMax)}; ${x(gbytes(svgN, "text1200") / gbytes(svgNode, "text1200"))} at 1200 chars).` +
          (runs ? ` On the 1200-char inputs the file is almost all path: ours spends ${perRun(svgN).toFixed(2)} bytes per horizontal run of dark modules, node \`qrcode\` ${perRun(svgNode).toFixed(2)}; ${targets.SVG_RATIO}x means ${(targets.SVG_RATIO * perRun(svgNode)).toFixed(2)}, less than a relative move plus a line command (\`m2 0h3\` is 6), so it needs a different geometry, not shorter numbers (core/render's svg.go).` : ""),
  );
}
if (agreement) {
  reading.push(
    `- **Verify.** Of the ${agreement.verify_scannable} codes of the agreement set Verify calls scannable, zxing-cpp cannot read ${agreement.scannable_but_unread} after some degradation; ` +
      `of the ${agreement.zxing_reads} it reads after every one, Verify refuses ${agreement.refused_but_read} (${agreement.refused_but_read_pct}%).`,
  );
}
if (realNative.length) {
  const [t0, t90] = realTurns.map(([turn]) => turn);
  const n = realRows(realNative, "ours", t0).length;
  const score = (res, d) => `${realScore(res, d, t0)} and ${realScore(res, d, t90)}`;
  reading.push(
    `- **Real photos.** Of the ${n} real photographs another reader read, as taken and turned 90 degrees, we read ${score(realNative, "ours")}, ` +
      `zxing-cpp ${score(realZx, "zxing-cpp")}, jsQR ${score(realZx, "jsQR")}, plain gozxing ${score(realNative, "gozxing")}; ` +
      `median time ${ms(decMs(rowsOf(realWasm, "ours", "real")))} ms in WebAssembly against zxing-cpp's ${ms(decMs(rowsOf(realZx, "zxing-cpp", "real")))} ms ` +
      `(${x(decMs(rowsOf(realWasm, "ours", "real")) / decMs(rowsOf(realZx, "zxing-cpp", "real")))}), ${ms(decMs(rowsOf(realNative, "ours", "real")))} ms natively.`,
  );
}
reading.push(
  `- **Decode.** On the hard set we decode ${hardOurs} of ${hardN}, zxing-cpp ${hardZx}, plain gozxing ${hardGo}` +
    (leadClasses.length ? `; we lead zxing-cpp on ${leadClasses.join(", ")}` : "") +
    (trailClasses.length ? ` and trail it on ${trailClasses.join(", ")}` : "") +
    `. Median time on the hard set: ${ms(decMs(rowsOf(decNative, "ours", "hard")))} ms native, ${ms(decMs(rowsOf(decWasm, "ours", "hard")))} ms in WebAssembly, against zxing-cpp's ${ms(decMs(rowsOf(decZx, "zxing-cpp", "hard")))} ms (also WebAssembly): ${x(decMs(rowsOf(decWasm, "ours", "hard")) / decMs(rowsOf(decZx, "zxing-cpp", "hard")))}.` +
    (wasmDiffers.length ? ` ${wasmDiffers.length} image(s) decode differently natively and in WebAssembly (the ladder's time budget runs out sooner in the slower runtime): ${wasmDiffers.map((r) => r.file).join(", ")}.` : "") +
    (() => {
      const slow = hardClasses.map((c) => ({ c, r: decMs(rowsOf(decWasm, "ours", "hard", c)) / decMs(rowsOf(decZx, "zxing-cpp", "hard", c)) })).sort((a, b) => b.r - a.r).slice(0, 2);
      const heavy = pprofHeaviest("ours-decode-top.txt", 4);
      const n = (d, c) => okCount(rowsOf(d === "zxing-cpp" ? decZx : decNative, d, "hard", c));
      return (slow.length ? ` In time we trail most on ${slow.map((s) => `${s.c} (${x(s.r)}; decoded: ours ${n("ours", s.c)}, zxing-cpp ${n("zxing-cpp", s.c)})`).join(" and ")}, where the ladder tries several prepared images, each a full pass of gozxing.` : "") +
        (heavy.length ? ` Profile of our decoder on the hard set (below): ${heavy.map((h) => `${shortFn(h.name)} ${h.flat.toFixed(0)}%`).join(", ")} of the time, by own time.` : "");
    })(),
);
{
  const top = inits.slice(0, 3);
  reading.push(
    `- **Start-up.** ${start.loadToReady <= loadLimit && start.wdLoad <= loadLimit ? "Within" : "**Over**"} the ${loadLimit} ms target: in Node the Worker's module loads to ready in ${ms(start.loadToReady)} ms (median of ${startup.length} fresh processes: compile ${ms(start.compile)}, Go's start to ready ${ms(start.start)}, warm-up ${ms(start.warm)}); on workerd alone our Worker answers its first request ${ms(start.wdLoad)} ms later after spawn than a plain JavaScript Worker does (median of ${wdLoad.length}; ${ms(median(wdOurs))} against ${ms(median(wdHello))} ms). ` +
      `That first request then takes ${ms(start.wdFirst)} ms on a new workerd process (target ${firstLimit} ms, ${start.wdFirst <= firstLimit ? "met" : "**missed**"}) and ${ms(start.firstNode)} ms in Node, where without the warm-up it takes ${ms(start.firstCold)} ms: the warm-up moves V8's first compilation of the common paths into start-up. ` +
      `Package initialisation (one run with GODEBUG=inittrace=1, which slows it a little) is ${ms(inittrace.init_ms)} ms in all, led by ${top.map((t) => `${t.pkg} (${ms(t.ms)} ms)`).join(", ")}: ` +
      (slowInits.length ? `**${slowInits.length} package(s) over ${initLimit} ms** (${slowInits.map((i) => i.pkg).join(", ")}).` : `none over ${initLimit} ms.`),
  );
}
{
  const worst = epOver.slice(0, 5);
  reading.push(
    `- **CPU per request.** The free plan allows ${cpuLimit} ms of CPU a request; in the isolate (Node's V8, the handler called directly, so its time is the request's CPU) ${epWithin.length} of ${epWithin.length + epOver.length} endpoints have a p99 within it` +
      (epWorstWithin ? ` (the closest: ${epWorstWithin}, p99 ${ms(epIsolate[epWorstWithin].p99)} ms)` : "") +
      (epOver.length ? `, and **${epOver.length} over it**: ${worst.map((n) => `${n} (p50 ${ms(epIsolate[n].p50)}, p99 ${ms(epIsolate[n].p99)} ms)`).join(", ")}${epOver.length > worst.length ? ", …" : ""}.` : ".") +
      (epOverP50.length ? ` ${epOverP50.join(", ")} ${epOverP50.length > 1 ? "are" : "is"} over it at the median too.` : epOver.length ? ` Every median is within it: a p99 over it is a collection, or V8 recompiling a function, landing on that request, and with 200 samples a p99 is the second-slowest request.` : "") +
      ` On workerd alone over HTTP the same requests take ${epWorkerd.health ? `from ${ms(epWorkerd.health.p50)} ms (health, p50)` : "–"}; a JavaScript Worker answers in ${helloFloor ? `${ms(helloFloor.p50)} ms (p50; p99 ${ms(helloFloor.p99)} ms)` : "–"} with the same client, the floor of workerd and loopback HTTP.`,
  );
}
reading.push(
  `- **Worker latency.** The floor, \`/api/v1/health\` at concurrency 1 (table below): ${ms(floor.native)} ms natively, ${ms(floor.hello)} ms for a JavaScript Worker on workerd, ${ms(floor.workerd)} ms for our Worker on workerd: about ${ms(floor.workerd - floor.hello)} ms per request is syumai/workers' way in and out of Go and our handler (${ms(floor.isolate)} ms in Node without HTTP).` +
    ` Through \`wrangler dev\`, as \`make dev\` and \`make test\` run the Worker, health takes ${ms(floor.wrangler)} ms: wrangler's proxy worker, a second workerd, miniflare's entry worker and the asset router add ${ms(floor.wrangler - floor.workerd)} ms to every request, which a deployed Worker does not pay.` +
    ` At concurrency 16 the Worker answers one request at a time (one Go instance per isolate; WebAssembly is single-threaded), so its latency there is queueing.`,
);
if (leak) {
  const kib = leak.perRequest / 1024;
  reading.push(
    (leak.grows
      ? `- **One isolate over many requests: memory grows.** In one isolate (Node, PNG requests one after another) the WebAssembly memory grows from ${mib(leak.from.wasm_bytes)} MiB after ${int(leak.from.served - 1)} requests to ${mib(leak.to.wasm_bytes)} MiB after ${int(leak.to.served - 1)}, about ${kib.toFixed(1)} KiB per request; p50 goes from ${ms(leak.from.p50)} ms to ${ms(leak.to.p50)} ms.`
      : `- **One isolate over many requests.** In one isolate (Node, PNG requests one after another) the WebAssembly memory is ${mib(leak.from.wasm_bytes)} MiB after ${int(leak.from.served - 1)} requests and ${mib(leak.to.wasm_bytes)} MiB after ${int(leak.to.served - 1)}; p50 ${ms(leak.from.p50)} ms, then ${ms(leak.to.p50)} ms.`) +
      ` A request enters Go through syumai/workers and its answer leaves as one Uint8Array (worker/serve_js.go), and the patch the Worker carries (third_party/) releases every callback the package makes, so no request leaves a Go callback or a stream behind. \`make soak\` (below) runs 100,000 requests of every kind through one workerd process.`,
  );
}
if (editor) reading.push(editorReading());
{
  const top = thirdParty.slice(0, 4);
  reading.push(
    `- **Size.** The Worker is ${mib(worker.raw)} MiB raw (the build fails at ${+mib(workerRawLimit)} MiB, half of Cloudflare's 64 MiB limit: ${worker.raw < workerRawLimit ? "met" : "**missed**"}) and ${mib(worker.gzip)} MiB gzip. Start-up follows it: V8 compiles the ${mib(worker.raw)} MiB in ${ms(start.compile)} ms in Node (${ms(start.compile / (worker.raw / 2 ** 20))} ms per MiB), before Go's own start.` +
      (Number.isNaN(mcpAdds) ? "" : ` MCP adds ${mib(mcpAdds)} MiB gzip (${mib(mcpAddsRaw)} MiB raw): without worker/mcp and worker/tools the Worker is ${mib(ladder.nomcp.gzip)} MiB gzip.${mcpTop.length ? ` What MCP brings, by code gzipped alone: ${mcpTop.map((g) => `${g.group} ${int(g.adds)}`).join(", ")} bytes.` : ""}`) +
      ` Any Go Worker starts at ${mib(ladder.platform?.gzip ?? NaN)} MiB gzip (net/http with a one-line handler; the Go runtime alone is ${mib(ladder.runtime?.gzip ?? NaN)} MiB). The largest third-party modules: ${top.map((g) => `${g.group} (${int(g.code_gzip)})`).join(", ")}.`,
  );
}
if (unread.length) {
  reading.push(`- **Read-back.** Plain gozxing could not read back ${unread.length} peer PNG(s): ${unread.join(", ")}. skip2 stretches the symbol to exactly 512 px by nearest-neighbour sampling, so its modules alternate between two widths. Their times still count.`);
}
