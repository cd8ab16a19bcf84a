package reply

import (
	"net/http/httptest"
	"testing"
)

func TestNotModified(t *testing.T) {
	etag := ETag([]byte("body"))
	if etag == ETag([]byte("other")) || etag != ETag([]byte("body")) {
		t.Fatalf("ETag is not a function of the body alone: %s", etag)
	}
	for _, tc := range []struct {
		header string
		want   bool
	}{
		{"", false},
		{etag, true},
		{"W/" + etag, true}, // If-None-Match compares weakly (RFC 9110, 13.1.2)
		{`"other", ` + etag, true},
		{`"other"`, false},
		{"*", true},
	} {
		r := httptest.NewRequest("GET", "/", nil)
		if tc.header != "" {
			r.Header.Set("If-None-Match", tc.header)
		}
		if got := NotModified(r, etag); got != tc.want {
			t.Errorf("If-None-Match %q: %v, want %v", tc.header, got, tc.want)
		}
	}
}
