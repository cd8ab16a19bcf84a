package render

// Inverted reports whether o draws light modules on a darker background
// (judged on white paper), which many scanners cannot read.
func Inverted(o Options) bool {
	paper := over(o.BG, White)
	return luminance(over(o.FG, paper)) > luminance(paper)
}
