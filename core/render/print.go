package render

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image/color"
	"math"
	"strings"

	"qrkeyless/core/pdf"
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

// page is what the print writers need: the width and height in points
// (equal but for rMQR), the scale from module units, and the outlines.
type page struct {
	w, h, scale, margin float64
	p                   path
}

func newPage(c *qr.Code, o Options) page {
	w := o.WidthPt
	if w <= 0 {
		w = float64(o.Size) // a pixel is a point, 72 per inch, when no physical size is asked for
	}
	border := 0.0 // Border's pixels, as points of this width
	if o.Size > 0 {
		border = float64(o.Border) * w / float64(o.Size)
	}
	scale := (w - 2*border) / float64(c.Width+2*o.Margin)
	return page{w: w, h: scale*float64(c.Height+2*o.Margin) + 2*border, scale: scale, margin: float64(o.Margin) + border/scale, p: printPath(c, o)}
}

// xy maps a point in module units to page points, y upwards.
func (pg page) xy(q pt) (float64, float64) {
	return (q.x + pg.margin) * pg.scale, pg.h - (q.y+pg.margin)*pg.scale
}

// ops writes the outlines with the operator names given for move, line,
// curve and close: PDF's m l c h, PostScript's short procedures.
func (pg page) ops(b *bytes.Buffer, m, l, cu, h string) {
	b.Write(appendOps(make([]byte, 0, len(pg.p)*24), pg.p, pg.xy, m, l, cu, h))
}

// appendOps appends the outlines of p, each point mapped by xy, with the
// operator names given for move, line, curve and close. Numbers are
// appended to one buffer: fmt would take most of the time here.
func appendOps(out []byte, p path, xy func(pt) (float64, float64), m, l, cu, h string) []byte {
	pair := func(q pt) {
		x, y := xy(q)
		out = pdf.AppendNum(pdf.AppendNum(out, x), y)
	}
	var cur pt
	for _, s := range p {
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
	return out
}

// moduleXY leaves a point in module units, y down: what PDFOps writes.
func moduleXY(q pt) (float64, float64) { return q.x, q.y }

// PDFOps writes the symbol's outlines as o draws them (every style, eye
// and mark) as PDF path operators, in module units with (0, 0) at the
// symbol's top-left corner and y down, for a page that places and scales
// them with its own cm (core/sheet draws many codes a page so).
func PDFOps(c *qr.Code, o Options) []byte {
	p := printPath(c, o)
	return appendOps(make([]byte, 0, len(p)*24), p, moduleXY, "m", "l", "c", "h")
}

// PDFLayerOps writes the symbol's layers as Layers groups them (g),
// each as PDFOps writes the whole, leaving out the modules skip reports
// (a logo covers them; skip may be nil): a branded code paints each layer
// in its own colour.
func PDFLayerOps(c *qr.Code, o Options, skip func(x, y int) bool, g Groups) [][]byte {
	ps := layerPaths(c, o, skip, g)
	out := make([][]byte, len(ps))
	for i, p := range ps {
		out[i] = appendOps(nil, p, moduleXY, "m", "l", "c", "h")
	}
	return out
}

// pnum writes a number in points to a thousandth, without trailing zeros.
func pnum(v float64) string { return pdf.Num(v) }

// PDFComponents writes c as PDF or PostScript colour operands: RGB, or
// CMYK when cmyk is set (black as 0 0 0 1, the printer's one ink, not
// four).
func PDFComponents(c color.NRGBA, cmyk bool) string {
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

// PDFColour writes c as the PDF operator that sets the fill colour (or,
// with stroke, the stroke colour): RGB, or CMYK when cmyk is set.
func PDFColour(c color.NRGBA, cmyk, stroke bool) string {
	op := "rg"
	if cmyk {
		op = "k"
	}
	if stroke {
		op = strings.ToUpper(op)
	}
	return PDFComponents(c, cmyk) + " " + op
}

// PDF writes the code as a one-page PDF 1.4: the background (unless
// transparent) and the outlines, filled with the nonzero rule, in a
// Flate-compressed content stream. Colour opacity is not written: print
// has no transparent ink.
func PDF(c *qr.Code, o Options) []byte { return pdfPage(newPage(c, o), o) }

// pdfPage writes pg as a one-page PDF in o's colours.
func pdfPage(pg page, o Options) []byte {
	var content bytes.Buffer
	if o.BG.A != 0 {
		fmt.Fprintf(&content, "%s\n0 0 %s %s re f\n", PDFColour(o.BG, o.CMYK, false), pnum(pg.w), pnum(pg.h))
	}
	fmt.Fprintf(&content, "%s\n", PDFColour(o.FG, o.CMYK, false))
	pg.ops(&content, "m", "l", "c", "h")
	content.WriteString("f\n")

	w := pdf.New()
	root := w.Object("<< /Type /Catalog /Pages 2 0 R >>")
	w.Object("<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
	w.Object(fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %s %s] /Resources << >> /Contents 4 0 R >>", pnum(pg.w), pnum(pg.h)))
	w.Stream("", content.Bytes())
	return w.Bytes(root)
}

// EPS writes the code as Encapsulated PostScript 3.0, its bounding box the
// code's page, the outlines as short procedures.
func EPS(c *qr.Code, o Options) []byte {
	pg := newPage(c, o)
	var b bytes.Buffer
	fmt.Fprintf(&b, "%%!PS-Adobe-3.0 EPSF-3.0\n%%%%BoundingBox: 0 0 %d %d\n%%%%HiResBoundingBox: 0 0 %s %s\n%%%%Creator: qrkeyless\n%%%%Pages: 1\n%%%%EndComments\n",
		int(math.Ceil(pg.w)), int(math.Ceil(pg.h)), pnum(pg.w), pnum(pg.h))
	b.WriteString("save\n/m {moveto} bind def /l {lineto} bind def /c {curveto} bind def /h {closepath} bind def\n")
	set := "setrgbcolor"
	if o.CMYK {
		set = "setcmykcolor"
	}
	if o.BG.A != 0 {
		fmt.Fprintf(&b, "%s %s\nnewpath 0 0 m %s 0 l %s %s l 0 %s l h fill\n", PDFComponents(o.BG, o.CMYK), set, pnum(pg.w), pnum(pg.w), pnum(pg.h), pnum(pg.h))
	}
	fmt.Fprintf(&b, "%s %s\nnewpath\n", PDFComponents(o.FG, o.CMYK), set)
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
