package verify

import (
	"bytes"
	"context"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"qrkeyless/core/brand"
	"qrkeyless/core/generate"
	"qrkeyless/core/params"
	"qrkeyless/core/qr"
	"qrkeyless/core/request"
	"qrkeyless/internal/fixture"
	"qrkeyless/internal/readback"
)

const menu = "https://example.com/menu?table=12"

var (
	svgLogo = fixture.SVGLogo
	pngLogo = fixture.PNGLogo
)

// code reads q as /api/v1/qr would and encodes text.
func code(t testing.TB, text string, q url.Values) (*qr.Code, params.Options) {
	t.Helper()
	c, o, err := encoded(text, q)
	if err != nil {
		t.Fatalf("%v: %v", q, err)
	}
	return c, o
}

// encoded is code for a goroutine, which may not end the test: the
// problem comes back as an error.
func encoded(text string, q url.Values) (*qr.Code, params.Options, error) {
	q.Set("data", text)
	r, p := generate.Read(fixture.Call("/api/v1/qr", q.Encode()), nil)
	if p != nil {
		return nil, params.Options{}, p
	}
	c, p := r.Encode()
	if p != nil {
		return nil, params.Options{}, p
	}
	return c, r.Options, nil
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
		{"a colour per eye", url.Values{"eye_color": {"c62828,2e7d32,1565c0"}, "eye_ball_color": {"1a237e,4a148c,004d40"}, "style": {"rounded"}, "eye": {"leaf"}}},
		{"everything", url.Values{"logo": {svgLogo}, "color": {"linear:0f2027,2c5364"}, "eye_color": {"c62828"}, "frame": {"banner-bottom"}, "frame_text": {"SCAN ME"}, "style": {"dot"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, o := code(t, menu, tt.q)
			k, rep, p := checked(context.Background(), request.NewCall("/api/v1/qr", tt.q), c, menu, o)
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
			if again, _ := brand.New(c, o); !bytes.Equal(again.PNG(), b) || !bytes.Equal(again.SVG(), k.SVG()) {
				t.Error("two draws of one request differ")
			}
		})
	}
}

// A logo too large to scan is refused with the largest size that does,
// and that size scans while the next hundredth does not.
func TestLargestLogo(t *testing.T) {
	q := url.Values{"logo": {pngLogo}, "logo_size": {"0.4"}, "logo_bg": {"ffffff"}, "ec": {"Q"}}
	call := request.NewCall("/api/v1/qr", q)
	c, o := code(t, menu, q)
	_, _, p := checked(context.Background(), call, c, menu, o)
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
		_, _, p := checked(context.Background(), request.NewCall("/api/v1/qr", q2), c, menu, o)
		return p == nil
	}
	if !scans(size) {
		t.Errorf("the fix's logo_size=%s does not scan", size)
	}
	if f, err := strconv.ParseFloat(size, 64); err == nil && f < 0.39 {
		next := strings.TrimRight(strings.TrimRight(strconv.FormatFloat(f+0.01, 'f', 2, 64), "0"), ".")
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
			call := request.NewCall("/api/v1/qr", tt.q)
			c, o := code(t, menu, tt.q)
			_, _, p := checked(context.Background(), call, c, menu, o)
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

// A gradient is judged on its faintest stop: one that fades into the
// background is refused, and the fix is its darkest stop as one colour.
func TestGradientJudgedOnFaintestStop(t *testing.T) {
	q := url.Values{"color": {"linear:000000,e0e0e0"}}
	call := request.NewCall("/api/v1/qr", q)
	c, o := code(t, menu, q)
	_, rep, p := checked(context.Background(), call, c, menu, o)
	if p == nil || p.Status != 422 || rep.Contrast > 1.5 {
		t.Fatalf("got %v, contrast %v; want a 422 judged on e0e0e0 (1.3:1)", p, rep.Contrast)
	}
	if !strings.Contains(p.Fix, "color=000000") || strings.Contains(p.Fix, "linear") {
		t.Errorf("fix %s; want color=000000", p.Fix)
	}
}
