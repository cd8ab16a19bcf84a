package brand

import (
	"image"
	"image/draw"
	"net/url"
	"strings"
	"testing"

	"qrkeyless/core/params"
	"qrkeyless/core/problem"
	"qrkeyless/core/render"
	"qrkeyless/core/scan"
)

// onWhite lays img on white paper, as a page or a screen shows a picture
// with transparent corners.
func onWhite(img image.Image) *image.RGBA {
	out := image.NewRGBA(img.Bounds())
	draw.Draw(out, out.Bounds(), image.White, image.Point{}, draw.Src)
	draw.Draw(out, out.Bounds(), img, image.Point{}, draw.Over)
	return out
}

// A circle round the code, rounded corners and a round logo plate: each
// drawn as asked, with the corners outside the plate transparent, the
// quiet zone the standard needs left clear, and the code still read.
func TestOutlineAndPlates(t *testing.T) {
	const text = "https://example.com/menu?table=12"
	tests := []struct {
		name string
		q    url.Values
		// corner: the canvas's corner pixel is transparent.
		corner bool
	}{
		{"circle", url.Values{"outline": {"circle"}}, true},
		{"circle, dots", url.Values{"outline": {"circle"}, "style": {"dot"}, "eye": {"circle"}}, true},
		{"circle and a logo", url.Values{"outline": {"circle"}, "logo": {svgLogo}, "logo_shape": {"circle"}}, true},
		{"rounded corners", url.Values{"bg_radius": {"8"}}, true},
		{"rounded corners, rounded logo plate", url.Values{"bg_radius": {"13"}, "logo": {pngLogo}, "logo_shape": {"rounded"}, "logo_bg": {"ffeecc"}}, true},
		{"square canvas, round logo plate", url.Values{"logo": {svgLogo}, "logo_shape": {"circle"}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := url.Values{"size": {"600"}, "color": {"1a237e"}}
			for k, v := range tt.q {
				q[k] = v
			}
			c, o := code(t, text, q)
			k, err := New(c, o)
			if err != nil {
				t.Fatal(err)
			}
			img := k.Image()
			if a := img.RGBAAt(0, 0).A; (a == 0) != tt.corner {
				t.Errorf("the corner pixel's alpha is %d; transparent: want %v", a, tt.corner)
			}
			side, unit, origin := render.Placement(c, k.ro)
			mid := side / 2
			if a := img.RGBAAt(mid, int(origin*unit/2)).A; a != 255 {
				t.Errorf("the middle of the top edge has alpha %d; want the plate", a)
			}
			// The quiet zone: no ink within margin modules of the symbol.
			q0, q1 := int((origin-float64(o.Margin))*unit)+1, int((origin+float64(c.Size+o.Margin))*unit)-1
			for y := q0; y < q1; y++ {
				for x := q0; x < q1; x++ {
					in := x >= int(origin*unit)-1 && x <= int((origin+float64(c.Size))*unit)+1 && y >= int(origin*unit)-1 && y <= int((origin+float64(c.Size))*unit)+1
					if p := img.RGBAAt(x, y); !in && p.R < 128 && p.A > 128 {
						t.Fatalf("ink at %d,%d, inside the quiet zone", x, y)
					}
				}
			}
			if o.Brand.Outline == "circle" {
				inked := 0
				for y := 0; y < q0; y++ {
					if p := img.RGBAAt(mid, y); p.A == 255 && p.R < 128 {
						inked++
					}
				}
				if inked == 0 {
					t.Error("no decorative module above the quiet zone")
				}
			}
			got, err := scan.Decode(onWhite(img), scan.Options{})
			if err != nil || len(got) == 0 || got[0].Text != text {
				t.Fatalf("read %v, %v; want %q", got, err, text)
			}
			svg := string(k.SVG())
			if tt.corner && strings.Contains(svg, `d="M`+num(-origin)+` `+num(-origin)+`h`) {
				t.Error("the SVG paints the square canvas")
			}
		})
	}
}

// A round or rounded logo plate clears fewer modules than the square one
// round the same logo, and never a module it does not touch.
func TestLogoShapeClears(t *testing.T) {
	cleared := map[string]int{}
	for _, shape := range []string{"square", "rounded", "circle"} {
		c, o := code(t, "HELLO WORLD", url.Values{"logo": {svgLogo}, "logo_size": {"0.3"}, "logo_shape": {shape}})
		k, err := New(c, o)
		if err != nil {
			t.Fatal(err)
		}
		cleared[shape] = k.Cleared()
		if shape == "circle" {
			p := k.plate()
			corner := [2]int{int(p.X0), int(p.Y0)} // the plate box's corner module, outside its circle
			if k.clear[corner[1]*c.Size+corner[0]] {
				t.Errorf("circle: the corner module %v of the plate's box is cleared", corner)
			}
		}
	}
	if !(cleared["circle"] < cleared["rounded"] && cleared["rounded"] < cleared["square"]) {
		t.Errorf("cleared modules %v: want circle < rounded < square", cleared)
	}
}

// The parameters' limits: bg_radius may not round into the symbol, nor
// be asked with a circle, and outline is one of its values.
func TestOutlineParams(t *testing.T) {
	tests := []struct {
		q        url.Values
		fixParam string
		fix      string
	}{
		{url.Values{"bg_radius": {"14"}}, "bg_radius", "13"},
		{url.Values{"bg_radius": {"4"}, "margin": {"1"}}, "bg_radius", "3"},
		{url.Values{"outline": {"circle"}, "bg_radius": {"4"}}, "bg_radius", ""},
		{url.Values{"outline": {"circl"}}, "outline", "circle"},
		{url.Values{"logo_shape": {"circel"}, "logo": {svgLogo}}, "logo_shape", "circle"},
	}
	for _, tt := range tests {
		q := url.Values{"data": {"x"}}
		for k, v := range tt.q {
			q[k] = v
		}
		_, p := params.Parse(problem.Call{Path: "/api/v1/qr", Query: q})
		if p == nil {
			t.Errorf("%v: no problem", tt.q)
			continue
		}
		fix, err := url.Parse(p.Fix[strings.Index(p.Fix, "/"):])
		if err != nil {
			t.Fatalf("%v: fix %q: %v", tt.q, p.Fix, err)
		}
		if got := fix.Query().Get(tt.fixParam); got != tt.fix {
			t.Errorf("%v: fix %s has %s=%q; want %q", tt.q, p.Fix, tt.fixParam, got, tt.fix)
		}
	}
}
