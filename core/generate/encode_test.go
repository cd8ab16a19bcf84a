package generate

import (
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"qrkeyless/core/payload"
	"qrkeyless/core/render"
	"qrkeyless/core/request"
)

// An eye asked for at a version phone scanners do not read it at is a 422
// whose fix, followed, draws the code; the same data draws in formats
// without eyes, and at the largest version the eye is served at.
func TestUnsafeEyeIsRefused(t *testing.T) {
	text := strings.Repeat("The quick brown fox jumps over the lazy dog. ", 10) // version 16 at ec H
	short := "https://example.com/menu?t=123"
	encode := func(raw string) (int, string, string) {
		r, p := Read(call("/api/v1/qr", raw), nil)
		if p != nil {
			t.Fatalf("%s: %v", raw, p)
		}
		if _, p := r.Encode(); p != nil {
			return p.Status, p.Field, p.Fix
		}
		return 200, "", ""
	}
	for _, eye := range render.EyeNames() {
		ok, served, nearest, _ := render.EyeServed(eye, "", 16)
		q := "data=" + url.QueryEscape(text) + "&ec=H&eye=" + eye
		status, field, fix := encode(q)
		if ok {
			if status != 200 {
				t.Errorf("eye %s at version 16: %d", eye, status)
			}
			continue
		}
		if status != 422 || field != "eye" || !strings.Contains(fix, "eye="+nearest) {
			t.Errorf("eye %s at version 16: %d on %q, fix %q; want 422 on eye, fix eye=%s", eye, status, field, fix, nearest)
			continue
		}
		if s, _, _ := encode(strings.TrimPrefix(fix, "/api/v1/qr?")); s != 200 {
			t.Errorf("eye %s: the fix %s is %d", eye, fix, s)
		}
		if s, _, _ := encode(q + "&format=json"); s != 200 {
			t.Errorf("eye %s, format=json (no eyes drawn): %d", eye, s)
		}
		if s, _, _ := encode("data=" + url.QueryEscape(short) + "&eye=" + eye + "&version=" + strconv.Itoa(served) + "!"); s != 200 {
			t.Errorf("eye %s at version %d, the largest served: %d", eye, served, s)
		}
	}
	// A ball refused at a version is named on its own, and the fix, the
	// nearest ball, makes the code.
	for _, ball := range render.BallNames() {
		ok, _, eye, near := render.EyeServed("square", ball, 16)
		status, field, fix := encode("data=" + url.QueryEscape(text) + "&ec=H&eye_ball=" + ball)
		switch {
		case ok && status != 200:
			t.Errorf("eye_ball %s at version 16: %d", ball, status)
		case !ok && (status != 422 || field != "eye_ball" || eye != "square" || near != "" && !strings.Contains(fix, "eye_ball="+near) || near == "" && strings.Contains(fix, "eye_ball")):
			t.Errorf("eye_ball %s at version 16: %d on %q, fix %q; want 422 on eye_ball, fix eye_ball=%s", ball, status, field, fix, near)
		case !ok:
			if s, _, _ := encode(strings.TrimPrefix(fix, "/api/v1/qr?")); s != 200 {
				t.Errorf("eye_ball %s: the fix %s is %d", ball, fix, s)
			}
		}
	}
}

// A ball that does not fit its ring among a style's modules is a 422 on
// eye_ball whose fix, followed, draws the code; one that fits draws, and
// so does every ball in formats without eyes.
func TestUnfitBallIsRefused(t *testing.T) {
	encode := func(raw string) (int, string, string) {
		r, p := Read(call("/api/v1/qr", raw), nil)
		if p == nil {
			_, p = r.Encode()
		}
		if p != nil {
			return p.Status, p.Field, p.Fix
		}
		return 200, "", ""
	}
	refused := 0
	for _, style := range render.StyleNames() {
		for _, eye := range render.EyeNames() {
			for _, ball := range render.BallNames() {
				q := "data=hi&style=" + style + "&eye=" + eye + "&eye_ball=" + ball
				fits, _ := render.BallFits(render.Options{Style: style, Eye: eye, Ball: ball})
				status, field, fix := encode(q)
				switch {
				case fits && status != 200:
					t.Errorf("%s: %d on %q, want 200", q, status, field)
				case !fits && (status != 422 || field != "eye_ball"):
					t.Errorf("%s: %d on %q, want 422 on eye_ball", q, status, field)
				case !fits:
					refused++
					if s, f, _ := encode(strings.TrimPrefix(fix, "/api/v1/qr?")); s != 200 {
						t.Errorf("%s: the fix %s is %d on %q", q, fix, s, f)
					}
				}
				if s, _, _ := encode(q + "&format=json"); s != 200 {
					t.Errorf("%s&format=json: %d", q, s)
				}
			}
		}
	}
	if refused == 0 {
		t.Error("no combination refused")
	}
}

// A typed payload too long for any symbol names the fields to shorten,
// each with its budget in bytes, not "the data": the field a person
// changes. Followed, the fix makes a code: each named field cut to its
// budget (escapes and all, as the kind writes them), at ec=L when it says
// so; one byte more does not fit.
func TestTooLongNamesTheFields(t *testing.T) {
	note := strings.Repeat("Meeting notes; agenda, minutes\\and more. ", 110) // 4,510 bytes, escaped as it is written
	for _, tc := range []struct {
		name, path string
		q          url.Values
		field      string
		fix        string // the fix's pattern
	}{
		{"a contact's long note", "/api/v1/vcard", url.Values{"fn": {"Ana"}, "note": {note}, "org": {"Acme"}},
			"note", `^Shorten note to at most \d+ bytes \(it has 4510\), and use ec=L\.$`},
		{"two long fields: the longer left out, the other cut", "/api/v1/vcard", url.Values{"fn": {"Ana"}, "note": {note[:3000]}, "org": {note[:2950]}},
			"note,org", `^Leave note out, and shorten org to at most \d+ bytes \(it has 2950\), and use ec=L\.$`},
		{"plain text", "/api/v1/qr", url.Values{"data": {note}},
			"data", `^Shorten data to at most 2953 bytes \(it has 4510\), and use ec=L\.$`},
		{"a kind that fixes the level", "/api/v1/epc", url.Values{"name": {"Ana"}, "iban": {"DE89370400440532013000"}, "remittance": {"x"}},
			"", ""}, // EPC's remittance is capped by its builder: never too long for the symbol
	} {
		kind, _ := payload.Lookup(strings.TrimPrefix(tc.path, "/api/v1/"))
		if tc.path == "/api/v1/qr" {
			kind = nil
		}
		r, p := Read(request.NewCall(tc.path, tc.q), kind)
		if p != nil {
			t.Fatalf("%s: %v", tc.name, p)
		}
		_, p = r.Encode()
		if tc.field == "" {
			if p != nil {
				t.Errorf("%s: %v", tc.name, p)
			}
			continue
		}
		if p == nil || p.Status != 400 || p.Field != tc.field || !regexp.MustCompile(tc.fix).MatchString(p.Fix) {
			t.Errorf("%s: %v, field %q, fix %q", tc.name, p, p.Field, p.Fix)
			continue
		}
		// Follow it.
		q := url.Values{}
		for k, v := range tc.q {
			q[k] = v
		}
		for _, m := range regexp.MustCompile(`Leave (\w+) out`).FindAllStringSubmatch(p.Fix, -1) {
			q.Del(m[1])
		}
		for _, m := range regexp.MustCompile(`(?:shorten|Shorten) (\w+) to at most (\d+) bytes`).FindAllStringSubmatch(p.Fix, -1) {
			n, _ := strconv.Atoi(m[2])
			full := q.Get(m[1])
			q.Set(m[1], full[:n])
			if ok := encodes(t, tc.path, q, kind, "L"); !ok {
				t.Errorf("%s: %s cut to %d bytes does not fit", tc.name, m[1], n)
			}
			q.Set(m[1], full[:n+1])
			if ok := encodes(t, tc.path, q, kind, "L"); ok {
				t.Errorf("%s: %s fits at %d bytes, more than the fix's %d", tc.name, m[1], n+1, n)
			}
			q.Set(m[1], full[:n])
		}
		if !encodes(t, tc.path, q, kind, "L") {
			t.Errorf("%s: the fix followed does not fit", tc.name)
		}
	}
}

func encodes(t *testing.T, path string, q url.Values, kind *payload.Kind, ec string) bool {
	t.Helper()
	q2 := url.Values{"ec": {ec}}
	for k, v := range q {
		q2[k] = v
	}
	r, p := Read(request.NewCall(path, q2), kind)
	if p != nil {
		t.Fatalf("%s: %v", path, p)
	}
	_, p = r.Encode()
	return p == nil
}
