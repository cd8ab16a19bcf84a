package inspect

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/makiuchi-d/gozxing/qrcode/decoder"

	"qrkeyless/core/qr"
	"qrkeyless/core/render"
	"qrkeyless/core/scan"
	"qrkeyless/core/scan/hardset"
	"qrkeyless/internal/readback"
)

// draw renders text as the service draws it by default, square modules
// and eyes, at size pixels, and checks that a reader not ours reads it.
func drawCode(t *testing.T, text string, level qr.Level, o render.Options) (*qr.Code, *image.NRGBA) {
	t.Helper()
	c, err := qr.Encoder{Level: level}.Encode(text)
	if err != nil {
		t.Fatal(err)
	}
	if o.Style == "" {
		o.Style, o.Eye = "square", "square"
	}
	if o.FG == (color.NRGBA{}) {
		o.FG, o.BG = render.Black, render.White
	}
	src := render.Image(c, o)
	img := image.NewNRGBA(src.Bounds())
	draw.Draw(img, img.Bounds(), src, image.Point{}, draw.Src)
	var buf bytes.Buffer
	png.Encode(&buf, img)
	if got, err := readback.Text(buf.Bytes()); err != nil || got != text {
		t.Fatalf("gozxing reads %q, %v; want %q", got, err, text)
	}
	return c, img
}

// only returns the one code of r, failing the test when there is not one.
func only(t *testing.T, r Report) Code {
	t.Helper()
	if r.Count != 1 || len(r.Codes) != 1 {
		t.Fatalf("%d codes read (stopped at %q: %v), want 1", r.Count, r.StoppedAt, r.Causes)
	}
	return r.Codes[0]
}

// A clean render of our own code grades A on every parameter, with
// nothing to fix, and its measures are what was drawn.
func TestCleanRenderGradesA(t *testing.T) {
	for _, tc := range []struct {
		text  string
		level qr.Level
		size  int
	}{
		{"hi", qr.L, 256},
		{"https://example.com/inspect", qr.M, 512},
		{strings.Repeat("version seven has version information ", 4), qr.Q, 800},
		{strings.Repeat("a longer text in several blocks ", 12), qr.H, 1024},
	} {
		c, img := drawCode(t, tc.text, tc.level, render.Options{Size: tc.size, Margin: 4})
		r := Inspect(img, Options{})
		code := only(t, r)
		for i, g := range code.Parameters.grades() {
			if g != 4 {
				t.Errorf("version %d-%s: parameter %d grades %s: %+v", c.Version, c.Level, i, Letter(g), code.Parameters)
			}
		}
		if code.Grade != 4 || code.Letter != "A" || len(code.Causes) != 0 {
			t.Errorf("version %d-%s: grade %d %s, causes %v", c.Version, c.Level, code.Grade, code.Letter, code.Causes)
		}
		unit := render.ModulePixels(c, render.Options{Size: tc.size, Margin: 4})
		if code.Version != c.Version || code.EC != c.Level.String() || code.Mask != c.Mask || code.Text != tc.text ||
			math.Abs(code.ModulePx-unit) > 0.05*unit || code.Damaged != 0 || code.Inverted || code.Mirrored {
			t.Errorf("version %d-%s mask %d, %.1f px: report says %d-%s mask %d, %.2f px, %d damaged, inverted %v, mirrored %v",
				c.Version, c.Level, c.Mask, unit, code.Version, code.EC, code.Mask, code.ModulePx, code.Damaged, code.Inverted, code.Mirrored)
		}
		if q := code.QuietZone; min(q.Top, q.Right, q.Bottom, q.Left) < 4 {
			t.Errorf("version %d: quiet zone %+v, drawn with 4 modules and more", c.Version, q)
		}
		if code.Reflectance.Dark > 0.02 || code.Reflectance.Light < 0.98 || code.ContrastRatio < 20 {
			t.Errorf("version %d: reflectance %+v, contrast %.1f", c.Version, code.Reflectance, code.ContrastRatio)
		}
	}
}

// The symbol the report rebuilds from the codewords it read is the one
// our encoder drew, module for module, at every version and level: the
// layout of function patterns, format and version information and
// codewords is the standard's (read back by gozxing's parser).
func TestIdealSymbolIsTheEncoders(t *testing.T) {
	for v := 1; v <= 40; v++ {
		level := []qr.Level{qr.L, qr.M, qr.Q, qr.H}[v%4]
		c, err := qr.Encoder{Level: level, MinVersion: v, MaxVersion: v}.Encode("ideal " + strings.Repeat("x", v))
		if err != nil {
			t.Fatal(err)
		}
		bits := modules(c)
		p, ok := parse(matrixOf(c.Size, bits))
		if !ok || !p.ok || p.version != v || p.level != level.String() || p.mask != c.Mask || p.format != 0 || p.vinfo != 0 {
			t.Fatalf("version %d: parsed %v %+v", v, ok, p)
		}
		ideal := p.layout.ideal(p.level, p.mask, p.fixed)
		for i := range bits {
			if ideal[i] != bits[i] {
				t.Fatalf("version %d-%s: module (%d, %d) differs from the encoder's", v, level, i%c.Size, i/c.Size)
			}
		}
	}
}

// Each codeword's modules are where gozxing's parser reads it: flipping
// them changes that codeword, and no other.
func TestCodewordModules(t *testing.T) {
	c, _ := qr.Encoder{Level: qr.M, MinVersion: 8, MaxVersion: 8}.Encode("placement")
	bits := modules(c)
	p, _ := parse(matrixOf(c.Size, bits))
	cw := p.layout.codewordOf()
	for k := 0; k < len(p.raw); k += 17 {
		flipped := append([]bool(nil), bits...)
		for i, w := range cw {
			if w == k {
				flipped[i] = !flipped[i]
			}
		}
		q, ok := parse(matrixOf(c.Size, flipped))
		if !ok {
			t.Fatalf("codeword %d flipped: unreadable", k)
		}
		for j := range q.raw {
			if changed := q.raw[j] != p.raw[j]; changed != (j == k) {
				t.Errorf("codeword %d flipped: codeword %d changed %v", k, j, changed)
			}
		}
	}
}

// A quiet zone of one module is reported as one on that side, with the
// fix margin=4, whether the picture ends there or a dark line runs there.
func TestQuietZoneOfOneModule(t *testing.T) {
	text := "https://example.com/quiet"
	c, _ := qr.Encoder{Level: qr.M}.Encode(text)
	// Drawn with a margin of 1 at 10 px a module: every side has one.
	o := render.Options{Size: (c.Size + 2) * 10, Margin: 1}
	_, img := drawCode(t, text, qr.M, o)
	code := only(t, Inspect(img, Options{}))
	if q := code.QuietZone; q != (Sides{1, 1, 1, 1}) {
		t.Errorf("margin 1: quiet zone %+v, want 1 on every side", q)
	}
	wantFix(t, code, "quiet_zone", "margin=4")

	// Drawn with 4, then a dark line a module wide one module right of
	// the symbol.
	o = render.Options{Size: (c.Size + 8) * 10, Margin: 4}
	_, img = drawCode(t, text, qr.M, o)
	x0 := (4 + c.Size + 1) * 10
	draw.Draw(img, image.Rect(x0, 0, x0+10, img.Bounds().Dy()), image.NewUniform(render.Black), image.Point{}, draw.Src)
	code = only(t, Inspect(img, Options{}))
	if q := code.QuietZone; q.Right != 1 || q.Left < 4 || q.Top < 4 || q.Bottom < 4 {
		t.Errorf("a line one module right: quiet zone %+v, want 1 on the right and 4 elsewhere", q)
	}
	wantFix(t, code, "quiet_zone", "margin=4")
}

func wantFix(t *testing.T, c Code, param, fix string) {
	t.Helper()
	for _, cause := range c.Causes {
		if cause.Parameter == param && strings.Contains(cause.Fix, fix) {
			return
		}
	}
	t.Errorf("no %s cause with the fix %q: %+v", param, fix, c.Causes)
}

// paintModules draws the modules of c (dark true, dim a side) at px
// pixels a module with a 4-module quiet zone, black on white.
func paintModules(bits []bool, dim, px int) *image.NRGBA {
	side := (dim + 8) * px
	img := image.NewNRGBA(image.Rect(0, 0, side, side))
	draw.Draw(img, img.Bounds(), image.NewUniform(render.White), image.Point{}, draw.Src)
	for i, dark := range bits {
		if dark {
			x, y := (4+i%dim)*px, (4+i/dim)*px
			draw.Draw(img, image.Rect(x, y, x+px, y+px), image.NewUniform(render.Black), image.Point{}, draw.Src)
		}
	}
	return img
}

// k codewords erased in one block report unused error correction of
// 1 - k/capacity for that block, within one codeword.
func TestErasedCodewords(t *testing.T) {
	text := strings.Repeat("erase codewords of a block ", 2)
	c, err := qr.Encoder{Level: qr.Q, MinVersion: 7, MaxVersion: 7}.Encode(text)
	if err != nil {
		t.Fatal(err)
	}
	bits := modules(c)
	v, _ := decoder.Version_GetVersionForNumber(c.Version)
	l, _ := decoder.ErrorCorrectionLevel_ValueOf("Q")
	blocks := blocksOf(v, l)
	cw := newLayout(c.Version).codewordOf()
	const at = 2 // the block erased
	capacity := blocks[at].capacity
	for _, k := range []int{1, 3, 5, capacity - 1} {
		erased := append([]bool(nil), bits...)
		gone := map[int]bool{}
		for _, w := range blocks[at].index[:k] {
			gone[w] = true
		}
		for i, w := range cw {
			if w >= 0 && gone[w] {
				erased[i] = !erased[i] // every bit of the codeword wrong
			}
		}
		img := paintModules(erased, c.Size, 8)
		code := only(t, Inspect(img, Options{}))
		if code.Text != text {
			t.Fatalf("%d erased: read %q", k, code.Text)
		}
		b := code.Blocks[at]
		want := 1 - float64(k)/float64(capacity)
		if b.Capacity != capacity || math.Abs(float64(b.Corrected-k)) > 1 ||
			math.Abs(code.Parameters.UnusedErrorCorrection.Value-want) > 1/float64(capacity)+1e-9 {
			t.Errorf("%d of block %d's codewords erased: block %+v, unused error correction %.3f, want %.3f",
				k, at+1, b, code.Parameters.UnusedErrorCorrection.Value, want)
		}
		for i, o := range code.Blocks {
			if i != at && o.Corrected != 0 {
				t.Errorf("%d erased in block %d: block %d corrected %d", k, at+1, i+1, o.Corrected)
			}
		}
		if g := unusedECGrade(want); code.Parameters.UnusedErrorCorrection.Grade != g && k < capacity-1 {
			t.Errorf("%d erased: grade %d, want %d", k, code.Parameters.UnusedErrorCorrection.Grade, g)
		}
	}
}

// A code stretched 1.2 times along one axis grades axial nonuniformity F.
func TestStretchedGradesAxialF(t *testing.T) {
	_, img := drawCode(t, "https://example.com/stretched", qr.M, render.Options{Size: 500, Margin: 4})
	w, h := img.Bounds().Dx(), img.Bounds().Dy()
	wide := image.NewNRGBA(image.Rect(0, 0, w*6/5, h))
	for y := range h {
		for x := range wide.Bounds().Dx() {
			copy(wide.Pix[y*wide.Stride+4*x:][:4], img.Pix[y*img.Stride+4*(x*5/6):][:4])
		}
	}
	code := only(t, Inspect(wide, Options{}))
	an := code.Parameters.AxialNonuniformity
	if an.Grade != 0 || math.Abs(an.Value-0.2/1.1) > 0.02 {
		t.Errorf("stretched 1.2x: axial nonuniformity %+v, want about 0.18, F", an)
	}
	wantFix(t, code, "axial_nonuniformity", "aspect ratio")
}

// Dark and light set to known greys grade symbol contrast within one
// step of the grade their difference earns.
func TestSymbolContrastOfKnownGreys(t *testing.T) {
	for _, tc := range [][2]uint8{{0x00, 0xff}, {0x30, 0xf0}, {0x20, 0xb0}, {0x60, 0xe0}, {0x80, 0xe8}, {0x40, 0x90}} {
		fg, bg := color.NRGBA{tc[0], tc[0], tc[0], 255}, color.NRGBA{tc[1], tc[1], tc[1], 255}
		_, img := drawCode(t, "https://example.com/greys", qr.M, render.Options{Size: 400, Margin: 4, FG: fg, BG: bg})
		code := only(t, Inspect(img, Options{}))
		want := float64(tc[1]-tc[0]) / 255
		sc := code.Parameters.SymbolContrast
		if d := sc.Grade - contrastGrade(want); d < -1 || d > 1 || math.Abs(sc.Value-want) > 0.03 {
			t.Errorf("#%02x on #%02x: symbol contrast %+v, want %.3f (grade %d)", tc[0], tc[1], sc, want, contrastGrade(want))
		}
		if math.Abs(code.Reflectance.Dark-float64(tc[0])/255) > 0.02 || math.Abs(code.Reflectance.Light-float64(tc[1])/255) > 0.02 {
			t.Errorf("#%02x on #%02x: reflectance %+v", tc[0], tc[1], code.Reflectance)
		}
		if want := render.Contrast(fg, bg); math.Abs(code.ContrastRatio-want) > 0.05*want {
			t.Errorf("#%02x on #%02x: contrast ratio %.2f, want %.2f", tc[0], tc[1], code.ContrastRatio, want)
		}
	}
}

// A finder painted over grades fixed pattern damage down; painted over
// whole, reading stops at the finders.
func TestPaintedFinder(t *testing.T) {
	text := "https://example.com/finder"
	c, img := drawCode(t, text, qr.M, render.Options{Size: 400, Margin: 4})
	unit := int(render.ModulePixels(c, render.Options{Size: 400, Margin: 4}))
	off := (400 - c.Size*unit) / 2
	paint := func(x, y, w, h int) { // modules, in white
		r := image.Rect(off+x*unit, off+y*unit, off+(x+w)*unit, off+(y+h)*unit)
		draw.Draw(img, r, image.NewUniform(render.White), image.Point{}, draw.Src)
	}
	paint(c.Size-5, 2, 1, 1) // a module of the top-right finder's centre
	code := only(t, Inspect(img, Options{}))
	if f := code.Parameters.FixedPatternDamage; f.Grade >= 4 || f.Value != 1 {
		t.Errorf("one finder module painted over: fixed pattern damage %+v, want 1 module and below A", f)
	}
	wantFix(t, code, "fixed_pattern_damage", "GET /api/v1/qr?")
	paint(c.Size-7, 0, 7, 7) // the whole finder
	r := Inspect(img, Options{Overlay: true})
	if r.Count != 0 || r.StoppedAt != "finder" || len(r.Causes) == 0 || !strings.Contains(r.Causes[0].Cause, "finder") {
		t.Errorf("a finder painted over: %d read, stopped at %q: %v", r.Count, r.StoppedAt, r.Causes)
	}
	if _, err := png.Decode(bytes.NewReader(r.OverlayPNG())); err != nil || !strings.HasPrefix(r.Overlay, "data:image/png;base64,") {
		t.Errorf("overlay: %v", err)
	}
}

// Reading that stops at the codewords says so, with the blocks past
// repair; one that stops at the format information says that.
func TestStoppedAtCodewordsAndFormat(t *testing.T) {
	c, _ := qr.Encoder{Level: qr.L, MinVersion: 5, MaxVersion: 5}.Encode("stop at the codewords")
	bits := modules(c)
	cw := newLayout(c.Version).codewordOf()
	damaged := append([]bool(nil), bits...)
	for i, w := range cw {
		if w >= 0 && w%3 == 0 { // a third of every block's codewords
			damaged[i] = !damaged[i]
		}
	}
	r := Inspect(paintModules(damaged, c.Size, 8), Options{})
	if r.Count != 0 || r.StoppedAt != "codewords" || r.Version != 5 || r.EC != "L" || len(r.Blocks) == 0 || r.Blocks[0].Repaired {
		t.Errorf("a third of the codewords wrong: stopped at %q, version %d-%s, blocks %+v", r.StoppedAt, r.Version, r.EC, r.Blocks)
	}
	// Both copies of the format information set to a word that gozxing's
	// parser reads neither way round (a mirrored reading takes the same
	// modules in another order), masked or not: 4 bits or more from every
	// valid word.
	var noFormat []bool
	far := 0
	for ; far < 1<<15; far++ {
		noFormat = append(noFormat[:0], bits...)
		for _, cp := range formatCopies(c.Size) {
			for k, at := range cp {
				noFormat[at[1]*c.Size+at[0]] = far>>(14-k)&1 == 1
			}
		}
		m := matrixOf(c.Size, noFormat)
		if _, ok := parse(m); ok {
			continue
		}
		if _, ok := parse(scan.Transposed(m)); !ok {
			break
		}
	}
	r = Inspect(paintModules(noFormat, c.Size, 8), Options{})
	if r.Count != 0 || r.StoppedAt != "format" {
		t.Errorf("both format copies %015b, unreadable: %d read, stopped at %q", far, r.Count, r.StoppedAt)
	}
}

// On the real photos, every photo zxing-cpp reads gets a report with a
// grade, and every photo nothing reads a stage where reading stopped.
func TestRealPhotos(t *testing.T) {
	if testing.Short() {
		t.Skip("inspects 334 photos")
	}
	names, set, err := hardset.Real("../scan/testdata/photos")
	if err != nil {
		t.Fatal(err)
	}
	zx := zxingReads(t)
	graded, stopped := 0, map[string]int{}
	for _, turn := range []string{"0", "90"} {
		for i, s := range set {
			img := s.Image
			if turn == "90" {
				img = hardset.Turned(img)
			}
			r := Inspect(img, Options{})
			found := false
			for _, c := range r.Codes {
				if c.Letter != Letter(c.Grade) || c.Grade < 0 || c.Grade > 4 {
					t.Errorf("%s %s: grade %d, letter %q", names[i], turn, c.Grade, c.Letter)
				}
				// A binary code's text is written down as its bytes
				// read as Latin-1 (japan-visa).
				latin1 := make([]rune, len(c.sight.Code.Bytes))
				for k, b := range c.sight.Code.Bytes {
					latin1[k] = rune(b)
				}
				found = found || c.Text == s.Texts[0] || string(latin1) == s.Texts[0]
			}
			if zx[names[i]+" "+turn] && !found {
				t.Errorf("%s turned %s: zxing-cpp reads it, the report has no grade for it (stopped at %q)", names[i], turn, r.StoppedAt)
			}
			switch {
			case r.Count > 0:
				graded++
			case r.StoppedAt == "finder" || r.StoppedAt == "grid" || r.StoppedAt == "format" || r.StoppedAt == "codewords":
				stopped[r.StoppedAt]++
				if len(r.Causes) == 0 {
					t.Errorf("%s turned %s: stopped at %s without a cause", names[i], turn, r.StoppedAt)
				}
			default:
				t.Errorf("%s turned %s: nothing read and no stage", names[i], turn)
			}
		}
	}
	t.Logf("%d photos graded (zxing-cpp reads %d), %d stopped: %v", graded, len(zx), 2*len(set)-graded, stopped)
}

// zxingReads lists the photos zxing-cpp reads (testdata/zxing-reads.txt)
// as "name turn".
func zxingReads(t *testing.T) map[string]bool {
	f, err := os.Open("testdata/zxing-reads.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := sc.Text(); line != "" && !strings.HasPrefix(line, "#") {
			name, turn, _ := strings.Cut(line, "\t")
			out[name+" "+turn] = true
		}
	}
	return out
}

// Bounded as decode is: the same errors for bad images, before any pixel
// is decoded, and the same bounds on the search.
func TestBytesBoundsAsDecode(t *testing.T) {
	_, img := drawCode(t, "bounded", qr.M, render.Options{Size: 200, Margin: 4})
	var buf bytes.Buffer
	png.Encode(&buf, img)
	r, err := Bytes(context.Background(), buf.Bytes(), scan.Limits{}, false)
	if err != nil || r.Count != 1 || r.Codes[0].Text != "bounded" {
		t.Fatalf("a PNG: %v, %+v", err, r)
	}
	for _, tc := range []struct {
		name string
		data []byte
		lim  scan.Limits
		want error
	}{
		{"text", []byte("not an image"), scan.Limits{}, scan.ErrUnsupportedType},
		{"truncated", buf.Bytes()[:buf.Len()/2], scan.Limits{}, scan.ErrCorrupt},
		{"over the byte limit", buf.Bytes(), scan.Limits{MaxBytes: 100}, scan.ErrTooLarge},
		{"over the pixel limit", buf.Bytes(), scan.Limits{MaxPixels: 1000}, scan.ErrTooLarge},
	} {
		_, err := Bytes(context.Background(), tc.data, tc.lim, false)
		if !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
		if p := scan.Problem(err, "", "send an image"); p.Status < 400 || p.Status >= 500 {
			t.Errorf("%s: status %d", tc.name, p.Status)
		}
	}
	// A picture of nothing ends at the decoder's work bound, as decode
	// does, and says so.
	noise := image.NewGray(image.Rect(0, 0, 2048, 1536))
	for i := range noise.Pix {
		noise.Pix[i] = byte(i * 7919 % 251)
	}
	r = Inspect(noise, Options{Scan: scan.Options{MaxWork: 2_000_000}})
	if r.Count != 0 || r.StoppedAt == "" || !strings.Contains(r.Causes[0].Cause, "work bound") {
		t.Errorf("noise within 2 megapixels of work: %d read, stopped at %q: %v", r.Count, r.StoppedAt, r.Causes)
	}
}

// modules is c's modules, row by row, true for dark.
func modules(c *qr.Code) []bool {
	bits := make([]bool, c.Size*c.Size)
	for y := range c.Size {
		for x := range c.Size {
			bits[y*c.Size+x] = c.Dark(x, y)
		}
	}
	return bits
}
