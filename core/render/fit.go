package render

import (
	"math"
	"sync"
)

// This file decides which balls a ring is drawn round. A finder's rows and
// columns through its centre read 1:1:3:1:1 with every ring and ball
// (TestEyeProportions), but jsQR also reads the two diagonals through the
// centre, and along them the proportions are the ring's and the ball's
// corners: a round ball in a square ring leaves a wide light gap there, a
// square ball in a round ring none. Each eye's own ball fits its ring; a
// ball of another eye is drawn in a ring only where the diagonals keep
// proportions jsQR still finds among the style's modules (the styles'
// diagonal), else refused with the fitting ball most like it.

// diagonalError is how far finders of ring r round ball b stray from
// 1:1:3:1:1 along their diagonals: the largest, over the three finders'
// corners and both diagonals, of the sum of squared differences between
// the runs and the proportions, in units of the mean module along the
// diagonal (jsQR's measure, made independent of size). A square eye's is
// 0, a rounded eye's 0.1; jsQR misses mixed eyes among dots from 0.3.
func diagonalError(r, b part) float64 {
	k := [2]string{r.name, b.name}
	if e, ok := diagonals.Load(k); ok {
		return e.(float64)
	}
	const px = 20
	worst := 0.0
	for _, out := range []int{topLeft, topRight, bottomLeft} {
		var p path
		f := frame{x: 1, y: 1, s: 7, out: out}
		r.draw(&p, f)
		b.draw(&p, f)
		n := 9 * px
		img := rasterize(p, layout{w: n, h: n, px: px, unit: px})
		for _, up := range []bool{false, true} {
			line := make([]uint8, n)
			for i := range line {
				y := i
				if up {
					y = n - 1 - i
				}
				line[i] = img.Pix[y*img.Stride+i]
			}
			worst = max(worst, runError(spans(line)))
		}
	}
	diagonals.Store(k, worst)
	return worst
}

// ownOnly are the rings drawn round their own ball alone. zxing-cpp takes
// a finder's corners from straight edges fitted to its ring and fits a
// square to its ball: in the leaf ring, two corners pointed and two
// rounded by 3.15 of 3.5 modules, another ball misled it where the leaf
// ball does not. Of core/scan's agreement set it missed pictures of 3 of
// the 10 leaf-ringed codes with other balls (one of them after every
// frame of a degradation, though Verify called it scannable), and none of
// the 100 codes of the other rings with other balls.
var ownOnly = map[string]bool{"leaf": true}

// diagonals memoizes diagonalError by ring and ball name.
var diagonals sync.Map

// runError is the error of five runs against 1:1:3:1:1, in units of their
// mean module; +Inf when there are not five.
func runError(runs []int) float64 {
	if len(runs) != 5 {
		return math.Inf(1)
	}
	sum := 0
	for _, r := range runs {
		sum += r
	}
	unit := float64(sum) / 7
	e := 0.0
	for i, w := range [5]float64{1, 1, 3, 1, 1} {
		d := float64(runs[i]) - w*unit
		e += d * d
	}
	return e / (unit * unit)
}

// BallFits reports whether o's ball is drawn in o's ring among o's style's
// modules (its own always is); when not, nearest is the ball most like it
// that is, "" when that is the eye's own.
func BallFits(o Options) (ok bool, nearest string) {
	r, b := o.look()
	own := eyes[eyeIndex(o.Eye)].ball
	limit := styles[styleIndex(o.Style)].diagonal
	if b.name == own || !ownOnly[r.name] && diagonalError(r, b) <= limit {
		return true, ""
	}
	want := ballPicture(b)
	best, bestDiff := "", math.Inf(1)
	for _, c := range balls {
		if c.name != own && (ownOnly[r.name] || diagonalError(r, c) > limit) {
			continue
		}
		if d := pictureDiff(want, ballPicture(c)); d < bestDiff {
			best, bestDiff = c.name, d
		}
	}
	if best == own {
		best = ""
	}
	return false, best
}

// spans returns the lengths of the dark and light runs along a line of
// coverage values, from the first dark pixel to the last.
func spans(line []uint8) []int {
	var out []int
	first, last := -1, -1
	for i, a := range line {
		if a >= 128 {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	for i := first; i >= 0 && i <= last; {
		j := i
		for j <= last && (line[j] >= 128) == (line[i] >= 128) {
			j++
		}
		out = append(out, j-i)
		i = j
	}
	return out
}

// ballPicture is ball b of a finder at the top-left corner, rasterized at
// 20 px a module.
func ballPicture(b part) []uint8 {
	const px = 20
	var p path
	b.draw(&p, frame{x: -2, y: -2, s: 7})
	return rasterize(p, layout{w: 3 * px, h: 3 * px, px: px, unit: px}).Pix
}

// pictureDiff is the summed difference of two coverages of one size.
func pictureDiff(a, b []uint8) float64 {
	d := 0
	for i := range a {
		d += abs(int(a[i]) - int(b[i]))
	}
	return float64(d)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
