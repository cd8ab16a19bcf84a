package frame

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"qrkeyless/core/qr"
	"qrkeyless/core/render"
	"qrkeyless/internal/readback"
)

const upi = "upi://pay?pa=acmestore@okhdfcbank&pn=Acme%20Store&cu=INR"

var (
	navy  = color.NRGBA{0x1a, 0x23, 0x7e, 0xff}
	white = color.NRGBA{0xff, 0xff, 0xff, 0xff}
)

// frameCode renders text at size with style and frames it as PNG and SVG.
func frameCode(t testing.TB, text string, size int, style string, o Options) (pngBytes, svg []byte, code image.Image) {
	t.Helper()
	c, err := qr.Encode(text, qr.M)
	if err != nil {
		t.Fatal(err)
	}
	ro := render.Options{Size: size, Margin: 4, FG: navy, BG: o.BG, Style: style, Eye: "square"}
	code = render.Image(c, ro)
	if pngBytes, err = PNG(code, o); err != nil {
		t.Fatal(err)
	}
	if svg, err = SVG(render.SVG(c, ro), size, o); err != nil {
		t.Fatal(err)
	}
	return pngBytes, svg, code
}

// The framed code must still scan, in both formats, read back by decoders
// that are not ours (gozxing, and oksvg for the SVG).
func TestFramedCodeScans(t *testing.T) {
	for _, fr := range FrameNames() {
		for _, style := range []string{"square", "rounded"} {
			t.Run(fr+"/"+style, func(t *testing.T) {
				o := Options{Frame: fr, Text: "SCAN ME", Color: navy, TextColor: textOn(fr), BG: white}
				p, s, _ := frameCode(t, upi, 400, style, o)
				for name, b := range map[string][]byte{"png": p, "svg": s} {
					got, err := readback.Text(b)
					if err != nil || got != upi {
						t.Errorf("%s decodes to %q, %v; want %q", name, got, err, upi)
					}
				}
			})
		}
	}
}

// The SVG and the PNG are one picture: rasterized by oksvg, the SVG matches
// the PNG pixel for pixel except along anti-aliased edges.
func TestSVGMatchesPNG(t *testing.T) {
	for _, fr := range FrameNames() {
		t.Run(fr, func(t *testing.T) {
			o := Options{Frame: fr, Text: "Ground floor, room 12", Color: navy, TextColor: textOn(fr), BG: white}
			p, s, _ := frameCode(t, "WIFI:T:WPA;S:Cafe;P:correct horse;;", 300, "rounded", o)
			a, err := png.Decode(bytes.NewReader(p))
			if err != nil {
				t.Fatal(err)
			}
			b, err := readback.Image(s)
			if err != nil {
				t.Fatal(err)
			}
			if a.Bounds() != b.Bounds() {
				t.Fatalf("PNG is %v, SVG is %v", a.Bounds(), b.Bounds())
			}
			far, n := 0, 0
			for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
				for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
					n++
					if d := grey(a.At(x, y)) - grey(b.At(x, y)); d > 96 || d < -96 {
						far++
					}
				}
			}
			if far > n/100 {
				t.Errorf("%d of %d pixels differ by more than 96 levels", far, n)
			}
		})
	}
}

// textOn is the text colour that shows on a frame: white on a band.
func textOn(fr string) color.NRGBA {
	if f, _ := Lookup(fr); f.Band {
		return white
	}
	return navy
}

func grey(c color.Color) int {
	r, g, b, _ := color.NRGBAModel.Convert(c).RGBA()
	return int(r+g+b) / 3 >> 8
}

// A caption goes under the code, the code itself untouched above it.
func TestLabel(t *testing.T) {
	for _, tc := range []struct {
		label string
		ink   bool // whether text is drawn
	}{
		{"Acme Store", true},
		{"Кафе «Ромашка»", true}, // Cyrillic is in the Go fonts
		{" \n\t ", false},        // blank: no caption, the code as is
		{strings.Repeat("a very long caption ", 20), true},
	} {
		t.Run(tc.label, func(t *testing.T) {
			const side = 256
			p, _, code := frameCode(t, "hello", side, "square", Options{Text: tc.label, Color: navy, TextColor: navy, BG: white})
			img, err := png.Decode(bytes.NewReader(p))
			if err != nil {
				t.Fatal(err)
			}
			b := img.Bounds()
			if b.Dx() != side || (b.Dy() > side) != tc.ink {
				t.Fatalf("framed image is %dx%d; want %d wide, taller than %d: %v", b.Dx(), b.Dy(), side, side, tc.ink)
			}
			for y := 0; y < side; y++ {
				for x := 0; x < side; x++ {
					if grey(img.At(x, y)) != grey(code.At(x, y)) {
						t.Fatalf("pixel (%d,%d) of the code changed", x, y)
					}
				}
			}
			if !tc.ink {
				return
			}
			minX, maxX := b.Dx(), -1
			for y := side; y < b.Dy(); y++ {
				for x := 0; x < b.Dx(); x++ {
					if grey(img.At(x, y)) < 128 {
						minX, maxX = min(minX, x), max(maxX, x)
					}
				}
			}
			if maxX < 0 {
				t.Fatal("no text under the code")
			}
			if minX < 2 || maxX > b.Dx()-3 {
				t.Errorf("text spans x=%d..%d, touching the edges of a %d-pixel image", minX, maxX, b.Dx())
			}
			// Centred: the margins left and right differ by a few pixels at most.
			if l, r := minX, b.Dx()-1-maxX; l-r > 4 || r-l > 4 {
				t.Errorf("text is off centre: %d pixels left, %d right", l, r)
			}
		})
	}
}

// Options that add nothing give back the code as render drew it.
func TestPlain(t *testing.T) {
	c, _ := qr.Encode("hello", qr.M)
	ro := render.Options{Size: 128, Margin: 4, FG: navy, BG: white, Style: "square", Eye: "square"}
	svg := render.SVG(c, ro)
	img := render.Image(c, ro)
	o := Options{Frame: "none", Color: navy, BG: white}
	if got, err := SVG(svg, 128, o); err != nil || !bytes.Equal(got, svg) {
		t.Errorf("SVG changed the code: %v", err)
	}
	if got, err := Image(img, o); err != nil || got != img {
		t.Errorf("Image changed the code: %v", err)
	}
}

func TestUnknownFrame(t *testing.T) {
	c, _ := qr.Encode("hello", qr.M)
	ro := render.Options{Size: 128, Margin: 4, FG: navy, BG: white, Style: "square", Eye: "square"}
	o := Options{Frame: "poster", Color: navy, BG: white}
	if _, err := SVG(render.SVG(c, ro), 128, o); !errors.Is(err, ErrFrame) {
		t.Errorf("SVG: %v; want ErrFrame", err)
	}
	if _, err := PNG(render.Image(c, ro), o); !errors.Is(err, ErrFrame) || !strings.Contains(err.Error(), "banner-bottom") {
		t.Errorf("PNG: %v; want ErrFrame listing the frames", err)
	}
}

// A text the fonts cannot draw, or too long for a frame, is refused.
func TestCheck(t *testing.T) {
	tests := []struct {
		text, want string
	}{
		{"SCAN ME", ""},
		{"Сканируй меня", ""},
		{"Σάρωσε", ""},
		{"扫一扫", "have no"},
		{"Scan 👉 me", "have no"},
		{strings.Repeat("a", MaxText+1), "at most 30"},
	}
	for _, tt := range tests {
		err := Options{Frame: "box", Text: tt.text}.Check()
		if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("Check(%q) = %v, want %q", tt.text, err, tt.want)
		}
	}
}

// A transparent background stays transparent around a card, and the card
// is drawn in the foreground colour.
func TestTransparent(t *testing.T) {
	p, s, _ := frameCode(t, "hello", 200, "square", Options{Frame: "card", Text: "Hello", Color: navy, TextColor: navy})
	img, _ := png.Decode(bytes.NewReader(p))
	if _, _, _, a := img.At(0, 0).RGBA(); a != 0 {
		t.Errorf("corner alpha %d; want 0", a)
	}
	if bytes.Contains(s, []byte(`fill="#ffffff"`)) || bytes.Contains(s, []byte(`fill="#000000"`)) {
		t.Error("SVG paints a background or a colour that was not asked for")
	}
}

// Same request, same bytes.
func TestDeterministic(t *testing.T) {
	o := Options{Frame: "standee", Text: "UPI payment", Color: navy, TextColor: white, BG: white}
	p1, s1, _ := frameCode(t, upi, 300, "dot", o)
	p2, s2, _ := frameCode(t, upi, 300, "dot", o)
	if !bytes.Equal(p1, p2) || !bytes.Equal(s1, s2) {
		t.Error("two renders differ")
	}
}

var sizeAttrs = regexp.MustCompile(`^<svg [^>]*width="(\d+)" height="(\d+)"`)

func FuzzFrame(f *testing.F) {
	f.Add("Acme Store", "card", 200)
	f.Add("", "standee", 64)
	f.Add("\x00\u202e\U0001F600 ⁂", "", 4096)
	f.Add(strings.Repeat("W", 500), "bubble", 100)
	c, _ := qr.Encode("hello", qr.L)
	f.Fuzz(func(t *testing.T, text, fr string, size int) {
		size = 64 + abs(size)%400
		ro := render.Options{Size: size, Margin: 2, FG: navy, BG: white, Style: "square", Eye: "square"}
		o := Options{Frame: fr, Text: text, Color: navy, TextColor: white, BG: white}
		svg, err1 := SVG(render.SVG(c, ro), size, o)
		img, err2 := Image(render.Image(c, ro), o)
		if (err1 == nil) != (err2 == nil) {
			t.Fatalf("SVG error %v, Image error %v", err1, err2)
		}
		if err1 != nil {
			return
		}
		m := sizeAttrs.FindSubmatch(svg)
		if m == nil {
			t.Fatalf("SVG has no size: %.80s", svg)
		}
		w, _ := strconv.Atoi(string(m[1]))
		h, _ := strconv.Atoi(string(m[2]))
		if b := img.Bounds(); b.Dx() != w || b.Dy() != h || w < size || h < size {
			t.Fatalf("image %v, SVG %dx%d, code %d", b, w, h, size)
		}
		if bytes.Count(svg, []byte("<path")) != bytes.Count(svg, []byte("/>")) {
			t.Fatal(fmt.Sprintf("unbalanced SVG: %.200s", svg))
		}
	})
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// A program built without the Go fonts (the browser editor) draws no text
// until it is given font files, and says so rather than drop the text.
func TestFontsFromFiles(t *testing.T) {
	fontMu.Lock()
	saved, savedReg, savedBold := builtin, regular, bold
	builtin, regular, bold = [2][]byte{}, nil, nil
	fontMu.Unlock()
	defer func() {
		fontMu.Lock()
		builtin, regular, bold = saved, savedReg, savedBold
		fontMu.Unlock()
	}()

	c, _ := qr.Encode("hello", qr.M)
	ro := render.Options{Size: 128, Margin: 4, FG: navy, BG: white, Style: "square", Eye: "square"}
	o := Options{Text: "Hello", Color: navy, TextColor: navy, BG: white}
	if _, err := SVG(render.SVG(c, ro), 128, o); !errors.Is(err, ErrNoFonts) {
		t.Fatalf("without fonts: %v; want ErrNoFonts", err)
	}
	if err := SetFonts([]byte("not a font"), saved[1]); err == nil {
		t.Error("SetFonts took bytes that are not a font")
	}
	if err := SetFonts(saved[0], saved[1]); err != nil {
		t.Fatal(err)
	}
	p, err := PNG(render.Image(c, ro), o)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := readback.Text(p); err != nil || got != "hello" {
		t.Errorf("decodes to %q, %v", got, err)
	}
}

// Colour writes what SVG readers take: six hex digits, and an opacity only
// where the colour is not opaque, to three decimals (128/255 = 0.50196).
func TestColour(t *testing.T) {
	for _, tc := range []struct {
		name, opacity string
		c             color.NRGBA
		want          string
	}{
		{"fill", "fill-opacity", color.NRGBA{0x1a, 0x23, 0x7e, 255}, `fill="#1a237e"`},
		{"fill", "fill-opacity", color.NRGBA{0, 0, 0, 128}, `fill="#000000" fill-opacity="0.502"`},
		{"stop-color", "stop-opacity", color.NRGBA{255, 255, 255, 0}, `stop-color="#ffffff" stop-opacity="0"`},
	} {
		if got := Colour(tc.name, tc.opacity, tc.c); got != tc.want {
			t.Errorf("Colour(%s, %v) = %s, want %s", tc.name, tc.c, got, tc.want)
		}
	}
}
