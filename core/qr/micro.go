package qr

import "fmt"

// This file encodes Micro QR Code (ISO/IEC 18004): versions M1 to M4,
// 11 to 17 modules a side, one finder pattern in the top-left corner and
// timing patterns along the top and left edges.

// microLevel is the budget of one Micro QR version at one level (ISO/IEC
// 18004 tables 7 and 9): its data capacity in bits and its number of
// error-correction codewords. Its format number is the symbol number of
// table 13, which the format information carries.
type microLevel struct {
	level       Level
	bits, check int
	format      int
}

// microLevels lists the levels of M1 to M4. M1 only detects errors; M2
// and M3 have L and M; M4 has L, M and Q. The capacity of M1 and M3 ends
// halfway through their last data codeword.
var microLevels = [5][]microLevel{
	1: {{DetectOnly, 20, 2, 0}},
	2: {{L, 40, 5, 1}, {M, 32, 6, 2}},
	3: {{L, 84, 6, 3}, {M, 68, 8, 4}},
	4: {{L, 128, 8, 5}, {M, 112, 10, 6}, {Q, 80, 14, 7}},
}

// microSegment is the segment header of M1 to M4 (tables 2 and 3): the
// mode indicator is v-1 bits wide (M1 has none: it holds digits only),
// and alphanumeric mode starts at M2, byte and kanji mode at M3.
var microSegment = [5]segment{
	1: {0, [4]uint{0, 1, 2, 3}, [4]int{3, 0, 0, 0}},
	2: {1, [4]uint{0, 1, 2, 3}, [4]int{4, 3, 0, 0}},
	3: {2, [4]uint{0, 1, 2, 3}, [4]int{5, 4, 4, 3}},
	4: {3, [4]uint{0, 1, 2, 3}, [4]int{6, 5, 5, 4}},
}

// microMasks maps the four Micro QR mask patterns to the QR patterns they
// are (ISO/IEC 18004 table 10).
var microMasks = [4]int{1, 4, 6, 7}

// MicroLevels returns the levels Micro QR version v (1-4) has, lowest first.
func MicroLevels(v int) []Level {
	if v < 1 || v > 4 {
		return nil
	}
	var ls []Level
	for _, ml := range microLevels[v] {
		ls = append(ls, ml.level)
	}
	return ls
}

// microBudget returns the budget of version v at level l.
func microBudget(v int, l Level) (microLevel, bool) {
	if v < 1 || v > 4 {
		return microLevel{}, false
	}
	for _, ml := range microLevels[v] {
		if ml.level == l {
			return ml, true
		}
	}
	return microLevel{}, false
}

// A MicroEncoder holds the settings of a Micro QR symbol beyond its text.
// Text is written as one segment in the densest mode that holds it.
type MicroEncoder struct {
	// Level is L, M or Q, or DetectOnly for M1, which has no other.
	Level Level

	// Version fixes the version, 1 to 4 for M1 to M4; 0 picks the
	// smallest that has Level and holds the text.
	Version int

	// FixMask makes Mask (0-3) the mask pattern, rather than the one the
	// evaluation of ISO/IEC 18004 7.8.3.2 chooses.
	FixMask bool
	Mask    int
}

// VersionFor returns the version Encode would choose for text.
func (e MicroEncoder) VersionFor(text string) (int, error) {
	if err := e.check(); err != nil {
		return 0, err
	}
	if text == "" {
		return 0, fmt.Errorf("qr: empty text")
	}
	m := modeOf(text)
	lo, hi := 1, 4
	if e.Version != 0 {
		lo, hi = e.Version, e.Version
	}
	held := false // some allowed version has the level and the mode
	for v := lo; v <= hi; v++ {
		ml, ok := microBudget(v, e.Level)
		if !ok || microSegment[v].countBits[m] == 0 {
			continue
		}
		held = true
		if b := microSegment[v].bits(m, len(text)); b >= 0 && b <= ml.bits {
			return v, nil
		}
	}
	if !held {
		return 0, &VersionModeError{Symbol: Micro, Version: hi, Level: e.Level, Mode: m.String()}
	}
	return 0, &TooLongError{Symbol: Micro, Level: e.Level, Version: hi, Bytes: len(text), Max: e.maxChars(m, hi)}
}

// maxChars returns the most characters of mode m that version v holds at
// e's level.
func (e MicroEncoder) maxChars(m mode, v int) int {
	ml, _ := microBudget(v, e.Level)
	n := 0
	for b := microSegment[v].bits(m, n+1); b >= 0 && b <= ml.bits; b = microSegment[v].bits(m, n+1) {
		n++
	}
	return n
}

// check reports settings Encode refuses.
func (e MicroEncoder) check() error {
	if e.Version < 0 || e.Version > 4 {
		return fmt.Errorf("qr: invalid Micro QR version %d", e.Version)
	}
	if e.Level != DetectOnly && (e.Level < L || e.Level > Q) {
		return fmt.Errorf("qr: invalid Micro QR level %v", e.Level)
	}
	if e.Version != 0 {
		if _, ok := microBudget(e.Version, e.Level); !ok {
			return fmt.Errorf("qr: M%d has no level %v", e.Version, e.Level)
		}
	}
	if e.FixMask && (e.Mask < 0 || e.Mask > 3) {
		return fmt.Errorf("qr: invalid Micro QR mask %d", e.Mask)
	}
	return nil
}

// Encode returns the Micro QR symbol for text.
func (e MicroEncoder) Encode(text string) (*Code, error) {
	v, err := e.VersionFor(text)
	if err != nil {
		return nil, err
	}
	ml, _ := microBudget(v, e.Level)
	n := 2*v + 9
	p := microPlane(v)
	p.place(microStream(text, modeOf(text), v, ml), ml.bits+8*ml.check, n-1)
	mask := e.Mask
	if !e.FixMask {
		mask = chooseMicroMask(p)
	}
	p.mask(microMasks[mask])
	microFormat(p, ml.format, mask)
	return p.code(Micro, v, e.Level, mask), nil
}

// microPlane returns the plane of Micro QR version v with its function
// patterns drawn and its format modules reserved.
func microPlane(v int) *plane {
	n := 2*v + 9
	p := newPlane(n, n)
	p.box(3, 3, 3, 2)
	for i := 0; i < 8; i++ { // the separator, light, below and right of the finder
		p.fn(i, 7, false)
		p.fn(7, i, false)
	}
	for i := 8; i < n; i++ { // timing patterns along the top and left edges
		p.fn(i, 0, i%2 == 0)
		p.fn(0, i, i%2 == 0)
	}
	microFormat(p, 0, 0)
	return p
}

// microFormatBits returns the 15 format-information bits of symbol number
// s and mask m (ISO/IEC 18004 7.9.2): BCH-protected as QR's, XOR-ed with
// 100010001000101.
func microFormatBits(s, m int) int {
	data := s<<2 | m
	rem := data
	for i := 0; i < 10; i++ {
		rem = rem<<1 ^ (rem>>9)*0x537
	}
	return (data<<10 | rem) ^ 0x4445
}

// microStream returns the bit stream placed in a version-v symbol holding
// text in mode m: the data codewords, then the error-correction codewords.
// M1 and M3 end their data with a 4-bit codeword, which takes part in the
// Reed-Solomon computation as its byte's high nibble.
func microStream(text string, m mode, v int, ml microLevel) []byte {
	nd := (ml.bits + 7) / 8
	w := bitWriter{b: make([]byte, 0, 2*nd+ml.check)}
	microSegment[v].write(&w, text, m)
	pad(&w, ml.bits, 2*v+1)
	if w.nacc > 0 {
		w.write(0, 8-w.nacc)
	}
	data := w.b
	var gen [30]byte
	rsGenerator(gen[:ml.check])
	check := make([]byte, ml.check)
	rsCheck(data, gen[:ml.check], check)

	s := bitWriter{b: make([]byte, 0, nd+ml.check+1)}
	for i, d := range data {
		if i == nd-1 && ml.bits%8 == 4 {
			s.write(uint(d>>4), 4)
		} else {
			s.write(uint(d), 8)
		}
	}
	for _, c := range check {
		s.write(uint(c), 8)
	}
	if s.nacc > 0 {
		s.write(0, 8-s.nacc)
	}
	return s.b
}

// chooseMicroMask returns the mask pattern that scores highest by ISO/IEC
// 18004 7.8.3.2, ties going to the lowest number: SUM1 counts the dark
// modules of the right edge and SUM2 those of the bottom edge, timing
// modules left out, and the score is 16 times the smaller plus the larger.
func chooseMicroMask(p *plane) int {
	best, bestScore := 0, -1
	edge := span(p.w).andNot(span(1)) // modules 1 to w-1
	for m, qm := range microMasks {
		masked := func(y int) line { return p.rows[y].xor(maskRows[qm][y%12].and(p.free[y])) }
		sum1 := 0
		for y := 1; y < p.h; y++ {
			if row := masked(y); row.at(p.w - 1) {
				sum1++
			}
		}
		sum2 := masked(p.h - 1).and(edge).count()
		if score := 16*min(sum1, sum2) + max(sum1, sum2); score > bestScore {
			best, bestScore = m, score
		}
	}
	return best
}

// microFormat writes the format information of symbol number s and mask
// m: bits 0 to 7 down column 8 from row 1, and bits 14 to 7 along row 8
// from column 1.
func microFormat(p *plane, s, m int) { microFormatSet(microFormatBits(s, m), p.fn) }

// microFormatSet sets the format modules to bits through set.
func microFormatSet(bits int, set func(x, y int, dark bool)) {
	for i := 0; i < 8; i++ {
		set(8, i+1, bits>>i&1 == 1)
		set(i+1, 8, bits>>(14-i)&1 == 1)
	}
}

// VersionModeError says that a version cannot hold the text's characters
// at any length: M1 holds digits only, M2 digits and the alphanumeric
// set, and neither has byte mode.
type VersionModeError struct {
	Symbol  Symbol
	Version int // the largest version allowed
	Level   Level
	Mode    string // the mode the text needs: "alphanumeric" or "byte"
}

func (e *VersionModeError) Error() string {
	return fmt.Sprintf("%s at error correction %v has no %s mode: the data needs %s mode", VersionName(e.Symbol, e.Version), e.Level, e.Mode, e.Mode)
}

func (m mode) String() string {
	return [...]string{"numeric", "alphanumeric", "byte", "kanji"}[m]
}
