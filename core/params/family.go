package params

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"qrkeyless/core/problem"
	"qrkeyless/core/qr"
)

// The symbols of the QR family beyond one QR code (docs/symbols.md):
// Micro QR, rMQR, and QR split over a structured-append sequence. What a
// call asks of them is read and checked here, and the codes made, apart
// here; core/generate makes the codes (family.go there).

// The family's parameters.
var (
	SymbolP     = Param{Name: "symbol", Type: "string", Default: "qr", Enum: func() []string { return []string{"qr", "micro", "rmqr"} }, Help: "qr (QR Code); micro (Micro QR, M1 to M4, 11 to 17 modules square, for tiny marks); rmqr (rectangular Micro QR, 7 to 17 modules high, for narrow labels). Many phone camera apps read only qr.", Example: "qr"}
	RMQRHeight  = Param{Name: "rmqr_height", Type: "integer", Min: 7, Max: 17, Help: "rmqr only: the symbol's height in modules, 7, 9, 11, 13, 15 or 17; the narrowest of that height that holds the data."}
	Parts       = Param{Name: "parts", Type: "integer", Min: 2, Max: 16, Help: "qr only: split the data over this many symbols (structured append); png, svg and pdf draw them side by side, zip gives one file a part, json one matrix a part."}
	PartsLayout = Param{Name: "parts_layout", Type: "string", Default: "row", Enum: func() []string { return []string{"row", "grid"} }, Help: "How png, svg and pdf lay out the parts: one row, or a grid as near square as the count allows."}
)

// FamilyParams lists the family's parameters, in the order ReadFamily reads them.
var FamilyParams = []Param{SymbolP, RMQRHeight, Parts, PartsLayout}

// Family is what a call asks of the symbol beyond one QR code.
type Family struct {
	Symbol  qr.Symbol
	Version int      // Micro QR 1 to 4, rMQR 1 to 32; 0: the smallest that holds the text
	Height  int      // rMQR: 7 to 17; 0: the least area
	Level   qr.Level // Micro QR and rMQR: the level, checked against the symbol's
	Mask    int      // Micro QR: 0 to 3; -1: the standard's choice
	Parts   int      // QR: 2 to 16 symbols; 0: one
	Grid    bool     // parts_layout=grid
	Zip     bool     // format=zip: one PNG a part (Options.Format is png)
}

// ZipFormat is the format value that asks for a sequence's parts as one
// PNG file each in a ZIP archive: a format of sequences only, so not one
// of render's.
const ZipFormat = "zip"

// PartsFormats are the formats that write a sequence: png, svg and pdf
// draw the parts side by side (base64 is that PNG as a data URI), json
// gives one matrix a part, zip one file a part.
var PartsFormats = []string{"png", "svg", "pdf", "base64", "json", ZipFormat}

// partsFormat checks the format against o.Family: zip only for a
// sequence, a sequence only in PartsFormats.
func partsFormat(call problem.Call, o *Options, zip bool) *problem.Problem {
	o.Family.Zip = zip
	switch {
	case zip && o.Family.Parts == 0:
		return problem.Conflict.New(Format.Name, "format=zip gives one file a part of a structured-append sequence; send parts=2 to 16, or another format", call.With(Parts.Name, "2"))
	case o.Family.Parts > 0 && !slices.Contains(PartsFormats, o.Format.Name):
		p := problem.Conflict.New(Format.Name, fmt.Sprintf("format=%s draws one symbol; a sequence of parts is written as %s", o.Format.Name, strings.Join(PartsFormats, ", ")), call.With(Format.Name, "png"))
		p.Allowed = PartsFormats
		return p
	}
	return nil
}

// ReadFamily reads symbol, rmqr_height, parts and parts_layout from call,
// and, for a Micro QR or rMQR symbol, version (M1 to M4, R7x43 to
// R17x139), ec and mask, whose values differ from QR's: for QR they are
// the symbol controls' and Parse's. Levels a symbol does not have, a mask
// for rMQR (which has one) and parameters of another symbol are 400s
// naming what exists.
//
// known lists the endpoint's own names, as for Parse: a kind with a
// field called version (vcard's) keeps it, and its Micro QR or rMQR
// symbol is the smallest that holds the text.
func ReadFamily(call problem.Call, known ...string) (Family, *problem.Problem) {
	f := Family{Mask: -1, Level: qr.M}
	v, name, p := Get(call, SymbolP)
	if p != nil {
		return f, p
	}
	if v != "" {
		s, err := enum(call, SymbolP, name, strings.ToLower(v))
		if err != nil {
			return f, err
		}
		f.Symbol, _ = qr.ParseSymbol(s)
	}
	if f.Height, name, p = symbolInteger(call, RMQRHeight, f.Symbol, qr.RMQR, "%s sets the height of an rmqr symbol, not of %s"); p != nil {
		return f, p
	} else if f.Height != 0 && !slices.Contains(qr.RMQRHeights, f.Height) {
		return f, problem.BadValue.New(RMQRHeight.Name, fmt.Sprintf("%s=%d: rmqr symbols are 7, 9, 11, 13, 15 or 17 modules high", name, f.Height), call.With(name, strconv.Itoa(f.Height+1)))
	}
	if f.Parts, _, p = symbolInteger(call, Parts, f.Symbol, qr.QR, "%s splits the data over QR symbols (structured append), which %s has not"); p != nil {
		return f, p
	}
	if v, name, p = Get(call, PartsLayout); p != nil {
		return f, p
	} else if v != "" {
		l, p := enum(call, PartsLayout, name, strings.ToLower(v))
		if p != nil {
			return f, p
		}
		if f.Parts == 0 {
			return f, problem.Conflict.New(PartsLayout.Name, fmt.Sprintf("%s lays out the parts of parts=2 to 16; without parts there is one symbol", name), call.With("", "", name))
		}
		f.Grid = l == "grid"
	}
	if f.Symbol == qr.QR {
		return f, nil
	}
	return f, readFamilySymbol(call, &f, contains(known, VersionP.Name))
}

// symbolInteger reads an integer parameter that only one symbol has: 0
// when it is not given, a conflict (detail given the name as sent and
// the symbol asked for) when the symbol is another.
func symbolInteger(call problem.Call, param Param, symbol, only qr.Symbol, detail string) (int, string, *problem.Problem) {
	v, name, p := Get(call, param)
	if p != nil || v == "" {
		return 0, name, p
	}
	if symbol != only {
		return 0, name, problem.Conflict.New(param.Name, fmt.Sprintf(detail, name, symbol), call.With(SymbolP.Name, only.String()))
	}
	n, p := integer(call, param, name, v)
	return n, name, p
}

// readFamilySymbol reads version, ec and mask for a Micro QR or rMQR symbol.
func readFamilySymbol(call problem.Call, f *Family, kindVersion bool) *problem.Problem {
	v, name, p := Get(call, VersionP)
	if p != nil {
		return p
	}
	if kindVersion {
		v = "" // the kind's field of that name
	}
	if v != "" {
		s, n, ok := qr.ParseVersion(strings.TrimSuffix(strings.TrimSpace(v), "!"))
		if !ok || s != f.Symbol {
			return problem.BadValue.New(VersionP.Name, fmt.Sprintf("%s=%q is not a version of %s: %s", name, v, f.Symbol, versionRange(f.Symbol)), call.With(name, qr.VersionName(f.Symbol, 1)))
		}
		if f.Height != 0 {
			if _, h := qr.RMQRSize(n); h != f.Height {
				return problem.Conflict.New(RMQRHeight.Name, fmt.Sprintf("%s is %d modules high, not %d: send version or rmqr_height", qr.VersionName(f.Symbol, n), h, f.Height), call.With("", "", RMQRHeight.Name))
			}
		}
		f.Version = n
	}
	levels := familyLevels(f.Symbol, f.Version)
	f.Level = qr.M // as for QR; M1 has only its own
	if v, name, p = Get(call, EC); p != nil {
		return p
	} else if v != "" {
		l, ok := qr.ParseLevel(v)
		if strings.EqualFold(v, "none") {
			l, ok = qr.DetectOnly, true
		}
		if !ok || !slices.Contains(levels, l) {
			names := make([]string, len(levels))
			for i, l := range levels {
				names[i] = l.String()
			}
			p := problem.BadValue.New(EC.Name, fmt.Sprintf("%s=%q: %s has level %s", name, v, familyName(f.Symbol, f.Version), strings.Join(names, ", ")), call.With(name, names[len(names)-1]))
			p.Allowed = names
			return p
		}
		f.Level = l
	} else if f.Symbol == qr.Micro && f.Version == 1 {
		f.Level = qr.DetectOnly
	}
	if v, name, p = Get(call, Mask); p != nil {
		return p
	} else if v != "" {
		if f.Symbol == qr.RMQR {
			return problem.Conflict.New(Mask.Name, fmt.Sprintf("rmqr has one mask pattern; %s cannot be set", name), call.With("", "", name))
		}
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n < 0 || n > 3 {
			return problem.BadValue.New(Mask.Name, fmt.Sprintf("%s=%q: Micro QR has mask patterns 0 to 3", name, v), call.With(name, "0"))
		}
		f.Mask = n
	}
	return nil
}

// familyLevels lists the levels symbol s has at version v (0: any).
func familyLevels(s qr.Symbol, v int) []qr.Level {
	switch {
	case s == qr.RMQR:
		return qr.RMQRLevels
	case v > 0:
		return qr.MicroLevels(v)
	}
	return []qr.Level{qr.DetectOnly, qr.L, qr.M, qr.Q}
}

// familyName names symbol s at version v for a problem's detail.
func familyName(s qr.Symbol, v int) string {
	if v > 0 {
		return qr.VersionName(s, v)
	}
	return map[qr.Symbol]string{qr.Micro: "Micro QR", qr.RMQR: "rMQR"}[s]
}

// versionRange says which versions symbol s has.
func versionRange(s qr.Symbol) string {
	if s == qr.Micro {
		return "M1 to M4"
	}
	return "R7x43 to R17x139 (rows x columns), e.g. R11x43"
}

// canonical writes f in one form, for Options.Canonical: nothing for
// one QR symbol.
func (f Family) canonical() string {
	s := ""
	if f.Symbol != qr.QR {
		s += "&symbol=" + f.Symbol.String() + "&version=" + strconv.Itoa(f.Version) + "&mask=" + strconv.Itoa(f.Mask)
	}
	if f.Height > 0 {
		s += "&rmqr_height=" + strconv.Itoa(f.Height)
	}
	if f.Parts > 0 {
		s += "&parts=" + strconv.Itoa(f.Parts) + "&grid=" + strconv.FormatBool(f.Grid) + "&zip=" + strconv.FormatBool(f.Zip)
	}
	return s
}

// QRTooLong is the problem of text too long for QR at e's largest
// version: when one symbol at a pinned version cannot hold it, a 400
// whose fix is the parts that hold it there (structured append).
func QRTooLong(call problem.Call, e qr.Encoder, text string, tl *qr.TooLongError) *problem.Problem {
	if n, err := e.Parts(text); err == nil && n > 1 {
		return problem.TooLong.New(Parts.Name, fmt.Sprintf("%v; %d symbols of version %d hold it as a structured-append sequence", tl, n, tl.Version), call.With(Parts.Name, strconv.Itoa(n)))
	}
	return problem.TooLong.New(Data.Name, fmt.Sprintf("%v", tl), fmt.Sprintf("Shorten the data to at most %d bytes.", tl.Max))
}
