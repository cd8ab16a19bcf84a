//go:build js && wasm

package main

import (
	"net/http"

	"github.com/syumai/workers"
)

// serve registers h and then blocks forever: entry.mjs keeps this one Go
// instance for every request of the isolate, instead of starting Go anew
// for each request as workers.Serve would (30-60 ms each, measured).
func serve(h http.Handler) {
	workers.ServeNonBlock(h)
	workers.Ready()
	select {}
}
