package qr

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"qrkeyless/internal/oracle"
)

// matrix copies c's modules for the oracles.
func matrix(c *Code) oracle.Matrix { return oracle.Of(c.Width, c.Height, c.Dark) }

// filled returns n characters of mode m: digits, the alphanumeric set
// (digits, letters, space and $%*+-./:) or lower-case letters and
// punctuation for byte mode, a different run for each seed.
func filled(m mode, n, seed int) string {
	set := map[mode]string{numeric: "0123456789", alphanumeric: alphabet, byteMode: "abcdefghijklmnopqrstuvwxyz,;!?"}[m]
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteByte(set[(i*7+seed*3+i/len(set))%len(set)])
	}
	return b.String()
}

// wantRead checks that zxing-cpp read each picture to exactly one symbol
// with the text, format, version and level asked for.
func wantRead(t *testing.T, codes []*Code, texts []string, format string) {
	t.Helper()
	pics := make([][]byte, len(codes))
	for i, c := range codes {
		pics[i] = oracle.Picture(matrix(c), 4, c.Symbol.QuietZone())
	}
	found := oracle.Read(t, pics)
	read := 0
	for i, f := range found {
		c := codes[i]
		ec := c.Level.String()
		if c.Level == DetectOnly {
			ec = "L" // zxing-cpp names M1's detection-only level L
		}
		switch {
		case len(f) != 1:
			t.Errorf("%s-%v mask %d %q: zxing-cpp found %d symbols", c.VersionName(), c.Level, c.Mask, texts[i], len(f))
		case f[0].Text != texts[i] || f[0].Format != format || f[0].Version != c.VersionName() || f[0].EC != ec:
			t.Errorf("%s-%v %q: zxing-cpp read %s %s-%s %q", c.VersionName(), c.Level, texts[i], f[0].Format, f[0].Version, f[0].EC, f[0].Text)
		case c.Symbol == Micro && f[0].Mask != c.Mask:
			t.Errorf("%s-%v %q: zxing-cpp read mask %d, not %d", c.VersionName(), c.Level, texts[i], f[0].Mask, c.Mask)
		default:
			read++
		}
	}
	t.Logf("zxing-cpp read %d of %d %s symbols to the exact text", read, len(codes), format)
}

// TestRMQRReadByZXing: every rMQR size at M and at H, filled to capacity in
// numeric, alphanumeric and byte mode, is read by zxing-cpp to the exact
// text, and it reports the size and level asked for.
func TestRMQRReadByZXing(t *testing.T) {
	var codes []*Code
	var texts []string
	for v := 1; v <= 32; v++ {
		for _, l := range RMQRLevels {
			for _, m := range []mode{numeric, alphanumeric, byteMode} {
				e := RMQREncoder{Level: l, Version: v}
				n := 0
				for {
					if _, err := e.VersionFor(filled(m, n+1, v)); err != nil {
						break
					}
					n++
				}
				text := filled(m, n, v)
				c, err := e.Encode(text)
				if err != nil {
					t.Fatalf("%s-%v %v: %v", VersionName(RMQR, v), l, m, err)
				}
				codes, texts = append(codes, c), append(texts, text)
			}
		}
	}
	wantRead(t, codes, texts, "RMQRCode")
}

// TestMicroReadByZXing: every Micro QR version and level, with each of its
// four masks, filled to capacity in each mode it has, is read by zxing-cpp
// to the exact text.
func TestMicroReadByZXing(t *testing.T) {
	var codes []*Code
	var texts []string
	for v := 1; v <= 4; v++ {
		for _, l := range MicroLevels(v) {
			for mask := 0; mask < 4; mask++ {
				for _, m := range []mode{numeric, alphanumeric, byteMode} {
					if microSegment[v].countBits[m] == 0 {
						continue
					}
					e := MicroEncoder{Level: l, Version: v, FixMask: true, Mask: mask}
					n := 0
					for {
						if _, err := e.VersionFor(filled(m, n+1, mask)); err != nil {
							break
						}
						n++
					}
					text := filled(m, n, mask)
					c, err := e.Encode(text)
					if err != nil {
						t.Fatalf("M%d-%v %v: %v", v, l, m, err)
					}
					codes, texts = append(codes, c), append(texts, text)
				}
			}
		}
	}
	wantRead(t, codes, texts, "MicroQRCode")
}

// plain returns n characters of mode m that an encoder optimising its
// segments still writes as one segment of m: digits; upper-case letters,
// space and $%*+-./: without digits; lower-case letters.
func plain(m mode, n, seed int) string {
	set := map[mode]string{numeric: "0123456789", alphanumeric: "ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:", byteMode: "abcdefghijklmnopqrstuvwxyz"}[m]
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteByte(set[(i*5+seed)%len(set)])
	}
	return b.String()
}

// capacity returns the most characters of mode m the encoder e holds.
func capacity(fits func(string) bool, m mode) int {
	n := 0
	for fits(plain(m, n+1, 0)) {
		n++
	}
	return n
}

// microCases lists every Micro QR version and level with texts of each
// mode it has, one character up to capacity, under each mask in turn and
// under the mask the encoder chooses (mask -1).
type microCase struct {
	v, mask int
	l       Level
	text    string
}

func (c microCase) encoder() MicroEncoder {
	return MicroEncoder{Level: c.l, Version: c.v, FixMask: c.mask >= 0, Mask: max(c.mask, 0)}
}

func microCases() []microCase {
	var cs []microCase
	for v := 1; v <= 4; v++ {
		for _, l := range MicroLevels(v) {
			for _, m := range []mode{numeric, alphanumeric, byteMode} {
				if microSegment[v].countBits[m] == 0 {
					continue
				}
				e := MicroEncoder{Level: l, Version: v}
				n := capacity(func(s string) bool { _, err := e.VersionFor(s); return err == nil }, m)
				for k := 1; k <= n; k++ {
					cs = append(cs, microCase{v, k%5 - 1, l, plain(m, k, v+k)})
				}
			}
		}
	}
	return cs
}

func TestMicroMatchesZint(t *testing.T) {
	cs := microCases()
	var specs []oracle.Spec
	for _, c := range cs {
		opt := fmt.Sprintf("version=%d", c.v)
		if c.mask >= 0 {
			opt += fmt.Sprintf(",dataMask=%d", c.mask)
		}
		if c.l != DetectOnly {
			opt += ",ecLevel=" + c.l.String()
		}
		specs = append(specs, oracle.Spec{Format: "MicroQRCode", Text: c.text, Options: opt})
	}
	ms, errs := oracle.Write(t, specs)
	same := 0
	for i, c := range cs {
		code, err := c.encoder().Encode(c.text)
		if err != nil || errs[i] != nil {
			t.Errorf("M%d-%v %q: %v, %v", c.v, c.l, c.text, err, errs[i])
			continue
		}
		if got := matrix(code); got.String() != ms[i].String() {
			t.Errorf("M%d-%v mask %d %q: differs from zint:\n%s\nzint:\n%s", c.v, c.l, c.mask, c.text, got, ms[i])
			continue
		}
		same++
	}
	t.Logf("%d of %d Micro QR matrices equal zint's", same, len(cs))
}

// segnoPads reports whether segno 1.4.1 pads the data of c as ISO/IEC
// 18004 7.4.10 does. It departs from it twice: when the bit stream ends on
// a byte boundary after the terminator it adds a zero codeword before the
// pad codewords, and in M1 and M3 it pads with zero bits where the
// standard (and zint) alternates 11101100 and 00010001 up to the final
// 4-bit codeword. Elsewhere its symbols are the standard's.
func segnoPads(c microCase) bool {
	ml, _ := microBudget(c.v, c.l)
	m := modeOf(c.text)
	n := min(microSegment[c.v].bits(m, len(c.text))+2*c.v+1, ml.bits) // after the terminator
	if n == ml.bits {
		return true
	}
	if ml.bits%8 == 4 {
		return ml.bits-(n+7)/8*8 <= 4
	}
	return n%8 != 0
}

func TestMicroMatchesSegno(t *testing.T) {
	var cs []microCase
	for _, c := range microCases() {
		if segnoPads(c) {
			cs = append(cs, c)
		}
	}
	var specs []oracle.SegnoSpec
	for _, c := range cs {
		var mask *int
		if c.mask >= 0 {
			mask = &c.mask
		}
		l := c.l.String()
		if c.l == DetectOnly {
			l = ""
		}
		specs = append(specs, oracle.SegnoSpec{Text: c.text, Version: fmt.Sprintf("M%d", c.v), Error: l, Mask: mask})
	}
	syms := oracle.Segno(t, specs)
	same := 0
	for i, c := range cs {
		code, err := c.encoder().Encode(c.text)
		if err != nil || syms[i].Err != nil {
			t.Errorf("M%d-%v %q: %v, %v", c.v, c.l, c.text, err, syms[i].Err)
			continue
		}
		if got := matrix(code); got.String() != syms[i].Matrix.String() {
			t.Errorf("M%d-%v mask %d %q: differs from segno:\n%s\nsegno:\n%s", c.v, c.l, c.mask, c.text, got, syms[i].Matrix)
			continue
		}
		same++
	}
	t.Logf("%d of %d Micro QR matrices equal segno's", same, len(cs))
}

// TestRMQRMatchesZint: every rMQR size at M and H, with texts of one
// character, about half the capacity and the capacity in each mode, is
// the symbol zint makes.
func TestRMQRMatchesZint(t *testing.T) {
	type rcase struct {
		v    int
		l    Level
		text string
	}
	var cs []rcase
	var specs []oracle.Spec
	for v := 1; v <= 32; v++ {
		for _, l := range RMQRLevels {
			for _, m := range []mode{numeric, alphanumeric, byteMode} {
				e := RMQREncoder{Level: l, Version: v}
				n := capacity(func(s string) bool { _, err := e.VersionFor(s); return err == nil }, m)
				for _, k := range []int{1, (n + 1) / 2, n} {
					text := plain(m, k, v)
					cs = append(cs, rcase{v, l, text})
					specs = append(specs, oracle.Spec{Format: "RMQRCode", Text: text, Options: fmt.Sprintf("version=%d,ecLevel=%v", v, l)})
				}
			}
		}
	}
	ms, errs := oracle.Write(t, specs)
	same := 0
	for i, c := range cs {
		code, err := RMQREncoder{Level: c.l, Version: c.v}.Encode(c.text)
		if err != nil || errs[i] != nil {
			t.Errorf("%s-%v %q: %v, %v", VersionName(RMQR, c.v), c.l, c.text, err, errs[i])
			continue
		}
		if got := matrix(code); got.String() != ms[i].String() {
			t.Errorf("%s-%v %q: differs from zint:\n%s\nzint:\n%s", VersionName(RMQR, c.v), c.l, c.text, got, ms[i])
			continue
		}
		same++
	}
	t.Logf("%d of %d rMQR matrices equal zint's", same, len(cs))
}

// TestRMQRSizeChoice: without a version, the size is the one zint
// chooses: the least area that holds the text (ties to the taller), or
// at a fixed height the narrowest that holds it.
func TestRMQRSizeChoice(t *testing.T) {
	type rcase struct {
		e    RMQREncoder
		text string
	}
	var cs []rcase
	var specs []oracle.Spec
	for _, l := range RMQRLevels {
		for _, m := range []mode{numeric, alphanumeric, byteMode} {
			most := capacity(func(s string) bool { _, err := RMQREncoder{Level: l}.VersionFor(s); return err == nil }, m)
			for n := 1; n <= most; n += 1 + n/8 {
				text := plain(m, n, n)
				cs = append(cs, rcase{RMQREncoder{Level: l}, text})
				specs = append(specs, oracle.Spec{Format: "RMQRCode", Text: text, Options: "ecLevel=" + l.String()})
				for i, h := range RMQRHeights {
					e := RMQREncoder{Level: l, Height: h}
					if _, err := e.VersionFor(text); err != nil {
						continue
					}
					cs = append(cs, rcase{e, text})
					// zint numbers the fixed heights 33 (7) to 38 (17).
					specs = append(specs, oracle.Spec{Format: "RMQRCode", Text: text, Options: fmt.Sprintf("version=%d,ecLevel=%v", 33+i, l)})
				}
			}
		}
	}
	ms, errs := oracle.Write(t, specs)
	same := 0
	for i, c := range cs {
		code, err := c.e.Encode(c.text)
		if err != nil || errs[i] != nil {
			t.Errorf("%+v %q: %v, %v", c.e, c.text, err, errs[i])
			continue
		}
		if code.Width != ms[i].W || code.Height != ms[i].H || matrix(code).String() != ms[i].String() {
			t.Errorf("%+v, %d characters: %s, zint R%dx%d", c.e, len(c.text), code.VersionName(), ms[i].H, ms[i].W)
			continue
		}
		same++
	}
	t.Logf("%d of %d rMQR sizes chosen as zint chooses them, the symbols equal", same, len(cs))
}

func TestFamilyErrors(t *testing.T) {
	var tooLong *TooLongError
	var noMode *VersionModeError
	for _, tc := range []struct {
		name string
		err  error
		want any // nil: any error
	}{
		{"M1 at L", errOf(MicroEncoder{Level: L, Version: 1}.Encode("1")), nil},
		{"M2 at Q", errOf(MicroEncoder{Level: Q, Version: 2}.Encode("1")), nil},
		{"Micro at H", errOf(MicroEncoder{Level: H}.Encode("1")), nil},
		{"M5", errOf(MicroEncoder{Level: L, Version: 5}.Encode("1")), nil},
		{"Micro mask 4", errOf(MicroEncoder{Level: L, FixMask: true, Mask: 4}.Encode("1")), nil},
		{"Micro empty", errOf(MicroEncoder{Level: L}.Encode("")), nil},
		{"M1 letters", errOf(MicroEncoder{Level: DetectOnly}.Encode("A")), &noMode},
		{"M2 bytes", errOf(MicroEncoder{Level: L, Version: 2}.Encode("a")), &noMode},
		{"M1 six digits", errOf(MicroEncoder{Level: DetectOnly}.Encode("123456")), &tooLong},
		{"M4-Q long", errOf(MicroEncoder{Level: Q}.Encode(strings.Repeat("1", 22))), &tooLong},
		{"rMQR at L", errOf(RMQREncoder{Level: L}.Encode("1")), nil},
		{"rMQR at Q", errOf(RMQREncoder{Level: Q}.Encode("1")), nil},
		{"rMQR version 33", errOf(RMQREncoder{Level: M, Version: 33}.Encode("1")), nil},
		{"rMQR height 8", errOf(RMQREncoder{Level: M, Height: 8}.Encode("1")), nil},
		{"rMQR R7x43 at height 9", errOf(RMQREncoder{Level: M, Version: 1, Height: 9}.Encode("1")), nil},
		{"rMQR empty", errOf(RMQREncoder{Level: M}.Encode("")), nil},
		{"rMQR long", errOf(RMQREncoder{Level: M}.Encode(strings.Repeat("1", 362))), &tooLong},
		{"rMQR R7x43 long", errOf(RMQREncoder{Level: H, Version: 1}.Encode("12345678")), &tooLong},
	} {
		if tc.err == nil {
			t.Errorf("%s: no error", tc.name)
			continue
		}
		if tc.want != nil && !errors.As(tc.err, tc.want) {
			t.Errorf("%s: %v (%T)", tc.name, tc.err, tc.err)
		}
	}
	// The most that fits is named, and is what fits.
	_, err := RMQREncoder{Level: M}.Encode(strings.Repeat("1", 362))
	if errors.As(err, &tooLong); tooLong.Max != 361 || tooLong.Version != 32 {
		t.Errorf("rMQR: %v", err)
	}
	_, err = MicroEncoder{Level: L}.Encode(strings.Repeat("a", 16))
	if errors.As(err, &tooLong); tooLong.Max != 15 || tooLong.Version != 4 {
		t.Errorf("Micro QR: %v", err)
	}
}

func errOf(_ *Code, err error) error { return err }

// TestMicroSmallest: without a version, Micro QR takes the smallest that
// has the level and the mode and holds the text.
func TestMicroSmallest(t *testing.T) {
	for _, tc := range []struct {
		text string
		l    Level
		want string
	}{
		{"12345", DetectOnly, "M1"},
		{"12345", L, "M2"},
		{"HELLO", L, "M2"},
		{"HELLO", M, "M2"}, // 1+3+22+6: all 32 bits of M2-M
		{"HELLO!", M, "M3"},
		{"hello", L, "M3"},
		{"hello", Q, "M4"},
		{strings.Repeat("1", 35), L, "M4"},
	} {
		c, err := MicroEncoder{Level: tc.l}.Encode(tc.text)
		if err != nil {
			t.Errorf("%q at %v: %v", tc.text, tc.l, err)
			continue
		}
		if c.VersionName() != tc.want {
			t.Errorf("%q at %v: %s, want %s", tc.text, tc.l, c.VersionName(), tc.want)
		}
	}
}

func TestVersionNames(t *testing.T) {
	for _, tc := range []struct {
		name string
		s    Symbol
		v    int
	}{{"7", QR, 7}, {"40", QR, 40}, {"M1", Micro, 1}, {"m4", Micro, 4}, {"R7x43", RMQR, 1}, {"r11x27", RMQR, 11}, {"R17x139", RMQR, 32}} {
		s, v, ok := ParseVersion(tc.name)
		if !ok || s != tc.s || v != tc.v {
			t.Errorf("ParseVersion(%q) = %v %d %v", tc.name, s, v, ok)
		}
	}
	for _, bad := range []string{"", "0", "41", "M0", "M5", "R7x44", "R8x43", "R11x139x", "x"} {
		if _, _, ok := ParseVersion(bad); ok {
			t.Errorf("ParseVersion(%q) accepted", bad)
		}
	}
	for v := 1; v <= 32; v++ {
		w, h := RMQRSize(v)
		if VersionName(RMQR, v) != fmt.Sprintf("R%dx%d", h, w) {
			t.Errorf("version %d: %s, %dx%d", v, VersionName(RMQR, v), w, h)
		}
	}
}

// TestRMQRLayout: in every size the modules free for data hold the
// codewords of ISO/IEC 23941 table 1 with fewer than 8 left over, as a
// reader that reads whole codewords needs.
func TestRMQRLayout(t *testing.T) {
	for v := 1; v <= 32; v++ {
		r := &rmqrVersions[v-1]
		free := rmqrPlane(r).freeCount()
		if rest := free - 8*r.bytes; rest < 0 || rest >= 8 {
			t.Errorf("%s: %d free modules for %d codewords", VersionName(RMQR, v), free, r.bytes)
		}
		for _, l := range RMQRLevels {
			if e := r.ecc(l); r.dataBytes(l) < e.blocks {
				t.Errorf("%s-%v: %d data codewords in %d blocks", VersionName(RMQR, v), l, r.dataBytes(l), e.blocks)
			}
		}
	}
}
