package mcp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"qrkeyless/core/budget"
	"qrkeyless/core/problem"
	"qrkeyless/core/scan"
	"qrkeyless/worker/edge"
	"qrkeyless/worker/reply"
	"qrkeyless/worker/tools"
)

// maxBody bounds one JSON-RPC message: a 16 MiB image in base64 (qr_decode)
// with room for the envelope.
const maxBody = scan.DefaultMaxBytes*4/3 + 64<<10

// ServeHTTP answers one POSTed JSON-RPC message through mcp-go's
// Streamable HTTP server (its Handle, which takes the body already read).
// Before it: a problem document for a request HTTP refuses (a body that
// is not JSON, a foreign Host or Origin on a loopback connection, a body
// over maxBody), or, for a message over maxBody whose id can be read or
// one nested past the service's bounds, a JSON-RPC error, so that the
// client's session lives on. After it: the ETag and edge-cache key of a
// 2026-07-28 tools/list or server/discover.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if p := refuse(r); p != nil {
		reply.Problem(w, p)
		return
	}
	body, p := read(r)
	if p != nil {
		if id := leadingID(body); id != nil {
			writeError(w, http.StatusOK, id, mcp.INVALID_PARAMS, p.Detail, p)
		} else {
			reply.Problem(w, p)
		}
		return
	}
	if d, k := budget.JSONShape(body); d > budget.MaxJSONDepth || k > budget.MaxJSONMembers {
		msg := fmt.Sprintf("Invalid Request: the message nests %d levels deep; at most %d are read", d, budget.MaxJSONDepth)
		if d <= budget.MaxJSONDepth {
			msg = fmt.Sprintf("Invalid Request: an object in the message has %d members; at most %d are read", k, budget.MaxJSONMembers)
		}
		writeError(w, http.StatusBadRequest, nil, mcp.INVALID_REQUEST, msg, nil)
		return
	}
	// server/discover and tools/list of 2026-07-28 say the same to every
	// client of a build: they get an ETag, and the Worker's edge cache
	// keeps them (worker/front.mjs), asking first for the key alone, for
	// which the server without tools checks the request. mcp-go refuses a
	// request whose headers and body disagree, so the headers name it.
	version, method := r.Header.Get(mcp.HeaderProtocolVersion), r.Header.Get(mcp.HeaderMethod)
	cacheable := mcp.IsModernProtocol(version) && (method == string(mcp.MethodToolsList) || method == string(mcp.MethodServerDiscover))
	key, keyOnly := "", false
	if cacheable {
		key, keyOnly = edge.Key(r.Context(), "mcp", version, method)
	}
	s := h.serve
	if keyOnly {
		s = h.check
	}
	a := &reply.Recorder{Head: http.Header{}}
	s().Handle(a, &server.HTTPRequest{Method: http.MethodPost, URL: r.URL, Header: r.Header, Body: body,
		Context: tools.WithOrigin(r.Context(), reply.Origin(r))})
	if keyOnly && a.Status == http.StatusOK {
		edge.Tag(w, key, true)
		return
	}
	send(w, r, a, cacheable, key)
}

// refuse is the problem of a request HTTP refuses before JSON-RPC: one
// that reached the server over a loopback connection (go run ./worker,
// make dev) from a foreign Host or Origin, which any web page can make
// by DNS rebinding, or one whose body is not JSON. mcp-go's own guard
// reads only Host, in ServeHTTP only, and answers in plain text. The
// public Worker answers any origin: it is keyless and holds nothing of
// anyone's.
func refuse(r *http.Request) *problem.Problem {
	if addr, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr); ok && local(addr.String()) {
		if !local(r.Host) {
			return problem.Forbidden.New("", fmt.Sprintf("Host %q is not local; a server on a loopback address answers only local names", r.Host), "Call the local server by a local name, such as http://127.0.0.1 or http://localhost.")
		}
		if o := r.Header.Get("Origin"); o != "" {
			if u, err := url.Parse(o); err != nil || !local(u.Host) {
				return problem.Forbidden.New("", fmt.Sprintf("Origin %q is not local; a server on a loopback address answers only local pages", o), "Call the local server from a page on a local origin, or from a client that sends no Origin.")
			}
		}
	}
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
		p := problem.Unsupported.New("", fmt.Sprintf(
			"Content-Type %q is not accepted; the tool server takes JSON-RPC as application/json", r.Header.Get("Content-Type")), `POST /api/mcp with Content-Type application/json and a JSON-RPC message, e.g. {"jsonrpc":"2.0","id":1,"method":"tools/list"}`)
		p.Allowed = []string{"application/json"}
		return p
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
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return strings.EqualFold(host, "localhost") || ip != nil && ip.IsLoopback()
}

// read reads r's body within maxBody. A body that says or proves itself
// larger is the problem, returned with its first bytes, which hold the id
// of any ordinary message (jsonrpc, id and method come before the params).
func read(r *http.Request) ([]byte, *problem.Problem) {
	tooLarge := func(read int) *problem.Problem {
		return problem.TooLarge.New("", fmt.Sprintf(
			"the message is over %d bytes (the limit); it said it was %d", maxBody, max(r.ContentLength, int64(read))), "Send an image of at most 16 MiB to qr_decode, or split a qr_batch call.")
	}
	if r.ContentLength > maxBody {
		head := make([]byte, 4<<10)
		n, _ := io.ReadFull(r.Body, head)
		return head[:n], tooLarge(n)
	}
	var buf bytes.Buffer
	if r.ContentLength > 0 {
		buf.Grow(int(r.ContentLength) + 1) // one allocation: in the Worker every copy counts
	}
	if _, err := buf.ReadFrom(io.LimitReader(r.Body, maxBody+1)); err != nil {
		return nil, problem.BadBody.New("", "could not read the body: "+err.Error(), "Send the whole message.")
	}
	if buf.Len() > maxBody {
		return buf.Bytes()[:4<<10], tooLarge(buf.Len())
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

// writeError sends a JSON-RPC error of the service's own.
func writeError(w http.ResponseWriter, status int, id any, code int, message string, data any) {
	b, _ := json.Marshal(mcp.JSONRPCError{JSONRPC: mcp.JSONRPC_VERSION, ID: mcp.NewRequestId(id),
		Error: mcp.NewJSONRPCErrorDetails(code, message, data)})
	a := &reply.Recorder{Head: http.Header{"Content-Type": {"application/json"}}, Status: status}
	a.Body.Write(b)
	send(w, nil, a, false, "")
}

// send writes a, mcp-go's answer to r, never stored by a cache. mcp-go's refusals
// in plain text become problem documents. A cacheable result gets its
// ETag (304 when the client holds it) and, through the Worker's entry,
// its edge-cache key.
func send(w http.ResponseWriter, r *http.Request, a *reply.Recorder, cacheable bool, key string) {
	ct := a.Head.Get("Content-Type")
	if a.Status >= 400 && strings.HasPrefix(ct, "text/plain") {
		reply.Problem(w, &problem.Problem{Type: "/problems/bad-request", Title: http.StatusText(a.Status), Status: a.Status,
			Detail: strings.TrimSpace(a.Body.String()), Fix: `POST /api/mcp one JSON-RPC message, e.g. {"jsonrpc":"2.0","id":1,"method":"tools/list"}, with Content-Type application/json`})
		return
	}
	h := w.Header()
	maps.Copy(h, a.Head)
	h.Set("Cache-Control", "no-store")
	if cacheable && a.Status == http.StatusOK && ct == "application/json" {
		var m struct{ Result json.RawMessage }
		json.Unmarshal(a.Body.Bytes(), &m) // mcp-go's own JSON
		etag := reply.ETag(m.Result)       // the result alone: the id differs
		h.Set("ETag", etag)
		edge.Tag(w, key, false)
		if reply.NotModified(r, etag) {
			w.WriteHeader(http.StatusNotModified)
			return
		}
	}
	h.Set("Content-Length", strconv.Itoa(a.Body.Len()))
	w.WriteHeader(a.Status)
	w.Write(a.Body.Bytes())
}
