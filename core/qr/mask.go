package qr

// maskAt reports whether pattern m inverts the module at column x, row y
// (ISO/IEC 18004 7.8.2, table 10).
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

// Every pattern repeats every 12 modules both ways (its periods are 2, 3, 4
// and 6), so maskRows[m][y%12] is row y of pattern m, and maskCols[m][x%12]
// is column x.
var maskRows, maskCols = maskTables()

func maskTables() (rows, cols [8][12]line) {
	for m := range 8 {
		for r := range 12 {
			var row, col uint64
			for i := range 12 {
				if maskAt(m, i, r) {
					row |= 1 << i
				}
				if maskAt(m, r, i) {
					col |= 1 << i
				}
			}
			rows[m][r], cols[m][r] = repeat12(row), repeat12(col)
		}
	}
	return rows, cols
}

// repeat12 returns the line whose module i is bit i%12 of p, for every
// module of the largest symbol.
func repeat12(p uint64) line {
	a := line{w0: p << margin}
	for k := uint(12); k <= 48; k *= 2 {
		a = a.or(a.shl(k)) // 24, 48, then 96 modules
	}
	return a.or(a.shl(48).shl(48))
}

// chooseMask applies the pattern with the lowest penalty, ties going to the
// lowest pattern number so that the choice is the same on every platform,
// writes its format information and returns it.
func (g *grid) chooseMask() int {
	best, bestScore := 0, -1
	for m := 0; m < 8; m++ {
		g.format(m) // the format modules count in the penalty too
		if s := g.penalty(m); bestScore < 0 || s < bestScore {
			best, bestScore = m, s
		}
	}
	g.applyMask(best)
	return best
}

// applyMask applies mask pattern m to the data modules and writes the
// format information that names it.
func (g *grid) applyMask(m int) {
	for y := range g.rows {
		g.rows[y] = g.rows[y].xor(maskRows[m][y%12].and(g.free[y]))
	}
	g.format(m)
}

// penalty scores the symbol under mask pattern m by the four rules of
// ISO/IEC 18004 7.8.3; lower is better. Each row and column is scored as a
// bit string, 64 modules to a step.
func (g *grid) penalty(m int) int {
	n := g.size
	pairs := span(n - 1) // the modules that have a right (lower) neighbour
	score, dark := 0, 0
	var above line
	for y := 0; y < n; y++ {
		row := g.rows[y].xor(maskRows[m][y%12].and(g.free[y]))
		score += runPenalty(row, pairs) + finderPenalty(row)
		if y > 0 {
			score += 3 * blocks(above, row, pairs)
		}
		dark += row.count()
		above = row
	}
	for x := 0; x < n; x++ {
		col := g.cols[x].xor(maskCols[m][x%12].and(g.freeCols[x]))
		score += runPenalty(col, pairs) + finderPenalty(col)
	}
	total := n * n
	k := (abs(dark*20-total*10) + total - 1) / total // rounded-up 5% steps away from half dark
	return score + max(k-1, 0)*10
}

// runPenalty scores rule 1: each run of five or more same-colour modules
// costs its length minus 2.
func runPenalty(a, pairs line) int {
	same := pairs.andNot(a.xor(a.shr(1)))                           // module i matches module i+1
	five := same.and(same.shr(1)).and(same.shr(2)).and(same.shr(3)) // modules i to i+4 match
	first := five.andNot(same.shl(1))                               // and module i-1 does not
	// A run of length n has n-4 fives and one first: n-4 + 2 = n-2.
	return five.count() + 2*first.count()
}

// finderPenalty scores rule 3: 40 for each dark-light-dark-dark-dark-light-dark
// pattern with four light modules before it, and 40 more with four after it.
// The margin counts as light.
func finderPenalty(a line) int {
	at := a.andNot(a.shr(1)).and(a.shr(2)).and(a.shr(3)).and(a.shr(4)).andNot(a.shr(5)).and(a.shr(6))
	dark4 := a.or(a.shr(1)).or(a.shr(2)).or(a.shr(3)) // a dark module among i to i+3
	before := at.andNot(dark4.shl(4)).count()
	after := at.andNot(dark4.shr(7)).count()
	return 40 * (before + after)
}

// blocks counts rule 2: the 2x2 blocks of one colour whose top row is a and
// bottom row b (each scores 3; blocks may overlap).
func blocks(a, b, pairs line) int {
	diff := a.xor(b)
	return pairs.andNot(a.xor(a.shr(1))).andNot(diff).andNot(diff.shr(1)).count()
}
