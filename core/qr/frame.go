package qr

import "math/bits"

// A Frame is what a reader needs to take the data back out of a Micro QR
// or rMQR symbol of one version and level, once it has the modules: where
// the codeword bits lie, how the codewords divide, and how segments are
// headed. It is the encoder's own layout, so the two cannot drift apart;
// the tests hold both to zxing-cpp and zint.
type Frame struct {
	Symbol  Symbol
	Version int
	Level   Level
	Width   int
	Height  int

	// Bits are the modules of the codeword bits, column then row, in the
	// order they are placed: the most significant bit of the first
	// codeword first.
	Bits [][2]int

	DataBits  int // the data capacity in bits; in M1 and M3 the last data codeword is 4 bits
	Codewords int // data and error-correction codewords
	Blocks    int // error-correction blocks; the last ones hold a data codeword more where the data does not divide
	Check     int // error-correction codewords in each block

	ModeBits  int    // the width of the mode indicator; 0 in M1, which holds digits only
	CountBits [4]int // the character count indicator of numeric, alphanumeric, byte and kanji mode; 0 where the mode is absent
	TermBits  int    // the terminator's length

	microMask bool
	fixed     []line // by rows, the function modules but the format information's
	dark      []line // by rows, their colour
}

// NewFrame returns the frame of version v of symbol s (Micro or RMQR) at
// level l, or false when there is no such symbol.
func NewFrame(s Symbol, v int, l Level) (*Frame, bool) {
	f := &Frame{Symbol: s, Version: v, Level: l}
	var p *plane
	right := 0
	switch s {
	case Micro:
		ml, ok := microBudget(v, l)
		if !ok {
			return nil, false
		}
		p, right = microPlane(v), 2*v+8
		f.DataBits, f.Codewords, f.Blocks, f.Check = ml.bits, (ml.bits+7)/8+ml.check, 1, ml.check
		seg := microSegment[v]
		f.ModeBits, f.CountBits, f.TermBits = seg.modeBits, seg.countBits, 2*v+1
		f.microMask = true
	case RMQR:
		if v < 1 || v > len(rmqrVersions) || l != M && l != H {
			return nil, false
		}
		r := &rmqrVersions[v-1]
		p, right = rmqrPlane(r), r.w-2
		e := r.ecc(l)
		f.DataBits, f.Codewords, f.Blocks, f.Check = 8*r.dataBytes(l), r.bytes, e.blocks, e.check
		f.ModeBits, f.CountBits, f.TermBits = 3, rmqrCount[v-1], 3
	default:
		return nil, false
	}
	f.Width, f.Height = p.w, p.h
	f.dark, f.fixed = p.rows, make([]line, p.h)
	all := span(p.w)
	for y, free := range p.free {
		f.fixed[y] = all.andNot(free)
	}
	unfix := func(x, y int, _ bool) { f.fixed[y].put(x, false) }
	if s == Micro {
		microFormatSet(0, unfix)
	} else {
		rmqrFormatSet(p.w, p.h, 0, 0, unfix)
	}
	n := f.DataBits + 8*(f.Codewords-(f.DataBits+7)/8)
	p.walk(right, func(x, y int) bool {
		f.Bits = append(f.Bits, [2]int{x, y})
		return len(f.Bits) < n
	})
	return f, true
}

// Fixed reports whether the module at column x, row y belongs to a
// function pattern, whose colour is the same in every symbol of the frame
// (the finder, separator, timing, alignment and corner patterns; not the
// format information), and if so whether it is dark. Outside the symbol
// is the light quiet zone.
func (f *Frame) Fixed(x, y int) (dark, ok bool) {
	if x < 0 || y < 0 || x >= f.Width || y >= f.Height {
		return false, true
	}
	if !f.fixed[y].at(x) {
		return false, false
	}
	return f.dark[y].at(x), true
}

// Masked reports whether mask pattern m inverts the module at column x,
// row y: Micro QR's patterns 0 to 3 (ISO/IEC 18004 table 10), and rMQR's
// one pattern whatever m.
func (f *Frame) Masked(m, x, y int) bool {
	if f.microMask {
		return maskAt(microMasks[m&3], x, y)
	}
	return maskAt(4, x, y)
}

// Mode names the mode a mode indicator stands for: 0 numeric, 1
// alphanumeric, 2 byte, 3 kanji, 4 ECI (rMQR only); false for an
// indicator that stands for none (in rMQR, 000 is the terminator).
func (f *Frame) Mode(indicator int) (int, bool) {
	switch {
	case f.Symbol == Micro && indicator >= 0 && indicator < 4 && f.CountBits[indicator] > 0:
		return indicator, true
	case f.Symbol == RMQR && indicator >= 1 && indicator <= 4:
		return indicator - 1, true
	case f.Symbol == RMQR && indicator == 7:
		return 4, true
	}
	return 0, false
}

// MicroFormat reads 15 Micro QR format-information bits, bit 14 the one at
// column 1 of row 8: the version, level and mask of the valid sequence
// nearest them, and how many bits differ from it. The 32 sequences differ
// pairwise in 7 bits or more, so up to 3 are an error it corrects.
func MicroFormat(b int) (v int, l Level, mask, dist int) {
	dist = 16
	for ver, mls := range microLevels {
		for _, ml := range mls {
			for m := range 4 {
				if d := bits.OnesCount(uint(b ^ microFormatBits(ml.format, m))); d < dist {
					v, l, mask, dist = ver, ml.level, m, d
				}
			}
		}
	}
	return v, l, mask, dist
}

// RMQRFormat reads 18 rMQR format-information bits, bit 17 the first (at
// column 11, row 3 beside the finder; at column w-3, row h-6 beside the
// sub-pattern, when sub is true): the version and level of the valid
// sequence nearest them, and how many bits differ from it.
func RMQRFormat(b int, sub bool) (v int, l Level, dist int) {
	dist = 19
	for w := 1; w <= len(rmqrVersions); w++ {
		for _, lv := range RMQRLevels {
			if d := bits.OnesCount(uint(b ^ rmqrFormatBits(w, lv, sub))); d < dist {
				v, l, dist = w, lv, d
			}
		}
	}
	return v, l, dist
}
