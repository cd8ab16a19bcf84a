package render

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"qrkeyless/core/qr"
)

// A style draws the data modules of a symbol, everything the eyes do not
// draw, into p. Shapes never overlap one another, so even-odd and nonzero
// fills show the same picture and cutters see clean outlines.
type style func(p *path, g grid)

// A frame places one finder (side 7) or alignment pattern (side 5) with its
// top-left corner at (x, y). out is its corner away from the symbol's
// centre (topLeft for the top-left finder and every alignment pattern,
// topRight and bottomLeft for the other finders), so shapes that are not
// symmetric (leaf) point the same way relative to the symbol at all three.
type frame struct {
	x, y, s float64
	out     int
}

// styles is the registry of module shapes, the default first, with the
// smallest module in pixels at which they still decode (TestMatrix holds
// both registries to their minPx), and the time one dark module's outline
// takes to build, in nanoseconds, for Cost (measured natively on the
// development machine with versions 2 to 40; BenchmarkCost compares).
//
// segs is about how many path segments a dark module of the style takes
// at most, the room picture makes for them.
//
// diagonal is the largest diagonal error (see diagonalError) of an eye
// whose ball is not its own that jsQR still finds among the style's
// modules: it measures a finder along both diagonals through its centre
// too, and where a style's modules leave small patterns it takes for
// finders (a row cutting the tops of dots, the points of stars), a finder
// whose ring and ball reach into its corners unequally loses to them.
// Measured on the whole style set (make looks: every style, eye and ball
// at 256, 512 and 1024 px, navy on white), each the largest error below
// the smallest that jsQR missed; among square and organic modules it
// missed none, up to 1.8, the largest of any ring and ball.
//
// reach keeps, of the 3 x 3 neighbourhood of a module (a bit per module:
// bit 8 the top-left, 4 the module itself, 0 the bottom-right), what its
// shape depends on, so that stamp rasterizes each shape once: a dot is a
// dot wherever it is; a bar's end depends on the modules before and after
// it; a rounded corner on the modules around it.
var styles = []struct {
	name     string
	draw     style
	minPx    float64
	moduleNs int64
	segs     int
	diagonal float64
	reach    func(key uint16) uint16
}{
	{"square", squareModules, 2, 200, 2, 1.8, alone},
	{"rounded", roundedModules, 2, 3000, 4, .73, corners(false)},
	{"dot", dotModules, 3, 7000, 10, .365, alone},
	{"diamond", diamondModules, 3, 5000, 6, .45, alone},
	{"star", starModules, 3, 10000, 12, .365, alone},
	{"vertical-bars", verticalBars, 2, 4000, 6, .45, along(0b010_010_010)},
	{"horizontal-bars", horizontalBars, 2, 4000, 6, .55, along(0b000_111_000)},
	{"organic", organicModules, 2, 3500, 6, 1.8, corners(true)},
	{"extra-rounded", extraRoundedModules, 2, 3000, 4, .728, corners(false)},
	{"classy", classyModules, 2, 3000, 4, 1.8, corners(false)},
	{"classy-rounded", classyRoundedModules, 2, 3000, 4, 1.8, corners(false)},
	{"edge-cut", edgeCutModules, 2, 3000, 6, .728, corners(false)},
	{"small-square", smallSquareModules, 3, 2000, 5, .492, alone},
	{"tile", tileModules, 2, 5000, 10, .365, alone},
	{"cross", crossModules, 3, 5000, 14, .447, alone},
	{"heart", heartModules, 3, 8000, 6, .365, alone},
}

// Bits of a neighbourhood key.
const (
	self        = 0b000_010_000
	orthogonals = 0b010_101_010
)

// alone is the reach of a shape drawn in each dark module by itself.
func alone(key uint16) uint16 { return key & self }

// along is the reach of a bar: the dark module and those before and
// after it.
func along(mask uint16) func(uint16) uint16 {
	return func(key uint16) uint16 {
		if key&self == 0 {
			return 0
		}
		return key & mask
	}
}

// corners is the reach of a shape that rounds the corners of regions: a
// dark module's corner is rounded when both neighbours beside it are
// light; with fillets, a light module's corner is filled when the three
// modules around it are dark.
func corners(fillets bool) func(uint16) uint16 {
	return func(key uint16) uint16 {
		if key&self != 0 {
			return key & (self | orthogonals)
		}
		if !fillets {
			return 0
		}
		out := uint16(0)
		// each corner (top-left, top-right, bottom-right, bottom-left): its
		// diagonal bit and the two orthogonal bits beside it
		for _, c := range [4][3]uint16{{1 << 8, 1 << 7, 1 << 5}, {1 << 6, 1 << 7, 1 << 3}, {1 << 0, 1 << 1, 1 << 3}, {1 << 2, 1 << 1, 1 << 5}} {
			if key&c[0] != 0 && key&c[1] != 0 && key&c[2] != 0 {
				out |= c[0] | c[1] | c[2]
			}
		}
		return out
	}
}

// rings and balls are the registries of the eyes' two parts, the default
// first: each with the smallest module in pixels at which finders drawn
// with it are still found, and where it is safe, by version (served, the
// largest version it is drawn at, a larger one refused with a 422 whose fix
// is nearest, a shape drawn at every version; verified, the largest at
// which Verify calls it scannable). A ring or ball of a combination that
// is refused is the nearest one's: see EyeServed.
//
// The versions are measured on core/scan's agreement set (every style,
// versions 1 to 40, each code photographed as a phone would, by Go and by
// ImageMagick, at 3 and at 2.5 px a module, blurred, with noise, as JPEG
// of quality 40 to 75; zxing-wasm, try-harder), the set that reads every
// eye with its own ball. A round (circle) or pointed (leaf) finder
// misleads zxing-cpp's estimate of where the modules lie: to version 6 it
// read them nearly as it reads square eyes (circle eyes once their finders
// became squircles: see circleRing); from version 7, which adds the version
// information beside the finders, it missed from a third to most of the
// pictures of round finders, at every version up to 40. The diamond eye (a
// rounded ring round a diamond ball) it read after every degradation in 24
// of 24 codes to version 6; it is drawn that far, as circle and leaf are.
// The rings and balls added in 2026-12 round or point a finder's corners
// less than circle and leaf do (corner radii 1.5 modules, as the rounded
// ring's, and 0.8 of the ball's 1.5); zxing-cpp read the cut, corner,
// point and inset eyes after every degradation of the agreement set in
// 40 of 40 codes of versions 9 to 40 each, the drop and petal eyes in 39,
// the circle eye in 35 and the leaf eye in 16; but jsQR missed the cut
// and inset eyes of version 14 at 256 px among organic modules (core/
// render's style set), clean. The corner and point eyes are drawn to
// version 40, the others to version 6 as circle and leaf are.
var (
	rings = []part{
		{"square", squareRing, 2, 40, 40, ""},
		{"rounded", roundedRing, 2, 40, 40, ""},
		{"circle", circleRing, 3, 6, 6, "rounded"},
		{"leaf", leafRing, 2, 6, 6, "rounded"},
		{"cut", cutRing, 2, 6, 6, "rounded"},
		{"corner", ringOf(cornerCorners), 2, 40, 40, ""},
		{"drop", ringOf(dropCorners), 3, 6, 6, "rounded"},
		{"point", ringOf(pointCorners), 3, 40, 40, ""},
		{"petal", ringOf(petalCorners), 2, 6, 6, "rounded"},
		{"inset", insetRing, 2, 6, 6, "rounded"},
	}
	balls = []part{
		{"square", squareBall, 2, 40, 40, ""},
		{"rounded", roundedBall, 2, 40, 40, ""},
		{"circle", circleBall, 3, 6, 6, "rounded"},
		{"leaf", leafBall, 2, 6, 6, "rounded"},
		{"diamond", diamondBall, 3, 6, 6, "rounded"},
		{"cut", cutBall, 2, 40, 40, ""},
		{"corner", ballOf(cornerCorners), 2, 40, 40, ""},
		{"drop", ballOf(dropCorners), 3, 6, 6, "rounded"},
		{"point", ballOf(pointCorners), 3, 40, 40, ""},
		{"petal", ballOf(petalCorners), 2, 6, 6, "rounded"},
		{"plus", plusBall, 3, 6, 6, "rounded"},
	}
)

// part is one entry of rings or balls.
type part struct {
	name             string
	draw             shape
	minPx            float64
	served, verified int
	nearest          string
}

// eyes is the registry of finder-eye shapes, the values of eye, the
// default first: each a ring and the ball it draws unless another is
// asked for (Options.Ball). Every ring is an eye with the ball of its
// name, or the square one; the diamond eye is the rounded ring round the
// diamond ball.
var eyes = []struct{ name, ring, ball string }{
	{"square", "square", "square"},
	{"rounded", "rounded", "rounded"},
	{"circle", "circle", "circle"},
	{"leaf", "leaf", "leaf"},
	{"diamond", "rounded", "diamond"},
	{"cut", "cut", "cut"},
	{"corner", "corner", "corner"},
	{"drop", "drop", "drop"},
	{"point", "point", "point"},
	{"petal", "petal", "petal"},
	{"inset", "inset", "square"},
}

// look is the ring and ball o draws its eyes with.
func (o Options) look() (ring, ball part) {
	e := eyes[eyeIndex(o.Eye)]
	return rings[partIndex(rings, e.ring)], balls[partIndex(balls, cmp.Or(o.Ball, e.ball))]
}

// eyeShape draws o's eyes, ring then ball. The ball asked for is drawn in
// the finders; an alignment pattern keeps the eye's own ball: jsQR finds
// the alignment pattern by its likeness to the eye it was drawn with, and
// in a circle ring round a square ball, a module wide, it took data
// modules of the star style for it.
func (o Options) eyeShape() shape {
	r, b := o.look()
	own := Options{Eye: o.Eye}.ball()
	return func(p *path, f frame) {
		r.draw(p, f)
		if f.s < 7 {
			own.draw(p, f)
			return
		}
		b.draw(p, f)
	}
}

// ball is the ball o draws in its finders.
func (o Options) ball() part {
	_, b := o.look()
	return b
}

// OwnBall returns the ball the named eye draws unless another is asked for.
func OwnBall(eye string) string { return eyes[eyeIndex(eye)].ball }

// EyeServed reports whether eye with ball ("" for its own) is drawn at
// version v; when not, the largest version it is drawn at and the eye and
// ball most like them that are drawn at v (ball "" again where that is
// the eye's own).
func EyeServed(eye, ball string, v int) (ok bool, served int, nearEye, nearBall string) {
	r, b := Options{Eye: eye, Ball: ball}.look()
	served = min(r.served, b.served)
	if v <= served {
		return true, served, eye, ball
	}
	nearEye, nearBall = eyes[eyeIndex(eye)].name, b.name
	if v > r.served {
		nearEye = r.nearest
	}
	if v > b.served {
		nearBall = b.nearest
	}
	// An eye whose own ring and ball these are is the simpler name.
	ring := eyes[eyeIndex(nearEye)].ring
	for _, e := range eyes {
		if e.ring == ring && e.ball == nearBall {
			return false, served, e.name, ""
		}
	}
	return false, served, nearEye, nearBall
}

// EyeVerified is the largest version at which Verify calls a code of the
// named eye and ball ("" for its own) scannable, 0 for none.
func EyeVerified(eye, ball string) int {
	r, b := Options{Eye: eye, Ball: ball}.look()
	return min(r.verified, b.verified)
}

// StyleNames lists the module shapes, the default first.
func StyleNames() []string {
	names := make([]string, len(styles))
	for i, s := range styles {
		names[i] = s.name
	}
	return names
}

// EyeNames lists the finder-eye shapes, the default first.
func EyeNames() []string {
	names := make([]string, len(eyes))
	for i, e := range eyes {
		names[i] = e.name
	}
	return names
}

// styleIndex returns the registry index of a style name, 0 (square) when unknown.
func styleIndex(name string) int {
	for i, s := range styles {
		if s.name == name {
			return i
		}
	}
	return 0
}

// BallNames lists the eye-ball shapes, the default first.
func BallNames() []string {
	names := make([]string, len(balls))
	for i, b := range balls {
		names[i] = b.name
	}
	return names
}

// partIndex returns the index of the named ring or ball in ps, 0 (square)
// when unknown.
func partIndex(ps []part, name string) int {
	for i, p := range ps {
		if p.name == name {
			return i
		}
	}
	return 0
}

// eyeIndex returns the registry index of an eye name, 0 (square) when unknown.
func eyeIndex(name string) int {
	for i, e := range eyes {
		if e.name == name {
			return i
		}
	}
	return 0
}

// inFinder reports whether module (x, y) of an n-module symbol belongs to
// one of the three 7x7 finder patterns.
func inFinder(n, x, y int) bool {
	return y < 7 && (x < 7 || x >= n-7) || x < 7 && y >= n-7
}

// finders returns the top-left corners of the three finder patterns.
func finders(n int) [3]pt {
	return [3]pt{{0, 0}, {float64(n - 7), 0}, {0, float64(n - 7)}}
}

// frames returns where the eyes go: the three finders, then the alignment
// patterns in reading order; Micro QR's one finder; rMQR's finder and its
// finder sub-pattern (5 x 5, an alignment pattern's shape), whose eye
// keeps it a solid ring as the alignment patterns of QR.
func frames(c *qr.Code) []frame {
	switch c.Symbol {
	case qr.Micro:
		return []frame{{s: 7}}
	case qr.RMQR:
		return []frame{{s: 7}, {x: float64(c.Width - 5), y: float64(c.Height - 5), s: 5}}
	}
	fs := make([]frame, 0, 3+49)
	for i, f := range finders(c.Size) {
		fs = append(fs, frame{x: f.x, y: f.y, s: 7, out: [3]int{topLeft, topRight, bottomLeft}[i]})
	}
	pos := qr.AlignmentCenters(c.Version)
	for _, y := range pos {
		for _, x := range pos {
			if !inFinder(c.Size, x, y) {
				fs = append(fs, frame{x: float64(x - 2), y: float64(y - 2), s: 5})
			}
		}
	}
	return fs
}

// picture is the whole symbol as one path: finder and alignment patterns in
// the chosen eye shape, every other module in the chosen style, and the
// mark. Drawing the alignment patterns as small eyes keeps them solid rings
// in every style, as the scanner's alignment search expects; one that the
// mark cuts into is drawn as modules instead.
func picture(c *qr.Code, o Options) path {
	data, fs := parts(c, o)
	// The path's room, made once: growing it by appends copied it over and
	// over, a third of an SVG's time. An eye takes at most eighty segments.
	st := styles[styleIndex(o.Style)]
	dark := 0
	for y := range c.Height {
		for x := range c.Width {
			if data.dark(x, y) {
				dark++
			}
		}
	}
	p := make(path, 0, dark*st.segs+len(fs)*80+64)
	st.draw(&p, data)
	draw := o.eyeShape()
	for _, f := range fs {
		draw(&p, f)
	}
	markPath(&p, c.Size, o.Mark)
	if o.Outline == "circle" {
		halo(&p, c, o)
	}
	return p
}

// parts splits the symbol into what the style draws, the dark modules of
// data (every module but the eyes' and the mark's), and the frames of the
// eyes.
func parts(c *qr.Code, o Options) (data grid, fs []frame) {
	lo, hi := markClear(c.Size, o.Mark)
	cut := func(f frame) bool {
		return f.x < float64(hi) && f.x+f.s > float64(lo) && f.y < float64(hi) && f.y+f.s > float64(lo)
	}
	byEye := make([]bool, c.Width*c.Height)
	for _, f := range frames(c) {
		if cut(f) {
			continue
		}
		fs = append(fs, f)
		for y := int(f.y); y < int(f.y+f.s); y++ {
			for x := int(f.x); x < int(f.x+f.s); x++ {
				byEye[y*c.Width+x] = true
			}
		}
	}
	g := modules(c, o)
	return grid{w: c.Width, h: c.Height, dark: func(x, y int) bool { return g.dark(x, y) && !byEye[y*c.Width+x] }}, fs
}

// modules returns the dark modules of c that o draws: all but those its
// mark clears.
func modules(c *qr.Code, o Options) grid {
	lo, hi := markClear(c.Size, o.Mark)
	return grid{w: c.Width, h: c.Height, dark: func(x, y int) bool {
		return c.Dark(x, y) && (x < lo || x >= hi || y < lo || y >= hi)
	}}
}

// plain reports whether o draws plain squares, which PNG and SVG write by
// fast paths that give the same picture as the general one.
func (o Options) plain() bool {
	return (o.Style == "" || o.Style == "square") && (o.Eye == "" || o.Eye == "square") && (o.Ball == "" || o.Ball == "square") &&
		o.Outline != "circle"
}

// familyStyles and familyEyes are the module shapes and eyes drawn for
// Micro QR and rMQR: square and rounded modules round a square finder,
// which zxing-cpp reads in every Micro QR version and rMQR shape as PNG,
// SVG and PDF (TestFamilyReadByZXing) and after a phone's camera
// (core/scan's TestVerifyFamilyAgreesWithZXing). A one-finder symbol has
// no second finder to fall back on, and its timing patterns along the
// edges are what its reader follows: shapes that thin them are not drawn.
var (
	familyStyles = []string{"square", "rounded"}
	familyEyes   = []string{"square"}
)

// SymbolStyles lists the module shapes drawn for symbol s, the default
// first.
func SymbolStyles(s qr.Symbol) []string {
	if s == qr.QR {
		return StyleNames()
	}
	return familyStyles
}

// SymbolEyes lists the finder-eye shapes drawn for symbol s, the default
// first.
func SymbolEyes(s qr.Symbol) []string {
	if s == qr.QR {
		return EyeNames()
	}
	return familyEyes
}

// Drawn reports whether o's style, eye and mark are drawn for symbol s;
// when not, reason says what is, for the problem the caller answers with.
func Drawn(s qr.Symbol, o Options) (ok bool, reason string) {
	style, eye := cmp.Or(o.Style, "square"), cmp.Or(o.Eye, "square")
	switch {
	case s != qr.QR && o.Ball != "" && o.Ball != "square":
		return false, fmt.Sprintf("eye_ball %s is not drawn for %s; use eye_ball square", o.Ball, symbolName(s))
	case !slices.Contains(SymbolStyles(s), style):
		return false, fmt.Sprintf("style %s is not drawn for %s; use style %s", style, symbolName(s), strings.Join(SymbolStyles(s), " or "))
	case !slices.Contains(SymbolEyes(s), eye):
		return false, fmt.Sprintf("eye %s is not drawn for %s; use eye %s", eye, symbolName(s), strings.Join(SymbolEyes(s), " or "))
	case s != qr.QR && o.Mark != "":
		return false, fmt.Sprintf("the mark %s is drawn on QR codes only, not on %s", o.Mark, symbolName(s))
	}
	return true, ""
}

// symbolName names a symbol for people.
func symbolName(s qr.Symbol) string {
	return map[qr.Symbol]string{qr.QR: "QR codes", qr.Micro: "Micro QR codes", qr.RMQR: "rMQR codes"}[s]
}
