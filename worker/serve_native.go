//go:build !js

package main

import (
	"os"

	"github.com/syumai/workers"

	"qrkeyless/worker/api"
)

// serve runs the API natively, with the built editor from $SITE_DIR
// (default build/site, written by make build) when it exists.
func serve() {
	dir := os.Getenv("SITE_DIR")
	if dir == "" {
		dir = "build/site"
	}
	site := os.DirFS(dir)
	if _, err := os.Stat(dir); err != nil {
		site = nil
	}
	workers.Serve(api.New(site))
}
