package scan

import (
	"errors"
	"math"
	"slices"
	"sort"

	"github.com/makiuchi-d/gozxing/common"
	"github.com/makiuchi-d/gozxing/common/reedsolomon"
	"github.com/makiuchi-d/gozxing/qrcode/decoder"

	"qrkeyless/core/qr"
)

// This file reads the two members of the QR family that have one finder
// pattern, Micro QR (ISO/IEC 18004) and rMQR (ISO/IEC 23941), in the way
// of zxing-cpp's SampleMQR and SampleRMQR. A finder that no QR code read
// explains is tried as each in its four turns: the finder's fitted outline
// places the modules around it, the timing modules beside it must be
// where they belong, and the format information read there names the
// symbol's version and level. A Micro QR symbol (17 modules at most) is
// then sampled through the finder's projection; an rMQR symbol, up to 139
// modules long, is followed from the finder along its alignment patterns
// to its finder sub-pattern, each found near where the projection so far
// puts it and added to the fit. The modules are unmasked and read in
// placement order (qr.Frame, the encoder's own layout), corrected by
// gozxing's Reed-Solomon decoder, and their segments handed to gozxing's
// segment parser, so that charsets are guessed as for QR. Mirrored
// symbols are not read, as zxing-cpp does not read them.

// singleWork is the work charged for trying one finder as a Micro QR or
// rMQR symbol: its outline, eight format reads and a sampled symbol.
const singleWork = 16 << 10

// single is a Micro QR or rMQR symbol read from one finder.
type single struct {
	sym     symbol
	outline [4][2]float64 // the symbol's corners in the plane's pixels
}

// readSingles tries the finders that no QR code read explains, seen on
// two rows or more, as the finders of Micro QR or rMQR symbols, the best
// confirmed first and at most maxCenters of them, within b.
func readSingles(bm *bitmap, p *plane, found []*finder, read []gridTriple, b *bounds) (out []single, stop *StopError) {
	var fs []*finder
	for _, f := range found {
		if f.count >= 2 && !slices.ContainsFunc(read, func(t gridTriple) bool { return t.explains(f) }) {
			fs = append(fs, f)
		}
	}
	sort.SliceStable(fs, func(i, j int) bool { return fs[i].count > fs[j].count })
	for _, f := range fs[:min(len(fs), maxCenters)] {
		if inside(out, f) {
			continue
		}
		if stop = b.over(); stop != nil {
			return out, stop
		}
		if stop = b.take(singleWork); stop != nil {
			return out, stop
		}
		if s, ok := readSingle(bm, p, f); ok {
			out = append(out, s)
		}
	}
	return out, nil
}

// inside reports whether f's centre lies within a symbol read.
func inside(ss []single, f *finder) bool {
	for _, s := range ss {
		if within(s.outline, f.x, f.y) {
			return true
		}
	}
	return false
}

// within reports whether (x, y) lies inside the convex quadrilateral q.
func within(q [4][2]float64, x, y float64) bool {
	sign := 0.0
	for i := range 4 {
		a, b := q[i], q[(i+1)%4]
		z := (b[0]-a[0])*(y-a[1]) - (b[1]-a[1])*(x-a[0])
		if sign*z < 0 {
			return false
		}
		if z != 0 {
			sign = z
		}
	}
	return true
}

// reading is one way to read a finder: a symbol, a turn of the finder's
// outline, and the format information read through it.
type reading struct {
	sym  qr.Symbol
	h    homography // module coordinates to the plane's pixels
	v    int
	l    qr.Level
	mask int
	dist int // bits of the format information that differ from the nearest valid sequence
}

// readSingle reads the Micro QR or rMQR symbol whose finder f may be: each
// reading the format information allows, nearest first.
func readSingle(bm *bitmap, p *plane, f *finder) (single, bool) {
	if !f.fitQuad(bm) {
		return single{}, false
	}
	mod := [][2]float64{{0, 0}, {7, 0}, {7, 7}, {0, 7}}
	var rs []reading
	for r := range 4 {
		img := [][2]float64{f.quad[r], f.quad[(r+1)%4], f.quad[(r+2)%4], f.quad[(r+3)%4]}
		h, ok := fitHomography(mod, img)
		if !ok {
			continue
		}
		at := modules(bm, h)
		if at(8, 0) && at(0, 8) { // Micro QR's timing patterns start dark beside the format information
			bits := 0
			for x := 1; x <= 8; x++ {
				bits = bits<<1 | b2i(at(x, 8))
			}
			for y := 7; y >= 1; y-- {
				bits = bits<<1 | b2i(at(8, y))
			}
			if v, l, m, d := qr.MicroFormat(bits); d <= 3 {
				rs = append(rs, reading{qr.Micro, h, v, l, m, d})
			}
		}
		if at(8, 0) && !at(9, 0) && at(10, 0) && !at(11, 0) { // rMQR's top timing pattern
			if v, l, d := qr.RMQRFormat(rmqrFormatBits(at, 0, 0, false), false); d <= 3 {
				rs = append(rs, reading{qr.RMQR, h, v, l, 0, d})
			}
		}
	}
	sort.SliceStable(rs, func(i, j int) bool { return rs[i].dist < rs[j].dist })
	for _, r := range rs {
		var s single
		var ok bool
		if r.sym == qr.Micro {
			s, ok = readMicro(bm, p, r)
		} else {
			s, ok = readRMQR(bm, p, r)
		}
		if ok {
			return s, true
		}
	}
	return single{}, false
}

// modules returns whether the module at column x, row y is dark, sampled
// at its centre through h.
func modules(bm *bitmap, h homography) func(x, y int) bool {
	return func(x, y int) bool {
		px, py := h.apply(float64(x)+0.5, float64(y)+0.5)
		return bm.darkAround(px, py)
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// rmqrFormatBits reads the 18 bits of one copy of rMQR format information
// in zxing-cpp's order: beside the finder (columns 11 down to 8, rows 3 or
// 5 up to 1), or beside the sub-pattern (row h-6, columns w-3 to w-5, then
// columns w-6 to w-8, rows h-2 up to h-6) of a symbol w x h.
func rmqrFormatBits(at func(x, y int) bool, w, h int, sub bool) int {
	bits := 0
	if !sub {
		for y := 3; y >= 1; y-- {
			bits = bits<<1 | b2i(at(11, y))
		}
		for x := 10; x >= 8; x-- {
			for y := 5; y >= 1; y-- {
				bits = bits<<1 | b2i(at(x, y))
			}
		}
		return bits
	}
	for x := 3; x <= 5; x++ {
		bits = bits<<1 | b2i(at(w-x, h-6))
	}
	for x := 6; x <= 8; x++ {
		for y := 2; y <= 6; y++ {
			bits = bits<<1 | b2i(at(w-x, h-y))
		}
	}
	return bits
}

// readMicro samples and decodes the Micro QR symbol r names.
func readMicro(bm *bitmap, p *plane, r reading) (single, bool) {
	f, ok := qr.NewFrame(qr.Micro, r.v, r.l)
	if !ok {
		return single{}, false
	}
	n := f.Width
	hom := refine(bm, r.h, f, nil, nil)
	at := modules(bm, hom)
	// A QR code's finder has modules beyond where a Micro QR symbol
	// would end; a Micro QR symbol has its quiet zone there (zxing-cpp
	// allows a third of them dark). Its timing patterns alternate.
	dark, miss := 0, 0
	for i := 0; i < n; i++ {
		dark += b2i(at(i, n)) + b2i(at(n, i))
		if i >= 8 {
			miss += b2i(at(i, 0) != (i%2 == 0)) + b2i(at(0, i) != (i%2 == 0))
		}
	}
	if dark > 2*n/3 || miss > 1 {
		return single{}, false
	}
	return decodeSingle(f, r.mask, hom, sampled(bm, hom, n, n), p)
}

// readRMQR samples and decodes the rMQR symbol r names.
func readRMQR(bm *bitmap, p *plane, r reading) (single, bool) {
	f, ok := qr.NewFrame(qr.RMQR, r.v, r.l)
	if !ok {
		return single{}, false
	}
	w, h := f.Width, f.Height
	mod := [][2]float64{{0, 0}, {7, 0}, {7, 7}, {0, 7}}
	img := make([][2]float64, 4, 16)
	for i, m := range mod {
		img[i][0], img[i][1] = r.h.apply(m[0], m[1])
	}
	hom := r.h
	add := func(u, v, x, y float64) {
		mod, img = append(mod, [2]float64{u, v}), append(img, [2]float64{x, y})
		if g, ok := fitHomography(mod, img); ok {
			hom = g
		}
	}
	// Along the alignment patterns, nearest the finder first, then the
	// sub-pattern in the far corner.
	for _, cx := range qr.RMQRAlignment(w) {
		u := float64(cx) + 0.5
		for _, top := range []bool{true, false} {
			v := 1.5
			if !top {
				v = float64(h) - 1.5
			}
			if x, y, ok := rmqrAlignment(bm, hom, u, v, top); ok {
				add(u, v, x, y)
			}
		}
	}
	u, v := float64(w)-2.5, float64(h)-2.5
	x, y := hom.apply(u, v)
	g := grid{b: bm, h: hom}
	if x, y, ok := g.alignment(x, y, u, v); ok {
		add(u, v, x, y)
	}
	hom = refine(bm, hom, f, mod, img)
	at := sampled(bm, hom, w, h)
	// The format information beside the sub-pattern must agree, and the
	// timing patterns along the long edges alternate.
	if v2, l2, d := qr.RMQRFormat(rmqrFormatBits(at, w, h, true), true); d > 3 || v2 != r.v || l2 != r.l {
		if v1, l1, d := qr.RMQRFormat(rmqrFormatBits(at, w, h, false), false); d > 3 || v1 != r.v || l1 != r.l {
			return single{}, false
		}
	}
	miss := 0
	for x := 8; x < w-3; x++ {
		miss += b2i(at(x, 0) != (x%2 == 0)) + b2i(at(x, h-1) != (x%2 == 0))
	}
	if miss > w/10 {
		return single{}, false
	}
	return decodeSingle(f, 0, hom, at, p)
}

// refine fits h again to the points the fit had (the finder's outline
// when mod is nil) and to the symbol's edges: the rows and columns along
// its edges hold only function patterns, whose dark runs it finds along
// the line h puts through their centres, each boundary matched to the one
// the frame expects within 0.4 of a module, and whose outer edge it finds
// across the middle of each run. Twice, the second time through the
// first's fit: under perspective a projection fitted to a 7-module finder
// strays at the far end of a 17-module symbol.
func refine(bm *bitmap, h homography, f *qr.Frame, mod, img [][2]float64) homography {
	if mod == nil {
		mod = [][2]float64{{0, 0}, {7, 0}, {7, 7}, {0, 7}}
		img = make([][2]float64, 4)
		for i, m := range mod {
			img[i][0], img[i][1] = h.apply(m[0], m[1])
		}
	}
	for range 2 {
		m, i := edgePoints(bm, h, f)
		if g, ok := fitHomography(append(slices.Clip(mod), m...), append(slices.Clip(img), i...)); ok {
			h = g
		}
	}
	return h
}

// edgePoints returns module points on the outer edges of a symbol and
// where they lie in the image, found through h (see refine).
func edgePoints(bm *bitmap, h homography, f *qr.Frame) (mod, img [][2]float64) {
	w, ht := float64(f.Width), float64(f.Height)
	// An edge is its length in modules and the module point a along it
	// and d in from its outer boundary.
	type edge struct {
		n  int
		pt func(a, d float64) (u, v float64)
	}
	edges := []edge{
		{f.Width, func(a, d float64) (float64, float64) { return a, d }},  // top
		{f.Height, func(a, d float64) (float64, float64) { return d, a }}, // left
	}
	if f.Symbol == qr.RMQR { // rMQR has function patterns along all four edges
		edges = append(edges,
			edge{f.Width, func(a, d float64) (float64, float64) { return a, ht - d }},
			edge{f.Height, func(a, d float64) (float64, float64) { return w - d, a }})
	}
	const step = 0.125
	dark := func(e edge, a, d float64) bool {
		x, y := h.apply(e.pt(a, d))
		return bm.dark(x, y)
	}
	for _, e := range edges {
		// The boundaries the frame expects along the edge, light outside.
		var want []float64
		prev := false
		for i := 0; i <= e.n; i++ {
			u, v := e.pt(float64(i)+0.5, 0.5)
			d, ok := f.Fixed(int(math.Floor(u)), int(math.Floor(v)))
			if !ok {
				want = nil
				break
			}
			if d != prev {
				want = append(want, float64(i))
			}
			prev = d
		}
		// The boundaries seen along the line through the modules' centres.
		var seen []float64
		prev = false
		for a := -1.0; a <= float64(e.n)+1; a += step {
			if d := dark(e, a, 0.5); d != prev {
				seen = append(seen, a-step/2)
				prev = d
			}
		}
		// match returns the boundary seen within 0.4 module of t, if
		// exactly one is.
		match := func(t float64) (float64, bool) {
			k, _ := slices.BinarySearch(seen, t)
			found, n := 0.0, 0
			for _, j := range []int{k - 1, k, k + 1} {
				if j >= 0 && j < len(seen) && math.Abs(seen[j]-t) < 0.4 {
					found, n = seen[j], n+1
				}
			}
			return found, n == 1
		}
		for i := 0; i+1 < len(want); i += 2 { // each dark run
			a0, ok0 := match(want[i])
			a1, ok1 := match(want[i+1])
			if !ok0 || !ok1 {
				continue
			}
			mid := (a0 + a1) / 2
			// Across its middle from outside, to where the dark begins.
			for d := -1.0; d <= 0.5; d += step {
				if dark(e, mid, d) {
					u, v := e.pt((want[i]+want[i+1])/2, 0)
					x, y := h.apply(e.pt(mid, d-step/2))
					mod, img = append(mod, [2]float64{u, v}), append(img, [2]float64{x, y})
					break
				}
			}
		}
	}
	return mod, img
}

// rmqrAlignment looks for the 3 x 3 alignment pattern of an rMQR symbol
// (dark around a light centre) centred on module (u, v), at the top edge
// or the bottom one, near where h puts it: it slides the pattern, with the
// light quiet zone beyond the edge, over offsets of up to a module, and
// takes the middle of the offsets where the most modules match, if all
// but one do.
func rmqrAlignment(bm *bitmap, h homography, u, v float64, top bool) (float64, float64, bool) {
	x0, y0 := h.apply(u, v)
	x1, y1 := h.apply(u+1, v)
	x2, y2 := h.apply(u, v+1)
	ux, uy, vx, vy := x1-x0, y1-y0, x2-x0, y2-y0
	out := 2
	if top {
		out = -2
	}
	score := func(cx, cy float64) int {
		n := 0
		for dv := -2; dv <= 2; dv++ {
			for du := -1; du <= 1; du++ {
				if abs(dv) == 2 && dv != out {
					continue
				}
				want := abs(dv) == 1 || dv == 0 && du != 0
				px, py := cx+float64(du)*ux+float64(dv)*vx, cy+float64(du)*uy+float64(dv)*vy
				n += b2i(bm.dark(px, py) == want)
			}
		}
		return n
	}
	best, sx, sy, n := -1, 0.0, 0.0, 0
	for sv := -4; sv <= 4; sv++ {
		for su := -4; su <= 4; su++ {
			cx := x0 + 0.25*(float64(su)*ux+float64(sv)*vx)
			cy := y0 + 0.25*(float64(su)*uy+float64(sv)*vy)
			s := score(cx, cy)
			if s > best {
				best, sx, sy, n = s, 0, 0, 0
			}
			if s == best {
				sx, sy, n = sx+cx, sy+cy, n+1
			}
		}
	}
	return sx / float64(n), sy / float64(n), best >= 11
}

// sampled reads the modules of a symbol w x h through h once, and returns
// them.
func sampled(bm *bitmap, hom homography, w, h int) func(x, y int) bool {
	dark := make([]bool, w*h)
	at := modules(bm, hom)
	for y := range h {
		for x := range w {
			dark[y*w+x] = at(x, y)
		}
	}
	return func(x, y int) bool { return dark[y*w+x] }
}

// decodeSingle decodes the modules of a symbol through its frame, and
// places it in the caller's image.
func decodeSingle(f *qr.Frame, mask int, h homography, at func(x, y int) bool, p *plane) (single, bool) {
	r, raw, err := decodeFrame(f, mask, at)
	if err != nil {
		return single{}, false
	}
	w, ht := float64(f.Width), float64(f.Height)
	var s single
	pts := make([][2]float64, 4)
	for i, c := range [4][2]float64{{0, 0}, {w, 0}, {w, ht}, {0, ht}} {
		x, y := h.apply(c[0], c[1])
		s.outline[i] = [2]float64{x, y}
		bx, by := p.back(x, y)
		pts[i] = [2]float64{round2(bx), round2(by)}
	}
	ec := f.Level.String()
	s.sym = symbol{seq: -1, code: Code{
		Text: r.GetText(), Bytes: raw, Symbol: f.Symbol.String(),
		Version: f.Version, VersionName: qr.VersionName(f.Symbol, f.Version), EC: ec,
		Points: pts, aligned: true,
	}}
	return s, true
}

var errFormat = errors.New("scan: not a valid symbol")

// decodeFrame takes the data out of a Micro QR or rMQR symbol's modules:
// unmasked, read in placement order, split into blocks and corrected by
// Reed-Solomon (an M1 symbol, whose check codewords only detect errors,
// must need no correction). Its segments are then rewritten with QR's
// mode indicators and count widths and parsed by gozxing, which guesses
// the charset of byte segments as it does for QR; raw is the content with
// byte segments as they are (see contentBytes).
func decodeFrame(f *qr.Frame, mask int, at func(x, y int) bool) (r *common.DecoderResult, raw []byte, err error) {
	i := 0
	next := func(n int) int {
		v := 0
		for ; n > 0; n-- {
			xy := f.Bits[i]
			i++
			v = v<<1 | b2i(at(xy[0], xy[1]) != f.Masked(mask, xy[0], xy[1]))
		}
		return v
	}
	nd := (f.DataBits + 7) / 8
	cw := make([]int, f.Codewords)
	for k := range cw {
		n := 8
		if k == nd-1 && f.DataBits%8 == 4 {
			n = 4 // M1's and M3's last data codeword, the high half of a byte
		}
		cw[k] = next(n) << (8 - n)
	}
	// The blocks, the last nd%Blocks a data codeword longer, interleaved.
	nb, short := f.Blocks, nd/f.Blocks
	blocks := make([][]int, nb)
	for b := range blocks {
		n := short
		if b >= nb-nd%nb {
			n++
		}
		blocks[b] = make([]int, n, n+f.Check)
	}
	k := 0
	for j := 0; j <= short; j++ {
		for b := range blocks {
			if j < len(blocks[b]) {
				blocks[b][j] = cw[k]
				k++
			}
		}
	}
	for range f.Check {
		for b := range blocks {
			blocks[b] = append(blocks[b], cw[k])
			k++
		}
	}
	rs := reedsolomon.NewReedSolomonDecoder(reedsolomon.GenericGF_QR_CODE_FIELD_256)
	data := make([]byte, 0, nd)
	for _, blk := range blocks {
		got := slices.Clone(blk)
		if rs.Decode(got, f.Check) != nil {
			return nil, nil, errFormat
		}
		if f.Level == qr.DetectOnly && !slices.Equal(got, blk) {
			return nil, nil, errFormat
		}
		for _, c := range got[:len(got)-f.Check] {
			data = append(data, byte(c))
		}
	}
	stream, err := qrStream(f, data)
	if err != nil {
		return nil, nil, err
	}
	v40, _ := decoder.Version_GetVersionForNumber(40)
	level := decoder.ErrorCorrectionLevel_L
	if f.Level >= qr.L {
		level, _ = decoder.ErrorCorrectionLevel_ValueOf(f.Level.String())
	}
	r, err = decoder.DecodedBitStreamParser_Decode(stream, v40, level, nil)
	if err != nil {
		return nil, nil, err
	}
	return r, contentBytes(stream, r.GetText(), v40, level), nil
}

// qrStream rewrites the data bit stream of a Micro QR or rMQR symbol as a
// version-40 QR symbol's: each segment with QR's 4-bit mode indicator and
// its widest character count indicator, its characters as they are, ECI
// designators as they are, and QR's terminator.
func qrStream(f *qr.Frame, data []byte) ([]byte, error) {
	pos, end := 0, f.DataBits
	read := func(n int) int {
		v := 0
		for ; n > 0; n-- {
			v = v<<1 | int(data[pos>>3]>>(7-pos&7)&1)
			pos++
		}
		return v
	}
	var out []byte
	var acc uint64
	nacc := 0
	write := func(v, n int) {
		acc, nacc = acc<<n|uint64(v), nacc+n
		for nacc >= 8 {
			nacc -= 8
			out = append(out, byte(acc>>nacc))
		}
	}
	qrMode := [5]int{0b0001, 0b0010, 0b0100, 0b1000, 0b0111}
	qrCount := [4]int{14, 13, 16, 12}
	for {
		// The terminator, or what is left of it when the symbol is full.
		t := min(end-pos, f.TermBits)
		if t == 0 || read(t) == 0 {
			break
		}
		pos -= t
		m := 0
		if f.ModeBits > 0 {
			var ok bool
			if m, ok = f.Mode(read(f.ModeBits)); !ok {
				return nil, errFormat
			}
		}
		if m == 4 { // ECI: the designator in one, two or three bytes
			if end-pos < 8 {
				return nil, errFormat
			}
			first := read(8)
			write(qrMode[4], 4)
			write(first, 8)
			n := 0
			switch {
			case first&0x80 == 0:
			case first&0xc0 == 0x80:
				n = 8
			case first&0xe0 == 0xc0:
				n = 16
			default:
				return nil, errFormat
			}
			if end-pos < n {
				return nil, errFormat
			}
			write(read(n), n)
			continue
		}
		if end-pos < f.CountBits[m] {
			return nil, errFormat
		}
		count := read(f.CountBits[m])
		n := [4]int{10*(count/3) + [3]int{0, 4, 7}[count%3], 11*(count/2) + 6*(count%2), 8 * count, 13 * count}[m]
		if end-pos < n {
			return nil, errFormat
		}
		write(qrMode[m], 4)
		write(count, qrCount[m])
		for ; n > 0; n -= min(n, 16) {
			k := min(n, 16)
			write(read(k), k)
		}
	}
	write(0, 4)
	if nacc > 0 {
		write(0, 8-nacc)
	}
	return out, nil
}
