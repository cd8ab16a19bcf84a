// Package brand draws a code with its branding: gradients and part
// colours, a logo in the middle, a frame with a call to action round it.
// A logo clears the modules under it whole and never the function
// patterns (finders, timing, alignment, format and version information),
// which are drawn over it where they pass under. Whether the drawing
// still scans is core/verify's to check, on the picture Image draws
// (Judged gives the colours it is judged by), and to refuse with the
// nearest branding that does.
//
// The editor's first program (editor.wasm) does not import this package:
// it draws the plain code fast, and its second (verify.wasm) draws the
// branded one.
package brand

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"slices"
	"strconv"

	"qrkeyless/core/frame"
	"qrkeyless/core/logo"
	"qrkeyless/core/params"
	"qrkeyless/core/qr"
	"qrkeyless/core/render"
)

// Code is a code with its branding, checked and ready to draw.
type Code struct {
	c     *qr.Code
	ro    render.Options
	b     params.Brand
	paint []params.Paint // each layer's
	parts render.Groups  // the layer of each part
	logo  *logo.Logo
	box   [4]float64 // the logo's box in module units: x0, y0, x1, y1 (none when the logo is nil)
	clear []bool     // modules the logo clears
	fr    frame.Options
}

// ContrastError says that a frame's text would not show on what it is
// drawn on.
type ContrastError struct {
	Ratio float64
	Fix   color.NRGBA // a text colour that shows
}

func (e *ContrastError) Error() string {
	return fmt.Sprintf("brand: the frame's text has %.2f:1 contrast with what it is drawn on; at least %d:1 is needed", e.Ratio, render.MinContrast)
}

// New checks o's branding for c: the logo (a *logo.Error), the frame's
// text (a *frame.TextError) and its contrast (a *ContrastError).
func New(c *qr.Code, o params.Options) (*Code, error) {
	b := o.Brand
	k := &Code{c: c, ro: o.Render(), b: b}
	k.paint, k.parts = layers(b)
	if b.Logo != "" {
		l, err := logo.Parse(b.Logo)
		if err != nil {
			return nil, err
		}
		k.logo = l
		k.place()
	}
	style, err := frame.Lookup(b.Frame)
	if err != nil {
		return nil, err
	}
	k.fr = frame.Options{Frame: b.Frame, Text: b.FrameText, Color: b.FrameColor, BG: k.ro.BG, CaptionSize: float64(b.CaptionSize)}
	paper := k.fr.Paper()
	k.fr.TextColor = b.TextOn(style.Band, paper)
	if err := k.fr.Check(); err != nil {
		return nil, err
	}
	if b.FrameText != "" {
		if r := render.Contrast(k.fr.TextColor, paper); r < render.MinContrast {
			fix := render.Black
			if render.Contrast(render.White, paper) > render.Contrast(fix, paper) {
				fix = render.White
			}
			return nil, &ContrastError{Ratio: math.Floor(r*100) / 100, Fix: fix}
		}
	}
	return k, nil
}

// layers groups the parts of b's code into layers by paint: the data is
// one, the rings are one or, in colours of their own, up to three, and
// the balls too. With one paint for every ring and one for every ball the
// layers are render.Three, whatever the paints.
func layers(b params.Brand) ([]params.Paint, render.Groups) {
	rings := b.EyePaint.Or(params.EyesOf(b.Paint))
	balls := b.BallPaint.Or(rings)
	paints := []params.Paint{b.Paint}
	var g render.Groups
	for _, set := range []struct {
		first int
		eyes  params.Eyes
	}{{render.PartRing, rings}, {render.PartBall, balls}} {
		for i, p := range set.eyes {
			if j := slices.IndexFunc(set.eyes[:i], func(q params.Paint) bool { return q.String() == p.String() }); j >= 0 {
				g[set.first+i] = g[set.first+j] // an eye before it has its paint
				continue
			}
			g[set.first+i] = len(paints)
			paints = append(paints, p)
		}
	}
	return paints, g
}

// place puts the logo's box in the middle of the symbol, LogoSize of its
// width wide (tall, for a logo taller than wide), and marks the modules
// its plate touches, but for the function patterns.
func (k *Code) place() {
	n := float64(k.c.Size)
	w, h := k.b.LogoSize*n, k.b.LogoSize*n
	if k.logo.W > k.logo.H {
		h = w * k.logo.H / k.logo.W
	} else {
		w = h * k.logo.W / k.logo.H
	}
	k.box = [4]float64{(n - w) / 2, (n - h) / 2, (n + w) / 2, (n + h) / 2}
	plate := k.plate()
	k.clear = make([]bool, k.c.Size*k.c.Size)
	for y := range k.c.Size {
		for x := range k.c.Size {
			k.clear[y*k.c.Size+x] = plate.Touches(x, y) && !render.Function(k.c, x, y)
		}
	}
}

// plate is the logo's plate: its box and margin, with the corners
// logo_shape gives it.
func (k *Code) plate() render.Plate {
	m := float64(k.b.LogoMargin)
	p := render.Plate{X0: k.box[0] - m, Y0: k.box[1] - m, X1: k.box[2] + m, Y1: k.box[3] + m}
	p.R = params.LogoCorner(k.b.LogoShape) * math.Min(p.X1-p.X0, p.Y1-p.Y0)
	return p
}

// ground is the code's plate when it is not the square canvas: the
// circle of outline=circle, or the canvas with corners rounded by
// bg_radius.
func (k *Code) ground() (render.Plate, bool) {
	if k.b.Outline == "circle" {
		mid, r := float64(k.c.Size)/2, render.CircleRadius(k.c.Size, k.ro.Margin)
		return render.Plate{X0: mid - r, Y0: mid - r, X1: mid + r, Y1: mid + r, R: r}, true
	}
	if k.b.BGRadius == 0 {
		return render.Plate{}, false
	}
	side, unit, origin := render.Placement(k.c, k.ro)
	far := float64(side)/unit - origin
	return render.Plate{X0: -origin, Y0: -origin, X1: far, Y1: far, R: float64(k.b.BGRadius)}, true
}

// cover paints c over img where cov covers it.
func cover(img *image.RGBA, cov *image.Alpha, c color.NRGBA) {
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if a := cov.Pix[y*cov.Stride+x]; a > 0 {
				over(img, x, y, c, a)
			}
		}
	}
}

// Cleared returns how many modules the logo clears.
func (k *Code) Cleared() int {
	n := 0
	for _, c := range k.clear {
		if c {
			n++
		}
	}
	return n
}

func (k *Code) skip() func(x, y int) bool {
	if k.clear == nil {
		return nil
	}
	return func(x, y int) bool { return k.clear[y*k.c.Size+x] }
}

// Image draws the code without its frame, o.Size pixels square: what
// Verify reads, and what the PNG frames.
func (k *Code) Image() *image.RGBA {
	side, unit, origin := render.Placement(k.c, k.ro)
	img := image.NewRGBA(image.Rect(0, 0, side, side))
	if g, ok := k.ground(); ok && k.ro.BG.A > 0 {
		cover(img, g.Coverage(k.c, k.ro), k.ro.BG)
	} else if k.ro.BG.A > 0 {
		draw.Draw(img, img.Bounds(), image.NewUniform(k.ro.BG), image.Point{}, draw.Src)
	}
	layers := render.Layers(k.c, k.ro, k.skip(), k.parts)
	n := float64(k.c.Size)
	paintLayer := func(cov *image.Alpha, p params.Paint) {
		g := newGradient(p, n)
		for y := range side {
			v := (float64(y)+0.5)/unit - origin
			for x := range side {
				a := cov.Pix[y*cov.Stride+x]
				if a == 0 {
					continue
				}
				u := (float64(x)+0.5)/unit - origin
				over(img, x, y, g.at(u, v), a)
			}
		}
	}
	if k.logo != nil {
		k.drawLogo(img, unit, origin)
	}
	for i, l := range layers {
		paintLayer(l.Coverage, k.paint[i])
	}
	return img
}

// drawLogo paints the plate over the cleared modules' area and the logo
// in its box.
func (k *Code) drawLogo(img *image.RGBA, unit, origin float64) {
	px := func(v float64) int { return int(math.Round((v + origin) * unit)) }
	if p := k.plate(); p.R > 0 && k.b.LogoBG.A > 0 {
		cover(img, p.Coverage(k.c, k.ro), k.b.LogoBG)
	} else if k.b.LogoBG.A > 0 {
		// A square plate on whole pixels, as it has always been drawn.
		plate := image.Rect(px(p.X0), px(p.Y0), px(p.X1), px(p.Y1))
		draw.Draw(img, plate, image.NewUniform(k.b.LogoBG), image.Point{}, draw.Over)
	}
	k.logo.Draw(img, image.Rect(px(k.box[0]), px(k.box[1]), px(k.box[2]), px(k.box[3])))
}

// over blends c, at coverage a, over pixel x, y of img.
func over(img *image.RGBA, x, y int, c color.NRGBA, a uint8) {
	i := img.PixOffset(x, y)
	p := img.Pix[i : i+4 : i+4]
	alpha := uint32(c.A) * uint32(a) / 255 // the paint's own opacity times coverage
	inv := 255 - alpha
	p[0] = uint8((uint32(c.R)*alpha + uint32(p[0])*inv) / 255)
	p[1] = uint8((uint32(c.G)*alpha + uint32(p[1])*inv) / 255)
	p[2] = uint8((uint32(c.B)*alpha + uint32(p[2])*inv) / 255)
	p[3] = uint8(alpha + uint32(p[3])*inv/255)
}

// PNG draws the code in its frame as PNG.
func (k *Code) PNG() []byte {
	b, err := frame.PNG(k.Image(), k.fr)
	if err != nil { // New checked the frame
		panic(err)
	}
	return b
}

// SVG draws the code in its frame as SVG: each part a path filled with
// its colour or gradient, the logo as vector (an SVG logo) or an embedded
// PNG.
func (k *Code) SVG() []byte {
	side, unit, origin := render.Placement(k.c, k.ro)
	var b bytes.Buffer
	span := float64(side) / unit
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="%s %s %s %s">`,
		side, side, num(-origin), num(-origin), num(span), num(span))
	n := float64(k.c.Size)
	var defs bytes.Buffer
	fills := make([]string, len(k.paint))
	for i, p := range k.paint {
		fills[i] = fill(&defs, p, n, "g"+strconv.Itoa(i))
	}
	if defs.Len() > 0 {
		b.WriteString("<defs>")
		b.Write(defs.Bytes())
		b.WriteString("</defs>")
	}
	if g, ok := k.ground(); ok && k.ro.BG.A > 0 {
		fmt.Fprintf(&b, `<path %s d="%s"/>`, frame.Colour("fill", "fill-opacity", k.ro.BG), g.SVG())
	} else if k.ro.BG.A > 0 {
		fmt.Fprintf(&b, `<path %s d="M%s %sh%sv%sh-%sz"/>`, frame.Colour("fill", "fill-opacity", k.ro.BG),
			num(-origin), num(-origin), num(span), num(span), num(span))
	}
	if k.logo != nil {
		if p := k.plate(); p.R > 0 && k.b.LogoBG.A > 0 {
			fmt.Fprintf(&b, `<path %s d="%s"/>`, frame.Colour("fill", "fill-opacity", k.b.LogoBG), p.SVG())
		} else if k.b.LogoBG.A > 0 {
			fmt.Fprintf(&b, `<path %s d="M%s %sH%sV%sH%sz"/>`, frame.Colour("fill", "fill-opacity", k.b.LogoBG),
				num(p.X0), num(p.Y0), num(p.X1), num(p.Y1), num(p.X0))
		}
		k.logo.SVG(&b, num(k.box[0]), num(k.box[1]), num(k.box[2]-k.box[0]), num(k.box[3]-k.box[1]))
	}
	for i, l := range render.Layers(k.c, k.ro, k.skip(), k.parts) {
		if l.Path == "" {
			continue
		}
		fmt.Fprintf(&b, `<path %s d="%s"/>`, fills[i], l.Path)
	}
	b.WriteString("</svg>")
	if k.fr.Plain() {
		return b.Bytes()
	}
	out, err := frame.SVG(b.Bytes(), side, k.fr)
	if err != nil { // New checked the frame
		panic(err)
	}
	return out
}

// Judged is the code's render options as a verification judges them:
// its contrast on the faintest stop of every paint.
func (k *Code) Judged() render.Options {
	o := k.ro
	o.FG = k.worst()
	return o
}

// worst is the colour of least contrast with the background among every
// paint's stops.
func (k *Code) worst() color.NRGBA {
	all := params.Paint{}
	for _, p := range k.paint {
		all.Stops = append(all.Stops, p.Stops...)
	}
	return all.Worst(k.ro.BG)
}

func num(v float64) string { return strconv.FormatFloat(math.Round(v*1000)/1000, 'f', -1, 64) }
