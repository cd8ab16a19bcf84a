package api

import (
	"net/http"

	"qrkeyless/worker/edge"
)

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
