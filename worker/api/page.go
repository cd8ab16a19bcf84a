package api

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"net/http"
	"strings"
	"time"

	"qrkeyless/core/link"
	"qrkeyless/worker/edge"
	"qrkeyless/worker/reply"
)

// servePage answers an editor page opened from a shared link (name, a
// page of the site; the link's query is r's) with the link's code in the
// page, so that the code is in the page's first paint rather than asked
// for once the page runs (docs/editor.md, "Loading"). The code is the
// API's own answer for the URL the page would ask for (link.Form.CodeURL),
// the same bytes. A link that makes no code without a secret or a missing
// field, or that the server does not read exactly as the page does, gets
// the page as it is. It reports whether it answered.
func (s *server) servePage(w http.ResponseWriter, r *http.Request, name string) bool {
	page, err := fs.ReadFile(s.Site, name)
	if err != nil {
		return false
	}
	form, ok := link.FormOf(page)
	if !ok {
		return false
	}
	url, ok := form.CodeURL(r.URL.RawQuery)
	if !ok {
		return false
	}
	code := &reply.Recorder{Head: http.Header{}}
	// Drawn whatever the Worker's entry asked of the page's answer (a key
	// alone, edge.Header): the page is not kept in the edge cache, and its
	// code must be in it.
	ask, err := http.NewRequestWithContext(edge.Skip(r.Context()), http.MethodGet, url, nil)
	if err != nil {
		return false
	}
	s.ServeHTTP(code, ask)
	if code.Status != http.StatusOK || !strings.HasPrefix(code.Head.Get("Content-Type"), "image/svg+xml") {
		return false
	}
	out, ok := link.Page(page, form, url, code.Body.String())
	if !ok {
		return false
	}
	h := w.Header()
	h.Del("Access-Control-Allow-Origin") // a page is not an API answer
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", siteCacheControl)
	sum := sha256.Sum256(out)
	etag := `"` + hex.EncodeToString(sum[:16]) + `"`
	if s.CompressPages {
		// Written per request, unlike the site's files; a page is about
		// 35 kB, and gzip at its fastest takes well under a millisecond.
		h.Set("Vary", "Accept-Encoding")
		if accepts(r.Header.Get("Accept-Encoding"), "gzip") {
			var z bytes.Buffer
			zw, _ := gzip.NewWriterLevel(&z, gzip.BestSpeed) // a valid level: no error
			zw.Write(out)
			zw.Close()
			out, etag = z.Bytes(), "W/"+etag
			h.Set("Content-Encoding", "gzip")
		}
	}
	h.Set("ETag", etag)
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(out))
	return true
}
