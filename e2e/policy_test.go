package e2e

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// directives splits a Content-Security-Policy into its directives.
func directives(p string) map[string]string {
	out := map[string]string{}
	for _, d := range strings.Split(p, ";") {
		if name, value, _ := strings.Cut(strings.TrimSpace(d), " "); name != "" {
			out[name] = value
		}
	}
	return out
}

// inlineScript finds a page's inline scripts that run: no src, no type or
// a JavaScript one (a JSON block runs nothing).
var inlineScript = regexp.MustCompile(`(?s)<script([^>]*)>(.*?)</script>`)

// policyHeaders are the headers of the browser policy (site/policy),
// which both servers send alike.
var policyHeaders = []string{"Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options",
	"Cross-Origin-Opener-Policy", "Cross-Origin-Resource-Policy", "Permissions-Policy", "Strict-Transport-Security"}

// TestPagePolicy: every page, opened bare (a static file: Cloudflare's
// _headers on workerd) and from a shared link (written by Go), runs only
// its own scripts, each inline one allowed by the hash of the text the
// page came with, may not be framed, sends no Referer and turns the
// camera on only at /inspect; and both servers send the same headers.
func TestPagePolicy(t *testing.T) {
	servers := targets(t)
	var kinds struct {
		Types []struct {
			Name string `json:"name"`
		} `json:"types"`
	}
	for _, base := range servers {
		if err := json.Unmarshal(get(t, base+"/api/v1/types").body, &kinds); err != nil {
			t.Fatal(err)
		}
		break
	}
	paths := []string{"/", "/batch", "/inspect", "/docs", "/wifi?ssid=Cafe&sec=nopass", "/upi?pa=shop%40okaxis&pn=Shop"}
	for _, k := range kinds.Types {
		paths = append(paths, "/"+k.Name)
	}
	if len(paths) < 40 {
		t.Fatalf("%d pages", len(paths))
	}
	for _, path := range paths {
		sent := map[string]string{}
		for name, base := range servers {
			r := get(t, base+path)
			if r.status != 200 || !strings.HasPrefix(r.header.Get("Content-Type"), "text/html") {
				t.Fatalf("%s %s: %d %s", name, path, r.status, r.header.Get("Content-Type"))
			}
			what := name + " " + path
			csp := r.header.Get("Content-Security-Policy")
			d := directives(csp)
			if strings.Contains(csp, "'unsafe-inline'") || strings.Contains(csp, "'unsafe-eval'") || strings.Contains(csp, "*") {
				t.Errorf("%s: %s", what, csp)
			}
			for dir, want := range map[string]string{"default-src": "'none'", "object-src": "'none'", "base-uri": "'none'", "frame-ancestors": "'none'", "connect-src": "'self'", "form-action": "'self'"} {
				if d[dir] != want {
					t.Errorf("%s: %s %q, want %q", what, dir, d[dir], want)
				}
			}
			scripts := strings.Fields(d["script-src"])
			hashes := 0
			for _, m := range inlineScript.FindAllStringSubmatch(string(r.body), -1) {
				attrs := m[1]
				if strings.Contains(attrs, "src=") || strings.Contains(attrs, "application/json") {
					continue
				}
				sum := sha256.Sum256([]byte(m[2]))
				if h := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"; !contains(scripts, h) {
					t.Errorf("%s: the inline script %.60q is not allowed by %s", what, m[2], d["script-src"])
				}
				hashes++
			}
			if len(scripts) != 2+hashes || !contains(scripts, "'self'") || !contains(scripts, "'wasm-unsafe-eval'") {
				t.Errorf("%s: script-src %q for %d inline scripts", what, d["script-src"], hashes)
			}
			camera := strings.Contains(r.header.Get("Permissions-Policy"), "camera=(self)")
			if camera != (path == "/inspect") || !camera && !strings.Contains(r.header.Get("Permissions-Policy"), "camera=()") {
				t.Errorf("%s: Permissions-Policy %q", what, r.header.Get("Permissions-Policy"))
			}
			for k, v := range map[string]string{"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY", "Cross-Origin-Opener-Policy": "same-origin"} {
				if r.header.Get(k) != v {
					t.Errorf("%s: %s %q, want %q", what, k, r.header.Get(k), v)
				}
			}
			if hsts := r.header.Get("Strict-Transport-Security"); maxAge(hsts) < 183*24*3600 {
				t.Errorf("%s: Strict-Transport-Security %q, want at least six months", what, hsts)
			}
			var all []string
			for _, k := range policyHeaders {
				all = append(all, k+": "+r.header.Get(k))
			}
			sent[name] = strings.Join(all, "\n")
		}
		if len(sent) == 2 && sent["native"] != sent["workerd"] {
			t.Errorf("%s: the servers send different policies:\nnative:\n%s\nworkerd:\n%s", path, sent["native"], sent["workerd"])
		}
	}
}

// maxAge is the max-age of a Strict-Transport-Security value, 0 for none.
func maxAge(hsts string) int {
	for _, d := range strings.Split(hsts, ";") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(d), "max-age="); ok {
			n, _ := strconv.Atoi(v)
			return n
		}
	}
	return 0
}

// TestAnswerPolicy: every API answer is of the type it says and, opened as
// a document, runs nothing (a sandbox, default-src 'none'), a PDF too
// (e2e/editor/policy.test.mjs shows Chromium's viewer showing it); any
// site may embed it; static files are not sniffed, and the editor's workers run their
// programs under a policy of their own.
func TestAnswerPolicy(t *testing.T) {
	tests := []struct {
		method, path, body string
		status             int
	}{
		{"GET", "/api/v1/qr?data=hi&format=svg", "", 200},
		{"GET", "/api/v1/qr?data=hi", "", 200},
		{"GET", "/api/v1/qr?data=hi&format=eps", "", 200},
		{"GET", "/api/v1/qr?data=hi&format=pdf", "", 200},
		{"GET", "/q/hello.svg", "", 200},
		{"GET", "/api/v1/wifi?ssid=Cafe&sec=nopass&format=svg", "", 200},
		{"GET", "/api/v1/wifi?ssid=Cafe&password=secret1234&format=svg", "", 200},
		{"GET", "/api/v1/qr?size=nine", "", 400},
		{"GET", "/nowhere", "", 404},
		{"GET", "/openapi.json", "", 200},
		{"POST", "/api/mcp", `{"jsonrpc":"2.0","id":1,"method":"ping"}`, 200},
	}
	each(t, func(t *testing.T, base string) {
		for _, tt := range tests {
			h := map[string]string{"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
			var r response
			if tt.method == "POST" {
				r = do(t, "POST", base+tt.path, h, strings.NewReader(tt.body))
			} else {
				r = get(t, base+tt.path)
			}
			d := directives(r.header.Get("Content-Security-Policy"))
			_, sandboxed := d["sandbox"]
			if r.status != tt.status || d["default-src"] != "'none'" || d["frame-ancestors"] != "'none'" || !sandboxed {
				t.Errorf("%s %s: %d, Content-Security-Policy %q", tt.method, tt.path, r.status, r.header.Get("Content-Security-Policy"))
			}
			if r.header.Get("X-Content-Type-Options") != "nosniff" || r.header.Get("Cross-Origin-Resource-Policy") != "cross-origin" || r.header.Get("Referrer-Policy") != "no-referrer" ||
				maxAge(r.header.Get("Strict-Transport-Security")) < 183*24*3600 {
				t.Errorf("%s %s: %v", tt.method, tt.path, r.header)
			}
		}
		files := []struct {
			path, csp string
		}{
			{"/app.js", ""},
			{"/app.css", ""},
			{"/editor.wasm", ""},
			{"/verify-worker.js", "script-src 'self' 'wasm-unsafe-eval'"},
			{"/batch-worker.js", "script-src 'self' 'wasm-unsafe-eval'"},
			{"/favicon.svg", "sandbox"},
		}
		for _, f := range files {
			r := get(t, base+f.path)
			if r.status != 200 || r.header.Get("X-Content-Type-Options") != "nosniff" || !strings.Contains(r.header.Get("Content-Security-Policy"), f.csp) ||
				f.csp == "" && r.header.Get("Content-Security-Policy") != "" {
				t.Errorf("%s: %d %v", f.path, r.status, r.header)
			}
		}
	})
}
