package scan

import (
	"context"
	"image/color"
	"strings"
	"testing"

	"qrkeyless/core/qr"
	"qrkeyless/core/render"
	"qrkeyless/core/scan/hardset"
)

func TestVerify(t *testing.T) {
	black, white := color.NRGBA{0, 0, 0, 255}, color.NRGBA{255, 255, 255, 255}
	base := render.Options{Size: 512, Margin: 4, FG: black, BG: white, Style: "square", Eye: "square"}
	url := "https://example.com/menu?table=12"
	long := strings.Repeat("The quick brown fox jumps over the lazy dog. ", 7)
	tests := []struct {
		name      string
		text      string
		level     qr.Level
		edit      func(*render.Options)
		scannable bool
		warn      string // a warning that must be present; "" means none at all
	}{
		{"plain", url, qr.M, func(*render.Options) {}, true, ""},
		{"inverted", url, qr.M, func(o *render.Options) { o.FG, o.BG = white, black }, false, "inverted"},
		{"low contrast", url, qr.M, func(o *render.Options) {
			o.FG, o.BG = color.NRGBA{0x77, 0x77, 0x77, 255}, color.NRGBA{0x99, 0x99, 0x99, 255}
		}, false, "low contrast"},
		{"thin quiet zone", url, qr.M, func(o *render.Options) { o.Margin = 1 }, true, "quiet zone"},
		{"too small", long, qr.H, func(o *render.Options) { o.Size = 64 }, false, "size="},
	}
	for _, tt := range tests {
		c, err := qr.Encode(tt.text, tt.level)
		if err != nil {
			t.Fatal(err)
		}
		o := base
		tt.edit(&o)
		r := Verify(context.Background(), c, tt.text, o)
		if r.Scannable != tt.scannable {
			t.Errorf("%s: scannable %v, want %v: %+v", tt.name, r.Scannable, tt.scannable, r)
		}
		if r.Version != c.Version || r.EC != tt.level.String() || r.QuietZone != o.Margin {
			t.Errorf("%s: report %+v", tt.name, r)
		}
		if tt.warn == "" && len(r.Warnings) > 0 {
			t.Errorf("%s: unexpected warnings %q", tt.name, r.Warnings)
		}
		if tt.warn != "" && !strings.Contains(strings.Join(r.Warnings, " "), tt.warn) {
			t.Errorf("%s: warnings %q lack %q", tt.name, r.Warnings, tt.warn)
		}
	}
	c, _ := qr.Encode(url, qr.M)
	if r := Verify(context.Background(), c, url, base); r.Contrast != 21 || !r.Decoded || !r.Camera {
		t.Errorf("black on white: %+v", r)
	}
	if r := Verify(context.Background(), c, "something else", base); r.Decoded || r.Scannable {
		t.Errorf("a code that holds other text must not verify: %+v", r)
	}
}

// Verify reads its pictures as zxing-cpp would, not with Decode's ladder:
// of faint codes under noise (15 to 30 grey levels under noise of 2 to 8,
// far under the 3:1 contrast Verify asks for), which Decode reads,
// zxing-cpp read none of these four (zxing-wasm, try-harder) and Verify's
// reader reads at most one.
func TestVerifyReadsAsAPhone(t *testing.T) {
	set, err := hardset.Photos(13, 4, "perspective-45", "low-contrast-noise")
	if err != nil {
		t.Fatal(err)
	}
	decoded, faint := 0, 0
	for i, s := range set {
		if codes, err := Decode(s.Image, Options{}); err == nil && codes[0].Text == s.Texts[0] {
			decoded++
		}
		seen, _ := cameraRead(context.Background(), luminance(s.Image, 0), -1, len(cameraLadder))
		if s.Class == "low-contrast-noise" && len(seen) > 0 {
			faint++
			t.Logf("sample %d (%s): Verify's reader read it", i, s.Class)
		}
	}
	if decoded != len(set) || faint > 1 {
		t.Errorf("Decode read %d of %d, Verify's reader %d of the faint ones: want all, and at most one", decoded, len(set), faint)
	}
}

// Verify calls scannable large codes with shaped modules that zxing-cpp
// (zxing-wasm, try-harder) read in all 16 pictures the agreement set took
// of each, over two seeds (3 and 2.5 px a module, blur, noise, JPEG 40 to
// 75), and that Verify refused while its readers missed one of the camera
// model's four pictures.
func TestVerifyLargeShaped(t *testing.T) {
	grey, black, white := color.NRGBA{0x77, 0x77, 0x77, 255}, color.NRGBA{0, 0, 0, 255}, color.NRGBA{255, 255, 255, 255}
	prose := strings.Repeat("The quick brown fox jumps over the lazy dog, and a phone reads it off a poster across the street. ", 30)
	for _, tc := range []struct {
		style, eye string
		fg         color.NRGBA
		version    int
		chars      int // of the text; 0: all version holds
	}{
		{"dot", "rounded", grey, 25, 0},
		{"horizontal-bars", "rounded", grey, 25, 0},
		{"vertical-bars", "rounded", black, 40, 0},
		{"star", "square", black, 14, 180},
	} {
		level := qr.H
		if tc.style == "square" {
			level = qr.M
		}
		text := prose[:qr.Encoder{Level: level, MaxVersion: tc.version}.MaxBytes(prose)]
		if tc.chars > 0 {
			text = prose[:tc.chars]
		}
		c, err := qr.Encoder{Level: level}.Encode(text)
		if err != nil || c.Version != tc.version {
			t.Fatalf("%+v: version %d, %v", tc, c.Version, err)
		}
		size := 512
		if 4*(c.Size+8) > 512 {
			size = 1024
		}
		o := render.Options{Size: size, Margin: 4, FG: tc.fg, BG: white, Style: tc.style, Eye: tc.eye}
		if r := Verify(context.Background(), c, text, o); !r.Scannable {
			t.Errorf("%s/%s %v version %d: not scannable, which zxing-cpp reads: %+v", tc.style, tc.eye, tc.fg, tc.version, r)
		}
	}
}

// BenchmarkVerify times Verify as the API calls it, at 512 px: a short
// URL in plain squares, 180 characters in rounded modules with circle
// eyes (a code near the camera model's limit, where every rung is
// tried), and the longest text of version 40 at 1024 px.
func BenchmarkVerify(b *testing.B) {
	black, white := color.NRGBA{0, 0, 0, 255}, color.NRGBA{255, 255, 255, 255}
	long := strings.Repeat("The quick brown fox jumps over the lazy dog. ", 60)
	for _, bc := range []struct {
		name, text, style, eye string
		level                  qr.Level
		size                   int
	}{
		{"url square", "https://example.com/menu?t=123", "square", "square", qr.M, 512},
		{"180 rounded circle", long[:180], "rounded", "circle", qr.H, 512},
		{"version 40", long[:qr.Encoder{Level: qr.M, MaxVersion: 40}.MaxBytes(long)], "square", "square", qr.M, 1024},
	} {
		c, err := qr.Encoder{Level: bc.level}.Encode(bc.text)
		if err != nil {
			b.Fatal(err)
		}
		o := render.Options{Size: bc.size, Margin: 4, FG: black, BG: white, Style: bc.style, Eye: bc.eye}
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				Verify(context.Background(), c, bc.text, o)
			}
		})
	}
}
