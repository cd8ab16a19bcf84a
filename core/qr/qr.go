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

// Code is an encoded QR symbol.
type Code struct {
	Version int   // 1-40
	Level   Level // error-correction level
	Mask    int   // data mask pattern 0-7
	Size    int   // modules per side, quiet zone excluded
	rows    []line
}

// Dark reports whether the module at column x, row y is dark.
func (c *Code) Dark(x, y int) bool { return c.rows[y].at(x) }

// TooLongError says that text does not fit a version-40 symbol at Level.
type TooLongError struct {
	Level Level
	Bytes int // length of the text in bytes
	Max   int // the most that fits at Level, in the same encoding mode
}

func (e *TooLongError) Error() string {
	return fmt.Sprintf("data is %d bytes; at most %d fit at error correction %v", e.Bytes, e.Max, e.Level)
}

// capacity is the most bytes (characters, for numeric and alphanumeric
// text) a version-40 symbol holds, per mode and level (ISO/IEC 18004 table 7).
var capacity = [3][4]int{
	numeric:      {7089, 5596, 3993, 3057},
	alphanumeric: {4296, 3391, 2420, 1852},
	byteMode:     {2953, 2331, 1663, 1273},
}

// MaxBytes returns how many bytes of text fit at level l.
func MaxBytes(text string, l Level) int { return capacity[modeOf(text)][l] }

// Encode returns the symbol for text at level l, in the smallest version
// that holds it. Text longer than a version-40 symbol holds is a *TooLongError.
func Encode(text string, l Level) (*Code, error) {
	if l < L || l > H {
		return nil, fmt.Errorf("qr: invalid level %d", l)
	}
	m := modeOf(text)
	if max := capacity[m][l]; len(text) > max {
		return nil, &TooLongError{Level: l, Bytes: len(text), Max: max}
	}
	if text == "" {
		return nil, fmt.Errorf("qr: empty text")
	}
	v := minVersion(m, len(text), l)
	if v == 0 { // capacity and the version table disagree: a bug, not a panic
		return nil, fmt.Errorf("qr: no version holds %d bytes at %v", len(text), l)
	}
	g := newGrid(v, l)
	g.place(codewords(text, m, v, l))
	mask := g.chooseMask()
	return &Code{Version: v, Level: l, Mask: mask, Size: g.size, rows: g.rows}, nil
}
