package pathstyle

import (
	"net/url"
	"testing"
)

// TestRead reads /q/ paths as a client writes them: the extension is the
// format, the data is percent-decoded, and a problem's fix stays a /q/ path.
func TestRead(t *testing.T) {
	for _, c := range []struct {
		raw, query     string
		terminal, bare bool
		data, format   string // the call's, when it reads
		fix            string // the problem's, when it does not
	}{
		{raw: "hello%20world.svg", data: "hello world", format: "svg"},
		{raw: "hello", bare: true, data: "hello", format: "png"},
		{raw: "hello", terminal: true, bare: true, data: "hello", format: "utf8"},
		{raw: "hello", query: "format=svg", fix: "/q/hello.svg"},
		{raw: "hello.jpeg", fix: "/q/hello.jpg"},
		{raw: "example.com", fix: "/q/example.com.png"},
		{raw: "hello.png", query: "data=other", fix: "/q/hello.png"},
		{raw: "hello.png", query: "format=svg", fix: "/q/hello.png"},
		{raw: ".png", fix: "/q/https:%2F%2Fexample.com.png"},
	} {
		q, _ := url.ParseQuery(c.query)
		call, bare, p := Read(c.raw, q, c.terminal)
		switch {
		case bare != c.bare:
			t.Errorf("/q/%s?%s: bare %v, want %v", c.raw, c.query, bare, c.bare)
		case c.fix != "" && (p == nil || p.Fix != c.fix):
			t.Errorf("/q/%s?%s: problem %+v, want the fix %s", c.raw, c.query, p, c.fix)
		case c.fix == "" && p != nil:
			t.Errorf("/q/%s?%s: %s", c.raw, c.query, p.Detail)
		case c.fix == "" && (call.Query.Get("data") != c.data || call.Query.Get("format") != c.format):
			t.Errorf("/q/%s?%s: the call %v, want data %q and format %s", c.raw, c.query, call.Query, c.data, c.format)
		}
	}
}
