// Package params is the table of the parameters every generation endpoint
// takes (Param: name, aliases, type, default, bounds, help, example), from
// which the API reads them, the OpenAPI description, the MCP tools'
// schemas, /docs and llms.txt list them, and the editor names its
// controls; and the reading of them from a call: each value checked, and
// the problem document (with a corrected call) for each way it can be
// wrong. Encoding what was read is core/generate's; the secret rule and
// the strict reading of a query are core/request's.
package params

import (
	"fmt"
	"image/color"
	"net/url"
	"strconv"
	"strings"

	"qrkeyless/core/payload"
	"qrkeyless/core/problem"
	"qrkeyless/core/qr"
	"qrkeyless/core/render"
	"qrkeyless/internal/jsonschema"
)

// Param describes one query parameter: the table that drives parsing, the
// OpenAPI document, the MCP tool schemas, llms.txt and docs/parameters.md.
type Param struct {
	Name     string
	Aliases  []string
	Type     string // "integer", "number", "string" or "boolean"
	Default  string // empty when the default depends on other parameters
	Min, Max int    // bounds of an integer
	Enum     func() []string
	Help     string
	Example  string
	// SameBytes marks a parameter that changes no answer's bytes (only
	// a header, say), which the edge-cache key may leave out; every other
	// rendering parameter must change the key where it changes the bytes
	// (core/verify's TestEveryParameterKeysItsBytes).
	SameBytes bool
}

// Value is s, a default or an example written as in a query string, as the
// JSON value of the parameter's type: 512 for an integer, true for a
// boolean "1" or any other yes payload.ParseBool reads, the text itself
// otherwise.
func (p Param) Value(s string) any {
	switch p.Type {
	case "integer":
		if n, err := strconv.Atoi(s); err == nil {
			return n
		}
	case "number":
		if f, err := strconv.ParseFloat(s, 64); err == nil {
			return f
		}
	case "boolean":
		yes, _ := payload.ParseBool(s)
		return yes
	}
	return s
}

// Schema is the JSON Schema of the parameter's value: its type, bounds,
// choices, default and example, described by its help. The OpenAPI
// description and the MCP tools' input schemas both take it.
func (p Param) Schema() jsonschema.Schema {
	v := jsonschema.Value{Type: p.Type, Description: p.Help}
	if (p.Type == "integer" || p.Type == "number") && p.Max > 0 {
		v.Min, v.Max = jsonschema.Bound(float64(p.Min)), jsonschema.Bound(float64(p.Max))
	}
	if p.Enum != nil {
		v.Enum = p.Enum()
	}
	if p.Default != "" {
		v.Default = p.Value(p.Default)
	}
	if p.Example != "" {
		v.Examples = []any{p.Value(p.Example)}
	}
	return v.Schema()
}

// Properties is ps as a JSON Schema object's properties, by name: the
// sheet's and the size advice's tables, as OpenAPI and the MCP tools
// describe them.
func Properties(ps []Param) jsonschema.Schema {
	props := jsonschema.Schema{}
	for _, p := range ps {
		props[p.Name] = p.Schema()
	}
	return props
}

// Names returns the parameter's name followed by its aliases.
func (p Param) Names() []string { return append([]string{p.Name}, p.Aliases...) }

// Bounds of the size and margin parameters.
const (
	MinSize, MaxSize, DefaultSize       = 64, 4096, 512
	MinMargin, MaxMargin, DefaultMargin = 0, 10, 4
)

// The parameters, in the order they are checked and documented.
var (
	Size   = Param{Name: "size", Aliases: []string{"width"}, Type: "integer", Default: "512", Min: MinSize, Max: MaxSize, Help: "Output width in pixels, quiet zone included.", Example: "512"}
	Format = Param{Name: "format", Aliases: []string{"type", "output"}, Type: "string", Default: "png", Enum: func() []string { return append(render.FormatNames(), ZipFormat) }, Help: "Output format; zip only with parts (one PNG a part).", Example: "svg"}
	Color  = Param{Name: "color", Aliases: []string{"fg", "dark"}, Type: "string", Default: "000000", Help: "Foreground hex color: RGB, RRGGBB or RRGGBBAA, with or without #; or a gradient over the modules and eyes, linear:<hex>,<hex>[,<angle>deg] (CSS angles, default 180deg, top to bottom) or radial:<hex>,<hex> (centre outwards), two to four stops; contrast is judged on the faintest stop.", Example: "1a237e"}
	BG     = Param{Name: "bg", Aliases: []string{"light", "background"}, Type: "string", Default: "ffffff", Help: "Background hex color, or transparent.", Example: "ffffff"}
	Style  = Param{Name: "style", Aliases: []string{"dots"}, Type: "string", Default: "square", Enum: render.StyleNames, Help: "Module shape.", Example: "square"}
	Eye    = Param{Name: "eye", Type: "string", Default: "square", Enum: render.EyeNames, Help: "Finder-eye shape: the ring and, unless eye_ball says another, the ball of its name.", Example: "rounded"}
	Ball   = Param{Name: "eye_ball", Type: "string", Enum: render.BallNames, Help: "The eyes' ball on its own, inside the ring eye draws; default the eye's own. A ball that does not fit the ring among the style's modules is a 422 naming the nearest that does.", Example: "corner"}
	EC     = Param{Name: "ec", Type: "string", Enum: func() []string { return []string{"L", "M", "Q", "H"} }, Help: "Error correction level; H survives the most damage. Default M, or H for a non-square style.", Example: "H"}
	Margin = Param{Name: "margin", Aliases: []string{"quiet"}, Type: "integer", Default: "4", Min: MinMargin, Max: MaxMargin, Help: "Quiet zone in modules; default 4, or 2 for symbol=micro and rmqr (their standards' quiet zone).", Example: "4"}

	Invert = Param{Name: "invert", Type: "string", Default: "0", Enum: func() []string { return BoolValues }, Help: "1 swaps dark and light in the terminal formats (utf8, ansi, ascii): ascii on a dark terminal wants it.", Example: "0"}

	SizeMM = Param{Name: "size_mm", Type: "number", Help: "Physical side of a pdf, eps or svg in millimetres, quiet zone included (5 to 2000); svg then has mm units.", Example: "40"}
	SizeIn = Param{Name: "size_in", Type: "number", Help: "The same in inches (0.2 to 80); give size_mm or size_in, not both."}
	DPI    = Param{Name: "dpi", Type: "integer", Min: 72, Max: 4800, Help: "png only: the resolution the PNG says it is printed at (a pHYs chunk)."}
	CMYK   = Param{Name: "cmyk", Type: "string", Default: "0", Enum: func() []string { return BoolValues }, Help: "pdf and eps only: 1 writes the colours as CMYK, black as 0/0/0/100.", Example: "0"}

	// Data is the text to encode on /api/v1/qr, /q/ and /api/v1/verify.
	Data = Param{Name: "data", Aliases: []string{"text", "content", "url", "q"}, Type: "string", Help: "The exact text to encode.", Example: "https://example.com"}
	// Verify asks /api/v1/qr for the x-qr-* verification headers.
	Verify = Param{Name: "verify", Type: "boolean", Default: "0", Help: "1 adds x-qr-ec, x-qr-contrast and x-qr-verified headers (x-qr-symbol, x-qr-version and x-qr-parts are on every code).", Example: "1"}
	// Overlay asks /api/v1/inspect for the picture with what it found marked.
	Overlay = Param{Name: "overlay", Type: "boolean", Default: "0", Help: "1 adds overlay: the picture with the finder patterns found, the fitted grid and the damaged modules marked, as a PNG data URI.", Example: "1"}
)

// Shared lists the rendering parameters every generation endpoint accepts.
var Shared = append([]Param{PresetP, Size, Format, Color, BG, Style, Eye, Ball, EC, Margin, Invert, SizeMM, SizeIn, DPI, CMYK, VersionP, Mask, ECIP, Boost, Mode,
	SymbolP, RMQRHeight, Parts, PartsLayout}, Branding...)

// Options are validated rendering parameters.
type Options struct {
	Size   int
	Format render.Format
	FG, BG color.NRGBA // BG.A == 0 is a transparent background
	Style  string
	Eye    string
	Ball   string // "" for the eye's own
	EC     qr.Level
	Margin int
	Border int  // pixels of background outside the quiet zone: no parameter of ours sets it, goQR's margin does (core/compat)
	Invert bool // terminal formats only

	// Print (see render.Options): a physical side in points for vector
	// formats, CMYK for pdf and eps, a resolution for png.
	WidthPt float64
	CMYK    bool
	DPI     int

	// Controls, when set (by core/controls, from the symbol controls),
	// adjusts the encoder and writes the text in the charset they name
	// before it is encoded; ControlsKey is their canonical form.
	Controls    func(call problem.Call, e *qr.Encoder, text string) (string, *problem.Problem)
	ControlsKey string

	// Symbol is what the typed kind the call's path names (/api/v1/epc)
	// requires of the symbol; Parse sets it, Encode and Render honour it.
	Symbol payload.Symbol

	// Brand is the code's branding (brand.go): core/brand draws it.
	Brand Brand

	// Family is the symbol of the QR family asked for (family.go): Micro
	// QR, rMQR or a structured-append sequence of QR symbols.
	Family Family
}

// Render returns the options render needs.
func (o Options) Render() render.Options {
	return render.Options{Size: o.Size, Margin: o.Margin, Border: o.Border, FG: o.FG, BG: o.BG, Style: o.Style, Eye: o.Eye, Ball: o.Ball, Mark: o.Symbol.Mark, Invert: o.Invert, Outline: o.Brand.Outline,
		WidthPt: o.WidthPt, CMYK: o.CMYK, DPI: o.DPI}
}

// Canonical writes o in one fixed form, the same for every spelling of the
// same request (aliases, case, # or not).
func (o Options) Canonical() string {
	fg := Hex(o.FG)
	if o.Brand.Paint.Kind != "" {
		fg = url.QueryEscape(o.Brand.Paint.String())
	}
	s := fmt.Sprintf("size=%d&format=%s&color=%s&bg=%s&style=%s&eye=%s&ec=%v&margin=%d",
		o.Size, o.Format.Name, fg, Hex(o.BG), o.Style, o.Eye, o.EC, o.Margin)
	if o.Border > 0 {
		s += "&border=" + strconv.Itoa(o.Border)
	}
	if o.Invert {
		s += "&invert=1"
	}
	if o.WidthPt > 0 {
		s += "&width_pt=" + strconv.FormatFloat(o.WidthPt, 'g', -1, 64)
	}
	if o.CMYK {
		s += "&cmyk=1"
	}
	if o.DPI > 0 {
		s += "&dpi=" + strconv.Itoa(o.DPI)
	}
	if o.Ball != "" {
		s += "&eye_ball=" + o.Ball
	}
	return s + o.Brand.canonical() + o.ControlsKey + o.Family.canonical()
}

// Parse reads the shared parameters of call. known lists the other names the
// endpoint takes (data, verify, a kind's fields), so they are not mistaken
// for near misses of a parameter name. On a typed kind's path it also takes
// on what the kind's standard requires of the symbol (Options.Symbol).
func Parse(call problem.Call, known ...string) (Options, *problem.Problem) {
	o := Options{Size: DefaultSize, Format: render.Formats[0], FG: render.Black, BG: render.White, Style: "square", Eye: "square", EC: qr.M, Margin: DefaultMargin}
	call, p := WithPreset(call)
	if p == nil {
		p = checkNames(call, known)
	}
	if p != nil {
		return o, p
	}
	var (
		v, name string
		ecSet   bool
	)
	if v, name, p = Get(call, own(Size, known)); p == nil && v != "" {
		o.Size, p = integer(call, Size, name, v)
	}
	zip := false // format=zip: a sequence's parts, one PNG a part (family.go)
	if v, name, p = orProblem(p, call, own(Format, known)); p == nil && v != "" {
		var ok bool
		if o.Format, ok = render.LookupFormat(strings.ToLower(v)); !ok {
			if zip = strings.EqualFold(v, ZipFormat); zip {
				o.Format = render.Formats[0]
			} else {
				p = choice(call, Format, name, v)
			}
		}
	}
	if v, name, p = orProblem(p, call, own(Color, known)); p == nil && v != "" && !strings.Contains(v, ":") {
		o.FG, p = hexColor(call, Color, name, v) // a gradient is read with the branding
	}
	if v, name, p = orProblem(p, call, own(BG, known)); p == nil && v != "" {
		if strings.EqualFold(v, "transparent") {
			o.BG = color.NRGBA{}
		} else {
			o.BG, p = hexColor(call, BG, name, v)
		}
	}
	if v, name, p = orProblem(p, call, own(Style, known)); p == nil && v != "" {
		o.Style, p = enum(call, Style, name, v)
	}
	if v, name, p = orProblem(p, call, own(Eye, known)); p == nil && v != "" {
		o.Eye, p = enum(call, Eye, name, v)
	}
	if v, name, p = orProblem(p, call, own(Ball, known)); p == nil && v != "" {
		// The eye's own ball is no ball asked for: one look, one spelling.
		if o.Ball, p = enum(call, Ball, name, v); o.Ball == render.OwnBall(o.Eye) {
			o.Ball = ""
		}
	}
	if p == nil {
		o.Family, p = ReadFamily(call, known...)
	}
	if p == nil {
		p = partsFormat(call, &o, zip)
	}
	family := o.Family.Symbol != qr.QR // ec, version and mask are the family's (family.go)
	if family {
		o.EC, ecSet, o.Margin = o.Family.Level, true, qr.RMQR.QuietZone()
	}
	if v, name, p = orProblem(p, call, own(EC, known)); p == nil && v != "" && !family {
		var l string
		if l, p = enum(call, EC, name, strings.ToUpper(v)); p == nil {
			o.EC, _ = qr.ParseLevel(l)
			ecSet = true
		}
	}
	if v, name, p = orProblem(p, call, own(Margin, known)); p == nil && v != "" {
		o.Margin, p = integer(call, Margin, name, v)
	}
	if v, name, p = orProblem(p, call, own(Invert, known)); p == nil && v != "" {
		if o.Invert, p = Flag(call, own(Invert, known)); p == nil && o.Invert && !o.Format.Text {
			p = problem.Conflict.New(Invert.Name, fmt.Sprintf("%s swaps dark and light in the terminal formats (utf8, ansi, ascii) only; for %s, swap color and bg", name, o.Format.Name), call.With("", "", name))
		}
	}
	if p == nil {
		p = parseBrand(call, known, &o, ecSet)
	}
	if !ecSet && o.Style != "square" {
		o.EC = qr.H // shaped modules lose dark area; more redundancy keeps them scanning
	}
	o.Symbol = symbolOf(call)
	if p == nil && o.Symbol != (payload.Symbol{}) && (family || o.Family.Parts > 0) {
		p = problem.Conflict.New(SymbolP.Name, "this kind's standard fixes the symbol: one QR code", call.With("", "", SymbolP.Name, Parts.Name, PartsLayout.Name, RMQRHeight.Name))
	}
	if l, ok := qr.ParseLevel(o.Symbol.EC); ok {
		// The payment standard's level wins even over an explicit ec: the
		// level is part of the standard (EPC, Swiss QR-bill and UPN all fix
		// M), a code at another one is not a conformant payment code, and
		// a banking app or a bill validator may refuse it. Failing instead
		// would break callers that send one ec for every kind (a batch, an
		// editor keeping its choice across kinds) for no gain: M is the
		// only answer that works. The level used is in x-qr-ec and JSON.
		o.EC = l
	}
	return o, p
}

// symbolOf returns what the typed kind that call's path names requires of
// the symbol, or nothing for any other path.
func symbolOf(call problem.Call) payload.Symbol {
	name, ok := strings.CutPrefix(call.Path, "/api/v1/")
	if !ok {
		return payload.Symbol{}
	}
	k, ok := payload.Lookup(name)
	if !ok {
		return payload.Symbol{}
	}
	return k.Symbol
}

// own drops the aliases of param that the endpoint takes as names of its own:
// otp's field type is the OTP type, not the output format.
func own(param Param, known []string) Param {
	aliases := make([]string, 0, len(param.Aliases))
	for _, a := range param.Aliases {
		if !contains(known, a) {
			aliases = append(aliases, a)
		}
	}
	param.Aliases = aliases
	return param
}

// orProblem reads param unless an earlier parameter already failed.
func orProblem(prev *problem.Problem, call problem.Call, param Param) (string, string, *problem.Problem) {
	if prev != nil {
		return "", "", prev
	}
	return Get(call, param)
}

// Get returns the value of param under whichever of its names call uses, and
// that name. Two names (or one name twice) with different values is a problem.
func Get(call problem.Call, param Param) (value, name string, p *problem.Problem) {
	for _, n := range param.Names() {
		for _, v := range call.Query[n] {
			switch {
			case name == "":
				value, name = v, n
			case v != value:
				fix := call.With(param.Name, value, param.Names()...)
				return "", "", problem.Conflict.New(param.Name, fmt.Sprintf(
					"%s=%q and %s=%q give two values for %s; send one", name, call.Show(name, value), n, call.Show(n, v), param.Name), fix)
			}
		}
	}
	return value, name, nil
}

// Flag reads a boolean parameter of call: 1, true, yes or on (any case)
// is true; 0, false, no, off or nothing is false; anything else is a
// problem, never a quiet false (verify=banana asked for something).
func Flag(call problem.Call, param Param) (bool, *problem.Problem) {
	v, name, p := Get(call, param)
	if p != nil {
		return false, p
	}
	if yes, ok := payload.ParseBool(v); ok {
		return yes, nil
	}
	p = problem.BadValue.New(param.Name, fmt.Sprintf("%s=%q is not a yes or no; use 1 or 0 (true, false, yes, no, on, off)", name, call.Show(name, v)), call.With(name, "1"))
	p.Allowed = BoolValues
	return false, p
}

// BoolValues are the spellings Flag reads, true ones first: payload's
// list, which boolean fields take too.
var BoolValues = payload.BoolValues

func integer(call problem.Call, param Param, name, v string) (int, *problem.Problem) {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil {
		digits := strings.TrimLeft(v, " +")
		end := strings.IndexFunc(digits, func(r rune) bool { return r < '0' || r > '9' })
		fix := param.Default
		if end > 0 {
			fix = digits[:end]
		} else if end < 0 && digits != "" {
			fix = digits
		}
		if f, err := strconv.Atoi(fix); err == nil {
			fix = strconv.Itoa(min(max(f, param.Min), param.Max))
		}
		return 0, problem.BadValue.New(param.Name, fmt.Sprintf(
			"%s=%q is not a whole number; use %d to %d", name, v, param.Min, param.Max), call.With(name, fix))
	}
	if n < param.Min || n > param.Max {
		bound := min(max(n, param.Min), param.Max)
		return 0, problem.BadValue.New(param.Name, fmt.Sprintf(
			"%s=%d is out of range; %s must be %d to %d", name, n, param.Name, param.Min, param.Max), call.With(name, strconv.Itoa(bound)))
	}
	return n, nil
}

func enum(call problem.Call, param Param, name, v string) (string, *problem.Problem) {
	for _, a := range param.Enum() {
		if a == v || strings.EqualFold(a, v) {
			return a, nil
		}
	}
	return "", choice(call, param, name, v)
}

func choice(call problem.Call, param Param, name, v string) *problem.Problem {
	allowed := param.Enum()
	best := Nearest(strings.ToLower(v), allowed)
	if best == "" {
		best = allowed[0]
	}
	p := problem.BadValue.New(param.Name, fmt.Sprintf(
		"%s=%q is not one of %s", name, v, strings.Join(allowed, ", ")), call.With(name, best))
	p.Allowed = allowed
	return p
}

// checkNames finds a query name that is a near miss of a parameter name
// (colour, sise): ignored names would silently give the wrong picture.
func checkNames(call problem.Call, known []string) *problem.Problem {
	names := append([]string(nil), known...)
	for _, p := range Shared {
		names = append(names, p.Names()...)
	}
	for q, vals := range call.Query {
		if contains(names, q) {
			continue
		}
		if right := NearMiss(strings.ToLower(q), names); right != "" {
			v := ""
			if len(vals) > 0 {
				v = vals[0]
			}
			fix := call.With(right, v, q)
			return problem.BadValue.New(right, fmt.Sprintf("unknown parameter %q; did you mean %q?", q, right), fix)
		}
	}
	return nil
}

// NearMiss returns the known name that q misspells: within edit distance 1
// of a name of up to four letters, 2 of a longer one. Names shorter than
// three letters are never near misses, so cache busters like v=2 pass.
func NearMiss(q string, names []string) string {
	if len(q) < 3 {
		return ""
	}
	best, bestD := "", 3
	for _, n := range names {
		limit := 1
		if len(n) > 4 {
			limit = 2
		}
		if d := distance(q, n); d <= limit && d < bestD {
			best, bestD = n, d
		}
	}
	return best
}

// Nearest returns the entry of list closest to s in edit distance, if it is
// close enough to be a plausible typo (at most half of s's length).
func Nearest(s string, list []string) string {
	best, bestD := "", len(s)/2+1
	for _, n := range list {
		if d := distance(s, n); d < bestD {
			best, bestD = n, d
		}
	}
	return best
}

// distance is the optimal-string-alignment edit distance between a and b.
func distance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return 64 // longer than any name; no need to spend time
	}
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// DataFromQuery reads the data parameter under any of its aliases; missing
// data is a problem whose fix adds an example.
func DataFromQuery(call problem.Call) (string, *problem.Problem) {
	v, _, p := Get(call, Data)
	if p != nil {
		return "", p
	}
	if v == "" {
		return "", problem.Missing.New("data", "data is required: the text to encode", call.With("data", Data.Example))
	}
	return v, nil
}

// Own, Integer and Enum are own, integer and enum for packages that read
// parameters of their own with this package's rules (core/controls).
func Own(param Param, known []string) Param { return own(param, known) }

// Integer reads v as param's integer, within its bounds.
func Integer(call problem.Call, param Param, name, v string) (int, *problem.Problem) {
	return integer(call, param, name, v)
}

// Enum reads v as one of param's values.
func Enum(call problem.Call, param Param, name, v string) (string, *problem.Problem) {
	return enum(call, param, name, v)
}
