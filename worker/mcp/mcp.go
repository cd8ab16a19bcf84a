// Package mcp is the service's MCP tool server at /api/mcp: six tools over
// mcp-go's Streamable HTTP transport. It keeps no session, so any instance
// (a Worker isolate or the native server) answers any request. The tools are
// adapters over the same core calls as the REST handlers in worker/api, and
// their schemas are generated from the same tables.
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

	"github.com/mark3labs/mcp-go/server"

	"qrkeyless/core/payload"
	"qrkeyless/core/problem"
	"qrkeyless/core/scan"
)

// Version is the server version reported by initialize: the interface's.
const Version = "1.0.0"

// maxBody bounds one JSON-RPC message: a 16 MiB image in base64 (qr_decode)
// with room for the envelope.
const maxBody = scan.DefaultMaxBytes*4/3 + 64<<10

// New returns the handler of /api/mcp. limits bound the images qr_decode
// accepts, as they bound POST /api/v1/decode.
func New(limits scan.Limits) http.Handler {
	s := server.NewMCPServer("qrkeyless", Version,
		server.WithToolCapabilities(false),
		server.WithInstructions(instructions()))
	for _, t := range tools(limits) {
		s.AddTool(t.Tool, t.Handler)
	}
	h := &handler{server.NewStreamableHTTPServer(s,
		server.WithStateLess(true),
		// A GET listening stream never ends, and in the Worker it hangs the
		// isolate: answer it 405 (the route table already does).
		server.WithDisableStreaming(true),
		server.WithHTTPContextFunc(streamIfAsked))}
	return http.HandlerFunc(h.ServeHTTP)
}

// instructions tell a client's model what the server is for.
func instructions() string {
	return fmt.Sprintf("Keyless QR code tools: generate codes (plain text, or %d typed payloads such as wifi, vcard, upi, event), "+
		"decode and verify them, render many at once, and size them for print. Every image result comes with the URL "+
		"of the REST call that renders the same code. A bad argument gives a result with isError and a problem document "+
		"whose fix is the corrected REST call; the tool arguments have the names of the REST query parameters.", len(payload.All()))
}

// handler reads and checks each message before mcp-go's transport takes it:
// a body that is not JSON or too large is a problem document, and a message
// that is not a JSON-RPC request, notification or response gets the JSON-RPC
// error mcp-go would not give (it calls a batch a parse error, and answers a
// message with neither method nor result 202 Accepted).
type handler struct {
	mcp *server.StreamableHTTPServer
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
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
		writeRPCError(w, nil, -32700, "Parse error: could not read the body: "+err.Error())
		return
	}
	if buf.Len() > maxBody {
		writeProblem(w, tooLarge(int64(buf.Len())))
		return
	}
	if id, code, msg := check(buf.Bytes()); code != 0 {
		writeRPCError(w, id, code, msg)
		return
	}
	// Handle, unlike ServeHTTP, takes the body already read. It skips
	// mcp-go's DNS-rebinding check, which guards servers that hold
	// something of the user's; this one computes and holds nothing.
	h.mcp.Handle(writer{w}, &server.HTTPRequest{
		Method:  r.Method,
		URL:     r.URL,
		Header:  r.Header,
		Body:    buf.Bytes(),
		Context: context.WithValue(r.Context(), originKey{}, origin(r)),
	})
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
	if d := depth(body); d > maxDepth {
		return nil, -32600, fmt.Sprintf("Invalid Request: the message nests %d levels deep; at most %d are read", d, maxDepth)
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

// maxDepth is the deepest nesting of arrays and objects a message may
// have. Tool arguments need four or five; encoding/json gives up at
// 10,000 with an error that reads as if the JSON were broken.
const maxDepth = 64

// depth returns how deeply the arrays and objects of a JSON text nest,
// without parsing it: brackets inside strings do not count.
func depth(b []byte) int {
	d, deepest, inString := 0, 0, false
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case inString:
		case c == '[' || c == '{':
			d++
			deepest = max(deepest, d)
		case c == ']' || c == '}':
			d--
		}
	}
	return deepest
}

// writer adapts a net/http response to mcp-go's Handle. It also gives the
// code -32602 (invalid params) to the error mcp-go answers when a method's
// params do not fit its types, which mcp-go numbers -32600 (invalid
// request) although the request itself is well formed.
type writer struct {
	http.ResponseWriter
}

var (
	unparsable  = []byte(`"code":-32600,"message":"unparsable `)
	badParamsAt = len(`"code":`)
)

func (w writer) Write(p []byte) (int, error) {
	if i := bytes.Index(p, unparsable); i >= 0 {
		p = append([]byte(nil), p...)
		copy(p[i+badParamsAt:], "-32602")
	}
	return w.ResponseWriter.Write(p)
}

func (w writer) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func (w writer) CanStream() bool {
	_, ok := w.ResponseWriter.(http.Flusher)
	return ok
}

func tooLarge(n int64) *problem.Problem {
	return problem.TooLarge.Newf("", "Send an image of at most 16 MiB to qr_decode, or split a qr_batch call.",
		"the message is %d bytes; the limit is %d", n, maxBody)
}

func writeProblem(w http.ResponseWriter, p *problem.Problem) {
	w.Header().Set("Content-Type", problem.ContentType)
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(p.Status)
	w.Write(p.JSON())
}

// writeRPCError answers a message the server cannot take with a JSON-RPC
// error, its id null when the message has no valid one.
func writeRPCError(w http.ResponseWriter, id json.RawMessage, code int, message string) {
	if id == nil {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusBadRequest)
	type rpcError struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}
	w.Write(mustJSON(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   rpcError        `json:"error"`
	}{"2.0", id, rpcError{code, message}}))
}

type originKey struct{}

// streamIfAsked runs before each message is handled: it answers as an SSE
// stream a client whose Accept takes text/event-stream but not JSON, where
// mcp-go would answer JSON.
func streamIfAsked(ctx context.Context, r *http.Request) context.Context {
	if wantsStream(r.Header.Get("Accept")) {
		if s, ok := server.ClientSessionFromContext(ctx).(interface{ UpgradeToSSEWhenReceiveNotification() }); ok {
			s.UpgradeToSSEWhenReceiveNotification()
		}
	}
	return ctx
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

// originOf returns the origin withRequest kept, or "" outside a request.
func originOf(ctx context.Context) string {
	s, _ := ctx.Value(originKey{}).(string)
	return s
}
