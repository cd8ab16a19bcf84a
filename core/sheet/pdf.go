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
		return problem.BadValue.New(params.Frame.Name, fmt.Sprintf(
			"a label sheet draws no frame (%s): the label is the frame, and frame_text, with frame=none, is the caption under the code", f), call.With(name, "none"))
	}
	// A label holds one square QR symbol: its side, the advice and the
	// caption's place are worked out for that (docs/symbols.md).
	if fam := o.Family; fam.Symbol != qr.QR || fam.Parts > 0 {
		return problem.Conflict.New(params.SymbolP.Name, fmt.Sprintf(
			"a label sheet holds one QR symbol a label, not a %s; use output zip, svg or base64 for Micro QR, rMQR and sequences", familyName(fam)), call.With("", "", params.SymbolP.Name, params.Parts.Name, params.PartsLayout.Name, params.RMQRHeight.Name, params.VersionP.Name, params.Mask.Name))
	}
	return nil
}

// familyName names what fam asks for.
func familyName(fam params.Family) string {
	if fam.Parts > 0 {
		return "structured-append sequence"
	}
	return map[qr.Symbol]string{qr.Micro: "Micro QR symbol", qr.RMQR: "rMQR symbol"}[fam.Symbol]
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

// PDF writes the codes on the sheet, Copies labels each, in order, row
// after row and page after page from label StartAt: each as it was made
// (its module and eye shapes, colours, gradients and logo; CMYK when its
// options ask for it), of the side Side gives, placed as place says,
// with the frame's text as its caption (a code with a caption makes the
// sheet Captions). Everything printed is moved by the offset. The codes
// and captions are outlines, each code drawn once as a form and placed
// on each of its labels; a logo is an image, written once and placed on
// every code that has it. With Test, it is the alignment test instead.
func (l Layout) PDF(ls *Labels) []byte {
	for _, lb := range ls.list {
		l.Captions = l.Captions || lb.pr.Caption != ""
	}
	w := pdf.New()
	res := w.Reserve() // the resources, which the forms share, written last
	r := resources{w: w, images: ls.logos, logos: map[string]string{}, shadings: map[string]string{}}
	pages := l.Pages(len(ls.list))
	type placed struct {
		form string
		x, y float64
	}
	onPage := make([][]placed, pages)
	side := l.Side()
	for i, lb := range ls.list {
		name := ""
		for c := range max(l.Copies, 1) {
			page, x, y := l.Label(i, c)
			if page >= pages {
				break
			}
			if name == "" {
				name = r.form(l.draw(nil, &r, lb, side), l.W, l.H, res)
			}
			onPage[page] = append(onPage[page], placed{name, x, y})
		}
	}
	pt := render.PointsPerMM
	contents := make([]int, pages)
	for p := range pages {
		// y down, in points, moved by the offset.
		b := fmt.Appendf(nil, "1 0 0 -1 0 %s cm\n", pdf.Num(l.Paper.H*pt))
		if l.OffsetX != 0 || l.OffsetY != 0 {
			b = fmt.Appendf(b, "1 0 0 1 %s %s cm\n", pdf.Num(l.OffsetX*pt), pdf.Num(l.OffsetY*pt))
		}
		if l.Test { // under the codes, whose quiet zone hides the crosses
			b = l.test(b)
		}
		for _, f := range onPage[p] {
			b = append(b, "q 1 0 0 1 "...)
			b = pdf.AppendNum(pdf.AppendNum(b, f.x*pt), f.y*pt)
			b = append(b, "cm /"+f.form+" Do Q\n"...)
		}
		if l.Guides || l.Test {
			b = l.guides(b)
		}
		if l.CropMarks {
			b = l.cropMarks(b)
		}
		contents[p] = w.Stream("", b)
	}
	body := "<<"
	if len(r.xobjects) > 0 {
		body += " /XObject << " + strings.Join(r.xobjects, " ") + " >>"
	}
	if len(r.shades) > 0 {
		body += " /Shading << " + strings.Join(r.shades, " ") + " >>"
	}
	w.Fill(res, body+" >>")
	tree := w.Next() + pages // the pages' parent, written after them
	kids := make([]string, pages)
	for p := range pages {
		kids[p] = fmt.Sprintf("%d 0 R", w.Object(fmt.Sprintf("<< /Type /Page /Parent %d 0 R /MediaBox [0 0 %s %s] /Resources %d 0 R /Contents %d 0 R >>",
			tree, pdf.Num(l.Paper.W*pt), pdf.Num(l.Paper.H*pt), res, contents[p])))
	}
	w.Object(fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), pages))
	return w.Bytes(w.Object(fmt.Sprintf("<< /Type /Catalog /Pages %d 0 R >>", tree)))
}

// resources are the page's named images, forms and shadings, each
// written once.
type resources struct {
	w        *pdf.Writer
	images   map[string]*image.RGBA // the logos, by hash
	logos    map[string]string      // by logo hash: the image's name
	shadings map[string]string      // by paint and colour space: the shading's name
	forms    int                    // the forms written
	xobjects []string               // the images' and forms' /Name n 0 R entries
	shades   []string               // the shadings'
}

// form writes a label's drawing, w x h mm with its top-left corner at
// the origin and y down, as a form with the resources res, and names it.
func (r *resources) form(ops []byte, w, h float64, res int) string {
	pt := render.PointsPerMM
	obj := r.w.Stream(fmt.Sprintf("/Type /XObject /Subtype /Form /BBox [0 0 %s %s] /Resources %d 0 R", pdf.Num(w*pt), pdf.Num(h*pt), res), ops)
	name := fmt.Sprintf("Fm%d", r.forms)
	r.forms++
	r.xobjects = append(r.xobjects, fmt.Sprintf("/%s %d 0 R", name, obj))
	return name
}

// draw appends a label's code, of side mm, and its caption, where place
// puts them on a label whose top-left corner is the origin.
func (l Layout) draw(b []byte, r *resources, lb label, side float64) []byte {
	code, caption, _ := l.place(side, l.Captions)
	o, pr := lb.o, lb.pr
	n := lb.qr.Size
	pt := render.PointsPerMM
	m := render.Margin(lb.qr, o)       // the quiet zone, or the room of a circle round it
	unit := side * pt / float64(n+2*m) // points a module
	ox := code.x0*pt + float64(m)*unit
	oy := code.y0*pt + float64(m)*unit
	b = append(b, "q "...)
	b = pdf.AppendNum(pdf.AppendNum(b, unit), 0)
	b = pdf.AppendNum(pdf.AppendNum(b, 0), unit)
	b = pdf.AppendNum(pdf.AppendNum(b, ox), oy)
	b = append(b, "cm\n"...)
	if o.BG.A != 0 {
		b = append(b, render.PDFColour(o.BG, o.CMYK, false)+"\n"...)
		if pr.Ground != nil {
			b = append(append(b, pr.Ground.PDF()...), "f\n"...)
		} else {
			m := float64(o.Margin)
			b = pdf.AppendNum(pdf.AppendNum(b, -m), -m)
			b = pdf.AppendNum(pdf.AppendNum(b, float64(n)+2*m), float64(n)+2*m)
			b = append(b, "re f\n"...)
		}
	}
	branded := len(pr.Paints) > 0 && len(pr.Paints[0].Stops) > 0
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
				if pl := pr.Plate; pl.R > 0 {
					b = append(b, pl.PDF()...)
				} else {
					b = rect(b, [4]float64{pl.X0, pl.Y0, pl.X1, pl.Y1})
				}
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
		for k, ops := range render.PDFLayerOps(lb.qr, o, pr.Skip, pr.Parts) {
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
	if pr.Caption != "" && l.Captions {
		b = l.caption(b, pr, caption, o.CMYK)
	}
	return b
}

// caption sets a caption in its box (mm): centred under or over the
// code, or from the box's left edge beside it, shrunk to the box's width.
func (l Layout) caption(b []byte, pr brand.Print, at box, cmyk bool) []byte {
	em := l.captionPt()
	pt := render.PointsPerMM
	line, err := frame.SetLine(pr.Caption, em, 5, at.w()*pt)
	if err != nil { // checked when the code was made
		return b
	}
	lx := (at.x0+at.x1)*pt/2 - line.Width/2
	base := at.y0*pt + 0.15*em + line.Ascent
	if l.CaptionAt == Right {
		lx, base = at.x0*pt, (at.y0+at.y1)*pt/2+line.Ascent/2
	}
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
	b = append(b, "q 0.25 w 0 0 0 1 K\n"...)
	if top := l.Top - gap; top >= 2 {
		for _, x := range xs {
			b = line(b, x, top-min(long, top-1), x, top)
		}
	}
	if room := l.Paper.H - bottom - gap; room >= 2 {
		for _, x := range xs {
			b = line(b, x, bottom+gap, x, bottom+gap+min(long, room-1))
		}
	}
	if left := l.Left - gap; left >= 2 {
		for _, y := range ys {
			b = line(b, left-min(long, left-1), y, left, y)
		}
	}
	if room := l.Paper.W - right - gap; room >= 2 {
		for _, y := range ys {
			b = line(b, right+gap, y, right+gap+min(long, room-1), y)
		}
	}
	return append(b, "S Q\n"...)
}

// line appends a line from (x0, y0) to (x1, y1), in mm.
func line(b []byte, x0, y0, x1, y1 float64) []byte {
	pt := render.PointsPerMM
	b = pdf.AppendNum(pdf.AppendNum(b, x0*pt), y0*pt)
	b = append(b, "m "...)
	b = pdf.AppendNum(pdf.AppendNum(b, x1*pt), y1*pt)
	return append(b, "l\n"...)
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
func plain(ps []params.Paint) bool {
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
