package e2e

import (
	"bytes"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"qrkeyless/core/qr"
	"qrkeyless/internal/oracle"
)

// capacity is the most digits symbol s holds at version v and level l:
// the number the API is asked to fill each symbol with. It comes from
// our encoder's own tables, which core/qr holds to the standards' and
// zxing-cpp's; here zxing-cpp's reading of the answer is the judge.
func capacity(t *testing.T, s qr.Symbol, v int, l qr.Level) int {
	t.Helper()
	long := strings.Repeat("1", 400)
	var err error
	if s == qr.Micro {
		_, err = qr.MicroEncoder{Version: v, Level: l}.Encode(long)
	} else {
		_, err = qr.RMQREncoder{Version: v, Level: l}.Encode(long)
	}
	var tl *qr.TooLongError
	if !errors.As(err, &tl) {
		t.Fatalf("%s: %v", qr.VersionName(s, v), err)
	}
	return tl.Max
}

// familyCall is one request for a symbol filled to capacity, and what
// zxing-cpp must read from its answer.
type familyCall struct {
	query                    url.Values
	format, version, ec, txt string
	mask                     int
}

// familyCalls are every Micro QR version, level and mask, and every rMQR
// size at M and H, each filled to capacity with digits.
func familyCalls(t *testing.T) []familyCall {
	var calls []familyCall
	for v := 1; v <= 4; v++ {
		for _, l := range qr.MicroLevels(v) {
			for mask := 0; mask < 4; mask++ {
				txt := strings.Repeat("7", capacity(t, qr.Micro, v, l))
				q := url.Values{"data": {txt}, "symbol": {"micro"}, "version": {qr.VersionName(qr.Micro, v)}, "ec": {l.String()}, "mask": {strconv.Itoa(mask)}, "size": {"256"}}
				ec := l.String()
				if l == qr.DetectOnly {
					ec = "L" // zxing-cpp names M1's detection-only level L
				}
				calls = append(calls, familyCall{q, "MicroQRCode", qr.VersionName(qr.Micro, v), ec, txt, mask})
			}
		}
	}
	for v := 1; v <= 32; v++ {
		for _, l := range qr.RMQRLevels {
			txt := strings.Repeat("3", capacity(t, qr.RMQR, v, l))
			q := url.Values{"data": {txt}, "symbol": {"rmqr"}, "version": {qr.VersionName(qr.RMQR, v)}, "ec": {l.String()}, "size": {"1024"}}
			calls = append(calls, familyCall{q, "RMQRCode", qr.VersionName(qr.RMQR, v), l.String(), txt, -1})
		}
	}
	return calls
}

// TestFamilyReadByZXing: through GET /api/v1/qr on both servers, every
// Micro QR version and level with every mask, and every rMQR size at M
// and H, filled to capacity, is read by zxing-cpp to the exact text, as
// the symbol, version, level and mask asked for; the headers say the
// same, and both servers give the same bytes.
func TestFamilyReadByZXing(t *testing.T) {
	calls := familyCalls(t)
	servers := targets(t)
	bodies := map[string][][]byte{}
	for name, base := range servers {
		for _, c := range calls {
			r := get(t, base+"/api/v1/qr?"+c.query.Encode())
			if r.status != 200 {
				t.Fatalf("%s %s %s: %d %s", name, c.version, c.ec, r.status, r.body)
			}
			sym := c.query.Get("symbol")
			if r.header.Get("x-qr-symbol") != sym || r.header.Get("x-qr-version") != c.version || r.header.Get("x-qr-parts") != "1" {
				t.Errorf("%s %s: headers %s %s %s", name, c.version, r.header.Get("x-qr-symbol"), r.header.Get("x-qr-version"), r.header.Get("x-qr-parts"))
			}
			bodies[name] = append(bodies[name], r.body)
		}
	}
	var first []byte
	read := 0
	for name, bs := range bodies {
		found := oracle.Read(t, bs)
		for i, c := range calls {
			if first = bodies["native"][i]; name != "native" && !bytes.Equal(first, bs[i]) {
				t.Errorf("%s %s: workerd's bytes differ from native's", c.version, c.ec)
			}
			f := found[i]
			if len(f) != 1 || f[0].Format != c.format || f[0].Text != c.txt || f[0].Version != c.version || f[0].EC != c.ec || (c.mask >= 0 && f[0].Mask != c.mask) {
				t.Errorf("%s: %s ec %s mask %d (%d digits): zxing-cpp read %+v", name, c.version, c.ec, c.mask, len(c.txt), f)
				continue
			}
			read++
		}
	}
	t.Logf("zxing-cpp read %d of %d answers (%d calls on %d servers)", read, len(calls)*len(servers), len(calls), len(servers))
}

// TestSequenceReadByZXing: a structured-append sequence of 2, 3, 5, 8
// and 16 parts, drawn in a row and in a grid: zxing-cpp reads every part
// of the picture with its index, the count and one shared parity, the
// parts joined being the text; POST /api/v1/decode of the whole picture
// answers the text; x-qr-parts says the count.
func TestSequenceReadByZXing(t *testing.T) {
	text := ""
	for i := 0; len(text) < 400; i++ {
		text += fmt.Sprintf("line %d of a long label; ", i)
	}
	each(t, func(t *testing.T, base string) {
		var pictures [][]byte
		var asked []int
		for _, n := range []int{2, 3, 5, 8, 16} {
			for _, layout := range []string{"row", "grid"} {
				q := url.Values{"data": {text}, "parts": {strconv.Itoa(n)}, "parts_layout": {layout}, "size": {strconv.Itoa(min(4096, 700*((n+1)/2)))}}
				if layout == "grid" {
					q.Set("size", "2048")
				}
				r := get(t, base+"/api/v1/qr?"+q.Encode())
				if r.status != 200 || r.header.Get("x-qr-parts") != strconv.Itoa(n) || r.header.Get("x-qr-symbol") != "qr" {
					t.Fatalf("%d parts, %s: %d %v %s", n, layout, r.status, r.header, r.body)
				}
				pictures, asked = append(pictures, r.body), append(asked, n)
				_, d := postDecode(t, base, "image/png", r.body)
				if d.Count != 1 || d.Results[0].Text != text || len(d.Results[0].Parts) != n {
					t.Errorf("%d parts, %s: our decode gave %d results", n, layout, d.Count)
				}
			}
		}
		for i, found := range oracle.Read(t, pictures) {
			n := asked[i]
			parts := make([]string, n)
			ids := map[string]bool{}
			for _, f := range found {
				if f.SeqSize != n || f.SeqIdx < 0 || f.SeqIdx >= n {
					t.Errorf("%d parts: zxing-cpp read %+v", n, f)
					continue
				}
				parts[f.SeqIdx], ids[f.SeqID] = f.Text, true
			}
			if len(found) != n || len(ids) != 1 || strings.Join(parts, "") != text {
				t.Errorf("%d parts (picture %d): zxing-cpp read %d symbols, %d parities, joined %q", n, i, len(found), len(ids), strings.Join(parts, ""))
			}
		}
	})
}

// TestFamilyProblems: what cannot be made is a 4xx whose fix is a call
// that works, on both servers.
func TestFamilyProblems(t *testing.T) {
	each(t, func(t *testing.T, base string) {
		for _, tc := range []struct {
			query  string
			status int
			field  string
		}{
			{"data=1&symbol=micro&ec=H", 400, "ec"},
			{"data=1&symbol=rmqr&mask=1", 400, "mask"},
			{"data=1&symbol=rmqr&version=M3", 400, "version"},
			{"data=" + strings.Repeat("A", 60) + "&version=1!", 400, "parts"},
			{"data=1&symbol=micro&style=star", 422, "style"},
			// Too long for rMQR at H but not at M: the fix lowers ec; too
			// long at M as well (R17x139 holds 150 bytes at M, 62 at H):
			// the fix is a QR code.
			{"data=" + strings.Repeat("x", 100) + "&symbol=rmqr&ec=H", 400, "ec"},
			{"data=" + strings.Repeat("x", 200) + "&symbol=rmqr&ec=H", 400, "symbol"},
		} {
			p := problemOf(t, get(t, base+"/api/v1/qr?"+tc.query), tc.status)
			if p["field"] != tc.field {
				t.Errorf("%s: field %v, want %s", tc.query, p["field"], tc.field)
			}
			if fix, _ := p["fix"].(string); strings.HasPrefix(fix, "/") {
				if r := get(t, base+fix); r.status != 200 {
					t.Errorf("%s: its fix %s answers %d", tc.query, fix, r.status)
				}
			}
		}
	})
}
