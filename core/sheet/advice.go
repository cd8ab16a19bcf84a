package sheet

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"qrkeyless/core/size"
)

// LabelDistance is how far a label is scanned from, in metres: held in
// the hand, as core/size's business card.
const LabelDistance = 0.15

// Need is the side, in mm with the quiet zone, that a code of n modules
// a side and a quiet zone of margin modules needs to scan from
// LabelDistance, as core/size's advice reckons: its symbol at least a
// tenth of the distance wide, and its modules at least size.MinModuleMM.
func Need(n, margin int) float64 {
	symbol := math.Max(LabelDistance*1000/size.DistanceRatio, size.MinModuleMM*float64(n))
	return symbol * float64(n+2*margin) / float64(n)
}

// Advice says when a code of n modules a side with a quiet zone of margin
// modules is too small on this sheet to scan from LabelDistance, and what
// would make it fit, each with the side it gives: ""
// when it scans as it is. It never offers a side the label cannot hold:
// a larger code_mm when the label holds it; else the layout's other
// choices that do (the code centred on the space the caption leaves, the
// caption right of the code, no caption, a preset of larger labels), and
// own, the code's own choices, which its caller, who knows the data,
// finds (a lower error correction, shorter data: core/batch).
func (l Layout) Advice(n, margin int, own []string) Advice {
	side, need := l.Side(), Need(n, margin)
	if side >= need-eps {
		return Advice{}
	}
	with := "with its caption " + l.where() + " it"
	if !l.Captions {
		with = "without a caption"
	}
	s := fmt.Sprintf("too small to scan from %g m: its %d modules need a code of %s mm with the quiet zone, and this sheet's is %s mm %s",
		LabelDistance, n, Tenth(need), pnum(side), with)
	alts := append(l.roomier(need), own...)
	if len(alts) == 0 {
		return Advice{What: s + "; no label of these presets holds it: give the data fewer characters, or print it larger on a grid of your own"}
	}
	return Advice{What: s, Choices: alts}
}

// Advice is what a sheet says of a code too small for its label: What is
// wrong, and Choices, each a change that would make it fit with the side
// it gives ("caption_at=right (21.4 mm)"). The zero Advice is a code that
// scans as it is. The browser shows the parts apart; the API sends String.
type Advice struct {
	What    string   `json:"what"`
	Choices []string `json:"choices"`
}

// String is the advice as one sentence: What, then the choices.
func (a Advice) String() string {
	if len(a.Choices) == 0 {
		return a.What
	}
	return a.What + ". It fits with any one of: " + strings.Join(a.Choices, "; ")
}

// Tenth writes a side in mm rounded up to a tenth, as advice asks for it.
func Tenth(v float64) string { return pnum(math.Ceil(v*10-eps) / 10) }

// roomier are the layout's choices that give a code need mm, each with
// the side it gives; with code_mm given, and larger than it, too.
func (l Layout) roomier(need float64) (out []string) {
	if l.Code > 0 {
		defer func() {
			for i := range out {
				if !strings.HasPrefix(out[i], CodeMM.Name) {
					out[i] += " and " + CodeMM.Name + "=" + Tenth(need)
				}
			}
		}()
	}
	fits := func(m Layout, captions bool) (float64, bool) {
		f := m.Fit(captions)
		return f, f >= need-eps
	}
	if f := l.Fit(l.Captions); l.Code > 0 && f >= need-eps {
		out = append(out, fmt.Sprintf("code_mm=%s (at most %s mm fits)", Tenth(need), pnum(f)))
	}
	if l.Captions {
		tried := map[string]bool{l.CaptionAt + " " + l.CodeAt: true}
		for _, c := range []struct{ at, code string }{{l.CaptionAt, InSpace}, {Right, l.CodeAt}, {Right, InSpace}} {
			m := l
			m.CaptionAt, m.CodeAt, m.Code = c.at, c.code, 0
			if tried[c.at+" "+c.code] {
				continue
			}
			tried[c.at+" "+c.code] = true
			if f, ok := fits(m, true); ok {
				var set []string
				if c.at != l.CaptionAt {
					set = append(set, CaptionAtP.Name+"="+c.at)
				}
				if c.code != l.CodeAt {
					set = append(set, CodeAtP.Name+"="+c.code)
				}
				out = append(out, fmt.Sprintf("%s (%s mm)", strings.Join(set, " and "), pnum(f)))
				break // the first that fits: the fewest changes
			}
		}
		if f, ok := fits(l, false); ok {
			out = append(out, fmt.Sprintf("no caption (%s mm)", pnum(f)))
		}
	}
	if p, f, ok := l.largerPreset(need); ok {
		out = append(out, fmt.Sprintf("preset=%s, %s (%s mm)", p.Name, p.Makers[0], pnum(f)))
	}
	return out
}

// largerPreset is the preset of the most labels a page whose labels give
// a code need mm, placed as this layout places it: on this paper when
// one does.
func (l Layout) largerPreset(need float64) (Preset, float64, bool) {
	type found struct {
		p   Preset
		fit float64
	}
	var all []found
	for _, p := range Presets {
		if p.Name == l.Preset {
			continue
		}
		m := l
		m.Preset, m.Columns, m.Rows = p.Name, p.Columns, p.Rows
		m.W, m.H, m.Radius, m.Code = p.W, p.H, p.Radius, 0
		if f := m.Fit(l.Captions); f >= need-eps {
			all = append(all, found{p, f})
		}
	}
	sort.SliceStable(all, func(i, j int) bool {
		a, b := all[i], all[j]
		if same := a.p.Paper == l.Paper.Name; same != (b.p.Paper == l.Paper.Name) {
			return same
		}
		return a.p.Columns*a.p.Rows > b.p.Columns*b.p.Rows
	})
	if len(all) == 0 {
		return Preset{}, 0, false
	}
	return all[0].p, all[0].fit, true
}
