// Package link reads a shared editor link the way the editor page's first
// script does (templates/first.js): which code the page shows for it
// before its program has loaded, as the API URL of that code. The server
// uses it to send a page opened from a link with the link's code already
// in it (Page), so that the code is in the page's first paint; the page
// checks that it reads the link to the same URL before it trusts the code
// (docs/editor.md, "Loading").
//
// The reading copies first.js, and first.js copies what the editor's
// scripts read from the form once a link has filled it (site/static
// app.js and controls.js), down to the browser's own clean-up of an
// input's value (the HTML standard's value sanitization algorithms).
// Where the browser's behaviour is not copied exactly (an unusual number
// or date, text that is not UTF-8), Query reports no code rather than a
// code the page might not show.
package link

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Form is an editor page's form as its first script reads it, written
// into every page by templates/first.go: the page's kind ("" for free
// text at /), its title, its controls with a query name in the order of
// the page, and the gradient angle's default. URL and Code are set by the
// server on a page it sends with the link's code in it.
type Form struct {
	Kind     string            `json:"kind"`
	Title    string            `json:"title,omitempty"`
	Controls []Control         `json:"controls"`
	Angle    string            `json:"angle"`
	Looks    map[string]string `json:"looks,omitempty"` // each preset's parameters, as a query (templates.LookControl)
	URL      string            `json:"url,omitempty"`
	Code     string            `json:"code,omitempty"`
}

// Control is one control of the form: its query name (and the names a
// link may use for it), the payload field or style parameter it sets, its
// input type, default and options, and whether it is required, a secret
// (never read from a link) or a colour swatch.
type Control struct {
	Name     string   `json:"name"`
	Aliases  []string `json:"aliases,omitempty"`
	Field    string   `json:"field,omitempty"`
	Style    string   `json:"style,omitempty"`
	Input    string   `json:"input"`
	Default  string   `json:"default,omitempty"`
	Required bool     `json:"required,omitempty"`
	Unless   []Rule   `json:"unless,omitempty"`
	Secret   bool     `json:"secret,omitempty"`
	Swatch   bool     `json:"swatch,omitempty"`
	Options  []string `json:"options,omitempty"`
}

// Rule is a payload.Unless as the page writes it: the field deciding, and
// its values that lift the need.
type Rule struct {
	Field  string   `json:"field"`
	Values []string `json:"values"`
}

// CodeURL returns the API URL of the code a page with form f shows for a link
// whose query (without the '?') is raw, and whether there is one: the
// link fills a field one types in, every field the code needs is filled,
// and none of that needs a secret, which a link never carries.
func (f Form) CodeURL(raw string) (string, bool) {
	link, ok := parseQuery(raw)
	if !ok || len(link) == 0 {
		return "", false
	}
	// A link's preset is read as app.js reads it: each control the link
	// sets itself, else the look's value, else the control as it came.
	var look []pair
	if i := slices.IndexFunc(link, func(p pair) bool { return p.name == "preset" }); i >= 0 {
		if !isASCII(link[i].value) {
			return "", false // JavaScript's toLowerCase is not copied beyond ASCII
		}
		look, _ = parseQuery(f.Looks[strings.ToLower(jsTrim(link[i].value))])
	}
	values := make([]string, len(f.Controls))
	for i, c := range f.Controls {
		if values[i], ok = f.linked(c, link, look); !ok {
			return "", false
		}
	}
	if !f.complete(values) {
		return "", false
	}
	var q []pair
	for i, c := range f.Controls {
		v := values[i]
		if c.Secret || isLogo(c) || v == "" || v == c.Default {
			continue
		}
		q = append(q, pair{c.Name, v})
	}
	s := encodeQuery(q)
	if s != "" {
		s += "&"
	}
	return "/api/v1/" + cmp.Or(f.Kind, "qr") + "?" + s + "format=svg", true
}

// complete reports whether values make the link's own code: a field one
// types in is filled, and so is every field that is needed.
func (f Form) complete(values []string) bool {
	typed := false
	for i, c := range f.Controls {
		if c.Field == "" {
			continue
		}
		if values[i] != "" && c.Input != "select" && c.Input != "checkbox" {
			typed = true
		}
		if values[i] == "" && f.needed(c, values) {
			return false
		}
	}
	return typed
}

// needed reports whether field c must be filled: it is required, or a
// rule asks for it unless another field has one of some values (a Wi-Fi
// password, unless the network is open).
func (f Form) needed(c Control, values []string) bool {
	if c.Required {
		return true
	}
	for _, u := range c.Unless {
		v := ""
		if i := slices.IndexFunc(f.Controls, func(o Control) bool { return o.Field != "" && o.Field == u.Field }); i >= 0 {
			v = values[i]
		}
		if v != "" && !slices.Contains(u.Values, v) {
			return true
		}
	}
	return false
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func isLogo(c Control) bool { return c.Style == "logo" }

// asIs is what the page reads from control c as the page comes: a radio
// button or text at its default, a select at its first option, a
// checkbox unchecked.
func asIs(c Control) string {
	switch {
	case isLogo(c) || c.Input == "checkbox":
		return ""
	case c.Input == "select":
		if len(c.Options) > 0 {
			return c.Options[0]
		}
		return ""
	case c.Input == "pictures":
		if slices.Contains(c.Options, c.Default) {
			return c.Default
		}
		return ""
	case c.Swatch || c.Style == "fg":
		return hex(c.Default)
	}
	return c.Default
}

// linked is what the page reads from control c once the link, or else the
// link's look, has set it; ok is false where the browser's reading is not
// copied exactly.
func (f Form) linked(c Control, link, look []pair) (v string, ok bool) {
	if c.Secret || isLogo(c) {
		return asIs(c), true
	}
	// The first value of the first of the control's names that the link
	// has (URLSearchParams.has, then get), else that the look has.
	found := false
	for _, q := range [][]pair{link, look} {
		for _, n := range append([]string{c.Name}, c.Aliases...) {
			if i := slices.IndexFunc(q, func(p pair) bool { return p.name == n }); i >= 0 {
				v, found = q[i].value, true
				break
			}
		}
		if found {
			break
		}
	}
	if !found {
		return asIs(c), true
	}
	// JavaScript's toLowerCase and Go's strings.ToLower differ outside
	// ASCII (U+0130), where a choice is never named.
	if !isASCII(v) && (c.Input == "checkbox" || c.Input == "pictures" || c.Input == "select" || c.Style == "fg") {
		return "", false
	}
	lower := strings.ToLower(v)
	switch {
	case c.Input == "checkbox":
		if slices.Contains([]string{"true", "1", "yes", "on"}, lower) {
			return "true", true
		}
		return "", true
	case c.Input == "pictures" || c.Input == "select":
		for _, o := range c.Options {
			if strings.ToLower(o) == lower {
				return o, true
			}
		}
		if c.Input == "pictures" {
			return "", true
		}
		return v, true
	case c.Style == "fg":
		return f.colour(v)
	case (c.Style == "eye_color" || c.Style == "eye_ball_color") && !strings.Contains(v, ":") && strings.Count(v, ",") == 2:
		return eyes(v), true
	case c.Input == "textarea":
		return v, true
	case c.Swatch:
		return hex(sanitize("text", v)), true
	}
	return sanitizeSure(c.Input, v)
}

// eyes is a colour per eye as the eyes' controls write it back
// (site/static/controls.js, fillEyes and eyesOf): each a colour, an empty
// one the first given.
func eyes(v string) string {
	three := strings.Split(v, ",")
	first := ""
	for i, p := range three {
		three[i] = hex(sanitize("text", jsTrim(p)))
		first = cmp.Or(first, three[i])
	}
	if first == "" {
		return ""
	}
	for i := range three {
		three[i] = cmp.Or(three[i], first)
	}
	return strings.Join(three, ",")
}

// colour is the colour parameter as the fill's controls write it back: a
// gradient gets its angle, a colour loses its #.
func (f Form) colour(v string) (string, bool) {
	// JavaScript's split(':', 2) keeps the first two pieces only.
	pieces := strings.Split(v, ":")
	if len(pieces) < 2 {
		return hex(v), true
	}
	kind, rest := pieces[0], pieces[1]
	parts := strings.Split(rest, ",")
	var stops []string
	angle, hasAngle := "", false
	for _, p := range parts {
		if len(p) >= 3 && strings.EqualFold(p[len(p)-3:], "deg") {
			if !hasAngle {
				angle, hasAngle = p, true
			}
			continue
		}
		stops = append(stops, p)
	}
	k := strings.ToLower(kind)
	if (k != "linear" && k != "radial") || len(stops) < 2 {
		return jsTrim(v), true
	}
	from, to := hex(stops[0]), cmp.Or(hex(stops[len(stops)-1]), "2c5364")
	if from == "" {
		return "", true
	}
	if k == "radial" {
		return "radial:" + from + "," + to, true
	}
	a := cmp.Or(f.Angle, "180")
	if hasAngle {
		n, ok := parseFloat(angle)
		if !ok {
			return "", false
		}
		a = n
	}
	return "linear:" + from + "," + to + "," + a + "deg", true
}

// hex is a colour as the swatches read it: trimmed, without its '#'.
func hex(v string) string { return strings.TrimPrefix(jsTrim(v), "#") }

// jsTrim is JavaScript's String.prototype.trim: its white space and line
// terminators, which are not Go's unicode.IsSpace (U+FEFF is one, U+0085
// is not).
func jsTrim(s string) string {
	return strings.TrimFunc(s, func(r rune) bool {
		switch r {
		case '\t', '\n', '\v', '\f', '\r', ' ', 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff:
			return true
		}
		return r >= 0x2000 && r <= 0x200a
	})
}

// sanitizeSure is sanitize, with ok false for a value whose reading by
// the browser is not copied here: a date with a year past 9999.
func sanitizeSure(input, v string) (string, bool) {
	if n := digits(v); input == "date" && n > 4 && n < len(v) && v[n] == '-' {
		return "", false
	}
	return sanitize(input, v), true
}

// sanitize is an input's value once v is set on an input element of the
// type input (the HTML standard, "value sanitization algorithm").
func sanitize(input, v string) string {
	switch input {
	case "url", "email":
		return strings.Trim(stripNewlines(v), "\t\n\f\r ")
	case "number":
		if !isNumber(v) {
			return ""
		}
		if f, err := strconv.ParseFloat(v, 64); err != nil || math.IsInf(f, 0) {
			return ""
		}
		return v
	case "date":
		if !validDate(v) {
			return ""
		}
		return v
	}
	return stripNewlines(v) // text, tel, search, password
}

// isNumber reports whether v is the HTML standard's valid floating-point
// number: -?(D+(.D+)?|.D+)([eE][-+]?D+)? with D a digit.
func isNumber(v string) bool {
	v = strings.TrimPrefix(v, "-")
	n := floatLen(v)
	return n == len(v) && n > 0 && v[0] != '+' && v[0] != '-' && v[n-1] != '.' && !strings.Contains(v, ".e") && !strings.Contains(v, ".E")
}

// floatLen is the length of the longest prefix of s that JavaScript's
// parseFloat reads as a decimal: [-+]?(D+.?D*|.D+)([eE][-+]?D+)?.
func floatLen(s string) int {
	i := 0
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		i++
	}
	whole := digits(s[i:])
	i += whole
	frac := 0
	if i < len(s) && s[i] == '.' {
		frac = digits(s[i+1:])
		if whole == 0 && frac == 0 {
			return 0
		}
		i += 1 + frac
	}
	if whole == 0 && frac == 0 {
		return 0
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		if j < len(s) && (s[j] == '-' || s[j] == '+') {
			j++
		}
		if d := digits(s[j:]); d > 0 {
			i = j + d
		}
	}
	return i
}

// digits is the number of ASCII digits s starts with.
func digits(s string) int {
	n := 0
	for n < len(s) && '0' <= s[n] && s[n] <= '9' {
		n++
	}
	return n
}

func stripNewlines(v string) string {
	return strings.NewReplacer("\n", "", "\r", "").Replace(v)
}

// validDate reports whether v is the HTML standard's valid date string,
// yyyy-mm-dd, with a four-digit year from 0001 and a day its month has.
func validDate(v string) bool {
	t, err := time.Parse(time.DateOnly, v)
	return err == nil && digits(v) == 4 && t.Year() >= 1
}

// parseFloat is JavaScript's parseFloat of s written back as a string (a
// template literal's ToString), and ok false where the number would be
// written with an exponent, which is not copied here.
func parseFloat(s string) (string, bool) {
	t := jsTrim(s)
	m := t[:floatLen(t)]
	if m == "" {
		return "NaN", true
	}
	f, err := strconv.ParseFloat(m, 64)
	if err != nil || math.IsInf(f, 0) || f != 0 && (math.Abs(f) >= 1e21 || math.Abs(f) < 1e-6) {
		return "", false
	}
	if f == 0 {
		return "0", true // -0 too
	}
	return strconv.FormatFloat(f, 'f', -1, 64), true
}

// pair is one name and value of a query, in order.
type pair struct{ name, value string }

// parseQuery reads a query as URLSearchParams does (the URL standard,
// application/x-www-form-urlencoded parsing), and ok false when a name or
// value is not UTF-8 once decoded: the browser would put U+FFFD for it,
// which is not copied here.
func parseQuery(raw string) ([]pair, bool) {
	var out []pair
	for _, seq := range strings.Split(raw, "&") {
		if seq == "" {
			continue
		}
		name, value, _ := strings.Cut(seq, "=")
		n, v := unescape(name), unescape(value)
		if !utf8.ValidString(n) || !utf8.ValidString(v) {
			return nil, false
		}
		out = append(out, pair{n, v})
	}
	return out, true
}

// unescape is the standard's percent-decoding after '+' becomes a space:
// a '%' not followed by two hex digits stays as it is.
func unescape(s string) string {
	s = strings.ReplaceAll(s, "+", " ")
	if !strings.Contains(s, "%") {
		return s
	}
	var b []byte
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			n, _ := strconv.ParseUint(s[i+1:i+3], 16, 8)
			b = append(b, byte(n))
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	return string(b)
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// encodeQuery is URLSearchParams's toString with each '+' then written
// %20, as first.js writes the API URL.
func encodeQuery(q []pair) string {
	var b strings.Builder
	for i, p := range q {
		if i > 0 {
			b.WriteByte('&')
		}
		escape(&b, p.name)
		b.WriteByte('=')
		escape(&b, p.value)
	}
	return b.String()
}

// escape writes s as the standard's application/x-www-form-urlencoded
// serializer does, a space as %20.
func escape(b *strings.Builder, s string) {
	const hexDigits = "0123456789ABCDEF"
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '*', c == '-', c == '.', c == '_':
			b.WriteByte(c)
		default:
			b.WriteByte('%')
			b.WriteByte(hexDigits[c>>4])
			b.WriteByte(hexDigits[c&15])
		}
	}
}
