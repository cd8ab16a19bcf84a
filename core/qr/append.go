package qr

import (
	"fmt"
	"unicode/utf8"
)

// This file splits a text over a structured-append sequence of QR symbols
// (ISO/IEC 18004 clause 8): up to 16 symbols, each opening with the mode
// indicator 0011, its index, the number of symbols less one, and the
// parity of the whole text, so that a reader puts the text back together
// whatever order it reads them in.

// appendBits is the length of the structured-append header.
const appendBits = 4 + 4 + 4 + 8

// MaxParts is the most symbols a structured-append sequence has.
const MaxParts = 16

// Parity returns the structured-append parity of text: the XOR of all its
// bytes.
func Parity(text string) byte {
	var p byte
	for i := 0; i < len(text); i++ {
		p ^= text[i]
	}
	return p
}

// Sequence returns text as a structured-append sequence of n symbols (2
// to 16), each at the smallest version e allows that holds every part,
// so that all have one size. The whole text's mode is every part's, and
// the text is cut into n parts of as near equal length as the mode
// allows, the first parts one character longer where it does not divide:
// in byte mode only between UTF-8 characters, so each part is text of its
// own. Each part carries e's ECI designator. A text that the largest
// version e allows cannot hold in n parts is a *TooLongError.
func (e Encoder) Sequence(text string, n int) ([]*Code, error) {
	if n < 2 || n > MaxParts {
		return nil, fmt.Errorf("qr: a structured-append sequence has 2 to %d symbols, not %d", MaxParts, n)
	}
	lo, hi, err := e.versions()
	if err != nil {
		return nil, err
	}
	m, err := e.mode(text)
	if err != nil {
		return nil, err
	}
	parts, ok := split(text, m, n)
	if !ok {
		return nil, fmt.Errorf("qr: %d bytes of text cannot be split into %d parts", len(text), n)
	}
	v := 0
	for w := lo; w <= hi && v == 0; w++ {
		if e.holds(parts, m, w) {
			v = w
		}
	}
	if v == 0 {
		return nil, &TooLongError{Level: e.Level, Version: hi, Bytes: len(text), Max: n * maxChars(m, hi, e.Level, appendBits+eciBits(e.ECI))}
	}
	codes := make([]*Code, n)
	parity := Parity(text)
	for i, part := range parts {
		codes[i] = e.encode(part, m, v, Part{Index: i, Count: n, Parity: parity})
	}
	return codes, nil
}

// Parts returns the fewest symbols that hold text at the largest version
// e allows, as Sequence would split it: 1 when one symbol holds it
// without a structured-append header. Text that 16 symbols cannot hold
// is a *TooLongError.
func (e Encoder) Parts(text string) (int, error) {
	_, hi, err := e.versions()
	if err != nil {
		return 0, err
	}
	m, err := e.mode(text)
	if err != nil {
		return 0, err
	}
	if text == "" {
		return 0, fmt.Errorf("qr: empty text")
	}
	if fit(m, len(text), e.Level, hi, hi, eciBits(e.ECI)) != 0 {
		return 1, nil
	}
	for n := 2; n <= MaxParts; n++ {
		if parts, ok := split(text, m, n); ok && e.holds(parts, m, hi) {
			return n, nil
		}
	}
	return 0, &TooLongError{Level: e.Level, Version: hi, Bytes: len(text), Max: MaxParts * maxChars(m, hi, e.Level, appendBits+eciBits(e.ECI))}
}

// holds reports whether a version-v symbol at e's level holds each of
// parts in mode m after the structured-append and ECI headers.
func (e Encoder) holds(parts []string, m mode, v int) bool {
	room := versions[v].dataBytes(e.Level)*8 - appendBits - eciBits(e.ECI)
	for _, p := range parts {
		if segmentBits(m, len(p), v) > room {
			return false
		}
	}
	return true
}

// split cuts text into n parts for mode m: where text has n*k+r
// characters, the first r parts k+1 characters and the others k (segno's
// make_sequence divides the same way). Kanji mode cuts only between its
// two-byte characters, and byte mode between UTF-8 characters: there the
// cuts fall on the first character boundary at or after the byte where
// they would, so that parts keep near equal lengths in bytes, and each
// part takes at least one character. It reports false when text has
// fewer than n characters.
func split(text string, m mode, n int) ([]string, bool) {
	var cuts []int // the byte offsets where a part may start, and len(text)
	for i := 0; i < len(text); i++ {
		if m == kanji && i%2 == 0 || m == byteMode && utf8.RuneStart(text[i]) || m != kanji && m != byteMode {
			cuts = append(cuts, i)
		}
	}
	cuts = append(cuts, len(text))
	chars := len(cuts) - 1
	if n > chars {
		return nil, false
	}
	unit := 1
	if m == kanji {
		unit = 2
	}
	k, r := len(text)/unit/n, len(text)/unit%n
	parts := make([]string, n)
	j := 0 // the cut the part starts at
	for i := 1; i <= n; i++ {
		at := (i*k + min(i, r)) * unit
		end := j + 1
		for end < chars && cuts[end] < at {
			end++
		}
		end = min(end, chars-(n-i)) // leave a character for each part to come
		parts[i-1], j = text[cuts[j]:cuts[end]], end
	}
	return parts, true
}
