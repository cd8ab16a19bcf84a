package mcp

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"qrkeyless/core/problem"
	"qrkeyless/worker/edge"
)

// The protocol revisions served. Modern is the stateless revision: every
// request carries its version, client and capabilities in _meta, and
// names itself in headers. The others are served as they define it, after
// an initialize handshake; since this server keeps no session, that
// handshake only agrees on a version.
const Modern = "2026-07-28"

// Legacy lists the earlier revisions served, newest first.
var Legacy = []string{"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"}

// Versions lists every revision served, newest first.
func Versions() []string { return append([]string{Modern}, Legacy...) }

// The _meta keys of 2026-07-28.
const (
	metaVersion      = "io.modelcontextprotocol/protocolVersion"
	metaClient       = "io.modelcontextprotocol/clientInfo"
	metaCapabilities = "io.modelcontextprotocol/clientCapabilities"
	metaServer       = "io.modelcontextprotocol/serverInfo"
)

// TTL is how long a client may keep the answers of tools/list and
// server/discover, in milliseconds: as long as the REST discovery
// documents (OpenAPI, llms.txt) are cached, since a deploy changes both.
const TTL = 300_000

// JSON-RPC error codes: the standard ones and those of 2026-07-28.
const (
	codeParse          = -32700
	codeInvalidRequest = -32600
	codeNoMethod       = -32601
	codeInvalidParams  = -32602
	codeHeaderMismatch = -32020
	codeNoVersion      = -32022
)

var serverInfo = map[string]string{"name": "qrkeyless", "title": "Keyless QR codes", "version": Version}

// reply is one JSON-RPC answer; etag, when set, is sent as the HTTP
// ETag of a result that depends on nothing the request said.
type reply struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
	etag    string
	key     string // the edge cache key of an answer the same for every client (package edge)
}

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
	Data    any    `json:"data,omitempty"`
}

func errorReply(id json.RawMessage, code int, message string, data any) reply {
	if id == nil {
		id = json.RawMessage("null")
	}
	return reply{JSONRPC: "2.0", ID: id, Error: &rpcError{code, message, data}}
}

// request is the params of a request, as far as this server reads them.
type request struct {
	Meta            map[string]json.RawMessage `json:"_meta"`
	Name            string                     `json:"name"`
	URI             string                     `json:"uri"`
	Arguments       any                        `json:"arguments"`
	ProtocolVersion string                     `json:"protocolVersion"`
}

// answer dispatches one request to the revision it speaks: 2026-07-28
// when its header or _meta names a version and it is not an initialize of
// an earlier revision, else the handshake revisions. It returns the HTTP
// status and the reply.
func (h *handler) answer(ctx context.Context, header http.Header, m message) (int, reply) {
	var p request
	if len(m.Params) > 0 && string(m.Params) != "null" {
		if err := json.Unmarshal(m.Params, &p); err != nil {
			return http.StatusBadRequest, errorReply(m.ID, codeInvalidParams, "Invalid params: params must be an object", nil)
		}
	}
	version := strings.TrimSpace(header.Get("MCP-Protocol-Version"))
	_, stateless := p.Meta[metaVersion]
	if stateless || version == Modern || version != "" && !slices.Contains(Legacy, version) && m.Method != "initialize" {
		return h.modern(ctx, header, m, p)
	}
	return h.legacy(ctx, version, m, p)
}

// modern answers a request of 2026-07-28: its _meta, then its headers
// against its body, then its version are checked, in that order, before
// the method runs.
func (h *handler) modern(ctx context.Context, header http.Header, m message, p request) (int, reply) {
	bad := func(code int, msg string, data any) (int, reply) {
		return http.StatusBadRequest, errorReply(m.ID, code, msg, data)
	}
	var version string
	if err := json.Unmarshal(p.Meta[metaVersion], &version); err != nil || version == "" || p.Meta[metaCapabilities] == nil {
		return bad(codeInvalidParams, "Invalid params: _meta must carry "+metaVersion+" (a string) and "+metaCapabilities+" (an object, {} for none)", nil)
	}
	if got := strings.TrimSpace(header.Get("MCP-Protocol-Version")); got != version {
		return bad(codeHeaderMismatch, fmt.Sprintf("Header mismatch: MCP-Protocol-Version header value %q does not match body value %q", got, version), nil)
	}
	if got := strings.TrimSpace(header.Get("Mcp-Method")); got != m.Method {
		return bad(codeHeaderMismatch, fmt.Sprintf("Header mismatch: Mcp-Method header value %q does not match body value %q", got, m.Method), nil)
	}
	if want, named := nameOf(m.Method, p); named {
		if got := decodeName(strings.TrimSpace(header.Get("Mcp-Name"))); got != want {
			return bad(codeHeaderMismatch, fmt.Sprintf("Header mismatch: Mcp-Name header value %q does not match body value %q", got, want), nil)
		}
	}
	if version != Modern {
		return bad(codeNoVersion, "Unsupported protocol version", map[string]any{"supported": Versions(), "requested": version})
	}
	// server/discover and tools/list say the same to every client of a
	// revision: the Worker's edge cache keeps them (worker/front.mjs), and
	// asks for the key before the answer is made.
	var key string
	if m.Method == "server/discover" || m.Method == "tools/list" {
		var keyOnly bool
		if key, keyOnly = edge.Key(ctx, "mcp", version, m.Method); keyOnly {
			return http.StatusNoContent, reply{key: key}
		}
	}
	var result map[string]any
	etag := false
	switch m.Method {
	case "server/discover":
		result, etag = h.discover(), true
	case "tools/list":
		result, etag = h.list(), true
		result["ttlMs"], result["cacheScope"] = TTL, "public"
	case "tools/call":
		res, ok := h.call(ctx, p)
		if !ok {
			return bad(codeInvalidParams, "Invalid params: unknown tool "+strconv.Quote(p.Name), map[string]any{"tools": h.names()})
		}
		result = res
	default:
		// Every method but these three is gone in 2026-07-28 (initialize,
		// ping) or is one this server does not offer.
		return http.StatusNotFound, errorReply(m.ID, codeNoMethod, "Method not found: "+m.Method+"; this server answers server/discover, tools/list and tools/call", nil)
	}
	result["resultType"] = "complete"
	result["_meta"] = map[string]any{metaServer: serverInfo}
	r := reply{JSONRPC: "2.0", ID: m.ID, Result: result, key: key}
	if etag {
		r.etag = tag(result)
	}
	return http.StatusOK, r
}

// legacy answers a request of a revision with a handshake. Since no
// session is kept, initialize only agrees on a version; every other
// request stands alone.
func (h *handler) legacy(ctx context.Context, version string, m message, p request) (int, reply) {
	if version != "" && !slices.Contains(Legacy, version) {
		return http.StatusBadRequest, errorReply(m.ID, codeInvalidRequest, "Unsupported protocol version "+strconv.Quote(version), map[string]any{"supported": Versions(), "requested": version})
	}
	var result any
	switch m.Method {
	case "initialize":
		agreed := Legacy[0]
		if slices.Contains(Legacy, p.ProtocolVersion) {
			agreed = p.ProtocolVersion
		}
		result = map[string]any{"protocolVersion": agreed, "capabilities": capabilities(), "serverInfo": serverInfo, "instructions": instructions()}
	case "ping":
		result = map[string]any{}
	case "server/discover":
		result = h.discover()
	case "tools/list":
		result = h.list()
	case "tools/call":
		res, ok := h.call(ctx, p)
		if !ok {
			return http.StatusOK, errorReply(m.ID, codeInvalidParams, "Invalid params: unknown tool "+strconv.Quote(p.Name), map[string]any{"tools": h.names()})
		}
		result = res
	default:
		return http.StatusOK, errorReply(m.ID, codeNoMethod, "Method not found: "+m.Method, nil)
	}
	return http.StatusOK, reply{JSONRPC: "2.0", ID: m.ID, Result: result}
}

func capabilities() map[string]any {
	return map[string]any{"tools": map[string]any{"listChanged": false}}
}

// discover is the result of server/discover: what a client would have
// learnt from initialize, without one.
func (h *handler) discover() map[string]any {
	return map[string]any{"supportedVersions": Versions(), "capabilities": capabilities(), "instructions": instructions(),
		"ttlMs": TTL, "cacheScope": "public"}
}

func (h *handler) list() map[string]any {
	ts := h.load().tools
	list := make([]Tool, len(ts))
	for i, t := range ts {
		list[i] = t.Tool
	}
	return map[string]any{"tools": list}
}

func (h *handler) names() []string {
	ts := h.load().tools
	names := make([]string, len(ts))
	for i, t := range ts {
		names[i] = t.Tool.Name
	}
	return names
}

// call runs the named tool, and reports false when there is none. Its
// result is a JSON object, so that 2026-07-28 can add its fields.
func (h *handler) call(ctx context.Context, p request) (map[string]any, bool) {
	t, ok := h.load().byName[p.Name]
	if !ok {
		return nil, false
	}
	b, _ := json.Marshal(t.Handler(ctx, p.Arguments)) // our own result: cannot fail
	var out map[string]any
	json.Unmarshal(b, &out)
	return out, true
}

// nameOf returns what a request's Mcp-Name header must say: the tool,
// prompt or resource its params name.
func nameOf(method string, p request) (string, bool) {
	switch method {
	case "tools/call", "prompts/get":
		return p.Name, true
	case "resources/read":
		return p.URI, true
	}
	return "", false
}

// decodeName reads an Mcp-Name header, which carries a name that is not
// plain ASCII as =?base64?<the UTF-8 bytes in base64>?=.
func decodeName(v string) string {
	if b64, ok := strings.CutPrefix(v, "=?base64?"); ok && strings.HasSuffix(b64, "?=") {
		if b, err := base64.StdEncoding.DecodeString(strings.TrimSuffix(b64, "?=")); err == nil {
			return string(b)
		}
	}
	return v
}

// tag is the strong ETag of a result that depends only on the server.
func tag(result any) string {
	b, _ := json.Marshal(result)
	sum := sha256.Sum256(b)
	return `"` + hex.EncodeToString(sum[:16]) + `"`
}

// writeRPC sends a reply as JSON, or as an event stream of one message
// when the client accepts only that. A result with an ETag is 304 when
// the client already holds it.
func writeRPC(w http.ResponseWriter, r *http.Request, status int, rep reply) {
	hdr := w.Header()
	hdr.Set("Cache-Control", "no-store")
	if rep.key != "" && !wantsStream(r.Header.Get("Accept")) { // the entry keeps JSON answers only
		hdr.Set("x-qr-key", rep.key)
		if status == http.StatusNoContent {
			w.WriteHeader(status)
			return
		}
	}
	if rep.etag != "" {
		hdr.Set("ETag", rep.etag)
		if strings.Contains(r.Header.Get("If-None-Match"), rep.etag) {
			w.WriteHeader(http.StatusNotModified)
			return
		}
	}
	var b []byte
	if rep.Result != nil || rep.Error != nil {
		b = marshal(rep)
	}
	if wantsStream(r.Header.Get("Accept")) {
		hdr.Set("Content-Type", "text/event-stream")
		hdr.Set("X-Accel-Buffering", "no")
		b = append(append([]byte("event: message\ndata: "), b...), "\n\n"...)
	} else {
		hdr.Set("Content-Type", "application/json")
	}
	hdr.Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(status)
	w.Write(b)
}

// marshal writes our own values as JSON, which cannot fail, with & < >
// kept as they are.
func marshal(v any) []byte {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err)
	}
	return []byte(strings.TrimSuffix(b.String(), "\n"))
}

type loopbackKey struct{}

// Loopback marks a request made to a server that listens on a loopback
// address only (go run ./worker, make dev): any web page can reach it
// through DNS rebinding, so its requests must name a local Host, and a
// local Origin when they have one. The public Worker answers any origin:
// it is keyless and holds nothing of anyone's.
func Loopback(ctx context.Context) context.Context {
	return context.WithValue(ctx, loopbackKey{}, true)
}

// foreign is the 403 for a request to a loopback server from a foreign
// Host or Origin, else nil.
func foreign(r *http.Request) *problem.Problem {
	if on, _ := r.Context().Value(loopbackKey{}).(bool); !on {
		return nil
	}
	host := r.Host
	if !local(host) {
		return problem.Forbidden.Newf("", "Call the local server by a local name, such as http://127.0.0.1 or http://localhost.", "Host %q is not local; a server on a loopback address answers only local names", host)
	}
	if o := r.Header.Get("Origin"); o != "" {
		u, err := url.Parse(o)
		if err != nil || !local(u.Host) {
			return problem.Forbidden.Newf("", "Call the local server from a page on a local origin, or from a client that sends no Origin.", "Origin %q is not local; a server on a loopback address answers only local pages", o)
		}
	}
	return nil
}

// local reports whether a host (with or without a port) names this
// machine.
func local(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.Trim(host, "[]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
