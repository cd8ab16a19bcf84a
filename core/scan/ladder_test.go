package scan

import (
	"image"
	"math/rand/v2"
	"testing"
)

// TestGreyRowsAgreeWithColorModel checks the word-at-a-time RGBA
// conversion against the colour model's own (image.At through
// paletteGrey), which rounds 16-bit values and, for a translucent NRGBA
// pixel, rounds twice (grey, then over white), so the two may differ by
// two levels: at every row width up to 11, so that every count of
// trailing pixels is met, in rows all opaque and rows partly not.
func TestGreyRowsAgreeWithColorModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for w := 1; w <= 11; w++ {
		for _, opaque := range []bool{true, false} {
			rgba, nrgba := image.NewRGBA(image.Rect(3, 5, 3+w, 8)), image.NewNRGBA(image.Rect(3, 5, 3+w, 8))
			for i := range rgba.Pix {
				rgba.Pix[i], nrgba.Pix[i] = byte(rng.IntN(256)), byte(rng.IntN(256))
				if i%4 == 3 && (opaque || rng.IntN(3) > 0) {
					rgba.Pix[i], nrgba.Pix[i] = 255, 255
				}
			}
			for i := 0; i < len(rgba.Pix); i += 4 { // premultiplied: no channel above alpha
				for c := range 3 {
					rgba.Pix[i+c] = byte(rng.IntN(int(rgba.Pix[i+3]) + 1))
				}
			}
			for _, img := range []image.Image{rgba, nrgba} {
				b := img.Bounds()
				dst := make([]byte, w)
				for y := b.Min.Y; y < b.Max.Y; y++ {
					greyRows(img)(y, dst)
					for x, got := range dst {
						want := paletteGrey(img.At(b.Min.X+x, y))
						if d := int(got) - int(want); d < -2 || d > 2 {
							t.Errorf("%T width %d opaque %v: pixel (%d, %d) grey %d, colour model %d", img, w, opaque, x, y, got, want)
						}
					}
				}
			}
		}
	}
}
