// Package sheet lays codes out on a printable sheet of labels: A4 or US
// Letter, a preset of a common label stock (its maker's margins and
// pitch) or a custom grid, the code's side in millimetres, a caption under
// each code and crop marks if asked; and writes it as a PDF whose codes
// are vector outlines and whose captions are glyph outlines (no font is
// embedded). The batch endpoint's output "sheet", the qr_batch tool and
// the /batch page all lay out with it.
package sheet

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"qrkeyless/core/params"
	"qrkeyless/core/problem"
	"qrkeyless/core/render"
	"qrkeyless/core/size"
)

// Paper is a sheet's size, portrait, in millimetres.
type Paper struct {
	Name string
	W, H float64
}

// Papers lists the sheets; the first is the default.
var Papers = []Paper{{"a4", 210, 297}, {"letter", 215.9, 279.4}}

// Preset is a common label stock: its grid as its maker gives it.
type Preset struct {
	Name           string // the preset value
	Paper          string
	Stock          string // the stock, in words
	Columns, Rows  int
	W, H           float64 // one label, mm
	Left, Top      float64 // the first label's top-left corner from the page's, mm
	PitchX, PitchY float64 // from one label's edge to the next one's, mm
}

// Short names the preset in a few words: its grid, its paper and its
// stock's maker's number.
func (p Preset) Short() string {
	maker, _, _ := strings.Cut(p.Stock, " and ")
	return fmt.Sprintf("%d x %d on %s (%s)", p.Columns, p.Rows, map[string]string{"a4": "A4", "letter": "Letter"}[p.Paper], maker)
}

// Presets lists the label stocks; a paper's first is its default.
var Presets = []Preset{
	{"a4-3x7", "a4", "Avery L7160 and compatibles: 21 labels of 63.5 x 38.1 mm", 3, 7, 63.5, 38.1, 7.21, 15.15, 66.04, 38.1},
	{"a4-2x7", "a4", "Avery L7163 and compatibles: 14 labels of 99.1 x 38.1 mm", 2, 7, 99.1, 38.1, 4.65, 15.15, 101.6, 38.1},
	{"letter-3x10", "letter", "Avery 5160 and compatibles: 30 labels of 2 5/8 x 1 in", 3, 10, 66.675, 25.4, 4.7625, 12.7, 69.85, 25.4},
	{"letter-2x5", "letter", "Avery 5163 and compatibles: 10 labels of 4 x 2 in", 2, 5, 101.6, 50.8, 3.96875, 12.7, 106.3625, 50.8},
}

// Layout is a sheet read and checked: where every label is and how large
// its code is.
type Layout struct {
	Paper          Paper
	Preset         string // the preset's name; "" for a custom grid
	Columns, Rows  int
	W, H           float64 // one label, mm
	Left, Top      float64 // the first label's top-left corner, mm
	PitchX, PitchY float64 // label to label, mm
	Code           float64 // the code's side, quiet zone included, mm; 0 for the largest that fits
	CropMarks      bool

	call problem.Call // the call read, for the fixes of later checks
}

// The layout's parameters: the members of a batch's "sheet" object, and
// the /batch page's query.
var (
	PaperP = params.Param{Name: "paper", Type: "string", Default: Papers[0].Name, Enum: paperNames, Example: "a4",
		Help: "The sheet: a4 (210 x 297 mm) or letter (8.5 x 11 in)."}
	PresetP = params.Param{Name: "preset", Type: "string", Enum: presetNames, Example: "a4-3x7",
		Help: "A label stock, its margins and pitch as its maker gives them: " + stocks() + ". Default: the paper's first; leave it out and give columns and rows for a grid of your own."}
	Columns = params.Param{Name: "columns", Type: "integer", Min: 1, Max: 10, Example: "4",
		Help: "A grid of your own: labels across. Give rows too; the labels share the page inside the margins, gaps between them."}
	Rows = params.Param{Name: "rows", Type: "integer", Min: 1, Max: 20, Example: "6",
		Help: "A grid of your own: labels down."}
	MarginX = params.Param{Name: "margin_x", Type: "number", Min: 0, Max: 50, Default: "10", Example: "10",
		Help: "A grid of your own: the left and right page margins in mm, 0 to 50."}
	MarginY = params.Param{Name: "margin_y", Type: "number", Min: 0, Max: 50, Default: "10", Example: "10",
		Help: "A grid of your own: the top and bottom page margins in mm, 0 to 50."}
	GapX = params.Param{Name: "gap_x", Type: "number", Min: 0, Max: 50, Default: "0", Example: "2",
		Help: "A grid of your own: the gap between columns in mm, 0 to 50."}
	GapY = params.Param{Name: "gap_y", Type: "number", Min: 0, Max: 50, Default: "0", Example: "2",
		Help: "A grid of your own: the gap between rows in mm, 0 to 50."}
	CodeMM = params.Param{Name: "code_mm", Type: "number", Min: 5, Max: 250, Example: "30",
		Help: "The code's side in mm, quiet zone included, 5 to 250. Default: the largest that fits the label with its caption."}
	CropMarks = params.Param{Name: "crop_marks", Type: "boolean", Default: "0", Example: "1",
		Help: "1 draws crop marks in the page margins at every label edge, for cutting plain paper."}
)

// Params lists the layout's parameters, in the order they are documented.
var Params = []params.Param{PaperP, PresetP, Columns, Rows, MarginX, MarginY, GapX, GapY, CodeMM, CropMarks}

// grid are the parameters of a grid of one's own.
var grid = []params.Param{Columns, Rows, MarginX, MarginY, GapX, GapY}

func paperNames() []string {
	var out []string
	for _, p := range Papers {
		out = append(out, p.Name)
	}
	return out
}

func presetNames() []string {
	var out []string
	for _, p := range Presets {
		out = append(out, p.Name)
	}
	return out
}

func stocks() string {
	var out []string
	for _, p := range Presets {
		out = append(out, p.Name+" ("+p.Stock+")")
	}
	return strings.Join(out, "; ")
}

// Minimum sizes: a label smaller than MinLabel mm a side holds no code
// worth scanning.
const MinLabel = 10

// pad is the blank space kept inside a label's edges, in mm: label stock
// is cut within about a millimetre of where it is meant to be.
func (l Layout) pad() float64 { return math.Min(2, 0.08*math.Min(l.W, l.H)) }

// captionPt is the em of a caption in points: 9 pt, less on a short label.
func (l Layout) captionPt() float64 {
	return math.Min(9, math.Max(6, 0.11*l.H*render.PointsPerMM))
}

// captionRow is the height a caption takes under the code, in mm.
func (l Layout) captionRow() float64 { return 1.35 * l.captionPt() / render.PointsPerMM }

// Fit is the largest code, in mm, that fits a label with a caption under
// it (captions) or without.
func (l Layout) Fit(captions bool) float64 {
	h := l.H - 2*l.pad()
	if captions {
		h -= l.captionRow()
	}
	return math.Floor(math.Min(l.W-2*l.pad(), h)*10) / 10
}

// Side is the code's side on this sheet, in mm: Code, or the largest
// that fits.
func (l Layout) Side(captions bool) float64 {
	if l.Code > 0 {
		return l.Code
	}
	return l.Fit(captions)
}

// Captioned checks that the code's side, when given, leaves room for the
// captions under the codes: the problem's fix is the largest side that
// does. The batch endpoint and the /batch page both check with it once
// they know some code has a caption.
func (l Layout) Captioned() *problem.Problem {
	fit := l.Fit(true)
	if l.Code == 0 || l.Code <= fit {
		return nil
	}
	_, name, _ := params.Get(l.call, CodeMM)
	return problem.BadValue.Newf(CodeMM.Name, l.call.With(name, pnum(fit)),
		"code_mm=%s leaves no room for the captions under the codes: at most %s mm does", pnum(l.Code), pnum(fit))
}

// PerPage is how many labels a page holds.
func (l Layout) PerPage() int { return l.Columns * l.Rows }

// Read reads a layout from call's query: a preset (by default the paper's
// first), or a grid of one's own when columns and rows are given. Every
// problem's fix is the call corrected.
func Read(call problem.Call) (Layout, *problem.Problem) {
	var l Layout
	v, name, p := params.Get(call, PaperP)
	if p != nil {
		return l, p
	}
	paperGiven := v != ""
	if !paperGiven {
		v = PaperP.Default
	}
	if v, p = params.Enum(call, PaperP, name, strings.ToLower(v)); p != nil {
		return l, p
	}
	for _, pp := range Papers {
		if pp.Name == v {
			l.Paper = pp
		}
	}
	preset, presetName, p := params.Get(call, PresetP)
	if p != nil {
		return l, p
	}
	var own []string // the grid parameters given
	for _, g := range grid {
		if s, n, p := params.Get(call, g); p != nil {
			return l, p
		} else if s != "" {
			own = append(own, n)
		}
	}
	switch {
	case preset != "" && len(own) > 0:
		return l, problem.Conflict.Newf(PresetP.Name, call.With("", "", PresetP.Names()...),
			"preset=%q and %s both say where the labels go; give a preset, or a grid of your own (columns and rows) without one", preset, strings.Join(own, ", "))
	case len(own) > 0:
		return custom(call, l)
	}
	if preset == "" {
		for _, pr := range Presets {
			if pr.Paper == l.Paper.Name {
				preset = pr.Name
				break
			}
		}
	}
	if preset, p = params.Enum(call, PresetP, presetName, strings.ToLower(preset)); p != nil {
		return l, p
	}
	var pr Preset
	for _, x := range Presets {
		if x.Name == preset {
			pr = x
		}
	}
	if pr.Paper != l.Paper.Name {
		if paperGiven {
			return l, problem.Conflict.Newf(PaperP.Name, call.With(name, pr.Paper),
				"preset=%s is a %s sheet, not %s", pr.Name, pr.Paper, l.Paper.Name)
		}
		for _, pp := range Papers {
			if pp.Name == pr.Paper {
				l.Paper = pp
			}
		}
	}
	l.Preset, l.Columns, l.Rows = pr.Name, pr.Columns, pr.Rows
	l.W, l.H, l.Left, l.Top, l.PitchX, l.PitchY = pr.W, pr.H, pr.Left, pr.Top, pr.PitchX, pr.PitchY
	return finish(call, l)
}

// custom reads a grid of one's own: columns and rows share the page inside
// its margins, with gaps between them.
func custom(call problem.Call, l Layout) (Layout, *problem.Problem) {
	var p *problem.Problem
	ints := map[string]*int{Columns.Name: &l.Columns, Rows.Name: &l.Rows}
	for _, g := range []params.Param{Columns, Rows} {
		v, name, _ := params.Get(call, g)
		if v == "" {
			return l, problem.Missing.Newf(g.Name, call.With(g.Name, g.Example),
				"a grid of your own needs both columns and rows; %s is missing", g.Name)
		}
		if *ints[g.Name], p = params.Integer(call, g, name, v); p != nil {
			return l, p
		}
	}
	var mx, my, gx, gy float64
	for _, x := range []struct {
		p params.Param
		v *float64
	}{{MarginX, &mx}, {MarginY, &my}, {GapX, &gx}, {GapY, &gy}} {
		if *x.v, p = number(call, x.p); p != nil {
			return l, p
		}
	}
	l.W = (l.Paper.W - 2*mx - float64(l.Columns-1)*gx) / float64(l.Columns)
	l.H = (l.Paper.H - 2*my - float64(l.Rows-1)*gy) / float64(l.Rows)
	for _, d := range []struct {
		side      float64
		count     params.Param
		n         int
		page, gap float64
		margin    params.Param
	}{{l.W, Columns, l.Columns, l.Paper.W - 2*mx, gx, MarginX}, {l.H, Rows, l.Rows, l.Paper.H - 2*my, gy, MarginY}} {
		if d.side >= MinLabel {
			continue
		}
		fit := int((d.page + d.gap) / (MinLabel + d.gap))
		if fit >= 1 {
			return l, problem.BadValue.Newf(d.count.Name, call.With(d.count.Name, strconv.Itoa(fit)),
				"%s=%d leaves labels %.1f mm; a label needs at least %d mm a side: at most %d fit", d.count.Name, d.n, d.side, MinLabel, fit)
		}
		return l, problem.BadValue.Newf(d.margin.Name, call.With(d.margin.Name, d.margin.Default, GapX.Name, GapY.Name),
			"the margins and gaps leave no room for a label of %d mm", MinLabel)
	}
	l.Left, l.Top, l.PitchX, l.PitchY = mx, my, l.W+gx, l.H+gy
	return finish(call, l)
}

// finish reads what presets and grids share: the code's side and the crop
// marks.
func finish(call problem.Call, l Layout) (Layout, *problem.Problem) {
	var p *problem.Problem
	l.call = call
	if l.Code, p = number(call, CodeMM); p != nil {
		return l, p
	}
	if fit := l.Fit(false); l.Code > fit {
		_, name, _ := params.Get(call, CodeMM)
		return l, problem.BadValue.Newf(CodeMM.Name, call.With(name, pnum(fit)),
			"code_mm=%s does not fit a label of %s x %s mm: at most %s mm does, %s mm with a caption", pnum(l.Code), pnum(l.W), pnum(l.H), pnum(fit), pnum(l.Fit(true)))
	}
	if l.CropMarks, p = params.Flag(call, CropMarks); p != nil {
		return l, p
	}
	return l, nil
}

// number reads a number of millimetres within p's bounds; an empty value
// is p's default (0 when it has none).
func number(call problem.Call, p params.Param) (float64, *problem.Problem) {
	v, name, prob := params.Get(call, p)
	if prob != nil {
		return 0, prob
	}
	if v == "" {
		v = p.Default
		if v == "" {
			return 0, nil
		}
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, problem.BadValue.Newf(p.Name, call.With(name, p.Example),
			"%s=%q is not a number of millimetres; use %d to %d", name, v, p.Min, p.Max)
	}
	if f < float64(p.Min) || f > float64(p.Max) {
		bound := math.Min(math.Max(f, float64(p.Min)), float64(p.Max))
		return 0, problem.BadValue.Newf(p.Name, call.With(name, pnum(bound)),
			"%s=%s is out of range; %s must be %d to %d mm", name, pnum(f), p.Name, p.Min, p.Max)
	}
	return math.Round(f*100) / 100, nil
}

// pnum writes a length in mm to a hundredth, without trailing zeros.
func pnum(v float64) string { return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64) }

// Label is where the label of index i (from 0, row after row, page after
// page) sits: its page and its top-left corner in mm.
func (l Layout) Label(i int) (page int, x, y float64) {
	page, i = i/l.PerPage(), i%l.PerPage()
	return page, l.Left + float64(i%l.Columns)*l.PitchX, l.Top + float64(i/l.Columns)*l.PitchY
}

// Describe says in words what the layout is, for a person choosing one.
func (l Layout) Describe() string {
	name := "a grid of your own"
	for _, p := range Presets {
		if p.Name == l.Preset {
			name = p.Stock
		}
	}
	return fmt.Sprintf("%s, %d labels a page of %s x %s mm, on %s", name, l.PerPage(), pnum(l.W), pnum(l.H), strings.ToUpper(l.Paper.Name[:1])+l.Paper.Name[1:])
}

// LabelDistance is how far a label is scanned from, in metres: held in
// the hand, as core/size's business card.
const LabelDistance = 0.15

// Advice says when a code of side mm (quiet zone included) with n modules
// a side and a quiet zone of margin modules is too small to scan from
// LabelDistance, as core/size's advice reckons; "" when it is not.
func Advice(side float64, n, margin int) string {
	symbol := side * float64(n) / float64(n+2*margin)
	need := math.Max(LabelDistance*1000/size.DistanceRatio, size.MinModuleMM*float64(n))
	if symbol >= need {
		return ""
	}
	min := math.Ceil(need*float64(n+2*margin)/float64(n)*2) / 2
	return fmt.Sprintf("too small: this code's %d modules a side make a %.1f mm symbol; a label scanned from %g m needs %.1f mm, so code_mm %s or more, or shorter data",
		n, symbol, LabelDistance, need, pnum(min))
}
