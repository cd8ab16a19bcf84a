package api

import (
	"encoding/json"
	"fmt"
	"net/http"

	"qrkeyless/core/request"
	"qrkeyless/core/size"
	"qrkeyless/worker/edge"
)

// sizeAdvice answers GET /api/v1/size: how large to print or show a code,
// deterministically, so it is cached like a code.
// The parameters, their reading and their problems live in core/size,
// shared with the qr_size_recommend tool.
func (s *server) sizeAdvice(w http.ResponseWriter, r *http.Request) {
	call := request.NewCall(r.URL.Path, r.URL.Query())
	a, p := size.Advise(call)
	if p != nil {
		writeProblem(w, r, p)
		return
	}
	in, _ := size.Read(call) // Advise has read it without a problem
	secret := request.HasSecret(call.Query)
	if edge.First(w, r, secret, "size", fmt.Sprintf("%+v", in)) {
		return
	}
	body, _ := json.Marshal(a)
	writeCached(w, r, "application/json", body, secret)
}
