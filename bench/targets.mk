# The targets make bench judges its figures by and make build holds the
# .wasm files to: this file is the one list. The Makefile includes it;
# bench/report/targets.mjs reads it (NAME = number, one a line).

# Encode: our 512 px PNG at most this many times the fastest Go peer's time.
PNG_NATIVE_RATIO = 0.35
PNG_WASM_RATIO = 0.5
# SVG bytes at most this many times node qrcode's.
SVG_RATIO = 0.8
# The Worker's module load to ready, and a new workerd process's first request (ms).
LOAD_MS = 400
FIRST_REQUEST_MS = 20
# No package initialiser over this (ms, WebAssembly).
INIT_MS = 10
# CPU a request may take on Cloudflare's free plan (ms, isolate p99).
CPU_MS = 10
# The editor: a keystroke reaches the preview within one 60 Hz frame (ms, median).
KEYSTROKE_MS = 16
# Bytes: the Worker's .wasm raw (half of Cloudflare's 64 MiB limit), editor.wasm gzip
# (under: at most 1,464,982, its size before the QR family's symbols entered it; the
# program links no payload reader since, docs/editor.md "Figures").
WORKER_RAW_MAX = 33554432
EDITOR_GZIP_MAX = 1464983
# The editor: a shared link's first code on screen, median (ms): warm with
# the CPU throttled 4x, and on a new profile over 4G as well.
FIRST_CODE_WARM_MS = 500
FIRST_CODE_4G_MS = 1500
# MCP: what tools/list costs a model before its first call, in o200k_base
# tokens (gpt-tokenizer), all the tools and the largest one (e2e/mcp/cost.mjs).
MCP_TOOLS_TOKENS_MAX = 3000
MCP_TOOL_TOKENS_MAX = 700
# The MCP App view (worker/tools/view.html), gzip bytes.
MCP_VIEW_GZIP_MAX = 61440
