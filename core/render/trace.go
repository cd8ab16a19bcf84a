package render

// grid is a field of w x h modules, dark or not.
type grid struct {
	w, h int
	dark func(x, y int) bool
}

func (g grid) at(x, y int) bool { return x >= 0 && y >= 0 && x < g.w && y < g.h && g.dark(x, y) }

// trace adds to p the outlines of the dark regions of g as sharp polygons.
func trace(p *path, g grid) {
	outlines(g, func(vs []pt) { p.poly(vs, sharp) })
}

// outlines calls each with the corners of every boundary of the dark regions
// of g: clockwise around dark and counter-clockwise around holes, so dark is
// always on the right, and a corner only where the boundary turns. Regions
// that touch only at a corner get separate outlines, which keeps SVG Tiny
// output cuttable and lets rounded styles round both corners apart.
func outlines(g grid, each func(vs []pt)) {
	// Directions: 0 right, 1 down, 2 left, 3 up (y grows downwards).
	dx := [4]int{1, 0, -1, 0}
	dy := [4]int{0, 1, 0, -1}
	w := g.w + 1
	// out[v] holds a bit per direction of an unused boundary edge leaving vertex v.
	out := make([]uint8, w*(g.h+1))
	edges := 0
	for y := 0; y < g.h; y++ {
		for x := 0; x < g.w; x++ {
			if !g.at(x, y) {
				continue
			}
			if !g.at(x, y-1) {
				out[y*w+x] |= 1 << 0
				edges++
			}
			if !g.at(x+1, y) {
				out[y*w+x+1] |= 1 << 1
				edges++
			}
			if !g.at(x, y+1) {
				out[(y+1)*w+x+1] |= 1 << 2
				edges++
			}
			if !g.at(x-1, y) {
				out[(y+1)*w+x] |= 1 << 3
				edges++
			}
		}
	}
	var vs []pt
	for v := 0; edges > 0 && v < len(out); v++ {
		for out[v] != 0 {
			x, y := v%w, v/w
			d := 0
			for out[v]&(1<<d) == 0 {
				d++
			}
			// The first vertex found is a loop's top-left corner, so a turn.
			vs = append(vs[:0], pt{float64(x), float64(y)})
			for {
				out[y*w+x] &^= 1 << d
				edges--
				x, y = x+dx[d], y+dy[d]
				next := y*w + x
				if out[next] == 0 { // back at the start
					break
				}
				// Prefer turning right, then straight, then left: at a
				// diagonal touch this keeps each region its own loop.
				nd := -1
				for _, turn := range [3]int{1, 0, 3} {
					if c := (d + turn) % 4; out[next]&(1<<c) != 0 {
						nd = c
						break
					}
				}
				if nd < 0 { // cannot happen for a boundary; end the loop rather than spin
					break
				}
				if nd != d {
					vs = append(vs, pt{float64(x), float64(y)})
				}
				d = nd
			}
			each(vs)
		}
	}
}
