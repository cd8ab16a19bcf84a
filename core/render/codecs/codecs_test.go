package codecs

import (
	"bytes"
	"image"
	"image/color"
	"image/gif"
	"testing"

	"qrkeyless/core/qr"
	"qrkeyless/core/render"
	"qrkeyless/internal/readback"
)

// GIF and JPEG through the table of formats: the size asked, the colours
// asked (JPEG within a few levels at a module's centre), a transparent
// background as GIF's transparent colour and as JPEG's white, every
// style, and each reads back.
func TestGIFAndJPEG(t *testing.T) {
	const text = "https://example.com/menu?table=12"
	c, err := qr.Encode(text, qr.M)
	if err != nil {
		t.Fatal(err)
	}
	navy, cream := color.NRGBA{0x1a, 0x23, 0x7e, 255}, color.NRGBA{0xff, 0xf8, 0xe1, 255}
	for _, name := range []string{"gif", "jpeg"} {
		f, ok := render.LookupFormat(name)
		if !ok || !f.Binary || f.Brand != nil {
			t.Fatalf("%s: not in the table as a plain binary format", name)
		}
		for _, style := range render.StyleNames() {
			for _, bg := range []color.NRGBA{cream, {}} {
				o := render.Options{Size: 300, Margin: 4, FG: navy, BG: bg, Style: style, Eye: "square"}
				b := f.Writer.Write(c, o)
				img, format, err := image.Decode(bytes.NewReader(b))
				if err != nil || format != name || img.Bounds() != image.Rect(0, 0, 300, 300) {
					t.Fatalf("%s %s: %s %v %v", name, style, format, img.Bounds(), err)
				}
				if got, err := readback.Text(b); err != nil || got != text {
					t.Errorf("%s %s bg %v: reads %q (%v)", name, style, bg, got, err)
				}
				if style != "square" {
					continue
				}
				// The finder's ring at the module's centre, and the corner.
				_, unit, origin := render.Placement(c, o)
				at := func(mx, my float64) color.NRGBA {
					return color.NRGBAModel.Convert(img.At(int((mx+origin)*unit), int((my+origin)*unit))).(color.NRGBA)
				}
				wantBG := bg
				switch {
				case bg.A == 0 && name == "jpeg":
					wantBG = color.NRGBA{255, 255, 255, 255} // on paper
				case bg.A == 0:
					wantBG = color.NRGBA{}
				}
				tol := map[string]int{"gif": 0, "jpeg": 24}[name] // JPEG: within 24 levels, as docs/compat.md says
				for _, p := range []struct {
					mx, my float64
					want   color.NRGBA
				}{{0.5, 0.5, navy}, {1.5, 1.5, wantBG}, {-2, -2, wantBG}} {
					if got := at(p.mx, p.my); !near(got, p.want, tol) {
						t.Errorf("%s bg %v: module (%v, %v) is %v, want %v", name, bg, p.mx, p.my, got, p.want)
					}
				}
			}
		}
	}
	// GIF's transparent colour is the background's index.
	b := render.GIF(c, render.Options{Size: 100, Margin: 4, FG: navy, Style: "square", Eye: "square"})
	g, err := gif.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if _, _, _, a := g.At(0, 0).RGBA(); a != 0 {
		t.Errorf("a transparent background's GIF is opaque at the corner")
	}
}

func near(a, b color.NRGBA, tol int) bool {
	d := func(x, y uint8) int { return max(int(x)-int(y), int(y)-int(x)) }
	if b.A == 0 {
		return a.A == 0
	}
	return d(a.R, b.R) <= tol && d(a.G, b.G) <= tol && d(a.B, b.B) <= tol && d(a.A, b.A) <= tol
}
