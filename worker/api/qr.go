package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"qrkeyless/core/generate"
	"qrkeyless/core/params"
	"qrkeyless/core/payload"
	"qrkeyless/core/problem"
	"qrkeyless/core/render"
	"qrkeyless/core/request"
	"qrkeyless/core/scan"
	"qrkeyless/core/verify"
	"qrkeyless/worker/edge"
)

// qr answers GET /api/v1/qr?data=...: the generic generator, and its
// POST form (qrPost).
func (s *server) qr(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodPost {
		s.qrPost(w, r)
		return
	}
	s.generate(w, r, request.NewCall(r.URL.Path, r.URL.Query()), nil)
}

// pathStyle answers GET /q/<data>.<ext>: the data is the percent-decoded
// path after /q/, the extension picks the format. It is generated like
// /api/v1/qr, but every fix stays in the /q/ form the caller used.
func (s *server) pathStyle(w http.ResponseWriter, r *http.Request) {
	raw := strings.TrimPrefix(r.URL.EscapedPath(), "/q/")
	q := r.URL.Query()
	stem, ext := splitExt(raw)
	format, ok := render.FormatOfExt(ext)
	if !strings.Contains(raw, ".") && !q.Has(params.Format.Name) {
		// No extension: text for a terminal, PNG for everything else.
		format, ok = render.Formats[0], true
		if terminal(r) {
			format, _ = render.LookupFormat("utf8")
		}
		r = r.WithContext(edge.Skip(r.Context()))
		w = varied{w}
	}
	if !ok {
		writeProblem(w, r, badExt(raw, stem, ext, q))
		return
	}
	data, err := url.PathUnescape(stem)
	if err != nil || data == "" {
		fix := pathCall(params.Data.Example, format, q).With("", "")
		writeProblem(w, r, problem.BadValue.Newf(params.Data.Name, fix,
			"/q/%s: the data before .%s must be percent-encoded text", raw, ext))
		return
	}
	for _, name := range params.Data.Names() {
		if q.Has(name) {
			fix := pathCall(data, format, without(q, params.Data.Names()...)).With("", "")
			writeProblem(w, r, problem.Conflict.Newf(params.Data.Name, fix,
				"the path /q/%s carries the data, and the query gives %s= as well; drop it", raw, name))
			return
		}
	}
	if v, _, p := params.Get(request.NewCall("", q), params.Format); p != nil || (v != "" && !strings.EqualFold(v, format.Name)) {
		fix := pathCall(data, format, q).With("", "", params.Format.Names()...)
		writeProblem(w, r, problem.Conflict.Newf(params.Format.Name, fix,
			"the extension .%s asks for %s but the query asks for another format; drop the format parameter", ext, format.Name))
		return
	}
	s.generate(w, r, pathCall(data, format, q), nil)
}

// terminal reports whether r comes from a command-line client (curl,
// Wget, HTTPie, xh), or asks for plain text, and not for a page or an image.
func terminal(r *http.Request) bool {
	accept := strings.ToLower(r.Header.Get("Accept"))
	if strings.Contains(accept, "text/html") || strings.Contains(accept, "image/") {
		return false
	}
	if strings.HasPrefix(accept, "text/plain") {
		return true
	}
	ua := strings.ToLower(r.UserAgent())
	for _, client := range []string{"curl/", "wget/", "httpie/", "xh/"} {
		if strings.HasPrefix(ua, client) {
			return true
		}
	}
	return false
}

// varied marks an answer that depends on who asks (see terminal): caches
// keep one per User-Agent and Accept, and not forever, since the rule that
// tells them apart may change.
type varied struct{ http.ResponseWriter }

func (v varied) WriteHeader(status int) {
	h := v.Header()
	h.Add("Vary", "User-Agent, Accept")
	if strings.Contains(h.Get("Cache-Control"), "immutable") {
		h.Set("Cache-Control", "public, max-age=86400")
	}
	v.ResponseWriter.WriteHeader(status)
}

func (v varied) Write(b []byte) (int, error) { return v.ResponseWriter.Write(b) }

// splitExt splits the escaped path after /q/ at its last dot; ext is empty
// when there is no dot.
func splitExt(raw string) (stem, ext string) {
	dot := strings.LastIndexByte(raw, '.')
	if dot < 0 {
		return raw, ""
	}
	return raw[:dot], raw[dot+1:]
}

// otherExts maps file types people ask /q/ for to the extension that gives
// the nearest thing: a raster for a raster, a vector for a vector.
var otherExts = map[string]string{
	"jpeg": "jpg", "jpe": "jpg", "webp": "png", "bmp": "png", "tif": "png", "tiff": "png",
	"avif": "png", "ico": "png", "svgz": "svg", "base64": "txt", "b64": "txt", "text": "txt",
}

// badExt is the problem for /q/<raw> without a known extension. A suffix
// that reads as a wrong file type (.gif, .jpg, .sgv) is replaced in the fix,
// since keeping it would encode "hi.gif"; any other suffix (/q/example.com)
// is taken as part of the data and .png is added. A format= in the query
// picks the extension, and leaves the query so the two cannot disagree.
func badExt(raw, stem, ext string, q url.Values) *problem.Problem {
	exts := render.Exts()
	to, known := otherExts[strings.ToLower(ext)]
	if !known && ext != "" {
		to = params.Nearest(strings.ToLower(ext), exts)
		known = to != ""
	}
	if !known {
		stem, to = raw, render.Formats[0].Ext
	}
	if v, _, _ := params.Get(request.NewCall("", q), params.Format); v != "" {
		if f, ok := render.LookupFormat(strings.ToLower(v)); ok && f.Ext != "" {
			to = f.Ext
		}
	}
	f, _ := render.FormatOfExt(to)
	data, err := url.PathUnescape(stem)
	if err != nil || data == "" {
		data = params.Data.Example
	}
	fix := pathCall(data, f, without(q, params.Format.Names()...)).With("", "")
	detail := fmt.Sprintf("/q/%s has no extension; end the path with .%s", raw, strings.Join(exts, ", ."))
	if known {
		detail = fmt.Sprintf("/q/%s: .%s is not an extension of /q/; use .%s", raw, ext, strings.Join(exts, ", ."))
	}
	p := problem.BadValue.New("ext", detail, fix)
	p.Allowed = exts
	return p
}

// pathCall is /q/<data>.<ext>?<q> as the generator reads it: data and
// format join the query (q is changed), and fixes are written back as a
// /q/ path by pathFix.
func pathCall(data string, f render.Format, q url.Values) problem.Call {
	q.Set(params.Format.Name, f.Name)
	q.Set(params.Data.Name, data)
	c := request.NewCall("/api/v1/qr", q)
	c.Write = func(fixed url.Values) string { return pathFix(fixed, f) }
	return c
}

// pathFix writes a corrected query as /q/<data>.<ext>?<rest>, the format
// in the extension (f's when the fix dropped it). A fix that needs what a
// /q/ path cannot say (no data, a format without an extension) is written
// as the /api/v1/qr call instead.
func pathFix(q url.Values, f render.Format) string {
	data := q.Get(params.Data.Name)
	if v := q.Get(params.Format.Name); v != "" {
		f, _ = render.LookupFormat(v)
	}
	if data == "" || f.Ext == "" {
		return "/api/v1/qr" + problem.Query(q)
	}
	return "/q/" + url.PathEscape(data) + "." + f.Ext + problem.Query(without(q, params.Data.Name, params.Format.Name))
}

// generate reads a generation call (kind nil for plain text) and writes
// the code in the requested format; verify=1 adds the x-qr-* headers.
func (s *server) generate(w http.ResponseWriter, r *http.Request, call problem.Call, kind *payload.Kind) {
	req, p := generate.Read(call, kind)
	if p != nil {
		writeProblem(w, r, p)
		return
	}
	s.serve(w, r, req)
}

// serve makes the code req asks for and writes it, kept at the edge
// under its canonical key; the compatibility paths (compat.go) read
// their requests otherwise and end here too.
func (s *server) serve(w http.ResponseWriter, r *http.Request, req generate.Request) {
	if edge.First(w, r, req.Secret, req.Key("code")...) {
		return
	}
	if req.Heavy() { // a verify is as heavy as on its own route
		release, ok := s.Slots.acquire(w, r)
		if !ok {
			return
		}
		defer release()
	}
	code, body, p := verify.Make(r.Context(), req, req.Options.Format)
	if p != nil {
		writeProblem(w, r, p)
		return
	}
	if req.Verify {
		verifyHeaders(w, code.Verify(r.Context()))
	}
	writeCached(w, r, req.Options.Format.ContentType, body, req.Secret)
}

// verifyHeaders adds verify=1's x-qr-* headers.
func verifyHeaders(w http.ResponseWriter, rep scan.Report) {
	h := w.Header()
	h.Set("x-qr-version", strconv.Itoa(rep.Version))
	h.Set("x-qr-ec", rep.EC)
	h.Set("x-qr-contrast", strconv.FormatFloat(rep.Contrast, 'f', 2, 64))
	h.Set("x-qr-verified", strconv.FormatBool(rep.Scannable))
}

// maxQRBody bounds the JSON body of POST /api/v1/qr: a logo of 256 KiB
// as base64 and the rest.
const maxQRBody = 512 << 10

// qrPost answers POST /api/v1/qr: the parameters of GET /api/v1/qr as the
// fields of a JSON object, for a logo too large for a URL. A fix is
// written back as such a body.
func (s *server) qrPost(w http.ResponseWriter, r *http.Request) {
	example := `POST /api/v1/qr with {"data":"https://example.com","logo":"data:image/png;base64,..."}`
	body, p := jsonBody(r, maxQRBody, "the body is a JSON object", example, "Send a smaller logo: the body is at most 512 KiB.")
	if p != nil {
		writeProblem(w, r, p)
		return
	}
	q, p := params.FromJSON(body, example)
	if p != nil {
		writeProblem(w, r, p)
		return
	}
	call := request.NewCall(r.URL.Path, q)
	call.Write = func(fixed url.Values) string { return "POST /api/v1/qr with " + params.ToJSON(fixed) }
	s.generate(w, r, call, nil)
}

// verify answers GET /api/v1/verify: the scan.Verify report of what
// /api/v1/qr renders for the same parameters.
func (s *server) verify(w http.ResponseWriter, r *http.Request) {
	req, p := generate.ReadVerify(request.NewCall(r.URL.Path, r.URL.Query()))
	if p != nil {
		writeProblem(w, r, p)
		return
	}
	if edge.First(w, r, req.Secret, req.Key("verify")...) {
		return
	}
	code, p := verify.Draw(req)
	if p != nil {
		writeProblem(w, r, p)
		return
	}
	body, _ := json.Marshal(code.Verify(r.Context()))
	writeCached(w, r, "application/json", body, req.Secret)
}

func without(q url.Values, names ...string) url.Values {
	out := url.Values{}
	for k, v := range q {
		if !contains(names, k) {
			out[k] = v
		}
	}
	return out
}
