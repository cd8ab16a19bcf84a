package render

// pt is a point in module units, (0, 0) at the symbol's top-left corner.
type pt struct{ x, y float64 }

// Drawing commands of a path, as in SVG.
const (
	moveTo = 'M'
	lineTo = 'L'
	quadTo = 'Q' // one control point, then the end point
	cubeTo = 'C' // two control points, then the end point
	closeP = 'Z'
)

// seg is one drawing command with its points; the end point is last.
type seg struct {
	op  byte
	pts [3]pt
}

// path is a set of closed outlines filled with the nonzero rule: the one
// geometry that PNG rasterizes and SVG writes.
type path []seg

func (p *path) moveTo(x, y float64) { *p = append(*p, seg{op: moveTo, pts: [3]pt{{x, y}}}) }
func (p *path) lineTo(x, y float64) { *p = append(*p, seg{op: lineTo, pts: [3]pt{{x, y}}}) }
func (p *path) quadTo(cx, cy, x, y float64) {
	*p = append(*p, seg{op: quadTo, pts: [3]pt{{cx, cy}, {x, y}}})
}
func (p *path) cubeTo(c1x, c1y, c2x, c2y, x, y float64) {
	*p = append(*p, seg{op: cubeTo, pts: [3]pt{{c1x, c1y}, {c2x, c2y}, {x, y}}})
}
func (p *path) close() { *p = append(*p, seg{op: closeP}) }

// rect adds a w x h rectangle at (x, y), clockwise; ccw adds it
// counter-clockwise, which cuts a hole out of a clockwise outline.
func (p *path) rect(x, y, w, h float64, ccw bool) {
	p.moveTo(x, y)
	if ccw {
		p.lineTo(x, y+h)
		p.lineTo(x+w, y+h)
		p.lineTo(x+w, y)
	} else {
		p.lineTo(x+w, y)
		p.lineTo(x+w, y+h)
		p.lineTo(x, y+h)
	}
	p.close()
}

// end returns the point a segment ends at.
func (s seg) end() pt {
	switch s.op {
	case quadTo:
		return s.pts[1]
	case cubeTo:
		return s.pts[2]
	}
	return s.pts[0]
}
