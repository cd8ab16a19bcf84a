package sheet

import (
	"fmt"
	"math"
	"strings"

	"qrkeyless/core/frame"
	"qrkeyless/core/pdf"
	"qrkeyless/core/render"
)

// Guides and the alignment test are drawn in thin coloured lines, for a
// proof on plain paper: never meant to be printed on the labels.
const (
	cutColour  = "0 0.6 0.85 RG" // a label's outline: where the stock is cut
	safeColour = "0.85 0 0.5 RG" // the safe area the code and caption keep to
	testColour = "0 0 0 RG"      // the test page's crosses and scales
)

// guides draws every label slot of a page: its outline, rounded as the
// stock is, and, dashed, the safe area inside it.
func (l Layout) guides(b []byte) []byte {
	b = append(b, "q 0.3 w "+cutColour+"\n"...)
	for s := range l.PerPage() {
		x, y := l.Slot(s)
		b = roundRect(b, x, y, l.W, l.H, math.Min(l.Radius, math.Min(l.W, l.H)/2))
	}
	b = append(b, "S "+safeColour+" [1.5 1.5] 0 d\n"...)
	pad := l.pad()
	for s := range l.PerPage() {
		x, y := l.Slot(s)
		b = roundRect(b, x+pad, y+pad, l.W-2*pad, l.H-2*pad, l.radius())
	}
	return append(b, "S Q\n"...)
}

// roundRect appends the path of a rectangle w x h mm at (x, y) with its
// corners rounded to radius r (a circle when r is half a square's side):
// quarter circles as Bézier curves.
func roundRect(b []byte, x, y, w, h, r float64) []byte {
	pt := render.PointsPerMM
	if r <= 0 {
		b = pdf.AppendNum(pdf.AppendNum(b, x*pt), y*pt)
		b = pdf.AppendNum(pdf.AppendNum(b, w*pt), h*pt)
		return append(b, "re\n"...)
	}
	k := r * (1 - 0.5523) // a quarter circle's control points, from its corner
	pts := func(vs ...float64) {
		for _, v := range vs {
			b = pdf.AppendNum(b, v*pt)
		}
	}
	pts(x+r, y)
	b = append(b, "m "...)
	pts(x+w-r, y)
	b = append(b, "l "...)
	pts(x+w-k, y, x+w, y+k, x+w, y+r)
	b = append(b, "c "...)
	pts(x+w, y+h-r)
	b = append(b, "l "...)
	pts(x+w, y+h-k, x+w-k, y+h, x+w-r, y+h)
	b = append(b, "c "...)
	pts(x+r, y+h)
	b = append(b, "l "...)
	pts(x+k, y+h, x, y+h-k, x, y+h-r)
	b = append(b, "c "...)
	pts(x, y+r)
	b = append(b, "l "...)
	pts(x, y+k, x+k, y, x+r, y)
	return append(b, "c h\n"...)
}

// test draws the alignment test's marks over the guides: a cross at every
// label's centre; at the first label's top-left corner two millimetre
// scales, one down across its top edge and one across its left edge, 5 mm
// either way, a long tick at the edge and at every 5 mm; and a line of
// words in the widest page margin. Held against a label sheet to the
// light, where the sheet's edges fall on the scales is the offset.
func (l Layout) test(b []byte) []byte {
	b = append(b, "q 0.3 w "+testColour+"\n"...)
	for s := range l.PerPage() {
		x, y := l.Slot(s)
		cx, cy := x+l.W/2, y+l.H/2
		arm := math.Min(3, math.Min(l.W, l.H)/6)
		b = line(b, cx-arm, cy, cx+arm, cy)
		b = line(b, cx, cy-arm, cx, cy+arm)
	}
	x, y := l.Slot(0)
	at := math.Min(8, math.Min(l.W, l.H)/3) // the scales' distance from the corner
	for k := -5; k <= 5; k++ {
		long := 0.8
		if k%5 == 0 {
			long = 1.6
		}
		// Across the top edge: where it meets the sheet's says how far down.
		b = line(b, x+at-long, y+float64(k), x+at+long, y+float64(k))
		// Across the left edge: how far right.
		b = line(b, x+float64(k), y+at-long, x+float64(k), y+at+long)
	}
	b = line(b, x+at, y-5, x+at, y+5)
	b = line(b, x-5, y+at, x+5, y+at)
	b = append(b, "S Q\n"...)
	return l.title(b)
}

// title sets the test page's line of words in its widest top or bottom
// margin, when one is 4 mm or more.
func (l Layout) title(b []byte) []byte {
	top := l.Top
	bottom := l.Paper.H - (l.Top + float64(l.Rows-1)*l.PitchY + l.H)
	room, y := top, top/2
	if bottom > top {
		room, y = bottom, l.Paper.H-bottom/2
	}
	if room < 4 {
		return b
	}
	pt := render.PointsPerMM
	text := fmt.Sprintf("Alignment test, %s: print at 100%%, hold against a label sheet to the light; offset x %s mm, y %s mm",
		strings.SplitN(l.Describe(), ",", 2)[0], pnum(l.OffsetX), pnum(l.OffsetY))
	ln, err := frame.SetLine(text, math.Min(8, room*pt*0.5), 5, (l.Paper.W-20)*pt)
	if err != nil {
		return b
	}
	b = append(b, "0 g\n"...)
	b = ln.AppendPDF(b, l.Paper.W*pt/2-ln.Width/2, y*pt+ln.Ascent/2)
	return append(b, "f\n"...)
}
