//go:build !js

package main

import (
	"cmp"
	"io/fs"
	"log"
	"net"
	"net/http"
	"os"
	"runtime"
	"time"

	"qrkeyless/core/budget"
	"qrkeyless/core/scan"
	"qrkeyless/worker/api"
)

// Timeouts of the native server. Without them a client that opens a
// connection and sends nothing (or a TLS hello to the plain port) holds
// it, and a goroutine, for as long as it likes.
const (
	readHeaderTimeout = 10 * time.Second
	readTimeout       = 60 * time.Second // a 16 MiB upload at 2 Mbit/s
	writeTimeout      = 60 * time.Second
	idleTimeout       = 120 * time.Second
	maxHeaderBytes    = 64 << 10
	queueWait         = 10 * time.Second // for a slot of a heavy request (api.Slots)
)

// serve runs the API natively on 127.0.0.1:$PORT (default 9900; $ADDR
// sets the whole address, e.g. :9900 for every interface), with the built
// editor from $SITE_DIR (default build/site, written by make site) when
// it exists. Decoding takes images of up to 16 MiB and 40 megapixels, and
// heavy requests take one slot per CPU. The MCP server checks the Host and
// Origin of a request that reaches it over a loopback connection, which
// net/http names in the request's context.
func serve() {
	addr := cmp.Or(os.Getenv("ADDR"), "127.0.0.1:"+cmp.Or(os.Getenv("PORT"), "9900"))
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		log.Fatal(err)
	}
	// QR_CPU_MS sizes the work of a request to a Worker plan's CPU, as the
	// Worker does; unset, the native server has no such limit.
	cpu, err := budget.ParseCPU(os.Getenv("QR_CPU_MS"), 0)
	if err != nil {
		log.Fatal(err)
	}
	h := api.FairUse(api.New(api.Config{
		CPU:    cpu,
		Site:   site(),
		Images: scan.Limits{MaxBytes: scan.DefaultMaxBytes, MaxPixels: scan.DefaultMaxPixels},
		Slots:  api.NewSlots(runtime.GOMAXPROCS(0), queueWait),
		// Unset, sealed values open in this process alone (docs/mcp.md).
		SealKey: os.Getenv("QR_SEAL_KEY"),
		// A page opened from a link is written per request, so it is
		// compressed here; the site's files have their copies.
		CompressPages: true,
	}))
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    maxHeaderBytes,
		ErrorLog:          log.New(os.Stderr, "", log.LstdFlags),
	}
	log.Printf("serving on %s", ln.Addr())
	log.Fatal(srv.Serve(problemListener{ln}))
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
