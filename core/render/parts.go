package render

import (
	"bytes"
	"encoding/json"
	"image/color"
	"math"

	"qrkeyless/core/qr"
)

// This file draws the symbols of a structured-append sequence on one
// canvas, side by side in reading order (left to right, then top to
// bottom), each with its own quiet zone of o.Margin modules: in one row,
// or in a grid of cols columns. The canvas is o.Size pixels wide (or
// o.WidthPt points in PDF) and as high as the rows make it.

// partsPath is the symbols' outlines in module units, each in its cell,
// and the sheet's width and height in modules, quiet zones included.
func partsPath(codes []*qr.Code, o Options, cols int) (p path, w, h int) {
	cw, ch := 0, 0
	for _, c := range codes {
		cw, ch = max(cw, c.Width+2*o.Margin), max(ch, c.Height+2*o.Margin)
	}
	rows := (len(codes) + cols - 1) / cols
	for i, c := range codes {
		dx := float64(i%cols*cw + o.Margin)
		dy := float64(i/cols*ch + o.Margin)
		one := printPath(c, o)
		for k := range one {
			for j := range one[k].points() {
				one[k].pts[j].x += dx
				one[k].pts[j].y += dy
			}
		}
		p = append(p, one...)
	}
	return p, cols * cw, rows * ch
}

// partsLayout places a sheet of w x h modules on a canvas o.Size wide, as
// newLayout places one symbol, its quiet zones already in w and h.
func partsLayout(w, h int, o Options) layout {
	l := layout{w: o.Size, px: o.Size / w}
	if l.px == 0 {
		l.unit = float64(o.Size) / float64(w)
		l.h = int(math.Round(l.unit * float64(h)))
		return l
	}
	l.unit = float64(l.px)
	rest := o.Size - l.px*w
	l.origin = float64(rest/2) / l.unit
	l.h = l.px*h + rest
	return l
}

// PartsPNG draws the sequence as an 8-bit PNG.
func PartsPNG(codes []*qr.Code, o Options, cols int) []byte {
	p, w, h := partsPath(codes, o, cols)
	l := partsLayout(w, h, o)
	cov := rasterize(p, l)
	pal := make([]color.NRGBA, 256)
	for i := range pal {
		pal[i] = blend(o.BG, o.FG, uint8(i))
	}
	return withDPI(encodePNG(l.w, l.h, pal, 8, func(y int, row []byte) {
		copy(row, cov.Pix[y*cov.Stride:y*cov.Stride+l.w])
	}), o.DPI)
}

// PartsSVG draws the sequence as SVG: the background and one path.
func PartsSVG(codes []*qr.Code, o Options, cols int) []byte {
	p, w, h := partsPath(codes, o, cols)
	l := partsLayout(w, h, o)
	var b bytes.Buffer
	open(&b, l, "", o.WidthPt)
	b.WriteString(`>`)
	background(&b, l, o.BG, false)
	b.WriteString(`<path`)
	paint(&b, "fill", o.FG, false)
	b.WriteString(` d="`)
	writePath(&b, p)
	b.WriteString(`"/></svg>`)
	return b.Bytes()
}

// PartsPDF draws the sequence as a one-page PDF, o.WidthPt wide (or a
// point a pixel of o.Size).
func PartsPDF(codes []*qr.Code, o Options, cols int) []byte {
	p, w, h := partsPath(codes, o, cols)
	pw := o.WidthPt
	if pw <= 0 {
		pw = float64(o.Size)
	}
	return pdfPage(page{w: pw, h: pw * float64(h) / float64(w), scale: pw / float64(w), p: p}, o)
}

// PartsColumns is the columns n parts take: n in a row, or in a grid as
// near square as n allows (the ceiling of its square root).
func PartsColumns(n int, grid bool) int {
	if !grid {
		return n
	}
	return int(math.Ceil(math.Sqrt(float64(n))))
}

// PartsMatrix is the JSON form of a structured-append sequence
// (format=json with parts).
type PartsMatrix struct {
	Parts []Matrix `json:"parts" desc:"One matrix a symbol of the sequence, in order: the text split over them, each with its part."`
}

// WriteParts writes a sequence in f: png, svg and pdf draw the parts side
// by side in cols columns (PartsColumns), base64 is that PNG as a data
// URI, json gives one matrix a part in
// order ({"parts": [...]}, each matrix with its part). Other formats draw
// one symbol: the caller refuses a sequence in them.
func WriteParts(codes []*qr.Code, o Options, f Format, cols int) []byte {
	switch f.Name {
	case "svg":
		return PartsSVG(codes, o, cols)
	case "pdf":
		return PartsPDF(codes, o, cols)
	case "base64":
		return DataURI(PartsPNG(codes, o, cols))
	case "json":
		var out PartsMatrix
		for _, c := range codes {
			out.Parts = append(out.Parts, NewMatrix(c, o.Margin))
		}
		b, _ := json.Marshal(out) // ints and strings only: cannot fail
		return b
	}
	return PartsPNG(codes, o, cols)
}
