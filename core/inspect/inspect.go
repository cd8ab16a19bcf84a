// Package inspect reports on the QR codes in a picture: for each code
// read, grades in the manner of ISO/IEC 15415 (with ISO/IEC 18004's QR
// parameters) and measures a person can act on; for a picture where
// nothing was read, the stage where reading stopped. Each cause found
// comes with its fix, and, since the code may be ours to redraw, the
// corrected call of this service's API.
//
// The grades come from the decoder's own reading (core/scan's
// DecodeTraced): the grid it fitted, the modules as it sampled them, and
// the picture as it saw it. A photo is not a calibrated verifier: no known
// aperture, lighting or reflectance scale, so the grades are "ISO/IEC
// 15415-style" estimates for finding what to fix, not a certificate
// (docs/inspect.md says what they can and cannot tell).
package inspect

import (
	"context"
	"encoding/base64"
	"errors"
	"image"
	"math"
	"slices"
	"sort"

	"github.com/makiuchi-d/gozxing"

	"qrkeyless/core/scan"
)

// Method says what the grades are, in every report.
const Method = "ISO/IEC 15415-style grades measured on a picture, not by a calibrated verifier: no known aperture, lighting or reflectance scale, so they estimate what to fix rather than certify the print."

// Report is the JSON answer of POST /api/v1/inspect and the structured
// result of the qr_inspect tool.
type Report struct {
	Method string `json:"method" desc:"What the grades are: ISO/IEC 15415-style, measured on a picture, not by a calibrated verifier."`
	Count  int    `json:"count" desc:"How many codes were read."`
	Codes  []Code `json:"codes" desc:"A report for each code read, in reading order."`
	// Where nothing was read: the stage where reading stopped, why, and
	// for the codewords stage the blocks.
	StoppedAt string  `json:"stopped_at,omitempty" desc:"Where nothing was read: the stage reading got no further than. finder: fewer than three finder patterns; grid: finder patterns, but no grid through them read; format: a grid, but its format or version information unreadable; codewords: more wrong codewords in some block than error correction repairs." schema:"enum=finder|grid|format|codewords"`
	Causes    []Cause `json:"causes,omitempty" desc:"Where nothing was read: the likely causes, each with its fix."`
	Blocks    []Block `json:"blocks,omitempty" desc:"Where reading stopped at the codewords: each block of the best attempt, repaired or not."`
	Version   int     `json:"version,omitempty" desc:"Where reading stopped at the codewords: the version read." schema:"minimum=1,maximum=40"`
	EC        string  `json:"ec,omitempty" desc:"Where reading stopped at the codewords: the error correction level read." schema:"enum=L|M|Q|H"`
	Finders   int     `json:"finders_found" desc:"Finder patterns found in the picture."`
	Overlay   string  `json:"overlay,omitempty" desc:"When asked for: the picture (at most 1024 px a side, in grey) with the finder patterns found, the fitted grid and the damaged modules marked, as a data:image/png;base64 URI."`

	overlay []byte
}

// OverlayPNG is the overlay's PNG, when it was asked for.
func (r Report) OverlayPNG() []byte { return r.overlay }

// Code is the report on one code read.
type Code struct {
	Grade         int          `json:"grade" desc:"The overall grade, the lowest of the parameters': 4 (A) to 0 (F)." schema:"minimum=0,maximum=4"`
	Letter        string       `json:"letter" desc:"The overall grade as a letter." schema:"enum=A|B|C|D|F"`
	Parameters    Parameters   `json:"parameters" desc:"Each graded parameter: its value and grade."`
	QuietZone     Sides        `json:"quiet_zone" desc:"Light modules between the symbol and the first dark one (or the picture's edge) on each side; 4 is what ISO/IEC 18004 asks for."`
	ModulePx      float64      `json:"module_px" desc:"Mean module size in the picture's pixels."`
	Version       int          `json:"version" desc:"Symbol version, 1 to 40." schema:"minimum=1,maximum=40"`
	EC            string       `json:"ec" desc:"Error correction level." schema:"enum=L|M|Q|H"`
	Mask          int          `json:"mask" desc:"Data mask pattern, 0 to 7." schema:"minimum=0,maximum=7"`
	Text          string       `json:"text" desc:"The content as text."`
	Blocks        []Block      `json:"blocks" desc:"Each Reed-Solomon block: codewords corrected against what it can correct."`
	Reflectance   Reflectance  `json:"reflectance" desc:"Mean reflectance of the dark and of the light modules (grey levels over 255; uncalibrated)."`
	ContrastRatio float64      `json:"contrast_ratio" desc:"WCAG contrast ratio of those two greys, 1 to 21."`
	Mirrored      bool         `json:"mirrored" desc:"The code is mirrored (printed or seen through its back)."`
	Inverted      bool         `json:"inverted" desc:"Light modules on a dark background."`
	Damaged       int          `json:"damaged_modules" desc:"Modules the decoder read otherwise than the code has them."`
	Points        [][2]float64 `json:"points" desc:"The symbol's four outer corners (x, y in image pixels), clockwise from its own top-left." schema:"minItems=4,maxItems=4"`
	ReadBy        string       `json:"read_by" desc:"The preparation of the picture the decoder read it from (core/scan's ladder)."`
	Causes        []Cause      `json:"causes" desc:"What lowers a grade or a measure, each with its fix; empty when nothing does."`

	damaged [][2]float64 // centres of the damaged modules, in module coordinates, for the overlay
	sight   scan.Sighting
}

// Parameters are the graded parameters of a code.
type Parameters struct {
	SymbolContrast        Parameter `json:"symbol_contrast" desc:"Highest minus lowest reflectance over the symbol and its first quiet-zone ring. A >= 0.70, B >= 0.55, C >= 0.40, D >= 0.20."`
	MinimumReflectance    Parameter `json:"minimum_reflectance" desc:"The lowest reflectance: A when at most half the highest, else F."`
	Modulation            Parameter `json:"modulation" desc:"Value: the 5th percentile of the data modules' modulation, 2|R - GT| / SC (a module read wrong counts 0). Grade: each codeword graded by its weakest module (A >= 0.50, B >= 0.40, C >= 0.30, D >= 0.20), weighed against the error correction left, as ISO/IEC 15415 does."`
	FixedPatternDamage    Parameter `json:"fixed_pattern_damage" desc:"Modules read wrong in the finder patterns with their separators and in the timing patterns. Each finder: 0 A, 1 B, 2 C, 3 D, more F; each timing pattern by its share read wrong: 0 A, 7% B, 11% C, 14% D."`
	AxialNonuniformity    Parameter `json:"axial_nonuniformity" desc:"How much the module spacing differs between the two axes: |X - Y| / mean. A <= 0.06, B <= 0.08, C <= 0.10, D <= 0.12."`
	GridNonuniformity     Parameter `json:"grid_nonuniformity" desc:"The largest distance, in modules, of an alignment pattern from where the projection through the finder patterns puts it. A <= 0.38, B <= 0.50, C <= 0.63, D <= 0.75."`
	UnusedErrorCorrection Parameter `json:"unused_error_correction" desc:"The least share of error correction a block has left: 1 - corrected / capacity. A >= 0.62, B >= 0.50, C >= 0.37, D >= 0.25."`
	FormatInformation     Parameter `json:"format_information" desc:"Bits read wrong in the better copy of the format information, and from version 7 of the version information (the larger count): 0 A, 1 B, 2 C, 3 D, more F."`
}

// Parameter is one graded measure.
type Parameter struct {
	Value float64 `json:"value" desc:"The measured value."`
	Grade int     `json:"grade" desc:"Its grade, 4 (A) to 0 (F)." schema:"minimum=0,maximum=4"`
}

// Sides is a measure on each side of a symbol.
type Sides struct {
	Top    int `json:"top"`
	Right  int `json:"right"`
	Bottom int `json:"bottom"`
	Left   int `json:"left"`
}

// Reflectance is the mean reflectance of a code's dark and light modules.
type Reflectance struct {
	Dark  float64 `json:"dark"`
	Light float64 `json:"light"`
}

// Block is one Reed-Solomon block of a symbol.
type Block struct {
	Corrected int  `json:"corrected" desc:"Codewords error correction corrected; where it could not, one more than its capacity (at least that many were wrong)."`
	Capacity  int  `json:"capacity" desc:"Codeword errors the block is made to correct."`
	Repaired  bool `json:"repaired" desc:"Error correction repaired the block."`
}

// Cause is something that lowers a grade or stops reading, with what to
// do about it.
type Cause struct {
	Parameter string `json:"parameter,omitempty" desc:"The parameter or measure it lowers, when one."`
	Cause     string `json:"cause" desc:"What was found."`
	Fix       string `json:"fix" desc:"What to change; where the code can be redrawn here, the corrected call of this API."`
}

// Options tune Inspect. The zero value is ready to use.
type Options struct {
	Scan    scan.Options // the decoder's bounds: the same as Decode's
	Overlay bool         // draw the overlay
}

// Bytes reports on an encoded image as DecodeBytes reads one: the same
// types, the same limits checked before any pixel is decoded, the same
// bounds on the search. Its errors are DecodeBytes's, for scan.Problem;
// a picture in which no code was read is a report, not an error.
func Bytes(ctx context.Context, data []byte, lim scan.Limits, overlay bool) (Report, error) {
	img, err := scan.ReadImage(ctx, data, lim)
	if err != nil {
		return Report{}, err
	}
	return Inspect(img, Options{Scan: scan.Options{Context: ctx}, Overlay: overlay}), nil
}

// Inspect reports on the codes in img.
func Inspect(img image.Image, opt Options) Report {
	_, tr, err := scan.DecodeTraced(img, opt.Scan)
	r := Report{Method: Method, Codes: []Code{}, Finders: len(tr.Finders)}
	for _, s := range tr.Read {
		if c, ok := report(tr, s); ok {
			r.Codes = append(r.Codes, c)
		}
	}
	sort.SliceStable(r.Codes, func(i, j int) bool { return before(r.Codes[i].Points, r.Codes[j].Points) })
	r.Count = len(r.Codes)
	var stop *stopped
	if r.Count == 0 {
		stop = stoppedAt(tr, err)
		r.StoppedAt, r.Causes = stop.stage, stop.causes
		if stop.parsed != nil {
			r.Version, r.EC = stop.parsed.version, stop.parsed.level
			r.Blocks = blocksOut(stop.parsed)
		}
	}
	if opt.Overlay && tr.Grey != nil {
		r.overlay = drawOverlay(tr, r.Codes, stop)
		r.Overlay = "data:image/png;base64," + base64.StdEncoding.EncodeToString(r.overlay)
	}
	return r
}

// before orders codes for reading, as Decode does: top to bottom, then
// left to right.
func before(a, b [][2]float64) bool {
	centre := func(p [][2]float64) (x, y, side float64) {
		for _, c := range p {
			x, y = x+c[0]/4, y+c[1]/4
		}
		return x, y, math.Hypot(p[1][0]-p[0][0], p[1][1]-p[0][1])
	}
	if len(a) < 4 || len(b) < 4 {
		return false
	}
	ax, ay, as := centre(a)
	bx, by, bs := centre(b)
	if math.Abs(ay-by) > (as+bs)/4 {
		return ay < by
	}
	return ax < bx
}

// view turns a grid as sampled into the symbol's own orientation.
func view(g scan.Grid, mirrored bool) (dim int, bits []bool, toImage func(u, v float64) (float64, float64)) {
	dim = g.Dim
	bits = make([]bool, dim*dim)
	for y := range dim {
		for x := range dim {
			if mirrored {
				bits[y*dim+x] = g.Bits.Get(y, x)
			} else {
				bits[y*dim+x] = g.Bits.Get(x, y)
			}
		}
	}
	toImage = g.ToImage
	if mirrored {
		toImage = func(u, v float64) (float64, float64) { return g.ToImage(v, u) }
	}
	return dim, bits, toImage
}

// sampler reads reflectance off the decoder's picture.
type sampler struct {
	grey    *image.Gray
	sx, sy  float64 // caller's pixels a grey pixel
	toImage func(u, v float64) (float64, float64)
}

// module is the mean reflectance (0 to 1) of module (x, y) over its
// middle, a lattice of 3 x 3 points a quarter module apart (those of them
// in the picture), and whether its centre lies in the picture.
func (s sampler) module(x, y int) (float64, bool) {
	sum, n := 0.0, 0
	inside := func(u, v float64) (float64, float64, bool) {
		px, py := s.toImage(u, v)
		gx, gy := px/s.sx, py/s.sy
		return gx, gy, gx >= 0 && gy >= 0 && gx < float64(s.grey.Rect.Dx()) && gy < float64(s.grey.Rect.Dy())
	}
	if _, _, ok := inside(float64(x)+0.5, float64(y)+0.5); !ok {
		return 0, false
	}
	for _, dv := range [3]float64{-0.25, 0, 0.25} {
		for _, du := range [3]float64{-0.25, 0, 0.25} {
			if gx, gy, ok := inside(float64(x)+0.5+du, float64(y)+0.5+dv); ok {
				sum += bilinear(s.grey, gx, gy)
				n++
			}
		}
	}
	return sum / float64(n) / 255, true
}

// bilinear is the grey at (x, y), pixel i spanning [i, i+1), edges
// repeated.
func bilinear(g *image.Gray, x, y float64) float64 {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	x, y = x-0.5, y-0.5
	x0, y0 := int(math.Floor(x)), int(math.Floor(y))
	ax, ay := x-float64(x0), y-float64(y0)
	at := func(i, j int) float64 {
		return float64(g.Pix[min(h-1, max(0, j))*g.Stride+min(w-1, max(0, i))])
	}
	return (at(x0, y0)*(1-ax)+at(x0+1, y0)*ax)*(1-ay) + (at(x0, y0+1)*(1-ax)+at(x0+1, y0+1)*ax)*ay
}

// report grades one symbol the decoder read.
func report(tr *scan.Trace, s scan.Sighting) (Code, bool) {
	dim, bits, toImage := view(s.Grid, s.Mirrored)
	p, ok := parse(matrixOf(dim, bits))
	if !ok {
		return Code{}, false // the decoder read it; a failure here would be ours
	}
	ideal := p.layout.ideal(p.level, p.mask, p.fixed)
	smp := sampler{tr.Grey, tr.Scale[0], tr.Scale[1], toImage}
	c := Code{Version: p.version, EC: p.level, Mask: p.mask, Text: s.Code.Text, Points: s.Code.Points,
		Mirrored: s.Mirrored, ReadBy: s.Rung, sight: s}
	if c.Points == nil {
		c.Points = [][2]float64{}
	}

	// Reflectance over the symbol and the ring of quiet zone around it.
	n := dim + 2
	refl, in := make([]float64, n*n), make([]bool, n*n)
	rmin, rmax := 1.0, 0.0
	var sumDark, sumLight float64
	var nDark, nLight int
	for y := -1; y <= dim; y++ {
		for x := -1; x <= dim; x++ {
			r, ok := smp.module(x, y)
			i := (y+1)*n + x + 1
			refl[i], in[i] = r, ok
			if !ok {
				continue
			}
			rmin, rmax = min(rmin, r), max(rmax, r)
			if x < 0 || y < 0 || x >= dim || y >= dim {
				continue
			}
			if ideal[y*dim+x] {
				sumDark += r
				nDark++
			} else {
				sumLight += r
				nLight++
			}
		}
	}
	at := func(x, y int) (float64, bool) { i := (y+1)*n + x + 1; return refl[i], in[i] }
	if nDark > 0 && nLight > 0 {
		c.Reflectance = Reflectance{round3(sumDark / float64(nDark)), round3(sumLight / float64(nLight))}
	}
	c.Inverted = c.Reflectance.Dark > c.Reflectance.Light
	sc := max(0, rmax-rmin)
	gt := (rmax + rmin) / 2
	c.ContrastRatio = contrastRatio(c.Reflectance.Dark, c.Reflectance.Light)
	c.Parameters.SymbolContrast = Parameter{round3(sc), contrastGrade(sc)}
	c.Parameters.MinimumReflectance = Parameter{round3(rmin), reflectanceGrade(rmin, rmax)}

	// Modules read wrong: the decoder's reading against the symbol its
	// codewords, corrected, make.
	damaged := make([]bool, dim*dim)
	for i := range damaged {
		if damaged[i] = bits[i] != ideal[i]; damaged[i] {
			c.Damaged++
			c.damaged = append(c.damaged, [2]float64{float64(i%dim) + 0.5, float64(i/dim) + 0.5})
		}
	}

	// Modulation, codeword by codeword, weighed against error correction.
	cw := p.layout.codewordOf()
	cwGrade := make([]int, len(p.raw))
	for i := range cwGrade {
		cwGrade[i] = 4
	}
	var mods []float64
	for i, k := range cw {
		if k < 0 {
			continue
		}
		mod := 0.0
		if r, ok := at(i%dim, i/dim); ok && sc > 0 && !damaged[i] {
			mod = 2 * math.Abs(r-gt) / sc
		}
		mods = append(mods, mod)
		cwGrade[k] = min(cwGrade[k], modulationGrade(mod))
	}
	slices.Sort(mods)
	modValue := 0.0
	if len(mods) > 0 {
		modValue = mods[len(mods)*5/100]
	}
	c.Parameters.Modulation = Parameter{round3(modValue), modulationByEC(p, cwGrade)}

	// Fixed pattern damage: each finder with its separator, each timing
	// pattern.
	count := func(x0, y0, w, h int) (bad, total int) {
		for y := max(0, y0); y < min(dim, y0+h); y++ {
			for x := max(0, x0); x < min(dim, x0+w); x++ {
				total++
				if damaged[y*dim+x] {
					bad++
				}
			}
		}
		return bad, total
	}
	fpd, fpdValue := 4, 0
	for _, f := range [3][2]int{{0, 0}, {dim - 8, 0}, {0, dim - 8}} {
		bad, _ := count(f[0], f[1], 8, 8)
		fpd, fpdValue = min(fpd, countGrade(bad)), fpdValue+bad
	}
	for _, t := range [2][4]int{{8, 6, dim - 16, 1}, {6, 8, 1, dim - 16}} {
		bad, total := count(t[0], t[1], t[2], t[3])
		fpd, fpdValue = min(fpd, timingGrade(float64(bad)/float64(max(1, total)))), fpdValue+bad
	}
	c.Parameters.FixedPatternDamage = Parameter{float64(fpdValue), fpd}

	// Axial and grid nonuniformity, from the fitted grid.
	d := float64(dim)
	dist := func(u0, v0, u1, v1 float64) float64 {
		x0, y0 := toImage(u0, v0)
		x1, y1 := toImage(u1, v1)
		return math.Hypot(x1-x0, y1-y0)
	}
	top, bottom, left, right := dist(0, 0, d, 0), dist(0, d, d, d), dist(0, 0, 0, d), dist(d, 0, d, d)
	xs, ys := (top+bottom)/(2*d), (left+right)/(2*d)
	c.ModulePx = round2((xs + ys) / 2)
	an := math.Abs(xs-ys) / ((xs + ys) / 2)
	c.Parameters.AxialNonuniformity = Parameter{round3(an), axialGrade(an)}
	gn := 0.0
	for _, a := range s.Anchors {
		gn = max(gn, math.Hypot(a[1][0]-a[0][0], a[1][1]-a[0][1])/((xs+ys)/2))
	}
	c.Parameters.GridNonuniformity = Parameter{round3(gn), gridGrade(gn)}

	// Unused error correction and the format information.
	c.Blocks = blocksOut(p)
	uec := 1.0
	for _, b := range p.blocks {
		uec = min(uec, 1-float64(b.errors)/float64(max(1, b.capacity)))
	}
	uec = max(0, uec)
	c.Parameters.UnusedErrorCorrection = Parameter{round3(uec), unusedECGrade(uec)}
	info := max(p.format, p.vinfo)
	c.Parameters.FormatInformation = Parameter{float64(info), countGrade(info)}

	c.QuietZone = quietZone(smp, dim, gt, c.Inverted)

	c.Grade = 4
	for _, g := range c.Parameters.grades() {
		c.Grade = min(c.Grade, g)
	}
	c.Letter = Letter(c.Grade)
	c.Causes = codeCauses(c, p, perspective(top, bottom, left, right))
	return c, true
}

func (ps Parameters) grades() []int {
	return []int{ps.SymbolContrast.Grade, ps.MinimumReflectance.Grade, ps.Modulation.Grade, ps.FixedPatternDamage.Grade,
		ps.AxialNonuniformity.Grade, ps.GridNonuniformity.Grade, ps.UnusedErrorCorrection.Grade, ps.FormatInformation.Grade}
}

// modulationByEC grades modulation as ISO/IEC 15415 does for a symbol
// with error correction: at each grade level, the codewords graded below
// it are taken as erasures beside the errors corrected, and the level is
// met as far as the unused error correction left then allows. The grade
// is the best level so met.
func modulationByEC(p *parsed, cwGrade []int) int {
	best := 0
	for level := 4; level >= 1; level-- {
		uec := 1.0
		for _, b := range p.blocks {
			erased := 0
			for _, at := range b.index {
				if cwGrade[at] < level && p.raw[at] == p.fixed[at] {
					erased++
				}
			}
			errs := max(0, b.errors)
			uec = min(uec, 1-float64(erased+2*errs)/float64(max(1, 2*b.capacity)))
		}
		best = max(best, min(level, unusedECGrade(max(0, uec))))
	}
	return best
}

// quietZone counts, on each side, the rows of modules beside the symbol
// that read as background (light, or dark for an inverted code), up to 10
// or the picture's edge.
func quietZone(s sampler, dim int, gt float64, inverted bool) Sides {
	side := func(at func(k, i int) (int, int)) int {
		for k := 1; k <= 10; k++ {
			for i := range dim { // the band beside this side, corners aside
				x, y := at(k, i)
				r, ok := s.module(x, y)
				if !ok || (r < gt) != inverted {
					return k - 1
				}
			}
		}
		return 10
	}
	return Sides{
		Top:    side(func(k, i int) (int, int) { return i, -k }),
		Right:  side(func(k, i int) (int, int) { return dim - 1 + k, i }),
		Bottom: side(func(k, i int) (int, int) { return i, dim - 1 + k }),
		Left:   side(func(k, i int) (int, int) { return -k, i }),
	}
}

// perspective reports whether opposite edges of the symbol differ in
// length by more than a twentieth: the camera was not square-on, and the
// axial nonuniformity holds its angle.
func perspective(top, bottom, left, right float64) bool {
	return math.Abs(top-bottom) > 0.05*max(top, bottom) || math.Abs(left-right) > 0.05*max(left, right)
}

func blocksOut(p *parsed) []Block {
	out := make([]Block, len(p.blocks))
	for i, b := range p.blocks {
		out[i] = Block{Corrected: b.errors, Capacity: b.capacity, Repaired: b.errors >= 0}
		if b.errors < 0 {
			out[i].Corrected = b.capacity + 1
		}
	}
	return out
}

// contrastRatio is the WCAG ratio of two reflectances taken as sRGB greys.
func contrastRatio(dark, light float64) float64 {
	lin := func(s float64) float64 {
		if s <= .04045 {
			return s / 12.92
		}
		return math.Pow((s+.055)/1.055, 2.4)
	}
	a, b := lin(max(0, min(1, dark))), lin(max(0, min(1, light)))
	if a > b {
		a, b = b, a
	}
	return round2((b + .05) / (a + .05))
}

func round2(v float64) float64 { return math.Round(v*100) / 100 }
func round3(v float64) float64 { return math.Round(v*1000) / 1000 }

// stopped is where reading stopped in a picture in which nothing was read.
type stopped struct {
	stage   string
	causes  []Cause
	attempt *scan.Attempt
	parsed  *parsed // the codewords stage's best attempt
	mirror  bool
	format  int // the format stage: bit errors of the better copy from the nearest format word
}

// stoppedAt finds the furthest stage reading reached, from the grids the
// decoder sampled and could not decode. A grid counts as the code's only
// where its three finder patterns read as finder patterns; random modules
// pass a format check about half the time, so a readable format alone
// says nothing. Where its timing patterns read right too, the grid is
// the code's: reading stopped at its format information, or where that
// reads, at its codewords (the attempt with the fewest blocks past repair
// wins). Where only its finders read, the grid did not fit; where no
// grid holds three finders (a triple of two real finders and a pattern
// in the data, say), or there are no three at all, the finders stopped
// it; three finders each with a square outline, but no grid through them
// that holds them: the grid.
func stoppedAt(tr *scan.Trace, err error) *stopped {
	st := &stopped{stage: "finder"}
	if tr.Outlined > 0 {
		st.stage = "grid"
	}
	rank := map[string]int{"finder": 0, "grid": 1, "format": 2, "codewords": 3}
	bestFailed, bestFormat := math.MaxInt, math.MaxInt
	for i := range tr.Attempts {
		a := &tr.Attempts[i]
		for _, mirrored := range []bool{false, true} {
			dim, bits, _ := view(a.Grid, mirrored)
			finders, timing := patternMatch(dim, bits)
			if finders < 3 {
				continue
			}
			if timing < minPatternMatch {
				if rank[st.stage] < rank["grid"] {
					st.stage, st.attempt, st.mirror = "grid", a, mirrored
				}
				continue
			}
			m := matrixOf(dim, bits)
			if p, ok := parse(m); ok {
				failed := 0
				for _, b := range p.blocks {
					if b.errors < 0 {
						failed++
					}
				}
				if st.stage != "codewords" || failed < bestFailed {
					st.stage, st.attempt, st.parsed, st.mirror, bestFailed = "codewords", a, p, mirrored, failed
				}
				continue
			}
			if st.stage == "codewords" {
				continue
			}
			if f := formatDistance(m); st.stage != "format" || f < bestFormat {
				st.stage, st.attempt, st.mirror, st.format, bestFormat = "format", a, mirrored, f, f
			}
		}
	}
	st.causes = stopCauses(st, len(tr.Finders), err)
	return st
}

// minPatternMatch is the share of modules of a finder pattern, or of the
// timing patterns, that must read as a symbol has them for a grid to hold
// them: a grid off by a module or more reads about half of them right.
const minPatternMatch = 0.85

// patternMatch counts the finder patterns (7 x 7, separators aside) that
// bits, dim modules a side, read as a symbol has them, and the share of
// the timing patterns it reads right.
func patternMatch(dim int, bits []bool) (finders int, timing float64) {
	if dim < 21 {
		return 0, 0
	}
	ideal := newLayout((dim-17)/4).ideal("L", 0, nil)
	share := func(x0, y0, w, h int) float64 {
		match, total := 0, 0
		for y := max(0, y0); y < min(dim, y0+h); y++ {
			for x := max(0, x0); x < min(dim, x0+w); x++ {
				total++
				if bits[y*dim+x] == ideal[y*dim+x] {
					match++
				}
			}
		}
		return float64(match) / float64(max(1, total))
	}
	for _, f := range [3][2]int{{0, 0}, {dim - 7, 0}, {0, dim - 7}} {
		if share(f[0], f[1], 7, 7) >= minPatternMatch {
			finders++
		}
	}
	return finders, (share(8, 6, dim-16, 1) + share(6, 8, 1, dim-16)) / 2
}

// formatDistance is how many bits the better copy of the format
// information lies from the nearest valid format word.
func formatDistance(m *gozxing.BitMatrix) int {
	dim := m.GetHeight()
	best := 15
	for _, cp := range formatCopies(dim) {
		read := 0
		for _, at := range cp {
			read <<= 1
			if m.Get(at[0], at[1]) {
				read |= 1
			}
		}
		for _, l := range []string{"L", "M", "Q", "H"} {
			for mask := range 8 {
				f := formatBits(l, mask)
				// Readers also try the copy as if its mask were left off.
				best = min(best, bitCount(read^f), bitCount(read^0x5412^f))
			}
		}
	}
	return best
}

func bitCount(v int) int {
	n := 0
	for ; v != 0; v &= v - 1 {
		n++
	}
	return n
}

// errStopped is the bound that ended the search, if one did.
func errStopped(err error) (*scan.StopError, bool) {
	var s *scan.StopError
	ok := errors.As(err, &s)
	return s, ok
}
