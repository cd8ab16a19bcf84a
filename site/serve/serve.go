// Package serve sends the built site (make site writes build/site) the
// way Cloudflare sends a Worker's static assets, so that a server run with
// Go alone loads the editor as fast as the Worker, and sends an editor
// page opened from a shared link with the link's code in it (core/link).
// The API hands it the paths no route claims (worker/api).
package serve

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"qrkeyless/core/link"
	"qrkeyless/site/policy"
)

// Site answers GET and HEAD of r from the built site the way wrangler's
// assets do: /wifi is wifi.html, / is index.html. A page opened from a
// link gets the link's code in it, made by code; compressPages gzips such
// a page, written per request. It reports whether it answered.
func Site(w http.ResponseWriter, r *http.Request, site fs.FS, code Code, compressPages bool) bool {
	if site == nil || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
		return false
	}
	// http.ServeFileFS answers a path with a ".." element 400 in plain
	// text even when it cleans to a file inside the site; leave such a
	// path to the caller's 404.
	if slices.Contains(strings.FieldsFunc(r.URL.Path, func(c rune) bool { return c == '/' || c == '\\' }), "..") {
		return false
	}
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
	for _, try := range []string{name, name + ".html", path.Join(name, "index.html")} {
		if try == "" || strings.HasPrefix(try, "../") {
			continue
		}
		if st, err := fs.Stat(site, try); err == nil && !st.IsDir() {
			if strings.HasSuffix(try, ".html") && r.URL.RawQuery != "" && page(w, r, site, try, code, compressPages) {
				return true
			}
			return file(w, r, site, try)
		}
	}
	return false
}

// A site file is sent the way Cloudflare sends a Worker's assets
// (wrangler.toml's [assets]); docs/editor.md, "How the files are sent",
// says what each header buys.
//
//   - Cache-Control CacheControl and a strong ETag of the file's bytes,
//     answered 304 when If-None-Match names it: a browser keeps each file
//     and asks on every visit whether it changed (wrangler's assets say
//     the same; a deploy changes a file under the same name).
//   - Compressed for a client that accepts it: brotli, else gzip, from
//     the copies make site writes beside each file that compresses
//     (Encodings, site/compress), with Vary: Accept-Encoding and the
//     ETag made weak, as Cloudflare's edge does when it compresses. Each
//     copy is written once, at build time, never per request.
//
// The copies are not served under their own names, nor .assetsignore:
// wrangler keeps both out of Cloudflare's assets, and a request for one
// is a 404 here too.

// CacheControl is the Cache-Control of every site file, the one
// wrangler's assets send (workers-shared's asset worker, CACHE_CONTROL_BROWSER).
const CacheControl = "public, max-age=0, must-revalidate"

// Encodings are the compressed copies of a site file, in the order
// the native server prefers them: the file name plus Suffix, sent with
// Content-Encoding Token. site/compress writes them.
var Encodings = []struct{ Token, Suffix string }{
	{"br", ".br"},
	{"gzip", ".gz"},
}

// file answers GET and HEAD of the site file name (a path in
// site), and reports whether it did: a compressed copy's own name, and
// .assetsignore, are left to the 404.
func file(w http.ResponseWriter, r *http.Request, site fs.FS, name string) bool {
	if base := path.Base(name); base == ".assetsignore" || base == "_headers" {
		return false
	}
	for _, e := range Encodings {
		if strings.HasSuffix(name, e.Suffix) {
			return false
		}
	}
	st, err := fs.Stat(site, name)
	if err != nil {
		return false
	}
	tag, err := siteTags.of(site, name, st)
	if err != nil {
		return false
	}
	h := w.Header()
	h.Del("Access-Control-Allow-Origin") // a page is not an API answer
	h.Set("Cache-Control", CacheControl)
	if strings.HasSuffix(name, ".html") {
		b, err := fs.ReadFile(site, name)
		if err != nil {
			return false
		}
		policy.Page(h, r.URL.Path, b)
	} else {
		policy.Static(h, r.URL.Path)
	}
	send, etag := name, `"`+tag+`"`
	if ct := mime.TypeByExtension(path.Ext(name)); ct != "" {
		h.Set("Content-Type", ct)
		// A file of unknown type is sent as it is, for ServeContent to sniff.
		if e, ok := siteCopy(site, name, st, r.Header.Get("Accept-Encoding")); ok {
			h.Set("Vary", "Accept-Encoding")
			h.Set("Content-Encoding", e.Token)
			send, etag = name+e.Suffix, "W/"+etag
		} else if hasCopy(site, name) {
			h.Set("Vary", "Accept-Encoding")
		}
	}
	h.Set("ETag", etag)
	f, err := site.Open(send)
	if err != nil {
		return false
	}
	defer f.Close()
	content, ok := f.(io.ReadSeeker)
	if !ok {
		b, err := io.ReadAll(f)
		if err != nil {
			return false
		}
		content = bytes.NewReader(b)
	}
	// No modification time: wrangler sends no Last-Modified, and the ETag
	// alone decides a revalidation.
	http.ServeContent(w, r, name, time.Time{}, content)
	return true
}

// siteCopy returns the compressed copy of name that the client's
// Accept-Encoding header takes, the preferred one first. A copy older
// than its file is stale (the file was rebuilt without make site) and
// never sent.
func siteCopy(site fs.FS, name string, st fs.FileInfo, accept string) (e struct{ Token, Suffix string }, ok bool) {
	for _, e := range Encodings {
		if !accepts(accept, e.Token) {
			continue
		}
		if c, err := fs.Stat(site, name+e.Suffix); err == nil && !c.IsDir() && !c.ModTime().Before(st.ModTime()) {
			return e, true
		}
	}
	return e, false
}

// hasCopy reports whether name has a compressed copy: its answers then
// vary with Accept-Encoding, even one sent as it is.
func hasCopy(site fs.FS, name string) bool {
	for _, e := range Encodings {
		if _, err := fs.Stat(site, name+e.Suffix); err == nil {
			return true
		}
	}
	return false
}

// accepts reports whether an Accept-Encoding header value takes coding
// (RFC 9110, 12.5.3): named, or matched by *, with a weight above 0. A
// coding named outright is judged by its own weight, not the *'s.
func accepts(header, coding string) bool {
	named, star := -1.0, -1.0
	for _, part := range strings.Split(header, ",") {
		token, params, _ := strings.Cut(part, ";")
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			if v, ok := strings.CutPrefix(strings.ToLower(strings.TrimSpace(p)), "q="); ok {
				if f, err := strconv.ParseFloat(v, 64); err == nil {
					q = f
				}
			}
		}
		switch strings.ToLower(strings.TrimSpace(token)) {
		case coding:
			named = q
		case "*":
			star = q
		}
	}
	if named >= 0 {
		return named > 0
	}
	return star > 0
}

// tags remembers the ETag of each site file, made from its bytes once
// for each size and modification time it is seen with (a rebuilt site is
// read again). A file without a modification time (an embedded or
// in-memory one) is hashed each time it is sent.
type tags struct {
	mu   sync.Mutex
	seen map[string]siteTag
}

type siteTag struct {
	size    int64
	modTime time.Time
	tag     string
}

var siteTags = &tags{seen: map[string]siteTag{}}

// of returns the ETag of name, st its stat: the first 16 bytes of its
// SHA-256, in hex, as writeTagged tags the API's answers.
func (t *tags) of(site fs.FS, name string, st fs.FileInfo) (string, error) {
	t.mu.Lock()
	s, ok := t.seen[name]
	t.mu.Unlock()
	if ok && !st.ModTime().IsZero() && s.size == st.Size() && s.modTime.Equal(st.ModTime()) {
		return s.tag, nil
	}
	f, err := site.Open(name)
	if err != nil {
		return "", err
	}
	defer f.Close()
	sum := sha256.New()
	if _, err := io.Copy(sum, f); err != nil {
		return "", err
	}
	s = siteTag{size: st.Size(), modTime: st.ModTime(), tag: hex.EncodeToString(sum.Sum(nil)[:16])}
	t.mu.Lock()
	t.seen[name] = s
	t.mu.Unlock()
	return s.tag, nil
}

// Code returns the API's answer for a URL of the API (a GET of
// /api/v1/<kind>?...&format=svg) when it is an SVG, and whether it is.
type Code func(ctx context.Context, url string) (svg string, ok bool)

// page answers an editor page opened from a shared link (name, a page of
// the site; the link's query is r's) with the link's code in the page, so
// that the code is in the page's first paint rather than asked for once
// the page runs (docs/editor.md, "Loading"). The code is the API's own
// answer for the URL the page would ask for (link.Form.CodeURL), the same
// bytes. A link that makes no code without a secret or a missing field,
// or that the server does not read exactly as the page does, gets the
// page as it is. It reports whether it answered.
func page(w http.ResponseWriter, r *http.Request, site fs.FS, name string, code Code, compress bool) bool {
	b, err := fs.ReadFile(site, name)
	if err != nil {
		return false
	}
	form, ok := link.FormOf(b)
	if !ok {
		return false
	}
	url, ok := form.CodeURL(r.URL.RawQuery)
	if !ok {
		return false
	}
	svg, ok := code(r.Context(), url)
	if !ok {
		return false
	}
	out, ok := link.Page(b, form, url, svg)
	if !ok {
		return false
	}
	h := w.Header()
	h.Del("Access-Control-Allow-Origin") // a page is not an API answer
	policy.Page(h, r.URL.Path, out)
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", CacheControl)
	sum := sha256.Sum256(out)
	etag := `"` + hex.EncodeToString(sum[:16]) + `"`
	if compress {
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
