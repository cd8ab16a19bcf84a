// Package render draws a QR symbol: it builds one picture of the symbol in
// module units and writes it as PNG, SVG, SVG Tiny 1.2, a JSON module matrix
// or a PNG data URI.
package render

import (
	"encoding/base64"
	"encoding/json"
	"image/color"

	"qrkeyless/core/qr"
)

// Options say how to draw a symbol.
type Options struct {
	Size   int         // output width and height in pixels, quiet zone included
	Margin int         // quiet zone in modules
	Border int         // pixels of background outside the quiet zone, within Size (goQR's margin; see docs/compat.md)
	FG, BG color.NRGBA // BG.A == 0 leaves the background transparent
	Style  string      // module shape, one of StyleNames
	Eye    string      // finder-eye shape, one of EyeNames
	Mark   string      // a mark over the centre that a payment standard asks for: "" or "swiss-cross"
	Invert bool        // the terminal formats swap dark and light (see Text)

	// Print: the physical side of PDF, EPS and SVG in points (0: a pixel
	// of Size is a point), CMYK colours in PDF and EPS, and the resolution
	// a PNG says it is printed at (0: none).
	WidthPt float64
	CMYK    bool
	DPI     int
}

// layout places the symbol on the square canvas. Modules sit on whole pixels
// where the size allows, the remainder going to the quiet zone, so a PNG has
// no blurred half-pixel modules; SVG uses the same placement.
type layout struct {
	side   int     // canvas width in pixels
	px     int     // whole pixels per module; 0 when size allows less than one
	unit   float64 // pixels per module: px, or the fraction when px is 0
	origin float64 // module units from the canvas edge to module (0, 0)
}

func newLayout(c *qr.Code, o Options) layout {
	total := c.Size + 2*o.Margin
	inner := max(o.Size-2*o.Border, 1) // the symbol and its quiet zone
	l := layout{side: o.Size, px: inner / total}
	if l.px == 0 {
		l.unit = float64(inner) / float64(total)
		l.origin = float64(o.Margin) + float64(o.Border)/l.unit
		return l
	}
	l.unit = float64(l.px)
	off := o.Border + o.Margin*l.px + (inner-l.px*total)/2
	l.origin = float64(off) / l.unit
	return l
}

// ModulePixels returns the width of one module in pixels as c is drawn
// with o: whole pixels where the size allows, the remainder going to the
// quiet zone, so the image is wider than modules times ModulePixels.
func ModulePixels(c *qr.Code, o Options) float64 { return newLayout(c, o).unit }

// Matrix is the JSON form of a symbol (format=json).
type Matrix struct {
	Version int     `json:"version" desc:"Symbol version, 1 to 40."`
	EC      string  `json:"ec" desc:"Error correction level." schema:"enum=L|M|Q|H"`
	Mask    int     `json:"mask" desc:"Mask pattern, 0 to 7."`
	Size    int     `json:"size" desc:"Modules per side, quiet zone excluded."`
	Margin  int     `json:"margin" desc:"The quiet zone asked for, in modules (not in the matrix)."`
	Modules [][]int `json:"modules" desc:"Rows top to bottom, 1 for a dark module."`
}

// JSON writes the module matrix: 1 is dark, rows top to bottom.
func JSON(c *qr.Code, margin int) []byte {
	m := Matrix{Version: c.Version, EC: c.Level.String(), Mask: c.Mask, Size: c.Size, Margin: margin, Modules: make([][]int, c.Size)}
	for y := range m.Modules {
		row := make([]int, c.Size)
		for x := range row {
			if c.Dark(x, y) {
				row[x] = 1
			}
		}
		m.Modules[y] = row
	}
	b, _ := json.Marshal(m) // ints only: cannot fail
	return b
}

// DataURI wraps a PNG as a data: URI (format=base64).
func DataURI(png []byte) []byte {
	const prefix = "data:image/png;base64,"
	out := make([]byte, len(prefix)+base64.StdEncoding.EncodedLen(len(png)))
	copy(out, prefix)
	base64.StdEncoding.Encode(out[len(prefix):], png)
	return out
}
