package scan

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"qrkeyless/core/qr"
	"qrkeyless/core/render"
)

// Report is what verification says about a rendered code.
type Report struct {
	Scannable bool     `json:"scannable"` // decoded exactly, also through the camera model, dark on light with enough contrast
	Decoded   bool     `json:"decoded"`   // the rendered image decodes to exactly the input
	Camera    bool     `json:"camera"`    // it still decodes after the camera model (see Verify)
	Version   int      `json:"version"`
	EC        string   `json:"ec"`
	Contrast  float64  `json:"contrast"`   // WCAG ratio of foreground to background, 1 to 21
	QuietZone int      `json:"quiet_zone"` // in modules
	Warnings  []string `json:"warnings"`   // plain words; empty when there is nothing to say
}

// MinScanContrast is the contrast ratio below which a code is not called
// scannable even if it decodes here: phone cameras in poor light lose it.
const MinScanContrast = 3

// CameraPxPerModule is the camera model's resolution: a phone a little too
// far away sees a module as about two and a half pixels. The style matrix
// in core/render degrades its images to the same pitch, so what it finds
// unreadable, Verify calls unscannable.
var CameraPxPerModule = 2.5

// cameraShots is how many pictures the camera model takes through each
// lens: one without noise and the rest with different noise.
const cameraShots = 4

// cameraNoise is the standard deviation of the sensor noise, in grey levels.
const cameraNoise = 4

// lightBlur softens p with the 3x3 kernel [1 2 1]x[1 2 1]/16, edges
// repeated: the slight defocus of a phone camera.
func lightBlur(p *plane) *plane {
	out := newPlane(p.w, p.h, p.back)
	at := func(x, y int) int {
		return int(p.pix[min(p.h-1, max(0, y))*p.w+min(p.w-1, max(0, x))])
	}
	for y := 0; y < p.h; y++ {
		for x := 0; x < p.w; x++ {
			sum := 4*at(x, y) + 2*(at(x-1, y)+at(x+1, y)+at(x, y-1)+at(x, y+1)) +
				at(x-1, y-1) + at(x+1, y-1) + at(x-1, y+1) + at(x+1, y+1)
			out.pix[y*p.w+x] = byte((sum + 8) / 16)
		}
	}
	return out
}

// cameraRead decodes one picture of the camera model: the decoder whose
// verdict Verify reports.
var cameraRead = func(ctx context.Context, p *plane) []Code {
	seen, _ := climb(ctx, p, ladder, time.Now(), 2*time.Second)
	return seen
}

// camera reports whether base, shrunk by f (when f < 1) and lightly
// blurred, still decodes to text through both lenses of the camera model
// (a sharp one, each pixel the average of the light on its own area, and a
// soft one, each pixel also taking light from its neighbours': a tent
// filter), with sensor noise and without. Near the limit, noise can tip a
// failing decode into a passing one as easily as the reverse, so a code
// must pass all four. The noise is seeded: the verdict is deterministic.
func camera(ctx context.Context, base *plane, f float64, text string, seed int) bool {
	for _, shrink := range []func(*plane, float64) *plane{resample, tentSampled} {
		p := base
		if f < 1 {
			p = shrink(base, f)
		}
		p = lightBlur(p)
		shots := []*plane{p}
		rng := rand.New(rand.NewPCG(uint64(len(text)), uint64(seed)))
		for range cameraShots - 1 {
			noisy := newPlane(p.w, p.h, p.back)
			for i, v := range p.pix {
				noisy.pix[i] = clamp8(float64(v) + rng.NormFloat64()*cameraNoise)
			}
			shots = append(shots, noisy)
		}
		for _, img := range shots {
			if seen := cameraRead(ctx, img); len(seen) != 1 || seen[0].Text != text {
				return false
			}
		}
		if f >= 1 { // nothing was shrunk: the lenses see the same
			break
		}
	}
	return true
}

// Verify renders c with o exactly as the PNG endpoint does, decodes it, and
// decodes it again after a camera model (downscaled to 2.5 pixels a module
// through a sharp and a soft lens, lightly blurred, with sensor noise and
// without), reporting whether it scans and why
// not. The ladder reads inverted codes, many phones do not: Scannable also
// asks for dark modules on a light background.
func Verify(ctx context.Context, c *qr.Code, text string, o render.Options) Report {
	r := Report{Version: c.Version, EC: c.Level.String(), QuietZone: o.Margin, Warnings: []string{}}
	r.Contrast = math.Round(render.Contrast(o.FG, o.BG)*100) / 100
	img := render.Paletted(c, o) // the PNG's pixels, without encoding and decoding them
	codes, _ := Decode(img, Options{Budget: 2 * time.Second, Context: ctx})
	r.Decoded = len(codes) == 1 && codes[0].Text == text

	// The real module pitch, not width over modules: whole-pixel modules
	// leave the rest of the width to the quiet zone.
	r.Camera = camera(ctx, luminance(img, 0), CameraPxPerModule/render.ModulePixels(c, o), text, c.Size)

	r.Warnings = append(r.Warnings, render.Warnings(o)...)
	sizeOK, why := render.Scannable(c, o)
	if !sizeOK {
		r.Warnings = append(r.Warnings, why)
	}
	switch {
	case !r.Decoded:
		r.Warnings = append(r.Warnings, "the rendered code does not decode to the input: change the style, colours or size.")
	case !r.Camera:
		r.Warnings = append(r.Warnings, fmt.Sprintf("the code decodes from a clean image but not after the camera model (%.1f px a module, blur, noise): print it larger, use ec=H or a plainer style.", CameraPxPerModule))
	}
	r.Scannable = r.Decoded && r.Camera && sizeOK && r.Contrast >= MinScanContrast && !render.Inverted(o)
	return r
}
