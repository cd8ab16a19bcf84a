package main

import (
	"bytes"
	"net/http"
	"strconv"
)

// sized holds each response of h until the handler returns and sends it
// with a Content-Length. In the Worker that is what keeps an isolate from
// leaking: syumai/workers v0.33.0 streams a body of known length through
// workerd's FixedLengthStream, but any other body through a ReadableStream
// whose pull and cancel callbacks (js.FuncOf) are never released, and they
// hold the 16 KiB chunk buffer, about 20 KiB a request (measured with
// e2e/bench/isolate.mjs --sustained). The API's own handlers set the length
// already; the MCP server (mcp-go) does not. No response of ours streams:
// MCP here is stateless, one message per request.
func sized(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b := &held{header: w.Header(), status: http.StatusOK}
		h.ServeHTTP(b, r)
		if b.status >= 200 && b.status != http.StatusNoContent && b.status != http.StatusNotModified {
			w.Header().Set("Content-Length", strconv.Itoa(b.body.Len()))
		}
		w.WriteHeader(b.status)
		w.Write(b.body.Bytes())
	})
}

// held is a ResponseWriter that keeps the status and body for sized.
type held struct {
	header http.Header
	status int
	wrote  bool
	body   bytes.Buffer
}

func (b *held) Header() http.Header { return b.header }

func (b *held) WriteHeader(status int) {
	if !b.wrote {
		b.status, b.wrote = status, true
	}
}

func (b *held) Write(p []byte) (int, error) {
	b.wrote = true
	return b.body.Write(p)
}

// Flush does nothing: the body goes out when the handler returns. mcp-go
// asks for an http.Flusher.
func (b *held) Flush() {}
