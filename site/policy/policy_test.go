package policy

import (
	"net/http"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// TestInlineHashes: the digests of a page's running inline scripts, in
// order, against the published examples of MDN ("alert('Hello,
// world.');") and of the CSP Level 3 specification ("var inline = 1;");
// data blocks and scripts with src have none.
func TestInlineHashes(t *testing.T) {
	tests := []struct {
		name, html string
		want       []string
	}{
		{"mdn", `<script>alert('Hello, world.');</script>`, []string{"qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng="}},
		{"spec, module", `<script type="module">var inline = 1;</script>`, []string{"B2yPHKaXnvFWtRChIbabYmUBFZdVfKKXHbWtWidDVF8="}},
		{"both, in order", `<p><script>var inline = 1;</script><script>alert('Hello, world.');</script>`,
			[]string{"B2yPHKaXnvFWtRChIbabYmUBFZdVfKKXHbWtWidDVF8=", "qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng="}},
		{"data block", `<script type="application/json" id="f">{"a":1}</script>`, nil},
		{"src", `<script src="/app.js" defer></script><script type="module" src="/x.js"></script>`, nil},
		{"unclosed", `<script>var inline = 1;`, nil},
	}
	for _, tt := range tests {
		if got := inlineHashes([]byte(tt.html)); !slices.Equal(got, tt.want) {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

// directives splits a policy into its directives by name.
func directives(p string) map[string]string {
	out := map[string]string{}
	for _, d := range strings.Split(p, ";") {
		name, value, _ := strings.Cut(strings.TrimSpace(d), " ")
		out[name] = value
	}
	return out
}

// TestPage: every page runs its own scripts and nothing inline but what
// it holds, may not be framed, and gets what it needs: the camera on
// /inspect only, workers where it starts them.
func TestPage(t *testing.T) {
	html := []byte(`<script>var inline = 1;</script>`)
	tests := []struct {
		path           string
		camera, worker bool
	}{
		{"/", false, true},
		{"/wifi", false, true},
		{"/batch", false, true},
		{"/inspect", true, true},
		{"/docs", false, false},
	}
	for _, tt := range tests {
		h := http.Header{}
		Page(h, tt.path, html)
		p := h.Get(CSP)
		if strings.Contains(p, "'unsafe-inline'") || strings.Contains(p, "'unsafe-eval'") {
			t.Errorf("%s: %s allows inline code", tt.path, p)
		}
		d := directives(p)
		if d["default-src"] != "'none'" || d["frame-ancestors"] != "'none'" || d["object-src"] != "'none'" || d["base-uri"] != "'none'" ||
			d["connect-src"] != "'self'" || d["form-action"] != "'self'" {
			t.Errorf("%s: %s", tt.path, p)
		}
		if !strings.Contains(d["script-src"], "'sha256-B2yPHKaXnvFWtRChIbabYmUBFZdVfKKXHbWtWidDVF8='") || !strings.Contains(d["script-src"], "'wasm-unsafe-eval'") {
			t.Errorf("%s: script-src %q", tt.path, d["script-src"])
		}
		if _, ok := d["worker-src"]; ok != tt.worker {
			t.Errorf("%s: worker-src %v, want %v", tt.path, ok, tt.worker)
		}
		if got := strings.Contains(h.Get(Permissions), "camera=(self)"); got != tt.camera || !tt.camera && !strings.Contains(h.Get(Permissions), "camera=()") {
			t.Errorf("%s: %s", tt.path, h.Get(Permissions))
		}
		for k, v := range map[string]string{"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY", "Cross-Origin-Opener-Policy": "same-origin", HSTSHeader: HSTS} {
			if h.Get(k) != v {
				t.Errorf("%s: %s %q, want %q", tt.path, k, h.Get(k), v)
			}
		}
	}
}

// TestAPI: an API answer runs nothing, whatever its type, and any site
// may embed it.
func TestAPI(t *testing.T) {
	h := http.Header{}
	API(h)
	d := directives(h.Get(CSP))
	if _, sandboxed := d["sandbox"]; d["default-src"] != "'none'" || d["frame-ancestors"] != "'none'" || !sandboxed {
		t.Errorf("%s", h.Get(CSP))
	}
	if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Cross-Origin-Resource-Policy") != "cross-origin" || h.Get(HSTSHeader) != HSTS {
		t.Errorf("%v", h)
	}
}

// TestHeadersFile: the rules Cloudflare reads give each page what Page
// gives it when Go sends it, every file the common headers, within
// Cloudflare's limits.
func TestHeadersFile(t *testing.T) {
	site := fstest.MapFS{
		"index.html":   {Data: []byte(`<script>var inline = 1;</script>`)},
		"inspect.html": {Data: []byte(`<script type="module" src="/inspect.js"></script>`)},
		"app.js":       {Data: []byte(`//`)},
	}
	b, err := HeadersFile(site)
	if err != nil {
		t.Fatal(err)
	}
	rules := map[string]http.Header{}
	var at string
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if !strings.HasPrefix(line, " ") {
			at = line
			rules[at] = http.Header{}
			continue
		}
		k, v, _ := strings.Cut(strings.TrimSpace(line), ": ")
		rules[at].Add(k, v)
	}
	for _, page := range []string{"index.html", "inspect.html"} {
		want := http.Header{}
		Page(want, PagePath(page), site[page].Data)
		got := http.Header{}
		for _, pattern := range []string{"/*", PagePath(page)} {
			for k, v := range rules[pattern] {
				if got[k] != nil {
					t.Errorf("%s: %s set twice (Cloudflare would join them)", page, k)
				}
				got[k] = v
			}
		}
		for k := range want {
			if got.Get(k) != want.Get(k) {
				t.Errorf("%s: %s %q in _headers, %q from Go", page, k, got.Get(k), want.Get(k))
			}
		}
	}
	if !strings.Contains(rules["/*-worker.js"].Get(CSP), "'wasm-unsafe-eval'") || rules["/*.svg"].Get(CSP) != Answer {
		t.Errorf("static rules: %v", rules)
	}
}
