package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net/url"
	"strings"
	"testing"

	"qrkeyless/internal/readback"
)

const sample = "https://example.com/menu?table=12"

// scan decodes an image response and fails unless it holds want.
func scan(t *testing.T, r response, want string) {
	t.Helper()
	if r.status != 200 {
		t.Fatalf("status %d: %s", r.status, r.body)
	}
	got, err := readback.Text(r.body)
	if err != nil || got != want {
		t.Fatalf("decoded %q (%v), want %q", got, err, want)
	}
}

// matrixText draws a format=json matrix and decodes it.
func matrixText(t *testing.T, body []byte) string {
	t.Helper()
	var m struct {
		Modules [][]int `json:"modules"`
	}
	if err := json.Unmarshal(body, &m); err != nil {
		t.Fatalf("json: %v: %.100s", err, body)
	}
	s, _ := readback.Matrix(m.Modules)
	return s
}

func TestDataAliases(t *testing.T) {
	each(t, func(t *testing.T, base string) {
		for _, name := range []string{"data", "text", "content", "url", "q"} {
			scan(t, get(t, base+"/api/v1/qr?"+name+"="+url.QueryEscape(sample)), sample)
		}
	})
}

func pngOf(t *testing.T, r response) image.Image {
	t.Helper()
	if r.status != 200 {
		t.Fatalf("status %d: %s", r.status, r.body)
	}
	img, err := png.Decode(bytes.NewReader(r.body))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func TestSizeAliases(t *testing.T) {
	each(t, func(t *testing.T, base string) {
		for _, tt := range []struct {
			query string
			want  int
		}{{"", 512}, {"&size=64", 64}, {"&width=300", 300}, {"&size=4096", 4096}, {"&size=777", 777}} {
			r := get(t, base+"/api/v1/qr?data=hello"+tt.query)
			if got := pngOf(t, r).Bounds().Dx(); got != tt.want {
				t.Errorf("%q: width %d, want %d", tt.query, got, tt.want)
			}
			if tt.want >= 128 {
				scan(t, r, "hello")
			}
		}
	})
}

func TestFormatAliases(t *testing.T) {
	each(t, func(t *testing.T, base string) {
		for _, name := range []string{"format", "type", "output"} {
			r := get(t, base+"/api/v1/qr?data=hello&"+name+"=svg")
			if !bytes.HasPrefix(r.body, []byte("<svg")) {
				t.Errorf("%s=svg gave %.40q", name, r.body)
			}
		}
	})
}

func TestColorAliases(t *testing.T) {
	each(t, func(t *testing.T, base string) {
		for _, fg := range []string{"color", "fg", "dark"} {
			for _, bg := range []string{"bg", "light", "background"} {
				for _, form := range []string{"%23", ""} { // with and without #
					r := get(t, base+"/api/v1/qr?data=hello&size=256&"+fg+"="+form+"1A237E&"+bg+"="+form+"fff8e1")
					img := pngOf(t, r)
					if got := color.NRGBAModel.Convert(img.At(1, 1)); got != (color.NRGBA{0xff, 0xf8, 0xe1, 255}) {
						t.Errorf("%s/%s: background %v", fg, bg, got)
					}
					if !hasColor(img, color.NRGBA{0x1a, 0x23, 0x7e, 255}) {
						t.Errorf("%s/%s: no pixel in the foreground colour", fg, bg)
					}
					scan(t, r, "hello")
				}
			}
		}
		// #RGB and #RRGGBBAA forms.
		if img := pngOf(t, get(t, base+"/api/v1/qr?data=hello&color=f00")); !hasColor(img, color.NRGBA{255, 0, 0, 255}) {
			t.Error("color=f00 is not red")
		}
		if img := pngOf(t, get(t, base+"/api/v1/qr?data=hello&color=00000080")); !hasColor(img, color.NRGBA{0, 0, 0, 0x80}) && !hasColor(img, color.NRGBA{0x7f, 0x7f, 0x7f, 255}) {
			t.Error("color=00000080 is not half-transparent black")
		}
		r := get(t, base+"/api/v1/qr?data=hello&bg=transparent")
		if _, _, _, a := pngOf(t, r).At(0, 0).RGBA(); a != 0 {
			t.Errorf("bg=transparent: corner alpha %d", a)
		}
		scan(t, r, "hello")
		if s := get(t, base+"/api/v1/qr?data=hello&bg=transparent&format=svg").body; bytes.Count(s, []byte("<path")) != 1 {
			t.Errorf("transparent SVG has a background: %.200s", s)
		}
	})
}

func hasColor(img image.Image, want color.NRGBA) bool {
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 3 {
		for x := b.Min.X; x < b.Max.X; x += 3 {
			if color.NRGBAModel.Convert(img.At(x, y)) == want {
				return true
			}
		}
	}
	return false
}

func TestMarginAndEC(t *testing.T) {
	each(t, func(t *testing.T, base string) {
		for _, name := range []string{"margin", "quiet"} {
			for _, m := range []int{0, 2, 10} {
				// Version 1 is 21 modules; at 10 px a module the quiet zone is m*10 px plus the remainder/2.
				size := (21 + 2*m) * 10
				r := get(t, base+fmt.Sprintf("/api/v1/qr?data=hi&ec=L&size=%d&%s=%d", size, name, m))
				img := pngOf(t, r)
				first := firstDark(img, m*10+35) // through the middle of the top-left finder
				if first != m*10 {
					t.Errorf("%s=%d: first dark pixel at %d, want %d", name, m, first, m*10)
				}
				if m > 0 {
					scan(t, r, "hi")
				}
			}
		}
		for _, l := range []string{"L", "M", "Q", "H", "h"} {
			var m struct{ EC string }
			json.Unmarshal(get(t, base+"/api/v1/qr?format=json&data=hello&ec="+l).body, &m)
			if m.EC != strings.ToUpper(l) {
				t.Errorf("ec=%s: matrix says %q", l, m.EC)
			}
		}
		var m struct{ EC string }
		json.Unmarshal(get(t, base+"/api/v1/qr?format=json&data=hello").body, &m)
		if m.EC != "M" {
			t.Errorf("default ec %q, want M", m.EC)
		}
	})
}

func firstDark(img image.Image, y int) int {
	for x := 0; x < img.Bounds().Dx(); x++ {
		if r, _, _, _ := img.At(x, y).RGBA(); r < 0x8000 {
			return x
		}
	}
	return -1
}

func TestPathStyle(t *testing.T) {
	each(t, func(t *testing.T, base string) {
		text := "hello world/ü?&"
		enc := url.PathEscape(text)
		enc = strings.ReplaceAll(enc, "/", "%2F")
		scan(t, get(t, base+"/q/"+enc+".png"), text)
		scan(t, get(t, base+"/q/"+enc+".svg?color=1a237e"), text)
		if got := matrixText(t, get(t, base+"/q/"+enc+".json").body); got != text {
			t.Errorf(".json decodes to %q", got)
		}
		r := get(t, base+"/q/"+enc+".txt")
		if !bytes.HasPrefix(r.body, []byte("data:image/png;base64,")) {
			t.Errorf(".txt gave %.40q", r.body)
		}
		// A wrong extension is replaced (not kept as data), and a fault in
		// the query is fixed in the /q/ form the caller used.
		for _, tt := range []struct{ target, fix, data string }{
			{"/q/hello.webp?size=300", "/q/hello.png?size=300", "hello"},
			{"/q/hello.jpeg", "/q/hello.jpg", "hello"},
			{"/q/example.com?size=300", "/q/example.com.png?size=300", "example.com"},
			{"/q/hi.png?style=stars", "/q/hi.png?style=star", "hi"},
			{"/q/" + enc + ".svg?colour=1a237e", "/q/" + url.PathEscape(text) + ".svg?color=1a237e", text},
		} {
			r := get(t, base+tt.target)
			if p := problemOf(t, r, 400); p["fix"] != tt.fix {
				t.Errorf("%s: fix %q, want %q", tt.target, p["fix"], tt.fix)
			}
			scan(t, followFix(t, base, r), tt.data)
		}
		if img := pngOf(t, get(t, base+"/q/hello.png?size=200")); img.Bounds().Dx() != 200 {
			t.Errorf("/q/ ignores size")
		}
	})
}

// problemOf checks that r is a problem document and returns it.
func problemOf(t *testing.T, r response, status int) map[string]any {
	t.Helper()
	if r.status != status {
		t.Fatalf("status %d, want %d: %s", r.status, status, r.body)
	}
	if ct := r.header.Get("Content-Type"); ct != "application/problem+json" {
		t.Errorf("Content-Type %q", ct)
	}
	var p map[string]any
	if err := json.Unmarshal(r.body, &p); err != nil {
		t.Fatalf("problem is not JSON: %v", err)
	}
	for _, k := range []string{"type", "title", "status", "detail", "fix"} {
		if _, ok := p[k]; !ok {
			t.Errorf("problem lacks %q: %s", k, r.body)
		}
	}
	if int(p["status"].(float64)) != status {
		t.Errorf("status field %v", p["status"])
	}
	return p
}

// followFix calls the problem's fix and expects it to succeed.
func followFix(t *testing.T, base string, r response) response {
	t.Helper()
	var p struct{ Fix string }
	json.Unmarshal(r.body, &p)
	if !strings.HasPrefix(p.Fix, "/") {
		t.Fatalf("fix %q is not a call", p.Fix)
	}
	fixed := get(t, base+p.Fix)
	if fixed.status != 200 {
		t.Errorf("the fix %s answers %d: %s", p.Fix, fixed.status, fixed.body)
	}
	return fixed
}

func TestBadInput(t *testing.T) {
	each(t, func(t *testing.T, base string) {
		tests := []struct {
			query, field string
			detail       []string // all must appear in detail
			fix          string   // must appear in fix
		}{
			{"data=hi&color=red", "color", []string{`"red"`}, "color=ff0000"},
			{"data=hi&bg=blurple", "bg", []string{"blurple"}, "bg=ffffff"},
			{"data=hi&size=5000", "size", []string{"5000", "4096"}, "size=4096"},
			{"data=hi&size=10", "size", []string{"64"}, "size=64"},
			{"data=hi&size=big", "size", []string{"big"}, "size=512"},
			{"data=hi&margin=11", "margin", []string{"11", "10"}, "margin=10"},
			{"data=hi&format=webp", "format", []string{"webp", "png"}, "format="},
			{"data=hi&ec=X", "ec", []string{"X"}, "ec="},
			{"data=hi&style=bubbly", "style", []string{"bubbly"}, "style=square"},
			{"data=hi&eye=blob", "eye", []string{"blob"}, "eye=square"},
			{"", "data", []string{"data"}, "data="},
			{"data=hi&colour=000000", "color", []string{"colour"}, "color=000000"},
			{"data=hi&sise=300", "size", []string{"sise"}, "size=300"},
			{"data=hi&size=300&width=400", "size", []string{"size", "width"}, "size=300"},
			{"data=hi&text=ho", "data", []string{"data", "text"}, "data=hi"},
			{"data=" + strings.Repeat("x", 2400), "ec", []string{"2400", "2331"}, "ec=L"},
		}
		for _, tt := range tests {
			r := get(t, base+"/api/v1/qr?"+tt.query)
			p := problemOf(t, r, 400)
			if p["field"] != tt.field {
				t.Errorf("%.40s: field %v, want %s", tt.query, p["field"], tt.field)
			}
			for _, d := range tt.detail {
				if !strings.Contains(p["detail"].(string), d) {
					t.Errorf("%.40s: detail %q lacks %q", tt.query, p["detail"], d)
				}
			}
			if !strings.Contains(p["fix"].(string), tt.fix) {
				t.Errorf("%.40s: fix %q lacks %q", tt.query, p["fix"], tt.fix)
			}
			followFix(t, base, r)
		}
		// A value from a short list: the fix holds the nearest value, and
		// allowed (and detail) name every value there is.
		styles := []string{"square", "rounded", "dot", "diamond", "star", "vertical-bars", "horizontal-bars", "organic",
			"extra-rounded", "classy", "classy-rounded", "edge-cut", "small-square", "tile", "cross", "heart"}
		eyes := []string{"square", "rounded", "circle", "leaf", "diamond", "cut", "corner", "drop", "point", "petal", "inset"}
		for _, tt := range []struct {
			query, fix string
			allowed    []string
		}{
			{"data=hi&style=roundd", "/api/v1/qr?data=hi&style=rounded", styles},
			{"data=hi&dots=roundd", "/api/v1/qr?data=hi&dots=rounded", styles},
			{"data=hi&style=Vertical-Bar", "/api/v1/qr?data=hi&style=vertical-bars", styles},
			{"data=hi&eye=leef", "/api/v1/qr?data=hi&eye=leaf", eyes},
			{"data=hi&eye=circel&style=dot", "/api/v1/qr?data=hi&eye=circle&style=dot", eyes},
		} {
			r := get(t, base+"/api/v1/qr?"+tt.query)
			p := problemOf(t, r, 400)
			if p["fix"] != tt.fix {
				t.Errorf("%s: fix %q, want %q", tt.query, p["fix"], tt.fix)
			}
			if got := fmt.Sprint(p["allowed"]); got != fmt.Sprint(tt.allowed) {
				t.Errorf("%s: allowed %s, want %v", tt.query, got, tt.allowed)
			}
			for _, a := range tt.allowed {
				if !strings.Contains(p["detail"].(string), a) {
					t.Errorf("%s: detail %q does not name %s", tt.query, p["detail"], a)
				}
			}
			scan(t, followFix(t, base, r), "hi")
		}
		// Too long even at L: the fix is an instruction, not a call.
		p := problemOf(t, get(t, base+"/api/v1/qr?ec=L&data="+strings.Repeat("x", 3000)), 400)
		if !strings.Contains(p["detail"].(string), "3000") || !strings.Contains(p["detail"].(string), "2953") {
			t.Errorf("detail %q", p["detail"])
		}
		// Unknown names that are not near misses are ignored.
		scan(t, get(t, base+"/api/v1/qr?data=hi&utm_source=x&v=2&_=123"), "hi")
	})
}

func TestRoutingProblems(t *testing.T) {
	each(t, func(t *testing.T, base string) {
		problemOf(t, get(t, base+"/api/v1/nothing-here/at-all"), 404)
		problemOf(t, get(t, base+"/nope"), 404)
		// A 405's fix is the same call with the method it needs; for a POST
		// route, a sentence with a curl line.
		for _, tt := range []struct{ method, target, allow, fix string }{
			{"PUT", "/api/v1/qr?data=hi&size=300", "GET, POST, HEAD, OPTIONS", "GET /api/v1/qr?data=hi&size=300"},
			{"DELETE", "/q/hi.png?size=300", "GET, HEAD, OPTIONS", "GET /q/hi.png?size=300"},
			{"GET", "/api/v1/qr/batch", "POST, OPTIONS", "POST /api/v1/qr/batch with a JSON body"},
			{"GET", "/api/v1/decode", "POST, OPTIONS", "POST /api/v1/decode with the image as the body"},
		} {
			r := do(t, tt.method, base+tt.target, nil, strings.NewReader("x"))
			p := problemOf(t, r, 405)
			if allow := r.header.Get("Allow"); allow != tt.allow {
				t.Errorf("%s %s: Allow %q, want %q", tt.method, tt.target, allow, tt.allow)
			}
			fix, _ := p["fix"].(string)
			if path, ok := strings.CutPrefix(tt.fix, "GET "); ok {
				if fix != tt.fix {
					t.Errorf("%s %s: fix %q, want %q", tt.method, tt.target, fix, tt.fix)
				}
				if got := get(t, base+path); got.status != 200 {
					t.Errorf("%s %s: the fix answers %d", tt.method, tt.target, got.status)
				}
			} else if !strings.HasPrefix(fix, tt.fix) || !strings.Contains(fix, "curl ") {
				t.Errorf("%s %s: fix %q, want a sentence starting %q with a curl line", tt.method, tt.target, fix, tt.fix)
			}
		}
	})
}

func TestCaching(t *testing.T) {
	each(t, func(t *testing.T, base string) {
		u := base + "/api/v1/qr?data=cache-me&size=200"
		r := get(t, u)
		etag := r.header.Get("ETag")
		if !strings.HasPrefix(etag, `"`) {
			t.Fatalf("ETag %q is not strong", etag)
		}
		if cc := r.header.Get("Cache-Control"); cc != "public, max-age=31536000, immutable" {
			t.Errorf("Cache-Control %q", cc)
		}
		if r.header.Get("Access-Control-Allow-Origin") != "*" {
			t.Error("no CORS header")
		}
		again := do(t, "GET", u, map[string]string{"If-None-Match": etag}, nil)
		if again.status != 304 || len(again.body) != 0 {
			t.Errorf("If-None-Match: status %d, %d bytes", again.status, len(again.body))
		}
		if again.header.Get("ETag") != etag {
			t.Error("304 lacks the ETag")
		}
		other := do(t, "GET", u, map[string]string{"If-None-Match": `"other"`}, nil)
		if other.status != 200 {
			t.Errorf("stale ETag: status %d", other.status)
		}
		// Same picture, other spelling: same bytes, same ETag.
		if alias := get(t, base+"/api/v1/qr?text=cache-me&width=200"); alias.header.Get("ETag") != etag || !bytes.Equal(alias.body, r.body) {
			t.Error("aliases give different bytes")
		}
		head := do(t, "HEAD", u, nil, nil)
		if head.status != 200 || len(head.body) != 0 || head.header.Get("ETag") != etag || head.header.Get("Content-Type") != "image/png" {
			t.Errorf("HEAD: status %d, %d bytes, ETag %q", head.status, len(head.body), head.header.Get("ETag"))
		}
		if head.header.Get("Content-Length") != fmt.Sprint(len(r.body)) {
			t.Errorf("HEAD Content-Length %q, GET body %d", head.header.Get("Content-Length"), len(r.body))
		}
		pre := do(t, "OPTIONS", u, map[string]string{"Origin": "https://x.example", "Access-Control-Request-Method": "GET"}, nil)
		if pre.status != 204 || !strings.Contains(pre.header.Get("Access-Control-Allow-Methods"), "GET") {
			t.Errorf("preflight: %d %q", pre.status, pre.header.Get("Access-Control-Allow-Methods"))
		}
	})
}

// TestStyles: every module style and eye shape scans back, in PNG and SVG,
// and dots= is style= under another name: the same bytes and ETag.
func TestStyles(t *testing.T) {
	each(t, func(t *testing.T, base string) {
		q := base + "/api/v1/qr?size=400&data=" + url.QueryEscape(sample)
		plain := get(t, q)
		for _, v := range []string{
			"style=rounded", "style=dot", "style=diamond", "style=star", "style=vertical-bars",
			"style=horizontal-bars", "style=organic", "style=square",
			"eye=rounded", "eye=circle", "eye=leaf", "eye=diamond", "eye=square",
			"style=rounded&eye=leaf", "style=dot&eye=circle&format=svg", "style=organic&eye=leaf&format=svg-tiny",
		} {
			r := get(t, q+"&"+v)
			scan(t, r, sample)
			if shaped := !strings.Contains(v, "square") && !strings.Contains(v, "format"); shaped && bytes.Equal(r.body, plain.body) {
				t.Errorf("%s gives the plain picture", v)
			}
		}
		for _, v := range []string{"rounded&eye=leaf", "star&format=svg"} {
			a, b := get(t, q+"&style="+v), get(t, q+"&dots="+v)
			if !bytes.Equal(a.body, b.body) || a.header.Get("ETag") != b.header.Get("ETag") {
				t.Errorf("dots=%s and style=%s differ", v, v)
			}
			scan(t, b, sample)
		}
		// A shaped style takes ec H unless the caller sets one.
		var m struct{ EC string }
		json.Unmarshal(get(t, base+"/api/v1/qr?format=json&data=hi&dots=dot").body, &m)
		if m.EC != "H" {
			t.Errorf("dots=dot: ec %q, want H", m.EC)
		}
	})
}

// TestPathStyleCaching: /q/ paths answer HEAD and 304 like /api/v1/qr, and
// give the bytes the same query there gives.
func TestPathStyleCaching(t *testing.T) {
	each(t, func(t *testing.T, base string) {
		for _, tt := range []struct{ path, query, ctype string }{
			{"/q/hello%20world.png?size=200", "/api/v1/qr?data=hello%20world&size=200", "image/png"},
			{"/q/hello.svg?style=rounded&eye=leaf", "/api/v1/qr?data=hello&format=svg&style=rounded&eye=leaf", "image/svg+xml"},
		} {
			r := get(t, base+tt.path)
			etag := r.header.Get("ETag")
			if r.status != 200 || !strings.HasPrefix(etag, `"`) || r.header.Get("Content-Type") != tt.ctype {
				t.Fatalf("%s: status %d, ETag %q, Content-Type %q", tt.path, r.status, etag, r.header.Get("Content-Type"))
			}
			if same := get(t, base+tt.query); !bytes.Equal(same.body, r.body) || same.header.Get("ETag") != etag {
				t.Errorf("%s and %s differ", tt.path, tt.query)
			}
			head := do(t, "HEAD", base+tt.path, nil, nil)
			if head.status != 200 || len(head.body) != 0 || head.header.Get("ETag") != etag ||
				head.header.Get("Content-Type") != tt.ctype || head.header.Get("Content-Length") != fmt.Sprint(len(r.body)) {
				t.Errorf("HEAD %s: status %d, %d bytes, ETag %q, Content-Length %q", tt.path, head.status, len(head.body), head.header.Get("ETag"), head.header.Get("Content-Length"))
			}
			again := do(t, "GET", base+tt.path, map[string]string{"If-None-Match": etag}, nil)
			if again.status != 304 || len(again.body) != 0 || again.header.Get("ETag") != etag {
				t.Errorf("%s If-None-Match: status %d, %d bytes", tt.path, again.status, len(again.body))
			}
			if other := do(t, "GET", base+tt.path, map[string]string{"If-None-Match": `"other"`}, nil); other.status != 200 {
				t.Errorf("%s stale ETag: status %d", tt.path, other.status)
			}
		}
	})
}

// TestSameBytes asks both servers the same questions: the Worker's
// WebAssembly build must answer byte for byte what the native build does.
func TestSameBytes(t *testing.T) {
	ts := targets(t)
	native, workerd := ts["native"], ts["workerd"]
	if native == "" || workerd == "" {
		t.Skip("needs both servers")
	}
	for _, q := range []string{
		"/api/v1/qr?data=" + url.QueryEscape(sample),
		"/api/v1/qr?data=hello&format=svg&color=1a237e&bg=transparent",
		"/api/v1/qr?data=hello&format=svg-tiny&margin=2",
		"/api/v1/qr?data=hello&format=json&ec=H",
		"/api/v1/qr?data=hello&format=base64&size=100",
		"/api/v1/qr?size=1000&ec=Q&data=" + url.QueryEscape(strings.Repeat("The quick brown fox. ", 40)),
		"/q/hello%20world.png?size=333",
		// Shaped modules and eyes: curves, and at size=1000 the tiled rasterizer.
		"/api/v1/qr?style=rounded&eye=leaf&data=" + url.QueryEscape(sample),
		"/api/v1/qr?size=1000&style=rounded&eye=rounded&color=1a237e&data=" + url.QueryEscape(strings.Repeat("The quick brown fox. ", 20)),
		"/api/v1/qr?size=1000&style=organic&eye=circle&bg=transparent&data=" + url.QueryEscape(sample),
		"/api/v1/qr?data=hello&format=svg&style=star&eye=diamond",
		"/api/v1/qr?data=hello&format=svg-tiny&dots=dot&eye=rounded",
		"/q/hello%20world.svg?style=rounded&eye=leaf",
		// Branding: gradients, eye colours, frames (text outlines in
		// tiles), an SVG logo rasterized by oksvg, a PNG logo scaled.
		"/api/v1/qr?size=700&color=linear:0f2027,2c5364,135deg&eye_color=c62828&frame=banner-bottom&frame_text=SCAN%20ME&data=" + url.QueryEscape(sample),
		"/api/v1/qr?color=radial:1a237e,4a148c&frame=standee&frame_text=" + url.QueryEscape("Кафе «Ромашка»") + "&data=" + url.QueryEscape(sample),
		"/api/v1/qr?style=dot&logo=" + url.QueryEscape(discLogo) + "&data=" + url.QueryEscape(sample),
		"/api/v1/qr?format=svg&frame=bubble&frame_text=Hi&logo=" + url.QueryEscape(discLogo) + "&data=" + url.QueryEscape(sample),
	} {
		a, b := get(t, native+q), get(t, workerd+q)
		if a.status != 200 || !bytes.Equal(a.body, b.body) || a.header.Get("ETag") != b.header.Get("ETag") {
			t.Errorf("%.60s: native %d (%d bytes), workerd %d (%d bytes)", q, a.status, len(a.body), b.status, len(b.body))
		}
	}
}

// TestInstanceReused shows the Worker keeps one Go instance per isolate:
// the instance id stays and its request counter climbs.
func TestInstanceReused(t *testing.T) {
	each(t, func(t *testing.T, base string) {
		var first, second struct {
			Instance string
			Requests int
		}
		json.Unmarshal(get(t, base+"/api/v1/health").body, &first)
		get(t, base+"/api/v1/qr?data=between")
		json.Unmarshal(get(t, base+"/api/v1/health").body, &second)
		if first.Instance == "" || first.Instance != second.Instance {
			t.Errorf("instance changed: %q then %q", first.Instance, second.Instance)
		}
		if second.Requests < first.Requests+2 {
			t.Errorf("requests %d then %d: the count did not survive", first.Requests, second.Requests)
		}
	})
}
