package render

import "math"

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

// points returns how many of pts a segment uses.
func (s seg) points() int {
	switch s.op {
	case closeP:
		return 0
	case quadTo:
		return 2
	case cubeTo:
		return 3
	}
	return 1
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

// kappa places the control points of a cubic that bends through a right
// angle so that it stays within 0.03% of a quarter circle.
const kappa = 0.5522847498

// poly adds the closed polygon through vs, in order, with corner i cut by a
// quarter-circle-like curve that starts r(i) before the corner and ends r(i)
// after it; r(i) == 0 keeps the corner sharp. Each radius must fit its two
// edges alongside the neighbouring corners' radii.
func (p *path) poly(vs []pt, r func(i int) float64) { p.corners(vs, true, r) }

// corners is poly, with each corner cut by a straight line from r(i)
// before it to r(i) after it where curve is false.
func (p *path) corners(vs []pt, curve bool, r func(i int) float64) {
	n := len(vs)
	for i := 0; i <= n; i++ {
		v := vs[i%n]
		in, out := unit(vs[(i+n-1)%n], v), unit(v, vs[(i+1)%n])
		ri := r(i % n)
		from := pt{v.x - ri*in.x, v.y - ri*in.y}
		switch {
		case i == 0:
			p.moveTo(from.x, from.y)
		case i == n:
			p.close()
			return
		default:
			p.lineTo(from.x, from.y)
		}
		switch {
		case ri > 0 && curve:
			c := (1 - kappa) * ri
			p.cubeTo(v.x-c*in.x, v.y-c*in.y, v.x+c*out.x, v.y+c*out.y, v.x+ri*out.x, v.y+ri*out.y)
		case ri > 0:
			p.lineTo(v.x+ri*out.x, v.y+ri*out.y)
		}
	}
}

// unit returns the unit vector from a to b.
func unit(a, b pt) pt {
	d := math.Hypot(b.x-a.x, b.y-a.y)
	if d == 0 {
		return pt{}
	}
	return pt{(b.x - a.x) / d, (b.y - a.y) / d}
}

// roundRect adds a w x h rectangle at (x, y) whose corners (top-left,
// top-right, bottom-right, bottom-left) are rounded by r; ccw runs it
// counter-clockwise, which cuts it out of a clockwise outline around it.
func (p *path) roundRect(x, y, w, h float64, r [4]float64, ccw bool) {
	vs := []pt{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}
	if ccw {
		vs[1], vs[3] = vs[3], vs[1]
		r[1], r[3] = r[3], r[1]
	}
	p.poly(vs, func(i int) float64 { return r[i] })
}

// sharp is the radius function of a polygon without rounded corners.
func sharp(int) float64 { return 0 }
