package api

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"qrkeyless/core/params"
	"qrkeyless/core/problem"
	"qrkeyless/core/render"
	"qrkeyless/core/scan"
)

// qr answers GET /api/v1/qr?data=...: the generic generator.
func (s *server) qr(w http.ResponseWriter, r *http.Request) {
	call := problem.Call{Path: r.URL.Path, Query: r.URL.Query()}
	s.generate(w, r, call)
}

// pathStyle answers GET /q/<data>.<ext>: the data is the percent-decoded
// path after /q/, the extension picks the format.
func (s *server) pathStyle(w http.ResponseWriter, r *http.Request) {
	raw := strings.TrimPrefix(r.URL.EscapedPath(), "/q/")
	q := r.URL.Query()
	dot := strings.LastIndexByte(raw, '.')
	var format render.Format
	found := false
	if dot > 0 {
		for _, f := range render.Formats {
			if f.Ext != "" && f.Ext == raw[dot+1:] {
				format, found = f, true
			}
		}
	}
	if !found {
		writeProblem(w, r, problem.BadValue.Newf("ext", "/q/"+raw+".png"+encodeQuery(q),
			"/q/%s has no known extension; end the path with .png, .svg, .json or .txt", raw))
		return
	}
	data, err := url.PathUnescape(raw[:dot])
	if err != nil || data == "" {
		writeProblem(w, r, problem.BadValue.Newf("data", "/q/"+url.PathEscape(params.Data.Example)+"."+format.Ext,
			"/q/%s: the data before .%s must be percent-encoded text", raw, format.Ext))
		return
	}
	if v, _, _ := params.Get(problem.Call{Query: q}, params.Format); v != "" && !strings.EqualFold(v, format.Name) {
		writeProblem(w, r, problem.Conflict.Newf(params.Format.Name, r.URL.Path+encodeQuery(without(q, params.Format.Names()...)),
			"the extension .%s asks for %s but format=%s; drop the format parameter", format.Ext, format.Name, v))
		return
	}
	q.Set(params.Format.Name, format.Name)
	q.Set(params.Data.Name, data)
	s.generate(w, r, problem.Call{Path: "/api/v1/qr", Query: q})
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
	o, p := params.Parse(call, known...)
	if p != nil {
		writeProblem(w, r, p)
		return
	}
	c, p := params.Encode(call, text, o)
	if p != nil {
		writeProblem(w, r, p)
		return
	}
	if v, _, _ := params.Get(call, params.Verify); params.ParseBool(v) {
		rep := scan.Verify(c, text, o.Render())
		h := w.Header()
		h.Set("x-qr-version", strconv.Itoa(rep.Version))
		h.Set("x-qr-ec", rep.EC)
		h.Set("x-qr-contrast", strconv.FormatFloat(rep.Contrast, 'f', 2, 64))
		h.Set("x-qr-verified", strconv.FormatBool(rep.Scannable))
	}
	writeCached(w, r, o.Format.ContentType, render.Bytes(c, o.Render(), o.Format.Name), secret)
}

// verify answers GET /api/v1/verify: the scan.Verify report of what
// /api/v1/qr renders for the same parameters.
func (s *server) verify(w http.ResponseWriter, r *http.Request) {
	call := problem.Call{Path: r.URL.Path, Query: r.URL.Query()}
	data, p := params.DataFromQuery(call)
	if p != nil {
		writeProblem(w, r, p)
		return
	}
	o, p := params.Parse(call, params.Data.Names()...)
	if p != nil {
		writeProblem(w, r, p)
		return
	}
	c, p := params.Encode(call, data, o)
	if p != nil {
		writeProblem(w, r, p)
		return
	}
	body, _ := json.Marshal(scan.Verify(c, data, o.Render()))
	writeCached(w, r, "application/json", body, false)
}

func encodeQuery(q url.Values) string {
	if len(q) == 0 {
		return ""
	}
	return "?" + strings.ReplaceAll(q.Encode(), "+", "%20")
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
