package compat

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"

	"qrkeyless/core/params"
	"qrkeyless/core/problem"
	"qrkeyless/core/qr"
)

// The readers of the peers' values, each giving its problem in the
// peer's terms: the fix is the peer's call with that value corrected.

// side reads a size written WxH (or one number, a square) within
// pa's bounds. A code is square: WxH that is not draws the square of the
// smaller side, the largest that fits the box the page gave it.
func (t *translation) side(pa Param, v string) (int, *problem.Problem) {
	w, h, ok := strings.Cut(strings.ToLower(strings.TrimSpace(v)), "x")
	if !ok {
		h = w
	}
	wn, err1 := strconv.Atoi(strings.TrimSpace(w))
	hn, err2 := strconv.Atoi(strings.TrimSpace(h))
	if err1 != nil || err2 != nil {
		return 0, problem.BadValue.New(pa.Name, fmt.Sprintf(
			"%s=%q is not a size in pixels written <width>x<height>, e.g. %s", pa.Name, v, pa.Example), t.call.With(pa.Name, pa.Example))
	}
	n := min(wn, hn)
	if n < pa.Min || max(wn, hn) > pa.Max {
		fix := min(max(n, pa.Min), pa.Max)
		return 0, problem.BadValue.New(pa.Name, fmt.Sprintf(
			"%s=%s is out of range; each side is %d to %d pixels", pa.Name, v, pa.Min, pa.Max), t.call.With(pa.Name, fmt.Sprintf("%dx%d", fix, fix)))
	}
	return n, nil
}

// integer reads a whole number within pa's bounds.
func (t *translation) integer(pa Param, v string) (int, *problem.Problem) {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil {
		return 0, problem.BadValue.New(pa.Name, fmt.Sprintf(
			"%s=%q is not a whole number; use %d to %d", pa.Name, v, pa.Min, pa.Max), t.call.With(pa.Name, pa.Default))
	}
	if n < pa.Min || n > pa.Max {
		return 0, problem.BadValue.New(pa.Name, fmt.Sprintf(
			"%s=%d is out of range; use %d to %d", pa.Name, n, pa.Min, pa.Max), t.call.With(pa.Name, strconv.Itoa(min(max(n, pa.Min), pa.Max))))
	}
	return n, nil
}

// choice reads one of pa's values, in any case, as the value its Enum
// spells it.
func (t *translation) choice(pa Param, v string) (string, *problem.Problem) {
	for _, e := range pa.Enum {
		if strings.EqualFold(e, strings.TrimSpace(v)) {
			return e, nil
		}
	}
	fix := params.Nearest(strings.ToLower(v), lower(pa.Enum))
	for _, e := range pa.Enum {
		if strings.EqualFold(e, fix) {
			fix = e
		}
	}
	if fix == "" {
		fix = pa.Default
	}
	if fix == "" {
		fix = pa.Enum[0]
	}
	p := problem.BadValue.New(pa.Name, fmt.Sprintf("%s=%q is not one of %s", pa.Name, v, strings.Join(pa.Enum, ", ")), t.call.With(pa.Name, fix))
	p.Allowed = pa.Enum
	return "", p
}

func lower(list []string) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = strings.ToLower(s)
	}
	return out
}

// level reads an error correction level, L, M, Q or H.
func (t *translation) level(pa Param, v string) (string, *problem.Problem) {
	l, p := t.choice(pa, v)
	if p == nil {
		_, ok := qr.ParseLevel(l)
		if !ok {
			panic("compat: " + pa.Name + " lists a level qr does not know: " + l)
		}
	}
	return l, p
}

// goqrColor reads a colour as goQR writes it: decimal r-g-b (255-0-0) or
// hex of 3 or 6 digits (f00, ff0000). It gives our hex, 6 digits.
func (t *translation) goqrColor(pa Param, v string) (string, *problem.Problem) {
	v = strings.TrimSpace(v)
	if parts := strings.Split(v, "-"); len(parts) == 3 {
		var hex strings.Builder
		for _, part := range parts {
			n, err := strconv.Atoi(strings.TrimSpace(part))
			if err != nil || n < 0 || n > 255 {
				return "", t.badColor(pa, v, "each of r-g-b is 0 to 255")
			}
			fmt.Fprintf(&hex, "%02x", n)
		}
		return hex.String(), nil
	}
	h := strings.TrimPrefix(v, "#")
	if !isHex(h) || (len(h) != 3 && len(h) != 6) {
		return "", t.badColor(pa, v, "write it as decimal r-g-b (255-0-0) or hex of 3 or 6 digits (f00, ff0000)")
	}
	if len(h) == 3 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	return strings.ToLower(h), nil
}

// quickchartColor reads a colour as QuickChart takes it (its QR library's
// hex: 3, 4, 6 or 8 digits, RGB or RGBA, # or not). It gives our hex, 6
// or 8 digits.
func (t *translation) quickchartColor(pa Param, v string) (string, *problem.Problem) {
	h := strings.TrimPrefix(strings.TrimSpace(v), "#")
	if !isHex(h) || (len(h) != 3 && len(h) != 4 && len(h) != 6 && len(h) != 8) {
		return "", t.badColor(pa, v, "write it as hex of 3, 4, 6 or 8 digits (RGB or RGBA), e.g. 000000")
	}
	if len(h) <= 4 {
		long := make([]byte, 0, 8)
		for i := range len(h) {
			long = append(long, h[i], h[i])
		}
		h = string(long)
	}
	return strings.ToLower(h), nil
}

func (t *translation) badColor(pa Param, v, how string) *problem.Problem {
	return problem.BadValue.New(pa.Name, fmt.Sprintf("%s=%q is not a colour: %s", pa.Name, v, how), t.call.With(pa.Name, pa.Default))
}

func isHex(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

// Charsets, as the peers spell them, and what each is here.
const (
	utf8Name     = "UTF-8"
	latin1Name   = "ISO-8859-1"
	shiftJISName = "Shift_JIS"
)

// text is the data as text: its bytes read in the charset they were
// sent in (goQR's charset-source). UTF-8 that is not valid UTF-8 is a
// problem whose fix names ISO-8859-1, the other charset a page sends.
func (t *translation) text(dataParam, sourceParam string) (string, *problem.Problem) {
	if t.source == latin1Name {
		s, _ := charmap.ISO8859_1.NewDecoder().String(t.data) // every byte is a Latin-1 character
		return s, nil
	}
	if !utf8.ValidString(t.data) {
		fix := "Send the data as UTF-8, percent-encoded."
		if sourceParam != "" {
			fix = t.call.With(sourceParam, latin1Name)
		}
		return "", problem.BadValue.New(dataParam, fmt.Sprintf("%s is not UTF-8 text; if its bytes are ISO-8859-1 (Latin-1), say so", dataParam), fix)
	}
	return t.data, nil
}

// write sets our parameters for the code's charset: UTF-8 as this
// service writes it by default (no ECI header: scanners take UTF-8 in
// byte mode as it is); ISO-8859-1 as ECI 3 and Latin-1 bytes; Shift JIS
// in kanji mode when every character has a kanji-mode code (kanji mode
// says Shift JIS itself, ISO/IEC 18004 7.4.6), else as ECI 20 and Shift
// JIS bytes in byte mode.
func (t *translation) write(text string) {
	switch t.charset {
	case latin1Name:
		t.ours.Set(params.ECIP.Name, "iso-8859-1")
	case shiftJISName:
		if sj, err := japanese.ShiftJIS.NewEncoder().String(text); err == nil && qr.IsKanji(sj) {
			t.ours.Set(params.Mode.Name, "kanji")
		} else {
			t.ours.Set(params.ECIP.Name, "shift_jis")
		}
	}
	t.ours.Set(params.Data.Name, text)
}

// charsetName writes a charset of ours (the eci parameter's value, a
// fix's) as the peers spell it.
func charsetName(ours string, _ url.Values) string {
	switch strings.ToLower(ours) {
	case "iso-8859-1":
		return latin1Name
	case "shift_jis":
		return shiftJISName
	}
	return utf8Name
}
