// Package reply writes what the service's HTTP handlers (worker/api and
// worker/mcp) both answer with: a problem document, never stored, and the
// origin a request was made to, against which absolute URLs and fixes are
// written.
package reply

import (
	"net/http"
	"strconv"

	"qrkeyless/core/problem"
)

// Problem sends p as application/problem+json. Problems are never stored,
// and are sent with no-referrer as answers from a secret are: the request
// a problem answers may carry a secret in its URL (a wifi password), and
// telling which would mean reading every kind's fields here, for a header
// that costs nothing on the others. The body is written for HEAD too: net/http drops
// it natively and workerd in the Worker.
func Problem(w http.ResponseWriter, p *problem.Problem) {
	body := p.JSON()
	h := w.Header()
	h.Set("Content-Type", problem.ContentType)
	h.Set("Cache-Control", "no-store")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("x-qr-cache", "bypass")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(p.Status)
	w.Write(body)
}

// Origin is the scheme and host the request was made to.
func Origin(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil || r.URL.Scheme == "https" || r.Header.Get("X-Forwarded-Proto") == "https" {
		scheme = "https"
	}
	host := r.Host
	if host == "" {
		host = r.URL.Host
	}
	return scheme + "://" + host
}
