package scan

import (
	"math"
	"slices"
	"sort"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/common"
	"github.com/makiuchi-d/gozxing/qrcode/decoder"
)

// rays is how many directions fitQuad looks along from a finder's centre
// for its outline.
const rays = 64

// rayDirs holds each ray's sine and cosine, worked out once: three finders
// a candidate code, and Sincos is no instruction in WebAssembly.
var rayDirs = func() (d [rays][2]float64) {
	for k := range d {
		d[k][0], d[k][1] = math.Sincos(2 * math.Pi * float64(k) / rays)
	}
	return d
}()

// fitQuad finds the outline of f, the outer edge of its dark ring, as a
// quadrilateral: it walks out from the centre along rays directions to
// where the ring gives way to the light around it, takes the point
// farthest out as a corner, the farthest near the opposite direction as
// the opposite corner, the points farthest from the diagonal between them
// as the other two, and fits a line to the edge points between each pair
// (zxing-cpp's FitQadrilateralToPoints). It reports false when too few
// rays found the edge or the four lines make no convex quadrilateral.
func (f *finder) fitQuad(b *bitmap) bool {
	if f.fitted != 0 {
		return f.fitted > 0
	}
	f.fitted = -1
	limit := 6 * max(f.mx, f.my)
	var pts [][2]float64
	for _, d := range rayDirs {
		s, c := d[0], d[1]
		if t, ok := outerEdge(b, f.x, f.y, c, s, limit); ok {
			pts = append(pts, [2]float64{f.x + c*t, f.y + s*t})
		}
	}
	n := len(pts)
	if n < rays*3/4 {
		return false
	}
	d2 := func(p [2]float64) float64 { return (p[0]-f.x)*(p[0]-f.x) + (p[1]-f.y)*(p[1]-f.y) }
	far := 0
	for i, p := range pts {
		if d2(p) > d2(pts[far]) {
			far = i
		}
	}
	pts = append(pts[far:], pts[:far]...)
	argmax := func(lo, hi int, score func([2]float64) float64) int {
		best := lo
		for i := lo; i <= hi && i < n; i++ {
			if score(pts[i]) > score(pts[best]) {
				best = i
			}
		}
		return best
	}
	c0 := 0
	c2 := argmax(n*3/8, n*5/8, d2)
	ax, ay := pts[c2][0]-pts[c0][0], pts[c2][1]-pts[c0][1]
	fromDiagonal := func(p [2]float64) float64 {
		return math.Abs(ax*(p[1]-pts[c0][1]) - ay*(p[0]-pts[c0][0]))
	}
	c1 := argmax(n/8, n*3/8, fromDiagonal)
	c3 := argmax(n*5/8, n*7/8, fromDiagonal)
	corners := []int{c0, c1, c2, c3, n}
	var lines [4]line
	for i := range 4 {
		// The points strictly between two corners lie on one edge.
		lo, hi := corners[i]+1, corners[i+1]-1
		if hi-lo+1 >= 6 { // the points next to a corner see it rounded
			lo, hi = lo+1, hi-1
		}
		if hi-lo+1 < 2 {
			return false
		}
		var ok bool
		if lines[i], ok = fitEdge(pts[lo : hi+1]); !ok {
			return false
		}
	}
	for i := range 4 {
		p, ok := intersect(lines[(i+3)%4], lines[i])
		if !ok || math.Hypot(p[0]-f.x, p[1]-f.y) > limit {
			return false
		}
		f.quad[i] = p
	}
	if !convex(f.quad) {
		return false
	}
	f.fitted = 1
	return true
}

// outerEdge walks from (x, y) along (dx, dy) in half-pixel steps through
// a finder's dark centre, light ring and dark ring, and returns the
// distance to where the dark ring ends.
func outerEdge(b *bitmap, x, y, dx, dy, limit float64) (float64, bool) {
	state := 0 // 0 centre, 1 light ring, 2 dark ring
	last := 0.0
	for t := 0.5; t < limit; t += 0.5 {
		isDark := b.dark(x+dx*t, y+dy*t)
		switch {
		case state == 0 && !isDark, state == 1 && isDark:
			state++
		case state == 2 && !isDark && !b.dark(x+dx*(t+0.5), y+dy*(t+0.5)) && !b.dark(x+dx*(t+1), y+dy*(t+1)):
			// A light pixel inside the ring is noise: the edge is
			// where light lasts.
			return (last + t) / 2, true
		}
		if isDark {
			last = t
		}
	}
	return 0, false
}

// line is a point on a line and its direction, of unit length.
type line struct{ px, py, dx, dy float64 }

// fitLine fits a line to pts by total least squares: through their mean,
// along the principal axis of their scatter.
func fitLine(pts [][2]float64) (line, bool) {
	var mx, my float64
	for _, p := range pts {
		mx += p[0]
		my += p[1]
	}
	n := float64(len(pts))
	mx, my = mx/n, my/n
	var sxx, sxy, syy float64
	for _, p := range pts {
		dx, dy := p[0]-mx, p[1]-my
		sxx += dx * dx
		sxy += dx * dy
		syy += dy * dy
	}
	theta := 0.5 * math.Atan2(2*sxy, sxx-syy)
	dy, dx := math.Sincos(theta)
	if sxx+syy == 0 {
		return line{}, false
	}
	return line{mx, my, dx, dy}, true
}

// fitEdge fits a line to pts, then again without the points more than a
// pixel off it (a ray that stopped short on a speck of noise), if enough
// remain.
func fitEdge(pts [][2]float64) (line, bool) {
	l, ok := fitLine(pts)
	if !ok || len(pts) < 4 {
		return l, ok
	}
	var near [][2]float64
	for _, p := range pts {
		if math.Abs((p[0]-l.px)*l.dy-(p[1]-l.py)*l.dx) <= 1 {
			near = append(near, p)
		}
	}
	if len(near) == len(pts) || len(near) < 2 {
		return l, true
	}
	return fitLine(near)
}

// intersect returns where two lines cross, or false for parallel ones.
func intersect(a, b line) ([2]float64, bool) {
	den := a.dx*b.dy - a.dy*b.dx
	if math.Abs(den) < 1e-6 {
		return [2]float64{}, false
	}
	t := ((b.px-a.px)*b.dy - (b.py-a.py)*b.dx) / den
	return [2]float64{a.px + t*a.dx, a.py + t*a.dy}, true
}

// convex reports whether q's corners turn the same way at every corner.
func convex(q [4][2]float64) bool {
	sign := 0.0
	for i := range 4 {
		a, b, c := q[i], q[(i+1)%4], q[(i+2)%4]
		z := (b[0]-a[0])*(c[1]-b[1]) - (b[1]-a[1])*(c[0]-b[0])
		if z == 0 || sign*z < 0 {
			return false
		}
		sign = z
	}
	return true
}

// homography maps module coordinates to image pixels: a projective map
// (x, y) = ((a u + b v + c) / (g u + h v + 1), (d u + e v + f) / (g u + h v + 1)).
type homography [8]float64

func (m *homography) apply(u, v float64) (float64, float64) {
	w := m[6]*u + m[7]*v + 1
	return (m[0]*u + m[1]*v + m[2]) / w, (m[3]*u + m[4]*v + m[5]) / w
}

// fitHomography fits the projective map taking each module point to its
// image point by least squares, the coordinates first scaled to about 1
// for a well-conditioned system. Four points fix it exactly.
func fitHomography(mod, img [][2]float64) (homography, bool) {
	var m homography
	if len(mod) < 4 || len(mod) != len(img) {
		return m, false
	}
	norm := func(ps [][2]float64) (cx, cy, s float64) {
		for _, p := range ps {
			cx += p[0]
			cy += p[1]
		}
		cx, cy = cx/float64(len(ps)), cy/float64(len(ps))
		for _, p := range ps {
			s += math.Hypot(p[0]-cx, p[1]-cy)
		}
		s /= float64(len(ps))
		if s == 0 {
			s = 1
		}
		return cx, cy, s
	}
	ux, uy, us := norm(mod)
	ix, iy, is := norm(img)
	// Normal equations of the eight unknowns.
	var ata [8][9]float64
	add := func(row [8]float64, rhs float64) {
		for i := range 8 {
			for j := range 8 {
				ata[i][j] += row[i] * row[j]
			}
			ata[i][8] += row[i] * rhs
		}
	}
	for k := range mod {
		u, v := (mod[k][0]-ux)/us, (mod[k][1]-uy)/us
		x, y := (img[k][0]-ix)/is, (img[k][1]-iy)/is
		add([8]float64{u, v, 1, 0, 0, 0, -u * x, -v * x}, x)
		add([8]float64{0, 0, 0, u, v, 1, -u * y, -v * y}, y)
	}
	var n homography
	if !solve8(&ata, &n) {
		return m, false
	}
	// Undo the scaling: image = is*N(mod') + i0, with mod' = (mod - u0)/us.
	// Written out, the map stays projective; compose the three matrices.
	N := [3][3]float64{{n[0], n[1], n[2]}, {n[3], n[4], n[5]}, {n[6], n[7], 1}}
	T := [3][3]float64{{is, 0, ix}, {0, is, iy}, {0, 0, 1}}
	S := [3][3]float64{{1 / us, 0, -ux / us}, {0, 1 / us, -uy / us}, {0, 0, 1}}
	H := mul3(T, mul3(N, S))
	if H[2][2] == 0 {
		return m, false
	}
	for i := range 8 {
		m[i] = H[i/3][i%3] / H[2][2]
	}
	return m, true
}

func mul3(a, b [3][3]float64) (c [3][3]float64) {
	for i := range 3 {
		for j := range 3 {
			for k := range 3 {
				c[i][j] += a[i][k] * b[k][j]
			}
		}
	}
	return c
}

// solve8 solves the augmented 8x8 system by Gaussian elimination with
// partial pivoting.
func solve8(a *[8][9]float64, x *homography) bool {
	for c := range 8 {
		p := c
		for r := c + 1; r < 8; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		if math.Abs(a[p][c]) < 1e-12 {
			return false
		}
		a[c], a[p] = a[p], a[c]
		for r := c + 1; r < 8; r++ {
			f := a[r][c] / a[c][c]
			for k := c; k < 9; k++ {
				a[r][k] -= f * a[c][k]
			}
		}
	}
	for r := 7; r >= 0; r-- {
		s := a[r][8]
		for k := r + 1; k < 8; k++ {
			s -= a[r][k] * x[k]
		}
		x[r] = s / a[r][r]
	}
	return true
}

// inverse returns the map from image pixels back to module coordinates.
func (m *homography) inverse() (homography, bool) {
	H := [3][3]float64{{m[0], m[1], m[2]}, {m[3], m[4], m[5]}, {m[6], m[7], 1}}
	det := H[0][0]*(H[1][1]*H[2][2]-H[1][2]*H[2][1]) - H[0][1]*(H[1][0]*H[2][2]-H[1][2]*H[2][0]) + H[0][2]*(H[1][0]*H[2][1]-H[1][1]*H[2][0])
	if math.Abs(det) < 1e-12 {
		return homography{}, false
	}
	var inv [3][3]float64
	for i := range 3 {
		for j := range 3 {
			// cofactor of (j, i)
			a, b := (j+1)%3, (j+2)%3
			c, d := (i+1)%3, (i+2)%3
			inv[i][j] = (H[a][c]*H[b][d] - H[a][d]*H[b][c]) / det
		}
	}
	if inv[2][2] == 0 {
		return homography{}, false
	}
	var out homography
	for i := range 8 {
		out[i] = inv[i/3][i%3] / inv[2][2]
	}
	return out, true
}

// gridSymbol is a symbol the grid detector sampled and decoded.
type gridSymbol struct {
	result  *common.DecoderResult
	dim     int
	corners [4][2]float64 // outer corners in the plane's pixels, clockwise from the top-left
	aligned bool

	// How it was read, for a trace: the grid, through its cells or its
	// one projection, the modules as sampled, and whether the decoder
	// read them transposed.
	grid     *grid
	cells    bool
	bits     *gozxing.BitMatrix
	mirrored bool
}

// readGrid samples and decodes the code whose corners t's finders may be
// on plane p, and records each grid sampled that does not decode in tr
// when tr is not nil.
func readGrid(b *bitmap, t gridTriple, dec *decoder.Decoder, tr tracer, p *plane) (gridSymbol, bool) {
	fs := [3]*finder{t.tl, t.tr, t.bl}
	for _, f := range fs {
		if !f.fitQuad(b) {
			return gridSymbol{}, false
		}
	}
	if tr != nil {
		tr.outlined()
	}
	offs, ok := outlineOffsets(t)
	if !ok {
		return gridSymbol{}, false
	}
	// Each finder's outline fixes its corner of the grid, the module
	// three in from its centre towards the middle ((6.5, 6.5) for the
	// top-left), more closely than the one projection of all three: on a
	// bent code that projection is a compromise.
	var near [3][2]float64
	var nearOK [3]bool
	toward := [3][2]float64{{3, 3}, {-3, 3}, {3, -3}}
	for i, f := range fs {
		if local, ok := fitHomography(offs[i][:], f.quad[:]); ok {
			near[i][0], near[i][1] = local.apply(toward[i][0], toward[i][1])
			nearOK[i] = true
		}
	}
	dims := dimensions(b, t)
	// Version information is 18 bits that tolerate 3 errors, so the data
	// modules of a small code, which has none, pass for it often (about
	// one read in eight): a size far from the finders' estimate was read
	// from noise, and trying it first cost most of a typical photo's
	// decoding time. Below 37 modules no size it could give is near.
	if len(dims) > 0 && dims[0] >= 37 {
		if v, ok := readVersion(b, fs, offs); ok && math.Abs(float64(17+4*v-dims[0])) <= max(8, 0.1*float64(dims[0])) {
			dims = append([]int{17 + 4*v}, slices.DeleteFunc(dims, func(d int) bool { return d == 17+4*v })...)[:min(len(dims), 3)]
		}
	}
	for _, dim := range dims {
		d := float64(dim)
		centres := [3][2]float64{{3.5, 3.5}, {d - 3.5, 3.5}, {3.5, d - 3.5}}
		var mod, img [][2]float64
		for i, f := range fs {
			for k, q := range f.quad {
				mod = append(mod, [2]float64{centres[i][0] + offs[i][k][0], centres[i][1] + offs[i][k][1]})
				img = append(img, q)
			}
		}
		h, ok := fitHomography(mod, img)
		if !ok {
			continue
		}
		anchors := near
		for i := range anchors {
			if !nearOK[i] {
				anchors[i][0], anchors[i][1] = h.apply(centres[i][0]+toward[i][0], centres[i][1]+toward[i][1])
			}
		}
		g := newGrid(b, h, dim, anchors)
		// Through the cells between alignment patterns first, then
		// through the one projection, which is all a version 1 code has.
		for _, cells := range []bool{true, false} {
			if !cells && len(g.pos) < 2 {
				break
			}
			s, bits, ok := g.decode(dec, cells, tr != nil)
			if ok {
				return s, true
			}
			if tr != nil && bits != nil {
				tr.failedGrid(t, g, cells, bits, p)
			}
		}
	}
	return gridSymbol{}, false
}

// readVersion reads the version information beside the top-right finder,
// else beside the bottom-left one (ISO/IEC 18004 7.10: 18 bits, 6 x 3
// modules, 5 to 7 modules from the finder's centre), sampled through that
// finder's own projection, as zxing-cpp reads it. From version 7 up it
// gives the symbol's size exactly, where the estimate from the finders'
// distance (dimensions) misses by a step or two in a large code of a few
// pixels a module: a 177-module code whose modules measure 2.4 pixels
// rather than 2.5 is seven modules off.
func readVersion(b *bitmap, fs [3]*finder, offs [3][4][2]float64) (int, bool) {
	read := func(i int, at func(k, l int) (float64, float64)) (int, bool) {
		local, ok := fitHomography(offs[i][:], fs[i].quad[:])
		if !ok {
			return 0, false
		}
		// The block lies beyond the outline the projection was fitted
		// to, where a rounded or noisy outline errs by a fraction of a
		// module: the grid is also read a third of a module to each side.
		for _, d := range [][2]float64{{0, 0}, {-1. / 3, 0}, {1. / 3, 0}, {0, -1. / 3}, {0, 1. / 3}} {
			bits := 0
			for k := 5; k >= 0; k-- { // along the finder's side
				for l := -5; l >= -7; l-- { // away from it
					u, v := at(k, l)
					x, y := local.apply(u+d[0], v+d[1])
					bits <<= 1
					if b.darkAround(x, y) {
						bits |= 1
					}
				}
			}
			if v, err := decoder.Version_decodeVersionInformation(bits); err == nil {
				return v.GetVersionNumber(), true
			}
		}
		return 0, false
	}
	// Module (x, y) of the top-right block lies at (l, k-3) from the
	// finder's centre; the bottom-left block is its transpose.
	if v, ok := read(1, func(k, l int) (float64, float64) { return float64(l), float64(k - 3) }); ok {
		return v, true
	}
	return read(2, func(k, l int) (float64, float64) { return float64(k - 3), float64(l) })
}

// outlineOffsets labels each outline corner of t's finders with its
// offset from the finder's centre in modules, (±3.5, ±3.5), by where it
// lies against the symbol's axes: the directions from the top-left finder
// to the top-right and to the bottom-left. It reports false when a
// finder's four corners do not take the four offsets.
func outlineOffsets(t gridTriple) (offs [3][4][2]float64, ok bool) {
	ax, ay := t.tr.x-t.tl.x, t.tr.y-t.tl.y
	bx, by := t.bl.x-t.tl.x, t.bl.y-t.tl.y
	det := ax*by - ay*bx
	if det == 0 {
		return offs, false
	}
	for i, f := range [3]*finder{t.tl, t.tr, t.bl} {
		seen := 0
		for k, q := range f.quad {
			dx, dy := q[0]-f.x, q[1]-f.y
			s := (dx*by - dy*bx) / det // along top-left -> top-right
			r := (ax*dy - ay*dx) / det // along top-left -> bottom-left
			ox, oy := 3.5, 3.5
			if s < 0 {
				ox = -3.5
			}
			if r < 0 {
				oy = -3.5
			}
			offs[i][k] = [2]float64{ox, oy}
			seen |= 1 << ((int(ox+3.5)/7)*2 + int(oy+3.5)/7)
		}
		if seen != 15 {
			return offs, false
		}
	}
	return offs, true
}

// decode samples the grid, through its cells or its one projection, and
// decodes it. When keep is set it returns the modules sampled, also when
// they do not decode, as sampled: gozxing's decoder unmasks and may
// transpose the matrix it reads.
func (g *grid) decode(dec *decoder.Decoder, cells, keep bool) (gridSymbol, *gozxing.BitMatrix, bool) {
	bits, ok := g.sample(cells)
	if !ok {
		return gridSymbol{}, nil, false
	}
	var kept *gozxing.BitMatrix
	if keep {
		kept = cloneBits(bits)
	}
	r, err := dec.Decode(bits, nil)
	if err != nil {
		return gridSymbol{}, kept, false
	}
	d := float64(g.dim)
	s := gridSymbol{result: r, dim: g.dim, aligned: g.aligned || len(g.pos) < 2, grid: g, cells: cells, bits: kept}
	for i, c := range [4][2]float64{{0, 0}, {d, 0}, {d, d}, {0, d}} {
		s.corners[i][0], s.corners[i][1] = g.at(c[0], c[1], cells)
	}
	if meta, ok := r.GetOther().(*decoder.QRCodeDecoderMetaData); ok && meta.IsMirrored() {
		// The grid was read transposed: its top-right corner is the
		// code's bottom-left.
		s.corners[1], s.corners[3] = s.corners[3], s.corners[1]
		s.mirrored = true
	}
	return s, kept, true
}

// dimensions returns the symbol sizes to try, nearest the estimate
// first. Along the line between two finder centres the module size
// changes from one finder's to the other's; taken as changing linearly,
// the modules between them number L ln(b/a) / (b - a) for a line of L
// pixels and sizes a and b along it, which holds at steep angles where
// dividing by the mean size misjudges by a fifth. The sizes are measured
// twice: by the runs through each finder along the line, and by the
// extent of its fitted outline along it, which, fitted to many edge
// points, misses less where a module is 2.5 px (the runs of one line, in
// whole pixels, can miss by a twentieth: seven modules of 177), and more
// at a steep angle.
func dimensions(b *bitmap, t gridTriple) []int {
	runs := func(f *finder, dx, dy float64) (float64, bool) {
		r, _, ok := b.runs(f.x, f.y, dx, dy, int(12*max(f.mx, f.my)))
		if !ok {
			return 0, false
		}
		return (r[0] + r[1] + r[2] + r[3] + r[4]) / 7, true
	}
	outline := func(f *finder, dx, dy float64) (float64, bool) {
		if f.fitted <= 0 {
			return 0, false
		}
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, q := range f.quad {
			t := (q[0]-f.x)*dx + (q[1]-f.y)*dy
			lo, hi = min(lo, t), max(hi, t)
		}
		return (hi - lo) / 7, true
	}
	estimate := func(along func(f *finder, dx, dy float64) (float64, bool)) (float64, bool) {
		modules := func(p, q *finder) (float64, bool) {
			l := math.Hypot(q.x-p.x, q.y-p.y)
			dx, dy := (q.x-p.x)/l, (q.y-p.y)/l
			a, ok1 := along(p, dx, dy)
			c, ok2 := along(q, dx, dy)
			if !ok1 || !ok2 {
				return 0, false
			}
			if math.Abs(c-a) < 1e-3*a {
				return l / a, true
			}
			return l * math.Log(c/a) / (c - a), true
		}
		na, ok1 := modules(t.tl, t.tr)
		nb, ok2 := modules(t.tl, t.bl)
		switch {
		case ok1 && ok2:
			return (na+nb)/2 + 7, true
		case ok1:
			return na + 7, true
		case ok2:
			return nb + 7, true
		}
		return 0, false
	}
	// Sizes are 21, 25, ... 177: the nearest two to the runs' estimate,
	// the nearest to the outlines' when it is neither, else a third when
	// it is within a tenth of the estimate. No more: each size tried
	// samples the grid and searches its alignment patterns, work the
	// triple's charge (gridTriple.cost) must cover.
	nearest := func(est float64) []int {
		var out []int
		for d := 21; d <= 177; d += 4 {
			out = append(out, d)
		}
		sort.Slice(out, func(i, j int) bool { return math.Abs(float64(out[i])-est) < math.Abs(float64(out[j])-est) })
		return out
	}
	est, ok := estimate(runs)
	if !ok {
		return nil
	}
	all := nearest(est)
	out := all[:2]
	if est2, ok := estimate(outline); ok && !slices.Contains(out, nearest(est2)[0]) {
		return append(out, nearest(est2)[0])
	}
	if math.Abs(float64(all[2])-est) <= 0.1*est {
		out = all[:3]
	}
	return out
}

// grid maps a symbol's modules to the image: by one projection fitted to
// the finders' outlines, and cell by cell between the alignment patterns
// found near where that projection puts them, so a bent code is followed.
type grid struct {
	b       *bitmap
	h       homography
	dim     int
	pos     []float64      // anchor coordinates along each axis, in modules: alignment centres
	anchor  [][][2]float64 // [row][col] image point of each anchor
	cells   []*homography  // [row*(len(pos)-1)+col], made when first used
	found   [][]bool       // [row][col]: the anchor is an alignment pattern found, not a guess
	aligned bool           // the bottom-right alignment pattern was found
}

// newGrid maps a symbol of dim modules through h, and between the
// alignment patterns it finds; near holds the image points of the anchors
// inside the three finders.
func newGrid(b *bitmap, h homography, dim int, near [3][2]float64) *grid {
	g := &grid{b: b, h: h, dim: dim}
	v, err := decoder.Version_GetProvisionalVersionForDimension(dim)
	if err != nil {
		return g
	}
	centres := v.GetAlignmentPatternCenters()
	if len(centres) == 0 {
		return g
	}
	for _, c := range centres {
		g.pos = append(g.pos, float64(c)+0.5)
	}
	n := len(g.pos)
	g.cells = make([]*homography, (n-1)*(n-1))
	g.anchor = make([][][2]float64, n)
	found := make([][]bool, n)
	g.found = found
	for i := range n {
		g.anchor[i] = make([][2]float64, n)
		found[i] = make([]bool, n)
	}
	// The three anchors inside finders come from the projection; the
	// rest are searched for in order of distance from the top-left, each
	// predicted from its found neighbours where it has them.
	for d := 0; d <= 2*(n-1); d++ {
		for i := max(0, d-(n-1)); i <= min(d, n-1); i++ {
			j := d - i // row i, column j
			u, v := g.pos[j], g.pos[i]
			x, y := h.apply(u, v)
			corner := -1
			switch {
			case i == 0 && j == 0:
				corner = 0
			case i == 0 && j == n-1:
				corner = 1
			case i == n-1 && j == 0:
				corner = 2
			}
			if corner >= 0 {
				g.anchor[i][j] = near[corner]
				found[i][j] = true
				continue
			}
			switch {
			case i > 0 && j > 0 && found[i-1][j] && found[i][j-1] && found[i-1][j-1]:
				a, b, c := g.anchor[i-1][j], g.anchor[i][j-1], g.anchor[i-1][j-1]
				x, y = a[0]+b[0]-c[0], a[1]+b[1]-c[1]
			case j > 1 && found[i][j-1] && found[i][j-2]:
				a, b := g.anchor[i][j-1], g.anchor[i][j-2]
				step := (g.pos[j] - g.pos[j-1]) / (g.pos[j-1] - g.pos[j-2])
				x, y = a[0]+(a[0]-b[0])*step, a[1]+(a[1]-b[1])*step
			case i > 1 && found[i-1][j] && found[i-2][j]:
				a, b := g.anchor[i-1][j], g.anchor[i-2][j]
				step := (g.pos[i] - g.pos[i-1]) / (g.pos[i-1] - g.pos[i-2])
				x, y = a[0]+(a[0]-b[0])*step, a[1]+(a[1]-b[1])*step
			}
			if ax, ay, ok := g.alignment(x, y, u, v); ok {
				x, y = ax, ay
				found[i][j] = true
				if i == n-1 && j == n-1 {
					g.aligned = true
				}
			}
			g.anchor[i][j] = [2]float64{x, y}
		}
	}
	return g
}

// alignment looks for the alignment pattern centred on module (u, v)
// near image point (x, y): it slides a 5 x 5 module template of the
// pattern (a dark centre, a light ring, a dark ring) over offsets of up
// to two modules, sampled through the projection's local scale, and
// takes the offset where the most modules match, if nearly all do.
func (g *grid) alignment(x, y, u, v float64) (float64, float64, bool) {
	// The projection's local derivatives: image pixels per module along
	// each axis, around (u, v).
	x1, y1 := g.h.apply(u+1, v)
	x2, y2 := g.h.apply(u, v+1)
	x0, y0 := g.h.apply(u, v)
	ux, uy := x1-x0, y1-y0
	vx, vy := x2-x0, y2-y0
	best, bx, by := -1, x, y
	// score counts the template's modules that match at (cx, cy). It
	// stops, returning less than bar, once the modules left could not
	// bring it to bar: only offsets that reach the best score count, and
	// on a sharp image most offsets miss early.
	score := func(cx, cy float64, bar int) int {
		n, left := 0, 25
		for dv := -2; dv <= 2; dv++ {
			for du := -2; du <= 2; du++ {
				want := max(abs(du), abs(dv)) != 1
				px := cx + float64(du)*ux + float64(dv)*vx
				py := cy + float64(dv)*vy + float64(du)*uy
				if g.b.dark(px, py) == want {
					n++
				}
				left--
				if n+left < bar {
					return n + left
				}
			}
		}
		return n
	}
	// On a sharp image every offset within half a module of the centre
	// matches as well; the middle of those that match best is the centre.
	var sx, sy float64
	var n int
	try := func(step float64, span int, ox, oy float64) {
		sx, sy, n = 0, 0, 0
		// The best score is at least the middle offset's: scored first,
		// it bars the offsets that cannot reach it from the start.
		seed := score(ox, oy, -1)
		for sv := -span; sv <= span; sv++ {
			for su := -span; su <= span; su++ {
				cx := ox + step*(float64(su)*ux+float64(sv)*vx)
				cy := oy + step*(float64(su)*uy+float64(sv)*vy)
				s := score(cx, cy, max(best, seed))
				if s > best {
					best, sx, sy, n = s, 0, 0, 0
				}
				if s == best {
					sx, sy, n = sx+cx, sy+cy, n+1
				}
			}
		}
		bx, by = sx/float64(n), sy/float64(n)
	}
	try(0.5, 4, x, y)
	best = -1
	try(0.125, 6, bx, by)
	return bx, by, best >= 23
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// at maps module coordinates to the image: through the cell of anchors
// around them, or through the one projection.
func (g *grid) at(u, v float64, cells bool) (float64, float64) {
	if !cells || len(g.pos) < 2 {
		return g.h.apply(u, v)
	}
	cell := func(c float64) int {
		i := 0
		for i < len(g.pos)-2 && c >= g.pos[i+1] {
			i++
		}
		return i
	}
	i, j := cell(v), cell(u)
	k := i*(len(g.pos)-1) + j
	t := g.cells[k]
	if t == nil {
		mod := [][2]float64{{g.pos[j], g.pos[i]}, {g.pos[j+1], g.pos[i]}, {g.pos[j+1], g.pos[i+1]}, {g.pos[j], g.pos[i+1]}}
		img := [][2]float64{g.anchor[i][j], g.anchor[i][j+1], g.anchor[i+1][j+1], g.anchor[i+1][j]}
		h, ok := fitHomography(mod, img)
		if !ok {
			h = g.h
		}
		t = &h
		g.cells[k] = t
	}
	return t.apply(u, v)
}

// sample reads every module at its centre.
func (g *grid) sample(cells bool) (*gozxing.BitMatrix, bool) {
	bits, err := gozxing.NewSquareBitMatrix(g.dim)
	if err != nil {
		return nil, false
	}
	outside := 0
	for y := range g.dim {
		for x := range g.dim {
			px, py := g.at(float64(x)+0.5, float64(y)+0.5, cells)
			if px < 0 || py < 0 || px >= float64(g.b.w) || py >= float64(g.b.h) {
				outside++
			}
			if g.b.dark(px, py) {
				bits.Set(x, y)
			}
		}
	}
	return bits, outside < g.dim
}
