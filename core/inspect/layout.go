package inspect

import (
	"github.com/makiuchi-d/gozxing/qrcode/decoder"
)

// layout is where a symbol of one version keeps what (ISO/IEC 18004,
// 6.3 and 7.7): its function modules and the order its codewords' bits
// are placed in.
type layout struct {
	version, dim int
	fn           []bool // function modules, row by row
	order        []int  // data modules (y*dim+x) in placement order: codeword k is order[8k:8k+8], first bit first
	align        []int  // alignment pattern centres along each axis
}

func newLayout(version int) *layout {
	dim := 17 + 4*version
	l := &layout{version: version, dim: dim, fn: make([]bool, dim*dim)}
	mark := func(x0, y0, w, h int) {
		for y := max(0, y0); y < min(dim, y0+h); y++ {
			for x := max(0, x0); x < min(dim, x0+w); x++ {
				l.fn[y*dim+x] = true
			}
		}
	}
	// Finders with their separators, and the format information beside
	// them (with the dark module).
	mark(0, 0, 9, 9)
	mark(dim-8, 0, 8, 9)
	mark(0, dim-8, 9, 8)
	// Timing patterns.
	mark(0, 6, dim, 1)
	mark(6, 0, 1, dim)
	if v, err := decoder.Version_GetVersionForNumber(version); err == nil {
		l.align = v.GetAlignmentPatternCenters()
	}
	for _, cy := range l.align {
		for _, cx := range l.align {
			if (cx < 9 && cy < 9) || (cx > dim-9 && cy < 9) || (cx < 9 && cy > dim-9) {
				continue // under a finder
			}
			mark(cx-2, cy-2, 5, 5)
		}
	}
	if version >= 7 {
		mark(0, dim-11, 6, 3)
		mark(dim-11, 0, 3, 6)
	}
	// Two columns at a time from the right, up then down, skipping the
	// vertical timing pattern (7.7.3).
	up := true
	for j := dim - 1; j > 0; j -= 2 {
		if j == 6 {
			j--
		}
		for k := range dim {
			i := k
			if up {
				i = dim - 1 - k
			}
			for c := range 2 {
				if at := i*dim + j - c; !l.fn[at] {
					l.order = append(l.order, at)
				}
			}
		}
		up = !up
	}
	return l
}

// codewordOf returns, for each module, the raw codeword it carries a bit
// of, or -1 (a function module or a remainder bit).
func (l *layout) codewordOf() []int {
	out := make([]int, l.dim*l.dim)
	for i := range out {
		out[i] = -1
	}
	total := len(l.order) / 8
	for k, at := range l.order[:8*total] {
		out[at] = k / 8
	}
	return out
}

// maskAt reports whether data mask m inverts the module in row i, column
// j (7.8.2).
func maskAt(m, i, j int) bool {
	switch m {
	case 0:
		return (i+j)%2 == 0
	case 1:
		return i%2 == 0
	case 2:
		return j%3 == 0
	case 3:
		return (i+j)%3 == 0
	case 4:
		return (i/2+j/3)%2 == 0
	case 5:
		return i*j%2+i*j%3 == 0
	case 6:
		return (i*j%2+i*j%3)%2 == 0
	}
	return ((i+j)%2+i*j%3)%2 == 0
}

// levelBits are the error correction level's two bits in the format
// information (7.9.1).
var levelBits = map[string]int{"L": 1, "M": 0, "Q": 3, "H": 2}

// formatBits is the 15-bit format information of a level and mask,
// BCH-coded and masked (7.9, Annex C).
func formatBits(level string, mask int) int {
	d := levelBits[level]<<3 | mask
	return (d<<10 | bchRemainder(d<<10, 0x537)) ^ 0x5412
}

// versionBits is the 18-bit version information (7.10, Annex D).
func versionBits(v int) int {
	return v<<12 | bchRemainder(v<<12, 0x1f25)
}

// bchRemainder divides v by the generator g over GF(2).
func bchRemainder(v, g int) int {
	deg := bitLen(g) - 1
	for bitLen(v) > deg {
		v ^= g << (bitLen(v) - 1 - deg)
	}
	return v
}

func bitLen(v int) int {
	n := 0
	for ; v > 0; v >>= 1 {
		n++
	}
	return n
}

// formatCopies are the modules (x, y) of the two copies of the format
// information, its first bit (the most significant) first, as ISO/IEC
// 18004 Figure 25 places them: copy 1 along row 8 from the left edge
// and up column 8 round the top-left finder, skipping the timing
// patterns; copy 2 up column 8 from the bottom edge, then along row 8 to
// the right edge.
func formatCopies(dim int) [2][15][2]int {
	var c [2][15][2]int
	k := 0
	add := func(i, x, y int) {
		c[i][k] = [2]int{x, y}
		k++
	}
	for x := 0; x <= 5; x++ {
		add(0, x, 8)
	}
	add(0, 7, 8)
	add(0, 8, 8)
	add(0, 8, 7)
	for y := 5; y >= 0; y-- {
		add(0, 8, y)
	}
	k = 0
	for y := dim - 1; y >= dim-7; y-- {
		add(1, 8, y)
	}
	for x := dim - 8; x < dim; x++ {
		add(1, x, 8)
	}
	return c
}

// versionCopies are the modules (x, y) of the two copies of the version
// information, bit 0 (the least significant) first: the block above the
// bottom-left finder and its transpose left of the top-right one (7.10).
func versionCopies(dim int) [2][18][2]int {
	var c [2][18][2]int
	for i := range 18 {
		a, b := i/3, dim-11+i%3
		c[0][i] = [2]int{a, b}
		c[1][i] = [2]int{b, a}
	}
	return c
}

// ideal is the symbol carrying the raw codewords (in placement order) at
// a version, level and mask, as an encoder draws it: dark modules true.
func (l *layout) ideal(level string, mask int, raw []byte) []bool {
	dim := l.dim
	m := make([]bool, dim*dim)
	set := func(x, y int, dark bool) {
		if x >= 0 && y >= 0 && x < dim && y < dim {
			m[y*dim+x] = dark
		}
	}
	finder := func(cx, cy int) { // centre module; the separator stays light
		for dy := -4; dy <= 4; dy++ {
			for dx := -4; dx <= 4; dx++ {
				d := max(abs(dx), abs(dy))
				set(cx+dx, cy+dy, d <= 1 || d == 3)
			}
		}
	}
	finder(3, 3)
	finder(dim-4, 3)
	finder(3, dim-4)
	for i := 8; i < dim-8; i++ {
		set(i, 6, i%2 == 0)
		set(6, i, i%2 == 0)
	}
	for _, cy := range l.align {
		for _, cx := range l.align {
			if (cx < 9 && cy < 9) || (cx > dim-9 && cy < 9) || (cx < 9 && cy > dim-9) {
				continue
			}
			for dy := -2; dy <= 2; dy++ {
				for dx := -2; dx <= 2; dx++ {
					set(cx+dx, cy+dy, max(abs(dx), abs(dy)) != 1)
				}
			}
		}
	}
	f := formatBits(level, mask)
	for _, cp := range formatCopies(dim) {
		for k, at := range cp {
			set(at[0], at[1], f>>(14-k)&1 == 1)
		}
	}
	set(8, dim-8, true) // the dark module
	if l.version >= 7 {
		v := versionBits(l.version)
		for _, cp := range versionCopies(dim) {
			for k, at := range cp {
				set(at[0], at[1], v>>k&1 == 1)
			}
		}
	}
	for k, at := range l.order {
		dark := false
		if k/8 < len(raw) {
			dark = raw[k/8]>>(7-k%8)&1 == 1
		}
		if maskAt(mask, at/dim, at%dim) {
			dark = !dark
		}
		m[at] = dark
	}
	return m
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
