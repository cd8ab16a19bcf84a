// Package qr turns text into a QR symbol: a square matrix of dark and light
// modules at a chosen error-correction level.
//
// yeqown/go-qrcode does the encoding (mode, version, Reed-Solomon, placement).
// Its mask choice runs in goroutines and breaks score ties by arrival order,
// so the same text could give different symbols natively and in WebAssembly;
// this package therefore re-chooses the mask itself, deterministically.
package qr

import (
	"fmt"
	"strings"

	qrcode "github.com/yeqown/go-qrcode/v2"
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

func (l Level) String() string { return "LMQH"[l : l+1] }

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
	dark    []bool
}

// Dark reports whether the module at column x, row y is dark.
func (c *Code) Dark(x, y int) bool { return c.dark[y*c.Size+x] }

// TooLongError says that text does not fit a version-40 symbol at Level.
type TooLongError struct {
	Level Level
	Bytes int // length of the text in bytes
	Max   int // the most that fits at Level, in the same encoding mode
}

func (e *TooLongError) Error() string {
	return fmt.Sprintf("data is %d bytes; at most %d fit at error correction %v", e.Bytes, e.Max, e.Level)
}

// Capacity is the most bytes (characters, for numeric and alphanumeric
// text) a version-40 symbol holds, per mode and level (ISO/IEC 18004 table 7).
var capacity = map[mode][4]int{
	numeric:      {7089, 5596, 3993, 3057},
	alphanumeric: {4296, 3391, 2420, 1852},
	byteMode:     {2953, 2331, 1663, 1273},
}

// MaxBytes returns how many bytes of text fit at level l.
func MaxBytes(text string, l Level) int { return capacity[modeOf(text)][l] }

type mode int

const (
	numeric mode = iota
	alphanumeric
	byteMode
)

// modeOf picks the densest mode that holds all of text. Kanji mode is never
// used: payloads are UTF-8, and Shift JIS would change what scanners read.
func modeOf(text string) mode {
	m := numeric
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case '0' <= c && c <= '9':
		case 'A' <= c && c <= 'Z' || strings.IndexByte(" $%*+-./:", c) >= 0:
			m = alphanumeric
		default:
			return byteMode
		}
	}
	return m
}

var libMode = map[mode]qrcode.EncodeOption{
	numeric:      qrcode.WithEncodingMode(qrcode.EncModeNumeric),
	alphanumeric: qrcode.WithEncodingMode(qrcode.EncModeAlphanumeric),
	byteMode:     qrcode.WithEncodingMode(qrcode.EncModeByte),
}

var libLevel = [4]qrcode.EncodeOption{
	qrcode.WithErrorCorrectionLevel(qrcode.ErrorCorrectionLow),
	qrcode.WithErrorCorrectionLevel(qrcode.ErrorCorrectionMedium),
	qrcode.WithErrorCorrectionLevel(qrcode.ErrorCorrectionQuart),
	qrcode.WithErrorCorrectionLevel(qrcode.ErrorCorrectionHighest),
}

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
	sym, err := qrcode.NewWith(text, libMode[m], libLevel[l])
	if err != nil {
		return nil, fmt.Errorf("qr: %v", err)
	}
	var w grab
	if err := sym.Save(&w); err != nil {
		return nil, fmt.Errorf("qr: %v", err)
	}
	c := &Code{Size: len(w.bits), Level: l}
	c.Version = (c.Size - 17) / 4
	c.dark = make([]bool, c.Size*c.Size)
	for y, row := range w.bits {
		copy(c.dark[y*c.Size:], row)
	}
	if err := c.remask(); err != nil {
		return nil, err
	}
	return c, nil
}

// grab is a qrcode.Writer that keeps the finished matrix.
type grab struct{ bits [][]bool }

func (g *grab) Write(m qrcode.Matrix) error { g.bits = m.Bitmap(); return nil }
func (g *grab) Close() error                { return nil }
