package api

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"qrkeyless/core/problem"
)

// Slots bounds how many heavy requests (decode, verify, batch, MCP) run at
// once, so that a burst of decodes, each up to 100 MB and a second of CPU,
// queues instead of taking the machine's memory. A request that waits
// longer than the wait given to NewSlots is told to retry.
type Slots struct {
	free chan struct{}
	wait time.Duration
}

// NewSlots returns n slots, each waited for at most wait.
func NewSlots(n int, wait time.Duration) *Slots {
	return &Slots{free: make(chan struct{}, max(1, n)), wait: wait}
}

// acquire takes a slot for a heavy request, or writes the 429 and reports
// false when none frees up in time or the client leaves. release gives
// the slot back. Nil slots always have room.
func (s *Slots) acquire(w http.ResponseWriter, r *http.Request) (release func(), ok bool) {
	if s == nil {
		return func() {}, true
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.wait)
	defer cancel()
	select {
	case s.free <- struct{}{}:
		return func() { <-s.free }, true
	case <-ctx.Done():
		w.Header().Set("Retry-After", "1")
		writeProblem(w, r, problem.TooMany.New("", fmt.Sprintf(
			"every one of the %d slots for decode, verify, batch and MCP calls stayed busy for %v", cap(s.free), s.wait), "Retry after a second; send many codes in one batch call rather than many calls at once."))
		return nil, false
	}
}
