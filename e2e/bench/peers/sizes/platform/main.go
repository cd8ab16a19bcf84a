// Command platform is what any Go Worker carries before its own code:
// syumai/workers and net/http serving a one-line handler, kept alive the
// way worker/serve_js.go keeps the service. The size table's floor.
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
