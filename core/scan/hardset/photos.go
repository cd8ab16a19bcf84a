package hardset

import (
	"image"
	"image/color"
	"math"
	"math/rand"
	"strings"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"
)

// PhotoClasses are what phones see beyond the hard set's damage: the
// classes of the decoder's photo corpus, each one way a real
// photo of a printed or on-screen code goes wrong. Photos draws them.
var PhotoClasses = []string{
	"low-contrast-noise", "uneven-light", "glare", "perspective-45", "barrel", "cylinder",
	"motion-blur", "focus-blur", "jpeg-20-40", "small-busy", "moire", "occluded", "mirrored",
	"three-codes", "dense-3px",
}

// Photos returns perClass samples of the given photo classes (all of
// PhotoClasses when none are named), drawn from a PRNG seeded with seed:
// the same seed and classes, the same pixels. Quads are where the code was
// drawn before any warp (approximate for barrel and cylinder).
func Photos(seed int64, perClass int, classes ...string) ([]Sample, error) {
	if len(classes) == 0 {
		classes = PhotoClasses
	}
	return draw(seed, perClass, classes, photoSample)
}

func photoSample(rng *rand.Rand, class string) (Sample, error) {
	text := randomText(rng, 200)
	level := ""
	switch class {
	case "small-busy":
		text = randomText(rng, 60)
	case "dense-3px":
		text = randomText(rng, 40) + " " + strings.Repeat("lorem ipsum dolor sit amet ", 8+rng.Intn(40))
	case "occluded":
		level = "H" // damage within the error budget: the level that has the most
	}
	c, err := newCodeAt(text, level, rng)
	if err != nil && class == "dense-3px" {
		// Too long for the level drawn (H holds 1,273 bytes at most).
		text = text[:1200]
		c, err = newCodeAt(text, "H", rng)
	}
	if err != nil {
		return Sample{}, err
	}
	const size = 480
	cv := newCanvas(size, size, white)
	at := square(c, size/2, size/2, size*0.85, 4*rng.Float64()-2)
	s := Sample{Class: class, Texts: []string{text}}

	switch class {
	case "low-contrast-noise":
		// ImageMagick's +level 49%,55% then Gaussian noise: the code's
		// range squeezed to 15 to 30 grey levels, under noise of 2 to 8
		// levels (a phone's sensor in room light to a dim one).
		fg, bg := grey(125), grey(uint8(140+rng.Intn(16)))
		cv = newCanvas(size, size, bg)
		cv.paint(c, at, fg, bg)
		cv.noise(rng, 2+6*rng.Float64())
	case "uneven-light":
		cv.paint(c, at, black, white)
		cv.light(func(x, y float64) float64 { // a shadow across, and a darker corner
			return 0.35 + 0.65*x/size + 0.25*math.Exp(-((x-size)*(x-size)+y*y)/(2*150*150)) - 0.3*math.Exp(-(x*x+(y-size)*(y-size))/(2*180*180))
		})
	case "glare":
		cv.paint(c, at, color.NRGBA{30, 30, 40, 255}, color.NRGBA{235, 235, 230, 255})
		gx, gy, r := 120+240*rng.Float64(), 120+240*rng.Float64(), 35+35*rng.Float64()
		cv.glare(gx, gy, r, 170)
	case "perspective-45":
		at = tiltedBy(c, size, rng, 0.45+0.12*rng.Float64())
		cv.paint(c, at, black, white)
	case "barrel":
		// A wide lens held close: what lies off the axis is drawn
		// nearer the centre the farther out it is, so straight edges
		// bow outwards (k of 0.06 to 0.16 at the frame's edge, a phone's
		// main camera to its wide one).
		cv.paint(c, at, black, white)
		k := 0.06 + 0.1*rng.Float64()
		cv = cv.warp(func(x, y float64) (float64, float64) {
			u, v := (x-size/2)/(size/2), (y-size/2)/(size/2)
			f := 1 + k*(u*u+v*v)
			return size/2 + u*f*size/2, size/2 + v*f*size/2
		})
	case "cylinder":
		// A label round a bottle: columns far from the axis are squeezed
		// and darker, as the surface turns away.
		cv.paint(c, at, black, white)
		radius := size * (0.55 + 0.2*rng.Float64())
		cv = cv.warp(func(x, y float64) (float64, float64) {
			d := (x - size/2) / radius
			if d <= -1 || d >= 1 {
				return -1, -1
			}
			return size/2 + radius*math.Asin(d), y
		})
		cv.light(func(x, y float64) float64 {
			d := (x - size/2) / radius
			return math.Sqrt(math.Max(0, 1-d*d))*0.6 + 0.4
		})
	case "motion-blur":
		cv.paint(c, at, black, white)
		cv.smear(3 + rng.Intn(5))
	case "focus-blur":
		cv.paint(c, at, black, white)
		module := size * 0.85 / float64(c.dim+2*quiet)
		cv.blur(module * (0.5 + 0.25*rng.Float64()))
	case "jpeg-20-40":
		cv.paint(c, at, color.NRGBA{20, 20, 60, 255}, color.NRGBA{240, 236, 220, 255})
	case "small-busy":
		cv = photo(rng, 1600, 1200)
		side := 120 + 40*rng.Float64()
		cx, cy := side+rng.Float64()*(1600-2*side), side+rng.Float64()*(1200-2*side)
		at = square(c, cx, cy, side, 16*rng.Float64()-8)
		cv.paint(c, at, color.NRGBA{20, 20, 30, 255}, color.NRGBA{245, 245, 240, 255})
	case "moire":
		// A screen photographed: its pixel grid beats against the camera's.
		cv.paint(c, at, color.NRGBA{10, 10, 10, 255}, color.NRGBA{235, 240, 245, 255})
		period, angle := 2.5+2*rng.Float64(), rng.Float64()*math.Pi
		sin, cos := math.Sincos(angle)
		cv.light(func(x, y float64) float64 {
			return 0.82 + 0.18*math.Sin(2*math.Pi*(x*cos+y*sin)/period)
		})
		cv.blur(0.7)
	case "occluded":
		cv.paint(c, at, black, white)
		// A sticker or a thumb over part of the data, clear of the three
		// finders: a tenth of the symbol's area.
		module := size * 0.85 / float64(c.dim+2*quiet)
		w, h := float64(c.dim)*module*0.4, float64(c.dim)*module*0.25
		x0 := at.inner[0][0] + (float64(c.dim)*module-w)*(0.35+0.3*rng.Float64())
		y0 := at.inner[0][1] + (float64(c.dim)*module-h)*(0.45+0.35*rng.Float64())
		cv.rect(int(x0), int(y0), int(w), int(h), grey(uint8(rng.Intn(2)*200)))
	case "mirrored":
		cv.paint(c, at, black, white)
		cv.mirror()
		for i := range at.inner {
			at.inner[i][0] = size - at.inner[i][0]
		}
	case "three-codes":
		cv = newCanvas(3*size/2, size, white)
		s.Texts = nil
		for i, cx := range []float64{size / 4, size * 3 / 4, size * 5 / 4} {
			t := text
			if i > 0 {
				t = randomText(rng, 80)
			}
			ci, err := newCodeAt(t, "", rng)
			if err != nil {
				return Sample{}, err
			}
			p := square(ci, cx, size/2, size*0.45, 10*rng.Float64()-5)
			cv.paint(ci, p, black, white)
			s.Texts = append(s.Texts, t)
			s.Quads = append(s.Quads, p.inner)
		}
		s.Image = cv.img
		return s, nil
	case "dense-3px":
		side := float64(c.dim+2*quiet) * 3
		cv = newCanvas(int(side)+40, int(side)+40, white)
		at = square(c, side/2+20, side/2+20, side, 0)
		cv.paint(c, at, black, white)
		cv.blur(0.5)
	}
	s.Quads = append(s.Quads, at.inner)
	s.Image = cv.img
	var err2 error
	if class == "jpeg-20-40" {
		s.Image, err2 = jpegRoundTrip(cv.img, 20+rng.Intn(21))
	}
	return s, err2
}

// newCodeAt is newCode at the given level, or a random one for "".
func newCodeAt(text, level string, rng *rand.Rand) (code, error) {
	if level == "" {
		return newCode(text, rng)
	}
	hints := map[gozxing.EncodeHintType]interface{}{
		gozxing.EncodeHintType_ERROR_CORRECTION: level,
		gozxing.EncodeHintType_MARGIN:           0,
	}
	m, err := qrcode.NewQRCodeWriter().Encode(text, gozxing.BarcodeFormat_QR_CODE, 0, 0, hints)
	if err != nil {
		return code{}, err
	}
	return code{m, m.GetWidth()}, nil
}

func grey(v uint8) color.NRGBA { return color.NRGBA{v, v, v, 255} }

// tiltedBy is tilted with the receding edge shrink times as long as the
// opposite one: 0.45 is a code seen about 45 degrees off its axis.
func tiltedBy(c code, size int, rng *rand.Rand, shrink float64) placement {
	p := square(c, float64(size)/2, float64(size)/2, float64(size)*0.8, 6*rng.Float64()-3)
	return recede(c, p, rng.Intn(4), shrink)
}

// light multiplies every pixel by f at its centre: shadows and falloff.
func (cv *canvas) light(f func(x, y float64) float64) {
	for y := 0; y < cv.h; y++ {
		for x := 0; x < cv.w; x++ {
			k := f(float64(x)+0.5, float64(y)+0.5)
			i := y*cv.img.Stride + 4*x
			for c := 0; c < 3; c++ {
				cv.img.Pix[i+c] = clamp8(float64(cv.img.Pix[i+c]) * k)
			}
		}
	}
}

// glare adds a bright spot of radius r centred on (gx, gy).
func (cv *canvas) glare(gx, gy, r, amp float64) {
	for y := 0; y < cv.h; y++ {
		for x := 0; x < cv.w; x++ {
			dx, dy := float64(x)-gx, float64(y)-gy
			add := amp * math.Exp(-(dx*dx+dy*dy)/(2*r*r))
			i := y*cv.img.Stride + 4*x
			for c := 0; c < 3; c++ {
				cv.img.Pix[i+c] = clamp8(float64(cv.img.Pix[i+c]) + add)
			}
		}
	}
}

// warp returns the canvas seen through a lens: output pixel (x, y) shows
// the input at f(x, y), bilinearly; outside the input it is white.
func (cv *canvas) warp(f func(x, y float64) (float64, float64)) *canvas {
	out := newCanvas(cv.w, cv.h, white)
	at := func(x, y, c int) float64 {
		if x < 0 || y < 0 || x >= cv.w || y >= cv.h {
			return 255
		}
		return float64(cv.img.Pix[y*cv.img.Stride+4*x+c])
	}
	for y := 0; y < cv.h; y++ {
		for x := 0; x < cv.w; x++ {
			sx, sy := f(float64(x)+0.5, float64(y)+0.5)
			sx, sy = sx-0.5, sy-0.5
			x0, y0 := int(math.Floor(sx)), int(math.Floor(sy))
			fx, fy := sx-float64(x0), sy-float64(y0)
			i := y*out.img.Stride + 4*x
			for c := 0; c < 3; c++ {
				v := (at(x0, y0, c)*(1-fx)+at(x0+1, y0, c)*fx)*(1-fy) + (at(x0, y0+1, c)*(1-fx)+at(x0+1, y0+1, c)*fx)*fy
				out.img.Pix[i+c] = clamp8(v)
			}
		}
	}
	return out
}

// smear averages each row over n pixels: a hand moving while the shutter
// is open.
func (cv *canvas) smear(n int) {
	row := make([]float64, cv.w)
	for c := 0; c < 3; c++ {
		for y := 0; y < cv.h; y++ {
			p := cv.img.Pix[y*cv.img.Stride+c:]
			for x := range row {
				sum := 0.0
				for k := 0; k < n; k++ {
					sum += float64(p[4*max(0, min(cv.w-1, x+k-n/2))])
				}
				row[x] = sum / float64(n)
			}
			for x, v := range row {
				p[4*x] = clamp8(v)
			}
		}
	}
}

// rect fills a w x h rectangle at (x, y) with col.
func (cv *canvas) rect(x, y, w, h int, col color.NRGBA) {
	for yy := max(0, y); yy < min(cv.h, y+h); yy++ {
		for xx := max(0, x); xx < min(cv.w, x+w); xx++ {
			i := yy*cv.img.Stride + 4*xx
			cv.img.Pix[i], cv.img.Pix[i+1], cv.img.Pix[i+2] = col.R, col.G, col.B
		}
	}
}

// mirror flips the canvas left to right: a code seen from behind glass.
func (cv *canvas) mirror() {
	img := image.NewNRGBA(cv.img.Rect)
	for y := 0; y < cv.h; y++ {
		for x := 0; x < cv.w; x++ {
			copy(img.Pix[y*img.Stride+4*x:y*img.Stride+4*x+4], cv.img.Pix[y*cv.img.Stride+4*(cv.w-1-x):])
		}
	}
	cv.img = img
}
