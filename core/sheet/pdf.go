package sheet

import (
	"fmt"
	"image"
	"image/color"
	"strings"

	"qrkeyless/core/brand"
	"qrkeyless/core/frame"
	"qrkeyless/core/params"
	"qrkeyless/core/pdf"
	"qrkeyless/core/problem"
	"qrkeyless/core/qr"
	"qrkeyless/core/render"
)

// Check refuses what a sheet cannot draw for a code with options o: a
// frame (the label is the frame; its text, with frame=none, is the
// caption under the code).
func Check(call problem.Call, o params.Options) *problem.Problem {
	if f := o.Brand.Frame; f != "" && f != "none" {
		_, name, _ := params.Get(call, params.Frame)
		return problem.BadValue.Newf(params.Frame.Name, call.With(name, "none"),
			"a label sheet draws no frame (%s): the label is the frame, and frame_text, with frame=none, is the caption under the code", f)
	}
	return nil
}

// logoSide is the pixels a logo is drawn at on a sheet, on its longer
// side: over 1,000 dpi for the largest logo a 30 mm code takes.
const logoSide = 512

// Labels are the codes of a sheet, in order, each kept as little as
// drawing it takes: its symbol, its options and its branding's parts; a
// logo is kept once, drawn at logoSide pixels, for every code that shows
// it. A thousand codes with a logo each would otherwise hold a thousand
// decoded logos.
type Labels struct {
	list  []label
	logos map[string]*image.RGBA // by the logo's hash
}

type label struct {
	qr *qr.Code
	o  render.Options
	pr brand.Print // the zero Print for a plain code
}

// Add adds a code drawn with options o: its symbol, and its branding
// (nil for a plain code).
func (ls *Labels) Add(c *qr.Code, o render.Options, b *brand.Code) {
	lb := label{qr: c, o: o}
	if b != nil {
		lb.pr = b.Print()
		if lb.pr.Logo && ls.logos[lb.pr.Hash] == nil {
			if ls.logos == nil {
				ls.logos = map[string]*image.RGBA{}
			}
			ls.logos[lb.pr.Hash] = b.LogoImage(logoSide)
		}
	}
	ls.list = append(ls.list, lb)
}

// Len is how many codes there are.
func (ls *Labels) Len() int { return len(ls.list) }

// PDF writes the codes on the sheet, one a label in order, row after row
// and page after page: each as it was made (its module and eye
// shapes, colours, gradients and logo; CMYK when its options ask for
// it), of the side Side gives, with the frame's text as the caption under
// it. The codes and captions are outlines; a logo is an image, written
// once and placed on every code that has it.
func (l Layout) PDF(ls *Labels) []byte {
	captions := false
	for _, lb := range ls.list {
		captions = captions || lb.pr.Caption != ""
	}
	w := pdf.New()
	r := resources{w: w, images: ls.logos, logos: map[string]string{}, shadings: map[string]string{}}
	pages := max(1, (len(ls.list)+l.PerPage()-1)/l.PerPage())
	contents := make([]int, pages)
	flip := fmt.Sprintf("1 0 0 -1 0 %s cm\n", pdf.Num(l.Paper.H*render.PointsPerMM)) // y down, in points
	for p := range pages {
		b := []byte(flip)
		for i := p * l.PerPage(); i < min(len(ls.list), (p+1)*l.PerPage()); i++ {
			b = l.label(b, &r, i, ls.list[i], captions)
		}
		if l.CropMarks {
			b = l.cropMarks(b)
		}
		contents[p] = w.Stream("", b)
	}
	res := "<<"
	if len(r.xobjects) > 0 {
		res += " /XObject << " + strings.Join(r.xobjects, " ") + " >>"
	}
	if len(r.shades) > 0 {
		res += " /Shading << " + strings.Join(r.shades, " ") + " >>"
	}
	resObj := w.Object(res + " >>")
	tree := w.Next() + pages // the pages' parent, written after them
	kids := make([]string, pages)
	for p := range pages {
		kids[p] = fmt.Sprintf("%d 0 R", w.Object(fmt.Sprintf("<< /Type /Page /Parent %d 0 R /MediaBox [0 0 %s %s] /Resources %d 0 R /Contents %d 0 R >>",
			tree, pdf.Num(l.Paper.W*render.PointsPerMM), pdf.Num(l.Paper.H*render.PointsPerMM), resObj, contents[p])))
	}
	w.Object(fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), pages))
	return w.Bytes(w.Object(fmt.Sprintf("<< /Type /Catalog /Pages %d 0 R >>", tree)))
}

// resources are the page's named images and shadings, each written once.
type resources struct {
	w        *pdf.Writer
	images   map[string]*image.RGBA // the logos, by hash
	logos    map[string]string      // by logo hash: the image's name
	shadings map[string]string      // by paint and colour space: the shading's name
	xobjects []string               // the images' /Name n 0 R entries
	shades   []string               // the shadings'
}

// label draws code i in its label.
func (l Layout) label(b []byte, r *resources, i int, lb label, captions bool) []byte {
	_, x, y := l.Label(i)
	side := l.Side(captions)
	block := side
	if captions {
		block += l.captionRow()
	}
	// The code and its caption, centred in the label.
	cx := x + (l.W-side)/2
	cy := y + (l.H-block)/2
	o, pr := lb.o, lb.pr
	n := lb.qr.Size
	unit := side * render.PointsPerMM / float64(n+2*o.Margin) // points a module
	ox := cx*render.PointsPerMM + float64(o.Margin)*unit
	oy := cy*render.PointsPerMM + float64(o.Margin)*unit
	b = append(b, "q "...)
	b = pdf.AppendNum(pdf.AppendNum(b, unit), 0)
	b = pdf.AppendNum(pdf.AppendNum(b, 0), unit)
	b = pdf.AppendNum(pdf.AppendNum(b, ox), oy)
	b = append(b, "cm\n"...)
	if o.BG.A != 0 {
		b = append(b, render.PDFColour(o.BG, o.CMYK, false)+"\n"...)
		m := float64(o.Margin)
		b = pdf.AppendNum(pdf.AppendNum(b, -m), -m)
		b = pdf.AppendNum(pdf.AppendNum(b, float64(n)+2*m), float64(n)+2*m)
		b = append(b, "re f\n"...)
	}
	branded := len(pr.Paints[0].Stops) > 0
	if !branded || !pr.Logo && plain(pr.Paints) {
		fg := o.FG
		if branded {
			fg = pr.Paints[0].Stops[0]
		}
		b = append(b, render.PDFColour(fg, o.CMYK, false)+"\n"...)
		b = append(b, render.PDFOps(lb.qr, o)...)
		b = append(b, "f\n"...)
	} else {
		if pr.Logo {
			if pr.PlateColor.A != 0 {
				b = append(b, render.PDFColour(pr.PlateColor, o.CMYK, false)+"\n"...)
				b = rect(b, pr.Plate)
				b = append(b, "f\n"...)
			}
			name := r.logo(pr.Hash)
			bx := pr.Box
			b = append(b, "q "...)
			b = pdf.AppendNum(pdf.AppendNum(b, bx[2]-bx[0]), 0)
			b = pdf.AppendNum(pdf.AppendNum(b, 0), -(bx[3] - bx[1]))
			b = pdf.AppendNum(pdf.AppendNum(b, bx[0]), bx[3])
			b = append(b, "cm /"+name+" Do Q\n"...)
		}
		for k, ops := range render.PDFLayerOps(lb.qr, o, pr.Skip) {
			if len(ops) == 0 {
				continue
			}
			paint := pr.Paints[k]
			if paint.Kind == "" {
				b = append(b, render.PDFColour(paint.Stops[0], o.CMYK, false)+"\n"...)
				b = append(b, ops...)
				b = append(b, "f\n"...)
				continue
			}
			// A gradient: the outlines clip, the shading paints the
			// symbol's square (one unit wide in shading space).
			b = append(b, "q\n"...)
			b = append(b, ops...)
			b = append(b, "W n "...)
			b = pdf.AppendNum(pdf.AppendNum(b, float64(n)), 0)
			b = pdf.AppendNum(pdf.AppendNum(b, 0), float64(n))
			b = append(b, "0 0 cm /"+r.shading(paint, o.CMYK)+" sh Q\n"...)
		}
	}
	b = append(b, "Q\n"...)
	if pr.Caption != "" {
		b = l.caption(b, pr, x, cy+side, o.CMYK)
	}
	return b
}

// caption sets the caption centred under the code, whose bottom edge is at
// top (mm), in the label whose left edge is x.
func (l Layout) caption(b []byte, pr brand.Print, x, top float64, cmyk bool) []byte {
	em := l.captionPt()
	pad := l.pad() * render.PointsPerMM
	width := l.W*render.PointsPerMM - 2*pad
	line, err := frame.SetLine(pr.Caption, em, 5, width)
	if err != nil { // checked when the code was made
		return b
	}
	lx := x*render.PointsPerMM + (l.W*render.PointsPerMM-line.Width)/2
	base := top*render.PointsPerMM + 0.15*em + line.Ascent
	c := pr.CaptionColor
	if c.A == 0 {
		c = color.NRGBA{A: 255}
	}
	b = append(b, render.PDFColour(c, cmyk, false)+"\n"...)
	b = line.AppendPDF(b, lx, base)
	return append(b, "f\n"...)
}

// cropMarks draws short lines in the page's margins in line with every
// label edge, for cutting plain paper; none where a margin is under 3 mm.
func (l Layout) cropMarks(b []byte) []byte {
	const gap, long = 1.0, 5.0 // mm from the labels, and a mark's length
	var xs, ys []float64
	for c := range l.Columns {
		xs = appendEdge(xs, l.Left+float64(c)*l.PitchX)
		xs = appendEdge(xs, l.Left+float64(c)*l.PitchX+l.W)
	}
	for r := range l.Rows {
		ys = appendEdge(ys, l.Top+float64(r)*l.PitchY)
		ys = appendEdge(ys, l.Top+float64(r)*l.PitchY+l.H)
	}
	right := l.Left + float64(l.Columns-1)*l.PitchX + l.W
	bottom := l.Top + float64(l.Rows-1)*l.PitchY + l.H
	pt := render.PointsPerMM
	line := func(x0, y0, x1, y1 float64) {
		b = pdf.AppendNum(pdf.AppendNum(b, x0*pt), y0*pt)
		b = append(b, "m "...)
		b = pdf.AppendNum(pdf.AppendNum(b, x1*pt), y1*pt)
		b = append(b, "l\n"...)
	}
	b = append(b, "q 0.25 w 0 0 0 1 K\n"...)
	if top := l.Top - gap; top >= 2 {
		for _, x := range xs {
			line(x, top-min(long, top-1), x, top)
		}
	}
	if room := l.Paper.H - bottom - gap; room >= 2 {
		for _, x := range xs {
			line(x, bottom+gap, x, bottom+gap+min(long, room-1))
		}
	}
	if left := l.Left - gap; left >= 2 {
		for _, y := range ys {
			line(left-min(long, left-1), y, left, y)
		}
	}
	if room := l.Paper.W - right - gap; room >= 2 {
		for _, y := range ys {
			line(right+gap, y, right+gap+min(long, room-1), y)
		}
	}
	return append(b, "S Q\n"...)
}

// appendEdge adds an edge unless one within a hundredth of a mm is there
// (labels that touch share theirs).
func appendEdge(list []float64, v float64) []float64 {
	for _, x := range list {
		if x-v < 0.01 && v-x < 0.01 {
			return list
		}
	}
	return append(list, v)
}

// plain reports whether every part is painted in one colour, the same.
func plain(ps [3]params.Paint) bool {
	for _, p := range ps {
		if p.Kind != "" || p.Stops[0] != ps[0].Stops[0] {
			return false
		}
	}
	return true
}

// rect appends a rectangle given by its corners x0, y0, x1, y1.
func rect(b []byte, r [4]float64) []byte {
	b = pdf.AppendNum(pdf.AppendNum(b, r[0]), r[1])
	b = pdf.AppendNum(pdf.AppendNum(b, r[2]-r[0]), r[3]-r[1])
	return append(b, "re\n"...)
}

// logo is the name of a logo as an image resource, written the first
// time it is drawn: its colours and, as a soft mask, its alpha.
func (r *resources) logo(hash string) string {
	if name, ok := r.logos[hash]; ok {
		return name
	}
	img := r.images[hash]
	rgb, alpha := split(img)
	w, h := img.Bounds().Dx(), img.Bounds().Dy()
	mask := r.w.Stream(fmt.Sprintf("/Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray /BitsPerComponent 8", w, h), alpha)
	obj := r.w.Stream(fmt.Sprintf("/Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceRGB /BitsPerComponent 8 /SMask %d 0 R", w, h, mask), rgb)
	name := fmt.Sprintf("Im%d", len(r.logos))
	r.logos[hash] = name
	r.xobjects = append(r.xobjects, fmt.Sprintf("/%s %d 0 R", name, obj))
	return name
}

// split separates a premultiplied picture into straight colours and alpha.
func split(img *image.RGBA) (rgb, alpha []byte) {
	w, h := img.Bounds().Dx(), img.Bounds().Dy()
	rgb, alpha = make([]byte, 0, 3*w*h), make([]byte, 0, w*h)
	for y := range h {
		for x := range w {
			i := img.PixOffset(x, y)
			p := img.Pix[i : i+4 : i+4]
			a := uint32(p[3])
			if a == 0 {
				rgb = append(rgb, 255, 255, 255)
			} else {
				rgb = append(rgb, byte(uint32(p[0])*255/a), byte(uint32(p[1])*255/a), byte(uint32(p[2])*255/a))
			}
			alpha = append(alpha, p[3])
		}
	}
	return rgb, alpha
}

// shading is the name of a gradient as a shading resource over a symbol
// one unit wide, written the first time it is used.
func (r *resources) shading(p params.Paint, cmyk bool) string {
	key := fmt.Sprint(p.String(), cmyk)
	if name, ok := r.shadings[key]; ok {
		return name
	}
	space := "/DeviceRGB"
	if cmyk {
		space = "/DeviceCMYK"
	}
	// Evenly spaced stops, mixed linearly from one to the next: one
	// exponential function a pair, stitched.
	var fs []string
	for i := 0; i+1 < len(p.Stops); i++ {
		fs = append(fs, fmt.Sprintf("<< /FunctionType 2 /Domain [0 1] /C0 [%s] /C1 [%s] /N 1 >>",
			render.PDFComponents(p.Stops[i], cmyk), render.PDFComponents(p.Stops[i+1], cmyk)))
	}
	fn := fs[0]
	if len(fs) > 1 {
		var bounds, encode []string
		for i := 1; i < len(fs); i++ {
			bounds = append(bounds, pdf.Num(float64(i)/float64(len(fs))))
		}
		for range fs {
			encode = append(encode, "0 1")
		}
		fn = fmt.Sprintf("<< /FunctionType 3 /Domain [0 1] /Functions [%s] /Bounds [%s] /Encode [%s] >>",
			strings.Join(fs, " "), strings.Join(bounds, " "), strings.Join(encode, " "))
	}
	a := brand.Axis(p)
	var sh string
	if p.Kind == "radial" {
		sh = fmt.Sprintf("<< /ShadingType 3 /ColorSpace %s /Coords [%s %s 0 %s %s %s] /Function %s /Extend [true true] >>",
			space, pdf.Num(a[0]), pdf.Num(a[1]), pdf.Num(a[0]), pdf.Num(a[1]), pdf.Num(a[2]), fn)
	} else {
		sh = fmt.Sprintf("<< /ShadingType 2 /ColorSpace %s /Coords [%s %s %s %s] /Function %s /Extend [true true] >>",
			space, pdf.Num(a[0]), pdf.Num(a[1]), pdf.Num(a[2]), pdf.Num(a[3]), fn)
	}
	obj := r.w.Object(sh)
	name := fmt.Sprintf("Sh%d", len(r.shadings))
	r.shadings[key] = name
	r.shades = append(r.shades, fmt.Sprintf("/%s %d 0 R", name, obj))
	return name
}
