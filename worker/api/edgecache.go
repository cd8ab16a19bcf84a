package api

import (
	"fmt"
	"net/http"

	"qrkeyless/core/params"
	"qrkeyless/worker/edge"
)

// codeKey returns the parts of the edge cache key of a code drawn from
// text with o; verify tells whether x-qr-* headers were asked for.
func codeKey(kind, text string, o params.Options, verify bool) []string {
	return []string{kind, text, o.Canonical(), fmt.Sprintf("%+v", o.Symbol), fmt.Sprint(verify)}
}

// keyFirst, for a request through the Worker's entry, sets x-qr-key to
// the edge cache key of parts; when the entry asked only for the key, it
// answers 204 and reports true, and the handler must stop. secret answers
// are never cached: they get no key.
func keyFirst(w http.ResponseWriter, r *http.Request, secret bool, parts ...string) bool {
	key, keyOnly := edge.Key(r.Context(), parts...)
	if key == "" || secret {
		return false
	}
	w.Header().Set("x-qr-key", key)
	if keyOnly {
		w.WriteHeader(http.StatusNoContent)
	}
	return keyOnly
}
