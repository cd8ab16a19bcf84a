package render

// Eye shapes. An eye is a ring one module thick and a ball two modules
// inside it, each drawn by a shape of its own (rings and balls in
// style.go). A finder must keep the 1:1:3:1:1 dark-light proportions along
// its rows and columns through the centre, which is what scanners search
// for; every ring and every ball here keeps them exactly there
// (TestEyeProportions), with any other.

// A shape draws one part of an eye, its ring or its ball, for frame f.
type shape func(p *path, f frame)

// The corners of a frame, in roundRect's order.
const (
	topLeft = iota
	topRight
	bottomRight
	bottomLeft
)

// radii returns four corner radii: r at the corners for which round
// reports true, 0 at the others. A corner is numbered from the frame's
// outer corner, the one away from the symbol's centre (0), clockwise; 2
// is the corner towards the centre. Shapes that are not symmetric so
// point the same way relative to the symbol at all three finders.
func radii(f frame, r float64, round func(k int) bool) [4]float64 {
	var out [4]float64
	for i := range out {
		if round((i - f.out + 4) % 4) {
			out[i] = r
		}
	}
	return out
}

// ringRadius and ballRadius are the corner radii of the round corners of
// the rings and balls that round some corners and point others: 2.5 of a
// finder's 3.5 modules, and a little under half the ball. jsQR also
// measures a finder along both diagonals, where a round corner of the ring
// draws its hole in towards the ball: with the circle ring's radius, 3,
// the hole's corner came so near a ball with square corners that jsQR
// took data modules for the finder (core/render's style set).
func ringRadius(f frame) float64 { return roundedCorner(f) }
func ballRadius(f frame) float64 { return (f.s - 4) * .8 / 3 }

// ringOf returns the ring shape that rounds the corners round reports,
// by ringRadius, its hole concentric.
func ringOf(round func(k int) bool) shape {
	return func(p *path, f frame) { ring(p, f, radii(f, ringRadius(f), round)) }
}

// ballOf returns the ball shape that rounds the corners round reports, by
// ballRadius.
func ballOf(round func(k int) bool) shape {
	return func(p *path, f frame) { box(p, f, radii(f, ballRadius(f), round)) }
}

// The corner patterns of the pointed shapes. leaf points at the outer
// corner and the one towards the centre, petal at the other two; corner
// rounds only the outer corner, drop all but the one towards the centre,
// point all but the outer one.
var (
	leafCorners   = func(k int) bool { return k%2 == 1 }
	petalCorners  = func(k int) bool { return k%2 == 0 }
	cornerCorners = func(k int) bool { return k == 0 }
	dropCorners   = func(k int) bool { return k != 2 }
	pointCorners  = func(k int) bool { return k != 0 }
)

func squareRing(p *path, f frame) { ring(p, f, [4]float64{}) }
func squareBall(p *path, f frame) { box(p, f, [4]float64{}) }

// roundedRing rounds the ring's corners (roundedCorner). A finder's hole
// has its corners rounded by a module, as the diamond eye's (see
// diamondBall: jsQR also reads a finder along its diagonals, where a hole
// with sharper corners lies far from the ball); with half a module, jsQR
// missed 8 of the 75 rounded-eye pictures of core/render's style set
// (TestWriteStyleSet: 256 to 1024 px), dotted, starred and barred codes,
// and now none. An alignment pattern's hole keeps corners one module less
// rounded than its ring's.
func roundedRing(p *path, f frame) {
	r := roundedCorner(f)
	hole := max(r-1, 0)
	if f.s > 5 { // a finder, not an alignment pattern
		hole = 1
	}
	p.roundRect(f.x, f.y, f.s, f.s, [4]float64{r, r, r, r}, false)
	p.roundRect(f.x+1, f.y+1, f.s-2, f.s-2, [4]float64{hole, hole, hole, hole}, true)
}

func roundedBall(p *path, f frame) {
	b := (f.s - 4) * .35
	box(p, f, [4]float64{b, b, b, b})
}

// roundedCorner is the corner radius of the rounded ring (the rounded and
// diamond eyes'): at most 1.5 modules, so an alignment pattern's, 5
// modules wide, is 1.43 as before. zxing-cpp fits straight edges to a
// finder's ring and takes its corners from them: with a radius of 2
// modules it missed 16 of 384 pictures of mid-grey codes of versions 9 to
// 25 at 2.5 and 3 px a module, with 1.5 modules 2, as many as square eyes
// (1).
func roundedCorner(f frame) float64 { return min(f.s*2/7, 1.5) }

// circleRing and circleBall draw the finders' ring and ball as squircles,
// corner radii 3 of the ring's 3.5 modules and 1.2 of the ball's 1.5, and
// an alignment pattern as circles. zxing-cpp confirms a finder by tracing
// its rings, and where blur joins ball and ring it fits a square to the
// ball, which a round ball does not give: at ImageMagick's 2.5 px a
// module, JPEG 40, it missed 25 of 192 pictures of codes of versions 2
// to 6 with circles, and 4 of 192 with these (a round ring round a
// squircle ball: 64; a ring of radius 2.5: 1, too square to be told
// from the rounded eye).
func circleRing(p *path, f frame) {
	r := min(f.s/2, 3)
	ring(p, f, [4]float64{r, r, r, r})
}

func circleBall(p *path, f frame) {
	b := min((f.s-4)/2, 1.2)
	box(p, f, [4]float64{b, b, b, b})
}

// leafRing and leafBall round two opposite corners and keep the other two
// pointed, the points on the diagonal towards the symbol's centre. Their
// radii are the leaf eye's since it was first drawn, a little over the
// other pointed shapes'.
func leafRing(p *path, f frame) { ring(p, f, radii(f, f.s*.45, leafCorners)) }
func leafBall(p *path, f frame) { box(p, f, radii(f, (f.s-4)*.45, leafCorners)) }

// cutRing cuts the ring's corners at 45 degrees, two modules along each
// edge of a finder, and its hole's as far in, so the ring is a module
// thick across the cut too.
func cutRing(p *path, f frame) {
	c := f.s * .9 / 7
	p.poly(octagon(f.x, f.y, f.s, c, false), sharp)
	p.poly(octagon(f.x+1, f.y+1, f.s-2, max(c+sqrt2-2, 0), true), sharp)
}

// cutBall is the ball with its corners cut, 0.6 modules along each edge:
// cut by 0.9, the ball lost enough of its diagonals for jsQR to miss a
// finder (see ringRadius).
func cutBall(p *path, f frame) {
	p.poly(octagon(f.x+2, f.y+2, f.s-4, (f.s-4)*.15, false), sharp)
}

const sqrt2 = 1.4142135623730951

// octagon returns the s x s square at (x, y) with its corners cut c along
// each edge, clockwise, or counter-clockwise (a hole) when ccw.
func octagon(x, y, s, c float64, ccw bool) []pt {
	vs := []pt{{x + c, y}, {x + s - c, y}, {x + s, y + c}, {x + s, y + s - c}, {x + s - c, y + s}, {x + c, y + s}, {x, y + s - c}, {x, y + c}}
	if ccw {
		for i, j := 0, len(vs)-1; i < j; i, j = i+1, j-1 {
			vs[i], vs[j] = vs[j], vs[i]
		}
	}
	return vs
}

// insetRing keeps the ring's outside square and rounds its hole's corners
// by a module, as the rounded ring's: a frame with a soft inside. Rounded
// by a module and a half, the hole reached so far along the diagonals that
// jsQR missed 42 of the 612 pictures of the style set with it.
func insetRing(p *path, f frame) {
	h := min(f.s*.6/7, .6)
	p.roundRect(f.x, f.y, f.s, f.s, [4]float64{}, false)
	p.roundRect(f.x+1, f.y+1, f.s-2, f.s-2, [4]float64{h, h, h, h}, true)
}

// diamondBall is a square turned 45 degrees, its corners on the frame's
// middle lines, cut to flats, since a sharp tip thins out under blur and
// makes a scanner measure the finder too small. The diamond eye draws it
// in the rounded ring: a diamond ring as well (until 2026-11) left the
// finder half its ink and blurred to a blot at 2.5 px a module: zxing-cpp
// read 11 of 24 such codes of versions 1 to 6 after every degradation of
// core/scan's agreement set, and this eye 24 of 24; with the tips cut to
// flats half a module wide, 22 of 24.
//
// A finder's flats are 1.5 modules wide and its hole's corners rounded by
// a module (the rounded eye's were rounded by half a module): jsQR scores
// a finder by its runs along the diagonals too, where a diamond ball is
// short and the hole's corner far, and with flats a module wide and that
// hole it ranked a dotted, starred or barred code's data above the
// top-left finder (at 512 px, navy on white: 36 of the 40 style and eye
// combinations read with a 30-character URL; at 256 to 1024 px, 20 of
// the 75 diamond-eyed pictures of core/render's style set missed). Now
// jsQR reads all 375 pictures of the set, and zxing-cpp every one either
// way (e2e/agreement/styles.mjs, in make test). An alignment pattern's
// ball, a module wide, stays square.
func diamondBall(p *path, f frame) {
	cut := .5
	if f.s > 5 { // a finder, not an alignment pattern
		cut = .75
	}
	cx, cy, h := f.x+f.s/2, f.y+f.s/2, f.s/2-2
	p.poly([]pt{{cx - cut, cy - h}, {cx + cut, cy - h}, {cx + h, cy - cut}, {cx + h, cy + cut}, {cx + cut, cy + h}, {cx - cut, cy + h}, {cx - h, cy + cut}, {cx - h, cy - cut}}, sharp)
}

// plusBall is the ball with a square 0.35 modules on a side cut from each
// corner: a cross with arms 2.3 modules wide. It reaches into the corners
// about as far as the round balls do: jsQR also measures a finder along
// its diagonals, and with arms 1.2 modules wide (its diagonals 57% of a
// square ball's) it lost the finder in 65 of the 429 pictures of mixed
// eyes and balls in the style set. A star and a flower, whose outlines
// fold inwards, zxing-cpp missed in 46 and 27 of them: it fits a square to
// the ball's outline. An alignment pattern's ball, a module wide, stays
// square.
func plusBall(p *path, f frame) {
	if f.s < 7 {
		squareBall(p, f)
		return
	}
	cx, cy := f.x+f.s/2, f.y+f.s/2
	const h, a = 1.5, 1.15
	p.poly([]pt{{cx - a, cy - h}, {cx + a, cy - h}, {cx + a, cy - a}, {cx + h, cy - a}, {cx + h, cy + a}, {cx + a, cy + a},
		{cx + a, cy + h}, {cx - a, cy + h}, {cx - a, cy + a}, {cx - h, cy + a}, {cx - h, cy - a}, {cx - a, cy - a}}, sharp)
}

// box draws the ball: the square two modules inside the frame with corner
// radii r.
func box(p *path, f frame, r [4]float64) {
	p.roundRect(f.x+2, f.y+2, f.s-4, f.s-4, r, false)
}

// ring draws an eye's ring: a square with corner radii outer, less its
// hole, concentric with radii one less.
func ring(p *path, f frame, outer [4]float64) {
	inner := outer
	for i := range inner {
		inner[i] = max(inner[i]-1, 0)
	}
	p.roundRect(f.x, f.y, f.s, f.s, outer, false)
	p.roundRect(f.x+1, f.y+1, f.s-2, f.s-2, inner, true)
}
