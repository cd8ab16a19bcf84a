package api

import (
	"net/http"

	"qrkeyless/core/batch"
	"qrkeyless/core/problem"
)

// maxBatchBody bounds the JSON body of a batch: 1,000 items of a few
// kilobytes each, checked before the body is read.
const maxBatchBody = 8 << 20

// batch answers POST /api/v1/qr/batch.
func (s *server) batch(w http.ResponseWriter, r *http.Request) {
	if r.ContentLength > maxBatchBody {
		writeProblem(w, r, problem.TooLarge.Newf("", "Split the items into smaller calls.", "the body is %d bytes; the limit is %d", r.ContentLength, maxBatchBody))
		return
	}
	body, p := readLimited(r.Body, maxBatchBody, r.ContentLength)
	if p != nil {
		writeProblem(w, r, p)
		return
	}
	req, p := batch.Parse(body)
	if p != nil {
		writeProblem(w, r, p)
		return
	}
	res := batch.Run(req, origin(r))
	if req.Output == "zip" {
		w.Header().Set("Content-Type", "application/zip")
		w.Header().Set("Content-Disposition", `attachment; filename="qr-codes.zip"`)
		w.Header().Set("Cache-Control", "no-store")
		w.Write(batch.Zip(res))
		return
	}
	writeJSON(w, res)
}

// origin is the scheme and host the request was made to, for absolute URLs.
func origin(r *http.Request) string {
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
