package payload

// The amount rules of docs/payloads.md §0.7 and the checks of text fields that
// every kind shares; the check digits of §0.6 are package checksum's. A
// check returns the value in the form it takes inside a payload, or an
// error whose text is the Problem of the FieldError the kind reports.

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// decimal reads s as an amount greater than zero with at most whole digits
// before the point and frac after it. It returns both digit runs, leading
// zeros of the whole part removed ("0" when there is none). Binary floats
// never touch an amount: rounding would change what is paid.
func decimal(s string, whole, frac int) (w, f string, err error) {
	switch {
	case s == "":
		return "", "", errors.New("amount is empty")
	case strings.HasPrefix(s, "-"):
		return "", "", errors.New("amount must be greater than 0")
	case strings.ContainsRune(s, ','):
		return "", "", errors.New("use . as the decimal separator and no thousands separator")
	case strings.ContainsAny(s, "eE"):
		return "", "", errors.New("write the amount without an exponent")
	}
	w, f, _ = strings.Cut(s, ".")
	if w == "" && f == "" || !isDigits(w) || !isDigits(f) {
		return "", "", errors.New("not a decimal number")
	}
	if len(f) > frac {
		down, up := roundings(w, f, frac)
		if frac == 0 {
			return "", "", &fixable{msg: fmt.Sprintf("amount must be a whole number: %s or %s?", down, up), choices: []string{down, up}}
		}
		return "", "", &fixable{msg: fmt.Sprintf("at most %d decimals: %s or %s?", frac, down, up), choices: []string{down, up}}
	}
	w = strings.TrimLeft(w, "0")
	if len(w) > whole {
		return "", "", fmt.Errorf("at most %d digits before the decimal point", whole)
	}
	if w == "" {
		w = "0"
	}
	if w == "0" && strings.Trim(f, "0") == "" {
		return "", "", errors.New("amount must be greater than 0")
	}
	return w, f, nil
}

// roundings returns the amount w.f cut to frac decimals and rounded up
// at the last one: the two amounts a caller who wrote too many decimals
// may have meant. Digits only: no float ever touches an amount.
func roundings(w, f string, frac int) (down, up string) {
	digits := []byte(strings.TrimLeft(w, "0") + f[:frac])
	if len(digits) == 0 {
		digits = []byte{'0'}
	}
	down = fixedPoint(string(digits), frac)
	i := len(digits) - 1
	for ; i >= 0 && digits[i] == '9'; i-- {
		digits[i] = '0'
	}
	if i < 0 {
		digits = append([]byte{'1'}, digits...)
	} else {
		digits[i]++
	}
	return down, fixedPoint(string(digits), frac)
}

// fixedPoint writes the digits of an amount with frac of them after the
// point.
func fixedPoint(digits string, frac int) string {
	for len(digits) <= frac {
		digits = "0" + digits
	}
	if frac == 0 {
		return digits
	}
	return digits[:len(digits)-frac] + "." + digits[len(digits)-frac:]
}

// fixed writes an amount read by decimal with exactly n decimals.
func fixed(w, f string, n int) string {
	return w + "." + f + strings.Repeat("0", n-len(f))
}

// plain writes an amount read by decimal with the decimals it was given.
func plain(w, f string) string {
	if f == "" {
		return w
	}
	return w + "." + f
}

// checkInteger checks s as a whole number greater than 0 of at most digits
// digits, leading zeros removed.
func checkInteger(s string, digits int) (string, error) {
	if !isDigits(s) || s == "" {
		return "", errors.New("must be a whole number written in digits")
	}
	if s = strings.TrimLeft(s, "0"); s == "" {
		return "", errors.New("must be greater than 0")
	}
	if len(s) > digits {
		return "", fmt.Errorf("at most %d digits", digits)
	}
	return s, nil
}

// isoDate reads a date given as YYYY-MM-DD (or YYYYMMDD) and returns its
// year, month and day digits; ok is false for anything else or no such day.
func isoDate(s string) (y, m, d string, ok bool) {
	if len(s) == 10 && s[4] == '-' && s[7] == '-' {
		s = s[:4] + s[5:7] + s[8:]
	}
	if len(s) != 8 || !isDigits(s) {
		return "", "", "", false
	}
	y, m, d = s[:4], s[4:6], s[6:]
	days := [13]int{0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}
	mi, di, yi := atoi(m), atoi(d), atoi(y)
	if mi < 1 || mi > 12 || di < 1 || di > days[mi] || mi == 2 && di == 29 && !(yi%4 == 0 && (yi%100 != 0 || yi%400 == 0)) {
		return "", "", "", false
	}
	return y, m, d, true
}

func atoi(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		n = n*10 + int(s[i]-'0')
	}
	return n
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func isUpper(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return true
}

func isUpperAlnum(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < 'A' || c > 'Z') && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}

func isAlnum(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; (c < 'a' || c > 'z') && (s[i] < '0' || s[i] > '9') {
			return false
		}
	}
	return true
}

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; (c < 'a' || c > 'f') && (s[i] < '0' || s[i] > '9') {
			return false
		}
	}
	return true
}

// isPrintableASCII reports whether s holds only the characters 0x20 to 0x7E.
func isPrintableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7E {
			return false
		}
	}
	return true
}

// latinBase holds, for each rune from U+00C0 to U+017F, the ASCII letter it
// is written with once its accent is dropped; '?' marks runes with none.
const latinBase = "" +
	"AAAAAA?CEEEEIIII" + "DNOOOOO?OUUUUY??" + "aaaaaa?ceeeeiiii" + "dnooooo?ouuuuy?y" +
	"AaAaAaCcCcCcCcDd" + "DdEeEeEeEeEeGgGg" + "GgGgHhHhIiIiIiIi" + "Ii??JjKkkLlLlLlL" +
	"lLlNnNnNnnNnOoOo" + "Oo??RrRrRrSsSsSs" + "SsTtTtTtUuUuUuUu" + "UuUuWwYyYZzZzZzs"

// vietBase is the base letter of U+1EA0 to U+1EF9, Vietnamese vowels with
// their tone marks (Ạ ạ ... ỹ), in order.
const vietBase = "AaAaAaAaAaAaAaAaAaAaAaAa" + "EeEeEeEeEeEeEeEe" + "IiIi" + "OoOoOoOoOoOoOoOoOoOoOoOo" + "UuUuUuUuUuUuUu" + "YyYyYyYy"

// foldLatin drops the accents of Latin letters ("São Paulo" → "Sao Paulo",
// "žluťoučký" → "zlutoucky") and writes ligatures as two letters. Runes it
// cannot fold are kept, so callers check the result against their charset.
func foldLatin(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r < 0xC0:
			b.WriteRune(r)
		case r <= 0x17F && latinBase[r-0xC0] != '?':
			b.WriteByte(latinBase[r-0xC0])
		case r >= 0x1EA0 && r <= 0x1EF9: // Vietnamese: a base vowel with a tone mark
			b.WriteByte(vietBase[r-0x1EA0])
		default:
			switch r {
			case 'Ơ':
				b.WriteByte('O')
			case 'ơ':
				b.WriteByte('o')
			case 'Ư':
				b.WriteByte('U')
			case 'ư':
				b.WriteByte('u')
			case 'Æ':
				b.WriteString("AE")
			case 'æ':
				b.WriteString("ae")
			case 'Þ':
				b.WriteString("TH")
			case 'þ':
				b.WriteString("th")
			case 'ß':
				b.WriteString("ss")
			case 'Ĳ':
				b.WriteString("IJ")
			case 'ĳ':
				b.WriteString("ij")
			case 'Œ':
				b.WriteString("OE")
			case 'œ':
				b.WriteString("oe")
			case 'Ș':
				b.WriteByte('S')
			case 'ș':
				b.WriteByte('s')
			case 'Ț':
				b.WriteByte('T')
			case 'ț':
				b.WriteByte('t')
			default:
				b.WriteRune(r)
			}
		}
	}
	return b.String()
}

// encodeCharmap writes the UTF-8 text s in the single-byte charset cm. When a
// rune has no byte there it returns that rune and ok false.
func encodeCharmap(cm *charmap.Charmap, s string) (out string, bad rune, ok bool) {
	b := make([]byte, 0, len(s))
	for _, r := range s {
		c, ok := cm.EncodeRune(r)
		if !ok || r == utf8.RuneError {
			return "", r, false
		}
		b = append(b, c)
	}
	return string(b), 0, true
}

// decodeCharmap reads s, bytes of the single-byte charset cm, as UTF-8 text.
func decodeCharmap(cm *charmap.Charmap, s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		b.WriteRune(cm.DecodeByte(s[i]))
	}
	return b.String()
}

// tooLong is the error for a text of n characters where max fit: its
// correction is the caller's own text cut to fit, never an example. A
// Money field's fix ignores it (a cut reference is another reference).
func tooLong(s string, max, n int) error {
	cut := []rune(s)[:max]
	return &fixable{msg: fmt.Sprintf("at most %d characters, this is %d", max, n), correction: strings.TrimSpace(string(cut))}
}

// hasNewline reports whether s would break a line-based payload.
func hasNewline(s string) bool { return strings.ContainsAny(s, "\r\n") }
