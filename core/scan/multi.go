package scan

import (
	"math"
	"sort"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode/detector"
)

// gozxing's multi-code detector pairs every three finder-pattern candidates
// that could be the corners of one code and samples a grid for each, all
// before returning: an image of a few hundred finder patterns (a 2 KB PNG
// of a 24 x 24 grid) makes it try millions of triples and keep a sampled
// grid for each, 85 s and 1.7 GB. detect does what its DetectMulti does
// within bounds: the best maxCenters candidates, at most maxTriples
// triples per prepared image, each charged to the decode's work budget
// before it is sampled, so a hostile image ends the search inside a rung.
const (
	// maxCenters is the most finder candidates paired. A real code gives
	// three, well confirmed; two codes six. The hard set's busiest image
	// has 11.
	maxCenters = 15
	// maxTriples is the most candidate codes sampled and decoded on one
	// prepared image by gozxing's pairing, and the most that fail in one
	// round of the grid detector's (readGrids).
	maxTriples = 12
	// maxFound is the most finder candidates collected on one prepared
	// image. gozxing merges each new sighting into its list by a linear
	// search, so an image of thousands of finder patterns costs the
	// square of their number; a photo of real codes has a few dozen.
	maxFound = 256
	// maxRounds is the most times the grid detector pairs the finders
	// left after a round that read a code (gridReader): enough for the
	// 16 symbols of a structured-append sequence, 4 or 5 a round (a
	// round pairs the maxCenters finders nearest the best confirmed).
	maxRounds = 6
	// tripleWork is the work charged for one triple beyond its sampled
	// grid's modules: finding its alignment pattern and decoding. Measured
	// as about the time of reading a 256 x 256 prepared image.
	tripleWork = 64 << 10
)

// Limits of gozxing's MultiFinderPatternFinder, which it keeps unexported.
const (
	maxModulesPerEdge = 180
	minModulesPerEdge = 9
	diffModSizeRatio  = 0.05
	diffModSize       = 0.5
)

// candidate is three finder patterns that may be one code's corners.
type candidate struct {
	info  *detector.FinderPatternInfo
	score int // confirmations of its three patterns: better first
}

// finderCandidates scans the binarized image for finder patterns, as
// gozxing's FindMulti does with the TRY_HARDER hint, and returns the
// triples that could be codes, best first, at most maxTriples.
func finderCandidates(img *gozxing.BitMatrix) []candidate {
	f := detector.NewFinderPatternFinder(img, nil)
	maxI, maxJ := img.GetHeight(), img.GetWidth()
	state := make([]int, 5)
	for i := detector.FinderPatternFinder_MIN_SKIP - 1; i < maxI && len(f.GetPossibleCenters()) < maxFound; i += detector.FinderPatternFinder_MIN_SKIP {
		detector.FinderPatternFinder_doClearCounts(state)
		cur := 0
		for j := 0; j < maxJ; j++ {
			if img.Get(j, i) {
				if cur&1 == 1 {
					cur++
				}
				state[cur]++
				continue
			}
			if cur&1 == 1 {
				state[cur]++
				continue
			}
			if cur != 4 {
				cur++
				state[cur]++
				continue
			}
			if detector.FinderPatternFinder_foundPatternCross(state) && f.HandlePossibleCenter(state, i, j) {
				cur = 0
				detector.FinderPatternFinder_doClearCounts(state)
			} else {
				detector.FinderPatternFinder_doShiftCounts2(state)
				cur = 3
			}
		}
		if detector.FinderPatternFinder_foundPatternCross(state) {
			f.HandlePossibleCenter(state, i, maxJ)
		}
	}
	return triples(best(f.GetPossibleCenters()))
}

// best returns at most maxCenters patterns, the most confirmed first, in
// an order that does not depend on the order they were found in.
func best(found []*detector.FinderPattern) []*detector.FinderPattern {
	ps := append([]*detector.FinderPattern(nil), found...)
	sort.SliceStable(ps, func(i, j int) bool {
		a, b := ps[i], ps[j]
		if a.GetCount() != b.GetCount() {
			return a.GetCount() > b.GetCount()
		}
		if a.GetY() != b.GetY() {
			return a.GetY() < b.GetY()
		}
		return a.GetX() < b.GetX()
	})
	return ps[:min(len(ps), maxCenters)]
}

// triples pairs patterns of similar module size placed as a code's three
// finders are (gozxing's selectMultipleBestPatterns), and returns the best
// maxTriples of them.
func triples(ps []*detector.FinderPattern) []candidate {
	switch len(ps) {
	case 0, 1, 2:
		return nil
	case 3:
		// Three patterns are taken as one code whatever their shape, as
		// gozxing does: a code seen at a steep angle fails the checks
		// below.
		bl, tl, tr := gozxing.ResultPoint_OrderBestPatterns(ps[0], ps[1], ps[2])
		info := detector.NewFinderPatternInfo(bl.(*detector.FinderPattern), tl.(*detector.FinderPattern), tr.(*detector.FinderPattern))
		return []candidate{{info, 0}}
	}
	sort.SliceStable(ps, func(i, j int) bool { return ps[i].GetEstimatedModuleSize() > ps[j].GetEstimatedModuleSize() })
	var out []candidate
	for i1 := 0; i1 < len(ps)-2; i1++ {
		p1 := ps[i1]
		for i2 := i1 + 1; i2 < len(ps)-1; i2++ {
			p2 := ps[i2]
			if !similar(p1, p2) {
				break // ordered by module size: no later p2 is closer
			}
			for i3 := i2 + 1; i3 < len(ps); i3++ {
				p3 := ps[i3]
				if !similar(p2, p3) {
					break
				}
				if info, ok := corners3(p1, p2, p3); ok {
					out = append(out, candidate{info, p1.GetCount() + p2.GetCount() + p3.GetCount()})
				}
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].score > out[j].score })
	return out[:min(len(out), maxTriples)]
}

// similar reports whether two patterns' module sizes could be one code's.
func similar(a, b *detector.FinderPattern) bool {
	sa, sb := a.GetEstimatedModuleSize(), b.GetEstimatedModuleSize()
	return math.Abs(sa-sb) <= diffModSize || math.Abs(sa-sb)/math.Min(sa, sb) < diffModSizeRatio
}

// corners3 orders three patterns as bottom-left, top-left and top-right
// and reports whether they form a code's right-angled, equal-sided corner
// at a size QR allows.
func corners3(p1, p2, p3 *detector.FinderPattern) (*detector.FinderPatternInfo, bool) {
	bl, tl, tr := gozxing.ResultPoint_OrderBestPatterns(p1, p2, p3)
	info := detector.NewFinderPatternInfo(bl.(*detector.FinderPattern), tl.(*detector.FinderPattern), tr.(*detector.FinderPattern))
	dA := gozxing.ResultPoint_Distance(info.GetTopLeft(), info.GetBottomLeft())
	dC := gozxing.ResultPoint_Distance(info.GetTopRight(), info.GetBottomLeft())
	dB := gozxing.ResultPoint_Distance(info.GetTopLeft(), info.GetTopRight())
	modules := (dA + dB) / (p1.GetEstimatedModuleSize() * 2)
	if modules > maxModulesPerEdge || modules < minModulesPerEdge {
		return nil, false
	}
	if math.Abs((dA-dB)/math.Min(dA, dB)) >= 0.1 {
		return nil, false
	}
	dCpy := math.Sqrt(dA*dA + dB*dB)
	return info, math.Abs((dC-dCpy)/math.Min(dC, dCpy)) < 0.1
}

// cost is the work charged for sampling and decoding one candidate: its
// estimated grid of modules, and the fixed part.
func (c candidate) cost() int {
	tl := c.info.GetTopLeft()
	d := gozxing.ResultPoint_Distance(tl, c.info.GetTopRight())/tl.GetEstimatedModuleSize() + 7
	return int(d*d) + tripleWork
}
