// Package pathstyle reads the path form of a generation call,
// GET /q/<percent-encoded data>.<ext>, into the call GET /api/v1/qr would
// get: the data is the path segment before the last dot, the extension
// picks the format (docs/interface.md). Every problem's fix is written back
// in the /q/ form the caller used, as core/compat writes a peer's fix as
// the peer's URL.
package pathstyle

import (
	"fmt"
	"net/url"
	"slices"
	"strings"

	"qrkeyless/core/params"
	"qrkeyless/core/problem"
	"qrkeyless/core/render"
	"qrkeyless/core/request"
)

// Read reads /q/<raw>?<q>, raw being the escaped path after /q/, into the
// call GET /api/v1/qr would get (q is changed). bare reports a path
// without an extension and a query without a format, which is answered
// as PNG, or as text when terminal says a command-line client asks: the
// answer then depends on who asks.
func Read(raw string, q url.Values, terminal bool) (call problem.Call, bare bool, p *problem.Problem) {
	stem, ext := splitExt(raw)
	format, ok := render.FormatOfExt(ext)
	if !strings.Contains(raw, ".") && !q.Has(params.Format.Name) {
		// No extension: text for a terminal, PNG for everything else.
		format, ok, bare = render.Formats[0], true, true
		if terminal {
			format, _ = render.LookupFormat("utf8")
		}
	}
	if !ok {
		return call, bare, badExt(raw, stem, ext, q)
	}
	data, err := url.PathUnescape(stem)
	if err != nil || data == "" {
		fix := pathCall(params.Data.Example, format, q).With("", "")
		return call, bare, problem.BadValue.New(params.Data.Name, fmt.Sprintf(
			"/q/%s: the data before .%s must be percent-encoded text", raw, ext), fix)
	}
	for _, name := range params.Data.Names() {
		if q.Has(name) {
			fix := pathCall(data, format, without(q, params.Data.Names()...)).With("", "")
			return call, bare, problem.Conflict.New(params.Data.Name, fmt.Sprintf(
				"the path /q/%s carries the data, and the query gives %s= as well; drop it", raw, name), fix)
		}
	}
	if v, _, p := params.Get(request.NewCall("", q), params.Format); p != nil || (v != "" && !strings.EqualFold(v, format.Name)) {
		fix := pathCall(data, format, q).With("", "", params.Format.Names()...)
		return call, bare, problem.Conflict.New(params.Format.Name, fmt.Sprintf(
			"the extension .%s asks for %s but the query asks for another format; drop the format parameter", ext, format.Name), fix)
	}
	return pathCall(data, format, q), bare, nil
}

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

// without is q without the parameters named.
func without(q url.Values, names ...string) url.Values {
	out := url.Values{}
	for k, v := range q {
		if !slices.Contains(names, k) {
			out[k] = v
		}
	}
	return out
}
