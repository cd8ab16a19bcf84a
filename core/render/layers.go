package render

import (
	"bytes"
	"image"

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

// Layers returns the picture of c as o draws it in three parts: the data
// modules with the alignment patterns and the mark, the rings of the three
// finders, and their balls. A module for which skip reports true is left
// out (a logo covers it); skip may be nil.
func Layers(c *qr.Code, o Options, skip func(x, y int) bool) [3]Layer {
	l := newLayout(c, o)
	var out [3]Layer
	for i, p := range layerPaths(c, o, skip) {
		var b bytes.Buffer
		writePath(&b, p)
		out[i] = Layer{Coverage: rasterize(p, l), Path: b.String()}
	}
	return out
}

// layerPaths is the outlines of Layers' three parts.
func layerPaths(c *qr.Code, o Options, skip func(x, y int) bool) [3]path {
	data, fs := parts(c, o)
	if skip != nil {
		dark := data.dark
		data.dark = func(x, y int) bool { return dark(x, y) && !skip(x, y) }
	}
	var ps [3]path
	styles[styleIndex(o.Style)].draw(&ps[0], data)
	ring, ball := o.look()
	for i, f := range fs {
		if i >= 3 { // alignment patterns go with the data
			o.eyeShape()(&ps[0], f)
			continue
		}
		ring.draw(&ps[1], f)
		ball.draw(&ps[2], f)
	}
	markPath(&ps[0], c.Size, o.Mark)
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
