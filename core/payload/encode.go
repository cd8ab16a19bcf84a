package payload

import "strings"

// pct percent-encodes s keeping only RFC 3986 unreserved characters, so a
// space is %20 (never +) and every reserved or non-ASCII byte is %XX in
// upper-case hex, as payloads.md §0.2 asks for URI query values.
func pct(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~' {
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
// MEBKM:) by putting a backslash before each of \ ; , : " (payloads.md §0.3).
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
