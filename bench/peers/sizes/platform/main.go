//go:build js && wasm

// Command platform is what any Go Worker carries before its own code:
// net/http serving a one-line handler through a synchronous bridge like
// the Worker's (worker/serve_js.go: a function registered on the global
// object that takes a request as plain values and returns the answer),
// kept alive the same way. The size table's floor.
package main

import (
	"bytes"
	"net/http"
	"syscall/js"
)

type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (w *recorder) Header() http.Header         { return w.header }
func (w *recorder) WriteHeader(status int)      { w.status = status }
func (w *recorder) Write(p []byte) (int, error) { return w.body.Write(p) }

func main() {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("ok"))
	})
	js.Global().Set("handle", js.FuncOf(func(_ js.Value, args []js.Value) any {
		r, err := http.NewRequest(args[0].String(), args[1].String(), nil)
		if err != nil {
			return err.Error()
		}
		w := &recorder{header: http.Header{}, status: http.StatusOK}
		h.ServeHTTP(w, r)
		out := js.Global().Get("Uint8Array").New(w.body.Len())
		js.CopyBytesToJS(out, w.body.Bytes())
		return js.ValueOf(map[string]any{"status": w.status, "body": out})
	}))
	select {}
}
