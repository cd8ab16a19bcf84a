package brand

import (
	"image/color"
	"net/url"
	"strings"
	"testing"

	"qrkeyless/core/params"
	"qrkeyless/core/problem"
	"qrkeyless/core/qr"
	"qrkeyless/core/render"
	"qrkeyless/internal/fixture"
)

var (
	svgLogo = fixture.SVGLogo
	pngLogo = fixture.PNGLogo
)

// code is text encoded at the level q's parameters ask for, and their
// options: what New draws.
func code(t testing.TB, text string, q url.Values) (*qr.Code, params.Options) {
	t.Helper()
	o, p := params.Parse(problem.Call{Path: "/api/v1/qr", Query: q})
	if p != nil {
		t.Fatalf("%v: %s", q, p.Detail)
	}
	c, err := qr.Encode(text, o.EC)
	if err != nil {
		t.Fatal(err)
	}
	return c, o
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
