//go:build js && wasm

package main

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"syscall/js"
	"time"

	"github.com/syumai/workers"
	"github.com/syumai/workers/cloudflare"

	"qrkeyless/core/budget"
	"qrkeyless/core/scan"
	"qrkeyless/worker/api"
	"qrkeyless/worker/edge"
	"qrkeyless/worker/reply"
)

// serve answers the Worker's requests through syumai/workers: the package
// registers handleRequest on the binding the entry hands it
// (globalThis.context.binding), and turns each Request into an
// *http.Request and the answer into a Response. Beside handleRequest this
// program registers what the entry needs besides a request: limits and
// tooMany, for fair use (front.mjs), and warm. Then it blocks for good:
// entry.mjs runs it once per isolate, while the Worker's module loads,
// where the package's own entry would start a program for every request
// (docs/architecture.md, "The Worker"). Static files are wrangler's assets;
// the handler gets the pages alone (assets_js.go), for a page opened from
// a link.
func serve() {
	// A Worker has 128 MB; collect early rather than let the heap double
	// past it while a large upload is decoded.
	debug.SetMemoryLimit(80 << 20)
	// The live heap is 1 to 3 MB, so at Go's default (100) the heap's goal
	// is its 4 MB floor and a styled code or a verify collects every 3 to
	// 5 requests, 2 ms of CPU each in WebAssembly's single-threaded
	// collector, landing on whichever request crosses the goal. At 200 a
	// collection comes 2.5 times less often; at 400 less often still, but
	// each costs about twice as much (4 to 5 ms), and as many endpoints or
	// more had a p99 over the free plan's 10 ms: a request over the limit
	// is what the plan cuts (BENCHMARKS.md, "The collector"). The memory limit
	// above still bounds the heap. A GOGC in the program's environment
	// (bench/isolate.mjs --gogc) wins.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(200)
	}
	h := entry{api.New(api.Config{
		Site: &pages{},
		// A Worker has 128 MB of memory and decoding takes about 5 bytes a
		// pixel (RGBA plus a grey copy) on top of the body, so the Worker
		// takes 12 megapixels, not the native server's 40.
		Images: scan.Limits{MaxBytes: scan.DefaultMaxBytes, MaxPixels: 12_000_000},
		Memory: wasmMemory,
		// QR_SEAL_KEY, or the secret each build makes (entry.mjs).
		SealKey: cloudflare.Getenv("QR_SEAL_KEY"),
		CPU:     planCPU(),
		// No slots: an isolate runs one request's Go at a time, and a
		// timer to wait on would outlive the request.
	})}
	workers.ServeNonBlock(h)
	binding := js.Global().Get("context").Get("binding")
	binding.Set("limits", limits())
	binding.Set("tooMany", js.FuncOf(tooMany))
	binding.Set("warm", js.FuncOf(func(js.Value, []js.Value) any {
		warm(h)
		return nil
	}))
	workers.Ready()
	select {}
}

// maxDrain bounds what is read of a body the API left unread: above the
// largest body any endpoint reads the start of (an MCP message of a 16 MiB
// image in base64, about 22 MB).
const maxDrain = 32 << 20

// entry is the API as the Worker serves it: the request marked as the
// entry and the Worker's variables ask, and the answer handed to
// syumai/workers whole.
type entry struct{ api http.Handler }

func (e entry) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	r = edge.FromEntry(r)
	if loopback() {
		// As net/http names the connection's local address natively.
		r = r.WithContext(context.WithValue(r.Context(), http.LocalAddrContextKey, loopbackAddr))
	}
	if r.Body == nil { // a GET's Request has no body; a server's http.Request always has one
		r.Body = http.NoBody
	}
	if r.Host == "" {
		r.Host = r.URL.Host
	}
	for _, values := range r.Header {
		for i, v := range values {
			// A field value is read without the whitespace round it (RFC
			// 9110, 5.5), as net/http's server reads it; workerd hands
			// over what follows the value (Mcp-Name: "qr_generate  ").
			values[i] = strings.Trim(v, " \t")
		}
	}
	a := &reply.Recorder{Head: w.Header()}
	select {
	case handoff <- call{e.api, a, r}:
		<-answered
	default: // the runner is busy with another request: answer here
		e.api.ServeHTTP(a, r)
	}
	// An upload the API answered from its first bytes (a message over a
	// limit) is read to its end before the answer leaves: workerd resets a
	// connection whose request body was left unread, and a client still
	// sending would get the reset, not the answer (Go's own server lingers
	// for the same reason). Bounded: past maxDrain the reset is the
	// sender's.
	io.Copy(io.Discard, io.LimitReader(r.Body, maxDrain))
	if a.Head.Get("Content-Length") == "" && a.Status != http.StatusNotModified && a.Status != http.StatusNoContent {
		a.Head.Set("Content-Length", strconv.Itoa(a.Body.Len()))
	}
	w.WriteHeader(cmp.Or(a.Status, http.StatusOK))
	if a.Body.Len() == 0 {
		return
	}
	// The answer is whole by now, so it leaves as one Uint8Array, which
	// the package's ResponseWriter takes as the Response's body
	// (WriteRawJSBody, how it passes a JavaScript body through): no pipe,
	// stream or promise per chunk, and no callback left behind.
	if raw, ok := w.(interface{ WriteRawJSBody(js.Value) }); ok {
		b := jsUint8Array.New(a.Body.Len())
		js.CopyBytesToJS(b, a.Body.Bytes())
		raw.WriteRawJSBody(b)
		return
	}
	w.Write(a.Body.Bytes())
}

// The API runs on one goroutine that lives as long as the program. The
// package starts a goroutine for every request, and a new goroutine's
// stack starts small: drawing a code would grow it by copying, several
// times a request (in a CPU profile of PNG requests on workerd, 4% of
// their time); the runner's stack grows once.
type call struct {
	h http.Handler
	w http.ResponseWriter
	r *http.Request
}

var (
	handoff  = make(chan call)
	answered = make(chan struct{})
)

func init() {
	go func() {
		for c := range handoff {
			c.h.ServeHTTP(c.w, c.r)
			answered <- struct{}{}
		}
	}()
}

// loopback reports whether the Worker serves 127.0.0.1 only (make dev sets
// QR_LOOPBACK=1): the MCP server then checks Host and Origin. A Worker's
// variables are fixed for its life, so they are read once.
var loopback = sync.OnceValue(func() bool { return cloudflare.Getenv("QR_LOOPBACK") == "1" })

var loopbackAddr net.Addr = &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1)}

// wasmMemory is the size of the WebAssembly memory the Worker's entry gave
// this program (qrkeyless.memory), in bytes.
func wasmMemory() uint64 {
	m := js.Global().Get("qrkeyless").Get("memory")
	if m.Type() != js.TypeObject {
		return 0
	}
	return uint64(m.Get("buffer").Get("byteLength").Int())
}

// warm answers one request of each common kind through the handler (a
// PNG plain and styled, an SVG, a typed kind): V8 compiles each
// WebAssembly function the first time it runs, and that work, about
// 30 ms, would otherwise land on the first request. The entry calls it
// while the module loads, in global scope, where Cloudflare starts
// isolates ahead of requests and allows a second; it calls the handler
// from Go, since the package's path makes objects (a FixedLengthStream)
// that workerd refuses there. Decode, verify and MCP are left cold: they
// are rarer, and bring in much more code.
func warm(h http.Handler) {
	// Small codes: compiling a function costs the same whatever it draws.
	for _, path := range []string{
		"/api/v1/qr?data=warm&size=64",
		"/api/v1/qr?data=warm&size=64&style=dot&eye=leaf",
		"/api/v1/qr?data=warm&size=64&format=svg&style=rounded&eye=circle",
		"/api/v1/wifi?ssid=warm&security=nopass&size=64",
	} {
		r, _ := http.NewRequest(http.MethodGet, "http://warm.invalid"+path, nil)
		h.ServeHTTP(&reply.Recorder{Head: http.Header{}}, r)
	}
}

// limits is api.Limits as JavaScript objects (Limit.Fields).
func limits() js.Value {
	list := make([]any, len(api.Limits))
	for i, l := range api.Limits {
		list[i] = l.Fields()
	}
	return js.ValueOf(list)
}

// tooMany(url, class, seconds) is the 429 answer to a request to url over
// its class's limit, which may retry in seconds: {status, headers (an
// array of [name, value]), body}. The entry answers it without a request
// to hand to handleRequest: the one it refuses may be a large upload.
func tooMany(_ js.Value, args []js.Value) any {
	r, err := http.NewRequest(http.MethodGet, args[0].String(), nil)
	if err != nil {
		r, _ = http.NewRequest(http.MethodGet, "/", nil)
	}
	w := &reply.Recorder{Head: http.Header{}}
	for _, l := range api.Limits {
		if l.Class == args[1].String() {
			api.WriteTooMany(w, r, l, args[2].Int())
			break // a class's rows (decode's two paths) share its numbers
		}
	}
	var pairs []any
	for name, vs := range w.Head {
		for _, v := range vs {
			pairs = append(pairs, []any{name, v})
		}
	}
	return js.ValueOf(map[string]any{"status": cmp.Or(w.Status, http.StatusOK), "headers": pairs, "body": w.Body.String()})
}

var jsUint8Array = js.Global().Get("Uint8Array")

// planCPU is the CPU a request may use on the Worker's plan: QR_CPU_MS
// (wrangler.toml's [vars]), the free plan's 10 ms when it is not set or
// not a number (said once in the Worker's log).
func planCPU() time.Duration {
	cpu, err := budget.ParseCPU(cloudflare.Getenv("QR_CPU_MS"), budget.FreePlanCPU)
	if err != nil {
		fmt.Println(err)
	}
	return cpu
}
