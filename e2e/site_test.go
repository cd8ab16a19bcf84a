package e2e

import (
	"bytes"
	"strings"
	"testing"

	"qrkeyless/internal/contentcoding"
)

// The native server sends the built site as Cloudflare's assets do under
// workerd (docs/editor.md, "Loading"): each file compressed as the client
// accepts (brotli, else gzip; a PNG as it is), the same bytes once
// decoded, the same Content-Type and Cache-Control, an ETag that a
// revalidation names for a 304; and neither serves the compressed copies
// or .assetsignore under their own names. A page opened from a link is
// the same page on both, with the link's code in it.
func TestSiteAsCloudflare(t *testing.T) {
	servers := targets(t)
	if len(servers) < 2 {
		t.Skip("needs both servers: run through e2e/run.sh")
	}
	files := []struct{ path, encoding string }{
		{"/wifi", "br"},
		{"/", "br"},
		{"/app.js", "br"},
		{"/app.css", "br"},
		{"/wasm_exec.js", "br"},
		{"/editor.wasm", "br"},
		{"/favicon.svg", "br"},
		{"/pictures/style-dot.png", ""},
		// A page opened from a link, with the link's code in it, written per
		// request: compressed by Cloudflare (brotli) or the native server
		// (gzip), the same page once decoded (site/serve).
		{"/wifi?ssid=Cafe&sec=nopass", "br or gzip"},
	}
	for _, f := range files {
		var bodies [][]byte
		var types []string
		for name, base := range servers {
			for _, accept := range []string{"br, gzip", "gzip", ""} {
				want := f.encoding
				if want == "br" && accept == "gzip" {
					want = "gzip"
				}
				if accept == "" {
					want = ""
				}
				r := do(t, "GET", base+f.path, map[string]string{"Accept-Encoding": accept}, nil)
				h := r.header
				what := name + " GET " + f.path + " (Accept-Encoding " + accept + ")"
				if want == "br or gzip" && accept == "br, gzip" && h.Get("Content-Encoding") == "br" {
					want = "br"
				} else if want == "br or gzip" {
					want = "gzip"
					if accept == "" {
						want = ""
					}
				}
				if r.status != 200 || h.Get("Content-Encoding") != want {
					t.Errorf("%s: %d, Content-Encoding %q; want 200, %q", what, r.status, h.Get("Content-Encoding"), want)
					continue
				}
				if cc := h.Get("Cache-Control"); cc != "public, max-age=0, must-revalidate" {
					t.Errorf("%s: Cache-Control %q", what, cc)
				}
				body, err := contentcoding.Decode(want, r.body)
				if err != nil {
					t.Errorf("%s: %v", what, err)
					continue
				}
				bodies = append(bodies, body)
				types = append(types, h.Get("Content-Type"))
				tag := h.Get("ETag")
				if !strings.Contains(tag, `"`) {
					t.Errorf("%s: ETag %q", what, tag)
					continue
				}
				if again := do(t, "GET", base+f.path, map[string]string{"Accept-Encoding": accept, "If-None-Match": tag}, nil); again.status != 304 || len(again.body) != 0 {
					t.Errorf("%s, If-None-Match %s: %d with %d bytes; want 304", what, tag, again.status, len(again.body))
				}
			}
		}
		for i := range bodies {
			if !bytes.Equal(bodies[i], bodies[0]) || types[i] != types[0] {
				t.Errorf("GET %s: the servers send different files (%d and %d bytes, %s and %s)", f.path, len(bodies[0]), len(bodies[i]), types[0], types[i])
				break
			}
		}
	}
	for name, base := range servers {
		for _, path := range []string{"/editor.wasm.br", "/app.js.gz", "/.assetsignore"} {
			if r := do(t, "GET", base+path, nil, nil); r.status != 404 {
				t.Errorf("%s GET %s: %d; want 404", name, path, r.status)
			}
		}
	}
}
