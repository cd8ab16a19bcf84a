// Package render draws a QR symbol: it builds one picture of the symbol in
// module units and writes it as PNG, SVG, SVG Tiny 1.2, a JSON module matrix
// or a PNG data URI.
package render

import (
	"encoding/base64"
	"encoding/json"
	"image/color"
	"math"

	"qrkeyless/core/qr"
)

// Black and White are a plain code's ink and paper; White is also the
// paper a transparent background is laid on where a format has no alpha.
var (
	Black = color.NRGBA{A: 255}
	White = color.NRGBA{255, 255, 255, 255}
)

// Options say how to draw a symbol.
type Options struct {
	Size   int         // output width and height in pixels, quiet zone included
	Margin int         // quiet zone in modules
	Border int         // pixels of background outside the quiet zone, within Size (goQR's margin; see docs/compat.md)
	FG, BG color.NRGBA // BG.A == 0 leaves the background transparent
	Style  string      // module shape, one of StyleNames
	Eye    string      // finder-eye shape, one of EyeNames
	Ball   string      // the eyes' ball, one of BallNames; "" is the eye's own
	Mark   string      // a mark over the centre that a payment standard asks for: "" or "swiss-cross"
	// Outline "circle" puts the symbol and its quiet zone in a circle of
	// decorative modules (core/brand draws it; see outline.go); "" or
	// "square" is the square canvas.
	Outline string
	Invert  bool // the terminal formats swap dark and light (see Text)

	// Print: the physical side of PDF, EPS and SVG in points (0: a pixel
	// of Size is a point), CMYK colours in PDF and EPS, and the resolution
	// a PNG says it is printed at (0: none).
	WidthPt float64
	CMYK    bool
	DPI     int
}

// layout places the symbol on the canvas. Modules sit on whole pixels
// where the size allows, the remainder going to the quiet zone, so a PNG has
// no blurred half-pixel modules; SVG uses the same placement. The canvas is
// o.Size pixels square for a square symbol; for an rMQR symbol, o.Size
// pixels wide and as high as its modules and quiet zone make it, the
// remainder of the width added to the height too, so that the quiet zone
// is as wide on every side.
type layout struct {
	w, h   int     // canvas width and height in pixels
	px     int     // whole pixels per module; 0 when size allows less than one
	unit   float64 // pixels per module: px, or the fraction when px is 0
	origin float64 // module units from the canvas's left and top edges to module (0, 0)
}

func newLayout(c *qr.Code, o Options) layout {
	margin := Margin(c, o)
	total := c.Width + 2*margin
	inner := max(o.Size-2*o.Border, 1) // the symbol and its quiet zone
	l := layout{w: o.Size, h: o.Size, px: inner / total}
	if l.px == 0 {
		l.unit = float64(inner) / float64(total)
		l.origin = float64(margin) + float64(o.Border)/l.unit
		if c.Height != c.Width {
			l.h = int(math.Round(l.unit*float64(c.Height+2*margin))) + 2*o.Border
		}
		return l
	}
	l.unit = float64(l.px)
	rest := inner - l.px*total
	off := o.Border + margin*l.px + rest/2
	l.origin = float64(off) / l.unit
	if c.Height != c.Width {
		l.h = l.px*(c.Height+2*margin) + rest + 2*o.Border
	}
	return l
}

// Canvas returns the width and height in pixels of the picture of c drawn
// with o: o.Size square, or o.Size wide for an rMQR symbol (see layout).
func Canvas(c *qr.Code, o Options) (w, h int) {
	l := newLayout(c, o)
	return l.w, l.h
}

// ModulePixels returns the width of one module in pixels as c is drawn
// with o: whole pixels where the size allows, the remainder going to the
// quiet zone, so the image is wider than modules times ModulePixels.
func ModulePixels(c *qr.Code, o Options) float64 { return newLayout(c, o).unit }

// Matrix is the JSON form of a symbol (format=json).
type Matrix struct {
	qr.Identity
	Mask    int     `json:"mask" desc:"Mask pattern: 0 to 7 for QR, 0 to 3 for Micro QR; rMQR's one mask is QR's pattern 4."`
	Size    int     `json:"size" desc:"Modules per side, quiet zone excluded; for rMQR, which is not square, its width."`
	Width   int     `json:"width" desc:"Modules across, quiet zone excluded."`
	Height  int     `json:"height" desc:"Modules down, quiet zone excluded."`
	Margin  int     `json:"margin" desc:"The quiet zone asked for, in modules (not in the matrix)."`
	Modules [][]int `json:"modules" desc:"Rows top to bottom, 1 for a dark module."`
	Part    *Part   `json:"part,omitempty" desc:"The symbol's place in a structured-append sequence (parts); absent for a symbol that stands alone."`
}

// Part is a symbol's place in a structured-append sequence, as JSON
// writes it.
type Part struct {
	Index  int `json:"index" desc:"The part's index, from 0."`
	Count  int `json:"count" desc:"The number of parts."`
	Parity int `json:"parity" desc:"The parity of the whole text, the XOR of its bytes, 0 to 255."`
}

// JSON writes the module matrix: 1 is dark, rows top to bottom.
func JSON(c *qr.Code, margin int) []byte {
	b, _ := json.Marshal(NewMatrix(c, margin)) // ints and strings only: cannot fail
	return b
}

// NewMatrix is c as JSON writes it.
func NewMatrix(c *qr.Code, margin int) Matrix {
	m := Matrix{Identity: c.Identity(), Mask: c.Mask,
		Size: c.Width, Width: c.Width, Height: c.Height, Margin: margin, Modules: make([][]int, c.Height)}
	if c.Part.Count > 0 {
		m.Part = &Part{Index: c.Part.Index, Count: c.Part.Count, Parity: int(c.Part.Parity)}
	}
	for y := range m.Modules {
		row := make([]int, c.Width)
		for x := range row {
			if c.Dark(x, y) {
				row[x] = 1
			}
		}
		m.Modules[y] = row
	}
	return m
}

// DataURI wraps a PNG as a data: URI (format=base64).
func DataURI(png []byte) []byte {
	const prefix = "data:image/png;base64,"
	out := make([]byte, len(prefix)+base64.StdEncoding.EncodedLen(len(png)))
	copy(out, prefix)
	base64.StdEncoding.Encode(out[len(prefix):], png)
	return out
}
