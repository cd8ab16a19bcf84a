package scan

import (
	"math"
	"slices"
	"sort"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode/detector"
)

// This file and grid.go are a second detector beside gozxing's, for codes
// seen at a slant. gozxing confirms a finder pattern only when its height
// is within 40% of its width, and samples the symbol's grid from the three
// finder centres and one alignment pattern guessed from them: a code
// photographed 45 degrees off its axis, or bent round a bottle, has finders
// twice as wide as they are tall and a grid no single projection fits. The
// grid detector checks each direction through a finder on its own scale,
// takes each finder's outline as a quadrilateral, fits the symbol's
// projection to the twelve outline corners, and then follows the alignment
// patterns cell by cell, as zxing-cpp does.

// bitmap is a binarized image, thresholded as it is read: a pixel is dark
// when its grey level is at or below its threshold. The detector reads a
// third of the rows and scattered pixels besides, so thresholding every
// pixel up front would cost more than all of its reads; only the
// thresholds are computed first, one per block of pixels or one per pixel.
type bitmap struct {
	w, h  int
	grey  []byte  // the plane's pixels
	level []int16 // thresholds, the one of pixel (x, y) at rows[y] + cols[x]
	rows  []int32
	cols  []int32
}

// blockMap returns a bitmap of p whose thresholds are level, one per
// block, where pixel (x, y) takes the block rowOf(y), colOf(x) of a grid
// of sw blocks a row.
func blockMap(p *plane, level []int16, sw int, colOf, rowOf func(int) int) *bitmap {
	b := &bitmap{w: p.w, h: p.h, grey: p.pix, level: level, rows: make([]int32, p.h), cols: make([]int32, p.w)}
	for y := range b.rows {
		b.rows[y] = int32(rowOf(y) * sw)
	}
	for x := range b.cols {
		b.cols[x] = int32(colOf(x))
	}
	return b
}

// dark reports whether the pixel holding point (x, y) is dark; outside
// the image is light, like a quiet zone.
func (b *bitmap) dark(x, y float64) bool {
	i, j := int(math.Floor(x)), int(math.Floor(y))
	return i >= 0 && j >= 0 && i < b.w && j < b.h && int16(b.grey[j*b.w+i]) <= b.level[b.rows[j]+b.cols[i]]
}

// darkAround reports whether the grey level at point (x, y), taken
// bilinearly from the four pixels around it, is at or below the
// threshold of the pixel holding it: a module whose centre falls near a
// pixel's edge, as every other one does at 2.5 px a module, is read from
// the pixels on both sides.
func (b *bitmap) darkAround(x, y float64) bool {
	i, j := int(math.Floor(x)), int(math.Floor(y))
	if i < 0 || j < 0 || i >= b.w || j >= b.h {
		return false
	}
	x, y = x-0.5, y-0.5
	x0, y0 := int(math.Floor(x)), int(math.Floor(y))
	ax, ay := x-float64(x0), y-float64(y0)
	at := func(i, j int) float64 {
		return float64(b.grey[min(b.h-1, max(0, j))*b.w+min(b.w-1, max(0, i))])
	}
	g := (at(x0, y0)*(1-ax)+at(x0+1, y0)*ax)*(1-ay) + (at(x0, y0+1)*(1-ax)+at(x0+1, y0+1)*ax)*ay
	return g <= float64(b.level[b.rows[j]+b.cols[i]])+0.5
}

// row writes row y into dst, 1 for dark.
func (b *bitmap) row(y int, dst []byte) {
	grey := b.grey[y*b.w:][:b.w]
	level := b.level[b.rows[y]:]
	for x, c := range b.cols[:len(grey)] {
		dst[x] = byte(uint(int(level[c])-int(grey[x]))>>63 ^ 1) // 1 where grey <= level
	}
}

// finder is a finder pattern: its centre, its module size along the row
// and the column through it, and how many rows confirmed it.
type finder struct {
	x, y   float64
	mx, my float64
	count  int

	quad   [4][2]float64 // outline corners, in the order the rays found them; see fitQuad
	fitted int           // 0 not tried, 1 fitted, -1 no outline
}

func (f *finder) GetX() float64 { return f.x }
func (f *finder) GetY() float64 { return f.y }

// size is the module size as one number, for comparing finders.
func (f *finder) size() float64 { return math.Sqrt(f.mx * f.my) }

// ratio11311 reports whether five runs read dark, light, dark, light,
// dark in the proportions of a finder pattern, 1:1:3:1:1, and returns
// the module size. Either every run lies within half a module of its
// share, as gozxing's foundPatternCross checks, or the dark and the light
// runs fit each a module of their own (see apart).
func ratio11311(r [5]float64) (float64, bool) {
	total := r[0] + r[1] + r[2] + r[3] + r[4]
	if total < 7 {
		return 0, false
	}
	m := total / 7
	v := m / 2
	if math.Abs(m-r[0]) < v && math.Abs(m-r[1]) < v && math.Abs(3*m-r[2]) < 3*v &&
		math.Abs(m-r[3]) < v && math.Abs(m-r[4]) < v {
		return m, true
	}
	return apart(r)
}

// apart measures the dark and the light runs of a would-be finder
// pattern each against a module of their own, as zxing-cpp's finder
// search does: a threshold a little off, ink that spreads or a blur
// widens every dark run and narrows every light one by the same pixels,
// so a faint or small finder of 3-pixel modules can read 1:4:7:4:1. Each
// dark run must lie within three quarters of its module (and half a
// pixel) of its share, each light run within a third, and the two
// modules within fourfold of each other.
func apart(r [5]float64) (float64, bool) {
	if r[2] < 2*max(r[0], r[4]) || r[2] < max(r[1], r[3]) {
		return 0, false
	}
	md, ml := (r[0]+r[2]+r[4])/5, (r[1]+r[3])/2
	if max(md, ml) > 4*min(md, ml) {
		return 0, false
	}
	td, tl := 0.75*md+0.5, ml/3+0.5
	ok := math.Abs(r[0]-md) <= td && math.Abs(r[2]-3*md) <= td && math.Abs(r[4]-md) <= td &&
		math.Abs(r[1]-ml) <= tl && math.Abs(r[3]-ml) <= tl
	return (md + ml) / 2, ok
}

// runs walks from (x, y) both ways along (dx, dy) through the centre of
// a would-be finder pattern and returns its five runs and where the
// centre run's middle lies, in steps from (x, y). Each run may be at most
// limit steps long.
func (b *bitmap) runs(x, y, dx, dy float64, limit int) (r [5]float64, mid float64, ok bool) {
	if !b.dark(x, y) {
		return r, 0, false
	}
	// walk counts, from the centre outwards, the dark centre, the light
	// ring and the dark ring, and reports the steps to each boundary.
	walk := func(sx, sy float64) (c, l, d int, ok bool) {
		n := []int{0, 0, 0}
		state := 0 // 0 centre (dark), 1 light ring, 2 dark ring
		for t := 1; ; t++ {
			px, py := x+sx*float64(t), y+sy*float64(t)
			if px < 0 || py < 0 || px >= float64(b.w) || py >= float64(b.h) {
				// Past the edge is light, as dark says: a code cut
				// out without its quiet zone (a screenshot, a crop)
				// ends its finders' dark rings at the image's edge.
				if state == 2 {
					return n[0] + 1, n[1], n[2], true
				}
				return 0, 0, 0, false
			}
			isDark := b.dark(px, py)
			want := state != 1
			if isDark != want {
				state++
				if state == 3 {
					return n[0] + 1, n[1], n[2], true
				}
			}
			n[state]++
			if n[state] > limit {
				return 0, 0, 0, false
			}
		}
	}
	c1, l1, d1, ok1 := walk(-dx, -dy)
	c2, l2, d2, ok2 := walk(dx, dy)
	if !ok1 || !ok2 {
		return r, 0, false
	}
	r = [5]float64{float64(d1), float64(l1), float64(c1 + c2 - 1), float64(l2), float64(d2)}
	return r, float64(c2-c1) / 2, true
}

// maxFinders bounds the finder candidates one prepared image yields, as
// maxFound does for gozxing's search (see multi.go).
const maxFinders = 256

// findFinders scans every skip-th row for the 1:1:3:1:1 runs of a finder
// pattern and confirms each down its column and along a diagonal, each
// direction on its own scale: under perspective the three directions
// through one finder see modules of different sizes. Nearby sightings are
// merged.
func findFinders(b *bitmap, skip int) []*finder {
	var found []*finder
	var rl []int // run lengths of one row, the first dark
	for y := skip / 2; y < b.h && len(found) < maxFinders; y += skip {
		var x0 int
		if x0, rl = b.runLengths(y, rl[:0]); x0 < 0 {
			continue
		}
		at := x0
		for i := 0; i+5 <= len(rl); i += 2 {
			// Both of ratio11311's tests need the centre run longer than
			// the outer dark runs and no shorter than the light ones:
			// most windows of a row fail that, and are passed over
			// without converting them.
			if c := rl[i+2]; c <= rl[i] || c <= rl[i+4] || c < rl[i+1] || c < rl[i+3] {
				at += rl[i] + rl[i+1]
				continue
			}
			var r [5]float64
			for k := range r {
				r[k] = float64(rl[i+k])
			}
			if _, ok := ratio11311(r); ok {
				cx := float64(at+rl[i]+rl[i+1]) + r[2]/2
				if f, ok := confirm(b, cx, float64(y)+0.5, r[0]+r[1]+r[2]+r[3]+r[4]); ok {
					found = merge(found, f)
				}
			}
			at += rl[i] + rl[i+1]
		}
	}
	return found
}

// runLengths appends the lengths of row y's runs to rl, from its first
// dark pixel, which it returns (-1 when the row has none), dark runs
// first. The row is thresholded as its runs are counted, without being
// written out: the finder search spends most of its time here.
func (b *bitmap) runLengths(y int, rl []int) (int, []int) {
	grey := b.grey[y*b.w:][:b.w]
	level, cols := b.level[b.rows[y]:], b.cols[:len(grey)]
	x0, start, cur := -1, 0, false
	for x, g := range grey {
		d := int16(g) <= level[cols[x]] // as row thresholds
		if d == cur {
			continue
		}
		if x0 < 0 { // the first dark pixel
			x0 = x
		} else {
			rl = append(rl, x-start)
		}
		start, cur = x, d
	}
	if x0 < 0 {
		return -1, rl
	}
	return x0, append(rl, b.w-start)
}

// confirm checks a would-be finder centred at (cx, y) whose row runs span
// total pixels: down its column (within a third to three times that span),
// along the row again through the column's centre, and along a diagonal.
func confirm(b *bitmap, cx, y, total float64) (*finder, bool) {
	limit := int(3 * total)
	rv, mid, ok := b.runs(cx, y, 0, 1, limit)
	if !ok {
		return nil, false
	}
	my, ok := ratio11311(rv)
	if !ok || 7*my < total/3 || 7*my > 3*total {
		return nil, false
	}
	y += mid
	rh, mid, ok := b.runs(cx, y, 1, 0, limit)
	if !ok {
		return nil, false
	}
	mx, ok := ratio11311(rh)
	if !ok {
		return nil, false
	}
	cx += mid
	rd, _, ok := b.runs(cx, y, 1, 1, limit)
	if !ok {
		return nil, false
	}
	if _, ok := ratio11311(rd); !ok {
		return nil, false
	}
	return &finder{x: cx, y: y, mx: mx, my: my, count: 1}, true
}

// merge adds f to found, or folds it into a sighting of the same pattern.
func merge(found []*finder, f *finder) []*finder {
	for _, g := range found {
		if math.Abs(g.x-f.x) <= 1.5*max(g.mx, f.mx) && math.Abs(g.y-f.y) <= 1.5*max(g.my, f.my) {
			n := float64(g.count)
			g.x = (g.x*n + f.x) / (n + 1)
			g.y = (g.y*n + f.y) / (n + 1)
			g.mx = (g.mx*n + f.mx) / (n + 1)
			g.my = (g.my*n + f.my) / (n + 1)
			g.count++
			return found
		}
	}
	return append(found, f)
}

// gridTriple is three finders that may be one code's corners.
type gridTriple struct {
	bl, tl, tr *finder
	score      float64
}

// gridTriples pairs the best-confirmed finders (neighbours) into would-be
// codes, most plausible first; readGrids samples them until maxTriples
// have failed. Perspective allows the three to differ in module size up
// to threefold and the corner angle to open well away from square, which
// gozxing's pairing refuses.
func gridTriples(found []*finder) []gridTriple {
	fs := append([]*finder(nil), found...)
	sort.SliceStable(fs, func(i, j int) bool {
		if fs[i].count != fs[j].count {
			return fs[i].count > fs[j].count
		}
		if fs[i].y != fs[j].y {
			return fs[i].y < fs[j].y
		}
		return fs[i].x < fs[j].x
	})
	fs = neighbours(fs)
	var out []gridTriple
	for i := 0; i < len(fs); i++ {
		for j := i + 1; j < len(fs); j++ {
			for k := j + 1; k < len(fs); k++ {
				if t, ok := plausible(fs[i], fs[j], fs[k]); ok {
					out = append(out, t)
				}
			}
		}
	}
	for i := range out {
		if out[i].encloses(fs) >= 2 {
			// Enough to rank a sheet's codes above the triples of
			// their neighbours, as square; less than the skew that
			// ranks a code above the triples of patterns in its data.
			out[i].score--
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].score > out[j].score })
	return out
}

// encloses counts the finders of fs other than t's own, seen on more
// than one row and at least half as often as t's, of t's module size
// (within a quarter), that lie within the outline t would have as one
// code. In a sheet of codes (a structured-append sequence printed as a
// grid) the top-left finders of three neighbouring codes make as square
// a triple as one code's, and ranked as high such triples took the tries
// from the codes; one holds at least the other two finders of the code
// at its corner. One code holds none, or a pattern in its data now and
// then (the dense codes of scan_test.go and hardset's dense-3px class
// hold one or two).
func (t gridTriple) encloses(fs []*finder) int {
	lo := min(t.bl.size(), t.tl.size(), t.tr.size()) / 1.25
	hi := max(t.bl.size(), t.tl.size(), t.tr.size()) * 1.25
	seen := min(t.bl.count, t.tl.count, t.tr.count)
	ux, uy, vx, vy := t.tr.x-t.tl.x, t.tr.y-t.tl.y, t.bl.x-t.tl.x, t.bl.y-t.tl.y
	det := ux*vy - uy*vx
	if det == 0 {
		return 0
	}
	// The outline lies 3.5 modules past the finder centres; a
	// neighbouring code's finder, 3.5 modules past it at the least,
	// stays out of 3.
	ea := 3 * t.tl.size() / math.Hypot(ux, uy)
	eb := 3 * t.tl.size() / math.Hypot(vx, vy)
	n := 0
	for _, f := range fs {
		if f == t.tl || f == t.tr || f == t.bl || f.count < 2 || 2*f.count < seen || f.size() < lo || f.size() > hi {
			continue
		}
		dx, dy := f.x-t.tl.x, f.y-t.tl.y
		a, b := (dx*vy-dy*vx)/det, (ux*dy-uy*dx)/det
		if a > -ea && a < 1+ea && b > -eb && b < 1+eb {
			n++
		}
	}
	return n
}

// neighbours returns at most maxCenters of fs, which are sorted best
// confirmed first, to be paired: all of them when they are that few;
// else the first (the best confirmed, topmost) and the finders nearest
// it of those confirmed at least half as often, then the rest in order.
// Taking the first maxCenters instead took, in a row of 8 or more codes
// side by side (a structured-append sequence printed as one row), the
// top finders only, as many rows confirm each and they lie higher than
// the bottom-left ones: all on one line, no three of them a code, so
// nothing was read. Around one finder, its code's other two lie near;
// the codes read in a round leave the pool (readGrids), and the next
// round pairs around the next finder.
func neighbours(fs []*finder) []*finder {
	if len(fs) <= maxCenters {
		return fs
	}
	lead := fs[0]
	well := func(f *finder) bool { return 2*f.count >= lead.count }
	dist := func(f *finder) float64 { return math.Hypot(f.x-lead.x, f.y-lead.y) }
	rest := fs[1:]
	sort.SliceStable(rest, func(i, j int) bool {
		a, b := rest[i], rest[j]
		if well(a) != well(b) {
			return well(a)
		}
		return well(a) && dist(a) < dist(b)
	})
	return fs[:maxCenters]
}

// plausible orders three finders as bottom-left, top-left and top-right
// and reports whether a code seen at a slant could have them as corners.
func plausible(a, b, c *finder) (gridTriple, bool) {
	p, q, r := gozxing.ResultPoint_OrderBestPatterns(a, b, c)
	bl, tl, tr := p.(*finder), q.(*finder), r.(*finder)
	lo := min(bl.size(), tl.size(), tr.size())
	hi := max(bl.size(), tl.size(), tr.size())
	if hi > 3*lo {
		return gridTriple{}, false
	}
	ax, ay := tr.x-tl.x, tr.y-tl.y
	bx, by := bl.x-tl.x, bl.y-tl.y
	da, db := math.Hypot(ax, ay), math.Hypot(bx, by)
	if da == 0 || db == 0 || da > 3*db || db > 3*da {
		return gridTriple{}, false
	}
	// Between finder centres lie 14 to 170 modules.
	na := da / ((tl.size() + tr.size()) / 2)
	nb := db / ((tl.size() + bl.size()) / 2)
	if na < 10 || nb < 10 || na > 200 || nb > 200 {
		return gridTriple{}, false
	}
	cos := (ax*bx + ay*by) / (da * db)
	if math.Abs(cos) > 0.7 {
		return gridTriple{}, false
	}
	// A code seen square on has equal sides, a right angle and finders
	// of one size; each departure makes a triple less likely one code
	// than three finders of neighbouring codes. Confirmations break ties.
	skew := math.Abs(math.Log(da/db)) + math.Abs(cos) + math.Abs(math.Log(hi/lo))
	return gridTriple{bl: bl, tl: tl, tr: tr, score: math.Log(float64(min(bl.count, tl.count, tr.count))) - 8*skew}, true
}

// cost is the work charged for sampling and decoding one triple, as
// candidate.cost: its estimated grid and the alignment search, for each
// of the (at most three) sizes tried, and the fixed part.
func (t gridTriple) cost() int {
	d := math.Hypot(t.tr.x-t.tl.x, t.tr.y-t.tl.y)/t.tl.size() + 7
	return 3*int(d*d) + tripleWork
}

// info is the triple as gozxing's detector takes it.
func (t gridTriple) info() *detector.FinderPatternInfo {
	pat := func(f *finder) *detector.FinderPattern {
		return detector.NewFinderPattern(f.x, f.y, f.size(), f.count)
	}
	return detector.NewFinderPatternInfo(pat(t.bl), pat(t.tl), pat(t.tr))
}

// matrix is the bitmap as a gozxing bit matrix, every pixel thresholded.
func (b *bitmap) matrix() *gozxing.BitMatrix {
	m, _ := gozxing.NewBitMatrix(b.w, b.h)
	row := make([]byte, b.w)
	for y := range b.h {
		b.row(y, row)
		for x, v := range row {
			if v == 1 {
				m.Set(x, y)
			}
		}
	}
	return m
}

// unexplained reports whether two of the finders found, both seen on
// more than one row, could be corners of one more code: of one size
// within half, 10 to 200 modules apart, and neither used by a code read
// nor inside one at its module size or coarser (nor inside a Micro QR or
// rMQR symbol read) (a dense code's data holds
// the runs of a finder here and there). A small code printed inside
// a larger one (a "double QR"), or a second code the threshold that read
// the first left unread, shows so; the ladder then climbs on for it.
func unexplained(found []*finder, read []gridTriple, singles []single) bool {
	var left []*finder
	for _, f := range found {
		if f.count < 2 || slices.ContainsFunc(read, func(t gridTriple) bool { return t.explains(f) }) || inside(singles, f) {
			continue
		}
		left = append(left, f)
	}
	for i, a := range left {
		for _, b := range left[i+1:] {
			lo, hi := min(a.size(), b.size()), max(a.size(), b.size())
			n := math.Hypot(a.x-b.x, a.y-b.y) / ((lo + hi) / 2)
			if hi <= 1.5*lo && n >= 10 && n <= 200 {
				return true
			}
		}
	}
	return false
}

// explains reports whether f belongs to the code t read: one of its
// finders, or a pattern within its outline no finer than its modules.
func (t gridTriple) explains(f *finder) bool {
	if f == t.tl || f == t.tr || f == t.bl {
		return true
	}
	if 1.5*f.size() < (t.tl.size()+t.tr.size()+t.bl.size())/3 {
		return false // finer than the code's modules: a code inside it
	}
	// f = tl + a (tr - tl) + b (bl - tl); the outline reaches a quarter
	// of the way between finder centres past them for the smallest code.
	ux, uy, vx, vy := t.tr.x-t.tl.x, t.tr.y-t.tl.y, t.bl.x-t.tl.x, t.bl.y-t.tl.y
	det := ux*vy - uy*vx
	if det == 0 {
		return false
	}
	dx, dy := f.x-t.tl.x, f.y-t.tl.y
	a, b := (dx*vy-dy*vx)/det, (ux*dy-uy*dx)/det
	return a > -0.3 && a < 1.3 && b > -0.3 && b < 1.3
}
