//go:build js && wasm

package main

import (
	"runtime/debug"

	"github.com/syumai/workers"

	"qrkeyless/worker/api"
)

// serve registers the API and then blocks forever: entry.mjs keeps this one
// Go instance for every request of the isolate, instead of starting Go anew
// for each request as workers.Serve would (30-60 ms each, measured). Static
// files are wrangler's assets, so the handler gets no site.
func serve() {
	// A Worker has 128 MB; collect early rather than let the heap double
	// past it while a large upload is decoded.
	debug.SetMemoryLimit(80 << 20)
	workers.ServeNonBlock(sized(api.New(nil)))
	workers.Ready()
	select {}
}
