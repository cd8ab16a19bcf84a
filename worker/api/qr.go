package api

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"qrkeyless/core/generate"
	"qrkeyless/core/params"
	"qrkeyless/core/pathstyle"
	"qrkeyless/core/payload"
	"qrkeyless/core/problem"
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

// typed answers GET /api/v1/<kind>: it builds the kind's payload from the
// named fields, then renders it like /api/v1/qr.
func (s *server) typed(w http.ResponseWriter, r *http.Request) {
	call := request.NewCall(r.URL.Path, r.URL.Query())
	k, ok := payload.Lookup(strings.TrimPrefix(r.URL.Path, "/api/v1/"))
	if !ok {
		writeProblem(w, r, params.UnknownKind(strings.TrimPrefix(r.URL.Path, "/api/v1/"), call))
		return
	}
	s.generate(w, r, call, k)
}

// pathStyle answers GET /q/<data>.<ext> (core/pathstyle): generated like
// /api/v1/qr, but every fix stays in the /q/ form the caller used. A path
// without an extension is answered by who asks (terminal), so it is kept
// out of the edge cache and marked varied.
func (s *server) pathStyle(w http.ResponseWriter, r *http.Request) {
	call, bare, p := pathstyle.Read(strings.TrimPrefix(r.URL.EscapedPath(), "/q/"), r.URL.Query(), terminal(r))
	if bare {
		r = r.WithContext(edge.Skip(r.Context()))
		w = varied{w}
	}
	if p != nil {
		writeProblem(w, r, p)
		return
	}
	s.generate(w, r, call, nil)
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
		rep, p := code.Verify(r.Context())
		if p != nil {
			writeProblem(w, r, p)
			return
		}
		verifyHeaders(w, rep)
	}
	writeSymbolHeaders(w, code)
	writeCached(w, r, verify.ContentType(req.Options.Format, req.Options.Family.Zip), body, req.Secret)
}

// verifyHeaders adds verify=1's x-qr-* headers (x-qr-version is every
// answer's: symbolHeaders).
func verifyHeaders(w http.ResponseWriter, rep scan.Report) {
	h := w.Header()
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
	rep, p := code.Verify(r.Context())
	if p != nil {
		writeProblem(w, r, p)
		return
	}
	body, _ := json.Marshal(rep)
	writeCached(w, r, "application/json", body, req.Secret)
}

// examplePNG is a code to decode: "https://example.com" at 132 px, four
// pixels a module, made as GET /api/v1/qr makes it.
func examplePNG() []byte {
	q := url.Values{params.Data.Name: {params.Data.Example}, params.Size.Name: {"132"}}
	r, p := generate.Read(request.NewCall("/api/v1/qr", q), nil)
	if p != nil {
		panic(p)
	}
	code, p := verify.Draw(r)
	if p != nil {
		panic(p)
	}
	return code.Bytes(r.Options.Format)
}
