package qr

import (
	"fmt"
	"slices"
)

// This file encodes rectangular Micro QR Code (rMQR, ISO/IEC 23941):
// 32 sizes from 7 to 17 modules high and 27 to 139 across, a finder
// pattern at the top left, a finder sub-pattern at the bottom right,
// corner patterns at the other two corners, timing patterns along every
// edge and down the columns of the alignment patterns, format information
// beside both finders, and one mask.

// rmqrVersion is one rMQR version (ISO/IEC 23941 tables 1, 7 and 8): its
// height and width, its codewords in all, and how they divide at levels M
// and H.
type rmqrVersion struct {
	h, w  int
	bytes int
	m, hi ecc
}

// rmqrVersions lists R7x43 to R17x139 in the order of their version
// numbers, which the format information carries.
var rmqrVersions = [32]rmqrVersion{
	{7, 43, 13, ecc{1, 7}, ecc{1, 10}},
	{7, 59, 21, ecc{1, 9}, ecc{1, 14}},
	{7, 77, 32, ecc{1, 12}, ecc{1, 22}},
	{7, 99, 44, ecc{1, 16}, ecc{1, 30}},
	{7, 139, 68, ecc{1, 24}, ecc{2, 22}},
	{9, 43, 21, ecc{1, 9}, ecc{1, 14}},
	{9, 59, 33, ecc{1, 12}, ecc{1, 22}},
	{9, 77, 49, ecc{1, 18}, ecc{2, 16}},
	{9, 99, 66, ecc{1, 24}, ecc{2, 22}},
	{9, 139, 99, ecc{2, 18}, ecc{3, 22}},
	{11, 27, 15, ecc{1, 8}, ecc{1, 10}},
	{11, 43, 31, ecc{1, 12}, ecc{1, 20}},
	{11, 59, 47, ecc{1, 16}, ecc{2, 16}},
	{11, 77, 67, ecc{1, 24}, ecc{2, 22}},
	{11, 99, 89, ecc{2, 16}, ecc{2, 30}},
	{11, 139, 132, ecc{2, 24}, ecc{3, 30}},
	{13, 27, 21, ecc{1, 9}, ecc{1, 14}},
	{13, 43, 41, ecc{1, 14}, ecc{1, 28}},
	{13, 59, 60, ecc{1, 22}, ecc{2, 20}},
	{13, 77, 85, ecc{2, 16}, ecc{2, 28}},
	{13, 99, 113, ecc{2, 20}, ecc{3, 26}},
	{13, 139, 166, ecc{3, 20}, ecc{4, 28}},
	{15, 43, 51, ecc{1, 18}, ecc{2, 18}},
	{15, 59, 74, ecc{1, 26}, ecc{2, 24}},
	{15, 77, 103, ecc{2, 18}, ecc{3, 24}},
	{15, 99, 136, ecc{2, 24}, ecc{4, 22}},
	{15, 139, 199, ecc{3, 24}, ecc{5, 26}},
	{17, 43, 61, ecc{1, 22}, ecc{2, 20}},
	{17, 59, 88, ecc{2, 16}, ecc{2, 30}},
	{17, 77, 122, ecc{2, 22}, ecc{3, 28}},
	{17, 99, 160, ecc{3, 20}, ecc{4, 26}},
	{17, 139, 232, ecc{4, 20}, ecc{6, 26}},
}

// rmqrAlignment lists the columns of the alignment patterns' centres by
// symbol width (ISO/IEC 23941 annex D); R11x27 and R13x27 have none.
var rmqrAlignment = map[int][]int{
	27:  nil,
	43:  {21},
	59:  {19, 39},
	77:  {25, 51},
	99:  {23, 49, 75},
	139: {27, 55, 83, 111},
}

// RMQRAlignment returns the columns of the alignment patterns' centres in
// an rMQR symbol w modules wide.
func RMQRAlignment(w int) []int { return slices.Clone(rmqrAlignment[w]) }

// rmqrCount is the width of the character count indicator of each
// version in numeric, alphanumeric, byte and kanji mode (ISO/IEC 23941
// table 3).
var rmqrCount = [32][4]int{
	{4, 3, 3, 2}, {5, 5, 4, 3}, {6, 5, 5, 4}, {7, 6, 5, 5}, {7, 6, 6, 5},
	{5, 5, 4, 3}, {6, 5, 5, 4}, {7, 6, 5, 5}, {7, 6, 6, 5}, {8, 7, 6, 6},
	{4, 4, 3, 2}, {6, 5, 5, 4}, {7, 6, 5, 5}, {7, 6, 6, 5}, {8, 7, 6, 6}, {8, 7, 7, 6},
	{5, 5, 4, 3}, {6, 6, 5, 5}, {7, 6, 6, 5}, {7, 7, 6, 6}, {8, 7, 7, 6}, {8, 8, 7, 7},
	{7, 6, 6, 5}, {7, 7, 6, 5}, {8, 7, 7, 6}, {8, 7, 7, 6}, {9, 8, 7, 7},
	{7, 6, 6, 5}, {8, 7, 6, 6}, {8, 7, 7, 6}, {8, 8, 7, 6}, {9, 8, 8, 7},
}

// rmqrSegment returns the segment header of version v (1-32): a 3-bit
// mode indicator, 001 numeric, 010 alphanumeric, 011 byte, 100 kanji
// (ISO/IEC 23941 table 2).
func rmqrSegment(v int) segment {
	return segment{3, [4]uint{1, 2, 3, 4}, rmqrCount[v-1]}
}

// RMQRLevels are the levels rMQR has.
var RMQRLevels = []Level{M, H}

// RMQRSize returns the width and height of rMQR version v (1-32).
func RMQRSize(v int) (w, h int) {
	if v < 1 || v > len(rmqrVersions) {
		return 0, 0
	}
	r := rmqrVersions[v-1]
	return r.w, r.h
}

// RMQRHeights are the heights rMQR comes in.
var RMQRHeights = []int{7, 9, 11, 13, 15, 17}

func (r *rmqrVersion) ecc(l Level) ecc {
	if l == H {
		return r.hi
	}
	return r.m
}

func (r *rmqrVersion) dataBytes(l Level) int { e := r.ecc(l); return r.bytes - e.blocks*e.check }

// An RMQREncoder holds the settings of an rMQR symbol beyond its text.
// Text is written as one segment in the densest mode that holds it.
type RMQREncoder struct {
	Level Level // M or H

	// Version fixes the size, 1 to 32 for R7x43 to R17x139 (RMQRSize).
	// With Version 0 and Height 0 the symbol is the one of least area
	// that holds the text, ties going to the taller; with Height (7 to 17,
	// odd) the narrowest of that height that holds it.
	Version, Height int

	// ECI is an Extended Channel Interpretation designator written
	// before the data, as for QR (ISO/IEC 23941 7.4.2); 0 for none.
	ECI int
}

// VersionFor returns the version Encode would choose for text.
func (e RMQREncoder) VersionFor(text string) (int, error) {
	if err := e.check(); err != nil {
		return 0, err
	}
	if text == "" {
		return 0, fmt.Errorf("qr: empty text")
	}
	m, eci := modeOf(text), eciBits(e.ECI)-1 // rMQR's mode indicator is a bit shorter
	if e.ECI == 0 {
		eci = 0
	}
	fits := func(v int) bool {
		b := rmqrSegment(v).bits(m, len(text))
		return b >= 0 && eci+b <= 8*rmqrVersions[v-1].dataBytes(e.Level)
	}
	best, largest := 0, 0
	for v := 1; v <= len(rmqrVersions); v++ {
		r := &rmqrVersions[v-1]
		switch {
		case e.Version != 0 && v != e.Version:
			continue
		case e.Height != 0 && r.h != e.Height:
			continue
		}
		if largest == 0 || r.bytes > rmqrVersions[largest-1].bytes {
			largest = v
		}
		if !fits(v) {
			continue
		}
		b := &rmqrVersions[max(best, 1)-1]
		if best == 0 || r.w*r.h < b.w*b.h || r.w*r.h == b.w*b.h && r.h > b.h {
			best = v
		}
	}
	if best == 0 {
		room := 8*rmqrVersions[largest-1].dataBytes(e.Level) - eci
		n := 0
		for b := rmqrSegment(largest).bits(m, n+1); b >= 0 && b <= room; b = rmqrSegment(largest).bits(m, n+1) {
			n++
		}
		return 0, &TooLongError{Symbol: RMQR, Level: e.Level, Version: largest, Bytes: len(text), Max: n}
	}
	return best, nil
}

// check reports settings Encode refuses.
func (e RMQREncoder) check() error {
	switch {
	case e.Level != M && e.Level != H:
		return fmt.Errorf("qr: rMQR has no level %v", e.Level)
	case e.Version < 0 || e.Version > len(rmqrVersions):
		return fmt.Errorf("qr: invalid rMQR version %d", e.Version)
	case e.Height != 0 && !slices.Contains(RMQRHeights, e.Height):
		return fmt.Errorf("qr: invalid rMQR height %d", e.Height)
	case e.Version != 0 && e.Height != 0 && rmqrVersions[e.Version-1].h != e.Height:
		return fmt.Errorf("qr: %s is not %d modules high", VersionName(RMQR, e.Version), e.Height)
	case e.ECI < 0 || e.ECI > 999999:
		return fmt.Errorf("qr: invalid ECI %d", e.ECI)
	}
	return nil
}

// Encode returns the rMQR symbol for text.
func (e RMQREncoder) Encode(text string) (*Code, error) {
	v, err := e.VersionFor(text)
	if err != nil {
		return nil, err
	}
	r := &rmqrVersions[v-1]
	p := rmqrPlane(r)
	nd := r.dataBytes(e.Level)
	w := bitWriter{b: make([]byte, 0, 2*r.bytes)}
	if e.ECI > 0 {
		w.write(0b111, 3)
		writeECI(&w, e.ECI)
	}
	m := modeOf(text)
	rmqrSegment(v).write(&w, text, m)
	pad(&w, 8*nd, 3)
	data := w.b
	ec := r.ecc(e.Level)
	all := interleave(data, ec, make([]byte, r.bytes-nd), make([]byte, r.bytes))
	p.place(all, 8*r.bytes, r.w-2)
	p.mask(4)
	rmqrFormat(p, v, e.Level)
	c := p.code(RMQR, v, e.Level, 4)
	c.ECI = e.ECI
	return c, nil
}

// rmqrPlane returns the plane of version r with its function patterns
// drawn and its format modules reserved.
func rmqrPlane(r *rmqrVersion) *plane {
	w, h := r.w, r.h
	p := newPlane(w, h)
	for x := 0; x < w; x++ { // timing patterns along every edge
		p.fn(x, 0, x%2 == 0)
		p.fn(x, h-1, x%2 == 0)
	}
	for y := 0; y < h; y++ {
		p.fn(0, y, y%2 == 0)
		p.fn(w-1, y, y%2 == 0)
	}
	p.box(3, 3, 3, 2)     // the finder pattern, rows below 7 cut off in R7
	p.box(w-3, h-3, 2, 1) // the finder sub-pattern
	p.fn(0, h-2, true)    // the corner pattern at the bottom left
	p.fn(1, h-2, false)
	p.fn(1, h-1, true)
	p.fn(w-2, 0, true) // and at the top right
	p.fn(w-2, 1, false)
	p.fn(w-1, 1, true)
	for y := 0; y < 7; y++ { // the separator, right of the finder
		p.fn(7, y, false)
	}
	if h > 7 { // and below it; in R9 it takes the corner pattern's top
		for x := 0; x < 8; x++ {
			p.fn(x, 7, false)
		}
	}
	for _, cx := range rmqrAlignment[w] {
		for y := 0; y < h; y++ { // a timing pattern down the column
			p.fn(cx, y, y%2 == 0)
		}
		for _, y := range []int{1, 2, h - 3, h - 2} { // and a 3x3 pattern at each end
			p.fn(cx-1, y, true)
			p.fn(cx+1, y, true)
		}
	}
	rmqrFormatAt(p, 0, 0)
	return p
}

// rmqrFormat writes both copies of the format information of version v
// at level l (ISO/IEC 23941 7.9): the level and the version number less
// one in 6 bits, BCH(18,6)-protected as QR's version information,
// XOR-ed with 011111101010110010 beside the finder pattern and with
// 100000101001111011 beside the finder sub-pattern.
func rmqrFormat(p *plane, v int, l Level) {
	rmqrFormatAt(p, rmqrFormatBits(v, l, false), rmqrFormatBits(v, l, true))
}

// rmqrFormatBits returns the 18 bits of one copy: the one beside the
// finder sub-pattern when sub is true.
func rmqrFormatBits(v int, l Level, sub bool) int {
	data := v - 1
	if l == H {
		data |= 1 << 5
	}
	if sub {
		return versionBits(data) ^ 0x20A7B
	}
	return versionBits(data) ^ 0x1FAB2
}

// rmqrFormatAt writes the two copies: bit 5j+i at column 8+j, row 1+i
// beside the finder and bits 15 to 17 down column 11; bit 5j+i at column
// w-8+j, row h-6+i beside the sub-pattern and bits 15 to 17 along row h-6.
func rmqrFormatAt(p *plane, left, right int) { rmqrFormatSet(p.w, p.h, left, right, p.fn) }

// rmqrFormatSet sets the format modules of a symbol w x h through set.
func rmqrFormatSet(w, h, left, right int, set func(x, y int, dark bool)) {
	for j := 0; j < 3; j++ {
		for i := 0; i < 5; i++ {
			set(8+j, 1+i, left>>(5*j+i)&1 == 1)
			set(w-8+j, h-6+i, right>>(5*j+i)&1 == 1)
		}
		set(11, 1+j, left>>(15+j)&1 == 1)
		set(w-5+j, h-6, right>>(15+j)&1 == 1)
	}
}
