#!/usr/bin/env bash
# make bench: measures the service and writes BENCHMARKS.md.
# Expects `make build` and node_modules (make bench does both).
set -euo pipefail
cd "$(dirname "$0")/../.."
export WRANGLER_SEND_METRICS=false
out=build/bench
mkdir -p "$out"

free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
pids=()
cleanup() { for p in "${pids[@]}"; do kill -- -"$p" 2>/dev/null || true; done; }
trap cleanup EXIT

echo "bench: Go benchmarks (5 runs each)" >&2
go test -run '^$' -bench 'BenchmarkRequest' -benchmem -count 5 ./worker/api > "$out/go-bench.txt"

echo "bench: native server latency" >&2
go build -o build/native-server ./worker
port=$(free_port)
setsid env PORT="$port" build/native-server > "$out/native.log" 2>&1 &
pids+=($!)
node e2e/bench/latency.mjs "http://127.0.0.1:$port" 200 > "$out/native.json"

echo "bench: workerd latency" >&2
port=$(free_port)
setsid npx wrangler dev --ip 127.0.0.1 --port "$port" --log-level warn > "$out/workerd.log" 2>&1 &
pids+=($!)
node e2e/bench/latency.mjs "http://127.0.0.1:$port" 200 > "$out/workerd.json"

stat -c %s build/worker/app.wasm > "$out/wasm-raw.txt"
gzip -9c build/worker/app.wasm | wc -c > "$out/wasm-gzip.txt"
node e2e/bench/report.mjs "$out" > BENCHMARKS.md
echo "bench: wrote BENCHMARKS.md" >&2
