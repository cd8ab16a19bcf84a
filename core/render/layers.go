package render

import (
	"bytes"
	"image"
	"slices"

	"qrkeyless/core/qr"
)

// This file is what core/brand draws with: the picture split into the
// parts it paints apart, where the symbol sits on the canvas, and which
// modules no logo may cover. The editor's program never calls it, so the
// linker leaves it out of editor.wasm.

// Layer is one part of the picture: its coverage of the canvas (255 where
// fully covered) and its outline as SVG path data in the viewBox's module
// units.
type Layer struct {
	Coverage *image.Alpha
	Path     string
}

// The parts a branded code paints apart: the data modules with the
// alignment patterns and the mark, then the three finders' rings and the
// three finders' balls, each trio top-left, top-right, bottom-left.
const (
	PartData = 0
	PartRing = 1            // PartRing + i: the ring of finder i
	PartBall = PartRing + 3 // PartBall + i: the ball of finder i
	Parts    = PartBall + 3
)

// Groups says which layer each part is drawn in: parts given one layer
// are joined in part order, so {0, 1, 1, 1, 2, 2, 2} is data, rings and
// balls as three layers.
type Groups [Parts]int

// Three is the grouping of one colour for every ring and one for every
// ball.
var Three = Groups{0, 1, 1, 1, 2, 2, 2}

// Layers returns the picture of c as o draws it in the layers g groups
// its parts into. A module for which skip reports true is left out (a
// logo covers it); skip may be nil.
func Layers(c *qr.Code, o Options, skip func(x, y int) bool, g Groups) []Layer {
	l := newLayout(c, o)
	ps := layerPaths(c, o, skip, g)
	out := make([]Layer, len(ps))
	for i, p := range ps {
		var b bytes.Buffer
		writePath(&b, p)
		out[i] = Layer{Coverage: rasterize(p, l), Path: b.String()}
	}
	return out
}

// layerPaths is the outlines of Layers' layers.
func layerPaths(c *qr.Code, o Options, skip func(x, y int) bool, g Groups) []path {
	data, fs := parts(c, o)
	if skip != nil {
		dark := data.dark
		data.dark = func(x, y int) bool { return dark(x, y) && !skip(x, y) }
	}
	ps := make([]path, slices.Max(g[:])+1)
	styles[styleIndex(o.Style)].draw(&ps[g[PartData]], data)
	ring, ball := o.look()
	for i, f := range fs {
		if i >= 3 { // alignment patterns go with the data
			o.eyeShape()(&ps[g[PartData]], f)
			continue
		}
		ring.draw(&ps[g[PartRing+i]], f)
		ball.draw(&ps[g[PartBall+i]], f)
	}
	markPath(&ps[g[PartData]], c.Size, o.Mark)
	if o.Outline == "circle" {
		halo(&ps[g[PartData]], c, o)
	}
	return ps
}

// Placement says where c sits on the canvas o draws: the canvas's side in
// pixels, pixels per module, and module units from the canvas's edge to
// module (0, 0); the viewBox of SVG starts at -origin and spans side/unit.
func Placement(c *qr.Code, o Options) (side int, unit, origin float64) {
	l := newLayout(c, o)
	return l.w, l.unit, l.origin
}

// Function reports whether the module at x, y of c belongs to a function
// pattern (ISO/IEC 18004 6.3: a finder with its separator, the timing
// patterns, an alignment pattern, the format or version information, the
// dark module), which nothing may cover: scanners need all of it before
// error correction can help.
func Function(c *qr.Code, x, y int) bool {
	n := c.Size
	switch {
	case x < 9 && y < 9, x >= n-8 && y < 9, x < 9 && y >= n-8: // finders, separators, format
		return true
	case x == 6 || y == 6: // timing
		return true
	case c.Version >= 7 && (x >= n-11 && y < 6 || y >= n-11 && x < 6): // version
		return true
	}
	pos := qr.AlignmentCenters(c.Version)
	for _, cy := range pos {
		for _, cx := range pos {
			if !inFinder(n, cx, cy) && x >= cx-2 && x <= cx+2 && y >= cy-2 && y <= cy+2 {
				return true
			}
		}
	}
	return false
}
