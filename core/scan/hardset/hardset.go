// Package hardset generates a deterministic set of degraded QR code images
// for decoder tests and benchmarks: clean codes plus the damage real photos
// and screenshots carry (blur, inversion, low contrast, rotation, tiny
// modules, perspective, JPEG artefacts, noise, a small code in a busy scene,
// two codes in one image). Nothing is downloaded; the same seed always gives
// the same pixels, so decoders can be compared side by side on files written
// from it.
package hardset

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"math"
	"math/rand"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/common"
	"github.com/makiuchi-d/gozxing/qrcode"
)

// Sample is one image of the set and what a decoder should find in it.
type Sample struct {
	Class string   // degradation class, one of Classes
	Texts []string // the text of every code in the image, left to right
	// Quads holds, for each code in Texts, its four outer corners in image
	// pixels (quiet zone excluded), clockwise from the code's top-left.
	Quads [][4][2]float64
	Image image.Image
}

// Classes lists the degradation classes in the order Generate emits them.
var Classes = []string{
	"clean", "blur", "inverted", "low-contrast", "rotated-15", "small-120",
	"perspective", "jpeg-30", "noise", "small-in-photo", "two-codes",
}

// Generate returns perClass samples of every class, drawn from a PRNG
// seeded with seed.
func Generate(seed int64, perClass int) ([]Sample, error) {
	return draw(seed, perClass, Classes, sample)
}

// draw makes perClass samples of each class in turn with one PRNG seeded
// with seed: the same seed, the same pixels.
func draw(seed int64, perClass int, classes []string, sample func(*rand.Rand, string) (Sample, error)) ([]Sample, error) {
	rng := rand.New(rand.NewSource(seed))
	var set []Sample
	for _, class := range classes {
		for i := 0; i < perClass; i++ {
			s, err := sample(rng, class)
			if err != nil {
				return nil, fmt.Errorf("hardset: %s #%d: %w", class, i, err)
			}
			set = append(set, s)
		}
	}
	return set, nil
}

var (
	white = color.NRGBA{255, 255, 255, 255}
	black = color.NRGBA{0, 0, 0, 255}
)

func sample(rng *rand.Rand, class string) (Sample, error) {
	maxLen := 300
	switch class {
	case "small-120":
		// At 120 px a version 10 code would have modules under 2 px,
		// beyond any camera; keep to what people print that small.
		maxLen = 70
	case "small-in-photo":
		maxLen = 120 // a poster's link, not a page of text

	}
	text := randomText(rng, maxLen)
	c, err := newCode(text, rng)
	if err != nil {
		return Sample{}, err
	}
	const size = 400
	cv := newCanvas(size, size, white)
	at := square(c, size/2, size/2, size, 0)
	s := Sample{Class: class, Texts: []string{text}}

	switch class {
	case "clean":
		cv.paint(c, at, black, white)
	case "blur":
		cv.paint(c, at, black, white)
		module := float64(size) / float64(c.dim+2*quiet)
		cv.blur(module * (0.35 + 0.25*rng.Float64()))
	case "inverted":
		cv = newCanvas(size, size, black)
		cv.paint(c, at, white, black)
	case "low-contrast":
		fg, bg := lowContrastPair(rng)
		cv = newCanvas(size, size, bg)
		cv.paint(c, at, fg, bg)
	case "rotated-15":
		angle := 15.0
		if rng.Intn(2) == 0 {
			angle = -15
		}
		at = square(c, size/2, size/2, size*0.85, angle)
		cv.paint(c, at, black, white)
	case "small-120":
		cv = newCanvas(120, 120, white)
		at = square(c, 60, 60, 120, 0)
		cv.paint(c, at, black, white)
	case "perspective":
		at = tilted(c, size, rng)
		cv.paint(c, at, black, white)
	case "jpeg-30":
		fg := color.NRGBA{uint8(rng.Intn(60)), uint8(rng.Intn(60)), uint8(40 + rng.Intn(80)), 255}
		bg := color.NRGBA{uint8(220 + rng.Intn(36)), uint8(220 + rng.Intn(36)), uint8(200 + rng.Intn(56)), 255}
		cv = newCanvas(size, size, bg)
		at = square(c, size/2, size/2, size*(0.8+0.2*rng.Float64()), 0)
		cv.paint(c, at, fg, bg)
	case "noise":
		cv.paint(c, at, black, white)
		cv.noise(rng, 35+15*rng.Float64())
	case "small-in-photo":
		cv = photo(rng, 1600, 1200)
		side := 180 + 60*rng.Float64()
		cx := side + rng.Float64()*(1600-2*side)
		cy := side + rng.Float64()*(1200-2*side)
		at = square(c, cx, cy, side, 10*rng.Float64()-5)
		cv.paint(c, at, color.NRGBA{20, 20, 30, 255}, color.NRGBA{245, 245, 240, 255})
	case "two-codes":
		second := randomText(rng, 120)
		c2, err := newCode(second, rng)
		if err != nil {
			return Sample{}, err
		}
		cv = newCanvas(2*size, size, white)
		at = square(c, size/2, size/2, size*0.9, 0)
		other := square(c2, size*3/2, size/2, size*0.9, 0)
		cv.paint(c, at, black, white)
		cv.paint(c2, other, black, white)
		s.Texts = append(s.Texts, second)
		s.Quads = append(s.Quads, at.inner)
		at = other
	}
	s.Quads = append(s.Quads, at.inner)
	s.Image = cv.img
	if class == "jpeg-30" {
		s.Image, err = jpegRoundTrip(cv.img, 30)
	}
	return s, err
}

// randomText returns one of the payload shapes people put in codes, at most
// about limit bytes long.
func randomText(rng *rand.Rand, limit int) string {
	const letters = "abcdefghijklmnopqrstuvwxyz0123456789"
	word := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = letters[rng.Intn(len(letters))]
		}
		return string(b)
	}
	switch rng.Intn(5) {
	case 0:
		return "https://example.com/" + word(4+rng.Intn(12))
	case 1:
		return "WIFI:T:WPA;S:" + word(4+rng.Intn(8)) + ";P:" + word(8+rng.Intn(8)) + ";;"
	case 2:
		return "tel:+1" + fmt.Sprint(2000000000+rng.Int63n(7999999999))
	case 3:
		return "BEGIN:VCARD\nVERSION:3.0\nFN:" + word(5) + " " + word(7) + "\nEMAIL:" + word(6) + "@example.org\nEND:VCARD"
	}
	return randomWords(rng, 10+rng.Intn(limit-10))
}

// lowContrastPair returns a dark and a light colour whose luminances (as
// zxing weighs them) differ by 15 to 40 out of 255, like a pastel code on
// a tinted card.
func lowContrastPair(rng *rand.Rand) (fg, bg color.NRGBA) {
	base := 90 + rng.Intn(110)
	gap := 15 + rng.Intn(26)
	tint := func(l int) color.NRGBA {
		r := l + rng.Intn(21) - 10
		b := l + rng.Intn(21) - 10
		g := (4*l - r - b) / 2
		return color.NRGBA{clamp8(float64(r)), clamp8(float64(g)), clamp8(float64(b)), 255}
	}
	return tint(base), tint(base + gap)
}

const quiet = 4 // quiet zone in modules, as the generation endpoints default

// code is a QR symbol as one bit per module.
type code struct {
	bits *gozxing.BitMatrix
	dim  int
}

func newCode(text string, rng *rand.Rand) (code, error) {
	levels := []string{"L", "M", "Q", "H"}
	hints := map[gozxing.EncodeHintType]interface{}{
		gozxing.EncodeHintType_ERROR_CORRECTION: levels[rng.Intn(len(levels))],
		gozxing.EncodeHintType_MARGIN:           0,
	}
	m, err := qrcode.NewQRCodeWriter().Encode(text, gozxing.BarcodeFormat_QR_CODE, 0, 0, hints)
	if err != nil {
		return code{}, err
	}
	return code{m, m.GetWidth()}, nil
}

func (c code) dark(x, y float64) bool {
	if x < 0 || y < 0 || x >= float64(c.dim) || y >= float64(c.dim) {
		return false
	}
	return c.bits.Get(int(x), int(y))
}

// placement says where a code lands in the image: the corners of the
// symbol itself and of the symbol with its quiet zone, clockwise from the
// code's top-left.
type placement struct {
	inner, outer [4][2]float64
}

// square places code c upright-square with its quiet zone spanning side
// pixels, centred on (cx, cy) and turned deg degrees clockwise.
func square(c code, cx, cy, side, deg float64) placement {
	total := float64(c.dim + 2*quiet)
	sin, cos := math.Sincos(deg * math.Pi / 180)
	at := func(u, v float64) [2]float64 { // module coordinates, centre at 0
		x, y := u*side/total, v*side/total
		return [2]float64{cx + x*cos - y*sin, cy + x*sin + y*cos}
	}
	h, q := float64(c.dim)/2, total/2
	return placement{
		inner: [4][2]float64{at(-h, -h), at(h, -h), at(h, h), at(-h, h)},
		outer: [4][2]float64{at(-q, -q), at(q, -q), at(q, q), at(-q, q)},
	}
}

// tilted places code c as if photographed from below or from one side:
// one edge is 65 to 80 percent as long as the opposite one.
func tilted(c code, size int, rng *rand.Rand) placement {
	p := square(c, float64(size)/2, float64(size)/2, float64(size)*0.9, 6*rng.Float64()-3)
	shrink := 0.65 + 0.15*rng.Float64()
	return recede(c, p, rng.Intn(4), shrink)
}

// recede shrinks p's edge from corner a to the next one to shrink times
// its length, about its middle, as a camera sees an edge further away.
// The symbol's corners follow through the same projective map, so the
// quiet zone stays a true frame in perspective.
func recede(c code, p placement, a int, shrink float64) placement {
	b := (a + 1) % 4
	mx, my := (p.outer[a][0]+p.outer[b][0])/2, (p.outer[a][1]+p.outer[b][1])/2
	for _, i := range []int{a, b} {
		p.outer[i][0] = mx + (p.outer[i][0]-mx)*shrink
		p.outer[i][1] = my + (p.outer[i][1]-my)*shrink
	}
	toImage := quadToQuad(unitOuter(c), p.outer)
	d, q := float64(c.dim), float64(quiet)
	for i, m := range [4][2]float64{{q, q}, {q + d, q}, {q + d, q + d}, {q, q + d}} {
		p.inner[i] = apply(toImage, m[0], m[1])
	}
	return p
}

// unitOuter is the quiet-zone frame of c in module coordinates, the
// symbol's first module at (quiet, quiet).
func unitOuter(c code) [4][2]float64 {
	t := float64(c.dim + 2*quiet)
	return [4][2]float64{{0, 0}, {t, 0}, {t, t}, {0, t}}
}

func quadToQuad(from, to [4][2]float64) *common.PerspectiveTransform {
	return common.PerspectiveTransform_QuadrilateralToQuadrilateral(
		from[0][0], from[0][1], from[1][0], from[1][1], from[2][0], from[2][1], from[3][0], from[3][1],
		to[0][0], to[0][1], to[1][0], to[1][1], to[2][0], to[2][1], to[3][0], to[3][1])
}

func apply(t *common.PerspectiveTransform, x, y float64) [2]float64 {
	p := []float64{x, y}
	t.TransformPoints(p)
	return [2]float64{p[0], p[1]}
}

// canvas is an RGB image being drawn.
type canvas struct {
	img  *image.NRGBA
	w, h int
}

func newCanvas(w, h int, bg color.NRGBA) *canvas {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = bg.R, bg.G, bg.B, 255
	}
	return &canvas{img, w, h}
}

// paint draws code c with its quiet zone at p, fg on bg, anti-aliased by
// sampling 4x4 points per pixel the way a camera sensor averages light.
func (cv *canvas) paint(c code, p placement, fg, bg color.NRGBA) {
	toModules := quadToQuad(p.outer, unitOuter(c))
	x0, y0, x1, y1 := bounds(p.outer, cv.w, cv.h)
	const n = 4
	pt := make([]float64, 2)
	total := float64(c.dim + 2*quiet)
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			var inside, dark int
			for sy := 0; sy < n; sy++ {
				for sx := 0; sx < n; sx++ {
					pt[0] = float64(x) + (float64(sx)+0.5)/n
					pt[1] = float64(y) + (float64(sy)+0.5)/n
					toModules.TransformPoints(pt)
					if pt[0] < 0 || pt[1] < 0 || pt[0] >= total || pt[1] >= total {
						continue
					}
					inside++
					if c.dark(pt[0]-quiet, pt[1]-quiet) {
						dark++
					}
				}
			}
			if inside == 0 {
				continue
			}
			i := y*cv.img.Stride + 4*x
			px := cv.img.Pix[i : i+3]
			fIn, fDark := float64(inside)/(n*n), float64(dark)/(n*n)
			for k, v := range [3][2]uint8{{fg.R, bg.R}, {fg.G, bg.G}, {fg.B, bg.B}} {
				mix := float64(v[0])*fDark + float64(v[1])*(fIn-fDark) + float64(px[k])*(1-fIn)
				px[k] = clamp8(mix)
			}
		}
	}
}

func bounds(q [4][2]float64, w, h int) (x0, y0, x1, y1 int) {
	minX, minY, maxX, maxY := q[0][0], q[0][1], q[0][0], q[0][1]
	for _, p := range q[1:] {
		minX, maxX = math.Min(minX, p[0]), math.Max(maxX, p[0])
		minY, maxY = math.Min(minY, p[1]), math.Max(maxY, p[1])
	}
	clampI := func(v float64, hi int) int { return max(0, min(hi, int(v))) }
	return clampI(math.Floor(minX), w), clampI(math.Floor(minY), h),
		clampI(math.Ceil(maxX)+1, w), clampI(math.Ceil(maxY)+1, h)
}

// blur applies an approximately Gaussian blur of the given sigma in pixels
// (three box passes each way).
func (cv *canvas) blur(sigma float64) {
	// Three boxes of width w have variance 3(w^2-1)/12 = sigma^2.
	r := int(math.Round((math.Sqrt(4*sigma*sigma+1) - 1) / 2))
	if r < 1 {
		return
	}
	line := make([]float64, max(cv.w, cv.h))
	for ch := 0; ch < 3; ch++ {
		for pass := 0; pass < 3; pass++ {
			for y := 0; y < cv.h; y++ {
				boxLine(cv.img.Pix[y*cv.img.Stride+ch:], 4, cv.w, r, line)
			}
			for x := 0; x < cv.w; x++ {
				boxLine(cv.img.Pix[4*x+ch:], cv.img.Stride, cv.h, r, line)
			}
		}
	}
}

// boxLine averages n samples spaced step apart in pix over a window of
// radius r, repeating the edge samples beyond the ends.
func boxLine(pix []uint8, step, n, r int, tmp []float64) {
	at := func(i int) float64 { return float64(pix[max(0, min(n-1, i))*step]) }
	sum := 0.0
	for i := -r; i <= r; i++ {
		sum += at(i)
	}
	for i := 0; i < n; i++ {
		tmp[i] = sum / float64(2*r+1)
		sum += at(i+r+1) - at(i-r)
	}
	for i := 0; i < n; i++ {
		pix[i*step] = clamp8(tmp[i])
	}
}

// noise adds grey Gaussian sensor noise of the given standard deviation.
func (cv *canvas) noise(rng *rand.Rand, sigma float64) {
	for i := 0; i < len(cv.img.Pix); i += 4 {
		d := rng.NormFloat64() * sigma
		for k := 0; k < 3; k++ {
			cv.img.Pix[i+k] = clamp8(float64(cv.img.Pix[i+k]) + d)
		}
	}
}

// photo returns a w x h scene with the textures that trip finder-pattern
// search: a lighting gradient, soft blotches and hard-edged dark and light
// rectangles.
func photo(rng *rand.Rand, w, h int) *canvas {
	cv := newCanvas(w, h, white)
	type blob struct{ x, y, r, amp float64 }
	blobs := make([]blob, 12)
	for i := range blobs {
		blobs[i] = blob{rng.Float64() * float64(w), rng.Float64() * float64(h),
			80 + 300*rng.Float64(), 120*rng.Float64() - 60}
	}
	tint := [3]float64{0.9 + 0.2*rng.Float64(), 1, 0.8 + 0.2*rng.Float64()}
	// A Gaussian blob is separable: exp(-(dx²+dy²)/2r²) = gx(x)·gy(y).
	gx, gy := make([][]float64, len(blobs)), make([][]float64, len(blobs))
	for j, b := range blobs {
		gx[j], gy[j] = make([]float64, w), make([]float64, h)
		for x := range gx[j] {
			d := float64(x) - b.x
			gx[j][x] = math.Exp(-d * d / (2 * b.r * b.r))
		}
		for y := range gy[j] {
			d := float64(y) - b.y
			gy[j][y] = b.amp * math.Exp(-d*d/(2*b.r*b.r))
		}
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			l := 90 + 90*float64(x)/float64(w) + 30*float64(y)/float64(h)
			for j := range blobs {
				l += gx[j][x] * gy[j][y]
			}
			i := y*cv.img.Stride + 4*x
			for k := 0; k < 3; k++ {
				cv.img.Pix[i+k] = clamp8(l * tint[k])
			}
		}
	}
	for i := 0; i < 40; i++ {
		rw, rh := 10+rng.Intn(120), 10+rng.Intn(120)
		rx, ry := rng.Intn(w-rw), rng.Intn(h-rh)
		v := uint8(rng.Intn(2) * 230)
		for y := ry; y < ry+rh; y++ {
			for x := rx; x < rx+rw; x++ {
				i := y*cv.img.Stride + 4*x
				cv.img.Pix[i], cv.img.Pix[i+1], cv.img.Pix[i+2] = v, v, v
			}
		}
	}
	cv.noise(rng, 6)
	return cv
}

func jpegRoundTrip(img image.Image, quality int) (image.Image, error) {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: quality}); err != nil {
		return nil, err
	}
	return jpeg.Decode(&buf)
}

func clamp8(v float64) uint8 {
	return uint8(max(0, min(255, math.Round(v))))
}
