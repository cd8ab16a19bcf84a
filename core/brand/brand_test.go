package brand

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"qrkeyless/core/params"
	"qrkeyless/core/qr"
	"qrkeyless/core/render"
	"qrkeyless/core/scan"
	"qrkeyless/internal/readback"
)

const menu = "https://example.com/menu?table=12"

// svgLogo is a red disc with a white cross; pngLogo a blue square with a
// transparent border, 64 x 32.
var (
	svgLogo = "data:image/svg+xml," + url.PathEscape(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="#e53935"/><path d="M3 5h4M5 3v4" stroke="#fff" stroke-width="1.2"/></svg>`)
	pngLogo = func() string {
		img := image.NewNRGBA(image.Rect(0, 0, 64, 32))
		for y := 4; y < 28; y++ {
			for x := 4; x < 60; x++ {
				img.Set(x, y, color.NRGBA{0x15, 0x65, 0xc0, 255})
			}
		}
		var b bytes.Buffer
		png.Encode(&b, img)
		return "data:image/png;base64," + base64.StdEncoding.EncodeToString(b.Bytes())
	}()
)

// code reads q as /api/v1/qr would and encodes text.
func code(t testing.TB, text string, q url.Values) (*qr.Code, params.Options) {
	t.Helper()
	call := params.NewCall("/api/v1/qr", q)
	o, p := params.Parse(call)
	if p != nil {
		t.Fatalf("%v: %s", q, p.Detail)
	}
	c, p := params.Encode(call, text, o)
	if p != nil {
		t.Fatal(p.Detail)
	}
	return c, o
}

// Branded codes still scan: the PNG read back by plain gozxing (no
// preparation), and verified; the same request gives the same bytes.
func TestBrandedCodesScan(t *testing.T) {
	tests := []struct {
		name string
		q    url.Values
	}{
		{"svg logo", url.Values{"logo": {svgLogo}}},
		{"png logo, no plate", url.Values{"logo": {pngLogo}, "logo_bg": {"none"}, "logo_size": {"0.25"}}},
		{"linear gradient", url.Values{"color": {"linear:0f2027,2c5364,135deg"}}},
		{"radial gradient, rounded", url.Values{"color": {"radial:1a237e,4a148c"}, "style": {"rounded"}, "eye": {"rounded"}}},
		{"eye colours", url.Values{"eye_color": {"c62828"}, "eye_ball_color": {"1a237e"}, "eye": {"circle"}}},
		{"everything", url.Values{"logo": {svgLogo}, "color": {"linear:0f2027,2c5364"}, "eye_color": {"c62828"}, "frame": {"banner-bottom"}, "frame_text": {"SCAN ME"}, "style": {"dot"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, o := code(t, menu, tt.q)
			k, rep, p := Checked(context.Background(), params.NewCall("/api/v1/qr", tt.q), c, menu, o)
			if p != nil {
				t.Fatalf("refused: %s", p.Detail)
			}
			if !rep.Scannable {
				t.Errorf("verify: %+v", rep)
			}
			b := k.PNG()
			if got, err := readback.Text(b); err != nil || got != menu {
				t.Errorf("PNG reads back %q, %v", got, err)
			}
			if again, _ := New(c, o); !bytes.Equal(again.PNG(), b) || !bytes.Equal(again.SVG(), k.SVG()) {
				t.Error("two draws of one request differ")
			}
		})
	}
}

// The logo clears whole modules, and none of a function pattern: where it
// passes under the logo (the centre alignment pattern of version 7), the
// pattern is drawn over it.
func TestLogoClearsWholeModules(t *testing.T) {
	text := strings.Repeat("a", 60) // version 7 at H: an alignment pattern at the centre
	q := url.Values{"logo": {svgLogo}, "logo_size": {"0.3"}, "logo_bg": {"ffffff"}, "size": {"45"}}
	q.Set("size", "530") // 10 px a module, whole
	c, o := code(t, text, q)
	if c.Version != 7 {
		t.Fatalf("version %d, want 7", c.Version)
	}
	k, err := New(c, o)
	if err != nil {
		t.Fatal(err)
	}
	if k.Cleared() == 0 {
		t.Fatal("nothing cleared")
	}
	img := k.Image()
	_, unit, origin := render.Placement(c, k.ro)
	at := func(x, y int) color.RGBA { // a module's centre
		return img.RGBAAt(int((float64(x)+0.5+origin)*unit), int((float64(y)+0.5+origin)*unit))
	}
	centre := c.Size / 2
	for y := range c.Size {
		for x := range c.Size {
			cleared := k.clear[y*c.Size+x]
			if cleared && render.Function(c, x, y) {
				t.Fatalf("module %d,%d of a function pattern cleared", x, y)
			}
			if render.Function(c, x, y) && c.Dark(x, y) && x >= centre-2 && x <= centre+2 && y >= centre-2 && y <= centre+2 {
				if p := at(x, y); p.R > 64 {
					t.Errorf("the centre alignment pattern's dark module %d,%d is %v under the logo; want it drawn", x, y, p)
				}
			}
		}
	}
	// Every cleared module shows no foreground at its centre: the plate
	// or the logo, never half a module.
	for y := range c.Size {
		for x := range c.Size {
			if k.clear[y*c.Size+x] {
				if p := at(x, y); p == (color.RGBA{0, 0, 0, 255}) {
					t.Errorf("cleared module %d,%d is drawn", x, y)
				}
			}
		}
	}
}

// A logo too large to scan is refused with the largest size that does,
// and that size scans while the next hundredth does not.
func TestLargestLogo(t *testing.T) {
	q := url.Values{"logo": {pngLogo}, "logo_size": {"0.4"}, "logo_bg": {"ffffff"}, "ec": {"Q"}}
	call := params.NewCall("/api/v1/qr", q)
	c, o := code(t, menu, q)
	_, _, p := Checked(context.Background(), call, c, menu, o)
	if p == nil || p.Status != 422 || p.Field != "logo_size" {
		t.Fatalf("a 40%% logo at ec=Q: %v; want a 422 about logo_size", p)
	}
	fix, err := url.Parse(p.Fix)
	if err != nil {
		t.Fatal(err)
	}
	size := fix.Query().Get("logo_size")
	if !strings.Contains(p.Detail, "logo_size="+size) {
		t.Errorf("detail %q does not name %s", p.Detail, size)
	}
	// What is served: it scans, and still does LogoMargin larger.
	scans := func(s string) bool {
		q2 := fix.Query()
		q2.Set("logo_size", s)
		c, o := code(t, menu, q2)
		_, _, p := Checked(context.Background(), params.NewCall("/api/v1/qr", q2), c, menu, o)
		return p == nil
	}
	if !scans(size) {
		t.Errorf("the fix's logo_size=%s does not scan", size)
	}
	var f float64
	if _, err := fmtSscan(size, &f); err == nil && f < 0.39 {
		next := strings.TrimRight(strings.TrimRight(strconvFormat(f+0.01), "0"), ".")
		if scans(next) {
			t.Errorf("logo_size=%s scans too: the fix is not the largest", next)
		}
	}
}

// What cannot be drawn is a 400 whose fix can be: a logo that is not an
// image, text the fonts lack, text that would not show.
func TestRefused(t *testing.T) {
	tests := []struct {
		name     string
		q        url.Values
		field    string
		fixHas   string
		fixLacks string
	}{
		{"not an image", url.Values{"logo": {"data:image/png;base64,aGVsbG8="}}, "logo", "logo=data%3Aimage%2Fsvg", ""},
		{"a URL", url.Values{"logo": {"data:text/html,<script>"}}, "logo", "logo=data", "script"},
		{"Chinese", url.Values{"frame": {"box"}, "frame_text": {"扫码 SCAN"}}, "frame_text", "frame_text=SCAN", "扫"},
		{"white on white", url.Values{"frame": {"box"}, "frame_text": {"SCAN"}, "frame_text_color": {"ffffff"}}, "frame_text_color", "frame_text_color=000000", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			call := params.NewCall("/api/v1/qr", tt.q)
			c, o := code(t, menu, tt.q)
			_, _, p := Checked(context.Background(), call, c, menu, o)
			if p == nil || p.Status != 400 || p.Field != tt.field {
				t.Fatalf("got %+v; want a 400 about %s", p, tt.field)
			}
			fix, _ := url.QueryUnescape(p.Fix)
			if !strings.Contains(p.Fix, tt.fixHas) || tt.fixLacks != "" && strings.Contains(fix, tt.fixLacks) {
				t.Errorf("fix %s; want it to have %q and not %q", p.Fix, tt.fixHas, tt.fixLacks)
			}
		})
	}
}

func fmtSscan(s string, f *float64) (int, error) { return fmt.Sscan(s, f) }

func strconvFormat(f float64) string { return strconv.FormatFloat(f, 'f', 2, 64) }

// A gradient is judged on its faintest stop: one that fades into the
// background is refused, and the fix is its darkest stop as one colour.
func TestGradientJudgedOnFaintestStop(t *testing.T) {
	q := url.Values{"color": {"linear:000000,e0e0e0"}}
	call := params.NewCall("/api/v1/qr", q)
	c, o := code(t, menu, q)
	_, rep, p := Checked(context.Background(), call, c, menu, o)
	if p == nil || p.Status != 422 || rep.Contrast > 1.5 {
		t.Fatalf("got %v, contrast %v; want a 422 judged on e0e0e0 (1.3:1)", p, rep.Contrast)
	}
	if !strings.Contains(p.Fix, "color=000000") || strings.Contains(p.Fix, "linear") {
		t.Errorf("fix %s; want color=000000", p.Fix)
	}
}

// scanVerify is scan.Verify, the check of a plain code, for comparison.
func scanVerify(c *qr.Code, text string, o render.Options) {
	scan.Verify(context.Background(), c, text, o)
}
