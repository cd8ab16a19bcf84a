# Two commands do everything on a fresh machine: `make dev` and `make test`.
SHELL := /bin/bash
GO ?= go
WASM_ENV := GOOS=js GOARCH=wasm
include bench/targets.mk

GOFLAGS_BUILD := -ldflags='-s -w' -trimpath
export WRANGLER_SEND_METRICS := false

.PHONY: dev help quick deps test build worker site templ templ-check third-party chromium print-tools node_modules segno vet unit e2e bench soak load collector screens clean

# Each target a person runs has a comment "## name: what it does" above it
# (continued on "## " lines): make help lists them.

## dev: build everything and serve API, MCP and editor on workerd at 127.0.0.1:8787
dev: node_modules build build/wrangler.toml
	npx wrangler dev -c build/wrangler.toml --ip 127.0.0.1 --port 8787 --var QR_LOOPBACK:1

## help: list the targets a person runs, from these ## comments
help:
	@awk '/^## [a-z0-9-]+:/ { sub(/^## /, ""); i = index($$0, ":"); printf "\n  make %-12s %s", substr($$0, 1, i - 1), substr($$0, i + 1); next } \
		/^## / { sub(/^## /, ""); printf "\n  %18s%s", "", $$0 } END { print "" }' $(MAKEFILE_LIST)

## quick: the inner loop, as any user without root or network runs it: go vet and the unit tests
## in -short mode, tests whose oracle (zxing-cpp, segno, poppler) is not installed skipped and
## named at the end; make unit runs them all, make deps installs what they need
quick:
	@mkdir -p build && rm -f build/oracle-skips.tsv
	$(GO) vet ./...
	QR_ORACLE_SKIPS=$(CURDIR)/build/oracle-skips.tsv $(GO) test -short ./...
	@if [ -s build/oracle-skips.tsv ]; then \
		echo "quick: $$(wc -l < build/oracle-skips.tsv) tests skipped their oracle, which make unit and make test require:"; \
		cut -f1,2 build/oracle-skips.tsv | sort | uniq -c | awk -F'\t' '{ sub(/^ +/, "", $$1); printf "  %s missing (%s)\n", $$1, $$2 }'; \
	else echo "quick: every oracle was there; no test skipped for want of one"; fi

## deps: install everything make test uses: node_modules (npm ci) and, from Debian, segno,
## poppler, Ghostscript, qpdf, tmux, ImageMagick and Chromium (needs root and network)
deps: node_modules segno print-tools chromium

# wrangler dev runs wrangler.toml's [build] twice as it starts (once for
# the entry, once more when its file watcher is ready), though make has
# just built: dev and the e2e suites run a copy without [build], kept in
# build/ with its paths made relative to it. QR_LOOPBACK tells the Worker
# it serves 127.0.0.1 only (the MCP server then checks Host and Origin).
build/wrangler.toml: wrangler.toml
	mkdir -p build
	awk '/^\[/ { skip = ($$0 == "[build]") } !skip' wrangler.toml | sed 's|"build/|"|' > $@

## build: the Worker's .wasm and its JS entry, and the static site (build/site)
build: worker site

# The editor: HTML pages from templates/ (one per payload kind), app.js and
# friends from site/static, the browser program (editor.wasm, built without
# fonts: it draws the plain code), the verify worker's program (verify.wasm,
# which also draws branded codes, with its fonts), the /batch page's
# worker program (batch.wasm), the /inspect page's (inspect.wasm), Go's
# wasm_exec.js, and the
# gallery of every style x eye and of branded codes (docs/gallery.png and
# docs/branding.png are copies of its contact sheets); last, the brotli and
# gzip copies the native server sends (site/compress: about 20 s when
# editor.wasm has changed, nothing for a file that has not).
site: templ-check
	mkdir -p build/site
	$(GO) run ./site -out build/site
	$(GO) run ./site/gallery -out build/site/gallery
	$(WASM_ENV) $(GO) build $(GOFLAGS_BUILD) -tags nogofonts -o build/site/editor.wasm ./wasm
	$(WASM_ENV) $(GO) build $(GOFLAGS_BUILD) -o build/site/verify.wasm ./wasm/verify
	$(WASM_ENV) $(GO) build $(GOFLAGS_BUILD) -o build/site/batch.wasm ./wasm/batch
	$(WASM_ENV) $(GO) build $(GOFLAGS_BUILD) -o build/site/inspect.wasm ./wasm/inspect
	cp -f "$$($(GO) env GOROOT)/lib/wasm/wasm_exec.js" build/site/wasm_exec.js
	@raw=$$(stat -c %s build/site/editor.wasm); gz=$$(gzip -9c build/site/editor.wasm | wc -c); \
	echo "editor .wasm: $$raw bytes raw, $$gz gzip (target < $(EDITOR_GZIP_MAX))"; \
	if [ "$$gz" -ge $(EDITOR_GZIP_MAX) ]; then \
		echo "editor .wasm is $$gz bytes gzip, at or over the budget ($(EDITOR_GZIP_MAX), bench/targets.mk) that keeps the first code fast on a phone." >&2; \
		echo "  See what ./wasm pulls in: GOOS=js GOARCH=wasm go list -tags nogofonts -deps ./wasm" >&2; \
		echo "  (go test ./wasm/editor names the import chain that brings in net, net/http or the fonts)." >&2; \
		echo "  Keep heavy packages (net, net/http, embedded fonts) out of the core packages the editor imports," >&2; \
		echo "  or move the new work into verify.wasm, which loads after the first code." >&2; \
		exit 1; fi
	@echo "verify .wasm: $$(stat -c %s build/site/verify.wasm) bytes raw, $$(gzip -9c build/site/verify.wasm | wc -c) gzip (loaded after the first code)"
	@echo "batch .wasm: $$(stat -c %s build/site/batch.wasm) bytes raw, $$(gzip -9c build/site/batch.wasm | wc -c) gzip (loaded on /batch only)"
	@echo "inspect .wasm: $$(stat -c %s build/site/inspect.wasm) bytes raw, $$(gzip -9c build/site/inspect.wasm | wc -c) gzip (loaded on /inspect only)"
	$(GO) run ./site/compress build/site
	@echo "editor .wasm as the native server sends it: $$(stat -c %s build/site/editor.wasm.br) bytes brotli, $$(stat -c %s build/site/editor.wasm.gz) gzip"

## templ: regenerate templates/*_templ.go after editing a .templ file
templ:
	cd templates && $(GO) tool templ generate

# templ-check fails when a committed _templ.go does not match its .templ.
templ-check:
	@cd templates && for f in *.templ; do \
		$(GO) tool templ generate -f "$$f" -stdout | cmp -s - "$${f%.templ}_templ.go" || \
		{ echo "templates/$${f%.templ}_templ.go is not current: run make templ"; exit 1; }; done

# The Worker: Go's .wasm, Go's own wasm_exec.js, the entry, and two
# secrets made fresh by each build, never committed: one seeds Go's
# runtime while the module loads, the other is the MCP tools' seal key
# when QR_SEAL_KEY is not set (worker/entry.mjs says why). The build fails past
# 32 MiB raw, half of Cloudflare's 64 MiB limit.
worker:
	mkdir -p build/worker
	$(WASM_ENV) $(GO) build $(GOFLAGS_BUILD) -o build/worker/app.wasm ./worker
	cp worker/entry.mjs worker/start.mjs worker/front.mjs build/worker/
	cp -f "$$($(GO) env GOROOT)/lib/wasm/wasm_exec.js" build/worker/wasm_exec.js
	@echo "export default \"$$(head -c 32 /dev/urandom | base64 -w0)\";" > build/worker/seed.mjs
	@echo "export default \"$$(head -c 32 /dev/urandom | base64 -w0)\";" > build/worker/seal.mjs
	@echo "export default \"$$(sha256sum build/worker/app.wasm | cut -c1-16)\";" > build/worker/build.mjs
	@raw=$$(stat -c %s build/worker/app.wasm); echo "worker .wasm: $$raw bytes raw, $$(gzip -9c build/worker/app.wasm | wc -c) gzip (limit $(WORKER_RAW_MAX) raw)"; \
	if [ "$$raw" -ge $(WORKER_RAW_MAX) ]; then echo "worker .wasm is $$raw bytes, at or over $(WORKER_RAW_MAX) (bench/targets.mk), half of Cloudflare's 64 MiB Worker limit: see bench/wasmsize.mjs for what takes the room" >&2; exit 1; fi

node_modules: package-lock.json
	@if [ ! -x node_modules/.bin/wrangler ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then npm ci --no-audit --no-fund; fi

## test: vet, unit tests, then the e2e suites against the native server and workerd
test: vet unit node_modules build e2e

## third-party: remake the patched copies in third_party/ from the Go module cache and
## third_party/patches (docs/stack.md, "Patched copies"); vet fails when a copy is anything else
third-party:
	bash third_party/rebuild.sh

## vet: go vet natively and for WebAssembly, go.mod tidy, third_party/ copies as their patches make them
vet:
	bash third_party/rebuild.sh check
	$(GO) mod tidy -diff
	$(GO) vet ./...
	$(WASM_ENV) $(GO) vet ./worker/... ./wasm/...

## unit: every Go test, each oracle required (installs them first: root and network)
# The unit tests check our encoders, drawings and decoder against tools
# that are not ours (internal/oracle): zxing-cpp from node_modules, segno
# from Debian, poppler's pdftoppm (print-tools); QR_ORACLES makes a
# missing one fail them rather than skip.
unit: node_modules segno print-tools
	QR_ORACLES=1 $(GO) test ./...

# segno: Debian's python3-segno, the Micro QR and structured-append writer
# core/qr's tests compare symbols with.
segno:
	@/usr/bin/python3 -c 'import segno' 2>/dev/null || (apt-get update && apt-get install -y python3-segno)

## e2e: the e2e suites against the native server and workerd (make build first);
## SUITES="mcp editor" runs only those (bash e2e/run.sh --list names them)
e2e: chromium print-tools build/wrangler.toml
	MCP_TOOLS_TOKENS_MAX=$(MCP_TOOLS_TOKENS_MAX) MCP_TOOL_TOKENS_MAX=$(MCP_TOOL_TOKENS_MAX) MCP_VIEW_GZIP_MAX=$(MCP_VIEW_GZIP_MAX) bash e2e/run.sh $(SUITES)

# print-tools: the readers e2e/print opens our PDF, EPS and terminal output
# with: poppler (pdftoppm), Ghostscript, qpdf and tmux, from Debian; and
# ImageMagick, whose convert photographs the agreement set's codes beside
# Go's camera (core/scan TestWriteAgreementSet).
print-tools:
	@command -v pdftoppm >/dev/null && command -v gs >/dev/null && command -v qpdf >/dev/null && command -v tmux >/dev/null && \
		convert -version 2>/dev/null | grep -q ImageMagick || \
		(apt-get update && apt-get install -y poppler-utils ghostscript qpdf tmux imagemagick)

# chromium: Debian's Chromium, which the editor's e2e tests drive through playwright-core.
chromium:
	@command -v chromium >/dev/null || (apt-get update && apt-get install -y chromium)

## bench: encode and decode against peer libraries (native and WebAssembly), the Worker on
## workerd next to the native server, .wasm sizes; writes BENCHMARKS.md and docs/bench-encode.svg
bench: node_modules build build/wrangler.toml print-tools
	bash bench/run.sh

## soak: one workerd process answers 100,000 mixed requests one after another (about 10 minutes);
## writes build/soak/soak.json and the Soak section of BENCHMARKS.md. Not part of make test.
soak: node_modules build
	node bench/soak.mjs

## load: 60 s at concurrency 32 on workerd alone, without and then with attacks from internal/hostile;
## writes build/load/load.json and the Load section of BENCHMARKS.md. Not part of make test.
load: node_modules build
	$(GO) run ./bench/hostile -out build/load/hostile
	node bench/load.mjs

## collector: Go's GOGC settings side by side in the Worker's .wasm (bench/isolate.mjs, about 4 minutes);
## writes The collector section of BENCHMARKS.md. Not part of make test.
collector: node_modules build
	node bench/collector.mjs

## looks: every style x eye x ball the service draws (every eye with every ball that fits its ring),
## at 256, 512 and 1024 px, navy on white, read by zxing-cpp and jsQR, and at 512 px after the camera
## model by zxing-cpp: each must read every picture
## (about 2 minutes; make test reads a sample of it; STYLES="heart cross" draws only those). Not part of make test.
looks: node_modules
	rm -rf build/looks
	QR_STYLE_ALL=1 QR_STYLE_ONLY="$(STYLES)" QR_STYLE_DIR=$$PWD/build/looks $(GO) test -count=1 -run '^TestWriteStyleSet$$' ./core/render/
	node e2e/agreement/styles.mjs build/looks

## agreement: the whole agreement set (every style and eye at every text and colours, make test takes
## 2 in 9 of them; about 16 minutes): Verify's verdicts beside zxing-cpp and jsQR after a phone's camera.
## Not part of make test.
agreement: node_modules print-tools
	rm -rf build/agreement
	QR_AGREEMENT_ALL=1 QR_AGREEMENT_DIR=$$PWD/build/agreement $(GO) test -count=1 -run '^TestWriteAgreementSet$$' ./core/scan/
	node e2e/agreement/agreement.mjs build/agreement

## screens: the first screen of every editor page at 390 and 1280 px, in docs/screens/ (Chromium)
screens: node_modules build chromium
	go build -o build/native-server ./worker
	port=$$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'); \
	PORT=$$port build/native-server & pid=$$!; \
	until curl -sf "http://127.0.0.1:$$port/api/v1/health" >/dev/null; do sleep 0.2; done; \
	node docs/screens.mjs "http://127.0.0.1:$$port"; status=$$?; kill $$pid; exit $$status

## clean: remove build/ and wrangler's state
clean:
	rm -rf build .wrangler
