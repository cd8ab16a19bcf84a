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

// An eye draws one finder or alignment pattern: an outer ring one module
// thick and a ball two modules inside it, each in the eye's shape.
type eye func(p *path, f frame)

// A frame places one finder (side 7) or alignment pattern (side 5) with its
// top-left corner at (x, y). flip is set for the top-right and bottom-left
// finders, so shapes that are not symmetric (leaf) point the same way
// relative to the symbol at all three.
type frame struct {
	x, y, s float64
	flip    bool
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
	reach    func(key uint16) uint16
}{
	{"square", squareModules, 2, 200, 2, alone},
	{"rounded", roundedModules, 2, 3000, 4, corners(false)},
	{"dot", dotModules, 3, 7000, 10, alone},
	{"diamond", diamondModules, 3, 5000, 6, alone},
	{"star", starModules, 3, 10000, 12, alone},
	{"vertical-bars", verticalBars, 2, 4000, 6, along(0b010_010_010)},
	{"horizontal-bars", horizontalBars, 2, 4000, 6, along(0b000_111_000)},
	{"organic", organicModules, 2, 3500, 6, corners(true)},
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

// eyes is the registry of finder-eye shapes, the default first, with the
// smallest module in pixels at which their finders are still found.
var eyes = []struct {
	name  string
	draw  eye
	minPx float64
}{
	{"square", squareEye, 2},
	{"rounded", roundedEye, 2},
	{"circle", circleEye, 3},
	{"leaf", leafEye, 2},
	{"diamond", diamondEye, 3},
}

// eyeVersions is where each eye is safe, by version: the largest version
// at which zxing-cpp, the decoder behind many phone scanners, reads it,
// measured on core/scan's agreement set (every style, versions 1 to 40,
// each code photographed as a phone would, by Go and by ImageMagick, at 3
// and at 2.5 px a module, blurred, with noise, as JPEG of quality 40 to
// 75; zxing-wasm, try-harder). A round (circle) or pointed (leaf) finder
// misleads its estimate of where the modules lie: to version 6 it read
// them nearly as it reads square eyes (circle eyes once their finders
// became squircles: see circleEye); from version 7, which adds the
// version information beside the finders, it missed from a third to most
// of the pictures of round finders, at every version up to 40. The diamond eye (a rounded ring
// round a diamond ball) it read after every degradation in 24 of 24
// codes to version 6; it is drawn that far, as circle and leaf are.
//
// served is the largest version drawn: a larger one is refused, a 422
// whose fix is nearest, the eye most like it that is safe there (see
// EyeServed). verified is the largest version Verify calls scannable.
var eyeVersions = map[string]struct {
	served, verified int
	nearest          string
}{
	"square":  {40, 40, ""},
	"rounded": {40, 40, ""},
	"circle":  {6, 6, "rounded"},
	"leaf":    {6, 6, "rounded"},
	"diamond": {6, 6, "rounded"},
}

// EyeServed reports whether the named eye is drawn at version v; when
// not, the largest version it is drawn at and the eye most like it that is
// drawn at v.
func EyeServed(name string, v int) (ok bool, served int, nearest string) {
	e := eyeVersions[eyes[eyeIndex(name)].name]
	return v <= e.served, e.served, e.nearest
}

// EyeVerified is the largest version at which Verify calls a code of the
// named eye scannable, 0 for none.
func EyeVerified(name string) int { return eyeVersions[eyes[eyeIndex(name)].name].verified }

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
		fs = append(fs, frame{x: f.x, y: f.y, s: 7, flip: i > 0})
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
	draw := eyes[eyeIndex(o.Eye)].draw
	for _, f := range fs {
		draw(&p, f)
	}
	markPath(&p, c.Size, o.Mark)
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
	return (o.Style == "" || o.Style == "square") && (o.Eye == "" || o.Eye == "square")
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
