package hardset

import (
	"fmt"
	"math"
	"math/rand"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"
	"github.com/makiuchi-d/gozxing/qrcode/decoder"
)

// The faint set: codes whose dark and light lie a few grey levels apart
// under Gaussian sensor noise, as a faded print photographed under glare
// gives. Every combination of FaintVersions, FaintContrasts and FaintNoise
// is drawn perCell times.
var (
	FaintVersions  = []int{2, 5, 10, 15}
	FaintContrasts = []int{10, 15, 20, 25} // grey levels between dark and light
	FaintNoise     = []float64{4, 8, 12}   // the noise's standard deviation, in grey levels
)

// FaintClass names a cell of the faint set.
func FaintClass(version, contrast int, sigma float64) string {
	return fmt.Sprintf("v%d c%d n%g", version, contrast, sigma)
}

// Faint returns perCell samples of every cell of the faint set, drawn from
// a PRNG seeded with seed: the same seed, the same pixels. Each is a code
// of the cell's version at a random level, its text filling most of it,
// a little turned, spanning 85% of a picture of 480 or 800 pixels (2 to 6
// pixels a module for version 15, 7 to 20 for version 2), light at a grey
// of 150 to 235 (a print lit, or washed out by glare) and dark the cell's
// contrast below it, softened by a blur of half a pixel (a phone's lens)
// and then the cell's noise.
func Faint(seed int64, perCell int) ([]Sample, error) {
	rng := rand.New(rand.NewSource(seed))
	var set []Sample
	for _, v := range FaintVersions {
		for _, c := range FaintContrasts {
			for _, sigma := range FaintNoise {
				for range perCell {
					s, err := faintSample(rng, v, c, sigma)
					if err != nil {
						return nil, fmt.Errorf("hardset: faint %s: %w", FaintClass(v, c, sigma), err)
					}
					set = append(set, s)
				}
			}
		}
	}
	return set, nil
}

func faintSample(rng *rand.Rand, version, contrast int, sigma float64) (Sample, error) {
	levels := []string{"L", "M", "Q", "H"}
	level := levels[rng.Intn(len(levels))]
	capacity, err := byteCapacity(version, level)
	if err != nil {
		return Sample{}, err
	}
	text := randomWords(rng, max(1, capacity*(6+rng.Intn(5))/10))
	hints := map[gozxing.EncodeHintType]interface{}{
		gozxing.EncodeHintType_ERROR_CORRECTION: level,
		gozxing.EncodeHintType_MARGIN:           0,
		gozxing.EncodeHintType_QR_VERSION:       version,
	}
	m, err := qrcode.NewQRCodeWriter().Encode(text, gozxing.BarcodeFormat_QR_CODE, 0, 0, hints)
	if err != nil {
		return Sample{}, err
	}
	c := code{m, m.GetWidth()}
	size := []int{480, 800}[rng.Intn(2)]
	light := 150 + rng.Intn(86)
	fg, bg := grey(uint8(light-contrast)), grey(uint8(light))
	cv := newCanvas(size, size, bg)
	half, deg := float64(size)/2, 6*rng.Float64()-3
	at := square(c, half, half, float64(size)*0.85, deg)
	cv.paintTurned(c, half, half, float64(size)*0.85, deg, fg.R, bg.R)
	cv.blur(0.5)
	cv.noise(rng, sigma)
	return Sample{Class: FaintClass(version, contrast, sigma), Texts: []string{text}, Quads: [][4][2]float64{at.inner}, Image: cv.img}, nil
}

// byteCapacity is how many bytes a symbol of the version and level holds
// in one byte-mode segment.
func byteCapacity(version int, level string) (int, error) {
	v, err := decoder.Version_GetVersionForNumber(version)
	if err != nil {
		return 0, err
	}
	l, err := decoder.ErrorCorrectionLevel_ValueOf(level)
	if err != nil {
		return 0, err
	}
	data := v.GetTotalCodewords() - v.GetECBlocksForLevel(l).GetTotalECCodewords()
	count := 8 // bits of the character count
	if version >= 10 {
		count = 16
	}
	return (8*data - 4 - count) / 8, nil
}

// randomWords is n bytes of lower-case words and spaces.
func randomWords(rng *rand.Rand, n int) string {
	const letters = "abcdefghijklmnopqrstuvwxyz0123456789"
	b := make([]byte, n)
	for i := range b {
		if rng.Intn(6) == 0 {
			b[i] = ' '
		} else {
			b[i] = letters[rng.Intn(len(letters))]
		}
	}
	return string(b)
}

// paintTurned draws code c in grey as square(c, cx, cy, side, deg) places
// it, fg on bg, each pixel the share of 4 x 4 points in it that fall on a
// dark module: what paint draws, by the one rotation's inverse rather than
// a projective map per point (paint takes a tenth of a second for a
// picture of 800 pixels, and the faint set has 144 of them).
func (cv *canvas) paintTurned(c code, cx, cy, side, deg float64, fg, bg uint8) {
	total := float64(c.dim + 2*quiet)
	sin, cos := math.Sincos(deg * math.Pi / 180)
	scale := total / side // modules a pixel
	const n = 4
	uv := func(x, y float64) (float64, float64) {
		dx, dy := x-cx, y-cy
		return (dx*cos+dy*sin)*scale + total/2 - quiet, (-dx*sin+dy*cos)*scale + total/2 - quiet
	}
	for y := range cv.h {
		for x := range cv.w {
			// A pixel whose four corners lie in one module lies in it
			// whole: most do, and need no points.
			u0, v0 := uv(float64(x), float64(y))
			same := true
			for _, d := range [3][2]float64{{1, 0}, {0, 1}, {1, 1}} {
				u, v := uv(float64(x)+d[0], float64(y)+d[1])
				same = same && math.Floor(u) == math.Floor(u0) && math.Floor(v) == math.Floor(v0)
			}
			dark := 0
			switch {
			case same && c.dark(u0, v0):
				dark = n * n
			case !same:
				for sy := range n {
					for sx := range n {
						if c.dark(uv(float64(x)+(float64(sx)+0.5)/n, float64(y)+(float64(sy)+0.5)/n)) {
							dark++
						}
					}
				}
			}
			f := float64(dark) / (n * n)
			g := clamp8(float64(fg)*f + float64(bg)*(1-f))
			i := y*cv.img.Stride + 4*x
			cv.img.Pix[i], cv.img.Pix[i+1], cv.img.Pix[i+2] = g, g, g
		}
	}
}
