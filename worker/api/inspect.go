package api

import (
	"net/http"

	"qrkeyless/core/inspect"
	"qrkeyless/core/params"
	"qrkeyless/core/request"
	"qrkeyless/core/scan"
)

// inspect answers POST /api/v1/inspect: an image as decode takes it, and
// a report on each code in it, or where reading stopped (core/inspect).
// overlay=1 in the query, or "overlay": true in a JSON body, adds the
// overlay as a data URI.
func (s *server) inspect(w http.ResponseWriter, r *http.Request) {
	const path = "/api/v1/inspect"
	img, body, p := imageFromRequest(r, path, s.Images)
	if p != nil {
		writeProblem(w, r, p)
		return
	}
	overlay, p := params.Flag(request.NewCall(path, r.URL.Query()), params.Overlay)
	if p != nil {
		writeProblem(w, r, p)
		return
	}
	if body.Overlay != nil {
		overlay = *body.Overlay
	}
	rep, err := inspect.Bytes(r.Context(), img, s.Images, overlay)
	if err != nil {
		writeProblem(w, r, scan.Problem(err, "", sendImage(path)))
		return
	}
	writeJSON(w, rep)
}
