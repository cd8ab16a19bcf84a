package render

import "image/color"

// Inverted reports whether o draws light modules on a darker background
// (judged on white paper), which many scanners cannot read.
func Inverted(o Options) bool {
	paper := over(o.BG, color.NRGBA{255, 255, 255, 255})
	return luminance(over(o.FG, paper)) > luminance(paper)
}
