package qr

import "math/bits"

// This file lays out the symbol: function patterns (ISO/IEC 18004 6.3),
// data placement (7.7.3), format and version information (7.9, 7.10).

// A line is one row or column of a symbol as a bit string: module i is bit
// margin+i, and the bits on either side of the modules stay zero. They stand
// for the light quiet zone, which the finder-like penalty rule looks into.
// Three words hold the 177 modules of version 40 and both margins; they are
// fields rather than an array so that the compiler keeps them in registers.
type line struct{ w0, w1, w2 uint64 }

const margin = 4

// word returns the word that holds module i, and the bit of i within it.
func (a *line) word(i int) (*uint64, uint) {
	i += margin
	switch i >> 6 {
	case 0:
		return &a.w0, uint(i)
	case 1:
		return &a.w1, uint(i - 64)
	}
	return &a.w2, uint(i - 128)
}

func (a *line) at(i int) bool {
	w, s := a.word(i)
	return *w>>s&1 != 0
}

// add makes module i dark if b is 1; b is 0 or 1.
func (a *line) add(i int, b uint64) {
	w, s := a.word(i)
	*w |= b << s
}

func (a *line) put(i int, dark bool) {
	w, s := a.word(i)
	*w &^= 1 << s
	if dark {
		*w |= 1 << s
	}
}

func (a line) and(b line) line    { return line{a.w0 & b.w0, a.w1 & b.w1, a.w2 & b.w2} }
func (a line) andNot(b line) line { return line{a.w0 &^ b.w0, a.w1 &^ b.w1, a.w2 &^ b.w2} }
func (a line) or(b line) line     { return line{a.w0 | b.w0, a.w1 | b.w1, a.w2 | b.w2} }
func (a line) xor(b line) line    { return line{a.w0 ^ b.w0, a.w1 ^ b.w1, a.w2 ^ b.w2} }

// shr moves bits towards bit 0: bit i of the result is bit i+k of a.
func (a line) shr(k uint) line {
	return line{a.w0>>k | a.w1<<(64-k), a.w1>>k | a.w2<<(64-k), a.w2 >> k}
}

// shl moves bits away from bit 0: bit i of the result is bit i-k of a.
func (a line) shl(k uint) line {
	return line{a.w0 << k, a.w1<<k | a.w0>>(64-k), a.w2<<k | a.w1>>(64-k)}
}

func (a line) count() int {
	return bits.OnesCount64(a.w0) + bits.OnesCount64(a.w1) + bits.OnesCount64(a.w2)
}

// span returns the line with modules 0 to n-1 dark.
func span(n int) line {
	var a line
	for i := 0; i < n; i++ {
		a.put(i, true)
	}
	return a
}

// A grid is a symbol under construction, held both as rows and as columns so
// that the mask penalty can scan either direction as bit strings.
type grid struct {
	size     int
	level    Level
	rows     []line // dark modules, row y bit x
	cols     []line // dark modules, column x bit y
	free     []line // by rows, the modules outside function patterns, which hold data and take the mask
	freeCols []line // the same by columns
}

// newGrid returns the grid of a version-v symbol at level l with its
// function patterns drawn.
func newGrid(v int, l Level) *grid {
	n := 4*v + 17
	g := &grid{size: n, level: l, rows: make([]line, n)}
	scratch := make([]line, 3*n)
	g.cols, g.free, g.freeCols = scratch[:n], scratch[n:2*n], scratch[2*n:]
	all := span(n)
	for i := range n {
		g.free[i], g.freeCols[i] = all, all
	}

	for i := 0; i < n; i++ { // timing patterns; the finders overwrite their ends
		g.fn(6, i, i%2 == 0)
		g.fn(i, 6, i%2 == 0)
	}
	g.finder(3, 3)
	g.finder(n-4, 3)
	g.finder(3, n-4)
	pos := AlignmentCenters(v)
	last := len(pos) - 1
	for i, y := range pos {
		for j, x := range pos {
			if i == 0 && (j == 0 || j == last) || i == last && j == 0 {
				continue // a finder is there
			}
			g.alignment(x, y)
		}
	}
	g.format(0) // reserves its modules; chooseMask writes the real bits
	if v >= 7 {
		g.version(v)
	}
	return g
}

// set colours the module at column x, row y.
func (g *grid) set(x, y int, dark bool) {
	g.rows[y].put(x, dark)
	g.cols[x].put(y, dark)
}

// fn colours the module at column x, row y and reserves it for a function
// pattern, out of reach of data and mask.
func (g *grid) fn(x, y int, dark bool) {
	g.set(x, y, dark)
	g.free[y].put(x, false)
	g.freeCols[x].put(y, false)
}

// finder draws a finder pattern centred on (cx, cy) and its light separator.
func (g *grid) finder(cx, cy int) {
	for dy := -4; dy <= 4; dy++ {
		for dx := -4; dx <= 4; dx++ {
			x, y := cx+dx, cy+dy
			if 0 <= x && x < g.size && 0 <= y && y < g.size {
				d := max(abs(dx), abs(dy)) // rings: 3x3 dark, light, dark, light separator
				g.fn(x, y, d != 2 && d != 4)
			}
		}
	}
}

// alignment draws an alignment pattern centred on (cx, cy).
func (g *grid) alignment(cx, cy int) {
	for dy := -2; dy <= 2; dy++ {
		for dx := -2; dx <= 2; dx++ {
			g.fn(cx+dx, cy+dy, max(abs(dx), abs(dy)) != 1)
		}
	}
}

// AlignmentCenters returns the row and column centres of the alignment
// patterns of a version-v symbol, in modules from the top or left edge
// (ISO/IEC 18004 annex E): a pattern sits at every pair of centres except
// the three pairs under the finder patterns. Version 1 has none, and
// neither has a version outside 1-40.
func AlignmentCenters(v int) []int {
	if v < 2 || v > 40 {
		return nil
	}
	count := v/7 + 2
	step := 26
	if v != 32 {
		step = (v*4 + count*2 + 1) / (count*2 - 2) * 2
	}
	pos := make([]int, count)
	pos[0] = 6
	for i, p := count-1, 4*v+10; i > 0; i, p = i-1, p-step {
		pos[i] = p
	}
	return pos
}

// formatLevel is the two-bit code of each level in the format information.
var formatLevel = [4]int{1, 0, 3, 2}

// formatBits returns the 15 format-information bits for level l and mask m,
// BCH-protected and XOR-ed with the fixed pattern (ISO/IEC 18004 7.9.1).
func formatBits(l Level, m int) int {
	data := formatLevel[l]<<3 | m
	rem := data
	for i := 0; i < 10; i++ {
		rem = rem<<1 ^ (rem>>9)*0x537
	}
	return (data<<10 | rem) ^ 0x5412
}

// format writes both copies of the format information for mask m, and the
// dark module beside the second copy.
func (g *grid) format(m int) {
	bits, n := formatBits(g.level, m), g.size
	for i := 0; i < 15; i++ {
		b := bits>>i&1 == 1
		switch { // around the top-left finder, stepping over the timing patterns
		case i < 6:
			g.fn(8, i, b)
		case i < 8:
			g.fn(8, i+1, b)
		case i == 8:
			g.fn(7, 8, b)
		default:
			g.fn(14-i, 8, b)
		}
		if i < 8 { // under the top-right finder, then beside the bottom-left one
			g.fn(n-1-i, 8, b)
		} else {
			g.fn(8, n-15+i, b)
		}
	}
	g.fn(8, n-8, true)
}

// versionBits returns the 18 version-information bits: the version, then
// 12 bits of BCH(18,6) protection (ISO/IEC 18004 7.10, annex D).
func versionBits(v int) int {
	rem := v
	for i := 0; i < 12; i++ {
		rem = rem<<1 ^ (rem>>11)*0x1f25
	}
	return v<<12 | rem
}

// version writes both copies of the version information, 6x3 blocks beside
// the top-right and bottom-left finders.
func (g *grid) version(v int) {
	bits := versionBits(v)
	for i := 0; i < 18; i++ {
		b := bits>>i&1 == 1
		a, c := g.size-11+i%3, i/3
		g.fn(a, c, b)
		g.fn(c, a, b)
	}
}

// place writes the codewords, most significant bit first, into the free
// modules: up and down two-module-wide columns from the bottom-right corner,
// stepping over the vertical timing pattern. Free modules left over (the
// remainder bits) stay light.
func (g *grid) place(codewords []byte) {
	n, i := g.size, 0
	for right := n - 1; right >= 1; right -= 2 {
		if right == 6 {
			right = 5
		}
		up := (right+1)&2 == 0
		for k := 0; k < n; k++ {
			y := k
			if up {
				y = n - 1 - k
			}
			for x := right; x >= right-1; x-- {
				if !g.free[y].at(x) || i >= len(codewords)*8 {
					continue
				}
				b := uint64(codewords[i>>3]>>(7-i&7)) & 1
				g.rows[y].add(x, b)
				g.cols[x].add(y, b)
				i++
			}
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
