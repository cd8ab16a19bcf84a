package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"regexp"
	"strings"
	"testing"

	"qrkeyless/core/qr"
	"qrkeyless/internal/readback"
)

// drawCells rasterizes style s over the cells marked '#' at px pixels per
// module.
func drawCells(s style, cells []string, px int) *image.Alpha {
	g := grid{w: len(cells), h: len(cells), dark: func(x, y int) bool { return cells[y][x] == '#' }}
	var p path
	s(&p, g)
	return rasterize(p, layout{w: len(cells) * px, h: len(cells) * px, px: px, unit: float64(px)})
}

// coverage is the dark fraction of the pixels in r.
func darkShare(img *image.Alpha, r image.Rectangle) float64 {
	sum := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			sum += int(img.AlphaAt(x, y).A)
		}
	}
	return float64(sum) / float64(255*r.Dx()*r.Dy())
}

func TestModuleShapesAreNotSpecks(t *testing.T) {
	// One dark module amid light ones: most of it stays dark, its centre
	// fully, and nothing spills into the neighbours.
	const px = 100
	for _, s := range styles {
		img := drawCells(s.draw, []string{"...", ".#.", "..."}, px)
		cell := image.Rect(px, px, 2*px, 2*px)
		if got := darkShare(img, cell); got < .55 {
			t.Errorf("%s: a lone module is %.0f%% dark, want at least 55%%", s.name, got*100)
		}
		if a := img.AlphaAt(px+px/2, px+px/2).A; a != 255 {
			t.Errorf("%s: centre of a module has coverage %d, want 255", s.name, a)
		}
		if got := darkShare(img, img.Bounds()) * 9; math.Abs(got-darkShare(img, cell)) > 1e-9 {
			t.Errorf("%s: a lone module draws outside its own square", s.name)
		}
	}
}

func TestLightModulesStayLight(t *testing.T) {
	// A light module ringed by dark ones keeps a light centre, even where a
	// style fills inner corners.
	const px = 100
	for _, s := range styles {
		img := drawCells(s.draw, []string{"###", "#.#", "###"}, px)
		if got := darkShare(img, image.Rect(px+px/4, px+px/4, 2*px-px/4, 2*px-px/4)); got > 0 {
			t.Errorf("%s: the middle half of a light module is %.0f%% dark", s.name, got*100)
		}
	}
}

func TestJoinedShapes(t *testing.T) {
	// rounded, organic and the bars join neighbouring modules; dots,
	// diamonds and stars stay apart. Probe the shared edge away from its
	// midpoint, where touching diamonds meet.
	const px = 100
	for _, tc := range []struct {
		style        string
		across, down bool // joins left-right neighbours, top-bottom neighbours
	}{
		{"square", true, true},
		{"rounded", true, true},
		{"organic", true, true},
		{"horizontal-bars", true, false},
		{"vertical-bars", false, true},
		{"dot", false, false},
		{"diamond", false, false},
		{"star", false, false},
	} {
		s := styles[styleIndex(tc.style)]
		if s.name != tc.style {
			t.Fatalf("no style %q", tc.style)
		}
		across := drawCells(s.draw, []string{"##", ".."}, px).AlphaAt(px, px/5).A == 255
		down := drawCells(s.draw, []string{"#.", "#."}, px).AlphaAt(px/5, px).A == 255
		if across != tc.across || down != tc.down {
			t.Errorf("%s: joins across=%v down=%v, want %v %v", s.name, across, down, tc.across, tc.down)
		}
	}
}

func TestEyeProportions(t *testing.T) {
	// Through its centre, along the row and the column, a finder reads
	// dark-light-dark-light-dark as 1:1:3:1:1 and an alignment pattern as
	// 1:1:1:1:1 (ISO/IEC 18004, 6.3.3 and 6.3.6), whatever the ring, the
	// ball and the corner the frame is at.
	const px = 20
	for _, r := range rings {
		for _, b := range balls {
			for _, f := range []struct {
				side float64
				want []int
			}{{7, []int{1, 1, 3, 1, 1}}, {5, []int{1, 1, 1, 1, 1}}} {
				for _, out := range []int{topLeft, topRight, bottomLeft} {
					var p path
					fr := frame{x: 1, y: 1, s: f.side, out: out}
					r.draw(&p, fr)
					b.draw(&p, fr)
					n := int(f.side) + 2
					img := rasterize(p, layout{w: n * px, h: n * px, px: px, unit: px})
					mid := n * px / 2
					row := img.Pix[mid*img.Stride : mid*img.Stride+n*px]
					col := make([]uint8, n*px)
					for y := range col {
						col[y] = img.Pix[y*img.Stride+mid]
					}
					for name, line := range map[string][]uint8{"row": row, "column": col} {
						got := spans(line)
						ok := len(got) == len(f.want)
						for i := 0; ok && i < len(got); i++ {
							ok = abs(got[i]-f.want[i]*px) <= 1
						}
						if !ok {
							t.Errorf("ring %s, ball %s, side %g, corner %d: centre %s runs %v px, want %v modules of %d px", r.name, b.name, f.side, out, name, got, f.want, px)
						}
					}
				}
			}
		}
	}
}

// everyLook calls f with opts(size, 4) in every style with every eye,
// named style/eye, and with the Swiss cross on every other one if marked.
func everyLook(size int, marked bool, f func(look string, o Options)) {
	for i, s := range styles {
		for j, e := range eyes {
			o := opts(size, 4)
			o.Style, o.Eye = s.name, e.name
			if marked && (i+j)%2 == 0 {
				o.Mark = "swiss-cross"
			}
			f(s.name+"/"+e.name, o)
		}
	}
}

func TestPNGAndSVGShowTheSamePicture(t *testing.T) {
	// oksvg, a rasterizer and path parser independent of ours, must draw
	// the SVG and SVG Tiny as our PNG.
	c := encode(t, "https://example.com/menu?t=123", qr.H)
	everyLook(256, true, func(look string, o Options) {
		ours, err := png.Decode(bytes.NewReader(PNG(c, o)))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range []func(*qr.Code, Options) []byte{SVG, SVGTiny} {
			theirs, err := readback.Image(f(c, o))
			if err != nil {
				t.Fatalf("%s: %v", look, err)
			}
			differ, total := 0, 0
			b := ours.Bounds()
			for y := b.Min.Y; y < b.Max.Y; y++ {
				for x := b.Min.X; x < b.Max.X; x++ {
					g1 := color.GrayModel.Convert(ours.At(x, y)).(color.Gray).Y
					g2 := color.GrayModel.Convert(theirs.At(x, y)).(color.Gray).Y
					d := abs(int(g1) - int(g2))
					total += d
					if d > 128 {
						differ++
					}
				}
			}
			n := b.Dx() * b.Dy()
			if differ > n/1000 || total/n > 4 {
				t.Errorf("%s: %d pixels disagree on dark or light, mean difference %d/255", look, differ, total/n)
			}
		}
	})
}

func TestShapesDoNotOverlap(t *testing.T) {
	// Outlines that overlap would cover some area twice: the signed areas of
	// all outlines (holes negative) would then add up to more than the area
	// the rasterizer fills. Without overlaps even-odd and nonzero fills agree
	// and a cutter follows every outline once. Curves are flattened first so
	// that both sides measure the same polygons. At 32 px a module the
	// rasterizer's own error at sharp points (a heart's notch and tip: 0.2%
	// at 16 px) is under the tolerance; an overlap is a whole shape's area.
	c := encode(t, "https://example.com/menu?t=123", qr.H)
	const px = 32
	for i, s := range styles {
		for j, e := range eyes {
			o := Options{Style: s.name, Eye: e.name}
			if (i+j)%2 == 0 {
				o.Mark = "swiss-cross" // a hole in a square, over an alignment pattern
			}
			p := flatten(picture(c, o))
			cov := rasterize(p, layout{w: c.Size * px, h: c.Size * px, px: px, unit: px})
			filled := darkShare(cov, cov.Bounds()) * float64(c.Size*c.Size)
			if sum := signedArea(p); math.Abs(sum-filled) > .0005*filled {
				t.Errorf("%s/%s: outlines add up to %.2f module areas, %.2f are filled", s.name, e.name, sum, filled)
			}
		}
	}
}

// flatten replaces the curves of p by 32 chords each.
func flatten(p path) path {
	var out path
	var cur pt
	for _, s := range p {
		switch s.op {
		case quadTo, cubeTo:
			p0 := cur
			for i := 1; i <= 32; i++ {
				t := float64(i) / 32
				u := 1 - t
				a, b, c := s.pts[0], s.pts[1], s.pts[2]
				if s.op == quadTo {
					out.lineTo(u*u*p0.x+2*u*t*a.x+t*t*b.x, u*u*p0.y+2*u*t*a.y+t*t*b.y)
				} else {
					out.lineTo(u*u*u*p0.x+3*u*u*t*a.x+3*u*t*t*b.x+t*t*t*c.x, u*u*u*p0.y+3*u*u*t*a.y+3*u*t*t*b.y+t*t*t*c.y)
				}
			}
		default:
			out = append(out, s)
		}
		if s.op != closeP {
			cur = s.end()
		}
	}
	return out
}

// signedArea adds up the areas of the outlines of a path of straight lines,
// clockwise positive.
func signedArea(p path) float64 {
	var sum float64
	var start, cur pt
	to := func(q pt) {
		sum += (cur.x*q.y - q.x*cur.y) / 2
		cur = q
	}
	for _, s := range p {
		switch s.op {
		case moveTo:
			start, cur = s.pts[0], s.pts[0]
		case lineTo:
			to(s.pts[0])
		case closeP:
			to(start)
		}
	}
	return sum
}

var pathData = regexp.MustCompile(` d="([^"]*)"`)

func TestStyledSVG(t *testing.T) {
	// One fill path for the modules, curves but no arcs (SVG Tiny 1.2 has
	// none), and for SVG Tiny nothing outside its profile.
	c := encode(t, "https://example.com/menu?t=123", qr.H)
	everyLook(512, false, func(look string, o Options) {
		if o.plain() {
			return
		}
		for _, tiny := range []bool{false, true} {
			b := string(SVG(c, o))
			if tiny {
				b = string(SVGTiny(c, o))
				if !strings.Contains(b, `version="1.2" baseProfile="tiny"`) {
					t.Errorf("%s: svg-tiny lacks its profile", look)
				}
			}
			if n := strings.Count(b, "<path"); n != 2 {
				t.Errorf("%s tiny=%v: %d paths, want the background and one fill path", look, tiny, n)
			}
			for _, bad := range []string{"<style", "class=", "stroke", "<circle", "<image"} {
				if strings.Contains(b, bad) {
					t.Errorf("%s tiny=%v: contains %s", look, tiny, bad)
				}
			}
			for _, m := range pathData.FindAllStringSubmatch(b, -1) {
				if i := strings.IndexFunc(m[1], func(r rune) bool { return !strings.ContainsRune("MmLlHhVvCcSsQqTtZz0123456789.- ", r) }); i >= 0 {
					t.Errorf("%s tiny=%v: path data has %q", look, tiny, m[1][i])
				}
			}
		}
	})
}

func TestSVGBytesPerStyle(t *testing.T) {
	// The figure for the docs: one 30-character URL at ec H, square eyes.
	// Styled SVG stays one path of relative commands: under 80 bytes a dark
	// module even for the styles that draw every module apart with curves
	// (tiles: four sides and four corners; hearts: four cubic curves).
	c := encode(t, "https://example.com/menu?t=123", qr.H)
	dark := 0
	for y := 0; y < c.Size; y++ {
		for x := 0; x < c.Size; x++ {
			if c.Dark(x, y) {
				dark++
			}
		}
	}
	for _, s := range styles {
		o := opts(512, 4)
		o.Style = s.name
		n, tiny := len(SVG(c, o)), len(SVGTiny(c, o))
		t.Logf("%-16s svg %6d bytes, svg-tiny %6d bytes (%d dark modules)", s.name, n, tiny, dark)
		if n > 80*dark {
			t.Errorf("%s: %d bytes for %d dark modules", s.name, n, dark)
		}
	}
}

func TestContrast(t *testing.T) {
	hex := func(s string) color.NRGBA {
		var c color.NRGBA
		fmt.Sscanf(s, "%02x%02x%02x%02x", &c.R, &c.G, &c.B, &c.A)
		return c
	}
	// Ratios as WCAG 2 defines them; 4.54 is the well-known figure for
	// #767676 on white, the lightest grey that passes AA.
	for _, tc := range []struct {
		fg, bg string
		want   float64
	}{
		{"000000ff", "ffffffff", 21},
		{"ffffffff", "000000ff", 21},
		{"ffffffff", "ffffffff", 1},
		{"767676ff", "ffffffff", 4.54},
		{"000000ff", "ffffff00", 21},   // transparent background: white paper
		{"00000000", "ffffffff", 1},    // transparent foreground: nothing printed
		{"0000ff80", "ffffffff", 3.29}, // half-transparent blue prints as #7f7fff
		{"7f7fffff", "ffffffff", 3.29},
	} {
		if got := Contrast(hex(tc.fg), hex(tc.bg)); math.Abs(got-tc.want) > .006 {
			t.Errorf("Contrast(#%s, #%s) = %.3f, want %.2f", tc.fg, tc.bg, got, tc.want)
		}
	}
}

func TestWarnings(t *testing.T) {
	with := func(f func(*Options)) Options {
		o := opts(512, 4)
		f(&o)
		return o
	}
	for _, tc := range []struct {
		name string
		o    Options
		want []string // a word each warning must carry, in order
	}{
		{"defaults", opts(512, 4), nil},
		{"navy on cream", with(func(o *Options) { o.FG, o.BG = color.NRGBA{0x1a, 0x23, 0x7e, 255}, color.NRGBA{0xff, 0xf8, 0xe1, 255} }), nil},
		{"grey on white", with(func(o *Options) { o.FG = color.NRGBA{0x99, 0x99, 0x99, 255} }), []string{"low contrast: 2.84:1"}},
		{"white on black", with(func(o *Options) { o.FG, o.BG = White, Black }), []string{"inverted"}},
		{"yellow on white", with(func(o *Options) { o.FG = color.NRGBA{255, 255, 0, 255} }), []string{"low contrast"}},
		{"white on yellow", with(func(o *Options) { o.FG, o.BG = White, color.NRGBA{255, 255, 0, 255} }), []string{"inverted", "low contrast"}},
		{"transparent", with(func(o *Options) { o.BG = color.NRGBA{} }), []string{"transparent"}},
		{"margin 1", with(func(o *Options) { o.Margin = 1 }), []string{"quiet zone of 1 module"}},
	} {
		got := Warnings(tc.o)
		ok := len(got) == len(tc.want)
		for i := 0; ok && i < len(got); i++ {
			ok = strings.Contains(got[i], tc.want[i])
		}
		if !ok {
			t.Errorf("%s: warnings %q, want ones carrying %q", tc.name, got, tc.want)
		}
	}
}

func TestScannableNamesASizeThatScans(t *testing.T) {
	// When the modules are too small, the reason names a size; at that size
	// the code is scannable and decodes. A circle eye is read to version 6
	// (eyeVersions): its text is shorter.
	long := strings.Repeat("The quick brown fox jumps over the lazy dog. ", 7)[:300]
	for _, s := range styles {
		for _, e := range []string{"square", "circle"} {
			text := long
			if e == "circle" {
				text = long[:50]
			}
			c := encode(t, text, qr.H)
			o := opts(128, 4)
			o.Style, o.Eye = s.name, e
			ok, why := Scannable(c, o)
			if ok {
				t.Errorf("%s/%s: %d modules in 128 px called scannable", s.name, e, c.Size+8)
				continue
			}
			if _, err := fmt.Sscanf(why[strings.Index(why, "Use size=")+len("Use size="):], "%d", &o.Size); err != nil {
				t.Fatalf("%s/%s: no size in %q", s.name, e, why)
			}
			if ok, why := Scannable(c, o); !ok {
				t.Errorf("%s/%s: the size it named is not scannable: %s", s.name, e, why)
			}
			if got, err := readback.Text(PNG(c, o)); err != nil || got != text {
				t.Errorf("%s/%s at the size it named (%d): %v", s.name, e, o.Size, err)
			}
		}
	}
}

// benchStyles times write at 512 px in every module style, and reports
// the bytes written (bench/report/styles.mjs reads both).
func benchStyles(b *testing.B, write func(*qr.Code, Options) []byte) {
	c := encode(b, "https://example.com/menu?t=123", qr.H)
	for _, s := range styles {
		o := opts(512, 4)
		o.Style = s.name
		b.Run(s.name, func(b *testing.B) {
			var n int
			for i := 0; i < b.N; i++ {
				n = len(write(c, o))
			}
			b.ReportMetric(float64(n), "bytes")
		})
	}
}

func BenchmarkStylePNG512(b *testing.B) { benchStyles(b, PNG) }

func BenchmarkStyleSVG(b *testing.B) { benchStyles(b, SVG) }

func TestTilesJoinSeamlessly(t *testing.T) {
	// Drawn in tiles or in one piece, the picture is the same but for
	// rounding at the seams.
	c := encode(t, inputs[2], qr.H)
	for _, s := range []string{"dot", "organic", "star"} {
		o := opts(500, 4)
		o.Style, o.Eye = s, "circle"
		p, l := picture(c, o), newLayout(c, o)
		whole, tiled := rasterizeTiles(p, l, 500), rasterizeTiles(p, l, 96)
		for i := range whole.Pix {
			if d := abs(int(whole.Pix[i]) - int(tiled.Pix[i])); d > 2 {
				t.Fatalf("%s: pixel (%d,%d) is %d whole, %d tiled", s, i%l.w, i/l.w, whole.Pix[i], tiled.Pix[i])
			}
		}
	}
}
