#!/usr/bin/env bash
# Starts the native server and the Worker under workerd (wrangler dev) on
# free ports, runs the e2e suites against both, and stops them.
# Expects `make build` and node_modules (make test does both).
#
# Usage: bash e2e/run.sh [SUITE...]   (no names: every suite, in this order)
#        bash e2e/run.sh --list       (the suites' names)
set -euo pipefail
cd "$(dirname "$0")/.."
export WRANGLER_SEND_METRICS=false

all=(go redocly clients observatory agreement styleset faint brandset mcp-cost mcp mcp-go print contract conformance editor)
if [ "${1:-}" = --list ]; then printf '%s\n' "${all[@]}"; exit 0; fi
for s in "$@"; do
  [[ " ${all[*]} " == *" $s "* ]] || { echo "e2e: no suite $s; the suites are: ${all[*]}" >&2; exit 2; }
done
picked=("$@")
# want NAME: whether suite NAME runs (every suite when none was named).
want() { [ ${#picked[@]} -eq 0 ] || [[ " ${picked[*]} " == *" $1 "* ]]; }
# took NAME: says how long the suite before NAME ran, so a slow CI log
# names its slow suite; the last one is said on exit.
phase=start; phase_at=$SECONDS
took() { echo "e2e: $phase took $((SECONDS - phase_at)) s"; phase=$1; phase_at=$SECONDS; }

free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }

# wait_up URL NAME: poll until the server answers, for at most 120 s.
wait_up() {
  for _ in $(seq 1 240); do
    if node -e 'fetch(process.argv[1]).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))' "$1/api/v1/health"; then return 0; fi
    sleep 0.5
  done
  echo "e2e: $2 did not start; its log:" >&2
  cat "build/e2e-$2.log" >&2
  return 1
}

pids=()
cleanup() { for p in "${pids[@]}"; do kill -- -"$p" 2>/dev/null || kill "$p" 2>/dev/null || true; done; }
trap 'took end; cleanup' EXIT

go build -o build/native-server ./worker
native_port=$(free_port)
setsid env PORT="$native_port" build/native-server > build/e2e-native.log 2>&1 &
pids+=($!)

workerd_port=$(free_port)
# build/wrangler.toml is wrangler.toml without [build] (make has built;
# see the Makefile's dev target); QR_LOOPBACK as make dev sets it. The
# suites test all the service does, as on a paid plan with no CPU limit
# (QR_CPU_MS=0); the free plan's 10 ms, wrangler.toml's own setting, is
# tested on the pair below by e2e/plan_test.go.
setsid npx wrangler dev -c build/wrangler.toml --ip 127.0.0.1 --port "$workerd_port" --var QR_LOOPBACK:1 --var QR_CPU_MS:0 --log-level warn > build/e2e-workerd.log 2>&1 &
pids+=($!)

plan_native_port=$(free_port)
setsid env PORT="$plan_native_port" QR_CPU_MS=10 build/native-server > build/e2e-plan-native.log 2>&1 &
pids+=($!)
plan_workerd_port=$(free_port)
setsid npx wrangler dev -c build/wrangler.toml --ip 127.0.0.1 --port "$plan_workerd_port" --inspector-port "$(free_port)" --var QR_LOOPBACK:1 --log-level warn > build/e2e-plan-workerd.log 2>&1 &
pids+=($!)

export QR_NATIVE_URL="http://127.0.0.1:$native_port"
export QR_WORKERD_URL="http://127.0.0.1:$workerd_port"
export QR_PLAN_NATIVE_URL="http://127.0.0.1:$plan_native_port"
export QR_PLAN_WORKERD_URL="http://127.0.0.1:$plan_workerd_port"
wait_up "$QR_NATIVE_URL" native
wait_up "$QR_WORKERD_URL" workerd
wait_up "$QR_PLAN_NATIVE_URL" plan-native
wait_up "$QR_PLAN_WORKERD_URL" plan-workerd

# Every response the suites below receive is recorded and, at the end,
# checked against the OpenAPI description (e2e/contract/validate.mjs).
export QR_CONTRACT_LOG="$PWD/build/e2e-contract.jsonl"
rm -f "$QR_CONTRACT_LOG"
# The description itself, linted by Redocly CLI (redocly.yaml): 0 errors.
node -e 'fetch(process.argv[1]).then(r=>r.text()).then(t=>process.stdout.write(t))' "$QR_NATIVE_URL/openapi.json" > build/openapi.json
took redocly
if want redocly; then
REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true npx redocly lint build/openapi.json --format summary > build/e2e-redocly.log 2>&1 || { cat build/e2e-redocly.log; exit 1; }
grep -E 'valid|warning|error' build/e2e-redocly.log | sed 's/^/redocly: /'
fi
took clients
if want clients; then
# The description through the generators clients are made with: oapi-codegen
# (Go) writes a client that must compile and call every operation at its
# examples, each answered as documented; openapi-typescript writes types
# that must compile under tsc --strict with e2e/clients/ts/check.ts.
(cd e2e/clients/go && go tool oapi-codegen -generate types,client -package client -o client/client.gen.go ../../../build/openapi.json &&
  go run . -spec ../../../build/openapi.json -base "$QR_NATIVE_URL")
npx openapi-typescript build/openapi.json -o e2e/clients/ts/schema.d.ts > build/e2e-openapi-typescript.log 2>&1 || { cat build/e2e-openapi-typescript.log; exit 1; }
npx tsc -p e2e/clients/ts && echo "openapi-typescript: the types compile under tsc --strict"
fi

took go
if want go; then go test -count=1 ./e2e/; fi
took observatory
if want observatory; then
# Mozilla's HTTP Observatory grades both servers' pages (docs/decisions.md,
# "Browser policy"): installed apart, with --ignore-scripts (its postinstall
# downloads lists; scan.mjs writes the one it reads), and openssl for the
# test certificate of its https scans.
command -v openssl >/dev/null || (apt-get update && apt-get install -y openssl)
if [ ! -d e2e/observatory/node_modules/@mdn ] || [ e2e/observatory/package-lock.json -nt e2e/observatory/node_modules/.package-lock.json ]; then
  npm ci --prefix e2e/observatory --ignore-scripts --no-audit --no-fund > build/e2e-observatory-npm.log 2>&1 || { cat build/e2e-observatory-npm.log; exit 1; }
fi
node e2e/observatory/scan.mjs native="$QR_NATIVE_URL" workerd="$QR_WORKERD_URL"
fi
# readers writes a set of pictures to build/NAME (the Go test TEST of PKG,
# told the folder in VAR) and has e2e/agreement/SCRIPT read them with
# readers that are not ours.
readers() {
  want "$1" || return 0
  took "$1"
  rm -rf "build/$1"
  env "$2=$PWD/build/$1" go test -count=1 -run "^$3\$" "$4"
  node "e2e/agreement/$5" "build/$1"
}
# Verify's promise against readers that are not ours: the agreement set
# (every style and eye, versions 3 to 40, low-contrast colours, each code
# photographed by Go and by ImageMagick at 3 and 2.5 px a module, JPEG 40
# to 75, two frames each) read by zxing-cpp and jsQR.
readers agreement QR_AGREEMENT_DIR TestWriteAgreementSet ./core/scan/ agreement.mjs
# A clean render of every style and eye, 256 to 1024 px, and of every eye
# with each other ball it is drawn with in two styles, navy on white, read
# by zxing-cpp and jsQR, and each 512 px one as a phone takes it read by
# zxing-cpp: each must read every picture (make looks reads every style).
readers styleset QR_STYLE_DIR TestWriteStyleSet ./core/render/ styles.mjs
# Decode against zxing-cpp on faint codes: dark and light 10 to 25 grey
# levels apart under Gaussian noise (hardset.Faint), at every contrast our
# decoder must read at least as many pictures as zxing-cpp.
readers faint QR_FAINT_DIR TestWriteFaintSet ./core/scan/ faint.mjs
# The promise that every branded code is verified before it is served:
# the style matrix grown to logos, frames and gradients, decided as
# /api/v1/qr decides, every served one read by zxing-cpp and jsQR.
readers brandset QR_BRAND_DIR TestWriteBrandSet ./core/verify/ brand.mjs
# What tools/list costs a model, in tokens, held to bench/targets.mk.
took mcp-cost
if want mcp-cost; then node e2e/mcp/cost.mjs "$QR_NATIVE_URL" "$QR_WORKERD_URL"; fi
took mcp
if want mcp; then NODE_OPTIONS="--import=$PWD/e2e/contract/record.mjs" node --test e2e/mcp/; fi
# The Go clients beside the TypeScript ones: the official Go SDK and
# mcp-go's own client, at 2025-11-25 and 2026-07-28 (their own module).
took mcp-go
if want mcp-go; then (cd e2e/mcp/go && go test -count=1 .); fi
# PDF and EPS opened by poppler, qpdf and Ghostscript, terminal output read
# back and scanned off a tmux pane (make print-tools installed them).
took print
if want print; then NODE_OPTIONS="--import=$PWD/e2e/contract/record.mjs" node --test e2e/print/; fi
# The contract suite checks what the suites run before it recorded.
took contract
if want contract; then node e2e/contract/validate.mjs "$QR_CONTRACT_LOG" "$QR_NATIVE_URL" "$QR_WORKERD_URL"; fi
# The official MCP conformance suite, against both (conformance-expected.yml
# lists what it cannot test here and why).
took conformance
if want conformance; then
bash e2e/mcp/conformance.sh "$QR_NATIVE_URL" "$QR_WORKERD_URL" > build/e2e-conformance.log 2>&1 || { cat build/e2e-conformance.log; exit 1; }
grep -E '^conformance:|^Passed' build/e2e-conformance.log | paste - - | sed 's/\t/ /'
fi
# The editor pages, /batch and /docs in Chromium, served as wrangler assets
# by workerd, as deployed (make build wrote build/site). Their programs run
# in the browser, so one server is the whole suite; the native server
# serves the same files (SITE_DIR, default build/site), which one test of
# every page shows (the rest would repeat the suite's four minutes), and
# the pages' policies (site/policy), which each server sends itself, are
# checked on it too: every page run under its Content-Security-Policy.
want editor || exit 0
took editor
# Two files at a time (node's default on two cores is one): a page waits
# on its program and the network as much as on the CPU.
EDITOR_URL="$QR_WORKERD_URL" node --test --test-concurrency=2 e2e/editor/
EDITOR_URL="$QR_NATIVE_URL" node --test --test-name-pattern='every kind has a page' e2e/editor/editor.test.mjs
EDITOR_URL="$QR_NATIVE_URL" node --test e2e/editor/policy.test.mjs
