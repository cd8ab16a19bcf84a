package brand

import (
	"image"
	"image/color"
	"math"

	"qrkeyless/core/params"
	"qrkeyless/core/render"
)

// Print is a branded code as a vector page draws it (core/sheet's label
// sheet): the parts the PNG and SVG writers paint, in module units, for a
// writer that paints them itself.
type Print struct {
	Skip   func(x, y int) bool // modules the logo clears; nil without a logo
	Paints []params.Paint      // each layer's paint, the data's first
	Parts  render.Groups       // the layer of each part, for render.PDFLayerOps
	// The logo, when there is one: its box, x0, y0, x1, y1 in module units
	// from the symbol's top-left corner, its plate and the plate's colour
	// (A == 0 for none), and Hash, which two codes with one logo share.
	Logo       bool
	Box        [4]float64
	Plate      render.Plate
	PlateColor color.NRGBA
	Hash       string
	// Ground is the code's background when it is not the square canvas
	// (outline=circle, bg_radius); nil for the square.
	Ground *render.Plate
	// The frame's text, which a sheet prints as the caption under the
	// code (with frame=none it is one on every output), and its colour.
	Caption      string
	CaptionColor color.NRGBA
}

// Print returns what a vector page needs to draw the code (its frame
// aside: a sheet's label is the frame).
func (k *Code) Print() Print {
	p := Print{Paints: k.paint, Parts: k.parts, Caption: k.fr.Text, CaptionColor: k.fr.TextColor}
	if k.logo != nil {
		// Over the cleared modules alone, not k: a Print outlives its
		// Code (a sheet keeps a thousand), and k holds the decoded logo.
		clear, n := k.clear, k.c.Size
		p.Skip = func(x, y int) bool { return clear[y*n+x] }
		p.Logo, p.Box, p.Hash = true, k.box, k.logo.Hash
		p.Plate, p.PlateColor = k.plate(), k.b.LogoBG
	}
	if g, ok := k.ground(); ok {
		if k.b.BGRadius > 0 { // a label's code is its quiet zone's square, without the PNG's spare pixels
			m, n := float64(k.ro.Margin), float64(k.c.Size)
			g = render.Plate{X0: -m, Y0: -m, X1: n + m, Y1: n + m, R: g.R}
		}
		p.Ground = &g
	}
	return p
}

// LogoImage draws the code's logo alone, side pixels on its longer side,
// on a transparent ground; nil without a logo.
func (k *Code) LogoImage(side int) *image.RGBA {
	if k.logo == nil {
		return nil
	}
	w, h := side, side
	if k.logo.W > k.logo.H {
		h = max(1, int(math.Round(float64(side)*k.logo.H/k.logo.W)))
	} else {
		w = max(1, int(math.Round(float64(side)*k.logo.W/k.logo.H)))
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	k.logo.Draw(img, img.Bounds())
	return img
}

// Axis is where a gradient runs over a symbol one unit wide, as the PNG
// and SVG lay it: a linear one's start and end (x0, y0, x1, y1), a radial
// one's centre and radius (cx, cy, r, 0).
func Axis(p params.Paint) [4]float64 {
	g := newGradient(p, 1)
	if p.Kind == "radial" {
		return [4]float64{g.x0, g.y0, g.r2, 0}
	}
	return [4]float64{g.x0, g.y0, g.x1, g.y1}
}
