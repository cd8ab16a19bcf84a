package render

import (
	"bytes"
	"image"
	"math"

	"qrkeyless/core/qr"
)

// This file draws a code's outline and the plates core/brand paints: a
// circle of decorative modules round the symbol (outline=circle), and the
// rounded shapes a background or a logo sits on.

// OutlineNames lists the code's outlines, the default first: "square" is
// the symbol on its square canvas, "circle" the symbol and its quiet zone
// inside a circle filled with decorative modules.
func OutlineNames() []string { return []string{"square", "circle"} }

// CircleRadius is the radius, in modules from the symbol's centre, of
// the circle outline=circle draws round a symbol n modules wide with a
// quiet zone of q: the quiet zone's corners on the circle, and half a
// module more, so that every side has decorative modules.
func CircleRadius(n, q int) float64 { return (float64(n)/2+float64(q))*math.Sqrt2 + 0.5 }

// Margin returns the modules from c's edge to the canvas's edge as o
// draws it: the quiet zone, or, inside a circle, the room the circle
// takes (the decorative modules lie in it, outside the quiet zone).
func Margin(c *qr.Code, o Options) int {
	if o.Outline != "circle" {
		return o.Margin
	}
	return int(math.Ceil(CircleRadius(c.Width, o.Margin) - float64(c.Width)/2))
}

// halo adds to p, in the style o draws the data with, the decorative
// modules of outline=circle: a fixed pseudo-random scatter over the
// modules wholly inside the circle and outside the symbol and its quiet
// zone, in runs of at most two.
// They lie where no reader looks for data: a reader finds the symbol by
// its finders and reads the modules between them, and the quiet zone
// round it stays as wide as asked.
func halo(p *path, c *qr.Code, o Options) {
	n, q, m := c.Width, o.Margin, Margin(c, o)
	side := n + 2*m
	r := CircleRadius(n, q) - 0.25
	mid := float64(side) / 2
	far := func(a int) float64 { return math.Max(math.Abs(float64(a)-mid), math.Abs(float64(a+1)-mid)) }
	g := grid{w: side, h: side, dark: func(x, y int) bool {
		sx, sy := x-m, y-m
		if sx >= -q && sx < n+q && sy >= -q && sy < n+q {
			return false
		}
		if dx, dy := far(x), far(y); dx*dx+dy*dy > r*r {
			return false
		}
		// No run of three along a row or a column: a finder's centre
		// is three modules wide, and a reader that took a run of the
		// decoration for one (jsQR did, under noise) would look for the
		// symbol in the wrong place.
		return speckle(x, y) && !(speckle(x-1, y) && speckle(x-2, y)) && !(speckle(x, y-1) && speckle(x, y-2))
	}}
	var h path
	styles[styleIndex(o.Style)].draw(&h, g)
	for _, s := range h {
		for k := range s.points() {
			s.pts[k].x -= float64(m)
			s.pts[k].y -= float64(m)
		}
		*p = append(*p, s)
	}
}

// speckle reports whether decorative module x, y is dark: an integer hash
// of its place, so the same code always has the same decoration.
func speckle(x, y int) bool {
	h := uint32(x)*0x9e3779b1 ^ uint32(y)*0x85ebca77
	h ^= h >> 15
	h *= 0x2c1b3c6d
	h ^= h >> 12
	return h&1 == 1
}

// Plate is a filled rectangle with rounded corners, x0, y0, x1, y1 in
// module units from the symbol's top-left corner, R the corners' radius:
// R of half its side or more makes a square plate a circle.
type Plate struct{ X0, Y0, X1, Y1, R float64 }

func (pl Plate) path() path {
	w, h := pl.X1-pl.X0, pl.Y1-pl.Y0
	r := math.Max(0, math.Min(pl.R, math.Min(w, h)/2))
	var p path
	p.roundRect(pl.X0, pl.Y0, w, h, [4]float64{r, r, r, r}, false)
	return p
}

// SVG returns the plate as SVG path data in module units.
func (pl Plate) SVG() string {
	var b bytes.Buffer
	writePath(&b, pl.path())
	return b.String()
}

// PDF returns the plate as PDF path operators, in module units as PDFOps
// writes the symbol.
func (pl Plate) PDF() []byte { return appendOps(nil, pl.path(), moduleXY, "m", "l", "c", "h") }

// Coverage returns the plate's coverage of the canvas o draws c on, 255
// where wholly covered.
func (pl Plate) Coverage(c *qr.Code, o Options) *image.Alpha {
	return rasterize(pl.path(), newLayout(c, o))
}

// Touches reports whether the plate covers any of module x, y.
func (pl Plate) Touches(x, y int) bool {
	r := math.Max(0, math.Min(pl.R, math.Min(pl.X1-pl.X0, pl.Y1-pl.Y0)/2))
	// The gaps between the module and the plate's core, the plate less
	// its rounded rim: negative where they overlap.
	dx := math.Max(pl.X0+r-float64(x+1), float64(x)-(pl.X1-r))
	dy := math.Max(pl.Y0+r-float64(y+1), float64(y)-(pl.Y1-r))
	if dx < 0 && dy < 0 {
		return true
	}
	return r > 0 && math.Hypot(math.Max(dx, 0), math.Max(dy, 0)) < r
}
