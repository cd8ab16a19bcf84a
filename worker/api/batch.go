package api

import (
	"fmt"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"qrkeyless/core/batch"
	"qrkeyless/core/problem"
	"qrkeyless/worker/reply"
)

// maxBatchBody bounds the JSON body of a batch: 1,000 items of a few
// kilobytes each, checked before the body is read.
const maxBatchBody = 8 << 20

// batch answers POST /api/v1/qr/batch.
func (s *server) batch(w http.ResponseWriter, r *http.Request) {
	body, p := jsonBody(r, maxBatchBody, "a batch is JSON", batchFix, "Split the items into smaller calls: a batch body is at most 8 MiB.")
	if p != nil {
		writeProblem(w, r, p)
		return
	}
	a, p := batch.Do(r.Context(), body, reply.Origin(r))
	if p != nil {
		writeProblem(w, r, p)
		return
	}
	if a.File == nil {
		writeJSON(w, a.Response)
		return
	}
	h := w.Header()
	h.Set("Content-Type", a.ContentType)
	h.Set("Content-Disposition", `attachment; filename="`+a.Name+`"`)
	h.Set("Cache-Control", "no-store")
	if len(a.Failed) > 0 {
		// The items that failed take no label; their problems are what
		// output json answers for the same items.
		list := make([]string, len(a.Failed))
		for i, n := range a.Failed {
			list[i] = strconv.Itoa(n)
		}
		h.Set("x-qr-failed", strings.Join(list, ","))
	}
	w.Write(a.File)
}

// jsonBody reads the JSON body of a POST, refused before it is read when
// it is not application/json (what says what it is, fix how to send it)
// or says it is over limit bytes, and refused past limit as it is read
// (tooBig says what to do instead).
func jsonBody(r *http.Request, limit int64, what, fix, tooBig string) ([]byte, *problem.Problem) {
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
		p := problem.Unsupported.New("", fmt.Sprintf("Content-Type %q is not accepted; %s, application/json", r.Header.Get("Content-Type"), what), fix)
		p.Allowed = []string{"application/json"}
		return nil, p
	}
	if r.ContentLength > limit {
		return nil, problem.TooLarge.New("", fmt.Sprintf("the body is %d bytes; the limit is %d", r.ContentLength, limit), tooBig)
	}
	return readLimited(r.Body, limit, r.ContentLength, tooBig)
}

const batchFix = `POST /api/v1/qr/batch with Content-Type application/json and a body such as {"items":[{"data":"hello"}]}`
