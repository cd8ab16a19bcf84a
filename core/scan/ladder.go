package scan

import (
	"image"
	"image/color"
	"math"
	"unsafe"

	"github.com/makiuchi-d/gozxing"
)

// A step is one rung of the ladder: a way to prepare the image and the
// reader that finds codes on it. prepare returns false when the step does
// not apply to this image (upscaling a large one, say).
type step struct {
	name    string
	prepare func(base *plane) (*plane, bool)
	read    reader
}

// reader finds and decodes the codes on one prepared plane within b, and
// reports the bound that ended it early, if one did. more says that it
// saw finder patterns that no code it read explains (see unexplained):
// another code may be there that a later rung reads.
type reader func(p *plane, b *bounds) (codes []Code, more bool, stop *StopError)

// ladder is tried in order until a step yields a code, most codes read
// per millisecond first: the order and the rungs are measured on the
// photo corpus and the hard set (see the package doc).
var ladder = []step{
	{"global threshold", asIs, gridReader(globalBits)},
	{"upscaled", upscaled(2), gridReader(hybridBits)},
	{"local threshold", asIs, gridReader(hybridBits)},
	{"inverted", inverted, gridReader(hybridBits)},
	{"denoised", denoised(2), gridReader(otsuBits)},
	{"denoised, stretched", denoisedStretched, gridReader(hybridBits)},
	{"sharpened", sharpened, gridReader(hybridBits)},
	{"flattened", flattened, gridReader(globalBits)},
	{"local mean", asIs, gridReader(localBits(4))},
	{"upscaled 3x", upscaled(3), gridReader(hybridBits)},
	{"upscaled 4x", upscaled(4), gridReader(hybridBits)},
	{"flattened, inverted", flattenedInverted, gridReader(globalBits)},
}

type binarizer func(gozxing.LuminanceSource) gozxing.Binarizer

var (
	hybrid = gozxing.NewHybridBinarizer
	global = gozxing.NewGlobalHistgramBinarizer

	// tryHarder makes the finder search scan every third row instead of
	// skipping rows in proportion to the image height.
	tryHarder = map[gozxing.DecodeHintType]interface{}{gozxing.DecodeHintType_TRY_HARDER: true}
)

// plane is a grey image, one byte per pixel, with the map from its
// coordinates back to the caller's image.
type plane struct {
	pix  []byte
	w, h int
	back func(x, y float64) (float64, float64)
}

func identity(x, y float64) (float64, float64) { return x, y }

func newPlane(w, h int, back func(x, y float64) (float64, float64)) *plane {
	return &plane{make([]byte, w*h), w, h, back}
}

func asIs(base *plane) (*plane, bool) { return base, true }

// inverted turns light-on-dark codes into the dark-on-light ones gozxing
// looks for; its ALSO_INVERTED hint is ignored by the QR reader.
func inverted(base *plane) (*plane, bool) {
	p := newPlane(base.w, base.h, base.back)
	for i, v := range base.pix {
		p.pix[i] = 255 - v
	}
	return p, true
}

// stretched maps the 1st to 99th percentile of grey onto the full range.
// The hybrid binarizer treats any 8x8 block spanning under 24 grey levels
// as flat, which erases a pastel code on a tinted card.
func stretched(base *plane) (*plane, bool) {
	var hist [256]int
	for _, v := range base.pix {
		hist[v]++
	}
	lo, hi := percentile(&hist, len(base.pix)/100), percentile(&hist, len(base.pix)-len(base.pix)/100)
	if hi-lo < 2 || hi-lo > 200 {
		return nil, false
	}
	var lut [256]byte
	for v := range lut {
		lut[v] = clamp8(float64(v-lo) * 255 / float64(hi-lo))
	}
	p := newPlane(base.w, base.h, base.back)
	for i, v := range base.pix {
		p.pix[i] = lut[v]
	}
	return p, true
}

// percentile returns the grey level below which n pixels fall.
func percentile(hist *[256]int, n int) int {
	sum := 0
	for v, c := range hist {
		sum += c
		if sum > n {
			return v
		}
	}
	return 255
}

// Decode shrinks every image to maxSide first: the work of a rung grows
// with the pixel count, and a rung cannot be interrupted. Images whose
// shorter side is under smallSide get an upscaled rung.
const (
	maxSide   = 2048
	smallSide = 400
)

// upscaled enlarges a small image f times (bilinear) so that modules of
// 1.5 to 3 pixels become wide enough for the finder-pattern run-length
// checks. Each factor moves the sampling grid against the modules
// differently: a blurred code at 2.5 pixels a module that one factor
// misreads, another reads (the style matrix in core/render finds codes
// that only 3x or only 4x rescues).
func upscaled(f float64) func(base *plane) (*plane, bool) {
	return func(base *plane) (*plane, bool) {
		if min(base.w, base.h) >= smallSide {
			return nil, false
		}
		return resample(base, f), true
	}
}

// sharpened applies a strong unsharp mask: out-of-focus codes lose their
// one-module gaps below any threshold, and subtracting a wide local mean
// restores them. The radius assumes a code spanning a good part of the
// frame (modules near a fiftieth of its shorter side).
func sharpened(base *plane) (*plane, bool) {
	r := max(2, min(base.w, base.h)/80)
	mean := boxBlur(base, r)
	p := newPlane(base.w, base.h, base.back)
	for i, v := range base.pix {
		p.pix[i] = clamp8(float64(v) + 4*(float64(v)-float64(mean[i])))
	}
	return p, true
}

// boxBlur returns the mean of each pixel's (2r+1)-square neighbourhood,
// edges repeated, by running sums along rows and then columns.
func boxBlur(p *plane, r int) []byte {
	tmp := make([]int32, len(p.pix))
	out := make([]byte, len(p.pix))
	n := int32(2*r + 1)
	for y := 0; y < p.h; y++ {
		row := p.pix[y*p.w : (y+1)*p.w]
		at := func(x int) int32 { return int32(row[min(p.w-1, max(0, x))]) }
		var sum int32
		for x := -r; x <= r; x++ {
			sum += at(x)
		}
		for x := 0; x < p.w; x++ {
			tmp[y*p.w+x] = sum
			sum += at(x+r+1) - at(x-r)
		}
	}
	for x := 0; x < p.w; x++ {
		at := func(y int) int32 { return tmp[min(p.h-1, max(0, y))*p.w+x] }
		var sum int32
		for y := -r; y <= r; y++ {
			sum += at(y)
		}
		for y := 0; y < p.h; y++ {
			out[y*p.w+x] = byte(sum / (n * n))
			sum += at(y+r+1) - at(y-r)
		}
	}
	return out
}

// denoised averages each (2r+1)-square neighbourhood: sensor noise as
// strong as a faint code's contrast breaks every run of a finder pattern,
// and averaging 25 pixels divides it by five.
func denoised(r int) func(base *plane) (*plane, bool) {
	return func(base *plane) (*plane, bool) {
		return &plane{boxBlur(base, r), base.w, base.h, base.back}, true
	}
}

// denoisedStretched averages each 7 x 7 neighbourhood and stretches the
// result: a code of 15 grey levels under noise of 8 becomes one of 200
// under noise of 1.
func denoisedStretched(base *plane) (*plane, bool) {
	p, _ := denoised(3)(base)
	return stretched(p)
}

// flattened subtracts the mean of each 49 x 49 neighbourhood and doubles
// what is left: glare or a shadow, broader than a finder pattern, goes;
// the modules stay. One threshold then fits the whole picture.
func flattened(base *plane) (*plane, bool) {
	mean := boxBlur(base, 24)
	p := newPlane(base.w, base.h, base.back)
	for i, v := range base.pix {
		p.pix[i] = byte(max(0, min(255, 128+2*(int(v)-int(mean[i])))))
	}
	return p, true
}

// flattenedInverted is flattened, light and dark swapped: a light code
// on a dark card photographed against a light table, whose frame pulls
// every threshold off but a local one, and which reads dark on light
// only once inverted.
func flattenedInverted(base *plane) (*plane, bool) {
	p, _ := flattened(base)
	for i, v := range p.pix {
		p.pix[i] = 255 - v
	}
	return p, true
}

// resample scales base by f: area averaging when shrinking, bilinear when
// enlarging.
func resample(base *plane, f float64) *plane {
	w, h := max(1, int(float64(base.w)*f)), max(1, int(float64(base.h)*f))
	fx, fy := float64(base.w)/float64(w), float64(base.h)/float64(h)
	p := newPlane(w, h, func(x, y float64) (float64, float64) { return base.back(x*fx, y*fy) })
	if f >= 1 {
		enlarge(base, p, fx, fy)
		return p
	}
	if k := int(math.Round(1 / f)); float64(base.w)/float64(k) == float64(w) && float64(base.h)/float64(k) == float64(h) {
		shrinkBy(base, p, k)
		return p
	}
	// Output pixel (x, y) averages source columns x0 to x1 and rows y0
	// to y1, the bounds found once per column and per row.
	bounds := func(i int, f float64, n int) (lo, hi int) {
		lo = int(float64(i) * f)
		return lo, min(n, max(lo+1, int(float64(i+1)*f)))
	}
	x0s, x1s := make([]int, w), make([]int, w)
	for x := range w {
		x0s[x], x1s[x] = bounds(x, fx, base.w)
	}
	sums := make([]int, w)
	for y := 0; y < h; y++ {
		y0, y1 := bounds(y, fy, base.h)
		clear(sums)
		for yy := y0; yy < y1; yy++ {
			src := base.pix[yy*base.w : (yy+1)*base.w]
			for x := range w {
				for _, v := range src[x0s[x]:x1s[x]] {
					sums[x] += int(v)
				}
			}
		}
		for x := range w {
			p.pix[y*w+x] = byte(sums[x] / max(1, (y1-y0)*(x1s[x]-x0s[x])))
		}
	}
	return p
}

// shrinkBy fills p with the means of base's k x k blocks: what the general
// area averaging of resample gives when the factor is whole, in one
// streaming pass.
func shrinkBy(base, p *plane, k int) {
	sums := make([]int, p.w)
	n := k * k
	for y := range p.h {
		clear(sums)
		for yy := y * k; yy < (y+1)*k; yy++ {
			src := base.pix[yy*base.w : yy*base.w+p.w*k]
			for x := range p.w {
				s := 0
				for _, v := range src[x*k : x*k+k] {
					s += int(v)
				}
				sums[x] += s
			}
		}
		for x, s := range sums {
			p.pix[y*p.w+x] = byte(s / n)
		}
	}
}

// enlarge fills p with base sampled bilinearly at the centre of each of
// p's pixels, as plane.bilinear samples, computed the same way but with
// each column's and row's neighbours and weights found once: the upscaled
// rungs spent a third of a verify in bilinear's per-pixel arithmetic.
func enlarge(base, p *plane, fx, fy float64) {
	type tap struct {
		i0 int     // first source index; -1 past the left or top edge
		a  float64 // weight of the second
	}
	taps := func(n, max int, scale float64) []tap {
		out := make([]tap, n)
		for i := range out {
			v := (float64(i)+0.5)*scale - 0.5
			i0 := int(math.Floor(v))
			out[i] = tap{i0, v - float64(i0)}
		}
		return out
	}
	xs, ys := taps(p.w, base.w, fx), taps(p.h, base.h, fy)
	at := func(i, j int) float64 {
		if i < 0 || j < 0 || i >= base.w || j >= base.h {
			return 255
		}
		return float64(base.pix[j*base.w+i])
	}
	for y, ty := range ys {
		row := p.pix[y*p.w : (y+1)*p.w]
		for x, tx := range xs {
			top := at(tx.i0, ty.i0)*(1-tx.a) + at(tx.i0+1, ty.i0)*tx.a
			bottom := at(tx.i0, ty.i0+1)*(1-tx.a) + at(tx.i0+1, ty.i0+1)*tx.a
			row[x] = clamp8(top*(1-ty.a) + bottom*ty.a)
		}
	}
}

// tentSampled shrinks base by f (f < 1) with a tent filter two output
// pixels wide, as x/image's BiLinear does: each output pixel also takes
// light from its neighbours' areas, as through a slightly soft lens. The
// weights are fixed-point integers (14 bits), so a pass is integer
// multiply-adds: Verify takes eight pictures through it.
func tentSampled(base *plane, f float64) *plane {
	w, h := max(1, int(math.Round(float64(base.w)*f))), max(1, int(math.Round(float64(base.h)*f)))
	fx, fy := float64(base.w)/float64(w), float64(base.h)/float64(h)
	const one = 1 << 14
	// tent returns the weights of the source pixels around centre c (in
	// source pixels) for a tent of half-width r, summing to one, and the
	// first one's index.
	tent := func(c, r float64, n int) (int, []int32) {
		lo, hi := max(0, int(c-r)), min(n, int(c+r)+1)
		fs, sum := make([]float64, hi-lo), 0.0
		for s := lo; s < hi; s++ {
			fs[s-lo] = max(0, 1-math.Abs(float64(s)+0.5-c)/r)
			sum += fs[s-lo]
		}
		ws, total := make([]int32, len(fs)), int32(0)
		for i, v := range fs {
			ws[i] = int32(math.Round(v / sum * one))
			total += ws[i]
		}
		ws[len(ws)/2] += one - total // the rounding's remainder to the middle tap
		return lo, ws
	}
	rows := make([]int32, w*base.h) // filtered along x, scaled by one
	los, wss := make([]int, w), make([][]int32, w)
	for x := range w {
		los[x], wss[x] = tent((float64(x)+0.5)*fx, fx, base.w)
	}
	for y := 0; y < base.h; y++ { // row by row, as the pixels lie in memory
		src := base.pix[y*base.w : (y+1)*base.w]
		out := rows[y*w : (y+1)*w]
		for x, ws := range wss {
			v := int32(0)
			for i, wt := range ws {
				v += wt * int32(src[los[x]+i])
			}
			out[x] = v
		}
	}
	p := newPlane(w, h, func(x, y float64) (float64, float64) { return base.back(x*fx, y*fy) })
	acc := make([]int64, w)
	for y := 0; y < h; y++ {
		lo, ws := tent((float64(y)+0.5)*fy, fy, base.h)
		clear(acc)
		for i, wt := range ws {
			for x, v := range rows[(lo+i)*w : (lo+i+1)*w] {
				acc[x] += int64(wt) * int64(v)
			}
		}
		for x, v := range acc {
			p.pix[y*w+x] = byte(min(255, max(0, (v+one*one/2)>>28)))
		}
	}
	return p
}

// bilinear samples the plane at continuous coordinates (pixel i spans
// [i, i+1)); outside the image it reads white, like a quiet zone.
func (p *plane) bilinear(x, y float64) byte {
	x, y = x-0.5, y-0.5
	x0, y0 := int(math.Floor(x)), int(math.Floor(y))
	ax, ay := x-float64(x0), y-float64(y0)
	at := func(i, j int) float64 {
		if i < 0 || j < 0 || i >= p.w || j >= p.h {
			return 255
		}
		return float64(p.pix[j*p.w+i])
	}
	top := at(x0, y0)*(1-ax) + at(x0+1, y0)*ax
	bottom := at(x0, y0+1)*(1-ax) + at(x0+1, y0+1)*ax
	return clamp8(top*(1-ay) + bottom*ay)
}

func clamp8(v float64) byte {
	// Compared, not max(0, min(255, v)): float min and max are calls in
	// WebAssembly, a fifth of the upscaled rungs' time. NaN is 0.
	switch {
	case !(v >= 0.5):
		return 0
	case v >= 254.5:
		return 255
	}
	return byte(math.Round(v))
}

// luminance converts img to grey the way zxing weighs channels,
// (R + 2G + B) / 4, with transparency composited over white: a dark code
// on a transparent background reads as printed on paper. An image whose
// longer side exceeds maxSide (0 for no limit) is shrunk to it by area
// averaging as its rows are converted, so a large photo never has a
// full-size grey copy: its decoded pixels and one row of sums are all the
// memory it takes.
func luminance(img image.Image, maxSide int) *plane {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	row := greyRows(img)
	if long := max(w, h); maxSide <= 0 || long <= maxSide {
		p := newPlane(w, h, identity)
		for y := range h {
			row(b.Min.Y+y, p.pix[y*w:(y+1)*w])
		}
		return p
	}
	// As resample does: output pixel x averages source columns
	// int(x*fx) to int((x+1)*fx), and likewise for rows, which partition
	// the source when shrinking, so rows can be summed as they come.
	f := float64(maxSide) / float64(max(w, h))
	ow, oh := max(1, int(float64(w)*f)), max(1, int(float64(h)*f))
	fx, fy := float64(w)/float64(ow), float64(h)/float64(oh)
	p := newPlane(ow, oh, func(x, y float64) (float64, float64) { return x * fx, y * fy })
	src := make([]byte, w)
	sums := make([]int, ow)
	for oy := range oh {
		y0, y1 := int(float64(oy)*fy), min(h, int(float64(oy+1)*fy))
		clear(sums)
		for y := y0; y < y1; y++ {
			row(b.Min.Y+y, src)
			for ox := range ow {
				x0, x1 := int(float64(ox)*fx), min(w, int(float64(ox+1)*fx))
				for _, v := range src[x0:x1] {
					sums[ox] += int(v)
				}
			}
		}
		for ox := range ow {
			x0, x1 := int(float64(ox)*fx), min(w, int(float64(ox+1)*fx))
			p.pix[oy*ow+ox] = byte(sums[ox] / max(1, (y1-y0)*(x1-x0)))
		}
	}
	return p
}

// greyRows returns a function writing row y of img (in img's coordinates)
// as grey into dst, which is img's width. Each type the decoders return
// has its own loop: going through At would allocate for every pixel.
func greyRows(img image.Image) func(y int, dst []byte) {
	b := img.Bounds()
	switch m := img.(type) {
	case *image.Gray:
		return func(y int, dst []byte) { copy(dst, m.Pix[m.PixOffset(b.Min.X, y):]) }
	case *image.YCbCr:
		// JPEG's luma is already a grey image; use it as is.
		return func(y int, dst []byte) { copy(dst, m.Y[m.YOffset(b.Min.X, y):]) }
	case *image.NYCbCrA:
		return func(y int, dst []byte) {
			yo, ao := m.YOffset(b.Min.X, y), m.AOffset(b.Min.X, y)
			for x := range dst {
				dst[x] = overWhite(m.Y[yo+x], m.A[ao+x])
			}
		}
	case *image.NRGBA:
		return func(y int, dst []byte) {
			rgbaRow(m.Pix[m.PixOffset(b.Min.X, y):], dst, func(v uint32) byte {
				return overWhite(grey(uint8(v), uint8(v>>8), uint8(v>>16)), uint8(v>>24))
			})
		}
	case *image.RGBA:
		return func(y int, dst []byte) {
			rgbaRow(m.Pix[m.PixOffset(b.Min.X, y):], dst, func(v uint32) byte {
				// Premultiplied: adding the uncovered share of white
				// composites it.
				return byte(min(255, int(grey(uint8(v), uint8(v>>8), uint8(v>>16)))+255-int(v>>24)))
			})
		}
	case *image.Gray16:
		return func(y int, dst []byte) {
			row := m.Pix[m.PixOffset(b.Min.X, y):]
			for x := range dst {
				dst[x] = row[2*x] // the high byte
			}
		}
	case *image.NRGBA64:
		return func(y int, dst []byte) {
			row := m.Pix[m.PixOffset(b.Min.X, y):]
			for x := range dst {
				c := row[8*x : 8*x+8]
				dst[x] = overWhite(grey(c[0], c[2], c[4]), c[6])
			}
		}
	case *image.RGBA64:
		return func(y int, dst []byte) {
			row := m.Pix[m.PixOffset(b.Min.X, y):]
			for x := range dst {
				c := row[8*x : 8*x+8]
				dst[x] = byte(min(255, int(grey(c[0], c[2], c[4]))+255-int(c[6])))
			}
		}
	case *image.CMYK:
		return func(y int, dst []byte) {
			row := m.Pix[m.PixOffset(b.Min.X, y):]
			for x := range dst {
				r, g, bl := color.CMYKToRGB(row[4*x], row[4*x+1], row[4*x+2], row[4*x+3])
				dst[x] = grey(r, g, bl)
			}
		}
	case *image.Paletted:
		var lut [256]byte
		for k, c := range m.Palette {
			lut[k] = paletteGrey(c)
		}
		return func(y int, dst []byte) {
			for x, k := range m.Pix[m.PixOffset(b.Min.X, y):][:len(dst)] {
				dst[x] = lut[k]
			}
		}
	}
	return func(y int, dst []byte) {
		for x := range dst {
			dst[x] = paletteGrey(img.At(b.Min.X+x, y))
		}
	}
}

// rgbaRow writes the grey of the 8-bit RGBA pixels of pix into dst,
// four at a time while all four are opaque (as in photos: both the
// premultiplied and the plain form are then the colour's grey), and
// through mixed, which composites over white, where one is not. A pixel
// at a time, converting a photo was a fifth of decoding it in
// WebAssembly; two pixels a 64-bit word take two fifths of that time.
func rgbaRow(pix, dst []byte, mixed func(v uint32) byte) {
	n := len(dst) &^ 3
	pairs, out := pixels64(pix, n/2), pixels32(dst, n/4) // out: four grey bytes a word
	for i := range out {
		v0, v1 := pairs[2*i], pairs[2*i+1]
		if (v0&v1)>>24&twoLanes != twoLanes {
			for k, v := range pixels32(pix[16*i:], 4) {
				dst[4*i+k] = mixed(v)
			}
			continue
		}
		out[i] = greys(v0) | greys(v1)<<16
	}
	for k, v := range pixels32(pix[4*n:], len(dst)-n) {
		dst[n+k] = mixed(v)
	}
}

// twoLanes masks the low byte of each pixel of two in a 64-bit word.
const twoLanes = 0x000000ff_000000ff

// greys is grey of two opaque RGBA pixels at once, both sums in their
// own 32-bit lane, returned as two grey bytes.
func greys(v uint64) uint32 {
	s := (v&twoLanes + 2*(v>>8&twoLanes) + v>>16&twoLanes) >> 2 & 0x000003ff_000003ff
	return uint32(s|s>>24) & 0xffff
}

// pixels32 views the first n 8-bit RGBA pixels of pix as little-endian
// words, red in the low byte, and pixels64 two at a time: one load where
// four or eight byte loads, each bounds-checked, made converting a photo
// a quarter of its decoding in WebAssembly. Both targets (amd64, wasm)
// are little-endian and allow unaligned loads.
func pixels32(pix []byte, n int) []uint32 {
	if n == 0 {
		return nil
	}
	return unsafe.Slice((*uint32)(unsafe.Pointer(&pix[:4*n][0])), n)
}

func pixels64(pix []byte, n int) []uint64 {
	if n == 0 {
		return nil
	}
	return unsafe.Slice((*uint64)(unsafe.Pointer(&pix[:8*n][0])), n)
}

func grey(r, g, b uint8) uint8 {
	return uint8((int(r) + 2*int(g) + int(b)) / 4)
}

func overWhite(l, a uint8) uint8 {
	return uint8((int(l)*int(a) + 255*(255-int(a))) / 255)
}

// paletteGrey converts any colour through its premultiplied 16-bit RGBA.
func paletteGrey(c color.Color) uint8 {
	r, g, b, a := c.RGBA()
	l := (r+2*g+b)/4 + 0xffff - a
	return uint8(min(0xffff, l) >> 8)
}
