package inspect

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"

	"qrkeyless/core/scan"
)

// The overlay's longer side is at most overlaySide pixels (it shows
// where things are, and its PNG goes into JSON as base64), and a smaller
// picture is enlarged to overlayMin so that the marks can be seen.
const (
	overlaySide = 800
	overlayMin  = 480
)

// Overlay colours: what was found in green, the grid in cyan, the quiet
// zone asked for in yellow, finder patterns found in orange, what is
// damaged or failed in red, and format information unread in magenta.
var (
	green   = color.NRGBA{0x10, 0xc0, 0x40, 255}
	cyan    = color.NRGBA{0x00, 0xa0, 0xe0, 255}
	yellow  = color.NRGBA{0xf0, 0xc0, 0x00, 255}
	orange  = color.NRGBA{0xff, 0x80, 0x00, 255}
	red     = color.NRGBA{0xe0, 0x10, 0x20, 255}
	magenta = color.NRGBA{0xd0, 0x20, 0xd0, 255}
)

// canvas is the overlay being drawn: the decoder's grey picture, shrunk,
// in colour, with the map from the caller's pixels to its own.
type canvas struct {
	img    *image.NRGBA
	fx, fy float64 // overlay pixels a caller's pixel
}

func newCanvas(tr *scan.Trace) *canvas {
	g := tr.Grey
	w, h := g.Rect.Dx(), g.Rect.Dy()
	f := min(1, float64(overlaySide)/float64(max(w, h)))
	if long := max(w, h); long < overlayMin {
		f = float64(overlayMin) / float64(long)
	}
	ow, oh := max(1, int(float64(w)*f)), max(1, int(float64(h)*f))
	cv := &canvas{img: image.NewNRGBA(image.Rect(0, 0, ow, oh)), fx: f / tr.Scale[0], fy: f / tr.Scale[1]}
	for y := range oh {
		for x := range ow {
			// Nearest grey pixel, lightened so the marks stand out.
			v := g.Pix[min(h-1, int(float64(y)/f))*g.Stride+min(w-1, int(float64(x)/f))]
			v = uint8(96 + int(v)*159/255)
			i := y*cv.img.Stride + 4*x
			cv.img.Pix[i], cv.img.Pix[i+1], cv.img.Pix[i+2], cv.img.Pix[i+3] = v, v, v, 255
		}
	}
	return cv
}

// blend lays c over pixel (x, y) at opacity a.
func (cv *canvas) blend(x, y int, c color.NRGBA, a float64) {
	if x < 0 || y < 0 || x >= cv.img.Rect.Dx() || y >= cv.img.Rect.Dy() {
		return
	}
	i := y*cv.img.Stride + 4*x
	p := cv.img.Pix[i : i+3]
	for k, v := range [3]uint8{c.R, c.G, c.B} {
		p[k] = uint8(float64(p[k])*(1-a) + float64(v)*a + 0.5)
	}
}

// line draws from (x0, y0) to (x1, y1), in the caller's pixels.
func (cv *canvas) line(x0, y0, x1, y1 float64, c color.NRGBA, a float64) {
	x0, y0, x1, y1 = x0*cv.fx, y0*cv.fy, x1*cv.fx, y1*cv.fy
	n := int(math.Ceil(max(math.Abs(x1-x0), math.Abs(y1-y0))))
	if n > 4*overlaySide { // a point thrown far off by a wild projection
		return
	}
	for i := 0; i <= n; i++ {
		t := float64(i) / float64(max(1, n))
		cv.blend(int(x0+(x1-x0)*t), int(y0+(y1-y0)*t), c, a)
	}
}

// fill paints the convex quadrilateral q (caller's pixels).
func (cv *canvas) fill(q [4][2]float64, c color.NRGBA, a float64) {
	lo, hi := [2]float64{math.Inf(1), math.Inf(1)}, [2]float64{math.Inf(-1), math.Inf(-1)}
	for i := range q {
		q[i][0], q[i][1] = q[i][0]*cv.fx, q[i][1]*cv.fy
		lo[0], lo[1] = min(lo[0], q[i][0]), min(lo[1], q[i][1])
		hi[0], hi[1] = max(hi[0], q[i][0]), max(hi[1], q[i][1])
	}
	if hi[0]-lo[0] > overlaySide || hi[1]-lo[1] > overlaySide {
		return
	}
	for y := int(lo[1]); y <= int(hi[1]); y++ {
		for x := int(lo[0]); x <= int(hi[0]); x++ {
			px, py := float64(x)+0.5, float64(y)+0.5
			in, sign := true, 0.0
			for i := range 4 {
				a, b := q[i], q[(i+1)%4]
				z := (b[0]-a[0])*(py-a[1]) - (b[1]-a[1])*(px-a[0])
				if z*sign < 0 {
					in = false
					break
				}
				if z != 0 {
					sign = z
				}
			}
			if in {
				cv.blend(x, y, c, a)
			}
		}
	}
}

// module is the quadrilateral of module (x, y) through toImage, shrunk
// about its centre by k.
func module(toImage func(u, v float64) (float64, float64), x, y, k float64) [4][2]float64 {
	var q [4][2]float64
	for i, d := range [4][2]float64{{0, 0}, {1, 0}, {1, 1}, {0, 1}} {
		q[i][0], q[i][1] = toImage(x+0.5+(d[0]-0.5)*k, y+0.5+(d[1]-0.5)*k)
	}
	return q
}

// outline draws the rectangle of modules from (u0, v0) to (u1, v1)
// through toImage, its edges followed module by module.
func (cv *canvas) outline(toImage func(u, v float64) (float64, float64), u0, v0, u1, v1 float64, c color.NRGBA, a float64) {
	edge := func(ua, va, ub, vb float64) {
		steps := int(math.Max(math.Abs(ub-ua), math.Abs(vb-va)))
		for i := range max(1, steps) {
			t0, t1 := float64(i)/float64(max(1, steps)), float64(i+1)/float64(max(1, steps))
			x0, y0 := toImage(ua+(ub-ua)*t0, va+(vb-va)*t0)
			x1, y1 := toImage(ua+(ub-ua)*t1, va+(vb-va)*t1)
			cv.line(x0, y0, x1, y1, c, a)
		}
	}
	edge(u0, v0, u1, v0)
	edge(u1, v0, u1, v1)
	edge(u1, v1, u0, v1)
	edge(u0, v1, u0, v0)
}

// grid draws a symbol's fitted grid: the module boundaries where modules
// are 4 overlay pixels or more, else every fifth, the symbol's outline,
// its finder patterns, and the quiet zone it should have.
func (cv *canvas) grid(dim int, toImage func(u, v float64) (float64, float64), line, edge color.NRGBA) {
	d := float64(dim)
	x0, y0 := toImage(0, 0)
	x1, y1 := toImage(d, 0)
	px := math.Hypot((x1-x0)*cv.fx, (y1-y0)*cv.fy) / d
	step := 1
	if px < 4 {
		step = 5
	}
	for i := step; i < dim; i += step {
		cv.outline(toImage, float64(i), 0, float64(i), d, line, 0.35)
		cv.outline(toImage, 0, float64(i), d, float64(i), line, 0.35)
	}
	cv.outline(toImage, 0, 0, d, d, edge, 1)
	for _, f := range [3][2]float64{{0, 0}, {d - 7, 0}, {0, d - 7}} {
		cv.outline(toImage, f[0], f[1], f[0]+7, f[1]+7, edge, 1)
	}
	cv.outline(toImage, -wantQuiet, -wantQuiet, d+wantQuiet, d+wantQuiet, yellow, 0.8)
}

// drawOverlay draws the overlay's PNG: the finder patterns found, and for
// each code read its grid and damaged modules, or where nothing was read
// the attempt reading got furthest with.
func drawOverlay(tr *scan.Trace, codes []Code, st *stopped) []byte {
	cv := newCanvas(tr)
	for _, f := range tr.Finders {
		r := 3.5 * f[2]
		for k := range 48 {
			a0, a1 := 2*math.Pi*float64(k)/48, 2*math.Pi*float64(k+1)/48
			cv.line(f[0]+r*math.Cos(a0), f[1]+r*math.Sin(a0), f[0]+r*math.Cos(a1), f[1]+r*math.Sin(a1), orange, 0.9)
		}
	}
	for _, c := range codes {
		dim, _, toImage := view(c.sight.Grid, c.sight.Mirrored)
		cv.grid(dim, toImage, cyan, green)
		for _, m := range c.damaged {
			cv.fill(module(toImage, m[0]-0.5, m[1]-0.5, 0.8), red, 0.7)
		}
	}
	if st != nil && st.attempt != nil {
		dim, _, toImage := view(st.attempt.Grid, st.mirror)
		cv.grid(dim, toImage, orange, red)
		switch {
		case st.parsed != nil:
			cw := st.parsed.layout.codewordOf()
			failed := map[int]bool{}
			for _, b := range st.parsed.blocks {
				if b.errors < 0 {
					for _, at := range b.index {
						failed[at] = true
					}
				}
			}
			for i, k := range cw {
				if k >= 0 && failed[k] {
					cv.fill(module(toImage, float64(i%dim), float64(i/dim), 0.6), red, 0.5)
				}
			}
		default:
			for _, cp := range formatCopies(dim) {
				for _, at := range cp {
					cv.fill(module(toImage, float64(at[0]), float64(at[1]), 0.8), magenta, 0.6)
				}
			}
		}
	}
	var buf bytes.Buffer
	png.Encode(&buf, cv.img) // an in-memory image: cannot fail
	return buf.Bytes()
}
