// Package size recommends how large to print or show a QR code: from the
// data (or its length), the scanning distance or the medium, and the
// resolution, the version and level that fit, the smallest physical and
// pixel sizes, and the rules that decided them.
package size

import (
	"errors"
	"fmt"
	"math"
	"net/url"
	"strconv"
	"strings"

	"qrkeyless/core/qr"
	"qrkeyless/core/request"
)

// Media maps each medium to its typical scanning distance in metres and
// whether it is a screen (measured in CSS pixels rather than printed).
var Media = []Medium{
	{"business-card", 0.15, false},
	{"flyer", 0.3, false},
	{"poster", 1.5, false},
	{"billboard", 15, false},
	{"screen", 0.5, true},
}

// Medium is a kind of surface a code is shown on.
type Medium struct {
	Name      string
	DistanceM float64 // typical scanning distance
	Screen    bool
}

// MediumNames lists the media, in order.
func MediumNames() []string {
	out := make([]string, len(Media))
	for i, m := range Media {
		out[i] = m.Name
	}
	return out
}

// Rules of thumb behind the advice.
const (
	DistanceRatio = 10   // a code scans from about ten times its width
	MinModuleMM   = 0.33 // the smallest module commonly printed reliably
	DefaultDPI    = 300  // print resolution when none is given
	ScreenDPI     = 96   // CSS pixels per inch
	QuietModules  = 4    // quiet zone on each side, in modules
)

// Input is what the advice is computed from. Give Text or Bytes, and
// DistanceM or Medium.
type Input struct {
	Text      string
	Bytes     int // length of the data in bytes, when Text is not given
	DistanceM float64
	Medium    string
	DPI       int    // 0 means DefaultDPI (ScreenDPI for a screen)
	EC        string // "" means M
	Symbol    string // "qr" (or ""), "micro" or "rmqr"
}

// Advice is the recommendation.
type Advice struct {
	qr.Identity            // the symbol the data needs
	Modules        int     `json:"modules" desc:"Modules across, quiet zone excluded (an rMQR symbol is wider than high)."`
	Rows           int     `json:"rows" desc:"Modules down, quiet zone excluded."`
	QuietZone      int     `json:"quiet_zone" desc:"The quiet zone the symbol's standard asks for, in modules on each side: 4 for qr, 2 for micro and rmqr."`
	MinHeightMM    float64 `json:"min_height_mm" desc:"The height to print, quiet zone included, in mm (min_size_mm but for an rMQR symbol)."`
	DistanceM      float64 `json:"distance_m" desc:"The scanning distance used, in metres."`
	DPI            int     `json:"dpi" desc:"The resolution of the pixel figures."`
	ModuleMM       float64 `json:"module_mm" desc:"One module's side in mm."`
	SymbolMM       float64 `json:"symbol_mm" desc:"The code without its quiet zone, in mm: the rule's width rounded up to whole pixels a module."`
	MinSizeMM      float64 `json:"min_size_mm" desc:"The width to print: the code with its quiet zone, in mm."`
	ModulePx       int     `json:"module_px" desc:"Whole pixels per module at dpi."`
	MinSizePx      int     `json:"min_size_px" desc:"The size= to ask for, quiet zone included."`
	Rule           string  `json:"rule" desc:"The rule that decided the size, with the least width it asks for."`
	Print          string  `json:"print" desc:"What to do, in one sentence: the width to print, quiet zone included, in mm and pixels."`
	RecommendedURL string  `json:"recommended_url,omitempty" desc:"A PNG call at min_size_px, when data is given and it fits 4096 px."`
}

// InputError names the input field at fault.
type InputError struct {
	Field, Problem string
}

func (e *InputError) Error() string { return e.Field + ": " + e.Problem }

// Recommend computes the advice for in.
func Recommend(in Input) (Advice, error) {
	level := qr.M
	if in.EC != "" && !strings.EqualFold(in.EC, "none") {
		l, ok := qr.ParseLevel(in.EC)
		if !ok {
			return Advice{}, &InputError{"ec", fmt.Sprintf("%q is not one of L, M, Q, H (none for Micro QR's M1)", in.EC)}
		}
		level = l
	}
	text := in.Text
	if text == "" {
		if in.Bytes <= 0 {
			return Advice{}, &InputError{"data", "give data (the text to encode) or length (its byte count)"}
		}
		if in.Bytes > MaxBytes {
			return Advice{}, &InputError{"length", fmt.Sprintf("%d bytes do not fit any QR code; the most is %d at ec L", in.Bytes, MaxBytes)}
		}
		text = strings.Repeat("a", in.Bytes) // any byte-mode text of that length has the same version
	}
	c, err := encode(text, in.Symbol, level, in.EC)
	if err != nil {
		field := "data"
		var ie *InputError
		if errors.As(err, &ie) {
			return Advice{}, err
		} else if in.Text == "" {
			field = "length"
		}
		return Advice{}, &InputError{field, err.Error()}
	}

	dist, screen := in.DistanceM, false
	if in.Medium != "" {
		m, ok := medium(in.Medium)
		if !ok {
			return Advice{}, &InputError{"medium", fmt.Sprintf("%q is not one of %s", in.Medium, strings.Join(MediumNames(), ", "))}
		}
		screen = m.Screen
		if dist == 0 {
			dist = m.DistanceM
		}
	}
	switch {
	case dist == 0:
		return Advice{}, &InputError{"distance_m", "give distance_m (scanning distance in metres) or medium"}
	case dist < 0.05 || dist > 100 || math.IsNaN(dist):
		return Advice{}, &InputError{"distance_m", fmt.Sprintf("%g m is outside 0.05 to 100", dist)}
	}
	dpi := in.DPI
	switch {
	case dpi == 0 && screen:
		dpi = ScreenDPI
	case dpi == 0:
		dpi = DefaultDPI
	case dpi < 72 || dpi > 4800:
		return Advice{}, &InputError{"dpi", fmt.Sprintf("%d is outside 72 to 4800", dpi)}
	}

	quiet := c.Symbol.QuietZone()
	a := Advice{Identity: c.Identity(), Modules: c.Width, Rows: c.Height, QuietZone: quiet, DistanceM: dist, DPI: dpi}
	c.Size = c.Width // the rule and the width are the symbol's across: an rMQR symbol's long side
	symbol := dist * 1000 / DistanceRatio
	a.Rule = fmt.Sprintf("distance / %d: scanned from %g m, the code needs to be at least %.1f mm wide", DistanceRatio, dist, symbol)
	if !screen && symbol/float64(c.Size) < MinModuleMM {
		symbol = MinModuleMM * float64(c.Size)
		a.Rule = fmt.Sprintf("modules of at least %.2f mm: %d modules need at least %.1f mm, more than distance / %d asks for", MinModuleMM, c.Size, symbol, DistanceRatio)
	}
	a.ModuleMM = round(symbol/float64(c.Size), 3)
	// Whole pixels per module, rounded up, so the printed module is never smaller.
	a.ModulePx = int(math.Ceil(a.ModuleMM / 25.4 * float64(dpi)))
	a.ModuleMM = round(float64(a.ModulePx)*25.4/float64(dpi), 3)
	a.SymbolMM = round(a.ModuleMM*float64(c.Size), 1)
	total := c.Size + 2*quiet
	a.MinSizeMM = round(a.ModuleMM*float64(total), 1)
	a.MinHeightMM = round(a.ModuleMM*float64(c.Height+2*quiet), 1)
	a.MinSizePx = a.ModulePx * total
	// symbol_mm is the rule's width rounded up to whole pixels a module;
	// the sentence says which of the three widths to act on.
	unit := fmt.Sprintf("%d px at %d dpi", a.MinSizePx, dpi)
	if screen {
		unit = fmt.Sprintf("%d CSS px", a.MinSizePx)
	}
	a.Print = fmt.Sprintf("Print the image at least %.1f mm wide (%s), quiet zone included: the code inside it is then %.1f mm, %d modules of %.2f mm.",
		a.MinSizeMM, unit, a.SymbolMM, c.Size, a.ModuleMM)
	if screen {
		a.Print = fmt.Sprintf("Show the image at least %.1f mm wide (%s), quiet zone included: the code inside it is then %.1f mm, %d modules of %.2f mm.",
			a.MinSizeMM, unit, a.SymbolMM, c.Size, a.ModuleMM)
	}
	if in.Text != "" && a.MinSizePx <= 4096 {
		// Written as every URL the service gives out: a secret in the
		// data (a wifi password) left out.
		q := url.Values{"data": {in.Text}, "ec": {a.EC}, "size": {strconv.Itoa(a.MinSizePx)}}
		if c.Symbol != qr.QR {
			q.Set("symbol", a.Symbol)
			q.Set("version", a.VersionName)
		}
		a.RecommendedURL = request.NewCall("/api/v1/qr", q).With("", "")
	}
	return a, nil
}

// encode makes the symbol the advice is for: the smallest of symbol (qr,
// micro or rmqr) that holds text at level; ec=none is Micro QR's M1.
func encode(text, symbol string, level qr.Level, ec string) (*qr.Code, error) {
	none := strings.EqualFold(ec, "none")
	switch symbol {
	case "", "qr":
		if none {
			return nil, &InputError{"ec", "none is Micro QR's M1 level; qr has L, M, Q and H"}
		}
		return qr.Encode(text, level)
	case "micro":
		if none {
			level = qr.DetectOnly
		}
		if level == qr.H {
			return nil, &InputError{"ec", "Micro QR has levels L, M and Q (none for M1), not H"}
		}
		return qr.MicroEncoder{Level: level}.Encode(text)
	case "rmqr":
		if level != qr.M && level != qr.H || none {
			return nil, &InputError{"ec", fmt.Sprintf("rMQR has levels M and H, not %s", ec)}
		}
		return qr.RMQREncoder{Level: level}.Encode(text)
	}
	return nil, &InputError{"symbol", fmt.Sprintf("%q is not one of qr, micro, rmqr", symbol)}
}

func medium(name string) (Medium, bool) {
	for _, m := range Media {
		if strings.EqualFold(m.Name, name) {
			return m, true
		}
	}
	return Medium{}, false
}

func round(v float64, places int) float64 {
	p := math.Pow(10, float64(places))
	return math.Round(v*p) / p
}
