// The gate on what the MCP server's tools/list costs a model: each tool's
// definition as JSON, counted in o200k_base tokens by gpt-tokenizer (the
// encoding of current OpenAI models; Anthropic's is not published, and
// counts of the same text are close). Fails when all the tools pass
// MCP_TOOLS_TOKENS_MAX or one passes MCP_TOOL_TOKENS_MAX (bench/targets.mk,
// passed in by make e2e), so that no feature grows the list back unseen.
// Usage: node e2e/mcp/cost.mjs URL...
import { encode } from "gpt-tokenizer/encoding/o200k_base";

const all = Number(process.env.MCP_TOOLS_TOKENS_MAX || 3000);
const one = Number(process.env.MCP_TOOL_TOKENS_MAX || 700);

let failed = false;
for (const base of process.argv.slice(2)) {
  const r = await fetch(new URL("/api/mcp", base), {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-11-25" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
  const { result } = await r.json();
  let total = 0, bytes = 0;
  const rows = [];
  for (const tool of result.tools) {
    const json = JSON.stringify(tool);
    const n = encode(json).length;
    total += n;
    bytes += Buffer.byteLength(json);
    rows.push(`${tool.name} ${Buffer.byteLength(json)} B ${n} tokens`);
    if (n > one) {
      console.error(`mcp cost: ${tool.name} costs ${n} tokens at ${base}, over ${one} (MCP_TOOL_TOKENS_MAX, bench/targets.mk).`);
      failed = true;
    }
  }
  console.log(`mcp cost: ${base}: ${result.tools.length} tools, ${bytes} B, ${total} tokens (limit ${all}; each at most ${one}): ${rows.join(", ")}`);
  if (total > all) {
    console.error(`mcp cost: tools/list costs ${total} tokens at ${base}, over ${all} (MCP_TOOLS_TOKENS_MAX, bench/targets.mk).`);
    failed = true;
  }
}
if (failed) {
  console.error("  Say less in the tool: a short description, the common arguments in the schema and the rest in the");
  console.error("  resources qr://parameters and qr://kinds (worker/tools/resources.go; docs/mcp.md, \"The tool list\").");
  process.exit(1);
}
