package main

import (
	"bytes"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"qrkeyless/internal/contentcoding"
	"qrkeyless/site/serve"
	"qrkeyless/worker/api"
)

// What compress writes, the native server sends: each text file and
// program in the copy the browser accepts, which decodes to the file; a
// picture, and a file too small to gain, as they are.
func TestRun(t *testing.T) {
	dir := t.TempDir()
	page := []byte(strings.Repeat("<p>Joins a Wi-Fi network without typing the password.</p>\n", 50))
	files := map[string][]byte{
		"wifi.html":         page,
		"pictures/eye.png":  {0x89, 'P', 'N', 'G', 0, 1, 2, 3},
		"tiny.txt":          []byte("a"),
		"editor.wasm":       append([]byte("\x00asm\x01\x00\x00\x00"), bytes.Repeat([]byte{1, 2, 3, 4}, 500)...),
		"gallery/index.svg": []byte(strings.Repeat(`<path d="M0 0h1v1h-1z"/>`, 80)),
	}
	for name, b := range files {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := run(dir); err != nil {
		t.Fatal(err)
	}
	h := api.New(api.Config{Site: os.DirFS(dir)})
	for name, b := range files {
		packs := name != "pictures/eye.png" && name != "tiny.txt"
		for _, e := range serve.Encodings {
			_, err := os.Stat(filepath.Join(dir, name+e.Suffix))
			if packs != (err == nil) {
				t.Errorf("%s%s: %v; want a copy: %v", name, e.Suffix, err, packs)
			}
			r := httptest.NewRequest("GET", "/"+name, nil)
			r.Header.Set("Accept-Encoding", e.Token)
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			got := w.Body.Bytes()
			if enc := w.Header().Get("Content-Encoding"); packs != (enc == e.Token) {
				t.Errorf("GET /%s, Accept-Encoding %s: Content-Encoding %q", name, e.Token, enc)
			} else if packs {
				got = decode(t, e.Token, got)
			}
			if !bytes.Equal(got, b) {
				t.Errorf("GET /%s, Accept-Encoding %s: %d bytes, not the file's %d", name, e.Token, len(got), len(b))
			}
		}
	}
	ignore, err := os.ReadFile(filepath.Join(dir, ".assetsignore"))
	if err != nil || !strings.Contains(string(ignore), "\n*.br\n*.gz\n") {
		t.Errorf(".assetsignore: %q, %v", ignore, err)
	}

	// Run again after a build that rewrote one file unchanged and changed
	// another: the first keeps its copy, dated anew; the second gets new ones.
	old := time.Now().Add(-time.Hour)
	for _, name := range []string{"editor.wasm", "editor.wasm.br", "wifi.html.br"} {
		if err := os.Chtimes(filepath.Join(dir, name), old, old); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "editor.wasm"), files["editor.wasm"], 0o644); err != nil {
		t.Fatal(err)
	}
	changed := append(page, "<p>changed</p>\n"...)
	if err := os.WriteFile(filepath.Join(dir, "wifi.html"), changed, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := run(dir); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(filepath.Join(dir, "editor.wasm.br")); err != nil || st.ModTime().Before(time.Now().Add(-time.Minute)) {
		t.Errorf("editor.wasm.br was not dated anew: %v", err)
	}
	br, _ := os.ReadFile(filepath.Join(dir, "wifi.html.br"))
	if !bytes.Equal(decode(t, "br", br), changed) {
		t.Error("wifi.html.br still holds the old page")
	}
}

func decode(t *testing.T, token string, b []byte) []byte {
	t.Helper()
	out, err := contentcoding.Decode(token, b)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
