package render

// Eye shapes. A finder must keep the 1:1:3:1:1 dark-light proportions along
// its rows and columns through the centre, which is what scanners search
// for; every shape here keeps them exactly there.

func squareEye(p *path, f frame) { boxEye(p, f, [4]float64{}, [4]float64{}) }

// roundedEye rounds the ring's corners (roundedCorner) and the ball's. A
// finder's hole has its corners rounded by a module, as the diamond eye's
// (see there: jsQR also reads a finder along its diagonals, where a hole
// with sharper corners lies far from the ball); with half a module, jsQR
// missed 8 of the 75 rounded-eye pictures of core/render's style set
// (TestWriteStyleSet: 256 to 1024 px), dotted, starred and barred codes,
// and now none. An alignment
// pattern's hole keeps corners one module less rounded than its ring's.
func roundedEye(p *path, f frame) {
	r, b := roundedCorner(f), (f.s-4)*.35
	hole := max(r-1, 0)
	if f.s > 5 { // a finder, not an alignment pattern
		hole = 1
	}
	p.roundRect(f.x, f.y, f.s, f.s, [4]float64{r, r, r, r}, false)
	p.roundRect(f.x+1, f.y+1, f.s-2, f.s-2, [4]float64{hole, hole, hole, hole}, true)
	p.roundRect(f.x+2, f.y+2, f.s-4, f.s-4, [4]float64{b, b, b, b}, false)
}

// roundedCorner is the corner radius of the rounded ring (the rounded and
// diamond eyes'): at most 1.5 modules, so an alignment pattern's, 5
// modules wide, is 1.43 as before. zxing-cpp fits straight edges to a
// finder's ring and takes its corners from them: with a radius of 2
// modules it missed 16 of 384 pictures of mid-grey codes of versions 9 to
// 25 at 2.5 and 3 px a module, with 1.5 modules 2, as many as square eyes
// (1).
func roundedCorner(f frame) float64 { return min(f.s*2/7, 1.5) }

// circleEye draws the finders' ring and ball as squircles, corner radii
// 3 of the ring's 3.5 modules and 1.2 of the ball's 1.5, and an
// alignment pattern as circles. zxing-cpp confirms a finder by tracing
// its rings, and where blur joins ball and ring it fits a square to the
// ball, which a round ball does not give: at ImageMagick's 2.5 px a
// module, JPEG 40, it missed 25 of 192 pictures of codes of versions 2
// to 6 with circles, and 4 of 192 with these (a round ring round a
// squircle ball: 64; a ring of radius 2.5: 1, too square to be told
// from the rounded eye).
func circleEye(p *path, f frame) {
	r, b := min(f.s/2, 3), min((f.s-4)/2, 1.2)
	boxEye(p, f, [4]float64{r, r, r, r}, [4]float64{b, b, b, b})
}

// leafEye rounds two opposite corners of ring and ball and keeps the other
// two pointed, the points on the diagonal towards the symbol's centre.
func leafEye(p *path, f frame) {
	r, b := f.s*.45, (f.s-4)*.45
	outer, ball := [4]float64{0, r, 0, r}, [4]float64{0, b, 0, b}
	if f.flip {
		outer, ball = [4]float64{r, 0, r, 0}, [4]float64{b, 0, b, 0}
	}
	boxEye(p, f, outer, ball)
}

// boxEye draws the ring as a square with corner radii outer, its hole
// concentric (radii one less), and the ball with radii ball.
func boxEye(p *path, f frame, outer, ball [4]float64) {
	ring(p, f, outer)
	p.roundRect(f.x+2, f.y+2, f.s-4, f.s-4, ball, false)
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

// diamondEye draws the rounded eye's ring round a diamond ball: a square
// turned 45 degrees, its corners on the frame's middle lines, cut to flats,
// since a sharp tip thins out under blur and makes a scanner measure the
// finder too small. A diamond ring as well (until 2026-11) left the finder
// half its ink and blurred to a blot at 2.5 px a module: zxing-cpp read 11
// of 24 such codes of versions 1 to 6 after every degradation of
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
// way (e2e/agreement/styles.mjs, in make test). An alignment pattern keeps its square ball.
func diamondEye(p *path, f frame) {
	r := roundedCorner(f)
	cut, hole := .5, max(r-1, 0)
	if f.s > 5 { // a finder, not an alignment pattern
		cut, hole = .75, 1
	}
	p.roundRect(f.x, f.y, f.s, f.s, [4]float64{r, r, r, r}, false)
	p.roundRect(f.x+1, f.y+1, f.s-2, f.s-2, [4]float64{hole, hole, hole, hole}, true)
	cx, cy, h := f.x+f.s/2, f.y+f.s/2, f.s/2-2
	p.poly([]pt{{cx - cut, cy - h}, {cx + cut, cy - h}, {cx + h, cy - cut}, {cx + h, cy + cut}, {cx + cut, cy + h}, {cx - cut, cy + h}, {cx - h, cy + cut}, {cx - h, cy - cut}}, sharp)
}
