package controls_test

import (
	"image/color"
	"net/url"
	"strings"
	"testing"

	"qrkeyless/core/generate"
	"qrkeyless/core/params"
	"qrkeyless/core/qr"
	"qrkeyless/core/render"
	"qrkeyless/core/request"
	"qrkeyless/core/scan"
)

// encode runs a generation call as the server does: the call read, then its
// data encoded. It returns the code, or the problem.
func encode(t *testing.T, path, query string) (*qr.Code, params.Options, string, string) {
	t.Helper()
	q, err := url.ParseQuery(query)
	if err != nil {
		t.Fatal(err)
	}
	r, p := generate.Read(request.NewCall(path, q), nil)
	if p != nil {
		return nil, r.Options, p.Detail, p.Fix
	}
	codes, p := r.Symbols()
	if p != nil {
		return nil, r.Options, p.Detail, p.Fix
	}
	return codes[0], r.Options, "", ""
}

// read decodes c drawn plainly at 8 px a module.
func read(t *testing.T, c *qr.Code) scan.Code {
	t.Helper()
	o := render.Options{Size: (c.Size + 8) * 8, Margin: 4, FG: color.NRGBA{A: 255}, BG: color.NRGBA{255, 255, 255, 255}}
	codes, err := scan.Decode(render.Image(c, o), scan.Options{})
	if err != nil || len(codes) != 1 {
		t.Fatalf("decode: %v", err)
	}
	return codes[0]
}

func TestSymbolControls(t *testing.T) {
	tests := []struct {
		query   string
		version int    // 0: any
		level   string // "": any
		mask    int    // -1: any
		text    string // what a reader reads, when not the data
	}{
		{query: "data=hello&version=5", version: 5, mask: -1},
		{query: "data=hello&version=5!", version: 5, mask: -1},
		{query: "data=" + strings.Repeat("a", 100) + "&version=2", version: 6, mask: -1}, // a minimum: 100 bytes need 6-M (106; 5-M holds 84)
		{query: "data=hello&mask=3", mask: 3},
		{query: "data=hello&mask=0&version=3!", version: 3, mask: 0},
		{query: "data=hello&boost=1", version: 1, level: "H", mask: -1},                           // version 1 holds "hello" at H too
		{query: "data=" + strings.Repeat("x", 20) + "&boost=1", version: 2, level: "Q", mask: -1}, // 2-M holds 26 bytes, 2-Q 20, 2-H 14
		{query: "data=12345&mode=byte", mask: -1},
		{query: "data=HELLO WORLD&mode=alphanumeric", mask: -1},
		{query: "data=Grüße&eci=utf-8", mask: -1},
		{query: "data=Grüße&eci=iso-8859-1", mask: -1},
		{query: "data=Привет&eci=windows-1251", mask: -1},
		{query: "data=点茗&mode=kanji", mask: -1},
		{query: "data=日本語テキスト&eci=shift_jis", mask: -1},
	}
	for _, tt := range tests {
		c, _, detail, _ := encode(t, "/api/v1/qr", tt.query)
		if c == nil {
			t.Errorf("%s: refused: %s", tt.query, detail)
			continue
		}
		q, _ := url.ParseQuery(tt.query)
		got := read(t, c)
		if got.Text != q.Get("data") {
			t.Errorf("%s: reads %q", tt.query, got.Text)
		}
		if tt.version > 0 && c.Version != tt.version {
			t.Errorf("%s: version %d, want %d", tt.query, c.Version, tt.version)
		}
		if tt.level != "" && c.Level.String() != tt.level {
			t.Errorf("%s: level %v, want %s", tt.query, c.Level, tt.level)
		}
		if tt.mask >= 0 && c.Mask != tt.mask {
			t.Errorf("%s: mask %d, want %d", tt.query, c.Mask, tt.mask)
		}
	}
}

// Each conflict is a 400 whose fix is a call that works.
func TestControlProblems(t *testing.T) {
	tests := []struct{ path, query, detail string }{
		{"/api/v1/qr", "data=" + strings.Repeat("a", 100) + "&version=2!", "5 symbols of version 2 hold it"},
		{"/api/v1/qr", "data=" + strings.Repeat("a", 1000) + "&version=2!", "version 26 holds it"},
		{"/api/v1/qr", "data=hello&version=41", "1 to 40"},
		{"/api/v1/qr", "data=hello&mask=8", "0 to 7"},
		{"/api/v1/qr", "data=hello&mode=numeric", "numeric mode cannot hold"},
		{"/api/v1/qr", "data=hello&mode=kanji", "kanji mode"},
		{"/api/v1/qr", "data=Grüße&eci=iso-8859-5", "cannot be written"},
		{"/api/v1/qr", "data=hello&eci=klingon", "not a charset"},
		{"/api/v1/qr", "data=点&mode=kanji&eci=utf-8", "eci names another charset"},
		{"/api/v1/upn", "data=x&mask=2", "fixes the symbol"},
		{"/api/v1/qr", "data=hello&size_mm=40", "at 300 dpi"},
		{"/api/v1/qr", "data=hello&format=pdf&size_mm=40&size_in=2", "not both"},
		{"/api/v1/qr", "data=hello&format=svg&dpi=300", "png only"},
		{"/api/v1/qr", "data=hello&format=png&cmyk=1", "pdf and eps"},
		{"/api/v1/qr", "data=hello&format=pdf&size_mm=1", "5 to 2000"},
	}
	for _, tt := range tests {
		c, _, detail, fix := encode(t, tt.path, tt.query)
		if c != nil || !strings.Contains(detail, tt.detail) {
			t.Errorf("%s?%s: %q; want a problem saying %q", tt.path, tt.query, detail, tt.detail)
			continue
		}
		if tt.path != "/api/v1/qr" {
			continue // the typed paths need their kind's fields; the refusal is the point
		}
		u, err := url.Parse(fix)
		if err != nil {
			t.Errorf("%s: fix %q", tt.query, fix)
			continue
		}
		if c, _, detail, _ := encode(t, u.Path, u.RawQuery); c == nil {
			t.Errorf("%s: its fix %s is refused too: %s", tt.query, fix, detail)
		}
	}
}

// The controls are part of the canonical form, so the edge cache keeps
// codes that differ by them apart.
func TestCanonicalHoldsControls(t *testing.T) {
	_, a, _, _ := encode(t, "/api/v1/qr", "data=hello&mask=3")
	_, b, _, _ := encode(t, "/api/v1/qr", "data=hello&mask=4")
	_, c, _, _ := encode(t, "/api/v1/qr", "data=hello&format=pdf&size_mm=40&cmyk=1")
	if a.Canonical() == b.Canonical() || !strings.Contains(c.Canonical(), "cmyk=1") {
		t.Errorf("canonical forms %q, %q, %q", a.Canonical(), b.Canonical(), c.Canonical())
	}
}
