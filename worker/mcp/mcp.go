// Package mcp is the service's MCP tool server at /api/mcp: six tools over
// Streamable HTTP, POST only and stateless, so any instance (a Worker
// isolate or the native server) answers any request. It speaks the
// stateless revision 2026-07-28 (no handshake: each request carries its
// version, client and capabilities in _meta) beside the handshake of the
// earlier revisions (2025-11-25, 2025-06-18 and older), on one endpoint.
// The tools are adapters over the same core calls as the REST handlers in
// worker/api, and their schemas are generated from the same tables; they
// are defined with mcp-go's types, and the protocol around them is ours
// (mcp-go's server package starts a JSON Schema compiler that alone took
// 21 ms of the Worker's start, and speaks no 2026-07-28).
package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
	"sync"

	"qrkeyless/core/budget"
	"qrkeyless/core/payload"
	"qrkeyless/core/problem"
	"qrkeyless/core/scan"
)

// Version is the server version reported by initialize and in _meta: the
// interface's.
const Version = "1.0.0"

// maxBody bounds one JSON-RPC message: a 16 MiB image in base64 (qr_decode)
// with room for the envelope.
const maxBody = scan.DefaultMaxBytes*4/3 + 64<<10

// New returns the handler of /api/mcp. limits bound the images qr_decode
// accepts, as they bound POST /api/v1/decode.
func New(limits scan.Limits) http.Handler {
	return &handler{load: sync.OnceValue(func() *toolset {
		ts := &toolset{byName: map[string]tool{}}
		for _, t := range tools(limits) {
			ts.tools = append(ts.tools, t)
			ts.byName[t.Tool.Name] = t
		}
		return ts
	})}
}

// handler serves /api/mcp. Its tools, with their JSON Schemas, are made at
// the first MCP request rather than when the Worker starts: a REST-only
// isolate never pays for them.
type handler struct {
	load func() *toolset
}

type toolset struct {
	tools  []tool
	byName map[string]tool
}

// instructions tell a client's model what the server is for.
func instructions() string {
	return fmt.Sprintf("Keyless QR code tools: generate codes (plain text, or %d typed payloads such as wifi, vcard, upi, event), "+
		"decode and verify them, render many at once, and size them for print. Every image result comes with the URL "+
		"of the REST call that renders the same code. A bad argument gives a result with isError and a problem document "+
		"whose fix is the corrected REST call; the tool arguments have the names of the REST query parameters.", len(payload.All()))
}

// ServeHTTP answers one POSTed JSON-RPC message. Refusals at the HTTP level
// (a body that is not JSON, too large, a foreign origin on a local server)
// are problem documents; a message that is not a valid JSON-RPC request
// is a JSON-RPC error, as the MCP transport asks.
func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if p := foreign(r); p != nil {
		writeProblem(w, p)
		return
	}
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
		p := problem.Unsupported.Newf("", `POST /api/mcp with Content-Type application/json and a JSON-RPC message, e.g. {"jsonrpc":"2.0","id":1,"method":"tools/list"}`,
			"Content-Type %q is not accepted; the tool server takes JSON-RPC as application/json", r.Header.Get("Content-Type"))
		p.Allowed = []string{"application/json"}
		writeProblem(w, p)
		return
	}
	if r.ContentLength > maxBody {
		writeProblem(w, tooLarge(r.ContentLength))
		return
	}
	var buf bytes.Buffer
	if r.ContentLength > 0 {
		buf.Grow(int(r.ContentLength) + 1) // one allocation: in the Worker every copy counts
	}
	if _, err := buf.ReadFrom(io.LimitReader(r.Body, maxBody+1)); err != nil {
		writeRPC(w, r, http.StatusBadRequest, errorReply(nil, -32700, "Parse error: could not read the body: "+err.Error(), nil))
		return
	}
	if buf.Len() > maxBody {
		writeProblem(w, tooLarge(int64(buf.Len())))
		return
	}
	if id, code, msg := check(buf.Bytes()); code != 0 {
		writeRPC(w, r, http.StatusBadRequest, errorReply(id, code, msg, nil))
		return
	}
	var m message
	json.Unmarshal(buf.Bytes(), &m) // check has read it
	if m.Method == "" || len(m.ID) == 0 {
		// A notification, or a client's answer to a request this server
		// never sends: accepted, with nothing to say.
		w.WriteHeader(http.StatusAccepted)
		return
	}
	ctx := context.WithValue(r.Context(), originKey{}, origin(r))
	status, reply := h.answer(ctx, r.Header, m)
	writeRPC(w, r, status, reply)
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

// check reads the envelope of a JSON-RPC message: it returns the JSON-RPC
// error code and message for a message that is not JSON (-32700) or not a
// valid request, notification or response (-32600), with the id to answer
// with when it has a valid one, and code 0 for a valid message.
func check(body []byte) (id json.RawMessage, code int, message string) {
	if d, k := budget.JSONShape(body); d > budget.MaxJSONDepth {
		return nil, -32600, fmt.Sprintf("Invalid Request: the message nests %d levels deep; at most %d are read", d, budget.MaxJSONDepth)
	} else if k > budget.MaxJSONMembers {
		return nil, -32600, fmt.Sprintf("Invalid Request: an object in the message has %d members; at most %d are read", k, budget.MaxJSONMembers)
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
		return nil, -32700, "Parse error: the body is not valid JSON"
	case err != nil && bytes.TrimSpace(body)[0] == '[':
		return nil, -32600, "Invalid Request: batches are not supported; send one JSON-RPC message per request"
	case err != nil:
		return nil, -32600, "Invalid Request: a JSON-RPC message is a JSON object"
	}
	switch m.ID.first {
	case 0:
	case '"', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		if m.ID.text != "" { // else too long to echo: answer with id null
			id = json.RawMessage(m.ID.text)
		}
	default:
		return nil, -32600, "Invalid Request: id must be a string or a number"
	}
	switch {
	case m.JSONRPC.text != `"2.0"`:
		return id, -32600, `Invalid Request: jsonrpc must be "2.0"`
	case m.Method.first == 0 && m.Result.first == 0 && m.Error.first == 0:
		return id, -32600, "Invalid Request: a request needs a method"
	case m.Method.first != 0 && m.Method.first != '"':
		return id, -32600, "Invalid Request: method must be a string"
	}
	return nil, 0, ""
}

func tooLarge(n int64) *problem.Problem {
	return problem.TooLarge.Newf("", "Send an image of at most 16 MiB to qr_decode, or split a qr_batch call.",
		"the message is %d bytes; the limit is %d", n, maxBody)
}

func writeProblem(w http.ResponseWriter, p *problem.Problem) {
	body := p.JSON()
	w.Header().Set("Content-Type", problem.ContentType)
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Length", fmt.Sprint(len(body)))
	w.WriteHeader(p.Status)
	w.Write(body)
}

type originKey struct{}

// origin is the scheme and host the request was made to.
func origin(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil || r.URL.Scheme == "https" || r.Header.Get("X-Forwarded-Proto") == "https" {
		scheme = "https"
	}
	host := r.Host
	if host == "" {
		host = r.URL.Host
	}
	return scheme + "://" + host
}

// originOf returns the origin ServeHTTP kept, or "" outside a request.
func originOf(ctx context.Context) string {
	s, _ := ctx.Value(originKey{}).(string)
	return s
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
