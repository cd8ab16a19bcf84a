// The requests of the free plan's 10 ms CPU budget (docs/deploy.md): qr in every
// format and style at 512 px, /q/, every typed kind (its example), verify,
// size, types, health, and the MCP tools but decode and batch. Each is a
// function of a variant number, so that a run cycles through 8 variants
// and none is answered from a cache the endpoint might keep: a string is
// a GET path, {post} a JSON-RPC message for /api/mcp.
const u = (i) => encodeURIComponent(`https://example.com/item/${i}`);

export function endpoints(types) {
  const endpoints = {};
  for (const f of ["png", "svg", "svg-tiny", "json", "base64"]) endpoints[`qr ${f}`] = (i) => `/api/v1/qr?data=${u(i)}&format=${f}`;
  for (const s of ["rounded", "dot", "diamond", "star", "vertical-bars", "horizontal-bars", "organic"]) {
    endpoints[`qr png ${s}`] = (i) => `/api/v1/qr?data=${u(i)}&style=${s}&eye=circle`;
    endpoints[`qr svg ${s}`] = (i) => `/api/v1/qr?data=${u(i)}&style=${s}&eye=circle&format=svg`;
  }
  endpoints["q png"] = (i) => `/q/${u(i)}.png`;
  for (const k of types.types) {
    // the required fields, and the first set of an either/or rule
    const need = [...(k.schema.required ?? []), ...(k.schema.anyOf?.[0]?.required ?? [])];
    const q = new URLSearchParams();
    for (const [name, f] of Object.entries(k.schema.properties ?? {})) {
      if (need.includes(name) && f.examples?.[0] !== undefined) q.set(name, f.examples[0]);
    }
    endpoints[`typed ${k.name}`] = (i) => `${k.path}?${q}&margin=${i % 4}`;
  }
  endpoints["verify"] = (i) => `/api/v1/verify?data=${u(i)}`;
  endpoints["verify rounded circle"] = (i) => `/api/v1/verify?data=${u(i)}&style=rounded&eye=circle`;
  endpoints["size"] = (i) => `/api/v1/size?data=${u(i)}&medium=poster`;
  endpoints["types"] = () => `/api/v1/types`;
  endpoints["health"] = () => `/api/v1/health`;
  const mcp = (name, args) => ({ post: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } } });
  endpoints["mcp qr_generate"] = (i) => mcp("qr_generate", { data: `https://example.com/item/${i}` });
  endpoints["mcp qr_generate_typed"] = (i) => mcp("qr_generate_typed", { type: "wifi", fields: { ssid: `Home-${i}`, security: "nopass" } });
  endpoints["mcp qr_verify"] = (i) => mcp("qr_verify", { data: `https://example.com/item/${i}` });
  endpoints["mcp qr_size_recommend"] = (i) => mcp("qr_size_recommend", { data: `https://example.com/item/${i}`, medium: "flyer" });
  endpoints["mcp tools/list"] = () => ({ post: { jsonrpc: "2.0", id: 1, method: "tools/list" } });
  return endpoints;
}

// heavy are the requests that read pictures or make many codes: decode and
// inspect of every picture of each set (sets: {name: [bytes, ...]}, a call
// cycling through them), batches of 1 to 1,000 items drawn (base64) and
// not (url), a label sheet, and the MCP tools over the same work. Each is a
// function of a call number; {method, path, type, body} is a POST.
export function heavy(sets) {
  const endpoints = {};
  const post = (path, type, body) => ({ method: "POST", path, type, body });
  const mcp = (name, args) => ({ post: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } } });
  for (const [set, images] of Object.entries(sets)) {
    if (images.length === 0) continue;
    endpoints[`decode ${set}`] = (i) => post("/api/v1/decode", "image/png", images[i % images.length]);
    endpoints[`inspect ${set}`] = (i) => post("/api/v1/inspect", "image/png", images[i % images.length]);
    endpoints[`mcp qr_decode ${set}`] = (i) => mcp("qr_decode", { image: Buffer.from(images[i % images.length]).toString("base64") });
    endpoints[`mcp qr_inspect ${set}`] = (i) => mcp("qr_inspect", { image: Buffer.from(images[i % images.length]).toString("base64"), overlay: false });
  }
  const items = (n, i) => Array.from({ length: n }, (_, k) => ({ id: `item-${k}`, data: `https://example.com/item/${i}/${k}` }));
  for (const n of [1, 10, 100, 1000]) {
    endpoints[`batch url ${n}`] = (i) => post("/api/v1/qr/batch", "application/json", JSON.stringify({ output: "url", items: items(n, i) }));
    endpoints[`batch png ${n}`] = (i) => post("/api/v1/qr/batch", "application/json", JSON.stringify({ output: "base64", items: items(n, i) }));
  }
  endpoints["batch sheet 21"] = (i) => post("/api/v1/qr/batch", "application/json", JSON.stringify({ output: "sheet", items: items(21, i) }));
  endpoints["mcp qr_batch 10"] = (i) => mcp("qr_batch", { output: "base64", items: items(10, i) });
  return endpoints;
}
