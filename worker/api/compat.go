package api

import (
	"errors"
	"fmt"
	"mime"
	"net/http"
	"strings"

	"qrkeyless/core/compat"
	"qrkeyless/core/problem"
	"qrkeyless/core/render"
	"qrkeyless/core/scan"
	"qrkeyless/worker/reply"
)

// The compatibility paths: the URLs of goQR, QuickChart and the Google
// Chart API answered as they are (core/compat; docs/compat.md). Each is
// read by its peer's table and then made and kept at the edge as
// /api/v1/qr's codes are.

// compatRoutes are the routes of the peers' paths, for New's table.
func (s *server) compatRoutes() []route {
	var rs []route
	for _, p := range compat.Peers {
		rs = append(rs, route{path: p.Path, exact: true, ownQuery: true, methods: []string{"GET"}, handle: s.compat(p), doc: compatDoc(p)})
	}
	return append(rs, route{path: compat.GoQRRead, exact: true, methods: []string{"POST"}, handle: s.readQRCode, doc: readQRDoc, heavy: true,
		post: &postHelp{"the image as multipart form field file (an address, fileurl, is not fetched)", `-F file=@code.png`}})
}

// compat answers a peer's generation path.
func (s *server) compat(p *compat.Peer) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		req, pr := compat.Read(p, r.URL.RawQuery)
		if pr != nil {
			writeProblem(w, r, pr)
			return
		}
		s.serve(w, r, req)
	}
}

// readQRCode answers goQR's read-qr-code: the image as multipart field
// file (or as POST /api/v1/decode takes it), the codes in goQR's JSON. An
// image without a code is goQR's answer too, its error in the symbol; a
// request that is wrong (no image, an address to fetch) is a problem.
func (s *server) readQRCode(w http.ResponseWriter, r *http.Request) {
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if r.URL.Query().Has(compat.GoQRFileURL) || mt == "application/x-www-form-urlencoded" {
		writeProblem(w, r, fetchRefused(r))
		return
	}
	img, _, p := imageFromRequest(r, r.URL.Path, s.Images)
	if p != nil {
		writeProblem(w, r, p)
		return
	}
	codes, err := scan.DecodeBytes(r.Context(), img, s.Images)
	if err != nil && !errors.Is(err, scan.ErrNotFound) {
		writeProblem(w, r, scan.Problem(err, compat.GoQRFile, "POST "+compat.GoQRRead+" with the image as multipart form field file: curl -F file=@code.png "+reply.Origin(r)+compat.GoQRRead))
		return
	}
	writeJSON(w, compat.ReadAnswer(codes))
}

// fetchRefused is the problem of an image given by its address (goQR's
// fileurl): this service fetches nothing, so the fix sends the file.
func fetchRefused(r *http.Request) *problem.Problem {
	return problem.BadValue.New(compat.GoQRFileURL, fmt.Sprintf(
		"%s names an image to fetch, and this service fetches nothing: send the image itself", compat.GoQRFileURL), fmt.Sprintf("POST %s with the image itself as multipart form field file: curl -F file=@code.png %s%s", r.URL.Path, reply.Origin(r), r.URL.Path))
}

// compatDoc documents a peer's path: its parameters as the peer names
// them, with the peer's defaults and bounds, each saying what it maps to.
func compatDoc(p *compat.Peer) func() map[string]obj {
	return func() map[string]obj {
		var ps []obj
		for _, pa := range p.Params {
			q := obj{"name": pa.Name, "in": "query", "required": pa.Required, "schema": pa.Schema(),
				"description": pa.Help + " Here: " + strings.TrimSuffix(pa.Maps, ".") + "."}
			if pa.Example != "" {
				q["example"] = pa.Value(pa.Example)
			}
			ps = append(ps, q)
		}
		var formats []render.Format
		for _, name := range p.Formats {
			f, _ := render.LookupFormat(name)
			formats = append(formats, f)
		}
		return map[string]obj{p.Path: {"summary": p.Name + "'s URLs, answered as they are",
			"description": fmt.Sprintf("For links written for %s: replace the host (%s) with this service's and keep the path and query. "+
				"Defaults and bounds are %s's; a parameter %s does not have is ignored, as %s ignores it. "+
				"The image is exactly the size asked, quiet zone included. A problem's fix is the corrected %s URL.",
				p.Name, strings.Join(p.Hosts, ", "), p.Name, p.Name, p.Name, p.Name),
			"parameters": ps,
			"responses":  codeResponses(formats)}}
	}
}

// codeResponses are imageResponses for the formats given.
func codeResponses(formats []render.Format) obj {
	return obj{"200": obj{"description": "The code in the requested format", "headers": cacheHeaders(), "content": formatContent(formats)},
		"304": ref("responses", "NotModified")}
}

// readQRDoc documents goQR's read-qr-code: the image bodies decode takes.
// openapi.json says the rest: goQR's answer, with its error for an image
// without a code word for word (compat.NotFound; TestCompatDocumented).
func readQRDoc() map[string]obj {
	return map[string]obj{compat.GoQRRead: {"requestBody": obj{"content": decodeBodies()}}}
}

// compatLLMs is llms.txt's section on the peers: an item a path, with
// each parameter, its peer's default and what it becomes here.
func compatLLMs() string {
	var b strings.Builder
	for _, p := range compat.Peers {
		fmt.Fprintf(&b, "- [%s](%s): a link to %s works with this host in its place: GET %s, the image exactly the size asked. Its parameters, with %s's defaults, and what each is here:",
			p.Name, p.Example, strings.Join(p.Hosts, " or "), p.Path, p.Name)
		for _, pa := range p.Params {
			b.WriteString(" " + pa.Name)
			switch {
			case pa.Required:
				b.WriteString(" (required)")
			case pa.Default != "":
				b.WriteString(" (" + pa.Default + ")")
			}
			b.WriteString(" → " + strings.TrimSuffix(strings.ReplaceAll(pa.Maps, "`", ""), ".") + ".")
		}
		b.WriteString(" Any other parameter is ignored.\n")
	}
	fmt.Fprintf(&b, "- [goQR read-qr-code](/openapi.json): POST %s with the image as multipart field file answers goQR's JSON, [{\"type\":\"qrcode\",\"symbol\":[{\"seq\":0,\"data\":\"...\",\"error\":null}]}]; fileurl is refused (nothing is fetched)\n", compat.GoQRRead)
	return b.String()
}
