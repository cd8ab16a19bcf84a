package params

import (
	"fmt"
	"image/color"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"qrkeyless/core/problem"
	"qrkeyless/core/qr"
	"qrkeyless/core/render"
)

// The branding parameters: gradients and part colours, a logo, a frame
// with a call to action. core/brand draws them and verifies every code
// that has one before it is served; this file only reads them.
var (
	EyeColor     = Param{Name: "eye_color", Type: "string", Help: "Colour of the finder rings: hex or a gradient as for color, for all three; or three hex for the top-left, top-right and bottom-left (cc0000,008800,0000cc). Default: color."}
	EyeBallColor = Param{Name: "eye_ball_color", Type: "string", Help: "Colour of the finder balls, as eye_color. Default: eye_color."}

	Logo       = Param{Name: "logo", Type: "string", Help: "An image for the middle of the code, as a data URI (data:image/svg+xml,..., or data:image/png;base64,..., also jpeg and webp; at most 256 KiB). Never a URL: nothing is fetched. Modules under it are cleared whole, never the finder, timing, alignment or format patterns; ec defaults to H; the code is verified, and a logo too large to scan is a 422 whose fix has the largest logo_size that does."}
	LogoSize   = Param{Name: "logo_size", Type: "number", Default: "0.2", Help: "The logo's side as a share of the symbol's width, 0.05 to 0.4.", Example: "0.2"}
	LogoMargin = Param{Name: "logo_margin", Type: "integer", Default: "1", Min: 0, Max: 4, Help: "Modules cleared round the logo.", Example: "1"}
	LogoBG     = Param{Name: "logo_bg", Type: "string", Help: "The plate behind the logo: hex, or none. Default: bg (none when bg is transparent).", Example: "ffffff"}
	LogoShape  = Param{Name: "logo_shape", Type: "string", Default: "square", Enum: logoShapes, Help: "The logo's plate: square, rounded (corners a quarter of its side) or circle (as wide as the square). Modules are cleared where the plate covers them.", Example: "circle"}

	Outline  = Param{Name: "outline", Type: "string", Default: "square", Enum: render.OutlineNames, Help: "The code's outline: square, or circle: the symbol and its quiet zone inside a circle of decorative modules in the same style, on a round plate of bg whose corners are transparent. QR only; the code is verified.", Example: "circle"}
	BGRadius = Param{Name: "bg_radius", Type: "integer", Default: "0", Min: 0, Max: 16, Help: "Rounds the background's corners by this many modules, the corners transparent: at most 3.4 times margin (13 at margin 4), which keeps the symbol's own corners on the plate. Not with outline=circle, whose plate is round."}

	Frame          = Param{Name: "frame", Aliases: []string{"tpl"}, Type: "string", Default: "none", Enum: frameNames, Help: "A frame round the code, outside its quiet zone.", Example: "banner-bottom"}
	FrameText      = Param{Name: "frame_text", Aliases: []string{"label"}, Type: "string", Help: "The frame's call to action, at most 30 characters of Latin, Greek or Cyrillic; without a frame, a caption under the code.", Example: "SCAN ME"}
	FrameColor     = Param{Name: "frame_color", Type: "string", Help: "The frame's colour: hex. Default: color (its darkest stop).", Example: "1a237e"}
	FrameTextColor = Param{Name: "frame_text_color", Type: "string", Help: "The text's colour: hex, at least 3:1 against what it is drawn on. Default: white or black on a band, whichever shows more, else frame_color.", Example: "ffffff"}
)

// frameNames lists the frame values. core/frame's Frames is the registry
// of what they draw; this list is what the parameter takes, without
// importing the fonts core/frame draws with into every program that reads
// parameters (the editor's).
func frameNames() []string {
	return []string{"none", "box", "rounded", "banner-bottom", "banner-top", "bubble", "card", "standee"}
}

// logoShapes lists the logo_shape values, the default first, with the
// corner radius of each as a share of the plate's side.
func logoShapes() []string { return []string{"square", "rounded", "circle"} }

// LogoCorner is the corner radius of a logo plate of shape s, as a share
// of its shorter side.
func LogoCorner(s string) float64 {
	return map[string]float64{"rounded": 0.25, "circle": 0.5}[s]
}

// Branding lists the branding parameters, in the order they are checked
// and documented.
var Branding = []Param{EyeColor, EyeBallColor, Logo, LogoSize, LogoMargin, LogoBG, LogoShape, Outline, BGRadius, Frame, FrameText, FrameColor, FrameTextColor}

// Paint is a fill: one colour, or a gradient over the symbol.
type Paint struct {
	Kind  string        // "" for one colour, "linear" or "radial"
	Stops []color.NRGBA // one for a colour; two to four, evenly spaced, for a gradient
	Angle float64       // linear: its direction in degrees, as CSS: 0 up, 90 right, 180 down
}

// Solid returns the paint of one colour.
func Solid(c color.NRGBA) Paint { return Paint{Stops: []color.NRGBA{c}} }

// String writes p as the parameter takes it: rrggbb, or
// linear:rrggbb,rrggbb,<angle>deg, or radial:rrggbb,rrggbb.
func (p Paint) String() string {
	stops := make([]string, len(p.Stops))
	for i, c := range p.Stops {
		stops[i] = Hex(c)
	}
	switch p.Kind {
	case "linear":
		return "linear:" + strings.Join(stops, ",") + "," + strconv.FormatFloat(p.Angle, 'f', -1, 64) + "deg"
	case "radial":
		return "radial:" + strings.Join(stops, ",")
	}
	return strings.Join(stops, ",")
}

// Worst returns the stop with the least contrast against bg: what a
// scanner sees where the gradient is faintest.
func (p Paint) Worst(bg color.NRGBA) color.NRGBA {
	worst, least := color.NRGBA{A: 255}, math.Inf(1)
	for _, c := range p.Stops {
		if k := render.Contrast(c, bg); k < least {
			worst, least = c, k
		}
	}
	return worst
}

// Darkest returns the stop of least luminance (the first, of equals).
func (p Paint) Darkest() color.NRGBA {
	return p.Worst(color.NRGBA{0, 0, 0, 255}) // the least contrast against black
}

// Eyes is a paint for each finder: top-left, top-right, bottom-left. The
// zero value is none: the finders take the paint they default to.
type Eyes [3]Paint

// EyesOf returns p for all three finders.
func EyesOf(p Paint) Eyes { return Eyes{p, p, p} }

// Set reports whether e was given.
func (e Eyes) Set() bool { return len(e[0].Stops) > 0 }

// Or returns e, or d where e was not given.
func (e Eyes) Or(d Eyes) Eyes {
	if e.Set() {
		return e
	}
	return d
}

// String writes e as eye_color takes it: one paint when the three are
// alike, else three hex colours.
func (e Eyes) String() string {
	if e[0].String() == e[1].String() && e[1].String() == e[2].String() {
		return e[0].String()
	}
	return e[0].String() + "," + e[1].String() + "," + e[2].String()
}

// Brand is the branding of a code, read from its parameters.
type Brand struct {
	Paint               Paint // the modules
	EyePaint, BallPaint Eyes  // the finder rings and balls

	Logo       string      // the logo's data URI, as sent; "" for none
	LogoSize   float64     // share of the symbol's width
	LogoMargin int         // modules cleared round it
	LogoBG     color.NRGBA // the plate; A == 0 for none
	LogoShape  string      // the plate's shape, one of logoShapes

	Outline  string // "square" or "circle"
	BGRadius int    // the background's corner radius in modules

	Frame          string // a frame name; "none" for none
	FrameText      string
	FrameColor     color.NRGBA
	FrameTextColor color.NRGBA
	frameTextSet   bool // frame_text_color was given, not the default
	CaptionSize    int  // a caption's letters in pixels; 0 for the size that suits the code (QuickChart's captionFontSize sets it: core/compat)
}

// Branded reports whether b asks for anything a plain render does not
// draw: a gradient or a part colour, a logo, a frame or a caption.
func (b Brand) Branded() bool {
	return b.Touches() || b.Frame != "none" || strings.TrimSpace(b.FrameText) != ""
}

// Touches reports whether b changes the code's own pixels or its ground
// (a gradient, a part colour, a logo, a circle round it, rounded
// corners), which a scanner may then fail to read; a frame and its text
// sit outside the quiet zone and leave them as they are.
func (b Brand) Touches() bool {
	return b.Paint.Kind != "" || b.EyePaint.Set() || b.BallPaint.Set() || b.Logo != "" ||
		b.Outline == "circle" || b.BGRadius > 0
}

// Branded reports whether o asks for branding.
func (o Options) Branded() bool { return o.Brand.Branded() }

// parsePaint reads a colour or a gradient: linear:<stop>,<stop>[,...][,<angle>deg]
// or radial:<stop>,<stop>[,...], stops in hex.
func parsePaint(call problem.Call, param Param, name, v string) (Paint, *problem.Problem) {
	kind, rest, grad := strings.Cut(v, ":")
	if !grad {
		c, p := hexColor(call, param, name, v)
		return Solid(c), p
	}
	kind = strings.ToLower(strings.TrimSpace(kind))
	example := "linear:0f2027,2c5364,135deg"
	bad := func(why string) (Paint, *problem.Problem) {
		return Paint{}, problem.BadValue.New(param.Name, fmt.Sprintf(
			"%s=%q: %s; write linear:<hex>,<hex>[,<angle>deg] or radial:<hex>,<hex> with two to four hex stops", name, v, why), call.With(name, example))
	}
	if kind != "linear" && kind != "radial" {
		return bad(fmt.Sprintf("%q is not linear or radial", kind))
	}
	pt := Paint{Kind: kind, Angle: 180}
	for i, f := range strings.Split(rest, ",") {
		f = strings.TrimSpace(f)
		if deg, ok := strings.CutSuffix(strings.ToLower(f), "deg"); ok {
			a, err := strconv.ParseFloat(deg, 64)
			if kind != "linear" || err != nil || math.IsNaN(a) || math.IsInf(a, 0) || i < 2 {
				return bad("the angle must be a number of degrees after the stops of a linear gradient")
			}
			pt.Angle = math.Mod(math.Mod(a, 360)+360, 360)
			continue
		}
		c, ok := ParseHex(f)
		if !ok {
			return bad(fmt.Sprintf("%q is not a hex colour", f))
		}
		pt.Stops = append(pt.Stops, c)
	}
	if len(pt.Stops) < 2 || len(pt.Stops) > 4 {
		return bad(fmt.Sprintf("it has %d stops", len(pt.Stops)))
	}
	return pt, nil
}

// eyesExample is eye_color with a colour per eye.
const eyesExample = "cc0000,008800,0000cc"

// parseEyes reads a paint for the finders: one colour or gradient for all
// three, or three hex colours, top-left, top-right, bottom-left. A
// gradient's prefix tells the two apart, so its commas are never taken for
// three colours.
func parseEyes(call problem.Call, param Param, name, v string) (Eyes, *problem.Problem) {
	fs := strings.Split(v, ",")
	if strings.Contains(v, ":") || len(fs) == 1 {
		p, bad := parsePaint(call, param, name, v)
		return EyesOf(p), bad
	}
	if len(fs) != 3 {
		fix := eyesExample
		if c, ok := ParseHex(strings.TrimSpace(fs[0])); ok {
			fix = Hex(c)
		}
		return Eyes{}, problem.BadValue.New(param.Name, fmt.Sprintf(
			"%s=%q has %d colours: write one colour or gradient for all three eyes (1a237e, linear:0f2027,2c5364,135deg), or three hex colours for the top-left, top-right and bottom-left eyes (%s)", name, v, len(fs), eyesExample), call.With(name, fix))
	}
	var e Eyes
	for i, f := range fs {
		c, ok := ParseHex(strings.TrimSpace(f))
		if !ok {
			// The fix keeps the other two and puts the colour named, or
			// black, in this one's place.
			fixed := slices.Clone(fs)
			fixed[i] = "000000"
			if n, ok := named[strings.ToLower(strings.TrimSpace(f))]; ok {
				fixed[i] = n
			}
			return Eyes{}, problem.BadValue.New(param.Name, fmt.Sprintf(
				"%s=%q: %q is not a hex colour; the three eyes' colours are each RGB, RRGGBB or RRGGBBAA", name, v, f), call.With(name, strings.Join(fixed, ",")))
		}
		e[i] = Solid(c)
	}
	return e, nil
}

// parseBrand reads the branding parameters of call into o.Brand, after
// the shared ones: defaults follow color and bg.
func parseBrand(call problem.Call, known []string, o *Options, ecSet bool) *problem.Problem {
	b := &o.Brand
	b.Paint = Solid(o.FG)
	b.LogoSize, b.LogoMargin, b.LogoShape, b.Frame = 0.2, 1, "square", "none"
	b.Outline = "square"
	var (
		v, name string
		p       *problem.Problem
	)
	if v, name, p = Get(call, own(Color, known)); p == nil && strings.Contains(v, ":") {
		if b.Paint, p = parsePaint(call, Color, name, v); p == nil {
			o.FG = b.Paint.Worst(o.BG) // what contrast is judged on, and plain renderers draw
		}
	}
	if v, name, p = orProblem(p, call, own(EyeColor, known)); p == nil && v != "" {
		b.EyePaint, p = parseEyes(call, EyeColor, name, v)
	}
	if v, name, p = orProblem(p, call, own(EyeBallColor, known)); p == nil && v != "" {
		b.BallPaint, p = parseEyes(call, EyeBallColor, name, v)
	}
	if v, name, p = orProblem(p, call, own(Logo, known)); p == nil && v != "" {
		switch {
		case !strings.HasPrefix(v, "data:"):
			p = problem.BadValue.New(Logo.Name, fmt.Sprintf(
				"%s must be a data URI holding the image (data:image/png;base64,... or data:image/svg+xml,...): the service fetches nothing", name), call.With(name, LogoExample))
		case len(v) > MaxLogoURI:
			p = problem.TooLarge.New(Logo.Name, fmt.Sprintf(
				"%s is %d KiB; at most %d KiB", name, len(v)>>10, MaxLogoURI>>10), "Send a logo of at most 256 KiB, as POST /api/v1/qr with a JSON body for one over a few KiB.")
		}
		b.Logo = v
	}
	if v, name, p = orProblem(p, call, own(LogoSize, known)); p == nil && v != "" {
		f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || math.IsNaN(f) || f < 0.05 || f > 0.4 {
			fix := "0.2"
			if err == nil && !math.IsNaN(f) {
				fix = strconv.FormatFloat(math.Min(0.4, math.Max(0.05, f)), 'f', -1, 64)
			}
			p = problem.BadValue.New(LogoSize.Name, fmt.Sprintf("%s=%q must be a share of the symbol's width from 0.05 to 0.4", name, v), call.With(name, fix))
		}
		b.LogoSize = math.Round(f*1000) / 1000
	}
	if v, name, p = orProblem(p, call, own(LogoMargin, known)); p == nil && v != "" {
		b.LogoMargin, p = integer(call, LogoMargin, name, v)
	}
	b.LogoBG = o.BG
	if v, name, p = orProblem(p, call, own(LogoBG, known)); p == nil && v != "" {
		if strings.EqualFold(v, "none") || strings.EqualFold(v, "transparent") {
			b.LogoBG = color.NRGBA{}
		} else {
			b.LogoBG, p = hexColor(call, LogoBG, name, v)
		}
	}
	if v, name, p = orProblem(p, call, own(LogoShape, known)); p == nil && v != "" {
		b.LogoShape, p = enum(call, LogoShape, name, v)
	}
	if v, name, p = orProblem(p, call, own(Outline, known)); p == nil && v != "" {
		b.Outline, p = enum(call, Outline, name, v)
	}
	if v, name, p = orProblem(p, call, own(BGRadius, known)); p == nil && v != "" {
		b.BGRadius, p = integer(call, BGRadius, name, v)
		if most := MaxBGRadius(o.Margin); p == nil && b.BGRadius > most {
			p = problem.BadValue.New(BGRadius.Name, fmt.Sprintf(
				"%s=%d would round the corners into the symbol: with margin=%d at most %d", name, b.BGRadius, o.Margin, most), call.With(name, strconv.Itoa(most)))
		}
		if p == nil && b.Outline == "circle" && b.BGRadius > 0 {
			p = problem.Conflict.New(BGRadius.Name, fmt.Sprintf("%s rounds a square background; outline=circle has a round one already", name), call.With("", "", name))
		}
	}
	if v, name, p = orProblem(p, call, own(Frame, known)); p == nil && v != "" {
		b.Frame, p = enum(call, Frame, name, v)
	}
	if v, name, p = orProblem(p, call, own(FrameText, known)); p == nil && v != "" {
		if n := utf8.RuneCountInString(strings.TrimSpace(v)); n > 30 {
			short := []rune(strings.TrimSpace(v))[:30]
			p = problem.BadValue.New(FrameText.Name, fmt.Sprintf(
				"%s has %d characters; a frame holds at most 30", name, n), call.With(name, strings.TrimSpace(string(short))))
		}
		b.FrameText = strings.TrimSpace(v)
	}
	b.FrameColor = b.Paint.Darkest()
	if v, name, p = orProblem(p, call, own(FrameColor, known)); p == nil && v != "" {
		b.FrameColor, p = hexColor(call, FrameColor, name, v)
	}
	if v, name, p = orProblem(p, call, own(FrameTextColor, known)); p == nil && v != "" {
		b.FrameTextColor, p = hexColor(call, FrameTextColor, name, v)
		b.frameTextSet = true
	}
	if p != nil {
		return p
	}
	if b.Branded() && o.Format.Brand == nil {
		what, in := brandNames(call), render.BrandFormatNames()
		return problem.Conflict.New(what[0], fmt.Sprintf(
			"%s are drawn in %s and %s only, not %s", strings.Join(what, ", "), strings.Join(in[:len(in)-1], ", "), in[len(in)-1], o.Format.Name), call.With(Format.Name, "png", Format.Aliases...))
	}
	if !ecSet && b.Logo != "" {
		o.EC = qr.H // the logo hides modules: the most redundancy
	}
	return nil
}

// MaxBGRadius is the largest bg_radius that keeps a symbol with a quiet
// zone of margin modules whole on its plate: a corner of radius r cuts
// r(1 - 1/sqrt 2) into the canvas along its diagonal.
func MaxBGRadius(margin int) int {
	return min(BGRadius.Max, int(float64(margin)/(1-1/math.Sqrt2)))
}

// MaxLogoURI bounds the logo parameter: a 256 KiB image, base64.
const MaxLogoURI = 256<<10*4/3 + 64

// brandNames lists the branding parameters call uses, for a problem.
func brandNames(call problem.Call) []string {
	var names []string
	for _, p := range append([]Param{Color}, Branding...) {
		for _, n := range p.Names() {
			if v := call.Query.Get(n); v != "" && (p.Name != Color.Name || strings.Contains(v, ":")) {
				names = append(names, n)
			}
		}
	}
	if len(names) == 0 {
		names = []string{Frame.Name}
	}
	return names
}

// TextOn returns the frame text's colour: as given, else white or black on
// a band (whichever shows more), else the frame's colour.
func (b Brand) TextOn(band bool, paper color.NRGBA) color.NRGBA {
	if b.frameTextSet {
		return b.FrameTextColor
	}
	if !band {
		return b.FrameColor
	}
	white, black := color.NRGBA{255, 255, 255, 255}, color.NRGBA{0, 0, 0, 255}
	if render.Contrast(white, paper) >= render.Contrast(black, paper) {
		return white
	}
	return black
}

// canonical writes the branding in one fixed form, for the cache key and
// for the editor's verify worker, which reads it back as a query (the
// gradient is written as color by Options.Canonical).
func (b Brand) canonical() string {
	if !b.Branded() {
		return ""
	}
	var s strings.Builder
	if b.EyePaint.Set() {
		s.WriteString("&eye_color=" + url.QueryEscape(b.EyePaint.String()))
	}
	if b.BallPaint.Set() {
		s.WriteString("&eye_ball_color=" + url.QueryEscape(b.BallPaint.String()))
	}
	if b.Logo != "" {
		logoBG := "none"
		if b.LogoBG.A > 0 {
			logoBG = Hex(b.LogoBG)
		}
		fmt.Fprintf(&s, "&logo_size=%s&logo_margin=%d&logo_bg=%s", strconv.FormatFloat(b.LogoSize, 'f', -1, 64), b.LogoMargin, logoBG)
		if b.LogoShape != "square" {
			s.WriteString("&logo_shape=" + b.LogoShape)
		}
		s.WriteString("&logo=" + url.QueryEscape(b.Logo))
	}
	if b.Outline != "square" {
		s.WriteString("&outline=" + b.Outline)
	}
	if b.BGRadius > 0 {
		s.WriteString("&bg_radius=" + strconv.Itoa(b.BGRadius))
	}
	if b.Frame != "none" || b.FrameText != "" {
		fmt.Fprintf(&s, "&frame=%s&frame_color=%s&frame_text=%s", b.Frame, Hex(b.FrameColor), url.QueryEscape(b.FrameText))
		if b.frameTextSet {
			s.WriteString("&frame_text_color=" + Hex(b.FrameTextColor))
		}
		if b.CaptionSize > 0 {
			s.WriteString("&caption_size=" + strconv.Itoa(b.CaptionSize))
		}
	}
	return s.String()
}

// LogoExample is a logo as the logo parameter takes it: a red disc, as an
// SVG data URI. Fixes and the POST example use it; the GET examples leave
// the logo out, since every operation's examples are tried together.
const LogoExample = "data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%20viewBox%3D%220%200%2010%2010%22%3E%3Ccircle%20cx%3D%225%22%20cy%3D%225%22%20r%3D%225%22%20fill%3D%22%23e53935%22%2F%3E%3C%2Fsvg%3E"
