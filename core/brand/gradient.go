package brand

import (
	"bytes"
	"fmt"
	"image/color"
	"math"

	"qrkeyless/core/frame"
	"qrkeyless/core/params"
)

// gradient is a paint laid over the symbol's n x n modules: a colour at
// every point. A linear gradient runs along its angle as CSS draws one (0
// degrees up, 180 down), across the whole square; a radial one from the
// middle to the corners. Stops are evenly spaced and mixed in sRGB, as SVG
// mixes them, so the PNG and the SVG show one picture.
type gradient struct {
	p          params.Paint
	x0, y0     float64 // start of a linear gradient, or the middle of a radial one
	dx, dy     float64 // its direction, over its length (a radial one: 1/radius)
	x1, y1, r2 float64 // the end of a linear one; a radial one's radius
}

func newGradient(p params.Paint, n float64) gradient {
	g := gradient{p: p}
	switch p.Kind {
	case "linear":
		s, c := math.Sincos(p.Angle * math.Pi / 180)
		dx, dy := s, -c
		length := n * (math.Abs(s) + math.Abs(c))
		g.x0, g.y0 = n/2-dx*length/2, n/2-dy*length/2
		g.x1, g.y1 = n/2+dx*length/2, n/2+dy*length/2
		g.dx, g.dy = dx/length, dy/length
	case "radial":
		g.x0, g.y0 = n/2, n/2
		g.r2 = n / 2 * math.Sqrt2
	}
	return g
}

// at returns the colour at module point u, v.
func (g gradient) at(u, v float64) color.NRGBA {
	stops := g.p.Stops
	var t float64
	switch g.p.Kind {
	case "linear":
		t = (u-g.x0)*g.dx + (v-g.y0)*g.dy
	case "radial":
		t = math.Hypot(u-g.x0, v-g.y0) / g.r2
	default:
		return stops[0]
	}
	t = math.Max(0, math.Min(1, t)) * float64(len(stops)-1)
	i := min(int(t), len(stops)-2)
	f := t - float64(i)
	a, b := stops[i], stops[i+1]
	mix := func(x, y uint8) uint8 { return uint8(math.Round(float64(x)*(1-f) + float64(y)*f)) }
	return color.NRGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), mix(a.A, b.A)}
}

// fill writes p's gradient into defs under id, when it is one, and
// returns the fill attributes of a path painted with p.
func fill(defs *bytes.Buffer, p params.Paint, n float64, id string) string {
	if p.Kind == "" {
		c := p.Stops[0]
		return frame.Colour("fill", "fill-opacity", c)
	}
	g := newGradient(p, n)
	if p.Kind == "linear" {
		fmt.Fprintf(defs, `<linearGradient id="%s" gradientUnits="userSpaceOnUse" x1="%s" y1="%s" x2="%s" y2="%s">`,
			id, num(g.x0), num(g.y0), num(g.x1), num(g.y1))
	} else {
		fmt.Fprintf(defs, `<radialGradient id="%s" gradientUnits="userSpaceOnUse" cx="%s" cy="%s" r="%s">`,
			id, num(g.x0), num(g.y0), num(g.r2))
	}
	for i, c := range p.Stops {
		fmt.Fprintf(defs, `<stop offset="%s" %s/>`, num(float64(i)/float64(len(p.Stops)-1)), frame.Colour("stop-color", "stop-opacity", c))
	}
	fmt.Fprintf(defs, `</%sGradient>`, p.Kind)
	return fmt.Sprintf(`fill="url(#%s)"`, id)
}
