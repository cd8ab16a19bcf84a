package render

import (
	"bytes"
	"strconv"
)

// Directions of the pen: right, down, left, up (y grows downwards).
var stepX, stepY = [4]int{1, 0, -1, 0}, [4]int{0, 1, 0, -1}

// walk writes the dark modules of g as stroke path data for a stroke one
// module wide with square caps: polylines through module centres. A
// polyline paints exactly the modules it passes, its caps covering the end
// modules and its miter joins the outer corners of turns, and a one-module
// polyline is a zero-length line, which square caps draw as the module.
//
// The pen goes on straight while it can, else turns to the neighbouring
// unpainted module with the fewest unpainted neighbours (ending fewer
// polylines early), else reaches the nearest unpainted module either by a
// move (m) or by going on over painted modules, whichever writes fewer
// bytes. It never doubles back: a join at a half turn covers only half of
// its module. Compared with one straight run per command, this writes about
// a fifth fewer bytes (see the note on sizes in svg.go).
func walk(b *bytes.Buffer, g grid) {
	n := max(g.w, g.h) // the walker's field is square: an rMQR symbol's rows below it are light
	w := walker{b: b, n: n, todo: make([]bool, n*n), at: -1, dir: -1}
	left := 0
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			if g.at(x, y) {
				w.todo[y*n+x] = true
				left++
			}
		}
	}
	w.dark = append([]bool(nil), w.todo...)
	if left == 0 {
		return
	}
	for y := 0; y < n && w.at < 0; y++ {
		for x := 0; x < n; x++ {
			if w.todo[y*n+x] {
				w.moveTo(x, y)
				left--
				break
			}
		}
	}
	for ; left > 0; left-- {
		switch d := w.nextDir(); {
		case d >= 0:
			w.step(d)
		default:
			x, y, cost := w.nearest()
			legs, k := w.route(cost + 2)
			if k == 0 {
				w.moveTo(x, y)
			}
			for _, l := range legs[:k] {
				for range l.k {
					w.step(l.d)
				}
			}
		}
	}
	w.flush()
	if !w.drawn {
		b.WriteString("h0")
	}
}

// walker is the pen of walk.
type walker struct {
	b     *bytes.Buffer
	n     int
	dark  []bool // the modules, row by row
	todo  []bool // dark modules not yet painted
	at    int    // the pen's module, y*n+x; -1 before the first move
	dir   int    // direction of the open line, -1 right after a move
	run   int    // modules the open line has crossed
	drawn bool   // the polyline has a line written
}

func (w *walker) free(x, y int) bool {
	return x >= 0 && y >= 0 && x < w.n && y < w.n && w.todo[y*w.n+x]
}

// freeAround counts the unpainted neighbours of a module.
func (w *walker) freeAround(x, y int) int {
	k := 0
	for d := range stepX {
		if w.free(x+stepX[d], y+stepY[d]) {
			k++
		}
	}
	return k
}

// nextDir returns the direction to an unpainted neighbour of the pen:
// straight on if possible, else the neighbour with the fewest unpainted
// neighbours; -1 if there is none.
func (w *walker) nextDir() int {
	x, y := w.at%w.n, w.at/w.n
	if w.dir >= 0 && w.free(x+stepX[w.dir], y+stepY[w.dir]) {
		return w.dir
	}
	best, fewest := -1, 5
	for d := range stepX {
		if w.free(x+stepX[d], y+stepY[d]) {
			if k := w.freeAround(x+stepX[d], y+stepY[d]); k < fewest {
				best, fewest = d, k
			}
		}
	}
	return best
}

// step moves the pen one module in direction d, painting it.
func (w *walker) step(d int) {
	if d != w.dir {
		w.flush()
		w.dir = d
	}
	w.at += stepY[d]*w.n + stepX[d]
	w.run++
	w.todo[w.at] = false
}

// flush writes the open line.
func (w *walker) flush() {
	if w.run == 0 {
		return
	}
	l := w.run
	if stepX[w.dir]+stepY[w.dir] < 0 {
		l = -l
	}
	w.b.WriteByte("hvhv"[w.dir])
	w.b.Write(strconv.AppendInt(w.b.AvailableBuffer(), int64(l), 10))
	w.run, w.drawn = 0, true
}

// moveTo starts a polyline at module (x, y), painting it.
func (w *walker) moveTo(x, y int) {
	w.flush()
	if w.at < 0 {
		w.b.WriteString("M" + num(float64(x)+.5) + " " + num(float64(y)+.5))
	} else {
		if !w.drawn {
			w.b.WriteString("h0")
		}
		w.b.Write(appendMove(w.b.AvailableBuffer(), x-w.at%w.n, y-w.at/w.n))
	}
	w.at, w.dir, w.drawn = y*w.n+x, -1, false
	w.todo[w.at] = false
}

// appendMove appends a relative move, without a space before a minus sign.
func appendMove(b []byte, dx, dy int) []byte {
	b = strconv.AppendInt(append(b, 'm'), int64(dx), 10)
	if dy >= 0 {
		b = append(b, ' ')
	}
	return strconv.AppendInt(b, int64(dy), 10)
}

// moveLen is the length of the move appendMove writes.
func moveLen(dx, dy int) int {
	n := 1 + digits(dx) + digits(dy)
	if dy >= 0 {
		n++
	}
	return n
}

// digits returns the length of v in decimal, sign included.
func digits(v int) int {
	n := 1
	if v < 0 {
		n, v = 2, -v
	}
	for ; v >= 10; v /= 10 {
		n++
	}
	return n
}

// nearest returns the unpainted module that a move reaches in the fewest
// bytes, and those bytes; among equals, one with at most one unpainted
// neighbour, where a polyline can start without ending another early.
func (w *walker) nearest() (bx, by, cost int) {
	n := w.n
	x0, y0 := w.at%n, w.at/n
	best := 1 << 30 // twice the move's bytes, plus 1 unless an end
	consider := func(x, y int) {
		k := 2 * moveLen(x-x0, y-y0)
		if k >= best {
			return
		}
		if w.freeAround(x, y) > 1 {
			k++
		}
		if k < best {
			best, bx, by = k, x, y
		}
	}
	// Ring by ring outwards, while a move of Chebyshev length r, which
	// takes at least 3 bytes and r's digits, can still do better. Once the
	// best is a 5-byte move to an end or a 4-byte one, only a move right
	// (4 bytes) can.
	for r := 1; r < n && best > 2*(3+digits(r)); r++ {
		left := x0 - r
		if best <= 10 {
			left = x0
		}
		for y := max(y0-r, 0); y <= min(y0+r, n-1); y++ {
			row := w.todo[y*n : y*n+n]
			if y == y0-r || y == y0+r {
				for x := max(left, 0); x <= min(x0+r, n-1); x++ {
					if row[x] {
						consider(x, y)
					}
				}
				continue
			}
			if left == x0-r && left >= 0 && row[left] {
				consider(left, y)
			}
			if x0+r < n && row[x0+r] {
				consider(x0+r, y)
			}
		}
	}
	return bx, by, best / 2
}

// A leg is k steps in direction d.
type leg struct{ d, k int }

// route returns the cheapest way, in bytes of path data, from the pen over
// painted modules to an unpainted one, if one costs less than limit bytes:
// up to three legs, each a new line (2 bytes, 3 left or up, more past 9
// steps) but the first, which may continue the open line.
func (w *walker) route(limit int) (legs [3]leg, n int) {
	r := router{w: w, limit: limit}
	r.try(w.at, w.dir, 0, 0)
	return r.best, r.found
}

// router is the state of a search by route.
type router struct {
	w         *walker
	cur, best [3]leg
	found     int // legs in best
	limit     int // what a route must cost less than
}

// try extends the route with leg i from module at, the pen having arrived
// in direction d after spending cost bytes.
func (r *router) try(at, d, i, cost int) {
	w := r.w
	x, y := at%w.n, at/w.n
	for nd := range stepX {
		if d >= 0 && (nd == d && i > 0 || nd == (d+2)%4) {
			continue // a leg the same way as the last is that leg; no half turns
		}
		for k := 1; ; k++ {
			nx, ny := x+k*stepX[nd], y+k*stepY[nd]
			if nx < 0 || ny < 0 || nx >= w.n || ny >= w.n || !w.dark[ny*w.n+nx] {
				break
			}
			c := cost + lineLen(nd, k)
			if i == 0 && nd == w.dir {
				c = cost + lineLen(nd, w.run+k) - lineLen(nd, w.run)
			}
			if c >= r.limit {
				break
			}
			r.cur[i] = leg{nd, k}
			if w.todo[ny*w.n+nx] {
				r.best, r.found, r.limit = r.cur, i+1, c
				break
			}
			if i < 2 {
				r.try(ny*w.n+nx, nd, i+1, c)
			}
		}
	}
}

// lineLen is the length of the line command for k steps in direction d.
func lineLen(d, k int) int {
	if stepX[d]+stepY[d] < 0 {
		k = -k
	}
	return 1 + digits(k)
}
