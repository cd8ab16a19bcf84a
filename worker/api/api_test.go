package api

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"qrkeyless/core/params"
	"qrkeyless/core/payload"
	"qrkeyless/core/request"
	"qrkeyless/internal/readback"
)

// answer answers one request with the service's handler.
func answer(h http.Handler, method, target string) *httptest.ResponseRecorder {
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(method, "http://qr.test"+target, nil))
	return w
}

// problemFix returns the fix of a problem response.
func problemFix(t *testing.T, w *httptest.ResponseRecorder) string {
	t.Helper()
	var p struct{ Fix string }
	if err := json.Unmarshal(w.Body.Bytes(), &p); err != nil {
		t.Fatalf("not a problem document: %s", w.Body)
	}
	return p.Fix
}

// TestFixes: a 400's fix is the same call corrected, in the form the
// caller used, and following it gives the code of the intended data.
func TestFixes(t *testing.T) {
	long := strings.Repeat("x", 2400)
	tests := []struct {
		target, fix string
		data        string // what the fix encodes; checked when the fix answers a PNG
	}{
		// A wrong file type is replaced, not kept as part of the data.
		{"/q/hi.webp?size=300", "/q/hi.png?size=300", "hi"},
		{"/q/hi.JPEG", "/q/hi.jpg", "hi"},
		{"/q/hi.svgz", "/q/hi.svg", ""},
		{"/q/hi.sgv?color=f00", "/q/hi.svg?color=f00", ""},
		{"/q/hi.bmp?format=json", "/q/hi.json", ""},
		// A suffix that is no file type is data: .png is added.
		{"/q/example.com?size=300", "/q/example.com.png?size=300", "example.com"},
		{"/q/.png?size=300", "/q/https:%2F%2Fexample.com.png?size=300", "https://example.com"},
		// A fault in the query keeps the /q/ path.
		{"/q/hi.png?style=stars", "/q/hi.png?style=star", "hi"},
		{"/q/hi.png?dots=roundd&eye=leef", "/q/hi.png?dots=rounded&eye=leef", ""},
		{"/q/hi.png?eye=leef", "/q/hi.png?eye=leaf", "hi"},
		{"/q/a%2Fb%20c.png?colour=f00", "/q/a%2Fb%20c.png?color=f00", "a/b c"},
		{"/q/hi.svg?size=5000&bg=red", "/q/hi.svg?bg=red&size=4096", ""}, // then bg=ff0000
		{"/q/hi.png?format=svg&size=300", "/q/hi.png?size=300", "hi"},
		{"/q/hi.png?text=ho", "/q/hi.png", "hi"},
		{"/q/" + long + ".png", "/q/" + long + ".png?ec=L", long},
		// The query endpoint is unchanged.
		{"/api/v1/qr?data=hi&style=roundd", "/api/v1/qr?data=hi&style=rounded", "hi"},
		{"/api/v1/qr?text=hi&eye=leef", "/api/v1/qr?eye=leaf&text=hi", "hi"},
	}
	h := New(Config{})
	for _, tt := range tests {
		w := answer(h, "GET", tt.target)
		if w.Code != 400 {
			t.Errorf("%.40s: status %d, want 400", tt.target, w.Code)
			continue
		}
		if got := problemFix(t, w); got != tt.fix {
			t.Errorf("%.40s: fix %q, want %q", tt.target, got, tt.fix)
		}
		// One fault is fixed at a time: follow fixes until the call works.
		fixed := answer(h, "GET", tt.fix)
		for hops := 0; fixed.Code == 400 && hops < 3; hops++ {
			fixed = answer(h, "GET", problemFix(t, fixed))
		}
		if fixed.Code != 200 {
			t.Errorf("%.40s: the fix answers %d: %s", tt.target, fixed.Code, fixed.Body)
			continue
		}
		if tt.data != "" {
			if got, err := readback.Text(fixed.Body.Bytes()); err != nil || got != tt.data {
				t.Errorf("%.40s: the fix encodes %.20q (%v), want %.20q", tt.target, got, err, tt.data)
			}
		}
	}
}

// TestMethodFixes: a 405 names the allowed methods and fixes the call:
// the same path and query with the right method, or for a POST route a
// sentence with a curl line.
func TestMethodFixes(t *testing.T) {
	tests := []struct {
		method, target, allow, fix string
	}{
		{"PUT", "/api/v1/qr?size=300&data=a%20b", "GET, POST, HEAD, OPTIONS", "GET /api/v1/qr?data=a%20b&size=300"},
		{"DELETE", "/q/hello%20world.png?size=300", "GET, HEAD, OPTIONS", "GET /q/hello%20world.png?size=300"},
		{"POST", "/api/v1/wifi?ssid=Home", "GET, HEAD, OPTIONS", "GET /api/v1/wifi?ssid=Home"},
		{"POST", "/openapi.json", "GET, HEAD, OPTIONS", "GET /openapi.json"},
		{"GET", "/api/v1/decode", "POST, OPTIONS",
			"POST /api/v1/decode with the image as the body (Content-Type image/png, image/jpeg, image/gif or image/webp), e.g. curl -H 'Content-Type: image/png' --data-binary @code.png http://qr.test/api/v1/decode"},
		{"GET", "/api/v1/qr/batch?data=hi", "POST, OPTIONS",
			`POST /api/v1/qr/batch with a JSON body of items (Content-Type application/json), e.g. curl -H 'Content-Type: application/json' -d '{"items":[{"data":"hello"}]}' http://qr.test/api/v1/qr/batch`},
		{"DELETE", "/api/mcp", "POST, OPTIONS",
			`POST /api/mcp with a JSON-RPC message (Content-Type application/json), e.g. curl -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' -d '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' http://qr.test/api/mcp`},
	}
	h := New(Config{})
	for _, tt := range tests {
		w := answer(h, tt.method, tt.target)
		if w.Code != 405 {
			t.Errorf("%s %s: status %d, want 405", tt.method, tt.target, w.Code)
			continue
		}
		if got := w.Header().Get("Allow"); got != tt.allow {
			t.Errorf("%s %s: Allow %q, want %q", tt.method, tt.target, got, tt.allow)
		}
		fix := problemFix(t, w)
		if fix != tt.fix {
			t.Errorf("%s %s: fix\n%s\nwant\n%s", tt.method, tt.target, fix, tt.fix)
		}
		if path, ok := strings.CutPrefix(fix, "GET "); ok {
			if fixed := answer(h, "GET", path); fixed.Code != 200 {
				t.Errorf("%s %s: the fix answers %d", tt.method, tt.target, fixed.Code)
			}
		}
	}
}

// FuzzHandler: no path or query makes the service answer 5xx or panic, and
// every 4xx is a problem document with a fix.
func FuzzHandler(f *testing.F) {
	for _, s := range []string{
		"/api/v1/qr?data=hi", "/api/v1/qr?data=hi&size=5000", "/q/%zz.png", "/q/.png", "/q/a.b.c",
		"/api/v1/qr?data=" + strings.Repeat("x", 3000), "/api/v1/qr?colour=1&data=%00", "/nope",
		"/api/v1/qr?data=hi&format=json&ec=h&style=square", "/q/hi.txt?format=png",
		"/q/hi.gif?format=svg-tiny", "/q/.gif", "/q/%zz.gif", "/q/hi.png?format=svg&type=png", "/q/..png",
		// The hostile cases of the query: pairs Go's parser drops, secrets
		// under every spelling, duplicates, a flood of pairs.
		"/api/v1/qr?data=hi&size=300;x", "/api/v1/qr?data=hi&color=ff0000;", "/api/v1/qr?data=hi&size=%zz300",
		"/api/v1/wifi?ssid=x&password=Hunter2Hunter2&password=other1234", "/api/v1/wif?passwor=Hunter2Hunter2",
		"/api/v1/wifi?ssid=x&PASSWORD=Hunter2Hunter2&colour=red", "/api/v1/otp?secrte=JBSWY3DPEHPK3PXP",
		"/api/v1/qr?data=WIFI:T:WPA;S:x;P:Hunter2Hunter2;;&color=red", "/q/hi.png?data=other",
		"/api/v1/size?data=hi&dpi=0&medium=flyer", "/api/v1/qr?data=hi&verify=banana",
		"/api/v1/qr?data=hi" + strings.Repeat("&a=1", 300),
		// The peers' paths (compat.go).
		"/v1/create-qr-code/?data=hi&size=50x300&color=1-2-3&qzone=200", "/v1/create-qr-code?data=%E4&charset-source=ISO-8859-1",
		"/qr?text=a+b&dark=zz&centerImageUrl=x", "/qr?text=hi&caption=" + strings.Repeat("w", 40),
		"/chart?cht=qr&chs=10x10&chl=hi&chld=Z|x", "/chart?cht=bvg&chs=0", "/chart?cht=qr&chs=100x100&choe=Shift_JIS&chl=%E6%BC%A2",
	} {
		f.Add("GET", s)
	}
	f.Add("POST", "/api/v1/qr")
	h := New(Config{})
	f.Fuzz(func(t *testing.T, method, target string) {
		if !strings.HasPrefix(target, "/") || strings.ContainsAny(target, " \r\n\t#") || len(target) > 8000 {
			return
		}
		switch method {
		case "GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS":
		default:
			return
		}
		req, err := http.NewRequest(method, "http://x"+target, nil)
		if err != nil {
			return
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if w.Code >= 500 {
			t.Fatalf("%s %s: %d %s", method, target, w.Code, w.Body)
		}
		if w.Code >= 400 && method != "HEAD" {
			var p struct{ Fix, Detail string }
			if err := json.Unmarshal(w.Body.Bytes(), &p); err != nil || p.Fix == "" || p.Detail == "" {
				t.Fatalf("%s %s: %d without a problem document: %s", method, target, w.Code, w.Body)
			}
		}
		if w.Code != 200 {
			for name, vs := range request.Lenient(req.URL.RawQuery) {
				for _, v := range vs {
					secrets := payload.Secrets(v)
					if request.IsSecret(name) {
						secrets = append(secrets, v)
					}
					for _, s := range secrets {
						if len(s) >= 4 && strings.Contains(w.Body.String(), s) {
							t.Fatalf("%s %s: %d repeats the secret %q: %s", method, target, w.Code, s, w.Body)
						}
					}
				}
			}
		}
	})
}

// An empty value is the parameter left out: its default, for every
// rendering parameter (docs/decisions.md, "An empty parameter is its default"), so a template
// that fills color= from an empty variable draws what the bare call does.
func TestEmptyMeansDefault(t *testing.T) {
	h := New(Config{})
	bare := answer(h, "GET", "/api/v1/qr?data=hi").Body.String()
	for _, p := range params.Shared {
		for _, name := range p.Names() {
			w := answer(h, "GET", "/api/v1/qr?data=hi&"+name+"=")
			if w.Code != 200 || w.Body.String() != bare {
				t.Errorf("%s= (empty): %d, %d bytes; the bare call gives %d bytes", name, w.Code, w.Body.Len(), len(bare))
			}
		}
	}
}
