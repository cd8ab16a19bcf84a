// Package reply writes what the service's HTTP handlers (worker/api and
// worker/mcp) both answer with: a problem document, never stored; the
// ETag of a body and the check of If-None-Match against it; and the
// origin a request was made to, against which absolute URLs and fixes are
// written; and the Recorder that keeps an answer whole.
package reply

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strconv"
	"strings"

	"qrkeyless/core/problem"
)

// Problem sends p as application/problem+json, unstored: the request a
// problem answers may carry a secret in its URL (a wifi password), and
// telling which would mean reading every kind's fields here, for headers
// that cost nothing on the others.
func Problem(w http.ResponseWriter, p *problem.Problem) {
	Unstored(w, p.Status, problem.ContentType, p.JSON())
}

// Unstored sends an answer that no cache keeps and no page's Referer
// repeats: a problem, or a code made from a secret. The body is written
// for HEAD too: net/http drops it natively and workerd in the Worker.
func Unstored(w http.ResponseWriter, status int, contentType string, body []byte) {
	h := w.Header()
	h.Set("Content-Type", contentType)
	h.Set("Cache-Control", "no-store")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("x-qr-cache", "bypass")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
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

// ETag is the strong entity tag of body: a hash of its bytes, so the same
// answer has the same tag in every instance and on every server.
func ETag(body []byte) string {
	sum := sha256.Sum256(body)
	return `"` + hex.EncodeToString(sum[:16]) + `"`
}

// NotModified reports whether r's If-None-Match names etag (the weak
// comparison RFC 9110 asks for If-None-Match), so that the answer is 304.
func NotModified(r *http.Request, etag string) bool {
	for _, t := range strings.Split(r.Header.Get("If-None-Match"), ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == etag || t == "*" {
			return true
		}
	}
	return false
}

// Recorder is an http.ResponseWriter that keeps an answer whole: the first
// status written, the headers and the body. The Worker's entry sends it
// as one Response (worker/serve_js.go), and worker/mcp keeps mcp-go's
// answer in one to turn it into a problem document or give it an ETag.
// It cannot stream: CanStream says so to mcp-go, and Flush does nothing.
type Recorder struct {
	Head   http.Header
	Status int
	Body   bytes.Buffer
}

func (w *Recorder) Header() http.Header { return w.Head }
func (w *Recorder) Flush()              {}
func (w *Recorder) CanStream() bool     { return false }

func (w *Recorder) WriteHeader(status int) {
	if w.Status == 0 {
		w.Status = status
	}
}

func (w *Recorder) Write(p []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	return w.Body.Write(p)
}
