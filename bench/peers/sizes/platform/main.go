//go:build js && wasm

// Command platform is what any Go Worker carries before its own code:
// net/http serving a one-line handler through syumai/workers, as the
// Worker does (worker/serve_js.go), kept alive the same way. The size
// table's floor. (This module takes the package from the module proxy,
// unpatched: the Worker's patch, third_party/, changes no size that
// matters here.)
package main

import (
	"net/http"

	"github.com/syumai/workers"
)

func main() {
	workers.ServeNonBlock(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("ok"))
	}))
	workers.Ready()
	select {}
}
