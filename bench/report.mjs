// Writes BENCHMARKS.md (stdout) and docs/bench-encode.svg from the files
// bench/run.sh collected. Every figure is a median over runs; every
// ratio compares figures of the same run. One module a section reads its
// files and judges them (report/encode.mjs, decode, verify, branding,
// worker, editor, sizes, profiles, styles) against the targets of
// targets.mk (report/targets.mjs); report/chart.mjs draws the chart,
// report/reading.mjs writes the findings in prose, report/document.mjs
// puts the document together under report/header.mjs's header: the
// command, the machine and the commit the run recorded as it began
// (build/bench/run.json).
// Usage: node report.mjs build/bench "$(go version)" [BENCHMARKS.md] > new-benchmarks
// (the third argument: the file whose Soak and Load sections to keep)
import "./report/document.mjs";
