package scan

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/common/reedsolomon"
	multiqr "github.com/makiuchi-d/gozxing/multi/qrcode"
	"github.com/makiuchi-d/gozxing/qrcode"
	"github.com/makiuchi-d/gozxing/qrcode/decoder"
	qrencoder "github.com/makiuchi-d/gozxing/qrcode/encoder"

	"qrkeyless/core/scan/hardset"
)

const (
	hardSeed     = 1
	hardPerClass = 10
)

// hardSet is generated once per test binary; it takes a few seconds.
var hardSet = sync.OnceValues(func() ([]hardset.Sample, error) {
	return hardset.Generate(hardSeed, hardPerClass)
})

func loadHardSet(tb testing.TB) []hardset.Sample {
	tb.Helper()
	set, err := hardSet()
	if err != nil {
		tb.Fatal(err)
	}
	return set
}

func texts(codes []Code) []string {
	var out []string
	for _, c := range codes {
		out = append(out, c.Text)
	}
	return out
}

// reads reports whether one of codes holds text: as its text or, for
// binary content, as its bytes read as Latin-1, the way the real photos'
// corpus writes down another reader's bytes (japan-visa).
func reads(codes []Code, text string) bool {
	for _, c := range codes {
		latin1 := make([]rune, len(c.Bytes))
		for i, b := range c.Bytes {
			latin1[i] = rune(b)
		}
		if c.Text == text || string(latin1) == text {
			return true
		}
	}
	return false
}

// plain decodes the way gozxing's README does: one pass, hybrid binarizer,
// default hints (the multi reader, so two codes can count).
func plain(img image.Image) []string {
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		return nil
	}
	results, _ := multiqr.NewQRCodeMultiReader().DecodeMultiple(bmp, nil)
	var out []string
	for _, r := range results {
		out = append(out, r.GetText())
	}
	return out
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(slices.Compact(a), slices.Compact(b))
}

// minDecoded is the share of each class the ladder must decode; zxing-cpp
// decodes about 90% of a comparable set on this machine. Strong blur and
// steep perspective (which zxing corrects only from an alignment pattern
// found near where an untilted code would have it) get a lower bar.
var minDecoded = map[string]float64{
	"blur":        0.7,
	"perspective": 0.7,
}

func TestHardSetLadderBeatsPlainGozxing(t *testing.T) {
	set := loadHardSet(t)
	type tally struct{ ours, plain, total int }
	counts := map[string]*tally{}
	var times []time.Duration
	for i, s := range set {
		tl := counts[s.Class]
		if tl == nil {
			tl = &tally{}
			counts[s.Class] = tl
		}
		tl.total++
		start := time.Now()
		codes, err := Decode(s.Image, Options{})
		times = append(times, time.Since(start))
		for _, c := range codes {
			if !slices.Contains(s.Texts, c.Text) {
				t.Errorf("sample %d (%s): decoded %q, which is not in the image", i, s.Class, c.Text)
			}
		}
		if err == nil && slices.Equal(texts(codes), s.Texts) {
			tl.ours++
		} else if err != nil && !errors.Is(err, ErrNotFound) {
			t.Errorf("sample %d (%s): %v, want a code or ErrNotFound", i, s.Class, err)
		}
		if sameSet(plain(s.Image), s.Texts) {
			tl.plain++
		}
	}
	var ours, plainAll int
	for _, class := range hardset.Classes {
		tl := counts[class]
		ours += tl.ours
		plainAll += tl.plain
		t.Logf("%-15s ladder %2d/%d   plain gozxing %2d/%d", class, tl.ours, tl.total, tl.plain, tl.total)
		if tl.ours < tl.plain {
			t.Errorf("%s: ladder decoded %d, plain gozxing %d", class, tl.ours, tl.plain)
		}
		floor, ok := minDecoded[class]
		if !ok {
			floor = 0.9
		}
		if float64(tl.ours) < floor*float64(tl.total) {
			t.Errorf("%s: ladder decoded %d of %d, want at least %.0f%%", class, tl.ours, tl.total, floor*100)
		}
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	t.Logf("total          ladder %d/%d   plain gozxing %d/%d", ours, len(set), plainAll, len(set))
	t.Logf("decode time: median %v, 90th percentile %v, max %v",
		times[len(times)/2], times[len(times)*9/10], times[len(times)-1])
}

// The corner points must land on the code in the caller's image whatever
// the step that found it did to the pixels, so every step is checked on a
// sample it applies to.
func TestEveryStepReportsCornersInOriginalCoordinates(t *testing.T) {
	set := loadHardSet(t)
	for _, st := range ladder {
		t.Run(st.name, func(t *testing.T) {
			checked := 0
			for _, s := range set {
				base := luminance(s.Image, 0)
				p, ok := st.prepare(base)
				if !ok {
					continue
				}
				codes, _, _ := st.read(p, newBounds(Options{}))
				for _, c := range codes {
					k := slices.Index(s.Texts, c.Text)
					if k < 0 || len(c.Points) != 4 {
						t.Fatalf("%s sample: got %q with %d points", s.Class, c.Text, len(c.Points))
					}
					checkCorners(t, s.Class, c, s.Quads[k])
					checked++
				}
				if checked >= 3 {
					return
				}
			}
			if checked == 0 {
				t.Fatalf("no sample in the hard set decodes through step %q", st.name)
			}
		})
	}
}

// checkCorners allows half a module, or a module and a half in steep
// perspective, where a version 1 code gives only three reference points.
func checkCorners(t *testing.T, class string, c Code, want [4][2]float64) {
	t.Helper()
	side := math.Hypot(want[1][0]-want[0][0], want[1][1]-want[0][1])
	module := side / float64(17+4*c.Version)
	tol := module / 2
	if class == "perspective" {
		tol = 1.5 * module
	}
	for i, p := range c.Points {
		if d := math.Hypot(p[0]-want[i][0], p[1]-want[i][1]); d > tol {
			t.Errorf("%s: corner %d at %.1f,%.1f, want %.1f,%.1f (off by %.1f px, module %.1f px)",
				class, i, p[0], p[1], want[i][0], want[i][1], d, module)
		}
	}
}

// encode renders text with gozxing's writer, independent of core/render.
func encode(t testing.TB, text, ec string, hints map[gozxing.EncodeHintType]interface{}) *image.Gray {
	t.Helper()
	h := map[gozxing.EncodeHintType]interface{}{gozxing.EncodeHintType_ERROR_CORRECTION: ec}
	for k, v := range hints {
		h[k] = v
	}
	m, err := qrcode.NewQRCodeWriter().Encode(text, gozxing.BarcodeFormat_QR_CODE, 0, 0, h)
	if err != nil {
		t.Fatal(err)
	}
	const scale = 8
	img := image.NewGray(image.Rect(0, 0, m.GetWidth()*scale, m.GetHeight()*scale))
	for y := range img.Bounds().Dy() {
		for x := range img.Bounds().Dx() {
			if !m.Get(x/scale, y/scale) {
				img.Pix[y*img.Stride+x] = 255
			}
		}
	}
	return img
}

func TestDecodeReportsVersionECAndBytes(t *testing.T) {
	latin1 := map[gozxing.EncodeHintType]interface{}{gozxing.EncodeHintType_CHARACTER_SET: "ISO-8859-1"}
	tests := []struct {
		name      string
		text, ec  string
		hints     map[gozxing.EncodeHintType]interface{}
		wantBytes string
		wantKind  string
	}{
		{"numeric", "0123456789", "L", nil, "0123456789", "text"},
		{"url", "https://example.com/menu", "M", nil, "https://example.com/menu", "url"},
		{"wifi", "WIFI:T:WPA;S:home;P:secret123;;", "Q", nil, "WIFI:T:WPA;S:home;P:secret123;;", "wifi"},
		{"long", strings.Repeat("lorem ipsum ", 60), "H", nil, strings.Repeat("lorem ipsum ", 60), "text"},
		{"utf-8", "café crème", "M", nil, "café crème", "text"},
		// With a charset designator, Bytes is the UTF-8 it leads to.
		{"latin-1 with ECI", "café crème", "M", latin1, "café crème", "text"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			img := encode(t, tt.text, tt.ec, tt.hints)
			codes, err := Decode(img, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if len(codes) != 1 {
				t.Fatalf("got %d codes, want 1", len(codes))
			}
			c := codes[0]
			// The writer's quiet zone is 4 modules on each side.
			wantVersion := (img.Bounds().Dx()/8 - 8 - 17) / 4
			if c.Text != tt.text || c.EC != tt.ec || c.Version != wantVersion {
				t.Errorf("got text %q ec %s version %d, want %q %s %d", c.Text, c.EC, c.Version, tt.text, tt.ec, wantVersion)
			}
			if string(c.Bytes) != tt.wantBytes {
				t.Errorf("bytes %q, want %q", c.Bytes, tt.wantBytes)
			}
			if c.Kind != tt.wantKind || c.Fields == nil {
				t.Errorf("kind %q fields %v, want kind %q", c.Kind, c.Fields, tt.wantKind)
			}
			side := float64(img.Bounds().Dx())
			q := 4 * 8.0
			checkCorners(t, "clean", c, [4][2]float64{{q, q}, {side - q, q}, {side - q, side - q}, {q, side - q}})
		})
	}
}

// bits packs (value, width) pairs most significant bit first, as QR data
// codewords are laid out (ISO/IEC 18004 section 7.4), then pads to n
// codewords with the 0xEC 0x11 filler.
func bits(n int, fields ...int) []byte {
	var out []byte
	var acc, used int
	for i := 0; i < len(fields); i += 2 {
		for b := fields[i+1] - 1; b >= 0; b-- {
			acc = acc<<1 | (fields[i]>>b)&1
			if used++; used == 8 {
				out = append(out, byte(acc))
				acc, used = 0, 0
			}
		}
	}
	if used > 0 {
		out = append(out, byte(acc<<(8-used)))
	}
	for i := 0; len(out) < n; i++ {
		out = append(out, []byte{0xec, 0x11}[i%2])
	}
	return out
}

// Codes from older encoders carry Latin-1 bytes with no charset
// designator; gozxing guesses the charset for Text, Bytes keeps them.
func TestContentBytesKeepUnlabelledBytes(t *testing.T) {
	const (
		numeric  = 0b0001
		byteMode = 0b0100
		end      = 0b0000
	)
	v1, _ := decoder.Version_GetVersionForNumber(1)
	tests := []struct {
		name      string
		data      []byte
		wantText  string
		wantBytes string
	}{
		// Version 1 counts: 10 bits for numeric, 8 for bytes.
		{"latin-1", bits(16, byteMode, 4, 4, 8, 'c', 8, 'a', 8, 'f', 8, 0xe9, 8, end, 4), "café", "caf\xe9"},
		{"digits then latin-1", bits(16, numeric, 4, 3, 10, 123, 10, byteMode, 4, 1, 8, 0xe9, 8, end, 4), "123é", "123\xe9"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := decoder.DecodedBitStreamParser_Decode(tt.data, v1, decoder.ErrorCorrectionLevel_M, nil)
			if err != nil {
				t.Fatal(err)
			}
			if d.GetText() != tt.wantText {
				t.Errorf("text %q, want %q", d.GetText(), tt.wantText)
			}
			if got := contentBytes(tt.data, d.GetText(), v1, decoder.ErrorCorrectionLevel_M); string(got) != tt.wantBytes {
				t.Errorf("bytes %q, want %q", got, tt.wantBytes)
			}
		})
	}
}

// Our own generation endpoints can render on a transparent background; the
// decoder must read such a PNG as if printed on white.
func TestDecodeTransparentBackground(t *testing.T) {
	g := encode(t, "https://example.com/t", "M", nil)
	img := image.NewNRGBA(g.Bounds())
	for i, v := range g.Pix {
		if v == 0 {
			img.Pix[4*i+3] = 255 // opaque black module
		}
	}
	codes, err := Decode(img, Options{})
	if err != nil || len(codes) != 1 || codes[0].Text != "https://example.com/t" {
		t.Fatalf("got %v, %v", texts(codes), err)
	}
}

func TestTwoCodesInReadingOrder(t *testing.T) {
	for _, s := range loadHardSet(t) {
		if s.Class != "two-codes" {
			continue
		}
		codes, err := Decode(s.Image, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(texts(codes), s.Texts) {
			t.Errorf("got %q, want %q (left to right)", texts(codes), s.Texts)
		}
	}
}

func TestBudgetStopsTheLadder(t *testing.T) {
	// A photo-sized blank image makes every step run and find nothing.
	img := image.NewGray(image.Rect(0, 0, 2000, 1500))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.Gray{200}), image.Point{}, draw.Src)
	unbounded := math.MaxInt // the work bound would end the full ladder too

	start := time.Now()
	_, err := Decode(img, Options{Budget: time.Minute, MaxWork: unbounded})
	full := time.Since(start)
	if !errors.Is(err, ErrNotFound) {
		t.Fatalf("full ladder: %v, want ErrNotFound", err)
	}

	start = time.Now()
	_, err = Decode(img, Options{Budget: time.Millisecond, MaxWork: unbounded})
	short := time.Since(start)
	var stop *StopError
	if !errors.Is(err, ErrNotFound) || !errors.As(err, &stop) || stop.Bound != "time" {
		t.Fatalf("1 ms budget: %v, want a time StopError", err)
	}
	t.Logf("blank 2000x1500: full ladder %v, with a 1 ms budget %v", full, short)
	if short > full/2 {
		t.Errorf("1 ms budget took %v, the full ladder %v", short, full)
	}
}

// In a Cloudflare Worker the clock stands still while the ladder computes,
// so only the work bound can stop it: a 12-megapixel photo of nothing must
// end with the work bound reached, whatever the time budget.
func TestWorkBoundStopsALargeNoCodeImage(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	img := image.NewGray(image.Rect(0, 0, 4000, 3000))
	for i := range img.Pix {
		img.Pix[i] = byte(rng.IntN(256))
	}
	_, err := Decode(img, Options{Budget: time.Hour})
	var stop *StopError
	if !errors.Is(err, ErrNotFound) || !errors.As(err, &stop) {
		t.Fatalf("got %v, want a StopError", err)
	}
	t.Logf("%v", err)
	// Decode reads at most 2048 x 1536 of it, and so does every rung.
	const widest = 3_200_000
	if stop.Bound != "work" || stop.Work > DefaultMaxWork || stop.Work < DefaultMaxWork-widest || stop.Attempts >= len(ladder) {
		t.Errorf("stopped by %s after %d of %d steps and %d pixels, want the work bound of %d", stop.Bound, stop.Attempts, len(ladder), stop.Work, DefaultMaxWork)
	}
	// The caller's 422 says the search was cut short, and by what.
	if detail, _ := NotFound(err); !strings.Contains(detail, "the work bound of 24000000 pixels") {
		t.Errorf("NotFound detail %q does not name the work bound", detail)
	}
	if detail, _ := NotFound(ErrNotFound); detail != "no QR code was found in the image" {
		t.Errorf("NotFound(ErrNotFound) = %q", detail)
	}
}

func TestWorkBound(t *testing.T) {
	base := newPlane(100, 100, identity) // black: no code, 10,000 pixels a step
	steps := []step{{"a", asIs, gridReader(hybridBits)}, {"b", inverted, gridReader(hybridBits)}, {"c", asIs, gridReader(globalBits)}}
	tests := []struct {
		maxWork            int
		wantStop           bool
		wantAttempts, work int
	}{
		{5_000, true, 0, 0},
		{10_000, true, 1, 10_000},
		{29_999, true, 2, 20_000},
		{30_000, false, 3, 30_000}, // every step fits: a plain ErrNotFound
	}
	for _, tt := range tests {
		_, err := climbWithin(base, steps, newBounds(Options{Budget: time.Hour, MaxWork: tt.maxWork}))
		var stop *StopError
		if !errors.Is(err, ErrNotFound) || errors.As(err, &stop) != tt.wantStop {
			t.Errorf("max %d: got %v, want a stop %v", tt.maxWork, err, tt.wantStop)
			continue
		}
		if stop != nil && (stop.Bound != "work" || stop.Attempts != tt.wantAttempts || stop.Work != tt.work) {
			t.Errorf("max %d: got %+v, want %d attempts and %d pixels", tt.maxWork, *stop, tt.wantAttempts, tt.work)
		}
	}
}

// appendSymbol builds a version 1-M symbol of one structured-append part
// (ISO/IEC 18004 section 8: mode 0011, 4-bit index, 4-bit count minus one,
// 8-bit parity) carrying text in byte mode. Neither gozxing's writer nor
// core/qr writes structured append.
func appendSymbol(t *testing.T, index, total, parity int, text string) *qrencoder.ByteMatrix {
	t.Helper()
	fields := []int{0b0011, 4, index, 4, total - 1, 4, parity, 8, 0b0100, 4, len(text), 8}
	for _, b := range []byte(text) {
		fields = append(fields, int(b), 8)
	}
	data := bits(16, append(fields, 0, 4)...) // 1-M: 16 data codewords, 10 EC
	if len(data) > 16 {
		t.Fatalf("%q does not fit a version 1-M part", text)
	}
	words := make([]int, 26)
	for i, b := range data {
		words[i] = int(b)
	}
	if err := reedsolomon.NewReedSolomonEncoder(reedsolomon.GenericGF_QR_CODE_FIELD_256).Encode(words, 10); err != nil {
		t.Fatal(err)
	}
	stream := gozxing.NewEmptyBitArray()
	for _, w := range words {
		stream.AppendBits(w, 8)
	}
	v1, _ := decoder.Version_GetVersionForNumber(1)
	m := qrencoder.NewByteMatrix(21, 21)
	if err := qrencoder.MatrixUtil_buildMatrix(stream, decoder.ErrorCorrectionLevel_M, v1, 2, m); err != nil {
		t.Fatal(err)
	}
	return m
}

// symbolsSideBySide draws symbols left to right, 8 pixels a module, each
// with a 4-module quiet zone.
func symbolsSideBySide(syms ...*qrencoder.ByteMatrix) *image.Gray {
	const scale, cell = 8, 29 // 21 modules and two quiet zones of 4
	img := image.NewGray(image.Rect(0, 0, len(syms)*cell*scale, cell*scale))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	for k, m := range syms {
		for y := range img.Bounds().Dy() {
			for x := range cell * scale {
				mx, my := x/scale-4, y/scale-4
				if mx >= 0 && my >= 0 && mx < 21 && my < 21 && m.Get(mx, my) == 1 {
					img.Pix[y*img.Stride+k*cell*scale+x] = 0
				}
			}
		}
	}
	return img
}

// saParity is the parity byte of a sequence holding text: the XOR of its
// bytes.
func saParity(text string) int {
	parity := 0
	for _, c := range []byte(text) {
		parity ^= int(c)
	}
	return parity
}

// structuredAppendImage is testdata/structured-append.png, which the MCP
// and end-to-end tests decode: "https://example.com" split in two version
// 1-M symbols, the second part drawn first.
func structuredAppendImage(t *testing.T) *image.Gray {
	return symbolsSideBySide(appendSymbol(t, 1, 2, saParity(saText), "example.com"), appendSymbol(t, 0, 2, saParity(saText), "https://"))
}

const saText = "https://example.com"

// The committed file must be what the generator draws, and decode from
// its bytes as a real upload would.
func TestStructuredAppendFile(t *testing.T) {
	data, err := os.ReadFile("testdata/structured-append.png")
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if g, ok := img.(*image.Gray); err != nil || !ok || !bytes.Equal(g.Pix, structuredAppendImage(t).Pix) {
		t.Error("testdata/structured-append.png is not what structuredAppendImage draws")
	}
	codes, err := DecodeBytes(context.Background(), data, Limits{})
	if err != nil || len(codes) != 1 || codes[0].Text != saText || len(codes[0].Parts) != 2 || codes[0].Kind != "url" {
		t.Fatalf("got %+v, %v", codes, err)
	}
}

func TestStructuredAppend(t *testing.T) {
	const a, b = "https://", "example.com"
	parity := saParity(a + b)
	type part struct{ index, total int }
	tests := []struct {
		name      string
		img       *image.Gray
		wantTexts []string
		wantParts [][]part
	}{
		// Out of order in the image: the sequence index decides.
		{"two parts", symbolsSideBySide(appendSymbol(t, 1, 2, parity, b), appendSymbol(t, 0, 2, parity, a)),
			[]string{a + b}, [][]part{{{1, 2}, {2, 2}}}},
		{"one part of three", symbolsSideBySide(appendSymbol(t, 1, 3, 0x55, b)),
			[]string{b}, [][]part{{{2, 3}}}},
		// Two sequences, told apart by their parity, and a plain code.
		{"two sequences", symbolsSideBySide(appendSymbol(t, 0, 2, 0x11, "ab"), appendSymbol(t, 0, 2, 0x22, "cd"), appendSymbol(t, 1, 2, 0x11, "ef")),
			[]string{"abef", "cd"}, [][]part{{{1, 2}, {2, 2}}, {{1, 2}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			codes, err := Decode(tt.img, Options{})
			if err != nil {
				t.Fatal(err)
			}
			slices.SortFunc(codes, func(x, y Code) int { return strings.Compare(x.Text, y.Text) })
			if !slices.Equal(texts(codes), tt.wantTexts) {
				t.Fatalf("got %q, want %q", texts(codes), tt.wantTexts)
			}
			for i, c := range codes {
				// What a schema-checking client needs: a level, a version
				// and four corners, those of the first symbol.
				if c.EC != "M" || c.Version != 1 || len(c.Points) != 4 || string(c.Bytes) != c.Text {
					t.Errorf("%q: ec %q version %d points %v bytes %q", c.Text, c.EC, c.Version, c.Points, c.Bytes)
				}
				var got []part
				for _, p := range c.Parts {
					got = append(got, part{p.Index, p.Total})
					if p.EC != "M" || p.Version != 1 || len(p.Points) != 4 {
						t.Errorf("%q part %d: %+v", c.Text, p.Index, p)
					}
				}
				if !slices.Equal(got, tt.wantParts[i]) {
					t.Errorf("%q: parts %v, want %v", c.Text, got, tt.wantParts[i])
				}
			}
		})
	}
}

func TestNewAnswerHasNoNulls(t *testing.T) {
	b, err := json.Marshal(NewAnswer([]Code{{Text: "x", Symbol: "qr", Version: 1, VersionName: "1", EC: "L", Kind: "text"}}))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"count":1,"results":[{"text":"x","bytes_base64":"","symbol":"qr","version":1,"version_name":"1","ec":"L","points":[],"kind":"text","fields":{}}]}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
	if b, _ := json.Marshal(NewAnswer(nil)); string(b) != `{"count":0,"results":[]}` {
		t.Errorf("no codes: %s", b)
	}
}

func TestDecodeEmptyImage(t *testing.T) {
	_, err := Decode(image.NewGray(image.Rect(0, 0, 0, 0)), Options{})
	if !errors.Is(err, ErrNotFound) {
		t.Fatalf("got %v, want ErrNotFound", err)
	}
}

func BenchmarkDecode(b *testing.B) {
	set := loadHardSet(b)
	for _, class := range hardset.Classes {
		var imgs []image.Image
		for _, s := range set {
			if s.Class == class {
				imgs = append(imgs, s.Image)
			}
		}
		b.Run(class, func(b *testing.B) {
			i := 0
			for b.Loop() {
				Decode(imgs[i%len(imgs)], Options{})
				i++
			}
		})
	}
}
