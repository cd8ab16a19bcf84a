// Package qr turns text into a QR symbol (ISO/IEC 18004): a square matrix of
// dark and light modules at a chosen error-correction level.
//
// The encoder is our own, in the manner of rsc.io/qr/coding: one segment in
// the densest of numeric, alphanumeric and byte mode, the smallest version
// that holds it, and the mask with the lowest penalty, ties going to the
// lowest pattern number, so the same text gives the same symbol everywhere.
// The whole symbol is built on bit strings of rows and columns, which keeps
// the eight-fold mask evaluation cheap in WebAssembly.
package qr

import (
	"cmp"
	"fmt"
	"strings"
)

// Level is an error-correction level.
type Level int

// The four levels, from least to most redundancy.
const (
	L Level = iota
	M
	Q
	H
)

// Levels lists every level, lowest first.
var Levels = []Level{L, M, Q, H}

func (l Level) String() string {
	if l == DetectOnly {
		return "none"
	}
	if l < L || l > H {
		return fmt.Sprintf("Level(%d)", int(l))
	}
	return "LMQH"[l : l+1]
}

// ParseLevel reads "L", "M", "Q" or "H" (any case).
func ParseLevel(s string) (Level, bool) {
	i := strings.Index("LMQH", strings.ToUpper(s))
	if len(s) != 1 || i < 0 {
		return 0, false
	}
	return Level(i), true
}

// Code is an encoded symbol of the QR family: a QR Code unless Symbol
// says otherwise.
type Code struct {
	Symbol  Symbol // QR (the zero value), Micro or RMQR
	Version int    // QR 1-40; Micro QR 1-4 (M1-M4); rMQR 1-32, the row of RMQRSizes
	Level   Level  // error-correction level; DetectOnly for M1
	Mask    int    // data mask pattern: QR 0-7, Micro QR 0-3; rMQR's one mask is QR's pattern 4
	ECI     int    // ECI designator written before the data; 0 when none is
	Size    int    // modules per side, quiet zone excluded; 0 for rMQR, which is not square
	Width   int    // modules across, quiet zone excluded
	Height  int    // modules down, quiet zone excluded
	Part    Part   // the symbol's place in a structured-append sequence; zero when it stands alone
	rows    []line
}

// Dark reports whether the module at column x, row y is dark.
func (c *Code) Dark(x, y int) bool { return c.rows[y].at(x) }

// TooLongError says that text does not fit the largest version allowed at Level.
type TooLongError struct {
	Symbol  Symbol
	Level   Level
	Version int // the largest version allowed: 40 unless an Encoder sets MaxVersion
	Bytes   int // length of the text in bytes
	Max     int // the most that fits in that version at Level, in the same encoding mode
}

func (e *TooLongError) Error() string {
	if e.Symbol != QR {
		return fmt.Sprintf("data is %d bytes; at most %d fit in %s at error correction %v", e.Bytes, e.Max, VersionName(e.Symbol, e.Version), e.Level)
	}
	if e.Version < 40 {
		return fmt.Sprintf("data is %d bytes; at most %d fit in version %d at error correction %v", e.Bytes, e.Max, e.Version, e.Level)
	}
	return fmt.Sprintf("data is %d bytes; at most %d fit at error correction %v", e.Bytes, e.Max, e.Level)
}

// MaxBytes returns how many bytes of text fit at level l.
func MaxBytes(text string, l Level) int { return Encoder{Level: l}.MaxBytes(text) }

// An Encoder holds the settings of a symbol beyond its text, for standards
// that fix them: a UPN QR payment is version 15 at level M with ECI 4
// (ISO-8859-2), an EPC transfer at most version 13. A field left zero
// leaves its choice to the rules of Encode.
type Encoder struct {
	Level Level

	// MinVersion and MaxVersion bound the versions to choose from (1-40);
	// 0 sets no bound. Equal, they fix the version.
	MinVersion, MaxVersion int

	// ECI is an Extended Channel Interpretation designator (1-999999,
	// ISO/IEC 18004 7.4.2) written before the data to name the charset of
	// its bytes: 4 is ISO-8859-2, 26 UTF-8. With none, readers guess.
	ECI int

	// Mode forces the encoding mode: "numeric", "alphanumeric", "byte" or
	// "kanji" (text then is Shift JIS); "" picks the densest that holds
	// the text. A mode that cannot hold the text is an error.
	Mode string

	// FixMask makes Mask (0-7) the mask pattern, rather than the one the
	// penalty rules of 7.8.3 choose.
	FixMask bool
	Mask    int
}

// mode returns the mode Encode writes text in.
func (e Encoder) mode(text string) (mode, error) {
	auto := modeOf(text)
	switch e.Mode {
	case "":
		return auto, nil
	case "numeric":
		if auto == numeric {
			return numeric, nil
		}
	case "alphanumeric":
		if auto <= alphanumeric {
			return alphanumeric, nil
		}
	case "byte":
		return byteMode, nil
	case "kanji":
		if IsKanji(text) {
			return kanji, nil
		}
	default:
		return 0, fmt.Errorf("qr: unknown mode %q", e.Mode)
	}
	return 0, &ModeError{Mode: e.Mode}
}

// ModeError says that text has characters the mode an Encoder forces cannot hold.
type ModeError struct{ Mode string }

func (e *ModeError) Error() string { return "the data has characters " + e.Mode + " mode cannot hold" }

// Encode returns the symbol for text at level l, in the smallest version
// that holds it. Text longer than a version-40 symbol holds is a *TooLongError.
func Encode(text string, l Level) (*Code, error) { return Encoder{Level: l}.Encode(text) }

// Encode returns the symbol for text in the smallest allowed version that
// holds it. Text that no allowed version holds is a *TooLongError.
func (e Encoder) Encode(text string) (*Code, error) {
	v, err := e.Version(text)
	if err != nil {
		return nil, err
	}
	m, err := e.mode(text)
	if err != nil {
		return nil, err
	}
	return e.encode(text, m, v, Part{}), nil
}

// encode builds the version-v symbol holding text in mode m, as part p of
// a structured-append sequence when p.Count is not 0.
func (e Encoder) encode(text string, m mode, v int, p Part) *Code {
	l := e.Level
	g := newGrid(v, l)
	g.place(codewords(text, m, v, l, e.ECI, p))
	var mask int
	if e.FixMask {
		mask = e.Mask
		g.applyMask(mask)
	} else {
		mask = g.chooseMask()
	}
	return &Code{Version: v, Level: l, Mask: mask, ECI: e.ECI, Size: g.size, Width: g.size, Height: g.size, Part: p, rows: g.rows}
}

// Version returns the version Encode would choose for text, without
// encoding it: what a caller needs to know the cost of the symbol
// before making it. Errors are those of Encode.
func (e Encoder) Version(text string) (int, error) {
	lo, hi, err := e.versions()
	if err != nil {
		return 0, err
	}
	m, err := e.mode(text)
	if err != nil {
		return 0, err
	}
	l, eci := e.Level, eciBits(e.ECI)
	v := fit(m, len(text), l, lo, hi, eci)
	if v == 0 {
		return 0, &TooLongError{Level: l, Version: hi, Bytes: len(text), Max: maxChars(m, hi, l, eci)}
	}
	if text == "" {
		return 0, fmt.Errorf("qr: empty text")
	}
	return v, nil
}

// Cost estimates the time Encode takes for a symbol of version v, in
// nanoseconds natively on the development machine: the eight masks it
// scores dominate, each a pass over every module (0.18 ms for version 25;
// BenchmarkEncode).
func Cost(v int) int64 {
	n := int64(17 + 4*v)
	return 20_000 + n*n*30
}

// MaxBytes returns how many bytes of text fit the largest version e
// allows, at e's level and after e's ECI header; 0 for settings Encode
// refuses.
func (e Encoder) MaxBytes(text string) int {
	_, hi, err := e.versions()
	if err != nil {
		return 0
	}
	m, err := e.mode(text)
	if err != nil {
		m = modeOf(text)
	}
	return maxChars(m, hi, e.Level, eciBits(e.ECI))
}

// versions checks e's settings and returns the range of versions it allows.
func (e Encoder) versions() (lo, hi int, err error) {
	lo, hi = cmp.Or(e.MinVersion, 1), cmp.Or(e.MaxVersion, 40)
	switch {
	case e.Level < L || e.Level > H:
		return 0, 0, fmt.Errorf("qr: invalid level %d", e.Level)
	case lo < 1 || hi > 40 || lo > hi:
		return 0, 0, fmt.Errorf("qr: invalid version range %d to %d", e.MinVersion, e.MaxVersion)
	case e.ECI < 0 || e.ECI > 999999:
		return 0, 0, fmt.Errorf("qr: invalid ECI %d", e.ECI)
	case e.FixMask && (e.Mask < 0 || e.Mask > 7):
		return 0, 0, fmt.Errorf("qr: invalid mask %d", e.Mask)
	}
	return lo, hi, nil
}
