package main

import (
	"bytes"
	"net/http"
	"strconv"
	"strings"
)

// sized makes every response of h leave with a Content-Length. In the
// Worker that is what keeps an isolate from leaking: syumai/workers v0.33.0
// streams a body of known length through workerd's FixedLengthStream, but
// any other body through a ReadableStream whose pull and cancel callbacks
// (js.FuncOf) are never released, and they hold the 16 KiB chunk buffer,
// about 20 KiB a request (measured with e2e/bench/isolate.mjs --sustained).
// The API's own handlers give the length, and their bodies pass straight
// through; the MCP server (mcp-go) gives none, so its body is held until
// the handler returns and then sent with its length.
func sized(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b := &held{w: w, status: http.StatusOK}
		h.ServeHTTP(b, r)
		if b.passing {
			return
		}
		if b.status >= 200 && b.status != http.StatusNoContent && b.status != http.StatusNotModified {
			w.Header().Set("Content-Length", strconv.Itoa(b.body.Len()))
		}
		w.WriteHeader(b.status)
		w.Write(b.body.Bytes())
	})
}

// held is a ResponseWriter that keeps the status and body for sized, unless
// the response can go out as it is written: one whose length the handler
// set, and an event stream (MCP's SSE answer), which mcp-go holds open
// until the client has read the event, so holding it back would hang the
// request.
type held struct {
	w       http.ResponseWriter
	status  int
	wrote   bool
	passing bool
	body    bytes.Buffer
}

func (b *held) Header() http.Header { return b.w.Header() }

func (b *held) WriteHeader(status int) {
	if b.wrote {
		return
	}
	b.status, b.wrote = status, true
	h := b.w.Header()
	if h.Get("Content-Length") != "" || strings.HasPrefix(h.Get("Content-Type"), "text/event-stream") {
		b.passing = true
		b.w.WriteHeader(status)
	}
}

func (b *held) Write(p []byte) (int, error) {
	b.WriteHeader(http.StatusOK)
	if b.passing {
		return b.w.Write(p)
	}
	return b.body.Write(p)
}

// Flush sends a passing body on; a held one goes out when the handler
// returns. mcp-go asks for an http.Flusher.
func (b *held) Flush() {
	if f, ok := b.w.(http.Flusher); ok && b.passing {
		f.Flush()
	}
}
