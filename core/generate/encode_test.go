package generate

import (
	"net/url"
	"strconv"
	"strings"
	"testing"

	"qrkeyless/core/render"
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
		ok, served, nearest := render.EyeServed(eye, 16)
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
}
