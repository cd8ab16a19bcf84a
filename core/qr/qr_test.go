package qr

import (
	"cmp"
	"errors"
	"image"
	"image/color"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/common"
	zxqr "github.com/makiuchi-d/gozxing/qrcode"
	"github.com/makiuchi-d/gozxing/qrcode/decoder"
	"golang.org/x/text/encoding/charmap"
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
		c, err := Encode(strings.Repeat("a", maxChars(byteMode, v, Q, 0)), Q)
		if err != nil || c.Version != v {
			t.Fatalf("version %d: %v", v, err)
		}
		pos := AlignmentCenters(v)
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
		if got := AlignmentCenters(v); !reflect.DeepEqual(got, want) {
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

func TestCapacity(t *testing.T) {
	// Expected values from ISO/IEC 18004 table 7.
	tests := []struct {
		m    mode
		v    int
		l    Level
		want int
	}{
		{numeric, 1, L, 41}, {alphanumeric, 1, L, 25}, {byteMode, 1, L, 17},
		{numeric, 1, H, 17}, {alphanumeric, 1, H, 10}, {byteMode, 1, H, 7},
		{byteMode, 13, M, 331}, {byteMode, 15, M, 412}, {byteMode, 25, M, 997},
		{numeric, 40, L, 7089}, {numeric, 40, M, 5596}, {numeric, 40, Q, 3993}, {numeric, 40, H, 3057},
		{alphanumeric, 40, L, 4296}, {alphanumeric, 40, M, 3391}, {alphanumeric, 40, Q, 2420}, {alphanumeric, 40, H, 1852},
		{byteMode, 40, L, 2953}, {byteMode, 40, M, 2331}, {byteMode, 40, Q, 1663}, {byteMode, 40, H, 1273},
	}
	for _, tt := range tests {
		if got := maxChars(tt.m, tt.v, tt.l, 0); got != tt.want {
			t.Errorf("mode %d version %d-%v: capacity %d, want %d", tt.m, tt.v, tt.l, got, tt.want)
		}
	}
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
				n := maxChars(m, v, l, 0)
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
		n := maxChars(m, v, l, 0)
		text := textOf(rng, m, n-rng.IntN(n/2+1))
		ver := fit(m, len(text), l, 1, 40, 0)
		g := newGrid(ver, l)
		g.place(codewords(text, m, ver, l, 0, Part{}))
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
		text := textOf(rng, m, maxChars(m, v, l, 0))
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

func TestEncoderECI(t *testing.T) {
	latin2 := func(s string) string {
		b, err := charmap.ISO8859_2.NewEncoder().String(s)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	tests := []struct {
		name  string
		bytes string // what is encoded
		eci   int
		want  string // what a reader that honours ECI shows
	}{
		{"ISO-8859-2", latin2("Tržaška cesta 10, Šiška, Čatež"), 4, "Tržaška cesta 10, Šiška, Čatež"},
		{"UTF-8", "Grüße, 日本語 ✓", 26, "Grüße, 日本語 ✓"},
		{"numeric after ECI", "0123456789", 26, "0123456789"},
		{"two-byte designator", "hello", 170, "hello"}, // 170 is ASCII in gozxing's table
	}
	for _, tt := range tests {
		for _, l := range Levels {
			c, err := Encoder{Level: l, ECI: tt.eci}.Encode(tt.bytes)
			if err != nil {
				t.Fatalf("%s at %v: %v", tt.name, l, err)
			}
			if c.ECI != tt.eci {
				t.Errorf("%s: Code.ECI = %d, want %d", tt.name, c.ECI, tt.eci)
			}
			if got := decode(t, c).GetText(); got != tt.want {
				t.Errorf("%s at %v: decoded %q, want %q", tt.name, l, got, tt.want)
			}
		}
	}
	// Without the designator a reader guesses, and gets ISO-8859-2 wrong.
	c, _ := Encode(latin2("Tržaška"), M)
	if got := decode(t, c).GetText(); got == "Tržaška" {
		t.Errorf("without ECI gozxing read %q; the test above proves nothing", got)
	}
}

func TestECIHeader(t *testing.T) {
	// gozxing's own parser reads the designator back: one, two and three
	// bytes (ISO/IEC 18004 table 4), then the segment's mode indicator.
	for _, eci := range []int{3, 127, 128, 16383, 16384, 999999} {
		data := appendData(nil, "AB", alphanumeric, 1, versions[1].dataBytes(L), eci, Part{})
		bits := common.NewBitSource(data)
		if m, _ := bits.ReadBits(4); m != 0b0111 {
			t.Fatalf("ECI %d: mode indicator %04b, want 0111", eci, m)
		}
		if got, err := decoder.DecodedBitStreamParser_parseECIValue(bits); err != nil || got != eci {
			t.Errorf("ECI %d: gozxing reads %d (%v)", eci, got, err)
		}
		if m, _ := bits.ReadBits(4); m != 0b0010 {
			t.Errorf("ECI %d: then mode %04b, want alphanumeric 0010", eci, m)
		}
	}
}

func TestEncoderVersion(t *testing.T) {
	tests := []struct {
		name    string
		enc     Encoder
		text    string
		version int
	}{
		{"fixed", Encoder{Level: M, MinVersion: 15, MaxVersion: 15, ECI: 4}, "UPNQR\nshort", 15},
		{"at least", Encoder{Level: H, MinVersion: 5}, "hi", 5},
		{"at least, text larger", Encoder{Level: M, MinVersion: 2}, strings.Repeat("a", 300), 13},
		{"at most, fits", Encoder{Level: M, MaxVersion: 13}, strings.Repeat("a", 331), 13},
	}
	for _, tt := range tests {
		c, err := tt.enc.Encode(tt.text)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if c.Version != tt.version || c.Size != 4*tt.version+17 {
			t.Errorf("%s: version %d size %d, want version %d", tt.name, c.Version, c.Size, tt.version)
		}
		if got := decode(t, c).GetText(); got != tt.text {
			t.Errorf("%s: decoded %.20q, want %.20q", tt.name, got, tt.text)
		}
	}
}

func TestTooLong(t *testing.T) {
	// Version-40 capacities from ISO/IEC 18004 table 7. Below: 13-M holds
	// 334 data codewords, 15-M 415 and 40-M 2334 (table 9); a byte segment
	// takes 4+16 bits of header and 8 a byte, an ECI 12 more: 331 and 330
	// bytes in 13-M, 412 in 15-M, 2330 in 40-M after an ECI.
	tests := []struct {
		enc          Encoder
		char         string // the text is this repeated
		version, max int
	}{
		{Encoder{Level: M}, "a", 40, 2331},
		{Encoder{Level: H}, "a", 40, 1273},
		{Encoder{Level: L}, "7", 40, 7089},
		{Encoder{Level: H}, "A", 40, 1852},
		{Encoder{Level: M, MaxVersion: 13}, "a", 13, 331},
		{Encoder{Level: M, MaxVersion: 13, ECI: 4}, "a", 13, 330},
		{Encoder{Level: M, MinVersion: 15, MaxVersion: 15}, "a", 15, 412},
		{Encoder{Level: M, ECI: 26}, "a", 40, 2330},
	}
	for _, tt := range tests {
		n := tt.max + 1
		_, err := tt.enc.Encode(strings.Repeat(tt.char, n))
		var tl *TooLongError
		if !errors.As(err, &tl) {
			t.Fatalf("%+v, %d bytes: err %v, want TooLongError", tt.enc, n, err)
		}
		if tl.Version != tt.version || tl.Max != tt.max || tl.Bytes != n {
			t.Errorf("%+v: version %d max %d bytes %d, want %d, %d, %d", tt.enc, tl.Version, tl.Max, tl.Bytes, tt.version, tt.max, n)
		}
		if _, err := tt.enc.Encode(strings.Repeat(tt.char, tt.max)); err != nil {
			t.Errorf("%+v: %d bytes should fit: %v", tt.enc, tt.max, err)
		}
		if got := tt.enc.MaxBytes(tt.char); got != tt.max {
			t.Errorf("%+v: MaxBytes %d, want %d", tt.enc, got, tt.max)
		}
	}
	if got := MaxBytes("a", M); got != 2331 {
		t.Errorf("MaxBytes(a, M) = %d, want 2331", got)
	}
}

func TestEncoderInvalid(t *testing.T) {
	for _, e := range []Encoder{
		{Level: M, MinVersion: 41}, {Level: M, MaxVersion: -1}, {Level: M, MinVersion: 10, MaxVersion: 5},
		{Level: M, ECI: -1}, {Level: M, ECI: 1000000}, {Level: 7},
	} {
		if c, err := e.Encode("a"); err == nil {
			t.Errorf("%+v gave version %d, want an error", e, c.Version)
		}
	}
	for _, v := range []int{-8, 0, 1, 41} {
		if got := AlignmentCenters(v); got != nil {
			t.Errorf("AlignmentCenters(%d) = %v, want none", v, got)
		}
	}
}

func TestMaskPatterns(t *testing.T) {
	// The patterns repeat every 12 modules; gozxing's decoder must agree on
	// each of them, or it could not read what Encode writes.
	for m := range 8 {
		for y := range 24 {
			for x := range 24 {
				if maskAt(m, x, y) != refMaskAt(m, x, y) {
					t.Fatalf("mask %d at (%d, %d): %v, gozxing says %v", m, x, y, maskAt(m, x, y), refMaskAt(m, x, y))
				}
			}
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

func FuzzEncoder(f *testing.F) {
	f.Add("UPNQR\n", uint8(1), uint32(4), uint8(15), uint8(15))
	f.Add(strings.Repeat("a", 331), uint8(1), uint32(4), uint8(0), uint8(13))
	f.Add("0123", uint8(3), uint32(999999), uint8(40), uint8(0))
	f.Add("x", uint8(0), uint32(1000000), uint8(9), uint8(3))
	f.Fuzz(func(t *testing.T, text string, level uint8, eci uint32, minV, maxV uint8) {
		e := Encoder{Level: Level(level % 4), ECI: int(eci), MinVersion: int(minV), MaxVersion: int(maxV)}
		c, err := e.Encode(text)
		var tl *TooLongError
		switch {
		case errors.As(err, &tl):
			if tl.Max >= len(text) || tl.Version != cmp.Or(e.MaxVersion, 40) {
				t.Fatalf("%+v: %d bytes reported too long for at most %d in version %d", e, len(text), tl.Max, tl.Version)
			}
			return
		case err != nil:
			return // an invalid setting or empty text
		}
		if c.Version < cmp.Or(e.MinVersion, 1) || c.Version > cmp.Or(e.MaxVersion, 40) || c.Size != 4*c.Version+17 {
			t.Fatalf("%+v: version %d, size %d", e, c.Version, c.Size)
		}
	})
}
