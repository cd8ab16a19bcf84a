package api

import (
	"net/http"

	"qrkeyless/core/problem"
	"qrkeyless/core/size"
)

// sizeAdvice answers GET /api/v1/size: how large to print or show a code.
// The parameters, their reading and their problems live in core/size,
// shared with the qr_size_recommend tool.
func (s *server) sizeAdvice(w http.ResponseWriter, r *http.Request) {
	a, p := size.Advise(problem.Call{Path: r.URL.Path, Query: r.URL.Query()})
	if p != nil {
		writeProblem(w, r, p)
		return
	}
	writeJSON(w, a)
}
