// Package budget is the work one request may do. A keyless endpoint is an
// abuse target: a few kilobytes of input must never cost seconds of CPU or
// hundreds of megabytes. Each request (a REST call, an MCP tool call)
// carries one Budget in its context; the core charges it before each
// piece of work, and work that would pass a limit is refused or ends
// before it is done, never after.
package budget

import (
	"context"
	"fmt"
)

// Limits of one request, chosen from measurements (worker/api's
// TestHostileInputIsBounded; BENCHMARKS.md, "Load") so that none costs more than a second of CPU or 100 MB
// natively, nor takes a Worker isolate past its 128 MB.
const (
	// DecodePixels bounds the pixels of the prepared images one decode
	// reads, summed over the ladder's rungs and the candidate codes
	// sampled within each (core/scan): 0.45 s natively for the worst
	// image of the hostile set.
	DecodePixels = 24_000_000
	// DrawNs bounds the estimated time of encoding and drawing every code
	// of one request, in nanoseconds of the development machine natively
	// (qr.Cost, render.Cost): what a batch may ask for in one call.
	DrawNs = 800_000_000
	// AnswerBytes bounds the body of one answer.
	AnswerBytes = 16 << 20
)

// Budget is the work one request may still do, by kind of work.
type Budget struct {
	Decode Meter // pixels read while decoding
	Draw   Meter // estimated nanoseconds of encoding and drawing
	Answer Meter // bytes answered
}

// New returns the budget of one request.
func New() *Budget {
	return &Budget{
		Decode: Meter{Name: "decode", Unit: "pixels", Limit: DecodePixels},
		Draw:   Meter{Name: "draw", Unit: "ns", Limit: DrawNs},
		Answer: Meter{Name: "answer", Unit: "bytes", Limit: AnswerBytes},
	}
}

// Meter counts one kind of work against its limit.
type Meter struct {
	Name, Unit  string
	Limit, Used int64
}

// Charge adds n to what was used and reports true, unless that would pass
// the limit: then it charges nothing and reports false.
func (m *Meter) Charge(n int64) bool {
	if m.Used+n > m.Limit {
		return false
	}
	m.Used += n
	return true
}

// Left is what the meter still allows.
func (m *Meter) Left() int64 { return m.Limit - m.Used }

func (m *Meter) String() string {
	return fmt.Sprintf("%s %d of %d %s", m.Name, m.Used, m.Limit, m.Unit)
}

type key struct{}

// With returns ctx carrying b.
func With(ctx context.Context, b *Budget) context.Context {
	return context.WithValue(ctx, key{}, b)
}

// From returns the budget ctx carries, or a new one for work done outside
// a request (a test, a tool run by hand), which is bounded all the same.
func From(ctx context.Context) *Budget {
	if b, ok := In(ctx); ok {
		return b
	}
	return New()
}

// In returns the budget ctx carries, if it carries one.
func In(ctx context.Context) (*Budget, bool) {
	if ctx == nil {
		return nil, false
	}
	b, ok := ctx.Value(key{}).(*Budget)
	return b, ok
}
