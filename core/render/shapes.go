package render

import "math"

// Module shapes. Each keeps the centre of a module and most of its area dark
// (a dot is not a speck) and stays inside its own module, or joins modules
// along shared edges only, so shapes never overlap.

func squareModules(p *path, g grid) { trace(p, g) }

// roundedModules joins neighbouring modules into one outline per region and
// rounds its outer corners.
func roundedModules(p *path, g grid) { smooth(p, g, .4, 0) }

// organicModules rounds outer corners fully and fills inner corners with a
// fillet too, so regions read as liquid blobs.
func organicModules(p *path, g grid) { smooth(p, g, .5, .3) }

// smooth traces the regions of g and rounds each outline's corners: by
// convex where the outline turns around dark, by concave where it turns
// around light. Edges are at least a module long, so radii up to .5 fit.
func smooth(p *path, g grid, convex, concave float64) {
	shaped(p, g, true, func(a, v, b pt) float64 {
		if outer(a, v, b) {
			return convex
		}
		return concave
	})
}

// shaped traces the regions of g and shapes each outline's corner v,
// between a before it and b after it, by radius(a, v, b): a curve, or with
// curve false a straight cut.
func shaped(p *path, g grid, curve bool, radius func(a, v, b pt) float64) {
	outlines(g, func(vs []pt) {
		n := len(vs)
		p.corners(vs, curve, func(i int) float64 { return radius(vs[(i+n-1)%n], vs[i], vs[(i+1)%n]) })
	})
}

// outer reports whether an outline turns right at v, from a to b: dark is
// inside the corner.
func outer(a, v, b pt) bool { return (v.x-a.x)*(b.y-v.y)-(v.y-a.y)*(b.x-v.x) > 0 }

// dotModules draws a circle of diameter .96 per module: 72% of its area.
func dotModules(p *path, g grid) {
	const d = .96
	each(g, func(x, y float64) {
		p.roundRect(x+(1-d)/2, y+(1-d)/2, d, d, [4]float64{d / 2, d / 2, d / 2, d / 2}, false)
	})
}

// diamondModules draws a diamond whose corners touch the module's edges
// and whose sides bow out halfway to the module's corners: two thirds of
// the module dark, where a straight-sided diamond would leave half light.
func diamondModules(p *path, g grid) {
	const bow = .125 // how far each side's control point moves towards the corner
	each(g, func(x, y float64) {
		p.moveTo(x+.5, y)
		p.quadTo(x+.75+bow, y+.25-bow, x+1, y+.5)
		p.quadTo(x+.75+bow, y+.75+bow, x+.5, y+1)
		p.quadTo(x+.25-bow, y+.75+bow, x, y+.5)
		p.quadTo(x+.25-bow, y+.25-bow, x+.5, y)
		p.close()
	})
}

// star is a plump five-pointed star centred in a unit module, its points
// just inside the module's edges: 58% of the module dark.
var star = func() []pt {
	const outer, inner = .52, .38
	// The top point reaches further than the two lower ones (cos 36);
	// centre the star's height in the module.
	cy := .5 + outer*(1-math.Cos(math.Pi/5))/2
	vs := make([]pt, 10)
	for k := range vs {
		r := outer
		if k%2 == 1 {
			r = inner
		}
		a := -math.Pi/2 + float64(k)*math.Pi/5
		vs[k] = pt{.5 + r*math.Cos(a), cy + r*math.Sin(a)}
	}
	return vs
}()

func starModules(p *path, g grid) {
	vs := make([]pt, len(star))
	each(g, func(x, y float64) {
		for i, v := range star {
			vs[i] = pt{x + v.x, y + v.y}
		}
		p.poly(vs, sharp)
	})
}

func verticalBars(p *path, g grid)   { bars(p, g, true) }
func horizontalBars(p *path, g grid) { bars(p, g, false) }

// bars joins each run of dark modules along a column (or row) into one bar
// .84 modules wide with round ends; bars side by side keep a thin gap.
func bars(p *path, g grid, vertical bool) {
	const w = .84
	r := [4]float64{w / 2, w / 2, w / 2, w / 2}
	dark := func(i, j int) bool { // i across the bars, j along them
		if vertical {
			return g.at(i, j)
		}
		return g.at(j, i)
	}
	nAcross, nAlong := g.h, g.w
	if vertical {
		nAcross, nAlong = g.w, g.h
	}
	for i := 0; i < nAcross; i++ {
		for j := 0; j < nAlong; {
			if !dark(i, j) {
				j++
				continue
			}
			end := j
			for end < nAlong && dark(i, end) {
				end++
			}
			across, along, length := float64(i)+(1-w)/2, float64(j), float64(end-j)
			if vertical {
				p.roundRect(across, along, w, length, r, false)
			} else {
				p.roundRect(along, across, length, w, r, false)
			}
			j = end
		}
	}
}

// each calls f with the top-left corner of every dark module, row by row.
func each(g grid, f func(x, y float64)) {
	for y := 0; y < g.h; y++ {
		for x := 0; x < g.w; x++ {
			if g.at(x, y) {
				f(float64(x), float64(y))
			}
		}
	}
}

// extraRoundedModules rounds every outer corner of a region by half a
// module: a lone module is a circle, a run's ends are half circles.
func extraRoundedModules(p *path, g grid) { smooth(p, g, .5, 0) }

// classyModules rounds the corners of a region that point to the top-left
// and the bottom-right by half a module and keeps the others square, as
// qr-code-styling's classy: a lone module is a leaf.
func classyModules(p *path, g grid) { diagonalCorners(p, g, .5, 0) }

// classyRoundedModules is classy with the other outer corners rounded a
// little too (qr-code-styling's classy-rounded).
func classyRoundedModules(p *path, g grid) { diagonalCorners(p, g, .5, .2) }

// diagonalCorners rounds a region's outer corners pointing to the top-left
// and bottom-right by big, its other outer corners by small, and keeps
// its inner corners square.
func diagonalCorners(p *path, g grid, big, small float64) {
	shaped(p, g, true, func(a, v, b pt) float64 {
		if !outer(a, v, b) {
			return 0
		}
		// The region lies on the side of both edges' far ends: towards
		// the bottom-right of a corner pointing to the top-left.
		if (a.x+b.x-2*v.x)*(a.y+b.y-2*v.y) > 0 {
			return big
		}
		return small
	})
}

// edgeCutModules cuts every outer corner of a region straight across, a
// third of a module along each edge: octagons, and runs with bevelled ends.
func edgeCutModules(p *path, g grid) {
	shaped(p, g, false, func(a, v, b pt) float64 {
		if outer(a, v, b) {
			return 1.0 / 3
		}
		return 0
	})
}

// smallSquareModules draws a square of side .8 in the middle of each
// module: 64% of it dark, every module apart.
func smallSquareModules(p *path, g grid) {
	const s = .8
	each(g, func(x, y float64) { p.rect(x+(1-s)/2, y+(1-s)/2, s, s, false) })
}

// tileModules draws each module as a square of side .9 with corners
// rounded by a quarter module: soft tiles with a thin seam between.
func tileModules(p *path, g grid) {
	const s, r = .9, .25
	each(g, func(x, y float64) {
		p.roundRect(x+(1-s)/2, y+(1-s)/2, s, s, [4]float64{r, r, r, r}, false)
	})
}

// crossModules draws a plus in each module, its arms .46 of a module
// wide and stopping .04 short of the module's edges, so every module
// stands apart as dots do: 63% dark.
func crossModules(p *path, g grid) {
	const e, f, a, b = .04, .96, .27, .73
	each(g, func(x, y float64) {
		p.poly([]pt{{x + a, y + e}, {x + b, y + e}, {x + b, y + a}, {x + f, y + a}, {x + f, y + b}, {x + b, y + b},
			{x + b, y + f}, {x + a, y + f}, {x + a, y + b}, {x + e, y + b}, {x + e, y + a}, {x + a, y + a}}, sharp)
	})
}

// heartModules draws a heart in each module, its lobes and point just
// inside the module's edges; the module's centre, where a reader samples,
// is well inside it.
func heartModules(p *path, g grid) {
	each(g, func(x, y float64) {
		p.moveTo(x+.5, y+.2)
		p.cubeTo(x+.6, y+.02, x+.98, y+.02, x+.98, y+.36)
		p.cubeTo(x+.98, y+.64, x+.72, y+.8, x+.5, y+.98)
		p.cubeTo(x+.28, y+.8, x+.02, y+.64, x+.02, y+.36)
		p.cubeTo(x+.02, y+.02, x+.4, y+.02, x+.5, y+.2)
		p.close()
	})
}
