package edge

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestKey(t *testing.T) {
	plain := context.Background()
	if k, only := Key(plain, "code", "hello"); k != "" || only {
		t.Errorf("a request not from the entry got key %q, keyOnly %v", k, only)
	}
	full, keyOnly := fromEntry("1"), fromEntry("2")
	a, onlyA := Key(full, "code", "hello")
	b, onlyB := Key(keyOnly, "code", "hello")
	if a == "" || a != b || onlyA || !onlyB {
		t.Errorf("keys %q (keyOnly %v) and %q (keyOnly %v): want one key, asked for alone only the second time", a, onlyA, b, onlyB)
	}
	if !strings.HasPrefix(a, "/.well-known/qr-cache/") {
		t.Errorf("key %q is not a path the entry can make a URL of", a)
	}
	// The parts are kept apart: moving a boundary changes the key.
	for _, other := range [][]string{{"code", "hell", "o"}, {"code", "hello", ""}, {"codehello"}, {"verify", "hello"}} {
		if k, _ := Key(full, other...); k == a {
			t.Errorf("parts %q share the key of [code hello]", other)
		}
	}
}

// fromEntry is the context of a request the entry sent with mode.
func fromEntry(mode string) context.Context {
	r := httptest.NewRequest("GET", "/api/v1/qr?data=hello", nil)
	r.Header.Set(Header, mode)
	return FromEntry(r).Context()
}

func TestFromEntryTakesTheHeaderOff(t *testing.T) {
	r := httptest.NewRequest("GET", "/", nil)
	r.Header.Set(Header, "1")
	if got := FromEntry(r); got.Header.Get(Header) != "" {
		t.Errorf("the entry's header reached the handler: %q", got.Header.Get(Header))
	}
}

// First names the key on an answer for the entry, answers 204 alone when
// the entry asked for the key only, and gives a secret answer no key.
func TestFirst(t *testing.T) {
	for _, tc := range []struct {
		mode       string
		secret     bool
		stop       bool
		status     int
		hasKeyHead bool
	}{
		{"", false, false, 200, false},
		{"1", false, false, 200, true},
		{"2", false, true, 204, true},
		{"2", true, false, 200, false},
	} {
		r := httptest.NewRequest("GET", "/api/v1/qr?data=hello", nil)
		if tc.mode != "" {
			r.Header.Set(Header, tc.mode)
		}
		w := httptest.NewRecorder()
		stop := First(w, FromEntry(r), tc.secret, "code", "hello")
		if stop != tc.stop || w.Code != tc.status || (w.Header().Get(KeyHeader) != "") != tc.hasKeyHead {
			t.Errorf("mode %q secret %v: stop %v, %d, key %q", tc.mode, tc.secret, stop, w.Code, w.Header().Get(KeyHeader))
		}
	}
}
