// Package sheet lays codes out on a printable sheet of labels: A4 or US
// Letter, a preset of a common label stock (its maker's margins, pitch
// and corner rounding, docs/sheets.md) or a custom grid; the code's side
// in millimetres, where it sits and where its caption goes; the first
// label of a part-used sheet, copies of each code, a printer's offset,
// crop marks and guides; and writes it as a PDF whose codes are vector
// outlines and whose captions are glyph outlines (no font is embedded),
// or a one-page alignment test. It says, too, when a code is too small to
// scan on its label and what would make it fit (Advice). The batch
// endpoint's output "sheet", the qr_batch tool and the /batch page all lay
// out with it.
package sheet

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"qrkeyless/core/params"
	"qrkeyless/core/problem"
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
	Name           string   // the preset value
	Paper          string   // a Papers name
	Makers         []string // the makers' numbers of the stock, which name it as a preset value too
	Columns, Rows  int
	W, H           float64 // one label, mm
	Left, Top      float64 // the first label's top-left corner from the page's, mm
	PitchX, PitchY float64 // from one label's edge to the next one's, mm
	Radius         float64 // the corners' rounding, mm; half the side for a round label
}

// Short names the preset in a few words: its grid, its paper and its
// stock's maker's number.
func (p Preset) Short() string {
	round := ""
	if p.Round() {
		round = " round"
	}
	return fmt.Sprintf("%d x %d%s on %s (%s)", p.Columns, p.Rows, round, paperTitle(p.Paper), p.Makers[0])
}

// Stock says the stock in words, from its figures: its first maker's
// number, the labels a sheet holds and their size, in inches on Letter as
// its makers give it, and whether the labels reach the sheet's sides.
func (p Preset) Stock() string {
	size, shape := dims(p.Paper, p.W, p.H), ""
	switch {
	case p.Round():
		size, shape = pnum(p.W)+" mm", "round "
	case p.W == p.H:
		shape = "square "
	}
	s := fmt.Sprintf("%s and compatibles: %d %slabels of %s", p.Makers[0], p.Columns*p.Rows, shape, size)
	if p.Left == 0 {
		s += ", to the sheet's edges"
	}
	return s
}

// dims writes a label's size as the makers of stock for paper do: in
// millimetres, or on Letter in inches to the eighth.
func dims(paper string, w, h float64) string {
	if paper != "letter" {
		return pnum(w) + " x " + pnum(h) + " mm"
	}
	return inches(w) + " x " + inches(h) + " in"
}

// inches writes mm in inches to the nearest eighth, as a whole number and
// a fraction in lowest terms: 66.675 is "2 5/8".
func inches(mm float64) string {
	eighths := int(math.Round(mm / 25.4 * 8))
	whole, num, den := eighths/8, eighths%8, 8
	for num > 0 && num%2 == 0 {
		num, den = num/2, den/2
	}
	switch {
	case num == 0:
		return strconv.Itoa(whole)
	case whole == 0:
		return fmt.Sprintf("%d/%d", num, den)
	}
	return fmt.Sprintf("%d %d/%d", whole, num, den)
}

// Round reports whether the preset's labels are circles.
func (p Preset) Round() bool { return p.W == p.H && 2*p.Radius >= p.W }

// Presets lists the label stocks; a paper's first is its default. The
// figures are the makers' (Avery's templates, as LibreOffice's label
// database, gLabels' templates and Inkscape's label guides carry them:
// docs/sheets.md lists the source of each line); a stock's left and
// right margins are equal, and its top and bottom ones.
var Presets = []Preset{
	{"a4-3x7", "a4", []string{"Avery L7160", "J8160"}, 3, 7, 63.5, 38.1, 7.21, 15.15, 66.04, 38.1, 1.76},
	{"a4-2x7", "a4", []string{"Avery L7163", "J8163"}, 2, 7, 99.1, 38.1, 4.65, 15.15, 101.6, 38.1, 1.76},
	{"a4-2x4", "a4", []string{"Avery L7165", "J8165"}, 2, 4, 99.1, 67.7, 4.65, 13.1, 101.6, 67.7, 1.76},
	{"a4-5x13", "a4", []string{"Avery L7651", "J8651"}, 5, 13, 38.1, 21.2, 4.75, 10.7, 40.6, 21.2, 1.76},
	{"a4-3x8", "a4", []string{"Avery Zweckform 3474"}, 3, 8, 70, 37, 0, 0.5, 70, 37, 0},
	{"a4-4x6-round", "a4", []string{"Avery L7780"}, 4, 6, 40, 40, 16, 13.5, 46, 46, 20},
	{"letter-3x10", "letter", []string{"Avery 5160", "8160"}, 3, 10, 66.675, 25.4, 4.7625, 12.7, 69.85, 25.4, 1.5875},
	{"letter-2x5", "letter", []string{"Avery 5163", "8163"}, 2, 5, 101.6, 50.8, 3.96875, 12.7, 106.3625, 50.8, 3.175},
	{"letter-4x20", "letter", []string{"Avery 5167", "8167"}, 4, 20, 44.45, 12.7, 7.14375, 12.7, 52.3875, 12.7, 1.5875},
	{"letter-3x4", "letter", []string{"Avery 22806"}, 3, 4, 50.8, 50.8, 15.875, 15.24, 66.675, 66.04, 0},
}

func paperTitle(name string) string {
	return map[string]string{"a4": "A4", "letter": "Letter"}[name]
}

// Layout is a sheet read and checked: where every label is, how large
// its code is and where it and its caption sit.
type Layout struct {
	Paper          Paper
	Preset         string // the preset's name; "" for a custom grid
	Columns, Rows  int
	W, H           float64 // one label, mm
	Left, Top      float64 // the first label's top-left corner, mm
	PitchX, PitchY float64 // label to label, mm
	Radius         float64 // the labels' corner rounding, mm
	Code           float64 // the code's side, quiet zone included, mm; 0 for the largest that fits
	CaptionAt      string  // one of CaptionAt's values
	CodeAt         string  // one of CodeAt's values
	StartAt        int     // the first label used on the first page, from 1
	Copies         int     // labels each code fills
	OffsetX        float64 // everything printed moved right, mm
	OffsetY        float64 // and down
	CropMarks      bool
	Guides         bool
	Test           bool

	// Captions is whether the sheet's codes have captions: every code is
	// then placed as if it had one, so that all sit alike. Its caller
	// sets it, once it knows (batch.Captions).
	Captions bool

	call problem.Call // the call read, for the fixes of later checks
}

// The ways a caption and its code sit on a label.
const (
	Below, Above, Right = "below", "above", "right" // where the caption goes
	OnLabel, InSpace    = "label", "space"          // what the code is centred on
)

// The layout's parameters: the members of a batch's "sheet" object, and
// the /batch page's query.
var (
	PaperP = params.Param{Name: "paper", Type: "string", Default: Papers[0].Name, Enum: paperNames, Example: "a4",
		Help: "The sheet: a4 (210 x 297 mm) or letter (8.5 x 11 in)."}
	PresetP = params.Param{Name: "preset", Type: "string", Enum: presetNames, Example: "a4-3x7",
		Help: "A label stock, its margins, pitch and corners as its maker gives them: " + stocks() + ". The maker's number names it too (L7160). Default: the paper's first; leave it out and give columns and rows for a grid of your own."}
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
	CaptionAtP = params.Param{Name: "caption_at", Type: "string", Default: Below, Enum: func() []string { return []string{Below, Above, Right} }, Example: Right,
		Help: "Where each code's caption goes: below (default) or above the code, or right of it, which on a long label leaves the code the label's whole height."}
	CodeAtP = params.Param{Name: "code_at", Type: "string", Default: OnLabel, Enum: func() []string { return []string{OnLabel, InSpace} }, Example: InSpace,
		Help: "What the code is centred on: label (default), the label itself, so that it sits in the same place whether or not there is a caption; space, the space the caption leaves, which allows a larger code."}
	StartAt = params.Param{Name: "start_at", Type: "integer", Min: 1, Max: 200, Default: "1", Example: "7",
		Help: "The label to start at on the first page, counted from 1 row after row: the labels left on a part-used sheet."}
	Copies = params.Param{Name: "copies", Type: "integer", Min: 1, Max: 100, Default: "1", Example: "3",
		Help: "How many labels each code fills, one after another, 1 to 100."}
	OffsetX = params.Param{Name: "offset_x", Type: "number", Min: -10, Max: 10, Default: "0", Example: "0.5",
		Help: "Moves everything printed right by this many mm (left when negative), -10 to 10, for a printer that prints off where it is asked; the alignment test (test) shows by how much."}
	OffsetY = params.Param{Name: "offset_y", Type: "number", Min: -10, Max: 10, Default: "0", Example: "-0.5",
		Help: "Moves everything printed down by this many mm (up when negative), -10 to 10."}
	CropMarks = params.Param{Name: "crop_marks", Type: "boolean", Default: "0", Example: "1",
		Help: "1 draws crop marks in the page margins at every label edge, for cutting plain paper."}
	Guides = params.Param{Name: "guides", Type: "boolean", Default: "0", Example: "1",
		Help: "1 draws each label's outline, corners rounded as the stock's, and the safe area inside it that the code and caption keep to: for a proof on plain paper."}
	Test = params.Param{Name: "test", Type: "boolean", Default: "0", Example: "1",
		Help: "1 makes a one-page alignment test instead: the first page's codes with every label's outline, centre and safe area, and millimetre scales at the first label's corner. Print it at 100% on plain paper and hold it against a label sheet to the light: where the sheet's edges fall on the scales is the offset to give."}
)

// Params lists the layout's parameters, in the order they are documented.
var Params = []params.Param{PaperP, PresetP, Columns, Rows, MarginX, MarginY, GapX, GapY, CodeMM, CaptionAtP, CodeAtP,
	StartAt, Copies, OffsetX, OffsetY, CropMarks, Guides, Test}

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
		out = append(out, p.Name+" ("+p.Stock()+")")
	}
	return strings.Join(out, "; ")
}

// lookup is the preset a value names: its name, or one of its makers'
// numbers with or without the maker ("L7160", "avery l7160", "3474").
func lookup(v string) (Preset, bool) {
	v = strings.ToLower(strings.TrimSpace(v))
	for _, p := range Presets {
		if p.Name == v {
			return p, true
		}
		for _, m := range p.Makers {
			m = strings.ToLower(m)
			if v == m || v == strings.TrimPrefix(m, "avery ") || v == m[strings.LastIndex(m, " ")+1:] {
				return p, true
			}
		}
	}
	return Preset{}, false
}

// MinLabel is the smallest label, in mm a side, that holds a code worth
// scanning.
const MinLabel = 10

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
		return l, problem.Conflict.New(PresetP.Name, fmt.Sprintf(
			"preset=%q and %s both say where the labels go; give a preset, or a grid of your own (columns and rows) without one", preset, strings.Join(own, ", ")), call.With("", "", PresetP.Names()...))
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
	pr, ok := lookup(preset)
	if !ok {
		_, p := params.Enum(call, PresetP, presetName, strings.ToLower(preset))
		return l, p
	}
	if pr.Paper != l.Paper.Name {
		if paperGiven {
			return l, problem.Conflict.New(PaperP.Name, fmt.Sprintf(
				"preset=%s is a %s sheet, not %s", pr.Name, pr.Paper, l.Paper.Name), call.With(name, pr.Paper))
		}
		for _, pp := range Papers {
			if pp.Name == pr.Paper {
				l.Paper = pp
			}
		}
	}
	l.Preset, l.Columns, l.Rows = pr.Name, pr.Columns, pr.Rows
	l.W, l.H, l.Left, l.Top, l.PitchX, l.PitchY, l.Radius = pr.W, pr.H, pr.Left, pr.Top, pr.PitchX, pr.PitchY, pr.Radius
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
			return l, problem.Missing.New(g.Name, fmt.Sprintf(
				"a grid of your own needs both columns and rows; %s is missing", g.Name), call.With(g.Name, g.Example))
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
			return l, problem.BadValue.New(d.count.Name, fmt.Sprintf(
				"%s=%d leaves labels %.1f mm; a label needs at least %d mm a side: at most %d fit", d.count.Name, d.n, d.side, MinLabel, fit), call.With(d.count.Name, strconv.Itoa(fit)))
		}
		return l, problem.BadValue.New(d.margin.Name, fmt.Sprintf(
			"the margins and gaps leave no room for a label of %d mm", MinLabel), call.With(d.margin.Name, d.margin.Default, GapX.Name, GapY.Name))
	}
	l.Left, l.Top, l.PitchX, l.PitchY = mx, my, l.W+gx, l.H+gy
	return finish(call, l)
}

// finish reads what presets and grids share: where the code and caption
// go, the code's side, the first label, copies, the offset, crop marks,
// guides and the test page.
func finish(call problem.Call, l Layout) (Layout, *problem.Problem) {
	l.call = call
	for _, read := range []func() *problem.Problem{
		func() (p *problem.Problem) { l.CaptionAt, p = enum(call, CaptionAtP); return p },
		func() (p *problem.Problem) { l.CodeAt, p = enum(call, CodeAtP); return p },
		func() (p *problem.Problem) { l.Code, p = number(call, CodeMM); return p },
		l.codeFits,
		func() (p *problem.Problem) { l.StartAt, p = integer(call, StartAt); return p },
		l.startFits,
		func() (p *problem.Problem) { l.Copies, p = integer(call, Copies); return p },
		func() (p *problem.Problem) { l.OffsetX, p = number(call, OffsetX); return p },
		func() (p *problem.Problem) { l.OffsetY, p = number(call, OffsetY); return p },
		func() (p *problem.Problem) { l.CropMarks, p = params.Flag(call, CropMarks); return p },
		func() (p *problem.Problem) { l.Guides, p = params.Flag(call, Guides); return p },
		func() (p *problem.Problem) { l.Test, p = params.Flag(call, Test); return p },
	} {
		if p := read(); p != nil {
			return l, p
		}
	}
	return l, nil
}

// codeFits checks that code_mm, when given, fits a label without a
// caption: the fix is the largest side that does.
func (l *Layout) codeFits() *problem.Problem {
	fit := l.Fit(false)
	if l.Code <= fit {
		return nil
	}
	_, name, _ := params.Get(l.call, CodeMM)
	return problem.BadValue.New(CodeMM.Name, fmt.Sprintf(
		"code_mm=%s does not fit a label of %s: at most %s mm does, %s mm with a caption %s it", pnum(l.Code), l.size(), pnum(fit), pnum(l.Fit(true)), l.where()), l.call.With(name, pnum(fit)))
}

// startFits checks that start_at is a label of the page.
func (l *Layout) startFits() *problem.Problem {
	if l.StartAt <= l.PerPage() {
		return nil
	}
	_, name, _ := params.Get(l.call, StartAt)
	return problem.BadValue.New(StartAt.Name, fmt.Sprintf(
		"start_at=%d is past the last label: a page holds %d", l.StartAt, l.PerPage()), l.call.With(name, strconv.Itoa(l.PerPage())))
}

// enum reads one of p's values, p's default when it is not given.
func enum(call problem.Call, p params.Param) (string, *problem.Problem) {
	v, name, prob := get(call, p)
	if prob != nil {
		return "", prob
	}
	return params.Enum(call, p, name, strings.ToLower(v))
}

// integer reads a whole number within p's bounds, p's default when it is
// not given.
func integer(call problem.Call, p params.Param) (int, *problem.Problem) {
	v, name, prob := get(call, p)
	if prob != nil {
		return 0, prob
	}
	return params.Integer(call, p, name, v)
}

// get is p's value in call, or its default when it is not given, and the
// name it was given under.
func get(call problem.Call, p params.Param) (v, name string, prob *problem.Problem) {
	if v, name, prob = params.Get(call, p); v == "" {
		v = p.Default
	}
	return v, name, prob
}

// number reads a number of millimetres within p's bounds; an empty value
// is p's default (0 when it has none).
func number(call problem.Call, p params.Param) (float64, *problem.Problem) {
	v, name, prob := get(call, p)
	if prob != nil || v == "" {
		return 0, prob
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, problem.BadValue.New(p.Name, fmt.Sprintf(
			"%s=%q is not a number of millimetres; use %d to %d", name, v, p.Min, p.Max), call.With(name, p.Example))
	}
	if f < float64(p.Min) || f > float64(p.Max) {
		bound := math.Min(math.Max(f, float64(p.Min)), float64(p.Max))
		return 0, problem.BadValue.New(p.Name, fmt.Sprintf(
			"%s=%s is out of range; %s must be %d to %d mm", name, pnum(f), p.Name, p.Min, p.Max), call.With(name, pnum(bound)))
	}
	return math.Round(f*100) / 100, nil
}

// pnum writes a length in mm to a hundredth, without trailing zeros.
func pnum(v float64) string { return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64) }

// Slot is where label slot s of a page (from 0, row after row) sits: its
// top-left corner in mm, the offset left out.
func (l Layout) Slot(s int) (x, y float64) {
	return l.Left + float64(s%l.Columns)*l.PitchX, l.Top + float64(s/l.Columns)*l.PitchY
}

// Label is where the label of code i's copy c (each from 0, in order)
// sits: its page (from 0) and its top-left corner in mm, after the
// labels start_at leaves blank, the offset left out.
func (l Layout) Label(i, c int) (page int, x, y float64) {
	n := max(l.StartAt, 1) - 1 + i*max(l.Copies, 1) + c
	page = n / l.PerPage()
	x, y = l.Slot(n % l.PerPage())
	return page, x, y
}

// Pages is how many pages n codes take.
func (l Layout) Pages(n int) int {
	if l.Test {
		return 1
	}
	return max(1, (max(l.StartAt, 1)-1+n*max(l.Copies, 1)+l.PerPage()-1)/l.PerPage())
}

// Describe says in words what the layout is, for a person choosing one.
func (l Layout) Describe() string {
	name := "a grid of your own"
	if p, ok := lookup(l.Preset); ok {
		name = p.Stock()
	}
	return fmt.Sprintf("%s, %d labels a page of %s, on %s", name, l.PerPage(), l.size(), paperTitle(l.Paper.Name))
}

// size is a label's size in words.
func (l Layout) size() string {
	if p, ok := lookup(l.Preset); ok && p.Round() {
		return pnum(l.W) + " mm round"
	}
	return pnum(l.W) + " x " + pnum(l.H) + " mm"
}
