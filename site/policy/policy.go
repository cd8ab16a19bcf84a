// Package policy is what every answer asks of the browser that shows it:
// each page's Content-Security-Policy and the headers beside it, the
// static files', and the API's, under which nothing the API sends runs as
// a document. The native server and the Worker's Go set the headers from
// it (site/serve, worker/api), and the site generator writes the same into
// the _headers file with which Cloudflare sends the static files
// (HeadersFile), so both servers send one policy. docs/decisions.md,
// "Browser policy", says why each value is what it is.
package policy

import (
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"path"
	"strings"
)

// The headers this package sets.
const (
	CSP         = "Content-Security-Policy"
	Permissions = "Permissions-Policy"
	HSTSHeader  = "Strict-Transport-Security"
)

// HSTS is the Strict-Transport-Security of every answer: a year, so that
// a browser that has seen the service over https once never asks for it
// over http again. It is sent over http too, where browsers ignore it (RFC
// 6797, section 8.1), since Cloudflare's _headers cannot tell the two
// apart and both servers send the same. No includeSubDomains: the policy
// is the service's own, not its domain's.
const HSTS = "max-age=31536000"

// Answer is the Content-Security-Policy of every API answer: nothing in it
// loads, runs or may be framed, so an SVG (or a problem document) opened
// from the API's origin is a picture (or text), never a page that runs
// what it holds. sandbox also gives the document a unique origin.
const Answer = "default-src 'none'; frame-ancestors 'none'; sandbox"

// page is what one kind of page needs beyond the editor's least.
type page struct {
	// camera: the page reads the camera (getUserMedia), and only it.
	camera bool
	// workers: the page starts Web Workers from its own origin.
	workers bool
}

// pages are the site's pages that need something of their own; every
// other page is an editor (one per kind, the home page included), which
// draws in a Web Worker too (verify-worker.js).
var pages = map[string]page{
	"batch":   {workers: true},
	"inspect": {workers: true, camera: true},
	"docs":    {},
}

var editor = page{workers: true}

// Page sets on h the headers of the page at urlPath whose HTML is html:
// a policy that lets it run its own scripts (the files by origin, each
// inline one by its hash, WebAssembly by 'wasm-unsafe-eval') and load
// nothing from another origin, and the headers every site file carries.
func Page(h http.Header, urlPath string, html []byte) {
	name := strings.TrimSuffix(strings.TrimPrefix(path.Clean(urlPath), "/"), ".html")
	need, ok := pages[name]
	if !ok {
		need = editor
	}
	file(h)
	h.Set(CSP, pagePolicy(need, inlineHashes(html)))
	h.Set(Permissions, permissions(need))
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	// frame-ancestors says the same to every browser that reads a CSP;
	// this is for those that do not.
	h.Set("X-Frame-Options", "DENY")
}

// pagePolicy is the Content-Security-Policy of a page with need whose
// inline scripts hash to hashes.
func pagePolicy(need page, hashes []string) string {
	script := "script-src 'self' 'wasm-unsafe-eval'"
	for _, s := range hashes {
		script += " 'sha256-" + s + "'"
	}
	// Pictures as data: (a logo) and blob: (what the page drew in memory).
	d := []string{"default-src 'none'", script, "style-src 'self'", "img-src 'self' data: blob:", "connect-src 'self'"}
	if need.workers {
		d = append(d, "worker-src 'self'")
	}
	d = append(d, "manifest-src 'self'", "object-src 'none'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'")
	return strings.Join(d, "; ")
}

// permissions is the Permissions-Policy of a page with need: the powerful
// features it never uses turned off, the camera on for its own origin
// only where it reads it.
func permissions(need page) string {
	camera := "camera=()"
	if need.camera {
		camera = "camera=(self)"
	}
	return camera + ", microphone=(), geolocation=(), payment=(), usb=(), display-capture=()"
}

// inlineHashes are the base64 SHA-256 digests of html's inline scripts,
// in order: each <script> without src whose type runs (none, module or a
// JavaScript type), its text exactly as it stands between the tags, which
// is what a browser hashes. JSON data blocks run nothing and need none.
func inlineHashes(html []byte) []string {
	var out []string
	s := string(html)
	for {
		i := strings.Index(s, "<script")
		if i < 0 {
			return out
		}
		s = s[i+len("<script"):]
		end := strings.IndexByte(s, '>')
		if end < 0 {
			return out
		}
		attrs := s[:end]
		s = s[end+1:]
		close := strings.Index(s, "</script>")
		if close < 0 {
			return out
		}
		body := s[:close]
		s = s[close+len("</script>"):]
		if strings.Contains(attrs, " src=") || !runs(attrs) {
			continue
		}
		sum := sha256.Sum256([]byte(body))
		out = append(out, base64.StdEncoding.EncodeToString(sum[:]))
	}
}

// runs reports whether a script element with these attributes runs: no
// type, or a JavaScript one.
func runs(attrs string) bool {
	i := strings.Index(attrs, "type=")
	if i < 0 {
		return true
	}
	t := strings.Trim(strings.Fields(attrs[i+len("type="):] + " ")[0], `"'`)
	switch strings.ToLower(t) {
	case "module", "text/javascript", "application/javascript":
		return true
	}
	return false
}

// file sets the headers every site file carries: its type is the one it
// says (no sniffing a text file into a script), no URL of a page (a shared
// link's state) leaves in a Referer, and no other origin may load it.
func file(h http.Header) {
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cross-Origin-Resource-Policy", "same-origin")
	h.Set(HSTSHeader, HSTS)
}

// Static sets on h the headers of the site file at urlPath that is not a
// page: a Web Worker's script gets a policy of its own (a worker is ruled
// by its script's headers, not the page's), an SVG picture the API's
// policy, under which it runs nothing, and every file the headers of
// file.
func Static(h http.Header, urlPath string) {
	file(h)
	h.Del(CSP) // an API answer's, which the native server set first
	switch {
	case strings.HasSuffix(urlPath, "-worker.js"):
		// The editor's programs in a worker: wasm_exec.js, their .wasm
		// fetched and compiled.
		h.Set(CSP, "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'")
	case strings.HasSuffix(urlPath, ".svg"):
		h.Set(CSP, Answer)
	}
}

// Header is one header of every API answer: its name, its value, and
// why, as the OpenAPI description says it (worker/api).
type Header struct {
	Name, Value, Why string
}

// APIHeaders are the headers API sets on every answer.
var APIHeaders = []Header{
	{"X-Content-Type-Options", "nosniff", "The answer is of the type it says: no browser sniffs it into another (text into a script)."},
	{"Referrer-Policy", "no-referrer", "No URL of an answer (which may hold the data) leaves in a Referer."},
	// An <img> of a code on another site is what the API is for.
	{"Cross-Origin-Resource-Policy", "cross-origin", "Any site may embed the answer (an <img> of a code), also a page that asks for cross-origin isolation."},
	{HSTSHeader, HSTS, "Over https, a year of https only for this host."},
	{CSP, Answer, "Nothing in the answer loads, runs or may be framed, and it has an origin of its own: an SVG opened from this origin is a picture. A browser's PDF viewer still shows a PDF."},
}

// API sets on h the headers of an API answer (APIHeaders). Pages the API
// sends (a shared link's, site/serve) set their own over these.
func API(h http.Header) {
	for _, a := range APIHeaders {
		h.Set(a.Name, a.Value)
	}
}
