// One raw JSON-RPC POST to a server's /api/mcp, with no client library:
// shared by the MCP suite (helpers.mjs) and the latency bench
// (bench/mcp.mjs), which imports nothing of the suite's readers.

// rpc posts one raw body to /api/mcp and returns the response with its
// JSON-RPC message, read from a JSON or an SSE body.
export async function rpc(base, body, headers = {}) {
  const res = await fetch(new URL("/api/mcp", base), {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let message = null;
  if (res.headers.get("content-type")?.startsWith("text/event-stream")) {
    const data = text.split("\n").find((l) => l.startsWith("data: "));
    message = data ? JSON.parse(data.slice(6)) : null;
  } else if (text && res.headers.get("content-type")?.includes("json")) {
    message = JSON.parse(text);
  }
  return { status: res.status, headers: res.headers, text, message };
}
