package sheet

import (
	"fmt"
	"math"

	"qrkeyless/core/params"
	"qrkeyless/core/problem"
	"qrkeyless/core/render"
)

// Where a code and its caption go on a label. A label keeps a blank safe
// area inside its edges (pad), rounded at the corners as the stock is
// (Radius), and both keep to it; every code of a sheet sits in the same
// place on its label, with or without a caption of its own, since a
// sheet with captions places each code as if it had one (Captions).

// box is a rectangle on a label, in mm from its top-left corner.
type box struct{ x0, y0, x1, y1 float64 }

func (b box) w() float64 { return b.x1 - b.x0 }

// eps is how far, in mm, a box may reach past the safe area and still be
// in it: the rounding of the figures.
const eps = 1e-6

// minCaption is the narrowest caption, in mm: about eight letters at the
// smallest size a caption is set at.
const minCaption = 10

// pad is the blank space kept inside a label's edges, in mm: label stock
// is cut within about a millimetre of where it is meant to be.
func (l Layout) pad() float64 { return math.Min(2, 0.08*math.Min(l.W, l.H)) }

// radius is the safe area's corner rounding: the label's, less the pad.
func (l Layout) radius() float64 {
	return math.Max(0, math.Min(l.Radius, math.Min(l.W, l.H)/2)-l.pad())
}

// captionPt is the em of a caption in points: 9 pt, less on a short label.
func (l Layout) captionPt() float64 {
	return math.Min(9, math.Max(6, 0.11*l.H*render.PointsPerMM))
}

// captionRow is the height a caption's line takes, in mm.
func (l Layout) captionRow() float64 { return 1.35 * l.captionPt() / render.PointsPerMM }

// captionGap is the space between a code and a caption right of it, mm.
func (l Layout) captionGap() float64 { return 0.3 * l.captionPt() / render.PointsPerMM }

// across is the safe area's extent across over the band from y0 to y1
// (mm from the label's top): ok is false when the band leaves it.
func (l Layout) across(y0, y1 float64) (x0, x1 float64, ok bool) {
	pad, rs := l.pad(), l.radius()
	if y0 < pad-eps || y1 > l.H-pad+eps {
		return 0, 0, false
	}
	// How far into a rounded corner's height the band reaches, at the
	// end nearer the corner; the corner then takes that much of the width.
	dy := math.Max(0, math.Max(pad+rs-y0, y1-(l.H-pad-rs)))
	inset := 0.0
	if dy > 0 {
		inset = rs - math.Sqrt(math.Max(0, rs*rs-dy*dy))
	}
	return pad + inset, l.W - pad - inset, true
}

// inside reports whether b lies in the safe area.
func (l Layout) inside(b box) bool {
	x0, x1, ok := l.across(b.y0, b.y1)
	return ok && b.x0 >= x0-eps && b.x1 <= x1+eps
}

// place is where a code of side mm and its caption (when captions) go on
// a label: ok is false when they do not fit its safe area, or leave the
// caption under minCaption mm.
func (l Layout) place(side float64, captions bool) (code, caption box, ok bool) {
	cx, cy := l.W/2, l.H/2
	code = box{cx - side/2, cy - side/2, cx + side/2, cy + side/2}
	if !captions {
		return code, box{}, l.inside(code)
	}
	row := l.captionRow()
	switch l.CaptionAt {
	case Right:
		if l.CodeAt == InSpace { // at the safe area's left, the caption right of it
			x0, _, fits := l.across(code.y0, code.y1)
			if !fits {
				return code, caption, false
			}
			code.x0, code.x1 = x0, x0+side
		}
		_, x1, fits := l.across(cy-row/2, cy+row/2)
		caption = box{code.x1 + l.captionGap(), cy - row/2, x1, cy + row/2}
		ok = fits
	default: // below or above
		if l.CodeAt == InSpace { // the code and its caption centred together
			shift := row / 2
			if l.CaptionAt == Above {
				shift = -shift
			}
			code.y0, code.y1 = code.y0-shift, code.y1-shift
		}
		y0 := code.y1
		if l.CaptionAt == Above {
			y0 = code.y0 - row
		}
		x0, x1, fits := l.across(y0, y0+row)
		caption, ok = box{x0, y0, x1, y0 + row}, fits
	}
	return code, caption, ok && l.inside(code) && caption.w() >= minCaption-eps
}

// Fit is the largest code, in mm to a tenth, that fits a label with a
// caption where CaptionAt and CodeAt put it (captions) or without one;
// 0 when none does.
func (l Layout) Fit(captions bool) float64 {
	for t := int(math.Floor(math.Min(l.W, l.H) * 10)); t > 0; t-- {
		if _, _, ok := l.place(float64(t)/10, captions); ok {
			return float64(t) / 10
		}
	}
	return 0
}

// Side is the code's side on this sheet, in mm: Code, or the largest
// that fits.
func (l Layout) Side() float64 {
	if l.Code > 0 {
		return l.Code
	}
	return l.Fit(l.Captions)
}

// Captioned checks that the code's side, when given, leaves room for the
// captions where CaptionAt puts them: the problem's fix is the largest
// side that does. The batch endpoint and the /batch page both check with
// it once they know some code has a caption.
func (l Layout) Captioned() *problem.Problem {
	fit := l.Fit(true)
	if _, _, ok := l.place(l.Code, true); fit > 0 && (l.Code == 0 || ok) {
		return nil
	}
	if fit == 0 {
		_, name, _ := params.Get(l.call, CaptionAtP)
		return problem.BadValue.New(CaptionAtP.Name, fmt.Sprintf(
			"a label of %s leaves no room for a caption %s its code", l.size(), l.where()), l.call.With(name, Right))
	}
	_, name, _ := params.Get(l.call, CodeMM)
	return problem.BadValue.New(CodeMM.Name, fmt.Sprintf(
		"code_mm=%s leaves no room for a caption %s the code: at most %s mm does", pnum(l.Code), l.where(), pnum(fit)), l.call.With(name, pnum(fit)))
}

// where says where captions go, in words: below, above, right of.
func (l Layout) where() string {
	if l.CaptionAt == Right {
		return "right of"
	}
	return l.CaptionAt
}
