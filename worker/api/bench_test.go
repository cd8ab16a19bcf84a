package api

import (
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// benchInputs are the inputs the figures of docs/ and BENCHMARKS.md use.
var benchInputs = []struct{ name, text string }{
	{"url30", "https://example.com/menu?t=123"},
	{"wifi", "WIFI:T:WPA;S:Home;P:correct horse;;"},
	{"text300", strings.Repeat("abcdefghij", 30)},
	{"text1200", strings.Repeat("abcdefghij", 120)},
}

// BenchmarkRequest measures a whole request through the handler: parameter
// parsing, encoding, rendering and headers, as the Worker runs it.
func BenchmarkRequest(b *testing.B) {
	h := New(Config{})
	for _, format := range []string{"png", "svg"} {
		for _, in := range benchInputs {
			target := "/api/v1/qr?size=512&format=" + format + "&data=" + url.QueryEscape(in.text)
			b.Run(format+"/"+in.name, func(b *testing.B) {
				var n int
				for i := 0; i < b.N; i++ {
					w := httptest.NewRecorder()
					h.ServeHTTP(w, httptest.NewRequest("GET", target, nil))
					if w.Code != 200 {
						b.Fatal(w.Code, w.Body)
					}
					n = w.Body.Len()
				}
				b.ReportMetric(float64(n), "bytes")
			})
		}
	}
}

// BenchmarkVerify measures /api/v1/verify as bench/endpoint-list.mjs calls
// it: a short URL, plain and in rounded modules with circle eyes, cycling
// through 8 URLs as the isolate bench does.
func BenchmarkVerify(b *testing.B) {
	h := New(Config{})
	for _, look := range []string{"", "&style=rounded&eye=circle", "&style=dot&eye=circle", "&style=organic&eye=leaf"} {
		b.Run("look="+look, func(b *testing.B) {
			i := 0
			for b.Loop() {
				target := "/api/v1/verify?data=" + url.QueryEscape("https://example.com/item/"+string(rune('0'+i%8))) + look
				w := httptest.NewRecorder()
				h.ServeHTTP(w, httptest.NewRequest("GET", target, nil))
				if w.Code != 200 || !strings.Contains(w.Body.String(), `"scannable":true`) {
					b.Fatal(w.Code, w.Body)
				}
				i++
			}
		})
	}
}
