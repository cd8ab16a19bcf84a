package qr

import "fmt"

// remask replaces the library's mask with the lowest-penalty one, ties going
// to the lowest pattern number, so the choice does not depend on scheduling.
func (c *Code) remask() error {
	fn := c.functionModules()
	old, err := c.readMask()
	if err != nil {
		return err
	}
	c.applyMask(old, fn) // undo: masking is an XOR

	best, bestScore := 0, -1
	for m := 0; m < 8; m++ {
		c.applyMask(m, fn)
		c.writeFormat(m)
		if s := c.penalty(); bestScore < 0 || s < bestScore {
			best, bestScore = m, s
		}
		c.applyMask(m, fn)
	}
	c.applyMask(best, fn)
	c.writeFormat(best)
	c.Mask = best
	return nil
}

// formatLevel is the two-bit code of each level in the format information.
var formatLevel = [4]int{1, 0, 3, 2}

// formatBits returns the 15 format-information bits for level l and mask m,
// BCH-protected and XOR-ed with the fixed pattern (ISO/IEC 18004 7.9).
func formatBits(l Level, m int) int {
	data := formatLevel[l]<<3 | m
	rem := data
	for i := 0; i < 10; i++ {
		rem = rem<<1 ^ (rem>>9)*0x537
	}
	return (data<<10 | rem) ^ 0x5412
}

// formatCells lists the module positions of the first copy of the format
// information, bit 0 first, as (x, y).
func formatCells() [15][2]int {
	var p [15][2]int
	for i := 0; i <= 5; i++ {
		p[i] = [2]int{8, i}
	}
	p[6], p[7], p[8] = [2]int{8, 7}, [2]int{8, 8}, [2]int{7, 8}
	for i := 9; i < 15; i++ {
		p[i] = [2]int{14 - i, 8}
	}
	return p
}

func (c *Code) readMask() (int, error) {
	got := 0
	for i, p := range formatCells() {
		if c.Dark(p[0], p[1]) {
			got |= 1 << i
		}
	}
	for m := 0; m < 8; m++ {
		if formatBits(c.Level, m) == got {
			return m, nil
		}
	}
	return 0, fmt.Errorf("qr: encoder wrote unreadable format bits %015b", got)
}

func (c *Code) set(x, y int, dark bool) { c.dark[y*c.Size+x] = dark }

func (c *Code) writeFormat(m int) {
	bits := formatBits(c.Level, m)
	n := c.Size
	for i, p := range formatCells() {
		c.set(p[0], p[1], bits>>i&1 == 1)
	}
	for i := 0; i < 8; i++ {
		c.set(n-1-i, 8, bits>>i&1 == 1)
	}
	for i := 8; i < 15; i++ {
		c.set(8, n-15+i, bits>>i&1 == 1)
	}
	c.set(8, n-8, true) // the dark module
}

// maskAt reports whether pattern m inverts the module at column x, row y.
func maskAt(m, x, y int) bool {
	switch m {
	case 0:
		return (x+y)%2 == 0
	case 1:
		return y%2 == 0
	case 2:
		return x%3 == 0
	case 3:
		return (x+y)%3 == 0
	case 4:
		return (y/2+x/3)%2 == 0
	case 5:
		return x*y%2+x*y%3 == 0
	case 6:
		return (x*y%2+x*y%3)%2 == 0
	default:
		return ((x+y)%2+x*y%3)%2 == 0
	}
}

func (c *Code) applyMask(m int, fn []bool) {
	for y := 0; y < c.Size; y++ {
		for x := 0; x < c.Size; x++ {
			if i := y*c.Size + x; !fn[i] && maskAt(m, x, y) {
				c.dark[i] = !c.dark[i]
			}
		}
	}
}

// functionModules marks the modules that carry no data: finder patterns and
// separators, timing, alignment, format and version information.
func (c *Code) functionModules() []bool {
	n := c.Size
	fn := make([]bool, n*n)
	rect := func(x0, y0, w, h int) {
		for y := max(y0, 0); y < min(y0+h, n); y++ {
			for x := max(x0, 0); x < min(x0+w, n); x++ {
				fn[y*n+x] = true
			}
		}
	}
	rect(0, 0, 9, 9) // finder, separator and format information
	rect(n-8, 0, 8, 9)
	rect(0, n-8, 9, 8)
	rect(6, 0, 1, n) // timing
	rect(0, 6, n, 1)
	if c.Version >= 7 {
		rect(n-11, 0, 3, 6)
		rect(0, n-11, 6, 3)
	}
	pos := alignmentCenters(c.Version)
	for _, y := range pos {
		for _, x := range pos {
			if fn[y*n+x] { // overlaps a finder
				continue
			}
			rect(x-2, y-2, 5, 5)
		}
	}
	return fn
}

// alignmentCenters returns the row and column centres of the alignment
// patterns of a version (ISO/IEC 18004 annex E).
func alignmentCenters(v int) []int {
	if v == 1 {
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

// penalty scores the current matrix by the four rules of ISO/IEC 18004 7.8.3;
// lower is better. It runs eight times per symbol, so it works on one line at
// a time with an 11-bit window for the finder-like rule.
func (c *Code) penalty() int {
	n := c.Size
	score := 0
	line := make([]bool, n)
	for dir := 0; dir < 2; dir++ {
		for i := 0; i < n; i++ {
			if dir == 0 {
				copy(line, c.dark[i*n:(i+1)*n])
			} else {
				for j := range line {
					line[j] = c.dark[j*n+i]
				}
			}
			score += linePenalty(line)
		}
	}
	dark := 0
	for y := 0; y < n; y++ {
		row := c.dark[y*n : (y+1)*n]
		for x, d := range row {
			if d {
				dark++
			}
			if y+1 < n && x+1 < n && d == row[x+1] && d == c.dark[(y+1)*n+x] && d == c.dark[(y+1)*n+x+1] {
				score += 3
			}
		}
	}
	total := n * n
	k := (abs(dark*20-total*10) + total - 1) / total // rounded-up 5% steps away from half dark
	return score + max(k-1, 0)*10
}

// linePenalty scores one row or column: runs of five or more same-colour
// modules (rule 1) and 1:1:3:1:1 dark patterns with four light modules on a
// side (rule 3); modules beyond the edge count as light.
func linePenalty(line []bool) int {
	const (
		lightFirst = 0b00001011101
		lightAfter = 0b10111010000
		window     = 1<<11 - 1
	)
	s, run, w := 0, 0, 0
	for i := 0; i < len(line)+4; i++ {
		d := i < len(line) && line[i]
		w = (w << 1) & window
		if d {
			w |= 1
		}
		// w starts at zero, so the light border before the line is counted too.
		if w == lightFirst || w == lightAfter {
			s += 40
		}
		if i >= len(line) {
			continue
		}
		if i > 0 && d == line[i-1] {
			run++
		} else {
			if run >= 5 {
				s += run - 2
			}
			run = 1
		}
	}
	if run >= 5 {
		s += run - 2
	}
	return s
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
