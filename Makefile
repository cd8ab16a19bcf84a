# Two commands do everything on a fresh machine: `make dev` and `make test`.
SHELL := /bin/bash
GO ?= go
WASM_ENV := GOOS=js GOARCH=wasm
GOFLAGS_BUILD := -ldflags='-s -w' -trimpath
WORKERS_JS := $(shell $(GO) env GOMODCACHE)/github.com/syumai/workers@v0.33.0/cmd/workers-assets-gen/assets/wasm_exec_go.js
export WRANGLER_SEND_METRICS := false

.PHONY: dev test build worker site node_modules vet unit e2e bench clean

## dev: build everything and serve API, MCP and editor on workerd at 127.0.0.1:8787
dev: node_modules build
	npx wrangler dev --ip 127.0.0.1 --port 8787

## build: the Worker's .wasm and its JS entry, and the static site (build/site)
build: worker site

site:
	mkdir -p build/site

worker:
	$(GO) mod download github.com/syumai/workers
	mkdir -p build/worker
	$(WASM_ENV) $(GO) build $(GOFLAGS_BUILD) -o build/worker/app.wasm ./worker
	cp worker/entry.mjs build/worker/entry.mjs
	cp -f $(WORKERS_JS) build/worker/wasm_exec.js
	@echo "worker .wasm: $$(stat -c %s build/worker/app.wasm) bytes raw, $$(gzip -9c build/worker/app.wasm | wc -c) gzip"

node_modules: package-lock.json
	@if [ ! -x node_modules/.bin/wrangler ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then npm ci --no-audit --no-fund; fi

## test: vet, unit tests, then the e2e suites against the native server and workerd
test: vet unit node_modules build e2e

vet:
	$(GO) vet ./...
	$(WASM_ENV) $(GO) vet ./worker/...

unit:
	$(GO) test ./...

e2e:
	bash e2e/run.sh

## bench: measure (Go benchmarks, latency native and on workerd, sizes) and write BENCHMARKS.md
bench: node_modules build
	bash e2e/bench/run.sh

clean:
	rm -rf build .wrangler
