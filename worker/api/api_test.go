package api

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// FuzzHandler: no path or query makes the service answer 5xx or panic, and
// every 4xx is a problem document with a fix.
func FuzzHandler(f *testing.F) {
	for _, s := range []string{
		"/api/v1/qr?data=hi", "/api/v1/qr?data=hi&size=5000", "/q/%zz.png", "/q/.png", "/q/a.b.c",
		"/api/v1/qr?data=" + strings.Repeat("x", 3000), "/api/v1/qr?colour=1&data=%00", "/nope",
		"/api/v1/qr?data=hi&format=json&ec=h&style=square", "/q/hi.txt?format=png",
	} {
		f.Add("GET", s)
	}
	f.Add("POST", "/api/v1/qr")
	h := New(nil)
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
	})
}
