// Package camera takes pictures of rendered codes the way a phone would,
// for the tests that hold Verify's promise against readers that are not
// ours (zxing-cpp, jsQR): scaled to a few pixels a module, blurred, with
// sensor noise, saved as JPEG. It is written apart from Verify's own
// camera model, so that the two check each other.
package camera

import (
	"bytes"
	"image"
	"image/jpeg"
	"math"
	"math/rand/v2"

	"golang.org/x/image/draw"
)

// Picture takes img as a phone would: scaled by scale (to 3 pixels a
// module, for a code drawn at 3/scale) with x/image's Catmull-Rom filter,
// blurred with a Gaussian of sigma 0.8 px, with seeded Gaussian noise of
// the given deviation in grey levels, saved as JPEG 75.
func Picture(img image.Image, scale, noise float64, seed uint64) []byte {
	return Take(img, scale, noise, 75, seed)
}

// Take is Picture saved at the given JPEG quality (1 to 100).
func Take(img image.Image, scale, noise float64, quality int, seed uint64) []byte {
	b := img.Bounds()
	w, h := max(1, int(math.Round(float64(b.Dx())*scale))), max(1, int(math.Round(float64(b.Dy())*scale)))
	small := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(small, small.Bounds(), image.White, image.Point{}, draw.Src) // a transparent picture on paper
	draw.CatmullRom.Scale(small, small.Bounds(), img, b, draw.Over, nil)
	blurred := gaussian(small, 0.8)
	rng := rand.New(rand.NewPCG(seed, 7))
	for i := range blurred.Pix {
		if i%4 == 3 {
			continue
		}
		blurred.Pix[i] = clamp8(float64(blurred.Pix[i]) + rng.NormFloat64()*noise)
	}
	var out bytes.Buffer
	jpeg.Encode(&out, blurred, &jpeg.Options{Quality: quality})
	return out.Bytes()
}

// gaussian blurs an RGBA image with a separable Gaussian of deviation
// sigma, edges repeated.
func gaussian(img *image.RGBA, sigma float64) *image.RGBA {
	r := int(math.Ceil(3 * sigma))
	k := make([]float64, 2*r+1)
	sum := 0.0
	for i := range k {
		d := float64(i - r)
		k[i] = math.Exp(-d * d / (2 * sigma * sigma))
		sum += k[i]
	}
	for i := range k {
		k[i] /= sum
	}
	w, h := img.Bounds().Dx(), img.Bounds().Dy()
	pass := func(src *image.RGBA, dx, dy int) *image.RGBA {
		out := image.NewRGBA(src.Bounds())
		for y := range h {
			for x := range w {
				for c := range 4 {
					v := 0.0
					for i, kv := range k {
						xx := min(w-1, max(0, x+(i-r)*dx))
						yy := min(h-1, max(0, y+(i-r)*dy))
						v += kv * float64(src.Pix[yy*src.Stride+xx*4+c])
					}
					out.Pix[y*out.Stride+x*4+c] = clamp8(v)
				}
			}
		}
		return out
	}
	return pass(pass(img, 1, 0), 0, 1)
}

func clamp8(v float64) uint8 { return uint8(max(0, min(255, math.Round(v)))) }
