package render

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image/color"
	"math"
	"strconv"

	"qrkeyless/core/qr"
)

// Print outputs: PDF and EPS, vector, one page the size of the code, from
// the same outlines as SVG Tiny (every style, eye and mark). Written by
// hand rather than by a library: a page of one path needs a few hundred
// bytes of structure, and the bytes must depend on the code alone (no
// dates, no random ids).

// PointsPerMM converts millimetres to PostScript points.
const PointsPerMM = 72 / 25.4

// printPath is the symbol as print draws it: filled outlines in module
// units, (0, 0) at the symbol's top-left, the quiet zone outside.
func printPath(c *qr.Code, o Options) path {
	var p path
	if o.plain() {
		trace(&p, modules(c, o))
		markPath(&p, c.Size, o.Mark)
		return p
	}
	return picture(c, o)
}

// page is what the print writers need: the side in points, the scale from
// module units, and the outlines.
type page struct {
	side, scale, margin float64
	p                   path
}

func newPage(c *qr.Code, o Options) page {
	side := o.WidthPt
	if side <= 0 {
		side = float64(o.Size) // a pixel is a point, 72 per inch, when no physical size is asked for
	}
	n := float64(c.Size + 2*o.Margin)
	return page{side: side, scale: side / n, margin: float64(o.Margin), p: printPath(c, o)}
}

// xy maps a point in module units to page points, y upwards.
func (pg page) xy(q pt) (float64, float64) {
	return (q.x + pg.margin) * pg.scale, pg.side - (q.y+pg.margin)*pg.scale
}

// ops writes the outlines with the operator names given for move, line,
// curve and close: PDF's m l c h, PostScript's short procedures. Numbers
// are appended to one buffer: fmt would take most of the time here.
func (pg page) ops(b *bytes.Buffer, m, l, cu, h string) {
	out := make([]byte, 0, len(pg.p)*24)
	pair := func(q pt) {
		x, y := pg.xy(q)
		out = appendNum(appendNum(out, x), y)
	}
	var cur pt
	for _, s := range pg.p {
		switch s.op {
		case moveTo:
			pair(s.pts[0])
			out = append(out, m...)
		case lineTo:
			pair(s.pts[0])
			out = append(out, l...)
		case quadTo:
			// A quadratic is the cubic with control points two thirds of
			// the way from each end to the quadratic's one.
			q, e := s.pts[0], s.pts[1]
			pair(pt{cur.x + 2*(q.x-cur.x)/3, cur.y + 2*(q.y-cur.y)/3})
			pair(pt{e.x + 2*(q.x-e.x)/3, e.y + 2*(q.y-e.y)/3})
			pair(e)
			out = append(out, cu...)
		case cubeTo:
			pair(s.pts[0])
			pair(s.pts[1])
			pair(s.pts[2])
			out = append(out, cu...)
		case closeP:
			out = append(out, h...)
		}
		out = append(out, '\n')
		if s.op != closeP {
			cur = s.end()
		}
	}
	b.Write(out)
}

// appendNum appends v to a thousandth and a space.
func appendNum(b []byte, v float64) []byte {
	v = math.Round(v*1000) / 1000
	if v == 0 {
		v = 0 // not -0
	}
	return append(strconv.AppendFloat(b, v, 'f', -1, 64), ' ')
}

// pnum writes a number in points to a thousandth, without trailing zeros.
func pnum(v float64) string {
	b := appendNum(nil, v)
	return string(b[:len(b)-1])
}

// colour writes c as PDF or PostScript colour operands: RGB, or CMYK when
// cmyk is set (black as 0 0 0 1, the printer's one ink, not four).
func colour(c color.NRGBA, cmyk bool) string {
	r, g, b := float64(c.R)/255, float64(c.G)/255, float64(c.B)/255
	if !cmyk {
		return pnum(r) + " " + pnum(g) + " " + pnum(b)
	}
	k := 1 - max(r, g, b)
	if k >= 1 {
		return "0 0 0 1"
	}
	return fmt.Sprintf("%s %s %s %s", pnum((1-r-k)/(1-k)), pnum((1-g-k)/(1-k)), pnum((1-b-k)/(1-k)), pnum(k))
}

// PDF writes the code as a one-page PDF 1.4: the background (unless
// transparent) and the outlines, filled with the nonzero rule, in a
// Flate-compressed content stream. Colour opacity is not written: print
// has no transparent ink.
func PDF(c *qr.Code, o Options) []byte {
	pg := newPage(c, o)
	set, fill := "rg", "rg"
	if o.CMYK {
		set, fill = "k", "k"
	}
	var content bytes.Buffer
	if o.BG.A != 0 {
		fmt.Fprintf(&content, "%s %s\n0 0 %s %s re f\n", colour(o.BG, o.CMYK), set, pnum(pg.side), pnum(pg.side))
	}
	fmt.Fprintf(&content, "%s %s\n", colour(o.FG, o.CMYK), fill)
	pg.ops(&content, "m", "l", "c", "h")
	content.WriteString("f\n")
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestSpeed) // 2.2 ms rather than 6.3 for a dotted code at the default level, for 22% more bytes
	zw.Write(content.Bytes())
	zw.Close()

	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	var offsets []int
	obj := func(body string) {
		offsets = append(offsets, b.Len())
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", len(offsets), body)
	}
	side := pnum(pg.side)
	obj("<< /Type /Catalog /Pages 2 0 R >>")
	obj("<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
	obj(fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %s %s] /Resources << >> /Contents 4 0 R >>", side, side))
	obj(fmt.Sprintf("<< /Length %d /Filter /FlateDecode >>\nstream\n%s\nendstream", z.Len(), z.Bytes()))
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(offsets)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(offsets)+1, xref)
	return b.Bytes()
}

// EPS writes the code as Encapsulated PostScript 3.0, its bounding box the
// code's side, the outlines as short procedures.
func EPS(c *qr.Code, o Options) []byte {
	pg := newPage(c, o)
	var b bytes.Buffer
	box := int(math.Ceil(pg.side))
	fmt.Fprintf(&b, "%%!PS-Adobe-3.0 EPSF-3.0\n%%%%BoundingBox: 0 0 %d %d\n%%%%HiResBoundingBox: 0 0 %s %s\n%%%%Creator: qrkeyless\n%%%%Pages: 1\n%%%%EndComments\n",
		box, box, pnum(pg.side), pnum(pg.side))
	b.WriteString("save\n/m {moveto} bind def /l {lineto} bind def /c {curveto} bind def /h {closepath} bind def\n")
	set := "setrgbcolor"
	if o.CMYK {
		set = "setcmykcolor"
	}
	if o.BG.A != 0 {
		fmt.Fprintf(&b, "%s %s\nnewpath 0 0 m %s 0 l %s %s l 0 %s l h fill\n", colour(o.BG, o.CMYK), set, pnum(pg.side), pnum(pg.side), pnum(pg.side), pnum(pg.side))
	}
	fmt.Fprintf(&b, "%s %s\nnewpath\n", colour(o.FG, o.CMYK), set)
	pg.ops(&b, "m", "l", "c", "h")
	b.WriteString("fill\nrestore\nshowpage\n%%EOF\n")
	return b.Bytes()
}

// WithDPI adds a pHYs chunk to a PNG from this package, right after its
// header: the resolution to print it at, in pixels per metre as PNG has it.
func WithDPI(png []byte, dpi int) []byte {
	const ihdrEnd = 8 + 4 + 4 + 13 + 4
	data := make([]byte, 9)
	ppm := uint32(math.Round(float64(dpi) / 0.0254))
	binary.BigEndian.PutUint32(data[0:], ppm)
	binary.BigEndian.PutUint32(data[4:], ppm)
	data[8] = 1 // the unit is the metre
	var c bytes.Buffer
	binary.Write(&c, binary.BigEndian, uint32(len(data)))
	c.WriteString("pHYs")
	c.Write(data)
	binary.Write(&c, binary.BigEndian, crc32.ChecksumIEEE(append([]byte("pHYs"), data...)))
	out := make([]byte, 0, len(png)+c.Len())
	out = append(out, png[:ihdrEnd]...)
	out = append(out, c.Bytes()...)
	return append(out, png[ihdrEnd:]...)
}
