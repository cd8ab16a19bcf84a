// Package frame puts text around a rendered QR code: a caption under it
// (the editor's label) or a print template (tpl), such as a framed card
// with a title. It takes the code as render drew it, SVG or image, and
// returns the composed picture in the same form.
//
// Text is drawn as glyph outlines of the Go fonts, so the SVG and the PNG
// show the same letters and neither depends on the fonts installed where
// it is opened or printed. The code keeps its own quiet zone: nothing is
// drawn over it.
package frame

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"strconv"
	"strings"
)

// Options say what to draw around a code.
type Options struct {
	Label    string      // caption under the code; "" for none
	Template string      // a Templates name; "" for none
	Title    string      // a template's heading, e.g. "UPI payment"; "" for none
	FG, BG   color.NRGBA // the code's colours: text and lines in FG on BG paper
}

// Template is a print layout around the code.
type Template struct {
	Name  string // the tpl value, e.g. "card"
	Label string // human name, e.g. "Card with title"
	Help  string // one sentence for the editor
}

// Templates lists the print templates.
var Templates = []Template{
	{"card", "Card with title", "A framed card: the title above the code, the label below."},
	{"standee", "Counter standee", "A tall card for a counter or a wall: the title on a coloured band, the code, the label."},
}

// ErrTemplate reports a Template name that is not in Templates.
var ErrTemplate = errors.New("frame: unknown template")

// LookupTemplate returns the template called name, or an error wrapping
// ErrTemplate that lists the names there are.
func LookupTemplate(name string) (Template, error) {
	var names []string
	for _, t := range Templates {
		if t.Name == name {
			return t, nil
		}
		names = append(names, t.Name)
	}
	return Template{}, fmt.Errorf("%w %q; use one of %s", ErrTemplate, name, strings.Join(names, ", "))
}

// Plain reports whether o adds nothing to the code, which is then used as is.
func (o Options) Plain() bool { return o.Template == "" && clean(o.Label) == "" }

// shape is a filled outline of the frame.
type shape struct {
	p path
	c color.NRGBA
}

// layout is the frame around a code of a given side: the canvas, where the
// code goes, and the shapes around it in painting order.
type layout struct {
	w, h   int
	x, y   int // the code's top-left corner
	shapes []shape
}

func newLayout(side int, o Options) (layout, error) {
	s := float64(side)
	label, title := clean(o.Label), clean(o.Title)
	if o.Template != "" { // before fonts: a wrong name is the first thing to fix
		if _, err := LookupTemplate(o.Template); err != nil {
			return layout{}, err
		}
	}
	reg, heavy, err := fonts()
	if err != nil && (label != "" || title != "" && o.Template != "") {
		return layout{}, err
	}
	paper := o.BG
	if paper.A < 255 {
		paper = color.NRGBA{255, 255, 255, 255} // text on a band stays readable over a transparent page
	}
	var l layout
	var p path
	y := 0.0
	// caption adds the label under whatever is above y, centred on a
	// canvas w wide, and moves y below it.
	caption := func(w float64) {
		if label == "" {
			return
		}
		text, size := fit(reg, label, max(s/16, 12), max(s/32, 8), w-s/16)
		base := y + 0.15*size + ascent(reg, size)
		outline(&p, reg, text, size, (w-width(reg, text, size))/2, base)
		y = base + 0.45*size
	}
	// heading sets the title centred on a canvas w wide with its capitals'
	// top at top, and returns where its baseline is.
	heading := func(w, top, size float64, c color.NRGBA) float64 {
		text, size := fit(heavy, title, size, max(s/32, 8), w-s/8)
		base := top + ascent(heavy, size)
		var t path
		outline(&t, heavy, text, size, (w-width(heavy, text, size))/2, base)
		l.shapes = append(l.shapes, shape{t, c})
		return base
	}
	line := max(1, math.Round(s/160)) // border thickness
	switch o.Template {
	case "":
		l.w = side
		y = s
		caption(s)
	case "card":
		pad := math.Round(s / 16)
		w := s + 2*pad
		l.w = side + 2*int(pad)
		var ring path
		y = pad
		if title != "" {
			size := s / 11
			y = heading(w, pad+0.4*size, size, o.FG) + 0.3*size
		}
		y = math.Round(y)
		l.x, l.y = int(pad), int(y)
		y += s
		caption(w)
		y = math.Round(y + pad)
		ring.roundRect(line/2, line/2, w-line, y-line, s/24, true, allRound)
		ring.roundRect(1.5*line, 1.5*line, w-3*line, y-3*line, s/24-line, false, allRound)
		l.shapes = append(l.shapes, shape{ring, o.FG})
	case "standee":
		pad := math.Round(s / 12)
		w := s + 2*pad
		l.w = side + 2*int(pad)
		size := s / 10
		band := math.Round(2 * size)
		var top path
		top.roundRect(0, 0, w, band, s/16, true, [4]bool{true, true, false, false})
		l.shapes = append(l.shapes, shape{top, o.FG})
		if title != "" {
			heading(w, (band-ascent(heavy, size))/2, size, paper)
		}
		y = band + math.Round(pad/2)
		l.x, l.y = int(pad), int(y)
		y += s
		caption(w)
		y = math.Round(y + pad)
		var ring path
		ring.roundRect(0, 0, w, y, s/16, true, allRound)
		ring.roundRect(2*line, 2*line, w-4*line, y-4*line, s/16-2*line, false, allRound)
		l.shapes = append(l.shapes, shape{ring, o.FG})
	}
	l.h = int(math.Ceil(y))
	if len(p) > 0 {
		l.shapes = append(l.shapes, shape{p, o.FG})
	}
	return l, nil
}

// SVG returns code, the SVG render wrote for a code side pixels wide,
// inside the frame o describes. The frame is drawn in the code's own user
// units (its viewBox), so the code's markup goes in unchanged, with no
// transform or nested <svg>: print and cutting tools that read one flat
// drawing, and renderers that scale strokes poorly, read this one.
func SVG(code []byte, side int, o Options) ([]byte, error) {
	if o.Plain() {
		return code, nil
	}
	l, err := newLayout(side, o)
	if err != nil {
		return nil, err
	}
	inner, vb, extra, err := openSVG(code)
	if err != nil {
		return nil, err
	}
	u := units{k: vb[2] / float64(side), x0: vb[0] - float64(l.x)*vb[2]/float64(side), y0: vb[1] - float64(l.y)*vb[2]/float64(side)}
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="%s %s %s %s">`,
		l.w, l.h, u.num(u.x0), u.num(u.y0), u.num(float64(l.w)*u.k), u.num(float64(l.h)*u.k))
	if o.BG.A > 0 {
		var bg path
		bg.roundRect(0, 0, float64(l.w), float64(l.h), 0, true, [4]bool{})
		l.shapes = append([]shape{{bg, o.BG}}, l.shapes...)
	}
	for _, sh := range l.shapes {
		b.WriteString(`<path`)
		paint(&b, sh.c)
		b.WriteString(` d="`)
		sh.p.writeSVG(&b, u)
		b.WriteString(`"/>`)
	}
	fmt.Fprintf(&b, `<g%s>`, extra)
	b.Write(inner)
	b.WriteString(`</g></svg>`)
	return b.Bytes(), nil
}

// openSVG splits an SVG document as render writes it into the markup inside
// its root element, the root's viewBox and its shape-rendering attribute
// (written again on the group that replaces the root).
func openSVG(code []byte) (inner []byte, vb [4]float64, extra string, err error) {
	bad := errors.New("frame: the code's SVG has no root element with a viewBox")
	start := bytes.Index(code, []byte("<svg"))
	end := bytes.LastIndex(code, []byte("</svg>"))
	if start < 0 || end < 0 {
		return nil, vb, "", bad
	}
	gt := bytes.IndexByte(code[start:], '>')
	if gt < 0 || start+gt >= end {
		return nil, vb, "", bad
	}
	root := string(code[start : start+gt])
	v, ok := attr(root, "viewBox")
	f := strings.Fields(v)
	if !ok || len(f) != 4 {
		return nil, vb, "", bad
	}
	for i, s := range f {
		if vb[i], err = strconv.ParseFloat(s, 64); err != nil {
			return nil, vb, "", bad
		}
	}
	if vb[2] <= 0 {
		return nil, vb, "", bad
	}
	if sr, ok := attr(root, "shape-rendering"); ok {
		extra = ` shape-rendering="` + sr + `"`
	}
	return code[start+gt+1 : end], vb, extra, nil
}

// attr returns the value of the attribute name in the start tag tag.
func attr(tag, name string) (string, bool) {
	i := strings.Index(tag, " "+name+`="`)
	if i < 0 {
		return "", false
	}
	v := tag[i+len(name)+3:]
	j := strings.IndexByte(v, '"')
	if j < 0 {
		return "", false
	}
	return v[:j], true
}

// Image returns code, as render drew it, inside the frame o describes.
func Image(code image.Image, o Options) (image.Image, error) {
	if o.Plain() {
		return code, nil
	}
	return compose(code, o)
}

// PNG is Image encoded as PNG.
func PNG(code image.Image, o Options) ([]byte, error) {
	img, err := compose(code, o)
	if err != nil {
		return nil, err
	}
	return encodePNG(img), nil
}

func compose(code image.Image, o Options) (*image.RGBA, error) {
	side := code.Bounds().Dx()
	l, err := newLayout(side, o)
	if err != nil {
		return nil, err
	}
	dst := image.NewRGBA(image.Rect(0, 0, l.w, l.h))
	if o.BG.A > 0 {
		draw.Draw(dst, dst.Bounds(), image.NewUniform(o.BG), image.Point{}, draw.Src)
	}
	for _, sh := range l.shapes {
		sh.p.fill(dst, sh.c)
	}
	r := image.Rect(l.x, l.y, l.x+side, l.y+code.Bounds().Dy())
	draw.Draw(dst, r, code, code.Bounds().Min, draw.Over)
	return dst, nil
}
