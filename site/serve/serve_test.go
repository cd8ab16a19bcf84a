package serve

import (
	"bytes"
	"compress/gzip"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/andybalholm/brotli"

	"qrkeyless/internal/contentcoding"
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
}

// TestSiteFiles: the native server answers page paths the way wrangler's
// assets do (/wifi is wifi.html, / is index.html) with the content types
// a browser needs; .wasm must be application/wasm for streaming compilation.
func TestSiteFiles(t *testing.T) {
	h := handler(site)
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

// handler serves site alone, as the API does for the paths no route
// claims; what it does not serve is a 404.
func handler(site fs.FS) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !Site(w, r, site, nil, false) {
			w.WriteHeader(http.StatusNotFound)
		}
	})
}

// notServed fails unless w is the 404 of a path the site does not serve.
func notServed(t *testing.T, w *httptest.ResponseRecorder, what string) {
	t.Helper()
	if w.Code != http.StatusNotFound {
		t.Errorf("%s: %d; want it not served", what, w.Code)
	}
}

// A HEAD of a page answers as its GET would, without the body.
func TestSiteHead(t *testing.T) {
	w := httptest.NewRecorder()
	handler(site).ServeHTTP(w, httptest.NewRequest("HEAD", "/wifi", nil))
	if w.Code != 200 || w.Body.Len() != 0 || w.Header().Get("Content-Length") != strconv.Itoa(len(site["wifi.html"].Data)) {
		t.Errorf("HEAD /wifi: %d, %d bytes of body, Content-Length %q", w.Code, w.Body.Len(), w.Header().Get("Content-Length"))
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
	h := handler(os.DirFS(dir))
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
		notServed(t, w, "GET "+path)
	}
	// A path that climbs and lands back in the site is not served either:
	// no browser sends one.
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/..%2fwifi.html", nil))
	notServed(t, w, "GET /..%2fwifi.html")
}

// packed is a site whose script has the copies make site writes
// (site/compress) and whose page has none.
func packed(t *testing.T) (fstest.MapFS, []byte) {
	t.Helper()
	js := bytes.Repeat([]byte("export const form = document.getElementById('editor');\n"), 40)
	var br, gz bytes.Buffer
	b := brotli.NewWriter(&br)
	b.Write(js)
	b.Close()
	g := gzip.NewWriter(&gz)
	g.Write(js)
	g.Close()
	return fstest.MapFS{
		"app.js":    {Data: js},
		"app.js.br": {Data: br.Bytes()},
		"app.js.gz": {Data: gz.Bytes()},
		"wifi.html": {Data: []byte("<!DOCTYPE html><title>wifi</title>")},
	}, js
}

// unpack decodes a body as its Content-Encoding says.
func unpack(t *testing.T, encoding string, body []byte) []byte {
	t.Helper()
	b, err := contentcoding.Decode(encoding, body)
	if err != nil {
		t.Fatalf("Content-Encoding %q: %v", encoding, err)
	}
	return b
}

// A browser gets the copy its Accept-Encoding takes, brotli first, and
// every answer is the file's bytes once decoded, with wrangler's
// Cache-Control and an ETag that is weak on a compressed copy.
func TestSiteCompressed(t *testing.T) {
	site, js := packed(t)
	h := handler(site)
	for _, tc := range []struct {
		accept, want string // Accept-Encoding, and the Content-Encoding it gets
	}{
		{"gzip, deflate, br, zstd", "br"}, // Chromium's
		{"gzip", "gzip"},
		{"br;q=0, gzip", "gzip"},
		{"BR;Q=0.5, gzip;q=1", "br"}, // any weight above 0 takes it; brotli is smaller
		{"*", "br"},
		{"gzip;q=0, *", "br"},
		{"identity", ""},
		{"", ""},
		{"br;q=0, gzip;q=0", ""},
	} {
		r := httptest.NewRequest("GET", "/app.js", nil)
		r.Header.Set("Accept-Encoding", tc.accept)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		hd := w.Header()
		if w.Code != 200 || hd.Get("Content-Encoding") != tc.want {
			t.Errorf("Accept-Encoding %q: %d, Content-Encoding %q; want 200, %q", tc.accept, w.Code, hd.Get("Content-Encoding"), tc.want)
			continue
		}
		if got := unpack(t, tc.want, w.Body.Bytes()); !bytes.Equal(got, js) {
			t.Errorf("Accept-Encoding %q: the body decodes to %d bytes, not app.js", tc.accept, len(got))
		}
		// A compressed answer goes without a length, as wrangler sends it
		// (chunked): net/http's ServeContent leaves it out.
		if cl := hd.Get("Content-Length"); tc.want == "" && cl != strconv.Itoa(w.Body.Len()) || tc.want != "" && cl != "" {
			t.Errorf("Accept-Encoding %q: Content-Length %q for %d bytes", tc.accept, cl, w.Body.Len())
		}
		if hd.Get("Content-Type") != "text/javascript; charset=utf-8" || hd.Get("Vary") != "Accept-Encoding" || hd.Get("Cache-Control") != "public, max-age=0, must-revalidate" {
			t.Errorf("Accept-Encoding %q: Content-Type %q, Vary %q, Cache-Control %q", tc.accept, hd.Get("Content-Type"), hd.Get("Vary"), hd.Get("Cache-Control"))
		}
		if weak := strings.HasPrefix(hd.Get("ETag"), "W/"); weak != (tc.want != "") {
			t.Errorf("Accept-Encoding %q: ETag %q", tc.accept, hd.Get("ETag"))
		}
	}
	// A file without copies is sent as it is, and says nothing of encodings.
	r := httptest.NewRequest("GET", "/wifi", nil)
	r.Header.Set("Accept-Encoding", "br, gzip")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Body.String() != string(site["wifi.html"].Data) || w.Header().Get("Content-Encoding") != "" || w.Header().Get("Vary") != "" {
		t.Errorf("GET /wifi: Content-Encoding %q, Vary %q, %q", w.Header().Get("Content-Encoding"), w.Header().Get("Vary"), w.Body)
	}
}

// A browser that has a file asks whether it changed with the ETag it got,
// compressed or not, and gets 304 without a body; a changed file gets 200.
func TestSiteRevalidates(t *testing.T) {
	site, _ := packed(t)
	h := handler(site)
	get := func(accept, tag string) *httptest.ResponseRecorder {
		r := httptest.NewRequest("GET", "/app.js", nil)
		r.Header.Set("Accept-Encoding", accept)
		r.Header.Set("If-None-Match", tag)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w
	}
	plain, packedTag := get("", "").Header().Get("ETag"), get("br", "").Header().Get("ETag")
	if !strings.HasPrefix(plain, `"`) || packedTag != "W/"+plain {
		t.Fatalf("ETags %q and %q: want a strong one and its weak form", plain, packedTag)
	}
	for _, tc := range []struct{ accept, tag string }{{"br", packedTag}, {"br", plain}, {"", packedTag}, {"gzip", `"other", ` + plain}} {
		if w := get(tc.accept, tc.tag); w.Code != 304 || w.Body.Len() != 0 || w.Header().Get("Content-Encoding") != "" {
			t.Errorf("If-None-Match %s (Accept-Encoding %q): %d, %d bytes, Content-Encoding %q; want 304", tc.tag, tc.accept, w.Code, w.Body.Len(), w.Header().Get("Content-Encoding"))
		}
	}
	site["app.js"] = &fstest.MapFile{Data: []byte("export {};\n")}
	if w := get("", plain); w.Code != 200 || w.Header().Get("ETag") == plain {
		t.Errorf("a changed file: %d, ETag %q", w.Code, w.Header().Get("ETag"))
	}
}

// A HEAD of a compressed file answers as its GET would, without the body.
func TestSiteHeadCompressed(t *testing.T) {
	site, _ := packed(t)
	r := httptest.NewRequest("HEAD", "/app.js", nil)
	r.Header.Set("Accept-Encoding", "br")
	w := httptest.NewRecorder()
	handler(site).ServeHTTP(w, r)
	if w.Code != 200 || w.Body.Len() != 0 || w.Header().Get("Content-Encoding") != "br" || !strings.HasPrefix(w.Header().Get("ETag"), "W/") {
		t.Errorf("HEAD /app.js: %d, %d bytes, Content-Encoding %q, ETag %q", w.Code, w.Body.Len(), w.Header().Get("Content-Encoding"), w.Header().Get("ETag"))
	}
}

// The copies are not files of the site: Cloudflare never has them
// (.assetsignore), and neither does the native server; nor _headers,
// which Cloudflare reads and never sends.
func TestSiteCopiesHidden(t *testing.T) {
	site, _ := packed(t)
	site[".assetsignore"] = &fstest.MapFile{Data: []byte("*.br\n*.gz\n")}
	site["_headers"] = &fstest.MapFile{Data: []byte("/*\n  X-Content-Type-Options: nosniff\n")}
	for _, path := range []string{"/app.js.br", "/app.js.gz", "/.assetsignore", "/_headers"} {
		w := httptest.NewRecorder()
		handler(site).ServeHTTP(w, httptest.NewRequest("GET", path, nil))
		notServed(t, w, "GET "+path)
	}
}

// A copy older than its file was left by an earlier build (the file was
// rebuilt without make site): the file is sent as it is, never the copy.
func TestSiteStaleCopy(t *testing.T) {
	dir := t.TempDir()
	site, _ := packed(t)
	for name, f := range site {
		if err := os.WriteFile(filepath.Join(dir, name), f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	fresh := []byte("export const rebuilt = true;\n")
	if err := os.WriteFile(filepath.Join(dir, "app.js"), fresh, 0o644); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour)
	for _, copy := range []string{"app.js.br", "app.js.gz"} {
		if err := os.Chtimes(filepath.Join(dir, copy), old, old); err != nil {
			t.Fatal(err)
		}
	}
	r := httptest.NewRequest("GET", "/app.js", nil)
	r.Header.Set("Accept-Encoding", "br, gzip")
	w := httptest.NewRecorder()
	handler(os.DirFS(dir)).ServeHTTP(w, r)
	if w.Header().Get("Content-Encoding") != "" || !bytes.Equal(w.Body.Bytes(), fresh) {
		t.Errorf("a stale copy was sent: Content-Encoding %q, %q", w.Header().Get("Content-Encoding"), w.Body)
	}
}

// What the site does not hold is not served: other methods on a page,
// directories without an index, compressed copies by their own names.
func TestSiteMisses(t *testing.T) {
	for _, tc := range []struct{ method, path string }{
		{"GET", "/nope"}, {"GET", "/wifi.png"}, {"GET", "/fonts"}, {"GET", "/fonts/"}, {"POST", "/wifi"}, {"DELETE", "/"},
	} {
		w := httptest.NewRecorder()
		handler(site).ServeHTTP(w, httptest.NewRequest(tc.method, tc.path, nil))
		notServed(t, w, tc.method+" "+tc.path)
	}
}
