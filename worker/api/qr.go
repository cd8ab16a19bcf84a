package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"qrkeyless/core/brand"
	"qrkeyless/core/controls"
	"qrkeyless/core/params"
	"qrkeyless/core/problem"
	"qrkeyless/core/qr"
	"qrkeyless/core/render"
	"qrkeyless/core/scan"
	"qrkeyless/worker/edge"
)

// qr answers GET /api/v1/qr?data=...: the generic generator, and its
// POST form (qrPost).
func (s *server) qr(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodPost {
		s.qrPost(w, r)
		return
	}
	call := params.NewCall(r.URL.Path, r.URL.Query())
	s.generate(w, r, call)
}

// pathStyle answers GET /q/<data>.<ext>: the data is the percent-decoded
// path after /q/, the extension picks the format. It is generated like
// /api/v1/qr, but every fix stays in the /q/ form the caller used.
func (s *server) pathStyle(w http.ResponseWriter, r *http.Request) {
	raw := strings.TrimPrefix(r.URL.EscapedPath(), "/q/")
	q := r.URL.Query()
	stem, ext := splitExt(raw)
	format, ok := formatOfExt(ext)
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
	if v, _, p := params.Get(params.NewCall("", q), params.Format); p != nil || (v != "" && !strings.EqualFold(v, format.Name)) {
		fix := pathCall(data, format, q).With("", "", params.Format.Names()...)
		writeProblem(w, r, problem.Conflict.Newf(params.Format.Name, fix,
			"the extension .%s asks for %s but the query asks for another format; drop the format parameter", ext, format.Name))
		return
	}
	s.generate(w, r, pathCall(data, format, q))
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

// formatOfExt returns the format a /q/ extension names, in any case.
func formatOfExt(ext string) (render.Format, bool) {
	for _, f := range render.Formats {
		if f.Ext != "" && strings.EqualFold(f.Ext, ext) {
			return f, true
		}
	}
	return render.Format{}, false
}

// pathExts lists the extensions of /q/, for problems.
func pathExts() []string {
	var exts []string
	for _, f := range render.Formats {
		if f.Ext != "" {
			exts = append(exts, f.Ext)
		}
	}
	return exts
}

// otherExts maps file types people ask /q/ for to the extension that gives
// the nearest thing: a raster for a raster, a vector for a vector.
var otherExts = map[string]string{
	"gif": "png", "jpg": "png", "jpeg": "png", "webp": "png", "bmp": "png", "tif": "png", "tiff": "png",
	"avif": "png", "ico": "png", "svgz": "svg", "base64": "txt", "b64": "txt", "text": "txt",
}

// badExt is the problem for /q/<raw> without a known extension. A suffix
// that reads as a wrong file type (.gif, .jpg, .sgv) is replaced in the fix,
// since keeping it would encode "hi.gif"; any other suffix (/q/example.com)
// is taken as part of the data and .png is added. A format= in the query
// picks the extension, and leaves the query so the two cannot disagree.
func badExt(raw, stem, ext string, q url.Values) *problem.Problem {
	exts := pathExts()
	to, known := otherExts[strings.ToLower(ext)]
	if !known && ext != "" {
		to = params.Nearest(strings.ToLower(ext), exts)
		known = to != ""
	}
	if !known {
		stem, to = raw, render.Formats[0].Ext
	}
	if v, _, _ := params.Get(params.NewCall("", q), params.Format); v != "" {
		if f, ok := render.LookupFormat(strings.ToLower(v)); ok && f.Ext != "" {
			to = f.Ext
		}
	}
	f, _ := formatOfExt(to)
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
	c := params.NewCall("/api/v1/qr", q)
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

// generate encodes the data of call and writes it in the requested format.
func (s *server) generate(w http.ResponseWriter, r *http.Request, call problem.Call) {
	data, p := params.DataFromQuery(call)
	if p != nil {
		writeProblem(w, r, p)
		return
	}
	s.render(w, r, call, data, false, append(params.Data.Names(), params.Verify.Name)...)
}

// render reads the rendering parameters of call, encodes text and writes it.
// known names the other parameters the endpoint takes. verify=1 adds the
// x-qr-* headers from scan.Verify.
func (s *server) render(w http.ResponseWriter, r *http.Request, call problem.Call, text string, secret bool, known ...string) {
	o, p := controls.Parse(call, known...)
	if p != nil {
		writeProblem(w, r, p)
		return
	}
	verify, p := params.Flag(call, params.Verify)
	if p != nil {
		writeProblem(w, r, p)
		return
	}
	secret = secret || params.HasSecret(call.Query)
	if keyFirst(w, r, secret, codeKey("code", text, o, verify)...) {
		return
	}
	c, p := params.Encode(call, text, o)
	if p != nil {
		writeProblem(w, r, p)
		return
	}
	if p := params.Charge(r.Context(), c, o); p != nil {
		writeProblem(w, r, p)
		return
	}
	if o.Branded() {
		k, p := s.branded(w, r, call, c, text, o, verify)
		if p != nil {
			writeProblem(w, r, p)
		}
		if k != nil {
			writeCached(w, r, o.Format.ContentType, brandBytes(k, o), secret)
		}
		return
	}
	if verify {
		release, ok := acquire(w, r) // a verify is as heavy as on its own route
		if !ok {
			return
		}
		defer release()
		verifyHeaders(w, scan.Verify(r.Context(), c, text, o.Render()))
	}
	writeCached(w, r, o.Format.ContentType, render.Bytes(c, o.Render(), o.Format.Name), secret)
}

// branded draws a branded code: verified before it is served when the
// branding touches the code's own pixels (a gradient, eye colours, a
// logo), as a frame alone does not; nil, nil when the request waited for
// a slot in vain (acquire answered it).
func (s *server) branded(w http.ResponseWriter, r *http.Request, call problem.Call, c *qr.Code, text string, o params.Options, verify bool) (*brand.Code, *problem.Problem) {
	if !o.Brand.Touches() && !verify {
		k, err := brand.New(c, o)
		if err != nil {
			return nil, brand.Refused(call, err)
		}
		return k, nil
	}
	release, ok := acquire(w, r) // a verify is as heavy as on its own route
	if !ok {
		return nil, nil
	}
	defer release()
	if !o.Brand.Touches() {
		k, err := brand.New(c, o)
		if err != nil {
			return nil, brand.Refused(call, err)
		}
		verifyHeaders(w, k.Verify(r.Context(), text))
		return k, nil
	}
	k, rep, p := brand.Checked(r.Context(), call, c, text, o)
	if p != nil {
		return nil, p
	}
	if verify {
		verifyHeaders(w, rep)
	}
	return k, nil
}

// verifyHeaders adds verify=1's x-qr-* headers.
func verifyHeaders(w http.ResponseWriter, rep scan.Report) {
	h := w.Header()
	h.Set("x-qr-version", strconv.Itoa(rep.Version))
	h.Set("x-qr-ec", rep.EC)
	h.Set("x-qr-contrast", strconv.FormatFloat(rep.Contrast, 'f', 2, 64))
	h.Set("x-qr-verified", strconv.FormatBool(rep.Scannable))
}

// brandBytes draws a branded code in o's format (one of
// params.BrandFormats).
func brandBytes(k *brand.Code, o params.Options) []byte {
	switch o.Format.Name {
	case "svg":
		return k.SVG()
	case "base64":
		return render.DataURI(k.PNG())
	}
	if o.DPI > 0 {
		return render.WithDPI(k.PNG(), o.DPI)
	}
	return k.PNG()
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
	call := params.NewCall(r.URL.Path, q)
	call.Write = func(fixed url.Values) string { return "POST /api/v1/qr with " + params.ToJSON(fixed) }
	s.generate(w, r, call)
}

// verify answers GET /api/v1/verify: the scan.Verify report of what
// /api/v1/qr renders for the same parameters.
func (s *server) verify(w http.ResponseWriter, r *http.Request) {
	call := params.NewCall(r.URL.Path, r.URL.Query())
	data, p := params.DataFromQuery(call)
	if p != nil {
		writeProblem(w, r, p)
		return
	}
	o, p := controls.Parse(call, params.Data.Names()...)
	if p != nil {
		writeProblem(w, r, p)
		return
	}
	secret := params.HasSecret(call.Query)
	if keyFirst(w, r, secret, codeKey("verify", data, o, false)...) {
		return
	}
	c, p := params.Encode(call, data, o)
	if p != nil {
		writeProblem(w, r, p)
		return
	}
	var rep scan.Report
	if o.Branded() {
		k, err := brand.New(c, o)
		if err != nil {
			writeProblem(w, r, brand.Refused(call, err))
			return
		}
		rep = k.Verify(r.Context(), data)
	} else {
		rep = scan.Verify(r.Context(), c, data, o.Render())
	}
	body, _ := json.Marshal(rep)
	writeCached(w, r, "application/json", body, secret)
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
