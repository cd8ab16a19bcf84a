package render

import "math"

// The Swiss cross of the Swiss QR Code (Swiss Payment Standards, Swiss
// Implementation Guidelines for the QR-bill, "Swiss QR Code"): on a code
// 46 mm wide, quiet zone excluded, a logo 7 x 7 mm at the exact centre, a
// black square 6 mm wide on white with a white Swiss cross. The cross's
// arms are a sixth longer than wide (the Swiss coat of arms); 7/6 mm wide
// makes it 35/9 mm from end to end, as the standard's logo file draws it.
const (
	swissCode   = 46.0     // mm, the code's side
	swissLogo   = 7.0      // mm, the logo with its white border
	swissSquare = 6.0      // mm, the black square
	swissArm    = 7.0 / 6  // mm, the width of the cross's arms
	swissSpan   = 35.0 / 9 // mm, the cross from end to end
)

// markClear returns the modules a mark leaves light, [lo, hi) along both
// axes of an n-module symbol: every module the logo's white square
// touches, so no sliver of a module shows next to the black square. lo ==
// hi when mark draws nothing.
func markClear(n int, mark string) (lo, hi int) {
	if mark != "swiss-cross" {
		return 0, 0
	}
	half := swissLogo / 2 * float64(n) / swissCode
	return int(math.Floor(float64(n)/2 - half)), int(math.Ceil(float64(n)/2 + half))
}

// markPath adds the outline of the mark to p, in module units: the black
// square clockwise and the cross counter-clockwise inside it, a hole.
func markPath(p *path, n int, mark string) {
	if mark != "swiss-cross" {
		return
	}
	mm := float64(n) / swissCode // modules per mm
	c, sq, a, s := float64(n)/2, swissSquare/2*mm, swissArm/2*mm, swissSpan/2*mm
	p.rect(c-sq, c-sq, 2*sq, 2*sq, false)
	// Counter-clockwise (y grows downwards) from the top arm's left corner.
	p.poly([]pt{
		{c - a, c - s}, {c - a, c - a}, {c - s, c - a}, {c - s, c + a},
		{c - a, c + a}, {c - a, c + s}, {c + a, c + s}, {c + a, c + a},
		{c + s, c + a}, {c + s, c - a}, {c + a, c - a}, {c + a, c - s},
	}, sharp)
}
