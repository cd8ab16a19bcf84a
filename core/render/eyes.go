package render

import "slices"

// Eye shapes. A finder must keep the 1:1:3:1:1 dark-light proportions along
// its rows and columns through the centre, which is what scanners search
// for; every shape here keeps them exactly there.

func squareEye(p *path, f frame) { boxEye(p, f, [4]float64{}, [4]float64{}) }

func roundedEye(p *path, f frame) {
	r, b := f.s*2/7, (f.s-4)*.35
	boxEye(p, f, [4]float64{r, r, r, r}, [4]float64{b, b, b, b})
}

func circleEye(p *path, f frame) {
	r, b := f.s/2, (f.s-4)/2
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
	inner := outer
	for i := range inner {
		inner[i] = max(inner[i]-1, 0)
	}
	p.roundRect(f.x, f.y, f.s, f.s, outer, false)
	p.roundRect(f.x+1, f.y+1, f.s-2, f.s-2, inner, true)
	p.roundRect(f.x+2, f.y+2, f.s-4, f.s-4, ball, false)
}

// diamondEye draws ring and ball as squares turned 45 degrees, their
// corners on the frame's middle lines. The corners are cut short: a sharp
// tip thins out under blur, which makes a scanner measure the finder too
// small, and cutting the hole's tips deeper than the ring's and the ball's
// keeps the light band wide on the diagonal, where scanners check it too.
func diamondEye(p *path, f frame) {
	cx, cy, h := f.x+f.s/2, f.y+f.s/2, f.s/2
	// rhomb draws a diamond of half-diagonal h with its tips cut to flats
	// 2*cut long.
	rhomb := func(h, cut float64, ccw bool) {
		vs := []pt{{cx - cut, cy - h}, {cx + cut, cy - h}, {cx + h, cy - cut}, {cx + h, cy + cut}, {cx + cut, cy + h}, {cx - cut, cy + h}, {cx - h, cy + cut}, {cx - h, cy - cut}}
		if ccw {
			slices.Reverse(vs)
		}
		p.poly(vs, sharp)
	}
	rhomb(h, .5, false)
	rhomb(h-1, .75, true)
	rhomb(h-2, .25, false)
}
