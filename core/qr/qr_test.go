package qr

import (
	"errors"
	"image"
	"image/color"
	"reflect"
	"strings"
	"testing"

	"github.com/makiuchi-d/gozxing"
	zxqr "github.com/makiuchi-d/gozxing/qrcode"
	"github.com/makiuchi-d/gozxing/qrcode/decoder"
)

// decode reads c back with gozxing from a plain 4-pixel-per-module image.
func decode(t *testing.T, c *Code) *gozxing.Result {
	t.Helper()
	const px, quiet = 4, 4
	side := (c.Size + 2*quiet) * px
	img := image.NewGray(image.Rect(0, 0, side, side))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	for y := 0; y < c.Size; y++ {
		for x := 0; x < c.Size; x++ {
			if c.Dark(x, y) {
				for dy := 0; dy < px; dy++ {
					for dx := 0; dx < px; dx++ {
						img.SetGray((x+quiet)*px+dx, (y+quiet)*px+dy, color.Gray{})
					}
				}
			}
		}
	}
	bmp, _ := gozxing.NewBinaryBitmapFromImage(img)
	res, err := zxqr.NewQRCodeReader().Decode(bmp, map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_PURE_BARCODE: true})
	if err != nil {
		t.Fatalf("gozxing cannot read the symbol: %v", err)
	}
	return res
}

func TestEncodeDecodes(t *testing.T) {
	texts := []string{
		"https://example.com/menu?table=12",
		"WIFI:T:WPA;S:Home;P:correct horse;;",
		"0123456789012345",
		"HELLO WORLD $%*+-./:",
		"Grüße, 日本語 ✓",
		strings.Repeat("The quick brown fox jumps over the lazy dog. ", 7),
		strings.Repeat("x", 1200),
	}
	for _, text := range texts {
		for _, l := range Levels {
			c, err := Encode(text, l)
			if err != nil {
				t.Fatalf("Encode(%.20q, %v): %v", text, l, err)
			}
			res := decode(t, c)
			if res.GetText() != text {
				t.Errorf("%v: decoded %.40q, want %.40q", l, res.GetText(), text)
			}
			meta := res.GetResultMetadata()
			if got := meta[gozxing.ResultMetadataType_ERROR_CORRECTION_LEVEL]; got != l.String() {
				t.Errorf("%.20q: decoder read level %v, want %v", text, got, l)
			}
			if c.Size != 4*c.Version+17 {
				t.Errorf("size %d does not match version %d", c.Size, c.Version)
			}
		}
	}
}

func TestSmallestVersion(t *testing.T) {
	// Byte capacities from ISO/IEC 18004 table 7: version 12-M holds 287 bytes, 13-M 331.
	for _, tt := range []struct{ n, version int }{{287, 12}, {288, 13}, {331, 13}, {332, 14}} {
		c, err := Encode(strings.Repeat("a", tt.n), M)
		if err != nil {
			t.Fatal(err)
		}
		if c.Version != tt.version {
			t.Errorf("%d bytes: version %d, want %d", tt.n, c.Version, tt.version)
		}
		v, err := decoder.Version_GetVersionForNumber(c.Version)
		if err != nil || v.GetDimensionForVersion() != c.Size {
			t.Errorf("size %d disagrees with gozxing's dimension for version %d", c.Size, c.Version)
		}
	}
}

func TestDeterministic(t *testing.T) {
	for _, text := range []string{"a", "https://example.com/", strings.Repeat("0123456789abcdef", 40)} {
		first, _ := Encode(text, Q)
		for i := 0; i < 30; i++ {
			c, _ := Encode(text, Q)
			if c.Mask != first.Mask || !reflect.DeepEqual(c.dark, first.dark) {
				t.Fatalf("%.20q: run %d gave a different symbol", text, i)
			}
		}
	}
}

func TestTooLong(t *testing.T) {
	tests := []struct {
		text  string
		level Level
		max   int
	}{
		{strings.Repeat("a", 2332), M, 2331},
		{strings.Repeat("a", 1274), H, 1273},
		{strings.Repeat("7", 7090), L, 7089},
		{strings.Repeat("A", 1853), H, 1852},
	}
	for _, tt := range tests {
		_, err := Encode(tt.text, tt.level)
		var tl *TooLongError
		if !errors.As(err, &tl) {
			t.Fatalf("%d bytes at %v: err %v, want TooLongError", len(tt.text), tt.level, err)
		}
		if tl.Bytes != len(tt.text) || tl.Max != tt.max {
			t.Errorf("got %d/%d, want %d/%d", tl.Bytes, tl.Max, len(tt.text), tt.max)
		}
		if _, err := Encode(tt.text[:tt.max], tt.level); err != nil {
			t.Errorf("%d bytes at %v should fit: %v", tt.max, tt.level, err)
		}
	}
}

func TestAlignmentCenters(t *testing.T) {
	// Expected values from ISO/IEC 18004 annex E, table E.1.
	tests := map[int][]int{
		1:  nil,
		2:  {6, 18},
		7:  {6, 22, 38},
		15: {6, 26, 48, 70},
		32: {6, 34, 60, 86, 112, 138},
		36: {6, 24, 50, 76, 102, 128, 154},
		40: {6, 30, 58, 86, 114, 142, 170},
	}
	for v, want := range tests {
		if got := alignmentCenters(v); !reflect.DeepEqual(got, want) {
			t.Errorf("version %d: %v, want %v", v, got, want)
		}
	}
}

func TestParseLevel(t *testing.T) {
	for _, tt := range []struct {
		in string
		l  Level
		ok bool
	}{{"L", L, true}, {"m", M, true}, {"Q", Q, true}, {"h", H, true}, {"X", 0, false}, {"", 0, false}, {"LM", 0, false}} {
		l, ok := ParseLevel(tt.in)
		if ok != tt.ok || (ok && l != tt.l) {
			t.Errorf("ParseLevel(%q) = %v, %v", tt.in, l, ok)
		}
	}
}

func BenchmarkEncode(b *testing.B) {
	for _, in := range []struct{ name, text string }{
		{"url30", "https://example.com/menu?t=12"},
		{"text300", strings.Repeat("abcdefghij", 30)},
		{"text1200", strings.Repeat("abcdefghij", 120)},
	} {
		b.Run(in.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := Encode(in.text, M); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
