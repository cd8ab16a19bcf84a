package qr

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"qrkeyless/internal/oracle"
)

// isoExamples reads testdata/iso18004.txt: the example symbols of ISO/IEC
// 18004 by name.
func isoExamples(t *testing.T) map[string]oracle.Matrix {
	f, err := os.Open("testdata/iso18004.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ms := map[string]oracle.Matrix{}
	name := ""
	for s := bufio.NewScanner(f); s.Scan(); {
		line := s.Text()
		switch {
		case strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "== "):
			name = line[3:]
		default:
			m := ms[name]
			m.W, m.H = len(line), m.H+1
			for _, c := range line {
				m.Dark = append(m.Dark, c == '1')
			}
			ms[name] = m
		}
	}
	return ms
}

const fig29 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

// TestISOExamples: the examples ISO/IEC 18004 gives, read back by
// zxing-cpp, are the symbols our encoders make for the same text,
// version, level and mask.
func TestISOExamples(t *testing.T) {
	iso := isoExamples(t)
	names := []string{"I.2", "I.3", "fig29", "fig29-1", "fig29-2", "fig29-3", "fig29-4"}
	var pics [][]byte
	for _, n := range names {
		pics = append(pics, oracle.Picture(iso[n], 4, 4))
	}
	found := oracle.Read(t, pics)
	want := []string{"01234567", "01234567", fig29, fig29[:16], fig29[16:32], fig29[32:47], fig29[47:]}
	for i, n := range names {
		if len(found[i]) != 1 || found[i][0].Text != want[i] {
			t.Fatalf("ISO example %s: zxing-cpp read %+v, not %q", n, found[i], want[i])
		}
	}

	qr1, err := Encoder{Level: M, FixMask: true, Mask: 2}.Encode("01234567")
	if err != nil {
		t.Fatal(err)
	}
	micro, err := MicroEncoder{Level: L}.Encode("01234567") // version and mask as the encoder chooses
	if err != nil {
		t.Fatal(err)
	}
	qr4, err := Encoder{Level: M, FixMask: true, Mask: 4}.Encode(fig29)
	if err != nil {
		t.Fatal(err)
	}
	seq, err := Encoder{Level: M, FixMask: true, Mask: 4}.Sequence(fig29, 4)
	if err != nil {
		t.Fatal(err)
	}
	ours := append([]*Code{qr1, micro, qr4}, seq[:2]...)
	for i, c := range ours {
		if got := matrix(c); got.String() != iso[names[i]].String() {
			t.Errorf("ISO example %s: ours (%s-%v, mask %d)\n%s\nthe standard's\n%s", names[i], c.VersionName(), c.Level, c.Mask, got, iso[names[i]])
		}
	}
	// The last two parts hold 15 characters, whose bit stream ends on a
	// byte boundary after the terminator, one codeword short of full.
	// 7.4.10 pads it with 11101100, as we and zint do; the published
	// matrices carry 00000000 there. With that codeword they are ours.
	for i, part := range []string{fig29[32:47], fig29[47:]} {
		ver := &versions[1]
		nd := ver.dataBytes(M)
		data := appendData(nil, part, alphanumeric, 1, nd, 0, Part{Index: 2 + i, Count: 4, Parity: Parity(fig29)})
		if data[nd-1] != 0xec {
			t.Fatalf("part %d: last data codeword %#x", 3+i, data[nd-1])
		}
		data[nd-1] = 0
		g := newGrid(1, M)
		g.place(interleave(data, ver.level[M], make([]byte, ver.bytes-nd), make([]byte, ver.bytes)))
		g.applyMask(4)
		got := oracle.Of(g.size, g.size, func(x, y int) bool { return g.rows[y].at(x) })
		if name := names[5+i]; got.String() != iso[name].String() {
			t.Errorf("ISO example %s: ours with a zero pad codeword\n%s\nthe standard's\n%s", name, got, iso[name])
		}
		if seq[2+i].Part != (Part{Index: 2 + i, Count: 4, Parity: Parity(fig29)}) {
			t.Errorf("part %d: %+v", 3+i, seq[2+i].Part)
		}
	}
	if micro.VersionName() != "M2" || micro.Mask != 1 {
		t.Errorf("01234567 at L: %s mask %d, the standard's example is M2 mask 1", micro.VersionName(), micro.Mask)
	}
}

// TestISOMicroCodewords: the codewords of annex I.3, "01234567" as M2-L.
func TestISOMicroCodewords(t *testing.T) {
	ml, _ := microBudget(2, L)
	got := microStream("01234567", numeric, 2, ml)
	want := "01000000 00011000 10101100 11000011 00000000 " + // data
		"10000110 00001101 00100010 10101110 00110000" // error correction
	var b strings.Builder
	for i, c := range got {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%08b", c)
	}
	if b.String() != want {
		t.Errorf("codewords\n%s\nannex I.3\n%s", b.String(), want)
	}
}

// TestParity: the parity of the example of ISO/IEC 18004 clause 8,
// "0123456789" and two kanji in Shift JIS.
func TestParity(t *testing.T) {
	if p := Parity("0123456789\x93\xfa\x96\x7b"); p != 0x85 {
		t.Errorf("parity %#x, the standard's is 0x85", p)
	}
}

// sequenceTexts are texts for structured append: each mode, and UTF-8 of
// one to four bytes a character, whose parts must stay whole characters.
var sequenceTexts = []string{
	strings.Repeat("31415926535897932384626433832795028841971693993751", 12),
	strings.Repeat("THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG $%*+-./: ", 10),
	strings.Repeat("Grüße aus Köln, 東京と大阪 🎉; ", 14),
}

// TestSequenceReadByZXing: a text split over 2, 3, 5, 8 and 16 symbols is
// read by zxing-cpp part by part, each with its index, the count and one
// shared parity, and the parts' texts joined are the text.
func TestSequenceReadByZXing(t *testing.T) {
	var pics [][]byte
	type want struct {
		text  string
		n     int
		first int // index into pics
	}
	var wants []want
	for _, text := range sequenceTexts {
		for _, n := range []int{2, 3, 5, 8, 16} {
			seq, err := Encoder{Level: M}.Sequence(text, n)
			if err != nil {
				t.Fatalf("%d parts: %v", n, err)
			}
			wants = append(wants, want{text, n, len(pics)})
			for _, c := range seq {
				pics = append(pics, oracle.Picture(matrix(c), 2, 4))
			}
		}
	}
	found := oracle.Read(t, pics)
	ok := 0
	for _, w := range wants {
		var joined strings.Builder
		id := ""
		good := true
		for i := 0; i < w.n; i++ {
			f := found[w.first+i]
			if len(f) != 1 || f[0].SeqIdx != i || f[0].SeqSize != w.n || (i > 0 && f[0].SeqID != id) {
				t.Errorf("%d parts, part %d: zxing-cpp read %+v", w.n, i, f)
				good = false
				break
			}
			id = f[0].SeqID
			joined.WriteString(f[0].Text)
		}
		if !good {
			continue
		}
		if joined.String() != w.text {
			t.Errorf("%d parts: joined\n%q\nnot\n%q", w.n, joined.String(), w.text)
			continue
		}
		if id != strconv.Itoa(int(Parity(w.text))) {
			t.Errorf("%d parts: parity %s, not %d", w.n, id, Parity(w.text))
			continue
		}
		ok++
	}
	t.Logf("zxing-cpp read %d of %d sequences (2, 3, 5, 8, 16 parts) whole, %d symbols", ok, len(wants), len(pics))
}

// segnoPadsQR reports whether segno pads part c of text split in n as
// ISO/IEC 18004 7.4.10 does: unless the bit stream ends on a byte
// boundary after the terminator, short of full (see segnoPads).
func segnoPadsQR(c *Code, text string, n int) bool {
	parts, _ := split(text, modeOf(text), n)
	capacity := versions[c.Version].dataBytes(c.Level) * 8
	bits := min(appendBits+segmentBits(modeOf(text), len(parts[c.Part.Index]), c.Version)+4, capacity)
	return bits == capacity || bits%8 != 0
}

// TestSequenceMatchesSegno: for ASCII text, a sequence of n symbols is the
// one segno's make_sequence makes for the same count, level and mask.
func TestSequenceMatchesSegno(t *testing.T) {
	texts := []string{sequenceTexts[0], sequenceTexts[1], strings.Repeat("structured append, for the small and the long; ", 12)}
	type seqCase struct {
		text string
		n    int
		l    Level
		mask int
	}
	var cs []seqCase
	var specs []oracle.SeqSpec
	for _, text := range texts {
		for _, n := range []int{2, 3, 5, 8, 16} {
			for _, l := range []Level{L, Q} {
				c := seqCase{text, n, l, n % 8}
				cs = append(cs, c)
				specs = append(specs, oracle.SeqSpec{Text: text, Count: n, Error: l.String(), Mask: &c.mask})
			}
		}
	}
	refs := oracle.SegnoSequences(t, specs)
	same, all := 0, 0
	for k, c := range cs {
		seq, err := Encoder{Level: c.l, FixMask: true, Mask: c.mask}.Sequence(c.text, c.n)
		if err != nil {
			t.Fatal(err)
		}
		ref := refs[k]
		if len(ref) != c.n || ref[0].Err != nil {
			t.Fatalf("segno: %d parts: %+v", c.n, ref[0].Err)
		}
		for i, code := range seq {
			if !segnoPadsQR(code, c.text, c.n) {
				continue // see segnoPads
			}
			all++
			if got := matrix(code); got.String() != ref[i].Matrix.String() {
				t.Errorf("%d parts at %v, part %d (version %s): differs from segno's (version %s)", c.n, c.l, i, code.VersionName(), ref[i].Version)
				continue
			}
			same++
		}
	}
	t.Logf("%d of %d structured-append symbols equal segno's", same, all)
}

func TestParts(t *testing.T) {
	pinned := func(v int) Encoder { return Encoder{Level: M, MinVersion: v, MaxVersion: v} }
	for _, tc := range []struct {
		e    Encoder
		text string
		want int
	}{
		{pinned(1), fig29, 4},      // the standard's example: 17 characters fit a 1-M part
		{pinned(1), fig29[:20], 1}, // one symbol holds 20 without the header
		{pinned(1), fig29[:21], 2},
		{pinned(4), fig29, 1},
		{pinned(1), "HELLO", 1},
		{pinned(1), strings.Repeat("A", 16*17), 16},
	} {
		n, err := tc.e.Parts(tc.text)
		if err != nil || n != tc.want {
			t.Errorf("Parts(%d characters) at version %d: %d, %v; want %d", len(tc.text), tc.e.MaxVersion, n, err, tc.want)
		}
		if n > 1 { // and Sequence makes that many at the pinned version
			seq, err := tc.e.Sequence(tc.text, n)
			if err != nil || len(seq) != n || seq[0].Version != tc.e.MaxVersion {
				t.Errorf("Sequence(%d characters, %d): %v", len(tc.text), n, err)
			}
		}
	}
	var tooLong *TooLongError
	if _, err := pinned(1).Parts(strings.Repeat("A", 16*17+1)); !errors.As(err, &tooLong) {
		t.Errorf("16 parts overfull: %v, want a *TooLongError", err)
	}
	if _, err := pinned(1).Sequence(strings.Repeat("A", 16*17+1), 16); !errors.As(err, &tooLong) {
		t.Errorf("16 parts overfull: %v, want a *TooLongError", err)
	}
}

// TestSequenceVersion: Sequence picks the smallest version that holds the
// longest part, the same for every part.
func TestSequenceVersion(t *testing.T) {
	text := strings.Repeat("0123456789", 40) // 400 digits
	for _, n := range []int{2, 3, 5, 8, 16} {
		seq, err := Encoder{Level: H}.Sequence(text, n)
		if err != nil {
			t.Fatal(err)
		}
		v := seq[0].Version
		for _, c := range seq {
			if c.Version != v {
				t.Fatalf("%d parts: versions %d and %d", n, v, c.Version)
			}
		}
		if v > 1 {
			if _, err := (Encoder{Level: H, MaxVersion: v - 1}).Sequence(text, n); err == nil {
				t.Errorf("%d parts at version %d, though %d holds them", n, v, v-1)
			}
		}
	}
}

func TestSplit(t *testing.T) {
	text := "aé日🎉" + strings.Repeat("x", 6) // characters of 1 to 4 bytes
	for n := 2; n <= 10; n++ {
		parts, ok := split(text, byteMode, n)
		if !ok {
			if n <= 10 {
				t.Errorf("%d parts of %q: refused", n, text)
			}
			continue
		}
		if strings.Join(parts, "") != text {
			t.Errorf("%d parts: %q", n, parts)
		}
		for _, p := range parts {
			if p == "" || !utf8.ValidString(p) {
				t.Errorf("%d parts: part %q", n, p)
			}
		}
	}
	if _, err := (Encoder{}).Sequence("ABC", 4); err == nil {
		t.Error("3 characters in 4 parts: no error")
	}
	for _, n := range []int{0, 1, 17} {
		if _, err := (Encoder{}).Sequence("ABCDEFGHIJKLMNOPQRSTUVWXYZ", n); err == nil {
			t.Errorf("%d parts: no error", n)
		}
	}
}
