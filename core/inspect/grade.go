package inspect

// Grades run from 4 (A) to 0 (F), as ISO/IEC 15415 numbers them.
var letters = [5]string{"F", "D", "C", "B", "A"}

// Letter is the letter of a grade 0 to 4.
func Letter(grade int) string { return letters[max(0, min(4, grade))] }

// atLeast grades v against the least value of A, B, C and D.
func atLeast(v float64, a, b, c, d float64) int {
	switch {
	case v >= a:
		return 4
	case v >= b:
		return 3
	case v >= c:
		return 2
	case v >= d:
		return 1
	}
	return 0
}

// atMost grades v against the largest value of A, B, C and D.
func atMost(v float64, a, b, c, d float64) int {
	switch {
	case v <= a:
		return 4
	case v <= b:
		return 3
	case v <= c:
		return 2
	case v <= d:
		return 1
	}
	return 0
}

// The grade thresholds of ISO/IEC 15415, and ISO/IEC 18004's for the QR
// parameters (docs/inspect.md lists them).
func contrastGrade(sc float64) int    { return atLeast(sc, 0.70, 0.55, 0.40, 0.20) }
func modulationGrade(mod float64) int { return atLeast(mod, 0.50, 0.40, 0.30, 0.20) }
func axialGrade(an float64) int       { return atMost(an, 0.06, 0.08, 0.10, 0.12) }
func gridGrade(gn float64) int        { return atMost(gn, 0.38, 0.50, 0.63, 0.75) }
func unusedECGrade(uec float64) int   { return atLeast(uec, 0.62, 0.50, 0.37, 0.25) }
func countGrade(errors int) int       { return max(0, 4-errors) } // 0 errors A, 1 B, 2 C, 3 D, more F
func timingGrade(share float64) int   { return atMost(share, 0, 0.07, 0.11, 0.14) }
func reflectanceGrade(rmin, rmax float64) int {
	if rmin <= 0.5*rmax {
		return 4
	}
	return 0
}
