package scan

import (
	"image"
	"math"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode/decoder"
)

// Trace is what Decode saw on its way through the ladder, kept when
// DecodeTraced asks for it, so that a report on the picture (core/inspect)
// grades each code from the decoder's own grid and samples, and says, for
// a picture where nothing was read, how far reading got. Decode keeps no
// trace and pays nothing for one.
type Trace struct {
	// Grey is the picture as the decoder read it: grey, shrunk to 2048
	// pixels a side at most. Scale takes its pixels to the caller's:
	// caller x = Scale[0] * grey x, likewise y.
	Grey  *image.Gray
	Scale [2]float64
	// Read holds every symbol decoded, each once, in the order read.
	Read []Sighting
	// Finders are the finder patterns found on the rungs climbed, each
	// once: x, y (the centre, in the caller's pixels) and the module size
	// in the caller's pixels.
	Finders [][3]float64
	// Triples counts the would-be codes (three finders that could be one
	// code's corners) the readers tried, and Outlined those of them whose
	// three finders each had a square outline (fitQuad): a triple of two
	// finders and a pattern in the data seldom has. Attempts are would-be
	// codes whose grid was sampled and did not decode, a few of each kind
	// (see attempt).
	Triples, Outlined int
	Attempts          []Attempt

	rung          string
	readable, bad int // attempts kept with readable format information and without
}

// Sighting is one symbol decoded, with the grid it was sampled through.
type Sighting struct {
	Code Code // as newSymbol describes it: text, bytes, version, level and corners
	Rung string
	Grid
	// Mirrored says the symbol was read transposed: Bits and ToImage are
	// of the grid as sampled, whose rows are the code's columns.
	Mirrored bool
}

// Grid is a sampled symbol grid: its size, the modules as the decoder
// read them (dark set), and the map from module coordinates (the symbol's
// top-left corner at 0, 0; module x, y spans x to x+1) to the caller's
// pixels.
type Grid struct {
	Dim     int
	Bits    *gozxing.BitMatrix
	ToImage func(u, v float64) (x, y float64)
	// Anchors pairs each alignment pattern the grid detector found with
	// where the symbol's one projection, fitted to its finders, puts it
	// (both in the caller's pixels): how far the print strays from a
	// regular grid. Empty where the symbol has no alignment patterns or
	// was sampled from the finder centres alone.
	Anchors [][2][2]float64
}

// Attempt is a would-be code whose grid was sampled and did not decode.
type Attempt struct {
	Rung    string
	Finders [3][3]float64 // top-left, top-right, bottom-left: x, y, module size (caller's pixels)
	Grid
}

// Attempts kept: the first few with readable format information (reading
// got past the format), and the first few without.
const (
	keepReadable = 8
	keepBad      = 4
)

// DecodeTraced is Decode keeping a trace, within the same bounds. The
// trace is returned also when nothing was read.
func DecodeTraced(img image.Image, opt Options) ([]Code, *Trace, error) {
	b := newBounds(opt)
	base := luminance(img, maxSide)
	tr := &Trace{Scale: [2]float64{1, 1}}
	b.trace = tr
	if base.w == 0 || base.h == 0 {
		return nil, tr, ErrNotFound
	}
	tr.Grey = &image.Gray{Pix: base.pix, Stride: base.w, Rect: image.Rect(0, 0, base.w, base.h)}
	tr.Scale[0], _ = base.back(1, 0)
	_, tr.Scale[1] = base.back(0, 1)
	codes, err := climbWithin(base, ladder, b)
	return codes, tr, err
}

// tracer is what the ladder tells a trace. Decode has none, and links
// none of this: only DecodeTraced puts a *Trace behind the interface.
type tracer interface {
	climbing(rung string)
	found(fs []*finder, p *plane)
	tried()
	outlined()
	readGrid(c Code, g gridSymbol, p *plane)
	readCentres(c Code, pts []gozxing.ResultPoint, bits *gozxing.BitMatrix, p *plane, mirrored bool)
	failedGrid(t gridTriple, g *grid, cells bool, bits *gozxing.BitMatrix, p *plane)
	failedCentres(pts []gozxing.ResultPoint, module float64, bits *gozxing.BitMatrix, p *plane)
}

func (tr *Trace) climbing(rung string) { tr.rung = rung }
func (tr *Trace) tried()               { tr.Triples++ }
func (tr *Trace) outlined()            { tr.Outlined++ }

// found records the finders found on plane p.
func (tr *Trace) found(fs []*finder, p *plane) {
	for _, f := range fs {
		x, y := p.back(f.x, f.y)
		x1, y1 := p.back(f.x+f.size(), f.y)
		m := math.Hypot(x1-x, y1-y)
		dup := false
		for _, g := range tr.Finders {
			if math.Abs(g[0]-x) <= 1.5*max(g[2], m) && math.Abs(g[1]-y) <= 1.5*max(g[2], m) {
				dup = true
				break
			}
		}
		if !dup && len(tr.Finders) < maxFinders {
			tr.Finders = append(tr.Finders, [3]float64{x, y, m})
		}
	}
}

// readGrid records a symbol the grid detector decoded on plane p.
func (tr *Trace) readGrid(c Code, g gridSymbol, p *plane) {
	tr.read(c, g.grid.traced(g.bits, g.cells, p), g.mirrored)
}

// readCentres records a symbol gozxing's detector decoded from the
// finder centres (and alignment pattern) pts, as sampled.
func (tr *Trace) readCentres(c Code, pts []gozxing.ResultPoint, bits *gozxing.BitMatrix, p *plane, mirrored bool) {
	tr.read(c, centresGrid(pts, bits, p), mirrored)
}

// read records a symbol decoded through grid g, once.
func (tr *Trace) read(c Code, g Grid, mirrored bool) {
	for _, s := range tr.Read {
		if duplicate([]Code{s.Code}, c) {
			return
		}
	}
	tr.Read = append(tr.Read, Sighting{Code: c, Rung: tr.rung, Grid: g, Mirrored: mirrored})
}

// failedGrid records a grid the grid detector sampled from triple t that
// did not decode.
func (tr *Trace) failedGrid(t gridTriple, g *grid, cells bool, bits *gozxing.BitMatrix, p *plane) {
	fs := [3][2]float64{{t.tl.x, t.tl.y}, {t.tr.x, t.tr.y}, {t.bl.x, t.bl.y}}
	tr.attempt(fs, [3]float64{t.tl.size(), t.tr.size(), t.bl.size()}, func() Grid { return g.traced(bits, cells, p) }, bits, p)
}

// failedCentres records a grid gozxing's detector sampled from the
// finder centres pts (bottom-left, top-left, top-right) that did not
// decode.
func (tr *Trace) failedCentres(pts []gozxing.ResultPoint, module float64, bits *gozxing.BitMatrix, p *plane) {
	if len(pts) < 3 {
		return
	}
	fs := [3][2]float64{{pts[1].GetX(), pts[1].GetY()}, {pts[2].GetX(), pts[2].GetY()}, {pts[0].GetX(), pts[0].GetY()}}
	tr.attempt(fs, [3]float64{module, module, module}, func() Grid { return centresGrid(pts, bits, p) }, bits, p)
}

// attempt records a grid that did not decode, sampled from finders at fs
// (top-left, top-right, bottom-left) of module sizes ms (p's pixels),
// while fewer than keepReadable such grids with readable format
// information (either way round), or keepBad without, are kept.
func (tr *Trace) attempt(fs [3][2]float64, ms [3]float64, g func() Grid, bits *gozxing.BitMatrix, p *plane) {
	readable := false
	for _, m := range []*gozxing.BitMatrix{bits, transposed(bits)} {
		if parser, err := decoder.NewBitMatrixParser(m); err == nil { // reading the format changes nothing
			if _, err := parser.ReadFormatInformation(); err == nil {
				readable = true
				break
			}
		}
	}
	switch {
	case readable && tr.readable < keepReadable:
		tr.readable++
	case !readable && tr.bad < keepBad:
		tr.bad++
	default:
		return
	}
	a := Attempt{Rung: tr.rung, Grid: g()}
	for i, f := range fs {
		x, y := p.back(f[0], f[1])
		x1, y1 := p.back(f[0]+ms[i], f[1])
		a.Finders[i] = [3]float64{x, y, math.Hypot(x1-x, y1-y)}
	}
	tr.Attempts = append(tr.Attempts, a)
}

// transposed returns m with rows and columns swapped: a mirrored code's
// grid as the code has it.
func transposed(m *gozxing.BitMatrix) *gozxing.BitMatrix {
	w, h := m.GetWidth(), m.GetHeight()
	out, _ := gozxing.NewBitMatrix(h, w)
	for y := range h {
		for x := range w {
			if m.Get(x, y) {
				out.Set(y, x)
			}
		}
	}
	return out
}

// cloneBits copies m.
func cloneBits(m *gozxing.BitMatrix) *gozxing.BitMatrix {
	out, _ := gozxing.NewBitMatrix(m.GetWidth(), m.GetHeight())
	out.Xor(m)
	return out
}

// Transposed is transposed, for the report on a mirrored code.
func Transposed(m *gozxing.BitMatrix) *gozxing.BitMatrix { return transposed(m) }

// traced returns the Grid of g, sampled through its cells or its one
// projection, on plane p: bits as sampled, the map to the caller's
// pixels, and the alignment patterns found against where the projection
// puts them.
func (g *grid) traced(bits *gozxing.BitMatrix, cells bool, p *plane) Grid {
	out := Grid{Dim: g.dim, Bits: bits, ToImage: func(u, v float64) (float64, float64) {
		x, y := g.at(u, v, cells)
		return p.back(x, y)
	}}
	if !cells {
		return out
	}
	for i := range g.found {
		for j, ok := range g.found[i] {
			if !ok {
				continue
			}
			ix, iy := g.h.apply(g.pos[j], g.pos[i])
			ax, ay := g.anchor[i][j][0], g.anchor[i][j][1]
			ix, iy = p.back(ix, iy)
			ax, ay = p.back(ax, ay)
			out.Anchors = append(out.Anchors, [2][2]float64{{ix, iy}, {ax, ay}})
		}
	}
	return out
}

// centresGrid is the Grid of a symbol gozxing's detector sampled from
// the finder centres (bottom-left, top-left, top-right, as its result
// points are before any mirroring) and, when found, the bottom-right
// alignment pattern: the projection through them, as corners places the
// symbol.
func centresGrid(pts []gozxing.ResultPoint, bits *gozxing.BitMatrix, p *plane) Grid {
	dim := bits.GetHeight()
	d := float64(dim)
	bl, tl, tr := pts[0], pts[1], pts[2]
	mod := [][2]float64{{3.5, 3.5}, {d - 3.5, 3.5}, {3.5, d - 3.5}}
	img := [][2]float64{{tl.GetX(), tl.GetY()}, {tr.GetX(), tr.GetY()}, {bl.GetX(), bl.GetY()}}
	if len(pts) > 3 && dim > 21 {
		mod = append(mod, [2]float64{d - 6.5, d - 6.5})
		img = append(img, [2]float64{pts[3].GetX(), pts[3].GetY()})
	} else {
		mod = append(mod, [2]float64{d - 3.5, d - 3.5})
		img = append(img, [2]float64{tr.GetX() + bl.GetX() - tl.GetX(), tr.GetY() + bl.GetY() - tl.GetY()})
	}
	h, _ := fitHomography(mod, img)
	return Grid{Dim: dim, Bits: bits, ToImage: func(u, v float64) (float64, float64) {
		x, y := h.apply(u, v)
		return p.back(x, y)
	}}
}
