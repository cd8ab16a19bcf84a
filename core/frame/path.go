package frame

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"math"
	"strconv"
	"strings"

	"golang.org/x/image/vector"

	"qrkeyless/core/pdf"
)

// A path is an outline in canvas pixels, y down. Every shape the frame draws
// (card, band, border, glyphs) is one, so the SVG and the PNG are written
// from the same geometry.
type path []seg

type seg struct {
	op  byte // 'M', 'L', 'Q', 'C' or 'Z'
	pts [3][2]float64
}

func (p *path) moveTo(x, y float64) { *p = append(*p, seg{op: 'M', pts: [3][2]float64{{x, y}}}) }
func (p *path) lineTo(x, y float64) { *p = append(*p, seg{op: 'L', pts: [3][2]float64{{x, y}}}) }
func (p *path) close()              { *p = append(*p, seg{op: 'Z'}) }

func (p *path) cubeTo(x1, y1, x2, y2, x, y float64) {
	*p = append(*p, seg{op: 'C', pts: [3][2]float64{{x1, y1}, {x2, y2}, {x, y}}})
}

// kappa places the control points of a cubic that draws a quarter circle.
const kappa = 0.5523

// roundRect adds a rectangle with corners of radius r, clockwise (cw) or
// not: a ring is an outer rectangle and an inner one drawn the other way.
// Only the corners flagged in round are rounded: top-left, top-right,
// bottom-right, bottom-left.
func (p *path) roundRect(x, y, w, h, r float64, cw bool, round [4]bool) {
	r = max(0, min(r, w/2, h/2))
	k := r * (1 - kappa)
	// Corners clockwise from the top-left, each as the point where its
	// curve starts, the two control points and where it ends.
	type corner struct{ in, c1, c2, out [2]float64 }
	cs := [4]corner{
		{[2]float64{x, y + r}, [2]float64{x, y + k}, [2]float64{x + k, y}, [2]float64{x + r, y}},
		{[2]float64{x + w - r, y}, [2]float64{x + w - k, y}, [2]float64{x + w, y + k}, [2]float64{x + w, y + r}},
		{[2]float64{x + w, y + h - r}, [2]float64{x + w, y + h - k}, [2]float64{x + w - k, y + h}, [2]float64{x + w - r, y + h}},
		{[2]float64{x + r, y + h}, [2]float64{x + k, y + h}, [2]float64{x, y + h - k}, [2]float64{x, y + h - r}},
	}
	sharp := [4][2]float64{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}
	order := []int{0, 1, 2, 3}
	if !cw {
		order = []int{0, 3, 2, 1}
	}
	for i, c := range order {
		if !round[c] {
			q := sharp[c]
			if i == 0 {
				p.moveTo(q[0], q[1])
			} else {
				p.lineTo(q[0], q[1])
			}
			continue
		}
		a, b1, b2, z := cs[c].in, cs[c].c1, cs[c].c2, cs[c].out
		if !cw {
			a, b1, b2, z = z, b2, b1, a
		}
		if i == 0 {
			p.moveTo(a[0], a[1])
		} else {
			p.lineTo(a[0], a[1])
		}
		p.cubeTo(b1[0], b1[1], b2[0], b2[1], z[0], z[1])
	}
	p.close()
}

var allRound = [4]bool{true, true, true, true}

// units maps canvas pixels to the user units of an SVG: x0 + k*x.
type units struct{ k, x0, y0 float64 }

// num writes a coordinate in user units with the decimals that place it
// to a twentieth of a pixel: finer than any screen or printer shows at
// the drawn size, and short.
func (u units) num(v float64) string {
	digits := max(0, int(math.Ceil(math.Log10(20/u.k))))
	v = math.Round(v*math.Pow10(digits)) / math.Pow10(digits)
	if v == 0 {
		return "0"
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// writeSVG writes p as path data in absolute user coordinates.
func (p path) writeSVG(b *bytes.Buffer, u units) {
	for _, s := range p {
		b.WriteByte(s.op)
		n := 0
		switch s.op {
		case 'M', 'L':
			n = 1
		case 'Q':
			n = 2
		case 'C':
			n = 3
		}
		for i := 0; i < n; i++ {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(u.num(u.x0 + u.k*s.pts[i][0]))
			if y := u.num(u.y0 + u.k*s.pts[i][1]); y[0] == '-' {
				b.WriteString(y)
			} else {
				b.WriteByte(' ')
				b.WriteString(y)
			}
		}
	}
}

// tile is the largest side golang.org/x/image/vector rasterizes in
// fixed-point arithmetic: above it, it accumulates in floating point,
// whose SIMD version (amd64) rounds differently from the portable one
// (WebAssembly). Shapes are rasterized in tiles no larger, over their own
// bounds, so a frame has the same bytes natively and in WebAssembly, and
// costs what its outline covers, not the whole canvas.
const tile = 512

// fill paints p in c over dst, anti-aliased.
func (p path) fill(dst *image.RGBA, c color.NRGBA) {
	if len(p) == 0 || c.A == 0 {
		return
	}
	lo, hi := [2]float64{math.Inf(1), math.Inf(1)}, [2]float64{math.Inf(-1), math.Inf(-1)}
	for _, s := range p {
		for _, q := range s.pts[:s.points()] {
			for i := range 2 {
				lo[i], hi[i] = math.Min(lo[i], q[i]), math.Max(hi[i], q[i])
			}
		}
	}
	area := image.Rect(int(math.Floor(lo[0])), int(math.Floor(lo[1])), int(math.Ceil(hi[0]))+1, int(math.Ceil(hi[1]))+1).Intersect(dst.Bounds())
	src := image.NewUniform(c)
	var z vector.Rasterizer
	for ty := area.Min.Y; ty < area.Max.Y; ty += tile {
		for tx := area.Min.X; tx < area.Max.X; tx += tile {
			r := image.Rect(tx, ty, min(tx+tile, area.Max.X), min(ty+tile, area.Max.Y))
			z.Reset(r.Dx(), r.Dy())
			f := func(q [2]float64) (float32, float32) { return float32(q[0] - float64(tx)), float32(q[1] - float64(ty)) }
			for _, s := range p {
				switch s.op {
				case 'M':
					z.MoveTo(f(s.pts[0]))
				case 'L':
					z.LineTo(f(s.pts[0]))
				case 'Q':
					x1, y1 := f(s.pts[0])
					x2, y2 := f(s.pts[1])
					z.QuadTo(x1, y1, x2, y2)
				case 'C':
					x1, y1 := f(s.pts[0])
					x2, y2 := f(s.pts[1])
					x3, y3 := f(s.pts[2])
					z.CubeTo(x1, y1, x2, y2, x3, y3)
				case 'Z':
					z.ClosePath()
				}
			}
			z.Draw(dst, r, src, image.Point{})
		}
	}
}

// points is how many of a segment's points it uses.
func (s seg) points() int {
	switch s.op {
	case 'M', 'L':
		return 1
	case 'Q':
		return 2
	case 'C':
		return 3
	}
	return 0
}

// Colour is c as SVG attributes: name="#rrggbb" and, when c is not
// opaque, opacity="a" to three decimals. Shapes name them fill and
// fill-opacity, gradient stops stop-color and stop-opacity; core/brand
// writes its colours here too, so a branded SVG and its frame agree.
func Colour(name, opacity string, c color.NRGBA) string {
	s := fmt.Sprintf(`%s="#%02x%02x%02x"`, name, c.R, c.G, c.B)
	if c.A != 255 {
		s += fmt.Sprintf(` %s="%s"`, opacity, strconv.FormatFloat(math.Round(float64(c.A)/255*1000)/1000, 'f', -1, 64))
	}
	return s
}

// appendPDF appends p as PDF path operators (m l c h), moved by (dx, dy).
// A quadratic is written as the cubic whose control points lie two
// thirds of the way from each end to its one.
func (p path) appendPDF(b []byte, dx, dy float64) []byte {
	pair := func(q [2]float64) {
		b = pdf.AppendNum(pdf.AppendNum(b, q[0]+dx), q[1]+dy)
	}
	var cur [2]float64
	for _, s := range p {
		switch s.op {
		case 'M', 'L':
			pair(s.pts[0])
			b = append(b, strings.ToLower(string(s.op))...)
			cur = s.pts[0]
		case 'Q':
			q, e := s.pts[0], s.pts[1]
			pair([2]float64{cur[0] + 2*(q[0]-cur[0])/3, cur[1] + 2*(q[1]-cur[1])/3})
			pair([2]float64{e[0] + 2*(q[0]-e[0])/3, e[1] + 2*(q[1]-e[1])/3})
			pair(e)
			b = append(b, 'c')
			cur = e
		case 'C':
			pair(s.pts[0])
			pair(s.pts[1])
			pair(s.pts[2])
			b = append(b, 'c')
			cur = s.pts[2]
		case 'Z':
			b = append(b, 'h')
		}
		b = append(b, '\n')
	}
	return b
}
