package edge

import (
	"context"
	"strings"
	"testing"
)

func TestKey(t *testing.T) {
	plain := context.Background()
	if k, only := Key(plain, "code", "hello"); k != "" || only {
		t.Errorf("a request not from the entry got key %q, keyOnly %v", k, only)
	}
	full, keyOnly := Mark(plain, false), Mark(plain, true)
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
