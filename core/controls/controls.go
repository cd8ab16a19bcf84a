// Package controls reads the parameters that control an answer beyond the
// picture on a screen: a print file's physical size, inks and resolution
// (size_mm, size_in, dpi, cmyk) and the symbol itself (version, mask, eci,
// boost, mode). The server's generation endpoints read them with Parse;
// the browser's editor reads params.Parse alone, and its WebAssembly
// carries neither these checks nor the charset tables.
package controls

import (
	"errors"
	"fmt"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/unicode"

	"qrkeyless/core/params"
	"qrkeyless/core/problem"
	"qrkeyless/core/qr"
	"qrkeyless/core/render"
)

// Parse is params.Parse with the print and symbol controls.
func Parse(call problem.Call, known ...string) (params.Options, *problem.Problem) {
	o, p := params.Parse(call, known...)
	if p == nil {
		p = printOptions(call, known, &o)
	}
	if p == nil {
		p = symbolOptions(call, known, &o)
	}
	return o, p
}

// printOptions reads size_mm or size_in, dpi and cmyk, each only with the
// formats it applies to: a pixel has no millimetres until a resolution is
// given, and only print files have inks.
func printOptions(call problem.Call, known []string, o *params.Options) *problem.Problem {
	f := o.Format.Name
	for _, u := range []struct {
		p        params.Param
		lo, hi   float64
		toPoints float64
	}{{params.SizeMM, 5, 2000, render.PointsPerMM}, {params.SizeIn, 0.2, 80, 72}} {
		v, name, p := params.Get(call, params.Own(u.p, known))
		if p != nil || v == "" {
			if p != nil {
				return p
			}
			continue
		}
		n, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		switch {
		case err != nil || math.IsNaN(n) || n < u.lo || n > u.hi:
			return problem.BadValue.New(u.p.Name, fmt.Sprintf("%s=%q must be a number from %s to %s", name, v, strconv.FormatFloat(u.lo, 'g', -1, 64), strconv.FormatFloat(u.hi, 'g', -1, 64)), call.With(name, strconv.FormatFloat(u.lo*20, 'g', -1, 64)))
		case o.WidthPt > 0:
			return problem.Conflict.New(u.p.Name, "give size_mm or size_in, not both", call.With("", "", name))
		case f == "png":
			px := int(math.Round(n * u.toPoints / 72 * 300))
			at300 := call
			at300.Query = url.Values{params.DPI.Name: {"300"}}
			for k, v := range call.Query {
				at300.Query[k] = v
			}
			return problem.Conflict.New(u.p.Name, fmt.Sprintf(
				"%s is a physical size, which a png has only with a resolution: at 300 dpi that is size=%d", name, px), at300.With(params.Size.Name, strconv.Itoa(min(max(px, params.MinSize), params.MaxSize)), name))
		case !o.Format.Vector:
			return problem.Conflict.New(u.p.Name, fmt.Sprintf("%s applies to pdf, eps and svg, not %s", name, f), call.With(params.Format.Name, "pdf"))
		}
		o.WidthPt = n * u.toPoints
	}
	if v, name, p := params.Get(call, params.Own(params.DPI, known)); p != nil {
		return p
	} else if v != "" {
		if f != "png" {
			return problem.Conflict.New(params.DPI.Name, fmt.Sprintf("%s applies to png only; a %s is drawn at its physical size (size_mm)", name, f), call.With("", "", name))
		}
		if o.DPI, p = params.Integer(call, params.DPI, name, v); p != nil {
			return p
		}
	}
	if v, name, p := params.Get(call, params.Own(params.CMYK, known)); p != nil {
		return p
	} else if v != "" {
		if o.CMYK, p = params.Flag(call, params.Own(params.CMYK, known)); p != nil {
			return p
		}
		if o.CMYK && f != "pdf" && f != "eps" {
			return problem.Conflict.New(params.CMYK.Name, fmt.Sprintf("%s applies to pdf and eps, whose colours are inks; not %s", name, f), call.With(params.Format.Name, "pdf"))
		}
	}
	return nil
}

// charset is an ECI designator the eci parameter names (AIM ECI
// specification), with the encoding that writes the text in it.
type charset struct {
	name string
	eci  int
	enc  encoding.Encoding
}

// charsets lists them. A function, not a variable: a variable would be
// built by the package's init and bring the charset tables into every
// program that imports params, the editor's WebAssembly among them.
func charsets() []charset {
	return []charset{
		{"utf-8", 26, unicode.UTF8}, {"iso-8859-1", 3, charmap.ISO8859_1}, {"iso-8859-2", 4, charmap.ISO8859_2},
		{"iso-8859-5", 7, charmap.ISO8859_5}, {"iso-8859-7", 9, charmap.ISO8859_7}, {"iso-8859-15", 17, charmap.ISO8859_15},
		{"windows-1250", 21, charmap.Windows1250}, {"windows-1251", 22, charmap.Windows1251}, {"windows-1252", 23, charmap.Windows1252},
		{"shift_jis", 20, japanese.ShiftJIS},
	}
}

// symbolOptions reads the symbol controls into o. A payment kind whose
// standard fixes the symbol (upn, epc, swiss-qr) refuses them all.
func symbolOptions(call problem.Call, known []string, o *params.Options) *problem.Problem {
	fixed := o.Symbol != (params.Options{}).Symbol
	var sc symbol
	for _, sp := range params.SymbolParams {
		if slices.Contains(known, sp.Name) {
			continue // the endpoint's own field of that name (epc's and vcard's version)
		}
		v, name, p := params.Get(call, params.Own(sp, known))
		if p != nil {
			return p
		}
		if v == "" {
			continue
		}
		if fixed {
			return problem.Conflict.New(sp.Name, fmt.Sprintf("this kind's standard fixes the symbol; %s cannot be set here", name), call.With("", "", name))
		}
		if s := o.Family.Symbol; s != qr.QR {
			if sp.Name == params.VersionP.Name || sp.Name == params.Mask.Name {
				continue // params.ReadFamily read them, as s has them
			}
			return problem.Conflict.New(sp.Name, fmt.Sprintf("%s applies to symbol=qr; a %s symbol is written in the densest mode that holds the text, without an ECI header", name, s), call.With("", "", name))
		}
		v = strings.ToLower(strings.TrimSpace(v))
		switch sp.Name {
		case params.VersionP.Name:
			n, err := strconv.Atoi(strings.TrimSuffix(v, "!"))
			if err != nil || n < 1 || n > 40 {
				return problem.BadValue.New(sp.Name, fmt.Sprintf("%s=%q must be a version from 1 to 40, with ! for exactly that version", name, v), call.With(name, "5"))
			}
			sc.version, sc.exact = n, strings.HasSuffix(v, "!")
		case params.Mask.Name:
			n, p := params.Integer(call, params.Mask, name, v)
			if p != nil {
				return p
			}
			sc.fixMask, sc.mask = true, n
		case params.ECIP.Name:
			found := false
			for _, c := range charsets() {
				if v == c.name || v == strconv.Itoa(c.eci) || v == strings.ReplaceAll(c.name, "-", "") {
					sc.eci, sc.enc, found = c.eci, c.enc, true
				}
			}
			if !found {
				p := problem.BadValue.New(sp.Name, fmt.Sprintf("%s=%q is not a charset this service writes; use utf-8 or one of the others listed", name, v), call.With(name, "utf-8"))
				for _, c := range charsets() {
					p.Allowed = append(p.Allowed, c.name)
				}
				return p
			}
		case params.Boost.Name:
			b, p := params.Flag(call, params.Own(params.Boost, known))
			if p != nil {
				return p
			}
			sc.boost = b
		case params.Mode.Name:
			m, p := params.Enum(call, params.Mode, name, v)
			if p != nil {
				return p
			}
			if sc.mode = m; m == "auto" {
				sc.mode = ""
			}
		}
	}
	if sc.mode == "kanji" {
		switch {
		case sc.eci != 0 && sc.eci != 20:
			return problem.Conflict.New(params.Mode.Name, "kanji mode writes Shift JIS; eci names another charset", call.With("", "", params.ECIP.Name))
		case sc.enc == nil:
			sc.enc = japanese.ShiftJIS
		}
	}
	if sc != (symbol{}) {
		sc.parts = o.Family.Parts > 0
		o.Controls, o.ControlsKey = sc.adjust, sc.key()
	}
	return nil
}

// symbol is what the symbol controls ask of the encoder.
type symbol struct {
	version        int
	exact, fixMask bool
	mask, eci      int
	enc            encoding.Encoding // the charset eci names, or Shift JIS for kanji
	boost          bool
	mode           string
	parts          bool // the text is split over a sequence (params.Family.Parts), each part checked there
}

// key writes the controls in one form, for params.Options.Canonical.
func (sc symbol) key() string {
	s := ""
	if sc.version > 0 {
		s += "&version=" + strconv.Itoa(sc.version)
		if sc.exact {
			s += "!"
		}
	}
	if sc.fixMask {
		s += "&mask=" + strconv.Itoa(sc.mask)
	}
	if sc.eci > 0 {
		s += "&eci=" + strconv.Itoa(sc.eci)
	}
	if sc.boost {
		s += "&boost=1"
	}
	if sc.mode != "" {
		s += "&mode=" + sc.mode
	}
	return s
}

// adjust sets e as the controls ask and writes text in their charset: the
// params.Options.Controls of a call that has them. A mode the text does
// not fit, or an exact version too small for it, is its own problem here,
// with a fix that names the way out.
func (sc symbol) adjust(call problem.Call, e *qr.Encoder, text string) (string, *problem.Problem) {
	if sc.enc != nil {
		out, err := transcoder(sc.enc)(text)
		switch {
		case err != nil && sc.mode == "kanji":
			return "", problem.BadValue.New(params.Mode.Name, fmt.Sprintf("kanji mode needs text Shift JIS can write: %v", err), call.With("", "", params.Mode.Name))
		case err != nil:
			return "", problem.BadValue.New(params.ECIP.Name, fmt.Sprintf("%v; utf-8 writes any text", err), call.With(params.ECIP.Name, "utf-8"))
		}
		text = out
	}
	e.Mode, e.FixMask, e.Mask = sc.mode, sc.fixMask, sc.mask
	if sc.eci > 0 {
		e.ECI = sc.eci
	}
	if sc.version > 0 {
		e.MinVersion = sc.version
		if sc.exact {
			e.MaxVersion = sc.version
		}
	}
	var me *qr.ModeError
	var tl *qr.TooLongError
	switch _, err := e.Version(text); {
	case errors.As(err, &me):
		return "", problem.BadValue.New(params.Mode.Name, fmt.Sprintf("mode=%s: %v; leave mode out for the densest mode that holds it", sc.mode, err), call.With("", "", params.Mode.Name))
	case errors.As(err, &tl) && sc.exact && !sc.parts:
		// At a pinned version, the parts that hold it there: a sequence
		// keeps the size the caller chose; else the version that holds it.
		if p := params.QRTooLong(call, *e, text, tl); p.Field == params.Parts.Name {
			return "", p
		}
		f := *e
		f.MaxVersion = 40
		if v, err := f.Version(text); err == nil {
			return "", problem.TooLong.New(params.VersionP.Name, fmt.Sprintf("%v; version %d holds it", tl, v), call.With(params.VersionP.Name, strconv.Itoa(v)+"!"))
		}
		return "", problem.TooLong.New(params.VersionP.Name, fmt.Sprintf("%v", tl), call.With("", "", params.VersionP.Name))
	}
	if sc.boost {
		e.Level = boosted(*e, text)
	}
	return text, nil
}

// boosted returns the highest level at which text still fits the version
// e gives it, from e's own level up.
func boosted(e qr.Encoder, text string) qr.Level {
	v, err := e.Version(text)
	if err != nil {
		return e.Level
	}
	best := e.Level
	for l := e.Level + 1; l <= qr.H; l++ {
		f := e
		f.Level, f.MinVersion, f.MaxVersion = l, v, v
		if _, err := f.Version(text); err == nil {
			best = l
		}
	}
	return best
}

// transcoder writes text in enc, or says which character it cannot.
func transcoder(enc encoding.Encoding) func(string) (string, error) {
	return func(text string) (string, error) {
		out, err := enc.NewEncoder().String(text)
		if err != nil {
			for _, r := range text {
				if _, e := enc.NewEncoder().String(string(r)); e != nil {
					return "", fmt.Errorf("%q cannot be written in the charset eci names", r)
				}
			}
			return "", err
		}
		return out, nil
	}
}
