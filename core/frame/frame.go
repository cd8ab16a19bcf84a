// Package frame draws a frame around a rendered QR code: a border, a band
// or a speech bubble, with a call to action ("SCAN ME") in it, or a print
// layout (a card, a counter standee). It takes the code as it was drawn,
// SVG or image, and returns the composed picture in the same form.
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
	"image/color"
	"math"
	"strconv"
	"strings"
)

// Options say what to draw around a code.
type Options struct {
	Frame     string      // one of Frames' names; "" or "none" for no frame (text, if any, is a caption)
	Text      string      // the call to action, at most MaxText characters; "" for none
	Color     color.NRGBA // the frame's lines and bands
	TextColor color.NRGBA // the text
	BG        color.NRGBA // the paper, the code's background (A == 0: transparent)

	// CaptionSize is a caption's letter size in pixels (frame none); 0
	// for the size that suits the code. Letters too wide for the code
	// are made smaller, as any text here is.
	CaptionSize float64
}

// MaxText is the most characters a frame's text may have.
const MaxText = 30

// Style is one frame.
type Style struct {
	Name  string // the frame value, e.g. "banner-bottom"
	Label string // human name, e.g. "Banner below"
	Help  string // one sentence for the editor
	Band  bool   // its text sits on a band of the frame's colour
}

// Frames lists the frames, "none" first.
var Frames = []Style{
	{Name: "none", Label: "None", Help: "The code alone; a text becomes a caption under it."},
	{Name: "box", Label: "Box", Help: "A square border round the code, the text under it."},
	{Name: "rounded", Label: "Rounded", Help: "A border with round corners, the text under the code."},
	{Name: "banner-bottom", Label: "Banner below", Help: "A border whose bottom is a band holding the text.", Band: true},
	{Name: "banner-top", Label: "Banner above", Help: "A border whose top is a band holding the text.", Band: true},
	{Name: "bubble", Label: "Speech bubble", Help: "A bubble under the code, pointing at it, holding the text.", Band: true},
	{Name: "card", Label: "Card", Help: "A framed card for print: the text as a title above the code."},
	{Name: "standee", Label: "Counter standee", Help: "A tall card for a counter or a wall: the text on a band above the code.", Band: true},
}

// FrameNames lists the frames' names, for the parameter's values.
func FrameNames() []string {
	names := make([]string, len(Frames))
	for i, f := range Frames {
		names[i] = f.Name
	}
	return names
}

// ErrFrame reports a frame name that is not in Frames.
var ErrFrame = errors.New("frame: unknown frame")

// Lookup returns the frame called name ("" is none), or an error wrapping
// ErrFrame that lists the names there are.
func Lookup(name string) (Style, error) {
	if name == "" {
		return Frames[0], nil
	}
	for _, f := range Frames {
		if f.Name == name {
			return f, nil
		}
	}
	return Style{}, fmt.Errorf("%w %q; use one of %s", ErrFrame, name, strings.Join(FrameNames(), ", "))
}

// Plain reports whether o adds nothing to the code, which is then used as is.
func (o Options) Plain() bool { return (o.Frame == "" || o.Frame == "none") && clean(o.Text) == "" }

// Paper is what the text is drawn on: the band's colour on a frame with a
// band, else the code's background, white where that is transparent.
func (o Options) Paper() color.NRGBA {
	if f, err := Lookup(o.Frame); err == nil && f.Band {
		return o.Color
	}
	if o.BG.A < 255 {
		return color.NRGBA{255, 255, 255, 255}
	}
	return o.BG
}

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
	text := clean(o.Text)
	if _, err := Lookup(o.Frame); err != nil { // before fonts: a wrong name is the first thing to fix
		return layout{}, err
	}
	reg, heavy, err := fonts()
	if err != nil && text != "" {
		return layout{}, err
	}
	var l layout
	var words path                   // the text, in TextColor
	line := max(2, math.Round(s/48)) // border thickness
	pad := math.Round(s / 24)
	// set places the text centred on a canvas w wide with its capitals'
	// top at top, and returns how far down its line ends.
	set := func(w, top, size float64, bold bool) float64 {
		if text == "" {
			return top
		}
		f := reg
		if bold {
			f = heavy
		}
		t, size := fit(f, text, size, max(s/32, 8), w-2*pad)
		base := top + ascent(f, size)
		outline(&words, f, t, size, (w-width(f, t, size))/2, base)
		return base + 0.3*size
	}
	// border rings the canvas w by h with the frame's line, corners of
	// radius r.
	border := func(w, h, r float64) {
		var ring path
		ring.roundRect(0, 0, w, h, r, true, allRound)
		ring.roundRect(line, line, w-2*line, h-2*line, max(0, r-line), false, allRound)
		l.shapes = append(l.shapes, shape{ring, o.Color})
	}
	size := s / 9 // the text's size on a frame
	var y float64
	switch o.Frame {
	case "", "none":
		l.w = side
		y = s
		if text != "" {
			cs := max(s/16, 12)
			if o.CaptionSize > 0 {
				cs = o.CaptionSize
			}
			y = set(s, s+0.15*size, cs, false)
		}
	case "box", "rounded":
		r := 0.0
		if o.Frame == "rounded" {
			r = s / 12
		}
		w := s + 2*(pad+line)
		l.w, l.x, l.y = int(w), int(pad+line), int(pad+line)
		y = pad + line + s
		if text != "" {
			y = set(w, y+0.1*size, size, true)
		}
		y = math.Round(y + pad + line)
		border(w, y, r)
	case "banner-bottom", "banner-top":
		w := s + 2*(pad+line)
		band := math.Round(1.8 * size)
		l.w, l.x = int(w), int(pad+line)
		var b path
		if o.Frame == "banner-top" {
			b.roundRect(0, 0, w, band, s/24, true, [4]bool{true, true, false, false})
			set(w, (band-ascent(heavy, size))/2, size, true)
			l.y = int(band + pad)
			y = band + pad + s + pad + line
		} else {
			l.y = int(pad + line)
			top := pad + line + s + pad
			b.roundRect(0, top, w, band, s/24, true, [4]bool{false, false, true, true})
			set(w, top+(band-ascent(heavy, size))/2, size, true)
			y = top + band
		}
		y = math.Round(y)
		border(w, y, s/24)
		l.shapes = append(l.shapes, shape{b, o.Color})
	case "bubble":
		l.w = side
		top := s + pad/2
		tip := math.Round(s / 20)
		band := math.Round(1.8 * size)
		var b path
		b.moveTo(s/2-tip, top+tip)
		b.lineTo(s/2, top)
		b.lineTo(s/2+tip, top+tip)
		b.close()
		b.roundRect(pad, top+tip-0.5, s-2*pad, band, band/3, true, allRound)
		set(s, top+tip+(band-ascent(heavy, size))/2, size, true)
		y = top + tip + band + pad/2
		l.shapes = append(l.shapes, shape{b, o.Color})
	case "card":
		cp := math.Round(s / 16)
		w := s + 2*cp
		l.w = int(w)
		y = cp
		if text != "" {
			y = set(w, cp+0.4*size, size, true)
		}
		y = math.Round(y)
		l.x, l.y = int(cp), int(y)
		y = math.Round(y + s + cp)
		var ring path
		ring.roundRect(line/2, line/2, w-line, y-line, s/24, true, allRound)
		ring.roundRect(1.5*line, 1.5*line, w-3*line, y-3*line, s/24-line, false, allRound)
		l.shapes = append(l.shapes, shape{ring, o.Color})
	case "standee":
		cp := math.Round(s / 12)
		w := s + 2*cp
		l.w = int(w)
		band := math.Round(2 * size)
		var top path
		top.roundRect(0, 0, w, band, s/16, true, [4]bool{true, true, false, false})
		l.shapes = append(l.shapes, shape{top, o.Color})
		set(w, (band-ascent(heavy, size))/2, size, true)
		l.x, l.y = int(cp), int(band+math.Round(cp/2))
		y = math.Round(float64(l.y) + s + cp)
		border(w, y, s/16)
	}
	l.h = int(math.Ceil(y))
	if len(words) > 0 {
		l.shapes = append(l.shapes, shape{words, o.TextColor})
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
		b.WriteString(" " + Colour("fill", "fill-opacity", sh.c))
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
