//go:build js && wasm

package main

import (
	"bytes"
	"net/http"
	"runtime/debug"
	"strconv"
	"syscall/js"

	"qrkeyless/worker/api"
	"qrkeyless/worker/edge"
	"qrkeyless/worker/mcp"
)

// serve registers the API as globalThis.qrkeyless.handle, a function that
// answers one request synchronously, and then blocks forever: entry.mjs
// runs this program once, while the Worker's module loads, and calls
// handle for every request of the isolate. Static files are wrangler's
// assets, so the handler gets no site.
//
// The bridge is ours, not syumai/workers' (see README, "The Worker"): a
// request crosses into Go as plain values and its answer comes back as
// one, so no request leaves a Go callback, a stream or a promise behind.
func serve() {
	// A Worker has 128 MB; collect early rather than let the heap double
	// past it while a large upload is decoded.
	debug.SetMemoryLimit(80 << 20)
	h := api.New(nil)
	bridge := js.Global().Get("Object").New()
	bridge.Set("handle", js.FuncOf(func(_ js.Value, args []js.Value) any { return handle(h, args) }))
	bridge.Set("limits", limits()) // the fair-use classes, for the entry's rate limiting
	// tooMany(url, class, seconds) is the 429 answer to a request to url
	// over its class's limit, which may retry in seconds.
	bridge.Set("tooMany", js.FuncOf(func(_ js.Value, args []js.Value) any {
		r, err := http.NewRequest(http.MethodGet, args[0].String(), nil)
		if err != nil {
			r, _ = http.NewRequest(http.MethodGet, "/", nil)
		}
		w := &recorder{header: http.Header{}, status: http.StatusOK}
		for _, l := range api.Limits {
			if l.Class == args[1].String() {
				api.WriteTooMany(w, r, l, args[2].Int())
			}
		}
		return answer(w.status, w.header, w.body.Bytes())
	}))
	js.Global().Set("qrkeyless", bridge)
	select {}
}

// limits is api.Limits as JavaScript objects, each field under its name
// in lower case; built by hand, since encoding/json's first use would
// cost the Worker's start-up about 15 ms of reflection.
func limits() js.Value {
	list := jsArray.New()
	for _, l := range api.Limits {
		list.Call("push", js.ValueOf(map[string]any{
			"class": l.Class, "binding": l.Binding, "requests": l.Requests, "period": l.Period,
			"method": l.Method, "path": l.Path, "verify": l.Verify, "call": l.Call, "peek": l.Peek,
		}))
	}
	return list
}

var (
	jsObject     = js.Global().Get("Object")
	jsArray      = js.Global().Get("Array")
	jsUint8Array = js.Global().Get("Uint8Array")
)

// handle answers one request: args are its method, absolute URL, headers
// (an array of [name, value]), body (a Uint8Array, or null), whether the
// Worker runs on a loopback address (make dev: the MCP server then checks
// Host and Origin), and the edge cache's mode: 1 to have cacheable
// answers carry their canonical key, 2 to ask for the key alone (see
// edge.Mark). The answer is {status, headers, body}, headers again as
// pairs.
func handle(h http.Handler, args []js.Value) any {
	var body []byte
	if b := args[3]; b.Truthy() {
		body = make([]byte, b.Get("length").Int())
		js.CopyBytesToGo(body, b)
	}
	r, err := http.NewRequest(args[0].String(), args[1].String(), bytes.NewReader(body))
	if err != nil { // workerd hands over valid absolute URLs; answer as a bug would be
		return answer(http.StatusBadRequest, http.Header{"Content-Type": {"text/plain; charset=utf-8"}}, []byte(err.Error()))
	}
	r.RequestURI = r.URL.RequestURI()
	hs := args[2]
	for i := range hs.Length() {
		kv := hs.Index(i)
		r.Header.Add(kv.Index(0).String(), kv.Index(1).String())
	}
	if len(args) > 4 && args[4].Truthy() {
		r = r.WithContext(mcp.Loopback(r.Context()))
	}
	if len(args) > 5 && args[5].Int() > 0 {
		r = r.WithContext(edge.Mark(r.Context(), args[5].Int() == 2))
	}
	w := &recorder{header: http.Header{}, status: http.StatusOK}
	h.ServeHTTP(w, r)
	if w.header.Get("Content-Length") == "" && w.status != http.StatusNotModified && w.status != http.StatusNoContent {
		w.header.Set("Content-Length", strconv.Itoa(w.body.Len()))
	}
	return answer(w.status, w.header, w.body.Bytes())
}

func answer(status int, header http.Header, body []byte) js.Value {
	out := jsObject.New()
	out.Set("status", status)
	pairs := jsArray.New()
	for name, vs := range header {
		for _, v := range vs {
			pairs.Call("push", jsArray.New(name, v))
		}
	}
	out.Set("headers", pairs)
	if len(body) > 0 {
		b := jsUint8Array.New(len(body))
		js.CopyBytesToJS(b, body)
		out.Set("body", b)
	} else {
		out.Set("body", js.Null())
	}
	return out
}

// recorder is the http.ResponseWriter of one request: it keeps the
// status, headers and body for answer.
type recorder struct {
	header http.Header
	status int
	wrote  bool
	body   bytes.Buffer
}

func (w *recorder) Header() http.Header { return w.header }

func (w *recorder) WriteHeader(status int) {
	if !w.wrote {
		w.status, w.wrote = status, true
	}
}

func (w *recorder) Write(p []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	return w.body.Write(p)
}

// Flush does nothing: the whole answer leaves when the handler returns.
// mcp-go asks for an http.Flusher.
func (w *recorder) Flush() {}
