package frame

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// The fonts text is drawn in: the Go fonts (gofonts.go) unless the program
// is built with the nogofonts tag, as the browser editor is to stay small;
// it fetches the font files when a caption is first drawn and calls
// SetFonts. The Go fonts cover Latin, Greek and Cyrillic (WGL4); other
// characters are drawn as the missing-glyph box, so a caption never
// silently drops a letter.
var (
	fontMu        sync.Mutex
	builtin       [2][]byte // regular and bold font files to parse on first use
	regular, bold *sfnt.Font
)

// ErrNoFonts reports text to draw in a program built without fonts
// (the nogofonts tag) before SetFonts gave it some.
var ErrNoFonts = errors.New("frame: no fonts to draw text with; call SetFonts")

// SetFonts parses the regular and bold font files (TrueType or OpenType)
// that text is drawn in from now on.
func SetFonts(reg, heavy []byte) error {
	r, err := sfnt.Parse(reg)
	if err != nil {
		return fmt.Errorf("frame: regular font: %w", err)
	}
	b, err := sfnt.Parse(heavy)
	if err != nil {
		return fmt.Errorf("frame: bold font: %w", err)
	}
	fontMu.Lock()
	regular, bold = r, b
	fontMu.Unlock()
	return nil
}

// fonts returns the regular and bold fonts, parsing the built-in ones on
// first use so that a program that draws no text does not pay for them.
func fonts() (reg, heavy *sfnt.Font, err error) {
	fontMu.Lock()
	defer fontMu.Unlock()
	if regular == nil && builtin[0] != nil {
		// Fixed bytes known to parse: a failure here is a broken build.
		r, err1 := sfnt.Parse(builtin[0])
		b, err2 := sfnt.Parse(builtin[1])
		if err := errors.Join(err1, err2); err != nil {
			return nil, nil, err
		}
		regular, bold = r, b
	}
	if regular == nil {
		return nil, nil, ErrNoFonts
	}
	return regular, bold, nil
}

// maxRunes bounds the text set in one line; more cannot fit at a legible size.
const maxRunes = 200

// clean turns s into one line: control characters (newlines, tabs) become
// spaces, runs of spaces collapse, and at most maxRunes runes are kept.
func clean(s string) string {
	var b strings.Builder
	n := 0
	space := false
	for _, r := range strings.TrimSpace(s) {
		if unicode.IsControl(r) || unicode.IsSpace(r) {
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
			n++
		}
		space = false
		if n >= maxRunes {
			break
		}
		b.WriteRune(r)
		n++
	}
	return b.String()
}

// ppem converts a size in pixels to the font package's fixed point.
func ppem(size float64) fixed.Int26_6 { return fixed.Int26_6(size*64 + 0.5) }

// width returns the advance width of s set in f at size pixels per em,
// kerning included.
func width(f *sfnt.Font, s string, size float64) float64 {
	return float64(set(f, s, size, nil)) / 64
}

// set lays s out in f at size pixels per em, kerning included, calling
// glyph (when not nil) with each glyph and the pen's position before it;
// it returns the pen's position after the last.
func set(f *sfnt.Font, s string, size float64, glyph func(buf *sfnt.Buffer, g sfnt.GlyphIndex, em, pen fixed.Int26_6)) fixed.Int26_6 {
	if f == nil {
		return 0
	}
	var buf sfnt.Buffer
	em := ppem(size)
	pen := fixed.Int26_6(0)
	prev := sfnt.GlyphIndex(0)
	for i, r := range s {
		g, _ := f.GlyphIndex(&buf, r)
		if i > 0 {
			k, _ := f.Kern(&buf, prev, g, em, font.HintingNone)
			pen += k
		}
		if glyph != nil {
			glyph(&buf, g, em, pen)
		}
		a, _ := f.GlyphAdvance(&buf, g, em, font.HintingNone)
		pen += a
		prev = g
	}
	return pen
}

// fit returns the text to set and its size: s at size when it fits in maxW
// pixels, else at the size that just fits, but never under minSize; text
// still too wide at minSize is cut and ends in an ellipsis.
func fit(f *sfnt.Font, s string, size, minSize, maxW float64) (string, float64) {
	w := width(f, s, size)
	if w <= maxW || w == 0 {
		return s, size
	}
	if shrunk := size * maxW / w; shrunk >= minSize {
		return s, shrunk
	}
	runes := []rune(s)
	for n := len(runes) - 1; n > 0; n-- {
		t := strings.TrimRight(string(runes[:n]), " ") + "…"
		if width(f, t, minSize) <= maxW {
			return t, minSize
		}
	}
	return "…", minSize
}

// ascent returns how far above the baseline the tallest letters of f reach
// at size, for placing a line in a box.
func ascent(f *sfnt.Font, size float64) float64 {
	if f == nil {
		return size
	}
	var buf sfnt.Buffer
	m, err := f.Metrics(&buf, ppem(size), font.HintingNone)
	if err != nil {
		return size
	}
	return float64(m.CapHeight) / 64
}

// outline adds the glyphs of s, set in f at size with its baseline starting
// at (x, y), to p.
func outline(p *path, f *sfnt.Font, s string, size, x, y float64) {
	set(f, s, size, func(buf *sfnt.Buffer, g sfnt.GlyphIndex, em, pen fixed.Int26_6) {
		ox := x + float64(pen)/64
		pt := func(q fixed.Point26_6) (float64, float64) {
			return ox + float64(q.X)/64, y + float64(q.Y)/64
		}
		segs, err := f.LoadGlyph(buf, g, em, nil)
		if err != nil {
			return
		}
		open := false
		for _, sg := range segs {
			switch sg.Op {
			case sfnt.SegmentOpMoveTo:
				if open {
					p.close()
				}
				p.moveTo(pt(sg.Args[0]))
				open = true
			case sfnt.SegmentOpLineTo:
				p.lineTo(pt(sg.Args[0]))
			case sfnt.SegmentOpQuadTo:
				x1, y1 := pt(sg.Args[0])
				x2, y2 := pt(sg.Args[1])
				*p = append(*p, seg{op: 'Q', pts: [3][2]float64{{x1, y1}, {x2, y2}}})
			case sfnt.SegmentOpCubeTo:
				x1, y1 := pt(sg.Args[0])
				x2, y2 := pt(sg.Args[1])
				x3, y3 := pt(sg.Args[2])
				p.cubeTo(x1, y1, x2, y2, x3, y3)
			}
		}
		if open {
			p.close()
		}
	})
}

// TextError says what of a frame's text cannot be drawn.
type TextError struct {
	Msg     string
	Missing []rune // characters the fonts have no glyph for
}

func (e *TextError) Error() string { return "frame: " + e.Msg }

// Check reports what of o's text cannot be drawn: more than MaxText
// characters, or characters the fonts have no glyph for (the Go fonts
// cover Latin, Greek and Cyrillic), which would show as empty boxes.
func (o Options) Check() error {
	text := clean(o.Text)
	if n := len([]rune(text)); n > MaxText {
		return &TextError{Msg: fmt.Sprintf("the text has %d characters; a frame holds at most %d", n, MaxText)}
	}
	if text == "" {
		return nil
	}
	reg, heavy, err := fonts()
	if err != nil {
		return err
	}
	var buf sfnt.Buffer
	var missing []rune
	for _, r := range text {
		if r == ' ' || slices.Contains(missing, r) {
			continue
		}
		for _, f := range []*sfnt.Font{reg, heavy} {
			if g, err := f.GlyphIndex(&buf, r); err != nil || g == 0 {
				missing = append(missing, r)
				break
			}
		}
	}
	if len(missing) > 0 {
		return &TextError{Msg: fmt.Sprintf("the fonts have no %q: they draw Latin, Greek and Cyrillic letters", string(missing)), Missing: missing}
	}
	return nil
}

// Line is one line of text set as outlines of the regular font, for a page
// that places it itself: core/sheet's captions under the codes of a label
// sheet.
type Line struct {
	p      path    // the glyphs, the baseline's left end at (0, 0), y down
	Width  float64 // the advance width, in the units of the size it was set at
	Ascent float64 // the capitals' height above the baseline
}

// SetLine sets s (made one line, as a frame's text is) in the regular font
// at size, an em in the caller's units (points on a PDF page): shrunk to
// fit maxW but not under minSize, and cut with an ellipsis when still too
// wide.
func SetLine(s string, size, minSize, maxW float64) (Line, error) {
	reg, _, err := fonts()
	if err != nil {
		return Line{}, err
	}
	t, size := fit(reg, clean(s), size, minSize, maxW)
	var l Line
	outline(&l.p, reg, t, size, 0, 0)
	l.Width, l.Ascent = width(reg, t, size), ascent(reg, size)
	return l, nil
}

// AppendPDF appends the line's outlines as PDF path operators, its
// baseline's left end moved to (x, y), y down as the caller's cm has it.
func (l Line) AppendPDF(b []byte, x, y float64) []byte {
	return l.p.appendPDF(b, x, y)
}
