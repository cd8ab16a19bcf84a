package generate

import (
	"fmt"
	"net/url"
	"strings"
	"testing"
)

// TestSymbols runs calls for Micro QR, rMQR and sequences through the one
// pipeline (Read, then Symbols), as every door does: the versions made,
// or the problem and its fix.
func TestSymbols(t *testing.T) {
	for _, tc := range []struct {
		q, text, want string // want: the version names made, or a part of the problem
	}{
		{"symbol=micro", "12345", "M2"},
		{"symbol=micro&ec=none", "12345", "M1"},
		{"symbol=micro&version=M4&mask=2", "hello", "M4"},
		{"symbol=rmqr", "HELLO WORLD", "R13x27"},
		{"symbol=rmqr&rmqr_height=9", "HELLO WORLD", "R9x43"},
		{"parts=3", strings.Repeat("A", 100), "2 2 2"},
		{"parts=3&version=1!", strings.Repeat("A", 40), "1 1 1"},
		{"parts=2&version=1!", strings.Repeat("A", 40), "400 parts: data is 40 bytes; at most 34 fit in version 1 at error correction M; 3 symbols of version 1 hold it"},
		{"symbol=micro", strings.Repeat("a", 16), "400 symbol: data is 16 bytes; at most 13 fit in M4 at error correction M; rmqr holds more in a narrow strip | "},
		{"symbol=micro&version=M2", "hello", "400 data: M2 at error correction M has no byte mode"},
		{"symbol=rmqr&ec=H", strings.Repeat("1", 200), "400 ec: data is 200 bytes"},
		{"symbol=rmqr", strings.Repeat("a", 151), "400 symbol: data is 151 bytes; at most 150 fit in R17x139"},
		// Too long for one QR symbol at a pinned version: the parts that hold it.
		{"version=1!", strings.Repeat("A", 60), "400 parts: "},
		{"version=1!", strings.Repeat("A", 60), "&parts=4&version=1%21"},
		// What is not drawn for the family: 422s naming what is.
		{"symbol=micro&style=dot", "12345", "422 style: style dot is not drawn for Micro QR codes; use style square or rounded"},
		{"symbol=rmqr&eye=circle", "12345", "422 eye: eye circle is not drawn for rMQR codes; use eye square"},
		{"symbol=rmqr&style=rounded", "12345", "R11x27"},
		{"symbol=micro&logo=data:image/svg%2Bxml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%20viewBox%3D%220%200%2010%2010%22%2F%3E", "12345", "422 logo: "},
		{"symbol=micro&eci=utf-8", "12345", "400 eci: eci applies to symbol=qr"},
		{"symbol=micro&format=json&style=dot", "12345", "M2"}, // json draws no shapes
	} {
		got := ""
		r, p := Read(call("/api/v1/qr", tc.q+"&data="+url.QueryEscape(tc.text)), nil)
		if p == nil {
			codes, pp := r.Symbols()
			p = pp
			var names []string
			for _, c := range codes {
				names = append(names, c.VersionName())
			}
			got = strings.Join(names, " ")
		}
		if p != nil {
			got = fmt.Sprintf("%d %s: %s | %s", p.Status, p.Field, p.Detail, p.Fix)
		}
		if !strings.Contains(got, tc.want) {
			t.Errorf("%s %q: %s, want %s", tc.q, tc.text, got, tc.want)
		}
	}
}
