package qr

import (
	"errors"
	"image"
	"image/color"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

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
			if c.Mask != first.Mask || !reflect.DeepEqual(c.rows, first.rows) {
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

func TestInvalidInput(t *testing.T) {
	for _, tt := range []struct {
		text  string
		level Level
	}{{"", M}, {"a", Level(4)}, {"a", Level(-1)}} {
		if c, err := Encode(tt.text, tt.level); err == nil {
			t.Errorf("Encode(%q, %d) = version %d, want an error", tt.text, int(tt.level), c.Version)
		}
	}
	if got := Level(9).String(); got != "Level(9)" {
		t.Errorf("Level(9).String() = %q", got)
	}
}

func TestAlignmentPatterns(t *testing.T) {
	// ISO/IEC 18004 6.3.6: 5x5 dark, 3x3 light, one dark centre module, at
	// every pair of centres except the three under the finder patterns,
	// including those on row and column 6.
	for v := 2; v <= 40; v++ {
		c, err := Encode(strings.Repeat("a", capacityAt(byteMode, v, Q)), Q)
		if err != nil || c.Version != v {
			t.Fatalf("version %d: %v", v, err)
		}
		pos := alignmentCenters(v)
		last := len(pos) - 1
		for i, cy := range pos {
			for j, cx := range pos {
				if i == 0 && (j == 0 || j == last) || i == last && j == 0 {
					continue
				}
				for dy := -2; dy <= 2; dy++ {
					for dx := -2; dx <= 2; dx++ {
						want := dx == -2 || dx == 2 || dy == -2 || dy == 2 || dx == 0 && dy == 0
						if c.Dark(cx+dx, cy+dy) != want {
							t.Fatalf("version %d: alignment pattern at (%d, %d) is damaged at (%d, %d)", v, cx, cy, cx+dx, cy+dy)
						}
					}
				}
			}
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

func TestVersionTable(t *testing.T) {
	// gozxing's decoder carries its own copy of ISO/IEC 18004 table 9.
	zxLevels := []decoder.ErrorCorrectionLevel{decoder.ErrorCorrectionLevel_L,
		decoder.ErrorCorrectionLevel_M, decoder.ErrorCorrectionLevel_Q, decoder.ErrorCorrectionLevel_H}
	for v := 1; v <= 40; v++ {
		zv, err := decoder.Version_GetVersionForNumber(v)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := versions[v].bytes, zv.GetTotalCodewords(); got != want {
			t.Errorf("version %d: %d codewords, want %d", v, got, want)
		}
		for _, l := range Levels {
			zb := zv.GetECBlocksForLevel(zxLevels[l])
			got := versions[v].level[l]
			if got.blocks != zb.GetNumBlocks() || got.check != zb.GetECCodewordsPerBlock() {
				t.Errorf("version %d-%v: %d blocks of %d check codewords, want %d of %d",
					v, l, got.blocks, got.check, zb.GetNumBlocks(), zb.GetECCodewordsPerBlock())
			}
		}
		if v >= 7 {
			if got, want := versionBits(v), decoder.VERSION_DECODE_INFO[v-7]; got != want {
				t.Errorf("version %d: version information %018b, want %018b", v, got, want)
			}
		}
	}
}

func TestGenerators(t *testing.T) {
	// Each generator of degree n must vanish at 2^0 ... 2^(n-1), and rsCheck
	// relies on its coefficients being non-zero.
	seen := map[int]bool{}
	for _, v := range versions[1:] {
		for _, e := range v.level {
			if seen[e.check] {
				continue
			}
			seen[e.check] = true
			g := make([]byte, e.check)
			rsGenerator(g)
			for j, c := range g {
				if c == 0 {
					t.Errorf("degree %d: coefficient %d is zero", e.check, j)
				}
			}
			for i := 0; i < e.check; i++ {
				x := gfExp[i]
				y := byte(1) // Horner, leading coefficient 1
				for _, c := range g {
					y = gfMul(y, x) ^ c
				}
				if y != 0 {
					t.Errorf("degree %d: generator at 2^%d is %d, want 0", e.check, i, y)
				}
			}
		}
	}
}

// sameAsReference fails t unless Encode and the go-qrcode oracle give the
// same symbol for text at l.
func sameAsReference(t *testing.T, text string, l Level) {
	t.Helper()
	c, err := Encode(text, l)
	if err != nil {
		t.Fatalf("Encode(%.20q, %v): %v", text, l, err)
	}
	r, err := reference(text, l)
	if err != nil {
		t.Fatalf("oracle(%.20q, %v): %v", text, l, err)
	}
	if c.Version != r.Version || c.Size != r.Size || c.Mask != r.Mask {
		t.Fatalf("%d bytes %.20q at %v: version %d mask %d, oracle version %d mask %d",
			len(text), text, l, c.Version, c.Mask, r.Version, r.Mask)
	}
	for y := 0; y < c.Size; y++ {
		for x := 0; x < c.Size; x++ {
			if c.Dark(x, y) != r.Dark(x, y) {
				t.Fatalf("%d bytes %.20q at %v (version %d): module (%d, %d) differs from the oracle",
					len(text), text, l, c.Version, x, y)
			}
		}
	}
}

// textOf returns a text of n bytes that modeOf reads as m, drawn from rng.
func textOf(rng *rand.Rand, m mode, n int) string {
	var b strings.Builder
	switch m {
	case numeric:
		for b.Len() < n {
			b.WriteByte(byte('0' + rng.IntN(10)))
		}
	case alphanumeric:
		b.WriteByte('Q') // one letter, so that it is not numeric
		for b.Len() < n {
			b.WriteByte(alphabet[rng.IntN(len(alphabet))])
		}
	default:
		runes := []rune("aZ9 /?&=%é€日本語✓😀\x00\xff")
		for b.Len() < n {
			r := runes[rng.IntN(len(runes))]
			if b.Len()+utf8.RuneLen(r) > n || b.Len() == 0 {
				r = 'a' // fills the last bytes, and makes the text non-alphanumeric
			}
			b.WriteRune(r)
		}
	}
	return b.String()
}

// capacityAt is the most characters mode m holds in a version-v symbol at l.
func capacityAt(m mode, v int, l Level) int {
	n := 0
	for segmentBits(m, n+1, v) <= versions[v].dataBytes(l)*8 {
		n++
	}
	return n
}

func TestMatchesReference(t *testing.T) {
	texts := []string{
		"https://example.com/menu?table=12",
		"WIFI:T:WPA;S:Home;P:correct horse;;",
		"0", "7", "42", "123", "0000000000", "HELLO WORLD", "A", "a",
		"Grüße, 日本語 ✓", "😀", "\x00\x01\xfe\xff",
		"MECARD:N:Doe,John;TEL:+15551234;;",
		strings.Repeat("The quick brown fox jumps over the lazy dog. ", 7),
		strings.Repeat("abcdefghij", 120),
	}
	for _, text := range texts {
		for _, l := range Levels {
			sameAsReference(t, text, l)
		}
	}
}

func TestVersionBoundaries(t *testing.T) {
	// For every mode, level and version: the longest text that fits the
	// version, and one character more, which needs the next version.
	// The oracle checks the version choice as well as every module.
	rng := rand.New(rand.NewPCG(1, 2))
	for m := numeric; m <= byteMode; m++ {
		for _, l := range Levels {
			for v := 1; v <= 40; v++ {
				if testing.Short() && v%5 != 0 {
					continue
				}
				n := capacityAt(m, v, l)
				sameAsReference(t, textOf(rng, m, n), l)
				if v < 40 {
					sameAsReference(t, textOf(rng, m, n+1), l)
				}
			}
		}
	}
}

func TestPenalty(t *testing.T) {
	// The bit-string penalty must score every mask as the module-by-module
	// reading of the rules in the oracle does.
	rng := rand.New(rand.NewPCG(3, 4))
	for v := 1; v <= 40; v += 3 {
		l := Levels[v%4]
		m := mode(v % 3)
		n := capacityAt(m, v, l)
		text := textOf(rng, m, n-rng.IntN(n/2+1))
		ver := minVersion(m, len(text), l)
		g := newGrid(ver, l)
		g.place(codewords(text, m, ver, l))
		for mask := 0; mask < 8; mask++ {
			g.format(mask)
			r := &refCode{Size: g.size, dark: make([]bool, g.size*g.size)}
			for y := 0; y < g.size; y++ {
				for x := 0; x < g.size; x++ {
					d := g.rows[y].at(x)
					if g.free[y].at(x) && refMaskAt(mask, x, y) {
						d = !d
					}
					r.dark[y*g.size+x] = d
				}
			}
			if got, want := g.penalty(mask), r.penalty(); got != want {
				t.Errorf("version %d mask %d: penalty %d, want %d", ver, mask, got, want)
			}
		}
	}
}

func TestAllVersionsDecode(t *testing.T) {
	// gozxing reads back a full symbol of every version, independently of
	// go-qrcode: block structure, version information, alignment patterns.
	rng := rand.New(rand.NewPCG(5, 6))
	for v := 1; v <= 40; v++ {
		if testing.Short() && v%5 != 0 {
			continue
		}
		l, m := Levels[v%4], mode(v%3)
		text := textOf(rng, m, capacityAt(m, v, l))
		c, err := Encode(text, l)
		if err != nil {
			t.Fatal(err)
		}
		if c.Version != v {
			t.Fatalf("version %d-%v full: got version %d", v, l, c.Version)
		}
		if got := decode(t, c).GetText(); got != text {
			t.Errorf("version %d-%v: decoded %.20q, want %.20q", v, l, got, text)
		}
	}
}

var benchTexts = []struct{ name, text string }{
	{"url30", "https://example.com/menu?t=12"},
	{"wifi", "WIFI:T:WPA;S:CafeGuest;P:espresso-2024;H:false;;"},
	{"text300", strings.Repeat("abcdefghij", 30)},
	{"text1200", strings.Repeat("abcdefghij", 120)},
}

func TestAllocs(t *testing.T) {
	for _, in := range benchTexts {
		allocs := testing.AllocsPerRun(20, func() { Encode(in.text, M) })
		t.Logf("%s: %.0f allocs/op", in.name, allocs)
		if allocs > 8 {
			t.Errorf("%s: %.0f allocations per Encode, want at most 8", in.name, allocs)
		}
	}
}

func FuzzEncode(f *testing.F) {
	for _, s := range []string{"", "0", "HELLO", "hello", "Grüße ✓", "\xff\x00", strings.Repeat("9", 500)} {
		f.Add(s, uint8(1))
	}
	f.Fuzz(func(t *testing.T, text string, level uint8) {
		l := Level(level % 4)
		c, err := Encode(text, l)
		var tl *TooLongError
		switch {
		case text == "":
			if err == nil {
				t.Fatal("empty text encoded")
			}
			return
		case len(text) > MaxBytes(text, l):
			if !errors.As(err, &tl) {
				t.Fatalf("%d bytes over %d: err %v, want TooLongError", len(text), MaxBytes(text, l), err)
			}
			return
		case err != nil:
			t.Fatal(err)
		}
		if c.Size != 4*c.Version+17 {
			t.Fatalf("size %d at version %d", c.Size, c.Version)
		}
		sameAsReference(t, text, l)
	})
}

func BenchmarkEncode(b *testing.B) {
	for _, in := range benchTexts {
		b.Run(in.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Encode(in.text, M); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkReference times the oracle, which is how Encode worked before:
// go-qrcode plus a re-chosen mask.
func BenchmarkReference(b *testing.B) {
	for _, in := range benchTexts {
		b.Run(in.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := reference(in.text, M); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
