//go:build !js

package api

import (
	"context"
	"net/http"
	"runtime"
	"time"

	"qrkeyless/core/problem"
)

// slots bounds, natively, how many heavy requests (decode, verify, batch, MCP) run at
// once: one per CPU, so a burst of decodes, each up to 100 MB and a
// second of CPU, queues instead of taking the machine's memory. A request
// that waits longer than queueWait for a slot is told to retry.
var slots = make(chan struct{}, max(1, runtime.GOMAXPROCS(0)))

const queueWait = 10 * time.Second

// acquire takes a slot for a heavy request, or writes the 429 and reports
// false when none frees up in time or the client leaves. release gives
// the slot back.
func acquire(w http.ResponseWriter, r *http.Request) (release func(), ok bool) {
	ctx, cancel := context.WithTimeout(r.Context(), queueWait)
	defer cancel()
	select {
	case slots <- struct{}{}:
		return func() { <-slots }, true
	case <-ctx.Done():
		w.Header().Set("Retry-After", "1")
		writeProblem(w, r, problem.TooMany.Newf("", "Retry after a second; send many codes in one batch call rather than many calls at once.",
			"every one of the %d slots for decode, verify, batch and MCP calls stayed busy for %v", cap(slots), queueWait))
		return nil, false
	}
}
