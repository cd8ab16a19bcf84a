//go:build !js

package main

import (
	"io/fs"
	"log"
	"os"

	"github.com/syumai/workers"

	"qrkeyless/worker/api"
)

// serve runs the API natively, with the built editor from $SITE_DIR
// (default build/site, written by make site) when it exists.
func serve() {
	workers.Serve(api.New(site()))
}

// site returns the built editor's files, or nil to serve the API alone.
// A relative SITE_DIR is read from the working directory, as make does.
func site() fs.FS {
	dir, set := os.LookupEnv("SITE_DIR")
	if dir == "" {
		dir = "build/site"
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		// Said only when asked for: the API alone is a normal way to run,
		// but a SITE_DIR that is not there would otherwise look like an
		// editor answering every page with 404.
		if set {
			log.Printf("SITE_DIR %s is not a directory; serving the API without the editor (make site writes build/site)", dir)
		}
		return nil
	}
	return os.DirFS(dir)
}
