package payload

import "strings"

// pct percent-encodes s keeping only RFC 3986 unreserved characters, so a
// space is %20 (never +) and every reserved or non-ASCII byte is %XX in
// upper-case hex, as docs/payloads.md §0.2 asks for URI query values.
func pct(s string) string {
	return pctExcept(s, func(s string, i int) bool {
		c := s[i]
		return 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~'
	})
}

// pctExcept writes each byte of s as %XX in upper-case hex (RFC 3986 §2.1)
// unless keep says the byte at i stands as it is.
func pctExcept(s string, keep func(s string, i int) bool) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if keep(s, i) {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}

// meEscape escapes a value of the MECARD family (WIFI:, MECARD:, MATMSG:,
// MEBKM:) by putting a backslash before each of \ ; , : " (docs/payloads.md §0.3).
func meEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '\\', ';', ',', ':', '"':
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// meUnescape undoes meEscape: a backslash followed by any character is that character.
func meUnescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// pctDecode undoes percent-encoding. A malformed escape stays as written,
// since scanned text is not ours to reject; plus says whether '+' means a
// space (HTML-form style, as Google Maps reads it) or itself (RFC 3986).
func pctDecode(s string, plus bool) string {
	if !strings.ContainsAny(s, "%+") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%' && i+2 < len(s) && isHexByte(s[i+1]) && isHexByte(s[i+2]):
			b.WriteByte(unhex(s[i+1])<<4 | unhex(s[i+2]))
			i += 2
		case c == '+' && plus:
			b.WriteByte(' ')
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func isHexByte(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

// meSplit cuts the body of a MECARD-family record (the text after "WIFI:",
// "MECARD:" ...) into its KEY:value fields at each unescaped ';'. Values are
// returned still escaped, because MECARD's N splits at an unescaped ','.
// Fields without a key are skipped, as ZXing does.
func meSplit(body string) (keys, vals []string) {
	for _, tok := range splitEscaped(body, ';') {
		k, v, ok := strings.Cut(tok, ":")
		if !ok || k == "" {
			continue
		}
		keys = append(keys, k)
		vals = append(vals, v)
	}
	return keys, vals
}

// splitEscaped splits s at every sep that no backslash escapes.
func splitEscaped(s string, sep byte) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case sep:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// icalEscape escapes a TEXT value of vCard or iCalendar (docs/payloads.md §0.4):
// backslash, ';' and ',' get a backslash and every newline becomes \n.
// ':' is left alone.
func icalEscape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\\', ';', ',':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '\r':
			if i+1 < len(s) && s[i+1] == '\n' {
				i++
			}
			b.WriteString(`\n`)
		case '\n':
			b.WriteString(`\n`)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// icalUnescape undoes icalEscape. \n and \N are newlines; a backslash before
// any other character is dropped, which also reads generators that escape ':'.
func icalUnescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\\' && i+1 < len(s) {
			i++
			c = s[i]
			if c == 'n' || c == 'N' {
				c = '\n'
			}
		}
		b.WriteByte(c)
	}
	return b.String()
}

// contentLines writes vCard and iCalendar content lines: each line folded
// at 75 octets with CRLF and one space, never inside a UTF-8 sequence, and
// ended with CRLF (RFC 5545 §3.1, RFC 6350 §3.2).
type contentLines struct{ strings.Builder }

func (w *contentLines) line(s string) {
	limit := 75
	for len(s) > limit {
		cut := limit
		for cut > limit-4 && s[cut]&0xC0 == 0x80 {
			cut-- // a UTF-8 sequence is at most 4 bytes; invalid text is cut anywhere
		}
		w.WriteString(s[:cut])
		w.WriteString("\r\n ")
		s = s[cut:]
		limit = 74 // the leading space of a continuation line is one of its 75 octets
	}
	w.WriteString(s)
	w.WriteString("\r\n")
}

// contentSplit unfolds vCard or iCalendar text and splits it into lines.
// Besides CRLF folding it accepts bare LF line ends and LF folding, which
// some generators write.
func contentSplit(s string) []string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\n ", "")
	s = strings.ReplaceAll(s, "\n\t", "")
	return strings.Split(strings.TrimRight(s, "\n"), "\n")
}
