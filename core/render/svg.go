package render

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"strconv"

	"qrkeyless/core/qr"
)

// SVG draws the symbol as compact SVG: a viewBox in module units, the
// background as one path and the modules as one path. Plain squares are
// written as strokes one module wide (see walk), the mark as a second path.
func SVG(c *qr.Code, o Options) []byte {
	var b bytes.Buffer
	l := newLayout(c, o)
	open(&b, l, "", o.WidthPt)
	if o.plain() {
		b.WriteString(`>`)
		background(&b, l, o.BG, false)
		b.WriteString(`<path`)
		paint(&b, "stroke", o.FG, false)
		b.WriteString(` stroke-linecap="square" fill="none" shape-rendering="crispEdges" d="`)
		walk(&b, modules(c, o))
		var mark path
		if markPath(&mark, c.Size, o.Mark); len(mark) > 0 {
			b.WriteString(`"/><path`)
			paint(&b, "fill", o.FG, false)
			b.WriteString(` d="`)
			writePath(&b, mark)
		}
	} else {
		b.WriteString(`>`)
		background(&b, l, o.BG, false)
		b.WriteString(`<path`)
		paint(&b, "fill", o.FG, false)
		b.WriteString(` d="`)
		writePath(&b, picture(c, o))
	}
	b.WriteString(`"/></svg>`)
	return b.Bytes()
}

// SVGTiny draws the symbol as SVG Tiny 1.2 for print, cutting and vector
// tools: filled outlines only, colours as plain attributes, no CSS.
func SVGTiny(c *qr.Code, o Options) []byte {
	var b bytes.Buffer
	l := newLayout(c, o)
	open(&b, l, ` version="1.2" baseProfile="tiny"`, o.WidthPt)
	b.WriteString(`>`)
	background(&b, l, o.BG, true)
	b.WriteString(`<path`)
	paint(&b, "fill", o.FG, true)
	b.WriteString(` d="`)
	var p path
	if o.plain() {
		trace(&p, modules(c, o)) // one outline per region, finders included
		markPath(&p, c.Size, o.Mark)
	} else {
		p = picture(c, o)
	}
	writePath(&b, p)
	b.WriteString(`"/></svg>`)
	return b.Bytes()
}

func open(b *bytes.Buffer, l layout, extra string, widthPt float64) {
	vw, vh := float64(l.w)/l.unit, float64(l.h)/l.unit
	width, height := strconv.Itoa(l.w), strconv.Itoa(l.h)
	if widthPt > 0 { // a physical size: millimetres, the viewBox unchanged
		width = pnum(widthPt/PointsPerMM) + "mm"
		height = pnum(widthPt*float64(l.h)/float64(l.w)/PointsPerMM) + "mm"
	}
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg"%s width="%s" height="%s" viewBox="%s %s %s %s"`,
		extra, width, height, num(-l.origin), num(-l.origin), num(vw), num(vh))
}

// background paints the canvas unless it is transparent.
func background(b *bytes.Buffer, l layout, bg color.NRGBA, long bool) {
	if bg.A == 0 {
		return
	}
	vw, vh := num(float64(l.w)/l.unit), num(float64(l.h)/l.unit)
	b.WriteString(`<path`)
	paint(b, "fill", bg, long)
	fmt.Fprintf(b, ` d="M%s %sh%sv%sh-%sz"/>`, num(-l.origin), num(-l.origin), vw, vh, vw)
}

// paint writes a fill or stroke colour attribute; long keeps #rrggbb (SVG
// Tiny readers do not all take #rgb).
func paint(b *bytes.Buffer, attr string, c color.NRGBA, long bool) {
	hex := fmt.Sprintf("%02x%02x%02x", c.R, c.G, c.B)
	if !long && hex[0] == hex[1] && hex[2] == hex[3] && hex[4] == hex[5] {
		hex = hex[0:1] + hex[2:3] + hex[4:5]
	}
	fmt.Fprintf(b, ` %s="#%s"`, attr, hex)
	if c.A != 255 {
		fmt.Fprintf(b, ` %s-opacity="%s"`, attr, num(float64(c.A)/255))
	}
}

// writePath writes p as SVG path data: relative commands, coordinates
// rounded to hundredths of a module (under 0.1 px at 512 px; rounding
// absolute coordinates keeps shared corners shared), s and t for curves
// that continue smoothly, no zero-length lines, no repeated command letters.
func writePath(b *bytes.Buffer, p path) {
	w := pathWriter{b: b}
	var cur, start, ctrl [2]int64 // ctrl: last control point, for s and t
	prev := byte(0)               // op of the previous segment
	fix := func(q pt) [2]int64 { return [2]int64{centi(q.x), centi(q.y)} }
	for i, s := range p {
		switch s.op {
		case moveTo:
			q := fix(s.pts[0])
			if i == 0 {
				w.cmd('M')
				cur = [2]int64{}
			} else {
				w.cmd('m')
			}
			w.pair(q, cur)
			cur, start = q, q
		case lineTo:
			q := fix(s.pts[0])
			switch {
			case q == cur:
				continue
			case q[1] == cur[1]:
				w.cmd('h')
				w.num(q[0] - cur[0])
			case q[0] == cur[0]:
				w.cmd('v')
				w.num(q[1] - cur[1])
			default:
				w.cmd('l')
				w.pair(q, cur)
			}
			cur = q
		case quadTo, cubeTo:
			n, letter, short := 2, byte('q'), byte('t')
			if s.op == cubeTo {
				n, letter, short = 3, 'c', 's'
			}
			first := fix(s.pts[0])
			// The first control point is implied when it mirrors the
			// previous curve's last one about the current point.
			if prev == s.op && first == [2]int64{2*cur[0] - ctrl[0], 2*cur[1] - ctrl[1]} {
				w.cmd(short)
			} else {
				w.cmd(letter)
				w.pair(first, cur)
			}
			for k := 1; k < n; k++ {
				w.pair(fix(s.pts[k]), cur)
			}
			ctrl = fix(s.pts[n-2])
			cur = fix(s.pts[n-1])
		case closeP:
			w.cmd('z')
			cur = start
		}
		prev = s.op
	}
}

// pathWriter writes path data with the fewest separators: a command letter
// only when it changes, and a space between numbers only where a sign or a
// second decimal point would not already end the first.
type pathWriter struct {
	b    *bytes.Buffer
	last byte // last command letter written
	num1 bool // a number was written since that letter
	dot  bool // the last number written has a decimal point
}

func (w *pathWriter) cmd(c byte) {
	// After m, further pairs mean l: never leave an m or a z implicit.
	if c == w.last && c != 'm' && c != 'M' && c != 'z' {
		return
	}
	w.b.WriteByte(c)
	w.last, w.num1 = c, false
}

// num writes v, given in hundredths.
func (w *pathWriter) num(v int64) {
	var buf [24]byte
	s := appendFixed(buf[:0], v*10)
	if w.num1 && s[0] != '-' && !(s[0] == '.' && w.dot) {
		w.b.WriteByte(' ')
	}
	w.b.Write(s)
	w.num1, w.dot = true, bytes.IndexByte(s, '.') >= 0
}

// pair writes q relative to the current point cur.
func (w *pathWriter) pair(q, cur [2]int64) {
	w.num(q[0] - cur[0])
	w.num(q[1] - cur[1])
}

func milli(v float64) int64 { return int64(math.Round(v * 1000)) }

func centi(v float64) int64 { return int64(math.Round(v * 100)) }

// fixed writes a value in thousandths as a short decimal: 1500 is 1.5,
// -250 is -.25.
func fixed(v int64) string { return string(appendFixed(nil, v)) }

// appendFixed appends fixed(v) to b, in integers alone: SVG writes
// thousands of numbers, and this is the shortest decimal that
// strconv.FormatFloat(v/1000, 'f', -1) gives, without the float.
func appendFixed(b []byte, v int64) []byte {
	if v < 0 {
		b = append(b, '-')
		v = -v
	}
	whole, frac := v/1000, v%1000
	if whole > 0 || frac == 0 {
		b = strconv.AppendInt(b, whole, 10)
	}
	if frac == 0 {
		return b
	}
	digits := [3]byte{byte('0' + frac/100), byte('0' + frac/10%10), byte('0' + frac%10)}
	n := 3
	for digits[n-1] == '0' {
		n--
	}
	return append(append(b, '.'), digits[:n]...)
}

func num(v float64) string { return fixed(milli(v)) }
