package api

import (
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"qrkeyless/core/problem"
)

// site is a built editor in miniature: what make site writes to build/site.
var site = fstest.MapFS{
	"index.html":           {Data: []byte("<!DOCTYPE html><title>index</title>")},
	"wifi.html":            {Data: []byte("<!DOCTYPE html><title>wifi</title>")},
	"app.js":               {Data: []byte("const form = 1;\n")},
	"app.css":              {Data: []byte("body { margin: 0 }\n")},
	"editor.wasm":          {Data: []byte("\x00asm\x01\x00\x00\x00")},
	"favicon.svg":          {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`)},
	"fonts/Go-Regular.ttf": {Data: []byte("\x00\x01\x00\x00font")},
	// A file where a route is: natively the route wins, so a stray file in
	// build/site cannot shadow the API.
	"api/v1/health": {Data: []byte("not the health check")},
}

// TestSiteFiles: the native server answers page paths the way wrangler's
// assets do (/wifi is wifi.html, / is index.html) with the content types
// a browser needs; .wasm must be application/wasm for streaming compilation.
func TestSiteFiles(t *testing.T) {
	h := New(Config{Site: site})
	for _, tc := range []struct {
		path, contentType, body string
	}{
		{"/", "text/html; charset=utf-8", "<title>index</title>"},
		{"/wifi", "text/html; charset=utf-8", "<title>wifi</title>"},
		{"/app.js", "text/javascript; charset=utf-8", "const form"},
		{"/app.css", "text/css; charset=utf-8", "margin"},
		{"/editor.wasm", "application/wasm", "asm"},
		{"/favicon.svg", "image/svg+xml", "<svg"},
		{"/fonts/Go-Regular.ttf", "", "font"},
	} {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", tc.path, nil))
		if w.Code != 200 || !strings.Contains(w.Body.String(), tc.body) {
			t.Errorf("GET %s: %d %q; want 200 with %q", tc.path, w.Code, w.Body, tc.body)
		}
		if ct := w.Header().Get("Content-Type"); tc.contentType != "" && ct != tc.contentType {
			t.Errorf("GET %s: Content-Type %q; want %q", tc.path, ct, tc.contentType)
		}
		// A page is not an API answer: no cross-origin reads of the editor.
		if v := w.Header().Get("Access-Control-Allow-Origin"); v != "" {
			t.Errorf("GET %s: Access-Control-Allow-Origin %q on a site file", tc.path, v)
		}
	}
}

// A HEAD of a page answers as its GET would, without the body.
func TestSiteHead(t *testing.T) {
	w := httptest.NewRecorder()
	New(Config{Site: site}).ServeHTTP(w, httptest.NewRequest("HEAD", "/wifi", nil))
	if w.Code != 200 || w.Body.Len() != 0 || w.Header().Get("Content-Length") != strconv.Itoa(len(site["wifi.html"].Data)) {
		t.Errorf("HEAD /wifi: %d, %d bytes of body, Content-Length %q", w.Code, w.Body.Len(), w.Header().Get("Content-Length"))
	}
}

// What the site does not hold is the API's 404 problem document, with a
// fix, and so are other methods on a page, directories without an index,
// paths that climb out of the site, and every page when there is no site
// (the Worker, where wrangler serves the files before the Worker runs).
func TestSiteMisses(t *testing.T) {
	for _, tc := range []struct {
		site         *fstest.MapFS
		method, path string
	}{
		{&site, "GET", "/nope"},
		{&site, "GET", "/wifi.png"},
		{&site, "GET", "/fonts"},
		{&site, "GET", "/fonts/"},
		{&site, "POST", "/wifi"},
		{&site, "DELETE", "/"},
		{nil, "GET", "/wifi"},
		{nil, "GET", "/"},
	} {
		h := New(Config{})
		if tc.site != nil {
			h = New(Config{Site: *tc.site})
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest(tc.method, tc.path, nil))
		checkProblem(t, w, tc.method+" "+tc.path, 404)
	}
}

// checkProblem fails unless w holds a problem document of status code.
func checkProblem(t *testing.T, w *httptest.ResponseRecorder, what string, code int) {
	t.Helper()
	var p struct {
		Status      int
		Detail, Fix string
	}
	if w.Code != code || w.Header().Get("Content-Type") != problem.ContentType {
		t.Errorf("%s: %d %s; want a %d problem", what, w.Code, w.Header().Get("Content-Type"), code)
		return
	}
	if err := json.Unmarshal(w.Body.Bytes(), &p); err != nil || p.Status != code || p.Detail == "" || p.Fix == "" {
		t.Errorf("%s: problem %s (%v)", what, w.Body, err)
	}
}

// Routes come before files: a site can never shadow the API.
func TestSiteBehindRoutes(t *testing.T) {
	w := httptest.NewRecorder()
	New(Config{Site: site}).ServeHTTP(w, httptest.NewRequest("GET", "/api/v1/health", nil))
	if w.Code != 200 || strings.Contains(w.Body.String(), "not the health check") {
		t.Errorf("GET /api/v1/health with a file there: %d %q", w.Code, w.Body)
	}
}

// TestSiteDir serves a directory as the native server does with $SITE_DIR
// (os.DirFS): pages by name, and nothing outside the directory, however
// the path is written.
func TestSiteDir(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "site")
	files := map[string]string{
		filepath.Join(root, "secret.txt"):           "outside the site",
		filepath.Join(dir, "index.html"):            "<title>index</title>",
		filepath.Join(dir, "wifi.html"):             "<title>wifi</title>",
		filepath.Join(dir, "gallery", "index.html"): "<title>gallery</title>",
	}
	for name, body := range files {
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h := New(Config{Site: os.DirFS(dir)})
	for path, want := range map[string]string{"/": "index", "/wifi": "wifi", "/gallery": "gallery", "/gallery/": "gallery"} {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", path, nil))
		if w.Code != 200 || !strings.Contains(w.Body.String(), "<title>"+want+"</title>") {
			t.Errorf("GET %s: %d %q; want the %s page", path, w.Code, w.Body, want)
		}
	}
	for _, path := range []string{"/../secret.txt", "/..%2fsecret.txt", "/%2e%2e/secret.txt", "/gallery/../../secret.txt"} {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", path, nil))
		if strings.Contains(w.Body.String(), "outside the site") {
			t.Fatalf("GET %s served a file outside the site", path)
		}
		checkProblem(t, w, "GET "+path, 404)
	}
	// A path that climbs and lands back in the site is not served either:
	// no browser sends one, and it gets the same 404 problem.
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/..%2fwifi.html", nil))
	checkProblem(t, w, "GET /..%2fwifi.html", 404)
}
