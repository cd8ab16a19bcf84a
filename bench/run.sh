#!/usr/bin/env bash
# make bench: measures our core beside peer libraries (encode, decode,
# natively and in WebAssembly), the Worker's start-up and the CPU of every
# endpoint (in Node's V8 and on workerd alone), the Worker under workerd
# next to the native server, and the sizes of the .wasm files; then writes
# BENCHMARKS.md and docs/bench-encode.svg from what it collected in
# build/bench, keeping the sections make soak and make load wrote.
# Expects `make build` and node_modules (make bench does both). Loopback
# only; every load is bounded, and nothing runs beside anything else.
# About 40 minutes on a 2-core machine (2,467 s on 2026-11-28, shared).
set -euo pipefail
cd "$(dirname "$0")/.."
export WRANGLER_SEND_METRICS=false
out=build/bench
rm -rf "$out"
mkdir -p "$out" docs
# The header of BENCHMARKS.md: the command, the machine and the commit,
# recorded before the run writes anything into the tree.
node bench/report/header.mjs --json "$(go version)" > "$out/run.json"
started=$(date +%s)
step() { echo "bench [$(($(date +%s) - started))s]: $*" >&2; }

# Node's Go glue moved from misc/wasm to lib/wasm in Go 1.24.
wasm_exec=$(go env GOROOT)/lib/wasm/wasm_exec_node.js
[ -f "$wasm_exec" ] || wasm_exec=$(go env GOROOT)/misc/wasm/wasm_exec_node.js
# The peers module follows whatever our go.mod requires today, so let the
# go command fill in its go.sum rather than fail when core gains a module.
peers() { (cd bench/peers && GOFLAGS=-mod=mod "$@"); }
root=$(pwd)

free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
pids=()
cleanup() { for p in "${pids[@]}"; do kill -- -"$p" 2>/dev/null || true; done; }
trap cleanup EXIT

node -e 'console.log(JSON.stringify({start: require("os").loadavg()}))' > "$out/load-start.json"
step "building the peers harness, natively and for js/wasm"
peers go build -o "$root/$out/peers" .
peers env GOOS=js GOARCH=wasm go build -o "$root/$out/peers.wasm" .
go_wasm() { node "$wasm_exec" "$out/peers.wasm" "$@"; }
"$out/peers" inputs > "$out/inputs.json"

step "encode, native: ours vs skip2, gozxing, yeqown (5 rounds)"
"$out/peers" encode -rounds 5 -verify > "$out/encode-native.json"
step "encode, WebAssembly in Node (5 rounds)"
go_wasm encode -rounds 5 > "$out/encode-wasm.json"
step "encode, node qrcode (5 rounds)"
node bench/encode.mjs "$out/inputs.json" 5 > "$out/encode-node.json"
step "CPU profiles of our encoder on the longest input"
# Samples that land in runtime.asyncPreempt belong to the loop the runtime
# interrupted; -hide hands them back to it.
for f in png svg; do
  "$out/peers" profile -o "$out/ours-$f.pprof" -format "$f" -input text1200-1 -for 2s > /dev/null
  go tool pprof -top -nodecount=14 -hide='runtime\.asyncPreempt$' "$out/peers" "$out/ours-$f.pprof" > "$out/ours-$f-top.txt" 2>/dev/null
done

step "styles: render time and SVG bytes per style, and the decode matrix"
go test -count=1 -run '^$' -bench 'Style(PNG512|SVG)' -benchtime 200x -count 5 ./core/render > "$out/styles-bench.txt"
QR_MATRIX_JSON="$root/$out/matrix.json" go test -count=1 -run '^TestMatrix$' ./core/render > "$out/matrix.log"

step "decode: writing the clean and hard sets"
"$out/peers" images -dir "$out/decode" > /dev/null
step "decode, native: ours vs plain gozxing (3 rounds)"
"$out/peers" decode -dir "$out/decode" -rounds 3 > "$out/decode-native.json"
step "decode, WebAssembly in Node (3 rounds)"
go_wasm decode -dir "$out/decode" -rounds 3 > "$out/decode-wasm.json"
step "decode, zxing-cpp (zxing-wasm, 3 rounds)"
node bench/decode.mjs "$out/decode" 3 > "$out/decode-zxing.json"

step "decode: the held-out photo seed (hardset.Photos(3, 20), never tuned on), ours, gozxing, zxing-cpp and jsQR"
"$out/peers" images -dir "$out/heldout" -set photo -photo-seed 3 > /dev/null
"$out/peers" decode -dir "$out/heldout" -rounds 1 > "$out/heldout-native.json"
node bench/decode.mjs "$out/heldout" 1 > "$out/heldout-zxing.json"
step "decode: the real photos (core/scan/testdata/photos) as taken and turned 90 degrees, ours and gozxing natively and in WebAssembly, zxing-cpp and jsQR (3 rounds)"
"$out/peers" images -dir "$out/real" -set real -real core/scan/testdata/photos > /dev/null
"$out/peers" decode -dir "$out/real" -rounds 3 > "$out/real-native.json"
go_wasm decode -dir "$out/real" -rounds 3 > "$out/real-wasm.json"
node bench/decode.mjs "$out/real" 3 > "$out/real-zxing.json"
step "decode: the rung table, each rung alone and in the ladder, on the hard set, the photo corpus and the real photos"
QR_RUNGS_DIRS="$root/$out/decode,$root/$out/real" QR_RUNGS_OUT="$root/$out/rungs.json" go test -count=1 -run '^TestRungTable$' ./core/scan > "$out/rungs.log"

step "verify: the agreement set, each code's verdict beside what zxing-cpp and jsQR read of its pictures"
QR_AGREEMENT_DIR="$root/$out/agreement" go test -count=1 -run '^TestWriteAgreementSet$' ./core/scan > /dev/null
node e2e/agreement/agreement.mjs "$out/agreement" --json > "$out/agreement.json" || true

step "branding: the brand set (logos, frames, gradients) read by zxing-cpp and jsQR, the largest logo per ec, costs of a logo code"
QR_BRAND_DIR="$root/$out/brandset" go test -count=1 -run '^TestWriteBrandSet$' ./core/verify > /dev/null
node e2e/agreement/brand.mjs "$out/brandset" --json > "$out/brandset.json" || true
QR_BRAND_COSTS="$root/$out/brand-costs.json" go test -count=1 -run '^TestBrandCosts$' ./core/verify > /dev/null

step "CPU profile of our decoder on the hard set"
"$out/peers" profile -o "$out/ours-decode.pprof" -dir "$out/decode" -set hard -for 3s > /dev/null
go tool pprof -top -nodecount=14 -hide='runtime\.asyncPreempt$' "$out/peers" "$out/ours-decode.pprof" > "$out/ours-decode-top.txt" 2>/dev/null

step "sizes: the .wasm files, a ladder of smaller programs, code per module"
{
  for f in build/worker/app.wasm $(find build/site -name '*.wasm' 2>/dev/null | sort); do
    echo "{\"file\":\"$f\",\"raw\":$(stat -c %s "$f"),\"gzip\":$(gzip -9c "$f" | wc -c)}"
  done
} > "$out/sizes.jsonl"
# ladder NAME DIR PACKAGE [FLAGS]: build PACKAGE of the module in DIR as
# the Worker is built; print one line of ladder.jsonl.
ladder() {
  local name=$1 dir=$2 pkg=$3 f=$root/$out/size-$1.wasm log=$root/$out/size-$1.log flags=
  shift 3
  [ "$dir" = . ] || flags=-mod=mod
  if (cd "$dir" && GOFLAGS=$flags GOOS=js GOARCH=wasm go build "$@" -ldflags='-s -w' -trimpath -o "$f" "$pkg") 2> "$log"; then
    echo "{\"step\":\"$name\",\"raw\":$(stat -c %s "$f"),\"gzip\":$(gzip -9c "$f" | wc -c)}"
  else
    echo "{\"step\":\"$name\",\"error\":$(node -e 'console.log(JSON.stringify(require("fs").readFileSync(process.argv[1],"utf8").slice(0,300)))' "$log")}"
  fi
}
# The Worker without MCP: an overlay swaps worker/mcp for a stub whose New
# returns a 404 handler, and worker/tools for one whose Names, which the
# OpenAPI summary and llms.txt read, is empty, so the linker drops the MCP
# server, the tools and what only they use.
# If their API changes, this line reports an error instead. The stubs sit
# under a directory starting with _ so that ./... never sees them.
mkdir -p "$out/_overlay"
cat > "$out/_overlay/mcp_stub.go" <<'STUB'
package mcp

import (
	"net/http"

	"qrkeyless/core/scan"
)

type Handler struct{}

func New(scan.Limits) *Handler { return &Handler{} }

func (*Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) { http.NotFound(w, r) }
STUB
cat > "$out/_overlay/tools_stub.go" <<'STUB'
package tools

func Names() []string { return nil }
STUB
node -e '
  const fs = require("fs"), path = require("path"), r = {};
  for (const pkg of ["mcp", "tools"]) {
    const dir = path.resolve("worker", pkg);
    for (const f of fs.readdirSync(dir)) if (f.endsWith(".go") && !f.endsWith("_test.go")) r[path.join(dir, f)] = "";
    r[path.join(dir, "bench_stub.go")] = path.resolve(process.argv[1], pkg + "_stub.go");
  }
  fs.writeFileSync(process.argv[2], JSON.stringify({ Replace: r }));
' "$out/_overlay" "$out/nomcp-overlay.json"
{
  for p in runtime platform encode decode; do ladder "$p" bench/peers "./sizes/$p"; done
  ladder nomcp . ./worker -overlay "$out/nomcp-overlay.json"
} > "$out/ladder.jsonl"
# The Worker linked again without -s keeps its name section, which names
# the function behind every code body (the bodies are the same); likewise
# without MCP, so the report can say what MCP adds, module by module.
attribute() { # name, then go build/list flags
  local name=$1
  shift
  GOOS=js GOARCH=wasm go build "$@" -trimpath -o "$out/$name-names.wasm" ./worker &&
    GOOS=js GOARCH=wasm go list "$@" -deps -f '{{.ImportPath}}	{{with .Module}}{{.Path}}{{end}}' ./worker > "$out/$name-deps.tsv" &&
    node bench/wasmsize.mjs "$out/$name-names.wasm" "$out/$name-deps.tsv" > "$out/attribution-$name.json"
}
attribute worker
attribute nomcp -overlay "$out/nomcp-overlay.json" || echo "bench: no attribution without MCP (see the ladder)" >&2

# Start-up in Node: isolate.mjs runs the Worker's .wasm as entry.mjs does
# (compile, Go's initialisation to ready, the warm-up), a fresh process per
# sample, since V8 keeps nothing between processes.
step "the Worker's .wasm in Node: start-up in 5 fresh processes, 5 without the warm-up (--cold), one init trace"
for _ in 1 2 3 4 5; do node bench/isolate.mjs build/worker; done > "$out/startup.jsonl"
for _ in 1 2 3 4 5; do node bench/isolate.mjs build/worker --cold; done > "$out/startup-cold.jsonl"
node bench/isolate.mjs build/worker --inittrace > "$out/inittrace.json"
step "the Worker's .wasm in Node: every endpoint, 200 of each, in the isolate (the CPU a request takes), on the free plan's QR_CPU_MS=10 and with no limit"
node bench/isolate.mjs build/worker --endpoints 200 --cpu-ms 10 > "$out/endpoints-isolate.json"
node bench/isolate.mjs build/worker --endpoints 200 --cpu-ms 0 > "$out/endpoints-isolate-unlimited.json"
step "the Worker's .wasm in Node: the heavy requests (decode and inspect of the real photos and the hard set, batches, a sheet), 20 of each, at QR_CPU_MS=10 and with no limit"
for cpu in 10 0; do
  node bench/isolate.mjs build/worker --heavy 20 --cpu-ms "$cpu" --images real=core/scan/testdata/photos --images hard="$out/decode" > "$out/heavy-isolate-$cpu.json"
done
step "the Worker's .wasm in Node: one isolate over 8,000 PNG requests"
node bench/isolate.mjs build/worker --sustained > "$out/sustained.json"

kinds=$(node --input-type=module -e 'import { kinds } from "./bench/requests.mjs"; console.log(Object.keys(kinds).join(" "))')
# start NAME COMMAND...: run a server in its own process group, its output
# in $out/NAME.log. stop ends the last one started.
start() {
  local name=$1
  shift
  setsid "$@" > "$out/$name.log" 2>&1 &
  pids+=($!)
}
stop() { kill -- -"${pids[-1]}"; }

step "native server: first request, then every kind of request at concurrency 1 and 16 (3 runs)"
go build -o "$out/native-server" ./worker
port=$(free_port)
start native env PORT="$port" "$out/native-server"
node bench/latency.mjs "http://127.0.0.1:$port" --runs 3 > "$out/native.json"
step "native server: MCP initialize, SDK connect and qr_generate (50 each)"
node bench/mcp.mjs "http://127.0.0.1:$port" > "$out/mcp-native.json"
stop

# workerd alone, as Cloudflare runs the Worker: no wrangler proxy, no
# miniflare entry or asset router in front. A fresh process for each kind
# of request, so that none inherits another's heap, and each start is one
# more cold-start sample.
node bench/workerd-config.mjs "$out"
workerd=node_modules/.bin/workerd
step "workerd alone: 5 new processes each of the Worker and of a plain JavaScript Worker, spawn to first answer; the JavaScript Worker's floor"
node bench/workerd-start.mjs "$out" 5 200 > "$out/workerd-start.json"
step "workerd alone, a new process: every endpoint, 200 of each, one at a time"
port=$(free_port)
start workerd-endpoints "$workerd" serve --socket-addr "http=127.0.0.1:$port" "$out/workerd.capnp"
node bench/latency.mjs "http://127.0.0.1:$port" --runs 0 > /dev/null # waits until it answers
node bench/endpoints.mjs "http://127.0.0.1:$port" 200 > "$out/endpoints-workerd.json"
stop
step "workerd alone: a plain JavaScript Worker, the runtime's own floor (3 runs)"
port=$(free_port)
start workerd-hello "$workerd" serve --socket-addr "http=127.0.0.1:$port" "$out/workerd-hello.capnp"
node bench/latency.mjs "http://127.0.0.1:$port" --runs 3 --kinds health --concurrency 1 > "$out/workerd-hello.json"
stop
for kind in $kinds; do
  step "workerd alone, a new process: the Worker's first request, then $kind at concurrency 1 and 16 (3 runs)"
  port=$(free_port)
  start "workerd-$kind" "$workerd" serve --socket-addr "http=127.0.0.1:$port" "$out/workerd.capnp"
  node bench/latency.mjs "http://127.0.0.1:$port" --runs 3 --kinds "$kind" > "$out/workerd-$kind.json"
  stop
done
step "workerd alone, a new process: MCP initialize, SDK connect and qr_generate (50 each)"
port=$(free_port)
start workerd-mcp "$workerd" serve --socket-addr "http=127.0.0.1:$port" "$out/workerd.capnp"
node bench/latency.mjs "http://127.0.0.1:$port" --runs 0 > /dev/null # waits until it answers
node bench/mcp.mjs "http://127.0.0.1:$port" > "$out/mcp-workerd.json"
stop

step "edge cache on workerd alone: an in-memory cache behind the Cache API, then none (200 codes, 200 tools/list each)"
for cfg in cache nocache; do
  port=$(free_port)
  capnp="$out/workerd-cache.capnp"; [ "$cfg" = nocache ] && capnp="$out/workerd.capnp"
  start "workerd-$cfg" "$workerd" serve --socket-addr "http=127.0.0.1:$port" "$capnp"
  node bench/latency.mjs "http://127.0.0.1:$port" --runs 0 > /dev/null # waits until it answers
  node bench/cache.mjs "http://127.0.0.1:$port" 200 > "$out/cache-$( [ "$cfg" = cache ] && echo workerd || echo nocache ).json"
  stop
done

# wrangler dev (with build/wrangler.toml, which has no [build]: make has
# built) prints "Ready on" once it accepts requests; Go starts while the
# module loads, in global scope. Repeated GETs are answered by the edge
# cache (miniflare's) without entering Go. Every request passes wrangler's proxy
# worker, a second workerd, miniflare's entry worker and the asset router.
# A new session for each kind of request, as for workerd alone.
wrangler_dev() {
  port=$(free_port)
  start "$1" npx wrangler dev -c build/wrangler.toml --ip 127.0.0.1 --port "$port" --log-level info
  for _ in $(seq 1 1200); do
    grep -q "Ready on" "$out/$1.log" && return 0
    kill -0 "${pids[-1]}" 2>/dev/null || break
    sleep 0.25
  done
  cat "$out/$1.log" >&2
  return 1
}
for kind in $kinds; do
  step "wrangler dev, a new session: the Worker's first request, then $kind at concurrency 1 (3 runs)"
  wrangler_dev "wrangler-$kind"
  node bench/latency.mjs "http://127.0.0.1:$port" --runs 3 --kinds "$kind" --concurrency 1 > "$out/wrangler-$kind.json"
  stop
done
step "wrangler dev, a new session: the edge cache, miniflare's (200 codes, 200 tools/list)"
wrangler_dev wrangler-cache
node bench/latency.mjs "http://127.0.0.1:$port" --runs 0 > /dev/null
node bench/cache.mjs "http://127.0.0.1:$port" 200 > "$out/cache-wrangler.json"
stop
step "wrangler dev, a new session: MCP initialize, SDK connect and qr_generate (50 each)"
wrangler_dev wrangler-mcp
node bench/latency.mjs "http://127.0.0.1:$port" --runs 0 > /dev/null
node bench/mcp.mjs "http://127.0.0.1:$port" > "$out/mcp-wrangler.json"
stop

# The editor's static files are wrangler's assets, as on Cloudflare; the
# native server sends the same (site/serve).
if [ -x "${CHROMIUM:-/usr/bin/chromium}" ]; then
  step "the editor in Chromium, served by the native server"
  port=$(free_port)
  start native-editor env PORT="$port" "$out/native-server"
  node bench/latency.mjs "http://127.0.0.1:$port" --runs 0 > /dev/null # waits until it answers
  node bench/editor.mjs "http://127.0.0.1:$port" > "$out/editor-native.json"
  stop
  step "the editor in Chromium, served by wrangler dev"
  wrangler_dev wrangler-editor
  node bench/editor.mjs "http://127.0.0.1:$port" > "$out/editor.json"
  step "the batch page (1,000 rows, three outputs) and the API reference in Chromium"
  node bench/batch.mjs "http://127.0.0.1:$port" > "$out/batch.json"
  stop
else
  echo "bench: no Chromium at ${CHROMIUM:-/usr/bin/chromium}: the editor is not measured" >&2
fi

node -e 'console.log(JSON.stringify({end: require("os").loadavg()}))' > "$out/load-end.json"
step "writing BENCHMARKS.md and docs/bench-encode.svg"
# The Soak and Load sections (make soak, make load) are carried over from
# the BENCHMARKS.md this replaces.
node bench/report.mjs "$out" "$(go version)" BENCHMARKS.md > "$out/BENCHMARKS.md"
cp "$out/BENCHMARKS.md" BENCHMARKS.md
step "done"
