package scan

import (
	"context"
	"fmt"
	"image"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"qrkeyless/core/qr"
	"qrkeyless/core/render"
)

// Report is what verification says about a rendered code.
type Report struct {
	Scannable bool     `json:"scannable" desc:"Decoded exactly, also through the camera model, dark on light with enough contrast."`
	Decoded   bool     `json:"decoded" desc:"The rendered image decodes to exactly the data."`
	Camera    bool     `json:"camera" desc:"It still decodes after the phone-camera model (blur, noise, about 2.5 pixels a module)."`
	Version   int      `json:"version" desc:"Symbol version." schema:"minimum=1,maximum=40"`
	EC        string   `json:"ec" desc:"Error correction level." schema:"enum=L|M|Q|H"`
	Contrast  float64  `json:"contrast" desc:"WCAG contrast ratio of foreground to background, 1 to 21."`
	QuietZone int      `json:"quiet_zone" desc:"Quiet zone in modules."`
	Warnings  []string `json:"warnings" desc:"Plain words; empty when there is nothing to say."`
}

// WeakerScanners is Verify's warning on a scannable code that zxing-cpp,
// the decoder behind many phone scanners, reads in the camera model's
// pictures but weaker scanners (jsQR, in many web pages) may not.
const WeakerScanners = "weaker scanners (those in some web pages) may struggle with it: phone scanners read it; print it larger, use a plainer style or more contrast for every reader."

// FamilyReaders is Verify's warning on every Micro QR and rMQR code: the
// camera model holds it to zxing-cpp, which reads both, but many phones'
// camera apps read neither (docs/symbols.md).
const FamilyReaders = "many phone camera apps read only QR codes, not Micro QR or rMQR: use a scanner or an app that reads them (those built on zxing-cpp do)."

// MicroCameraPxPerModule is the camera model's resolution for Micro QR:
// zxing-cpp (zxing-wasm 3.1) read every Micro QR version, level and mask
// in one of two phone pictures (blur, noise, JPEG 50) from 3.5 px a module
// up, and missed some at 2.5 and 3, where it reads QR (docs/symbols.md).
const MicroCameraPxPerModule = 3.5

// RMQRUnverified is Verify's warning on every rMQR code it would otherwise
// call scannable: zxing-cpp, the reader of the scanners that read rMQR,
// read most rMQR symbols in sharp, pixel-aligned pictures and few after a
// phone camera's resampling and blur at any size up to 8 px a module
// (docs/symbols.md), so Verify promises no phone's read.
const RMQRUnverified = "rMQR is read reliably from sharp, pixel-aligned images (a scanner, a screen) but zxing-cpp, the reader behind the scanners that read it, misses most rMQR symbols after a phone camera's blur: test the code with the scanner that will read it."

// CameraPxPerModule is the camera model's resolution: a phone a little too
// far away sees a module as about two and a half pixels. The style matrix
// in core/render degrades its images to the same pitch, so what it finds
// unreadable, Verify calls unscannable.
const CameraPxPerModule = 2.5

// cameraShots is how many pictures the camera model takes through a
// lens: one without noise and the rest with different noise.
const cameraShots = 4

// toleratedVersion is the smallest version at which one picture of the
// camera model may go unread. zxing-cpp follows a large code between its
// many alignment patterns and read 250 of the 256 pictures of the
// agreement set's codes of version 25 and 40; our readers miss one of the
// four pictures of some of them, in noise: that miss is our reader's, not
// the code's. Below, a code whose picture goes unread is near its limit.
const toleratedVersion = 21

// cameraNoise is the standard deviation of the sensor noise, in grey levels.
const cameraNoise = 4

// lightBlur softens p with the 3x3 kernel [1 2 1]x[1 2 1]/16, edges
// repeated: the slight defocus of a phone camera.
func lightBlur(p *plane) *plane {
	out := newPlane(p.w, p.h, p.back)
	for y := 0; y < p.h; y++ {
		up, row, down := p.pix[max(0, y-1)*p.w:], p.pix[y*p.w:], p.pix[min(p.h-1, y+1)*p.w:]
		for x := 0; x < p.w; x++ {
			l, r := max(0, x-1), min(p.w-1, x+1)
			sum := 4*int(row[x]) + 2*(int(row[l])+int(row[r])+int(up[x])+int(down[x])) +
				int(up[l]) + int(up[r]) + int(down[l]) + int(down[r])
			out.pix[y*p.w+x] = byte((sum + 8) / 16)
		}
	}
	return out
}

// noiseTable holds sensor noise, Gaussian of deviation cameraNoise, in
// grey levels: drawn once, on the first verify rather than while the
// Worker starts (16,384 draws took 10 to 26 ms of its start-up in
// WebAssembly), and each picture reads it from a seeded place.
var noiseTable = sync.OnceValue(func() *[1 << 14]int8 {
	var t [1 << 14]int8
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range t {
		t[i] = int8(max(-127, min(127, math.Round(rng.NormFloat64()*cameraNoise))))
	}
	return &t
})

// cameraLadder is the decoder of Verify's pictures, clean and through the
// camera model: gozxing's reader (its finder search and its sampling from
// three centres and one alignment pattern) on the picture as it is, then
// thresholded against a local mean (round finders survive it), then
// upscaled twice; and last the grid detector, as it is and upscaled
// twice, which follows a large code between its alignment patterns and
// reads its version information, as zxing-cpp does, where gozxing's one
// projection misses codes of version 14 to 40 at 2.5 px a module that
// zxing-cpp reads (upscaled, it reads shaped modules of version 14 that
// zxing-cpp read in every picture and it missed in one of four); then the
// grid detector at every version reading modules thresholded against a
// local mean: gozxing's hybrid thresholds, 8-pixel blocks averaged over
// 40 pixels, lose small mid-grey shapes (starred, diamond and barred
// modules in 777777 at version 4 leave as many wrong codewords in a block
// as level H corrects, at the modules' very centres) that zxing-cpp reads
// in every camera picture, where a window of two modules loses none.
// Decode's ladder is stronger still (denoising, sharpening, flattening read what phones do
// not): a verdict from it would promise more than phones read. The eyes
// zxing-cpp misreads are render's table (render.EyeVerified), not this
// reader's business. The first weakRungs rungs are the reader of scanners
// weaker than zxing-cpp (see camera).
var cameraLadder = []step{
	{"as is", asIs, zxingReader(hybrid)},
	{"local mean", asIs, zxingReader(local(2))},
	{"upscaled", upscaled(2), zxingReader(hybrid)},
	{"grid", asIs, large(gridReader(hybridBits))},
	{"grid upscaled", upscaled(2), large(gridReader(hybridBits))},
	{"grid local mean", asIs, gridReader(localBits(2))},
}

// large keeps the codes r reads of version 7 or more: those whose version
// information zxing-cpp reads and whose alignment patterns it follows, as
// the grid detector does. Below, zxing-cpp samples from the finders as
// gozxing does, and the grid detector on the same hybrid thresholds would
// read faint codes under noise that it does not (the last rung, on a
// local mean, changed the verdict of 11 codes of the agreement set, all
// of them read by zxing-cpp). Micro QR and rMQR symbols, which gozxing
// does not read, the grid detector reads from their one finder as
// zxing-cpp does (family.go): it keeps them.
func large(r reader) reader {
	return func(p *plane, b *bounds) ([]Code, bool, *StopError) {
		codes, more, stop := r(p, b)
		return slices.DeleteFunc(codes, func(c Code) bool { return c.Symbol == "qr" && c.Version < 7 }), more, stop
	}
}

// weakRungs are the rungs of cameraLadder that stand for a weaker scanner:
// gozxing's reader alone.
const weakRungs = 3

// cameraRead decodes one picture of the camera model with the first n
// rungs of cameraLadder, trying the rung that read the last picture first:
// the pictures of one code differ only in noise and lens, so the rung that
// read one nearly always reads the next, and the rungs before it need not
// fail again. Every rung is still tried before a picture counts as unread.
// It returns the rung that read it, or -1.
func cameraRead(ctx context.Context, p *plane, first, n int) ([]Code, int) {
	start := time.Now()
	for i := range n {
		at := i
		switch {
		case i == 0 && first >= 0 && first < n:
			at = first
		case i <= first && first < n:
			at = i - 1
		}
		if seen, _ := climb(ctx, p, cameraLadder[at:at+1], start, 2*time.Second); len(seen) > 0 {
			return seen, at
		}
	}
	return nil, -1
}

// shots returns the pictures of base the camera model takes through one
// lens: shrunk by f (when f < 1), lightly blurred, once as it is and then
// with seeded sensor noise.
func shots(base *plane, f float64, shrink func(*plane, float64) *plane, text string, seed int) []*plane {
	p := base
	if f < 1 {
		p = shrink(base, f)
	}
	p = lightBlur(p)
	out := []*plane{p}
	rng := rand.New(rand.NewPCG(uint64(len(text)), uint64(seed)))
	for range cameraShots - 1 {
		noisy := newPlane(p.w, p.h, p.back)
		table := noiseTable()
		at := rng.IntN(len(table))
		step := 1 + 2*rng.IntN(len(table)/2) // odd: every entry, in another order
		for i, v := range p.pix {
			at = (at + step) & (len(table) - 1)
			noisy.pix[i] = byte(min(255, max(0, int(v)+int(table[at]))))
		}
		out = append(out, noisy)
	}
	return out
}

// camera reports whether base, shrunk by f, still decodes to text in
// every picture of the camera model through a sharp lens (each pixel the
// average of the light on its own area), with sensor noise and without:
// near the limit, noise can tip a failing decode into a passing one as
// easily as the reverse, so a code must pass all four (three from
// toleratedVersion up). The noise is
// seeded: the verdict is deterministic.
//
// weak reports a code that zxing-cpp reads but weaker scanners (jsQR, in
// many web pages) may not: a picture needed the grid detector, or
// gozxing's reader alone misses a picture through a soft lens too (a tent
// filter: each pixel also takes light from its neighbours').
func camera(ctx context.Context, base *plane, f float64, text string, seed int) (ok, weak bool) {
	read := func(pics []*plane, n int) (all, weakOnly bool) {
		rung, missed, version := -1, 0, 0
		for _, img := range pics {
			seen, at := cameraRead(ctx, img, rung, n)
			if len(seen) != 1 || seen[0].Text != text {
				if missed++; missed > 1 || version > 0 && version < toleratedVersion {
					return false, false
				}
				continue
			}
			weakOnly = weakOnly || at >= weakRungs
			rung, version = at, seen[0].Version
			if seen[0].Symbol != "qr" { // the tolerance is for large QR codes only
				version = 1
			}
		}
		if missed > 0 && (version < toleratedVersion || missed > 1) {
			return false, false
		}
		return true, weakOnly
	}
	ok, gridOnly := read(shots(base, f, resample, text, seed), len(cameraLadder))
	if !ok {
		return false, false
	}
	if gridOnly {
		return true, true
	}
	if f >= 1 { // nothing was shrunk: the soft lens sees the same
		return true, false
	}
	soft, _ := read(shots(base, f, tentSampled, text, seed), weakRungs)
	return true, !soft
}

// clean reports whether the rendered picture decodes to text, read as
// the camera model's pictures are.
func clean(ctx context.Context, base *plane, text string) bool {
	codes, _ := cameraRead(ctx, base, -1, len(cameraLadder))
	return len(codes) == 1 && codes[0].Text == text
}

// Verify renders c with o exactly as the PNG endpoint does, decodes it, and
// decodes it again after a camera model (downscaled to 2.5 pixels a
// module, lightly blurred, with sensor noise and without), reporting
// whether it scans and why not, and whether weaker scanners may struggle
// (see camera). The ladder reads inverted codes, many phones do not:
// Scannable also asks for dark modules on a light background.
func Verify(ctx context.Context, c *qr.Code, text string, o render.Options) Report {
	return VerifyImage(ctx, c, text, o, render.Paletted(c, o)) // the PNG's pixels, without encoding and decoding them
}

// VerifyImage is Verify of a picture of c drawn otherwise (core/brand's:
// a gradient, a logo): img is o.Size pixels square, the symbol placed as
// render places it, and o.FG the colour whose contrast with o.BG is
// judged (a gradient's faintest stop).
func VerifyImage(ctx context.Context, c *qr.Code, text string, o render.Options, img image.Image) Report {
	r := Report{Version: c.Version, EC: c.Level.String(), QuietZone: o.Margin, Warnings: []string{}}
	r.Contrast = math.Round(render.Contrast(o.FG, o.BG)*100) / 100
	base := luminance(img, 0)
	pitch := render.ModulePixels(c, o) // the real pitch: whole-pixel modules leave the rest to the quiet zone
	if k := int(pitch / 5); k > 1 {
		// About five pixels a module is all the decoders and lenses below
		// can use: average the picture down to it once, as a sensor's
		// pixels average the light on them, rather than have each of them
		// read every pixel of a large image.
		w := base.w
		base = resample(base, 1/float64(k))
		pitch *= float64(base.w) / float64(w)
	}
	r.Decoded = clean(ctx, base, text)
	var weak bool
	model := CameraPxPerModule
	if c.Symbol == qr.Micro {
		model = MicroCameraPxPerModule
	}
	r.Camera, weak = camera(ctx, base, model/pitch, text, c.Width)

	r.Warnings = append(r.Warnings, render.SymbolWarnings(c.Symbol, o)...)
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
	r.Scannable = r.Decoded && r.Camera && sizeOK && r.Contrast >= render.MinContrast && !render.Inverted(o)
	if c.Symbol == qr.RMQR && r.Scannable {
		r.Scannable = false
		r.Warnings = append(r.Warnings, RMQRUnverified)
	}
	switch {
	case c.Symbol != qr.QR:
		// Read by zxing-cpp's family readers, or not at all: there is no
		// weaker scanner to warn of, but many phones' cameras.
		r.Warnings = append(r.Warnings, FamilyReaders)
	case r.Scannable && weak:
		r.Warnings = append(r.Warnings, WeakerScanners)
	}
	return r
}
