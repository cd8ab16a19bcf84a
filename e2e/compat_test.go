package e2e

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"mime/multipart"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"qrkeyless/core/render"
	"qrkeyless/internal/readback"
)

// The peers' URLs (docs/compat.md): goQR's create-qr-code, QuickChart's
// /qr and the Google Chart API's /chart?cht=qr, each request one their
// documentation shows for one of its parameters. Every answer is the size
// asked, in the colours asked, with the margin and quiet zone asked, and
// reads back to the exact text, natively and in the Worker, byte for byte
// the same; zxing-cpp reads each to its exact text, the bytes its charset
// writes (Latin-1, Shift JIS), an ECI header or none, and the level asked.

// peerExample is one request and what its answer must be.
type peerExample struct {
	path   string // path and query, as the peer's documentation writes it
	text   string // what the code reads
	bytes  string // what the code holds, when not text's UTF-8 (a charset)
	eci    bool   // an ECI header says the charset
	ec     string // the level
	ctype  string
	size   int // the image's width (and height, but for a caption)
	fg, bg color.NRGBA
	clear  bool // a transparent background (bg is then ignored)
	border int  // background pixels outside the quiet zone
	margin int  // the quiet zone in modules
	taller bool // a caption under the code
}

var (
	navy   = color.NRGBA{0x1a, 0x23, 0x7e, 255}
	cream  = color.NRGBA{0xff, 0xf8, 0xe1, 255}
	red    = color.NRGBA{255, 0, 0, 255}
	yellow = color.NRGBA{255, 255, 0, 255}
)

// withDefaults is e with what it leaves out taken from the peer's
// defaults d: a border or margin of -1 is none.
func (e peerExample) withDefaults(path string, d peerExample) peerExample {
	e.path = path
	if e.text == "" {
		e.text = d.text
	}
	if e.size == 0 {
		e.size = d.size
	}
	if e.ec == "" {
		e.ec = d.ec
	}
	if e.ctype == "" {
		e.ctype = "image/png"
	}
	if e.fg == (color.NRGBA{}) {
		e.fg = render.Black
	}
	if e.bg == (color.NRGBA{}) {
		e.bg = render.White
	}
	if e.clear {
		e.bg = color.NRGBA{}
	}
	for _, n := range []struct {
		got *int
		def int
	}{{&e.border, d.border}, {&e.margin, d.margin}} {
		if *n.got == 0 {
			*n.got = n.def
		}
		*n.got = max(*n.got, 0)
	}
	return e
}

// peerExamples: each parameter of each peer, at a value its documentation
// shows, with the peer's defaults for the rest.
var peerExamples = func() []peerExample {
	goqr := func(q string, e peerExample) peerExample {
		return e.withDefaults("/v1/create-qr-code/?"+q, peerExample{text: "HelloWorld", size: 200, ec: "L", border: 1, margin: -1})
	}
	qc := func(q string, e peerExample) peerExample {
		return e.withDefaults("/qr?"+q, peerExample{text: "Hello world", size: 150, ec: "M", border: -1, margin: 4})
	}
	google := func(q string, e peerExample) peerExample {
		return e.withDefaults("/chart?cht=qr&"+q, peerExample{text: "Hello world", ec: "L", border: -1, margin: 4})
	}
	return []peerExample{
		// goQR (goqr.me/api/doc/create-qr-code): the quick start, then
		// each parameter.
		goqr("data=HelloWorld!&size=100x100", peerExample{text: "HelloWorld!", size: 100}),
		goqr("data=HelloWorld&size=100x100", peerExample{size: 100}),
		goqr("data=HelloWorld", peerExample{}),
		goqr("data=HelloWorld&size=150x150", peerExample{size: 150}),
		goqr("data=HelloWorld&size=300x200", peerExample{size: 200}), // not square: the square of the smaller side
		goqr("data=H%E4llo%20W%F6rld&charset-source=ISO-8859-1", peerExample{text: "Hällo Wörld"}),
		goqr("data=H%E4llo%20W%F6rld&charset-source=ISO-8859-1&charset-target=ISO-8859-1", peerExample{text: "Hällo Wörld", bytes: "H\xe4llo W\xf6rld", eci: true}),
		goqr("data=H%C3%A4llo&charset-target=ISO-8859-1", peerExample{text: "Hällo", bytes: "H\xe4llo", eci: true}),
		goqr("data=H%C3%A4llo&charset-source=UTF-8&charset-target=UTF-8", peerExample{text: "Hällo"}),
		goqr("data=HelloWorld&ecc=L", peerExample{}),
		goqr("data=HelloWorld&ecc=M", peerExample{ec: "M"}),
		goqr("data=HelloWorld&ecc=Q", peerExample{ec: "Q"}),
		goqr("data=HelloWorld&ecc=H", peerExample{ec: "H"}),
		goqr("data=HelloWorld&color=255-0-0", peerExample{fg: red}),
		goqr("data=HelloWorld&color=ff0000", peerExample{fg: red}),
		goqr("data=HelloWorld&color=f00", peerExample{fg: red}),
		goqr("data=HelloWorld&bgcolor=255-255-0", peerExample{bg: yellow}),
		goqr("data=HelloWorld&bgcolor=ffff00&color=1a237e", peerExample{bg: yellow, fg: navy}),
		goqr("data=HelloWorld&margin=10", peerExample{border: 10}),
		goqr("data=HelloWorld&margin=0", peerExample{border: -1}),
		goqr("data=HelloWorld&qzone=1", peerExample{margin: 1}),
		goqr("data=HelloWorld&qzone=4&margin=0", peerExample{margin: 4, border: -1}),
		goqr("data=HelloWorld&qzone=12&margin=5&size=400x400", peerExample{margin: 12, border: 5, size: 400}), // past our bound of 10
		goqr("data=HelloWorld&format=png", peerExample{}),
		goqr("data=HelloWorld&format=gif", peerExample{ctype: "image/gif"}),
		goqr("data=HelloWorld&format=jpeg", peerExample{ctype: "image/jpeg"}),
		goqr("data=HelloWorld&format=jpg&color=1a237e&bgcolor=fff8e1", peerExample{ctype: "image/jpeg", fg: navy, bg: cream}),
		goqr("data=HelloWorld&format=svg", peerExample{ctype: "image/svg+xml"}),
		goqr("data=HelloWorld&format=eps", peerExample{ctype: "application/postscript"}),

		// QuickChart (quickchart.io/documentation/qr-codes): its first
		// example, then each parameter.
		qc("text=Here's%20my%20text", peerExample{text: "Here's my text"}),
		qc("text=Hello+world", peerExample{text: "Hello+world"}), // QuickChart keeps the +
		qc("text=Hello%20world&format=png", peerExample{}),
		qc("text=Hello%20world&format=svg", peerExample{ctype: "image/svg+xml"}),
		qc("text=Hello%20world&format=base64", peerExample{ctype: "text/plain"}),
		qc("text=Hello%20world&margin=1", peerExample{margin: 1}),
		qc("text=Hello%20world&margin=0&size=200", peerExample{margin: -1, size: 200}),
		qc("text=Hello%20world&size=200", peerExample{size: 200}),
		qc("text=Hello%20world&size=500", peerExample{size: 500}),
		qc("text=Hello%20world&dark=1a237e", peerExample{fg: navy}),
		qc("text=Hello%20world&light=fff8e1&dark=1a237e", peerExample{fg: navy, bg: cream}),
		qc("text=Hello%20world&dark=f00&light=ff0", peerExample{fg: red, bg: yellow}),
		qc("text=Hello%20world&light=0000", peerExample{clear: true}), // transparent
		qc("text=Hello%20world&ecLevel=L", peerExample{ec: "L"}),
		qc("text=Hello%20world&ecLevel=Q", peerExample{ec: "Q"}),
		qc("text=Hello%20world&ecLevel=H", peerExample{ec: "H"}),
		qc("text=Hello%20world&caption=Scan%20me", peerExample{taller: true}),
		qc("text=Hello%20world&caption=Scan%20me&captionFontSize=16&size=300", peerExample{taller: true, size: 300}),

		// Google (developers.google.com/chart/infographics/docs/qr_codes).
		google("chs=150x150&chl=Hello%20world", peerExample{size: 150}),
		google("chs=300x300&chl=Hello+world", peerExample{size: 300}),
		google("chs=250x180&chl=Hello%20world", peerExample{size: 180}), // not square
		google("chs=150x150&chl=Hello%20world&choe=UTF-8", peerExample{size: 150}),
		google("chs=200x200&chl=%C3%A9t%C3%A9&choe=ISO-8859-1", peerExample{size: 200, text: "été", bytes: "\xe9t\xe9", eci: true}),
		google("chs=200x200&chl=%E3%81%93%E3%82%93%E3%81%AB%E3%81%A1%E3%81%AF&choe=Shift_JIS", peerExample{size: 200, text: "こんにちは", bytes: "\x82\xb1\x82\xf1\x82\xc9\x82\xbf\x82\xcd"}),
		google("chs=200x200&chl=%E6%9D%B1%E4%BA%AC%20Tokyo&choe=Shift_JIS", peerExample{size: 200, text: "東京 Tokyo", bytes: "\x93\x8c\x8b\x9e Tokyo", eci: true}),
		google("chs=150x150&chl=Hello%20world&chld=L|1", peerExample{size: 150, margin: 1}),
		google("chs=150x150&chl=Hello%20world&chld=M|2", peerExample{size: 150, ec: "M", margin: 2}),
		google("chs=200x200&chl=Hello%20world&chld=H", peerExample{size: 200, ec: "H"}),
		google("chs=200x200&chl=Hello%20world&chld=Q|0", peerExample{size: 200, ec: "Q", margin: -1}),
	}
}()

// read is a picture for zxing-cpp to read, and what it must find.
type read struct {
	file, target string
	e            peerExample
}

func TestPeerExamples(t *testing.T) {
	servers := targets(t)
	dir := t.TempDir()
	var reads []read
	for i, e := range peerExamples {
		t.Run(e.path, func(t *testing.T) {
			bodies := map[string][]byte{}
			for name, base := range servers {
				r := get(t, base+e.path)
				if r.status != 200 {
					t.Fatalf("%s: %d %s", name, r.status, r.body)
				}
				if ct, _, _ := strings.Cut(r.header.Get("Content-Type"), ";"); ct != e.ctype {
					t.Errorf("%s: Content-Type %q, want %s", name, r.header.Get("Content-Type"), e.ctype)
				}
				if !strings.Contains(r.header.Get("Cache-Control"), "immutable") || r.header.Get("ETag") == "" {
					t.Errorf("%s: Cache-Control %q, ETag %q: a code is kept forever", name, r.header.Get("Cache-Control"), r.header.Get("ETag"))
				}
				bodies[name] = r.body
				pic := checkPicture(t, name, dir, e, r.body)
				file := filepath.Join(dir, fmt.Sprintf("%s-%02d", name, i))
				if err := os.WriteFile(file, pic, 0o644); err != nil {
					t.Fatal(err)
				}
				reads = append(reads, read{file, name, e})
			}
			if a, b := bodies["native"], bodies["workerd"]; a != nil && b != nil && !bytes.Equal(a, b) {
				t.Errorf("native and workerd answer different bytes (%d and %d)", len(a), len(b))
			}
		})
	}
	// zxing-cpp, the reader behind many phone scanners, reads them all.
	var files []string
	for _, r := range reads {
		files = append(files, r.file)
	}
	exact := 0
	for i, found := range zxing(t, files...) {
		r := reads[i]
		raw := r.e.bytes
		if raw == "" {
			raw = r.e.text
		}
		want := zxingCode{Text: r.e.text, Bytes: hex.EncodeToString([]byte(raw)), ECI: r.e.eci, EC: r.e.ec}
		if len(found) != 1 || found[0] != want {
			t.Errorf("%s %s: zxing-cpp reads %+v, want %+v", r.target, r.e.path, found, want)
			continue
		}
		exact++
	}
	t.Logf("zxing-cpp read %d of %d pictures of %d requests exactly", exact, len(reads), len(peerExamples))
}

// checkPicture checks one answer: its size, colours, margin and quiet
// zone, and that it reads back. It returns the picture zxing-cpp is to
// read: a raster as it is (on white where it is transparent, as on a
// page), an SVG drawn by oksvg, an EPS by Ghostscript.
func checkPicture(t *testing.T, target, dir string, e peerExample, body []byte) []byte {
	t.Helper()
	var img image.Image
	tolerance := 0
	switch e.ctype {
	case "application/postscript":
		m := regexp.MustCompile(`%%BoundingBox: 0 0 (\d+) (\d+)`).FindSubmatch(body)
		if m == nil || string(m[1]) != strconv.Itoa(e.size) || string(m[2]) != strconv.Itoa(e.size) {
			t.Errorf("%s: EPS bounding box %q, want 0 0 %d %d", target, m, e.size, e.size)
		}
		gs, err := os.MkdirTemp(dir, "eps")
		if err != nil {
			t.Fatal(err)
		}
		return printed(t, gs, "code.eps", body, "gs", "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-dEPSCrop", "-r288", "-sDEVICE=png16m", "-sOutputFile=code.png", "code.eps")
	case "text/plain": // QuickChart's base64: a PNG as a data URI
		b64, ok := bytes.CutPrefix(body, []byte("data:image/png;base64,"))
		if !ok {
			t.Fatalf("%s: base64 answer starts %.30q", target, body)
		}
		raw, err := base64.StdEncoding.DecodeString(string(b64))
		if err != nil {
			t.Fatal(err)
		}
		body = raw
	case "image/svg+xml":
		if w := regexp.MustCompile(`^<svg[^>]* width="(\d+)" height="(\d+)"`).FindSubmatch(body); w == nil || string(w[1]) != strconv.Itoa(e.size) || string(w[2]) != strconv.Itoa(e.size) {
			t.Errorf("%s: svg %.120s; want width and height %d", target, body, e.size)
		}
		tolerance = 2
	case "image/jpeg":
		tolerance = 24 // JPEG's rounding, at a module's centre
	}
	pic := body
	var err error
	if e.ctype == "image/svg+xml" {
		if img, err = readback.SVG(body); err == nil { // oksvg, a renderer not ours
			pic = encodePNG(img)
		}
	} else {
		img, _, err = image.Decode(bytes.NewReader(body))
		if paper, err := readback.Image(body); e.clear && err == nil { // a reader sees no alpha
			pic = encodePNG(paper)
		}
	}
	if err != nil {
		t.Fatalf("%s: %v", target, err)
	}
	b := img.Bounds()
	wantH := e.size
	if e.taller {
		wantH = b.Dy()
		if wantH <= e.size {
			t.Errorf("%s: a caption, and the image is %d tall for %d wide", target, b.Dy(), b.Dx())
		}
	}
	if b.Dx() != e.size || b.Dy() != wantH {
		t.Errorf("%s: image %dx%d, want %dx%d", target, b.Dx(), b.Dy(), e.size, wantH)
	}
	if got, err := readback.Text(encodePNG(img)); err != nil || got != e.text {
		t.Errorf("%s: reads %q (%v), want %q", target, got, err, e.text)
	}
	checkLayout(t, target, img, e, tolerance)
	return pic
}

func encodePNG(img image.Image) []byte {
	var b bytes.Buffer
	png.Encode(&b, img)
	return b.Bytes()
}

// checkLayout finds the code in img: the top-left finder's first dark
// pixel and the top-right finder's last, in the first row that has dark
// pixels. The background shows outside them; the finder's ring is the
// foreground; the quiet zone and margin are at least those asked, every
// side alike; and modules sit on whole pixels with the remainder split
// between the two sides.
func checkLayout(t *testing.T, target string, img image.Image, e peerExample, tolerance int) {
	t.Helper()
	at := func(x, y int) color.NRGBA { return color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA) }
	near := func(c, want color.NRGBA) bool {
		if want.A == 0 {
			return c.A <= uint8(tolerance)
		}
		d := func(a, b uint8) int { return max(int(a)-int(b), int(b)-int(a)) }
		return c.A >= 255-uint8(tolerance) && d(c.R, want.R) <= tolerance && d(c.G, want.G) <= tolerance && d(c.B, want.B) <= tolerance
	}
	dark := func(x, y int) bool {
		c := at(x, y)
		if e.bg.A == 0 {
			return c.A > 127
		}
		d := func(p, q color.NRGBA) int {
			return (int(p.R)-int(q.R))*(int(p.R)-int(q.R)) + (int(p.G)-int(q.G))*(int(p.G)-int(q.G)) + (int(p.B)-int(q.B))*(int(p.B)-int(q.B))
		}
		return d(c, e.fg) < d(c, e.bg)
	}
	w := img.Bounds().Dx()
	x0, y0 := -1, -1
	for y := 0; y < w && y0 < 0; y++ {
		for x := 0; x < w; x++ {
			if dark(x, y) {
				x0, y0 = x, y
				break
			}
		}
	}
	if x0 < 0 {
		t.Fatalf("%s: no dark pixel", target)
	}
	run := 0
	for x := x0; x < w && dark(x, y0); x++ {
		run++
	}
	x1 := w - 1
	for x1 > x0 && !dark(x1, y0) {
		x1--
	}
	px := run / 7 // the finder's top edge is 7 modules
	if px < 2 {
		t.Fatalf("%s: modules of %d px", target, px)
	}
	n := (x1 - x0 + 1) / px
	if (x1-x0+1)%px != 0 || (n-17)%4 != 0 || n < 21 {
		t.Fatalf("%s: the code spans %d px at %d px a module: not a whole symbol", target, x1-x0+1, px)
	}
	inner := w - 2*e.border
	total := n + 2*e.margin
	want := e.border + e.margin*px + (inner-px*total)/2
	if x0 != want || y0 != want || inner/total != px {
		t.Errorf("%s: the code starts at (%d, %d), %d px a module; want %d, %d px (margin %d px, quiet zone %d modules, %d modules)", target, x0, y0, px, want, inner/total, e.border, e.margin, n)
	}
	if right := w - 1 - x1; right < e.border+e.margin*px || right-x0 > 1 {
		t.Errorf("%s: %d px right of the code, %d left of it: the quiet zone and margin are on every side", target, right, x0)
	}
	outside := [][2]int{{x0 - 1, y0 - 1}}
	if e.ctype != "image/svg+xml" { // oksvg blends an SVG's very edge with nothing
		outside = append(outside, [2]int{0, 0}, [2]int{w - 1, 0}, [2]int{0, w - 1})
	}
	for _, p := range outside {
		if p[0] >= 0 && p[1] >= 0 && !near(at(p[0], p[1]), e.bg) {
			t.Errorf("%s: pixel %v is %v, want the background %v", target, p, at(p[0], p[1]), e.bg)
		}
	}
	if c := at(x0+px/2, y0+px/2); !near(c, e.fg) {
		t.Errorf("%s: the finder's ring is %v, want %v", target, c, e.fg)
	}
	if c := at(x0+px+px/2, y0+px+px/2); !near(c, e.bg) {
		t.Errorf("%s: inside the finder's ring is %v, want the background %v", target, c, e.bg)
	}
}

// A parameter a peer does not have is ignored there, as the peer ignores
// it (the same bytes as without it); /api/v1/qr refuses the same near
// miss of a name, as it always has.
func TestPeerUnknownParameters(t *testing.T) {
	each(t, func(t *testing.T, base string) {
		for _, tt := range []struct{ plain, extra string }{
			{"/v1/create-qr-code/?data=HelloWorld&size=150x150", "&colour=red&sise=3&utm_source=mail&style=dot"},
			{"/qr?text=Hello&size=200", "&colour=red&captionFontFamily=serif&centerImageWidth=10&ec=H"},
			{"/chart?cht=qr&chs=150x150&chl=Hello", "&colour=red&chco=ff0000&data=other"},
		} {
			a, b := get(t, base+tt.plain), get(t, base+tt.plain+tt.extra)
			if a.status != 200 || b.status != 200 || !bytes.Equal(a.body, b.body) {
				t.Errorf("%s with %s: %d, %d; the same bytes: %v", tt.plain, tt.extra, a.status, b.status, bytes.Equal(a.body, b.body))
			}
		}
		p := problemOf(t, get(t, base+"/api/v1/qr?data=Hello&colour=red"), 400)
		if p["fix"] != "/api/v1/qr?color=red&data=Hello" {
			t.Errorf("/api/v1/qr with colour: fix %v", p["fix"])
		}
	})
}

// A wrong value on a peer's path is our problem document, whose fix is
// the peer's call corrected on the same path, and the fix answers.
func TestPeerProblems(t *testing.T) {
	each(t, func(t *testing.T, base string) {
		for _, tt := range []struct{ path, fix string }{
			{"/v1/create-qr-code/?size=100x100", "/v1/create-qr-code/?data=HelloWorld&size=100x100"},
			{"/v1/create-qr-code/?data=x&size=2000x2000", "/v1/create-qr-code/?data=x&size=1000x1000"},
			{"/v1/create-qr-code/?data=x&color=300-0-0", "/v1/create-qr-code/?color=0-0-0&data=x"},
			{"/v1/create-qr-code/?data=%E4", "/v1/create-qr-code/?charset-source=ISO-8859-1&data=%E4"},
			{"/v1/create-qr-code/?data=%E2%82%AC&charset-target=ISO-8859-1", "/v1/create-qr-code/?charset-target=UTF-8&data=%E2%82%AC"},
			{"/qr?text=x&ecLevel=Z", "/qr?ecLevel=L&text=x"},
			{"/qr?text=x&size=4000", "/qr?size=3000&text=x"},
			{"/chart?cht=qr&chl=x", "/chart?chl=x&chs=150x150&cht=qr"},
			{"/chart?cht=qr&chs=100x100&chl=" + strings.Repeat("x", 1500) + "&chld=H|2", "/chart?chl=" + strings.Repeat("x", 1500) + "&chld=Q%7C2&chs=100x100&cht=qr"},
		} {
			r := get(t, base+tt.path)
			p := problemOf(t, r, 400)
			if p["fix"] != tt.fix {
				t.Errorf("%.60s: fix %v, want %s", tt.path, p["fix"], tt.fix)
				continue
			}
			if f := get(t, base+tt.fix); f.status != 200 {
				t.Errorf("%.60s: its fix answers %d %s", tt.path, f.status, f.body)
			}
		}
		// centerImageUrl: nothing is fetched; the fix sends the image as logo.
		r := get(t, base+"/qr?text=Hello&centerImageUrl="+url.QueryEscape("https://example.com/logo.png"))
		p := problemOf(t, r, 400)
		fix, _ := p["fix"].(string)
		if p["field"] != "centerImageUrl" || !strings.HasPrefix(fix, "/qr?logo=data%3Aimage") || strings.Contains(fix, "centerImageUrl") {
			t.Errorf("centerImageUrl: %v", p)
		} else {
			// The logo is verified before it is served: where the default
			// size would not scan, the fix's own fix is the size that does.
			f := get(t, base+fix)
			if f.status == 422 {
				next, _ := problemOf(t, f, 422)["fix"].(string)
				if !strings.HasPrefix(next, "/qr?centerImageSizeRatio=") {
					t.Errorf("centerImageUrl's fix: a 422 whose fix %q is not QuickChart's size of the image", next)
				}
				f = get(t, base+next)
			}
			if got, err := readback.Text(f.body); f.status != 200 || err != nil || got != "Hello" {
				t.Errorf("centerImageUrl's fix, a code with a logo: %d, reads %q (%v)", f.status, got, err)
			}
		}
		// Not a QR code: an instruction, not a call.
		if p := problemOf(t, get(t, base+"/chart?cht=bvs&chs=200x100&chd=t:1,2"), 400); p["field"] != "cht" {
			t.Errorf("cht=bvs: %v", p)
		}
	})
}

// goQR's read-qr-code answers goQR's JSON: the text of a code it is sent
// as multipart field file, goQR's error for a picture without one; an
// address to fetch is a problem.
func TestPeerReadQRCode(t *testing.T) {
	type symbol struct {
		Seq   *int    `json:"seq"`
		Data  *string `json:"data"`
		Error *string `json:"error"`
	}
	type result struct {
		Type   string   `json:"type"`
		Symbol []symbol `json:"symbol"`
	}
	form := func(field string, b []byte) (string, []byte) {
		var buf bytes.Buffer
		mw := multipart.NewWriter(&buf)
		mw.WriteField("MAX_FILE_SIZE", "1048576") // as goQR's own form sends
		if field == "file" {
			fw, _ := mw.CreateFormFile("file", "code.png")
			fw.Write(b)
		} else {
			mw.WriteField(field, string(b))
		}
		mw.Close()
		return mw.FormDataContentType(), buf.Bytes()
	}
	readAnswer := func(t *testing.T, r response) []result {
		t.Helper()
		if r.status != 200 || !strings.HasPrefix(r.header.Get("Content-Type"), "application/json") {
			t.Fatalf("%d %s: %s", r.status, r.header.Get("Content-Type"), r.body)
		}
		dec := json.NewDecoder(bytes.NewReader(r.body))
		dec.DisallowUnknownFields() // goQR's members, no others
		var out []result
		if err := dec.Decode(&out); err != nil {
			t.Fatalf("not goQR's JSON: %v: %s", err, r.body)
		}
		if len(out) != 1 || out[0].Type != "qrcode" || len(out[0].Symbol) == 0 {
			t.Fatalf("not goQR's shape: %s", r.body)
		}
		for _, s := range out[0].Symbol {
			if s.Seq == nil || !bytes.Contains(r.body, []byte(`"error"`)) || !bytes.Contains(r.body, []byte(`"data"`)) {
				t.Fatalf("a symbol lacks seq, data or error: %s", r.body)
			}
		}
		return out
	}
	each(t, func(t *testing.T, base string) {
		for _, tt := range []struct{ make, text string }{
			{"/v1/create-qr-code/?data=HelloWorld&size=150x150", "HelloWorld"},
			{"/v1/create-qr-code/?data=" + url.QueryEscape("https://example.com/menu?table=12") + "&format=jpg", "https://example.com/menu?table=12"},
			{"/qr?text=" + url.PathEscape("Grüße, 世界"), "Grüße, 世界"}, // %20: QuickChart reads + as a plus
		} {
			code := get(t, base+tt.make)
			ct, body := form("file", code.body)
			out := readAnswer(t, do(t, "POST", base+"/v1/read-qr-code/", map[string]string{"Content-Type": ct}, bytes.NewReader(body)))
			s := out[0].Symbol[0]
			if len(out[0].Symbol) != 1 || *s.Seq != 0 || s.Data == nil || *s.Data != tt.text || s.Error != nil {
				t.Errorf("%s: %+v", tt.make, out)
			}
		}
		// A picture without a code: goQR's error, as goQR words it.
		blank := image.NewGray(image.Rect(0, 0, 64, 64))
		for i := range blank.Pix {
			blank.Pix[i] = 255
		}
		ct, body := form("file", encodePNG(blank))
		out := readAnswer(t, do(t, "POST", base+"/v1/read-qr-code/", map[string]string{"Content-Type": ct}, bytes.NewReader(body)))
		if s := out[0].Symbol[0]; s.Data != nil || s.Error == nil || *s.Error != "could not find/read QR Code" {
			t.Errorf("a blank picture: %+v", out)
		}
		// fileurl, in the form or the query: nothing is fetched.
		ct, body = form("fileurl", []byte("https://example.com/code.png"))
		for _, r := range []response{
			do(t, "POST", base+"/v1/read-qr-code/", map[string]string{"Content-Type": ct}, bytes.NewReader(body)),
			do(t, "POST", base+"/v1/read-qr-code/?fileurl="+url.QueryEscape("https://example.com/code.png"), map[string]string{"Content-Type": ct}, bytes.NewReader(body)),
		} {
			if p := problemOf(t, r, 400); p["field"] != "fileurl" || !strings.Contains(p["fix"].(string), "-F file=@") {
				t.Errorf("fileurl: %v", p)
			}
		}
		// GET, as goQR's quick start does with fileurl: the fix is the POST.
		if p := problemOf(t, get(t, base+"/v1/read-qr-code/?fileurl=x"), 405); !strings.Contains(p["fix"].(string), "POST /v1/read-qr-code/") {
			t.Errorf("GET: %v", p)
		}
	})
}

// GIF and JPEG on the service's own endpoints: format=gif and jpeg, and
// /q/<data>.gif and .jpg, read back.
func TestGIFAndJPEG(t *testing.T) {
	each(t, func(t *testing.T, base string) {
		for _, tt := range []struct{ path, ctype string }{
			{"/api/v1/qr?format=gif&size=300&data=" + url.QueryEscape(sample), "image/gif"},
			{"/api/v1/qr?format=jpeg&size=300&color=1a237e&data=" + url.QueryEscape(sample), "image/jpeg"},
			{"/api/v1/qr?format=gif&style=dot&data=" + url.QueryEscape(sample), "image/gif"},
			{"/q/" + url.PathEscape(sample) + ".gif", "image/gif"},
			{"/q/" + url.PathEscape(sample) + ".jpg?size=256", "image/jpeg"},
		} {
			r := get(t, base+tt.path)
			if r.header.Get("Content-Type") != tt.ctype {
				t.Errorf("%s: Content-Type %q", tt.path, r.header.Get("Content-Type"))
			}
			scan(t, r, sample)
		}
		// /q/<data>.jpeg is the .jpg of the same code.
		p := problemOf(t, get(t, base+"/q/hi.jpeg"), 400)
		if p["fix"] != "/q/hi.jpg" {
			t.Errorf("/q/hi.jpeg: fix %v", p["fix"])
		}
	})
}

// The peers' codes are kept at the edge like every code: the second
// request is answered by the Worker's cache, with the same bytes.
func TestPeerEdgeCache(t *testing.T) {
	each(t, func(t *testing.T, base string) {
		cached := strings.HasSuffix(t.Name(), "workerd")
		n := nonce(t)
		for _, path := range []string{
			"/v1/create-qr-code/?size=150x150&data=" + n,
			"/qr?text=" + n,
			"/chart?cht=qr&chs=150x150&chl=" + n,
		} {
			a, b := get(t, base+path), get(t, base+path)
			if a.status != 200 || !bytes.Equal(a.body, b.body) {
				t.Errorf("%s: %d, then %d", path, a.status, b.status)
			}
			if want := map[bool]string{true: "hit", false: "miss"}[cached]; b.header.Get("x-qr-cache") != want {
				t.Errorf("%s, again: x-qr-cache %q, want %q", path, b.header.Get("x-qr-cache"), want)
			}
		}
	})
}
