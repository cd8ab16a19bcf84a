package mcp

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"qrkeyless/core/budget"
	"qrkeyless/core/problem"
	"qrkeyless/core/scan"
	"qrkeyless/worker/edge"
	"qrkeyless/worker/reply"
)

// maxBody bounds one JSON-RPC message: a 16 MiB image in base64 (qr_decode)
// with room for the envelope.
const maxBody = scan.DefaultMaxBytes*4/3 + 64<<10

// The _meta keys of 2026-07-28.
const (
	metaVersion      = mcp.MetaKeyProtocolVersion
	metaCapabilities = mcp.MetaKeyClientCapabilities
)

// ServeHTTP answers one POSTed JSON-RPC message. Refusals at the HTTP level
// (a body that is not JSON, a foreign origin on a local server) are problem
// documents; a message that is not a valid JSON-RPC request is a JSON-RPC
// error, as the MCP transport asks, and so is a message over the size
// limit whose id can be read, so that the client's session lives on.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if p := foreign(r); p != nil {
		reply.Problem(w, p)
		return
	}
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
		p := problem.Unsupported.Newf("", `POST /api/mcp with Content-Type application/json and a JSON-RPC message, e.g. {"jsonrpc":"2.0","id":1,"method":"tools/list"}`,
			"Content-Type %q is not accepted; the tool server takes JSON-RPC as application/json", r.Header.Get("Content-Type"))
		p.Allowed = []string{"application/json"}
		reply.Problem(w, p)
		return
	}
	body, err := read(r)
	if errors.Is(err, errTooLarge) {
		if id := leadingID(body); id != nil {
			writeRPC(w, r, http.StatusOK, errorReply(id, mcp.INVALID_PARAMS, tooLarge(r.ContentLength, len(body)).Detail,
				tooLarge(r.ContentLength, len(body))))
			return
		}
		reply.Problem(w, tooLarge(r.ContentLength, len(body)))
		return
	}
	if err != nil {
		writeRPC(w, r, http.StatusBadRequest, errorReply(nil, mcp.PARSE_ERROR, "Parse error: could not read the body: "+err.Error(), nil))
		return
	}
	if id, code, msg := check(body); code != 0 {
		writeRPC(w, r, http.StatusBadRequest, errorReply(id, code, msg, nil))
		return
	}
	var m message
	json.Unmarshal(body, &m) // check has read it
	if m.Method == "" || len(m.ID) == 0 {
		// A notification, or a client's answer to a request this server
		// never sends: accepted, with nothing to say.
		w.WriteHeader(http.StatusAccepted)
		return
	}
	ctx := WithOrigin(r.Context(), reply.Origin(r))
	status, rep := h.answer(ctx, r.Header, body, m)
	writeRPC(w, r, status, rep)
}

// errTooLarge is read's error for a body over maxBody.
var errTooLarge = errors.New("too large")

// read reads r's body within maxBody: a body that says or proves itself
// larger is errTooLarge, with its first bytes, which hold the id of any
// ordinary message (jsonrpc, id and method come before the params).
func read(r *http.Request) ([]byte, error) {
	if r.ContentLength > maxBody {
		head := make([]byte, 4<<10)
		n, _ := io.ReadFull(r.Body, head)
		return head[:n], errTooLarge
	}
	var buf bytes.Buffer
	if r.ContentLength > 0 {
		buf.Grow(int(r.ContentLength) + 1) // one allocation: in the Worker every copy counts
	}
	if _, err := buf.ReadFrom(io.LimitReader(r.Body, maxBody+1)); err != nil {
		return nil, err
	}
	if buf.Len() > maxBody {
		return buf.Bytes()[:4<<10], errTooLarge
	}
	return buf.Bytes(), nil
}

// leadingID reads the id of the JSON-RPC message head begins, when it comes
// before anything too long to read in head; nil when it does not.
func leadingID(head []byte) json.RawMessage {
	dec := json.NewDecoder(bytes.NewReader(head))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return nil
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil
		}
		if key == "id" && (v[0] == '"' || v[0] == '-' || v[0] >= '0' && v[0] <= '9') {
			return v
		}
	}
	return nil
}

func tooLarge(declared int64, read int) *problem.Problem {
	n := declared
	if n <= 0 {
		n = int64(read)
	}
	return problem.TooLarge.Newf("", "Send an image of at most 16 MiB to qr_decode, or split a qr_batch call.",
		"the message is over %d bytes (the limit); it said it was %d", maxBody, n)
}

// message is a JSON-RPC request as this server reads it.
type message struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
}

// member is one top-level member of a JSON-RPC message: its first byte
// (which tells its JSON type) and, when short, its text.
type member struct {
	first byte
	text  string
}

func (m *member) UnmarshalJSON(b []byte) error {
	m.first = b[0]
	if len(b) <= 256 {
		m.text = string(b)
	}
	return nil
}

// check reads the envelope of a JSON-RPC message before mcp-go does: it
// returns the JSON-RPC error code and message for a message that is not
// JSON (-32700) or not a valid request, notification or response (-32600),
// with the id to answer with when it has a valid one, and code 0 for a
// valid message. The bounds of its shape are the service's (core/budget).
func check(body []byte) (id json.RawMessage, code int, message string) {
	if d, k := budget.JSONShape(body); d > budget.MaxJSONDepth {
		return nil, mcp.INVALID_REQUEST, fmt.Sprintf("Invalid Request: the message nests %d levels deep; at most %d are read", d, budget.MaxJSONDepth)
	} else if k > budget.MaxJSONMembers {
		return nil, mcp.INVALID_REQUEST, fmt.Sprintf("Invalid Request: an object in the message has %d members; at most %d are read", k, budget.MaxJSONMembers)
	}
	var m struct {
		JSONRPC member `json:"jsonrpc"`
		ID      member `json:"id"`
		Method  member `json:"method"`
		Result  member `json:"result"`
		Error   member `json:"error"`
	}
	err := json.Unmarshal(body, &m)
	var syntax *json.SyntaxError
	switch {
	case errors.As(err, &syntax): // an empty body too
		return nil, mcp.PARSE_ERROR, "Parse error: the body is not valid JSON"
	case err != nil && bytes.TrimSpace(body)[0] == '[':
		return nil, mcp.INVALID_REQUEST, "Invalid Request: batches are not supported; send one JSON-RPC message per request"
	case err != nil:
		return nil, mcp.INVALID_REQUEST, "Invalid Request: a JSON-RPC message is a JSON object"
	}
	switch m.ID.first {
	case 0:
	case '"', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		if m.ID.text != "" { // else too long to echo: answer with id null
			id = json.RawMessage(m.ID.text)
		}
	default:
		return nil, mcp.INVALID_REQUEST, "Invalid Request: id must be a string or a number"
	}
	switch {
	case m.JSONRPC.text != `"2.0"`:
		return id, mcp.INVALID_REQUEST, `Invalid Request: jsonrpc must be "2.0"`
	case m.Method.first == 0 && m.Result.first == 0 && m.Error.first == 0:
		return id, mcp.INVALID_REQUEST, "Invalid Request: a request needs a method"
	case m.Method.first != 0 && m.Method.first != '"':
		return id, mcp.INVALID_REQUEST, "Invalid Request: method must be a string"
	}
	return nil, 0, ""
}

// rpcReply is one JSON-RPC answer, as written; etag, when set, is sent as
// the HTTP ETag of a result that depends on nothing the request said, and
// key is the edge cache key of such an answer (package edge).
type rpcReply struct {
	body []byte
	etag string
	key  string
}

func errorReply(id json.RawMessage, code int, message string, data any) rpcReply {
	if id == nil {
		id = json.RawMessage("null")
	}
	e := map[string]any{"code": code, "message": message}
	if data != nil {
		e["data"] = data
	}
	return rpcReply{body: marshal(map[string]any{"jsonrpc": "2.0", "id": id, "error": e})}
}

// answer dispatches one request to mcp-go's MCPServer, after the checks
// 2026-07-28 asks of the envelope and headers of a request of its own,
// and returns the HTTP status and the reply. A request is of 2026-07-28
// when its _meta or its MCP-Protocol-Version header names a version and
// it is not an initialize of an earlier revision.
func (h *Handler) answer(ctx context.Context, header http.Header, body []byte, m message) (int, rpcReply) {
	var p struct {
		Meta map[string]json.RawMessage `json:"_meta"`
	}
	if len(m.Params) > 0 && string(m.Params) != "null" {
		if err := json.Unmarshal(m.Params, &p); err != nil {
			return http.StatusBadRequest, errorReply(m.ID, mcp.INVALID_PARAMS, "Invalid params: params must be an object", nil)
		}
	}
	version := strings.TrimSpace(header.Get(mcp.HeaderProtocolVersion))
	_, stateless := p.Meta[metaVersion]
	modern := stateless || version == Modern || version != "" && !slices.Contains(Legacy, version) && m.Method != string(mcp.MethodInitialize)
	if req, ok := requests[m.Method]; ok {
		// mcp-go answers params that do not unmarshal into the method's
		// request as -32600, Invalid Request; JSON-RPC 2.0 calls a request
		// whose params are wrong -32602, Invalid params.
		if err := json.Unmarshal(body, req()); err != nil {
			return http.StatusOK, errorReply(m.ID, mcp.INVALID_PARAMS, "Invalid params: "+err.Error(), nil)
		}
	}
	cacheable := modern && (m.Method == string(mcp.MethodServerDiscover) || m.Method == string(mcp.MethodToolsList))
	var key string
	switch {
	case modern:
		if status, rep, bad := checkModern(header, m, p.Meta); bad {
			return status, rep
		}
		if !slices.Contains(modernMethods, m.Method) {
			// Gone in 2026-07-28 (initialize, ping), or not offered: a
			// subscriptions/listen stream would be a request that never
			// ends, and this server has no list that changes.
			return http.StatusNotFound, errorReply(m.ID, mcp.METHOD_NOT_FOUND, "Method not found: "+m.Method+"; this server answers "+strings.Join(modernMethods, ", "), nil)
		}
		// server/discover and tools/list say the same to every client of a
		// revision: the Worker's edge cache keeps them (worker/front.mjs), and
		// asks for the key before the answer is made.
		if cacheable {
			var keyOnly bool
			if key, keyOnly = edge.Key(ctx, "mcp", Modern, m.Method); keyOnly {
				return http.StatusNoContent, rpcReply{key: key}
			}
		}
	case version != "" && !slices.Contains(Legacy, version):
		return http.StatusBadRequest, errorReply(m.ID, mcp.INVALID_REQUEST, "Unsupported protocol version "+strconv.Quote(version), map[string]any{"supported": Versions(), "requested": version})
	}
	res := h.server().HandleMessage(server.WithSupportedProtocolVersions(ctx, Versions()), body)
	b := marshal(res)
	status := http.StatusOK
	if e, ok := res.(mcp.JSONRPCError); ok {
		// 2026-07-28 answers a method it does not have with 404; every
		// other error of a request that reached the server (an unknown
		// tool among them) is an answer, 200, as in the handshake
		// revisions: 400 is for the version, header and envelope faults
		// checkModern refuses.
		if modern && e.Error.Code == mcp.METHOD_NOT_FOUND {
			status = http.StatusNotFound
		}
		return status, rpcReply{body: b}
	}
	rep := rpcReply{body: b, key: key}
	if ok, isResult := res.(mcp.JSONRPCResponse); cacheable && isResult {
		sum := sha256.Sum256(marshal(ok.Result)) // the result alone: the id differs
		rep.etag = `"` + hex.EncodeToString(sum[:16]) + `"`
	}
	return status, rep
}

// modernMethods are the methods answered at 2026-07-28.
var modernMethods = []string{string(mcp.MethodServerDiscover), string(mcp.MethodToolsList), string(mcp.MethodToolsCall)}

// requests are the request types of the methods this server answers, as
// mcp-go reads them.
var requests = map[string]func() any{
	string(mcp.MethodInitialize):     func() any { return new(mcp.InitializeRequest) },
	string(mcp.MethodPing):           func() any { return new(mcp.PingRequest) },
	string(mcp.MethodServerDiscover): func() any { return new(mcp.DiscoverRequest) },
	string(mcp.MethodToolsList):      func() any { return new(mcp.ListToolsRequest) },
	string(mcp.MethodToolsCall):      func() any { return new(mcp.CallToolRequest) },
}

// checkModern refuses a 2026-07-28 request whose _meta lacks its version or
// capabilities, whose headers disagree with its body, or whose version this
// server does not speak, in that order, with 400 and the revision's error.
// mcp-go makes the header checks only inside its own HTTP transport, which
// this server does not use (it needs none of its sessions or streams).
func checkModern(header http.Header, m message, meta map[string]json.RawMessage) (int, rpcReply, bool) {
	bad := func(code int, msg string, data any) (int, rpcReply, bool) {
		return http.StatusBadRequest, errorReply(m.ID, code, msg, data), true
	}
	var version string
	if err := json.Unmarshal(meta[metaVersion], &version); err != nil || version == "" || meta[metaCapabilities] == nil {
		return bad(mcp.INVALID_PARAMS, "Invalid params: _meta must carry "+metaVersion+" (a string) and "+metaCapabilities+" (an object, {} for none)", nil)
	}
	if got := strings.TrimSpace(header.Get(mcp.HeaderProtocolVersion)); got != version {
		return bad(mcp.HEADER_MISMATCH, fmt.Sprintf("Header mismatch: %s header value %q does not match body value %q", mcp.HeaderProtocolVersion, got, version), nil)
	}
	// A header value is read without the whitespace round it (RFC 9110
	// 5.5), which net/http strips and workerd hands over as sent.
	get := func(name string) string { return strings.TrimSpace(header.Get(name)) }
	if err := mcp.ValidateStandardHeaders(get, version, mcp.MCPMethod(m.Method), m.Params); err != nil {
		return bad(mcp.HEADER_MISMATCH, "Header mismatch: "+strings.TrimPrefix(err.Error(), "header mismatch: "), nil)
	}
	if version != Modern {
		return bad(mcp.UNSUPPORTED_PROTOCOL_VERSION, "Unsupported protocol version", map[string]any{"supported": Versions(), "requested": version})
	}
	return 0, rpcReply{}, false
}

// writeRPC sends a reply as JSON, or as an event stream of one message
// when the client accepts only that. A result with an ETag is 304 when
// the client already holds it.
func writeRPC(w http.ResponseWriter, r *http.Request, status int, rep rpcReply) {
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
	b := rep.body
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
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err)
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// wantsStream reports whether an Accept header admits text/event-stream
// and not application/json. Clients that follow the transport send both and
// get JSON.
func wantsStream(accept string) bool {
	stream, js := false, false
	for _, part := range strings.Split(accept, ",") {
		mt, params, err := mime.ParseMediaType(strings.TrimSpace(part))
		if err != nil || params["q"] == "0" {
			continue
		}
		switch mt {
		case "text/event-stream":
			stream = true
		case "application/json", "application/*", "*/*":
			js = true
		}
	}
	return stream && !js
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
