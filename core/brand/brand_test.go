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

// A colour per eye paints each finder's ring and ball its own, in the PNG
// and the SVG; balls not given take their ring's colour, and the data
// keeps color.
func TestColourPerEye(t *testing.T) {
	rings := []string{"cc0000", "008800", "0000cc"}
	tests := []struct {
		name  string
		q     url.Values
		balls []string
	}{
		{"rings", url.Values{"eye_color": {strings.Join(rings, ",")}}, rings},
		{"rings and balls", url.Values{"eye_color": {strings.Join(rings, ",")}, "eye_ball_color": {"880088,888800,008888"}}, []string{"880088", "888800", "008888"}},
		{"one ring colour, balls apart", url.Values{"eye_color": {"cc0000"}, "eye_ball_color": {"880088,888800,008888"}}, []string{"880088", "888800", "008888"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := url.Values{"size": {"290"}} // 10 px a module at version 1 with its quiet zone
			for k, v := range tt.q {
				q[k] = v
			}
			c, o := code(t, "HELLO", q)
			k, err := New(c, o)
			if err != nil {
				t.Fatal(err)
			}
			img := k.Image()
			_, unit, origin := render.Placement(c, k.ro)
			at := func(x, y int) string { // a module's centre, as hex
				p := img.RGBAAt(int((float64(x)+0.5+origin)*unit), int((float64(y)+0.5+origin)*unit))
				return params.Hex(color.NRGBA{p.R, p.G, p.B, p.A})
			}
			n := c.Size
			corners := [3][2]int{{0, 0}, {n - 7, 0}, {0, n - 7}} // top-left, top-right, bottom-left
			wantRings := rings
			if tt.q.Get("eye_color") == "cc0000" {
				wantRings = []string{"cc0000", "cc0000", "cc0000"}
			}
			svg := string(k.SVG())
			for i, f := range corners {
				if got := at(f[0], f[1]+3); got != wantRings[i] {
					t.Errorf("finder %d's ring is %s, want %s", i, got, wantRings[i])
				}
				if got := at(f[0]+3, f[1]+3); got != tt.balls[i] {
					t.Errorf("finder %d's ball is %s, want %s", i, got, tt.balls[i])
				}
				if !strings.Contains(svg, `fill="#`+tt.balls[i]+`"`) || !strings.Contains(svg, `fill="#`+wantRings[i]+`"`) {
					t.Errorf("the SVG has no fill for finder %d's %s and %s", i, wantRings[i], tt.balls[i])
				}
			}
			if got := at(n/2, 6); got != "000000" && got != "ffffff" { // a timing module: data's colour
				t.Errorf("the timing pattern is %s", got)
			}
		})
	}
}
