package render

import (
	"fmt"
	"image/color"
	"math"

	"qrkeyless/core/qr"
)

// Contrast returns the WCAG 2 contrast ratio of fg drawn on bg, from 1 (none)
// to 21 (black on white). Colours are laid over white paper first, so a
// transparent background counts as white and a translucent foreground as
// the blend it prints as.
func Contrast(fg, bg color.NRGBA) float64 {
	paper := over(bg, White)
	a, b := luminance(over(fg, paper)), luminance(paper)
	if a < b {
		a, b = b, a
	}
	return (a + .05) / (b + .05)
}

// over lays c on an opaque background.
func over(c, bg color.NRGBA) color.NRGBA {
	mix := func(x, y uint8) uint8 {
		return uint8((uint32(x)*uint32(c.A) + uint32(y)*(255-uint32(c.A)) + 127) / 255)
	}
	return color.NRGBA{mix(c.R, bg.R), mix(c.G, bg.G), mix(c.B, bg.B), 255}
}

// luminance is the WCAG 2 relative luminance of an opaque sRGB colour.
func luminance(c color.NRGBA) float64 {
	lin := func(v uint8) float64 {
		s := float64(v) / 255
		if s <= .04045 {
			return s / 12.92
		}
		return math.Pow((s+.055)/1.055, 2.4)
	}
	return .2126*lin(c.R) + .7152*lin(c.G) + .0722*lin(c.B)
}

// MinContrast is the least contrast ratio (WCAG) between color and bg a
// code may have: below it Warnings flags the colours, and verify never
// calls the code scannable, whatever it decodes here, since phone cameras
// in poor light lose it. One figure, so that the warning, the verify
// report, the editor and docs/interface.md say the same.
const MinContrast = 3

// QuietZone is the quiet zone, in modules, that ISO/IEC 18004 asks for.
const QuietZone = 4

// Warnings returns plain-language warnings about choices in o that make a
// QR code harder to scan: they do not stop it rendering, since the caller
// asked for them. nil when there is nothing to say.
func Warnings(o Options) []string { return SymbolWarnings(qr.QR, o) }

// SymbolWarnings is Warnings for a symbol of kind s, whose quiet zone is
// its own (s.QuietZone: 2 modules for Micro QR and rMQR).
func SymbolWarnings(s qr.Symbol, o Options) []string {
	var w []string
	if Inverted(o) {
		w = append(w, "inverted colours: light modules on a dark background; many scanners cannot read them. Swap color and bg.")
	}
	if r := Contrast(o.FG, o.BG); r < MinContrast {
		w = append(w, fmt.Sprintf("low contrast: %.2f:1 between color and bg; a code needs at least %d:1 to scan in poor light. Darken color or lighten bg.", math.Floor(r*100)/100, MinContrast))
	}
	if o.BG.A < 255 {
		w = append(w, "transparent background: the code scans only when placed on a plain light surface.")
	}
	if q := s.QuietZone(); o.Margin < q {
		w = append(w, fmt.Sprintf("quiet zone of %d modules; scanners expect %d. Use margin=%d.", o.Margin, q, q))
	}
	return w
}

// Scannable reports whether c drawn with o has modules large enough to
// scan: 2 pixels for square modules and eyes, 3 for the shapes that leave
// more of a module light and for round or diamond eyes, whose finders blur
// to grey below that; and an eye phone scanners read at c's version
// (EyeVerified). When not, reason says so and names a size or an eye that
// is.
func Scannable(c *qr.Code, o Options) (ok bool, reason string) {
	s, e := styles[styleIndex(o.Style)], eyes[eyeIndex(o.Eye)].name
	r, b := o.look()
	if max := EyeVerified(o.Eye, o.Ball); c.Version > max {
		_, _, eye, ball := EyeServed(o.Eye, o.Ball, c.Version)
		return false, fmt.Sprintf("%s is read unreliably by common phone scanners above version %d, and this code is version %d: use %s, or less data.",
			EyeLook(e, o.Ball), max, c.Version, EyeLook(eye, ball))
	}
	min := max(s.minPx, r.minPx, b.minPx)
	l := newLayout(c, o)
	if l.unit >= min {
		return true, ""
	}
	need := int(math.Ceil(min)) * (c.Width + 2*o.Margin)
	return false, fmt.Sprintf("modules are %g px wide at size=%d; style %s with %s needs at least %g px per module. Use size=%d or more, shorter data or a lower ec.",
		math.Floor(l.unit*100)/100, o.Size, s.name, EyeLook(e, o.Ball), min, need)
}

// EyeLook names an eye and its ball as a person would ask for them: "eye
// circle", or "eye circle with eye_ball star" when the ball is not the
// eye's own.
func EyeLook(eye, ball string) string {
	if ball == "" || ball == OwnBall(eye) {
		return "eye " + eye
	}
	return "eye " + eye + " with eye_ball " + ball
}
