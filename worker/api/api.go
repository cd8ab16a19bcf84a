// Package api is the service's HTTP interface: routing, caching headers,
// CORS and problem documents around thin handlers that call the core. The
// same handler serves natively (go run ./worker) and inside the Worker.
package api

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"net/http"
	"path"
	"strconv"
	"strings"

	"qrkeyless/core/problem"
	"qrkeyless/worker/mcp"
)

// route is one path (or path prefix, ending in /) and the methods it answers.
type route struct {
	path    string
	methods []string // GET implies HEAD
	handle  http.HandlerFunc
}

// New returns the service's handler. site, when not nil, holds the built
// editor (HTML, JS, CSS, .wasm) served for paths no route claims; the Worker
// passes nil because wrangler serves those files as static assets.
func New(site fs.FS) http.Handler {
	s := &server{site: site}
	s.routes = []route{
		{"/api/v1/qr", []string{"GET"}, s.qr},
		{"/q/", []string{"GET"}, s.pathStyle},
		{"/api/v1/health", []string{"GET"}, s.health},
		{"/api/v1/types", []string{"GET"}, s.types},
		{"/api/v1/qr/batch", []string{"POST"}, s.batch},
		{"/api/v1/decode", []string{"POST"}, s.decode},
		{"/api/v1/size", []string{"GET"}, s.sizeAdvice},
		{"/api/v1/verify", []string{"GET"}, s.verify},
		{"/api/mcp", []string{"POST"}, mcp.New(imageLimits).ServeHTTP}, // GET (a listening stream) and DELETE: 405
		{"/openapi.json", []string{"GET"}, s.openAPI},
		{"/llms.txt", []string{"GET"}, s.llms(false)},
		{"/llms-full.txt", []string{"GET"}, s.llms(true)},
		{"/api/v1/", []string{"GET"}, s.typed}, // /api/v1/<kind>; after the fixed paths
	}
	return s
}

type server struct {
	routes []route
	site   fs.FS
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	served.Add(1)
	defer func() {
		// A panic is a bug; answer it as one rather than let it end the
		// Worker's Go instance for every request that follows.
		if v := recover(); v != nil {
			p := problem.Internal.Newf("", "Report the request; it should have worked or had a 4xx answer.", "internal error: %v", v)
			writeProblem(w, r, p)
		}
	}()
	h := w.Header()
	h.Set("Access-Control-Allow-Origin", "*")
	h.Set("Access-Control-Expose-Headers", "ETag, x-qr-version, x-qr-ec, x-qr-contrast, x-qr-verified")
	rt := s.match(r.URL.Path)
	if rt == nil {
		if s.serveFile(w, r) {
			return
		}
		s.notFound(w, r)
		return
	}
	allow := append([]string(nil), rt.methods...)
	if contains(allow, "GET") {
		allow = append(allow, "HEAD")
	}
	allow = append(allow, "OPTIONS")
	switch {
	case r.Method == http.MethodOptions:
		h.Set("Access-Control-Allow-Methods", strings.Join(allow, ", "))
		h.Set("Access-Control-Allow-Headers", "Content-Type, If-None-Match, Accept, Mcp-Session-Id, Mcp-Protocol-Version")
		h.Set("Access-Control-Max-Age", "86400")
		w.WriteHeader(http.StatusNoContent)
	case contains(allow, r.Method):
		rt.handle(w, r)
	default:
		h.Set("Allow", strings.Join(allow, ", "))
		writeProblem(w, r, problem.NotAllowed.Newf("", "Send "+allow[0]+" "+r.URL.Path+".",
			"%s is not allowed on %s; use %s", r.Method, r.URL.Path, strings.Join(allow, ", ")))
	}
}

func (s *server) match(path string) *route {
	for i, rt := range s.routes {
		if path == rt.path || strings.HasSuffix(rt.path, "/") && strings.HasPrefix(path, rt.path) && len(path) > len(rt.path) {
			return &s.routes[i]
		}
	}
	return nil
}

func (s *server) notFound(w http.ResponseWriter, r *http.Request) {
	writeProblem(w, r, problem.NotFound.Newf("", "/api/v1/qr?data=https%3A%2F%2Fexample.com",
		"no endpoint at %s; generation is GET /api/v1/qr?data=... or GET /q/<data>.png", r.URL.Path))
}

// serveFile answers GET and HEAD from the built site the way wrangler's
// assets do: /wifi is wifi.html, / is index.html. It reports whether it did.
func (s *server) serveFile(w http.ResponseWriter, r *http.Request) bool {
	if s.site == nil || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
		return false
	}
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
	for _, try := range []string{name, name + ".html", path.Join(name, "index.html")} {
		if try == "" || strings.HasPrefix(try, "../") {
			continue
		}
		if st, err := fs.Stat(s.site, try); err == nil && !st.IsDir() {
			w.Header().Del("Access-Control-Allow-Origin")
			http.ServeFileFS(w, r, s.site, try)
			return true
		}
	}
	return false
}

// writeProblem sends p as application/problem+json; problems are not cached.
func writeProblem(w http.ResponseWriter, r *http.Request, p *problem.Problem) {
	body := p.JSON()
	h := w.Header()
	h.Set("Content-Type", problem.ContentType)
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(p.Status)
	w.Write(body) // for HEAD too; see writeCached

}

// writeCached sends a deterministic body with a strong ETag and a year-long
// immutable cache lifetime, answering 304 when the client already has it.
// A body made from a secret is sent no-store and never given an ETag
// (an ETag would let a cache key on the secret).
func writeCached(w http.ResponseWriter, r *http.Request, contentType string, body []byte, secret bool) {
	h := w.Header()
	h.Set("Content-Type", contentType)
	if secret {
		h.Set("Cache-Control", "no-store")
		h.Set("Referrer-Policy", "no-referrer")
	} else {
		sum := sha256.Sum256(body)
		etag := `"` + hex.EncodeToString(sum[:16]) + `"`
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
		h.Set("ETag", etag)
		if matches(r.Header.Get("If-None-Match"), etag) {
			w.WriteHeader(http.StatusNotModified)
			return
		}
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	// The body is written for HEAD too: net/http drops it natively, workerd
	// drops it in the Worker, and a Content-Length with no body is an error there.
	w.Write(body)
}

// matches reports whether an If-None-Match header names etag (weak
// comparison, as RFC 9110 asks for If-None-Match).
func matches(header, etag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == etag || t == "*" {
			return true
		}
	}
	return false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
