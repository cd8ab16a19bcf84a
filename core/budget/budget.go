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
	"math"
	"strconv"
	"time"
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

// The Worker's CPU, in nanoseconds, of a unit of each kind of work: what
// a plan's CPU limit (Within) is charged, before the work is done. Measured
// in WebAssembly as the Worker runs it (bench/peers' rates, the fastest of
// four runs; BENCHMARKS.md, "The plan's CPU") and chosen so that the
// estimate is at or over the time measured near the free plan's limit,
// where it decides; far over the limit it may be under, and refuses all
// the same.
const (
	// DecodeCPU is a pixel of decode work (Budget.Decode) in a picture
	// sent to be read: the ladder's prepared images and the candidate codes
	// sampled in them (4.2 ns measured at the median, 21.6 at the worst).
	DecodeCPU = 25
	// ImageCPU is a pixel of unpacking the picture sent (PNG, JPEG, GIF
	// or WebP) and turning it to grey, before any decode work, and
	// ImageByteCPU a byte of its file, which PNG's inflating costs (a
	// JPEG: 20 to 25 ns a pixel measured; a busy PNG photo up to 110 ns a
	// pixel, 2.3 MB for 1.9 megapixels); ImageFloorCPU is a picture's
	// fixed part: headers, tables, buffers.
	ImageCPU      = 20
	ImageByteCPU  = 120
	ImageFloorCPU = 500_000
	// DrawCPU is the Worker's time for a nanosecond of Budget.Draw, which
	// counts the native time of the development machine (0.6 to 1.5
	// measured, PDF 1.6).
	DrawCPU = 1
	// PixelCPU is a pixel of a raster picture written (PNG, JPEG, GIF),
	// which WebAssembly compresses at a cost the native estimate does not
	// see (a plain 2048 px PNG: 17.5 ms in WebAssembly for 2.2 ms native).
	PixelCPU = 4
	// ModuleVerifyCPU is a module, quiet zone included, of a code
	// verified (the camera model's pictures, read), and PixelVerifyCPU a
	// pixel of the picture it starts from; BrandVerifyCPU is that pixel
	// when the branding draws it (a gradient, eye colours, a logo).
	ModuleVerifyCPU = 4_000
	PixelVerifyCPU  = 8
	BrandVerifyCPU  = 36
	// ItemCPU is reading one item of a batch (its fields and parameters,
	// its version), before anything is drawn: a batch of 1,000 PNGs took
	// 45 ms to refuse without it.
	ItemCPU = 50_000
	// LabelCPU is laying one code out on a sheet (output sheet), besides
	// making it.
	LabelCPU = 1_000_000
	// ByteCPU is a byte of a JSON body read: parsed by mcp-go or
	// encoding/json into maps and values, and a picture's base64 undone
	// (an MCP qr_decode of a 51 KB message: about 9 ms more than the same
	// picture sent to REST; 11 ms at the worst for a 42 KB one charged at
	// 200).
	ByteCPU = 250
	// FloorCPU is what every request costs besides its work: the way into
	// Go and out, reading the request, writing the answer.
	FloorCPU = 1_500_000
)

// Budget is the work one request may still do, by kind of work.
type Budget struct {
	Decode Meter // pixels read while decoding
	Draw   Meter // estimated nanoseconds of encoding and drawing
	Answer Meter // bytes answered
	// CPU is the Worker CPU the request may still use, in nanoseconds,
	// under the plan's limit (Within): charged for drawing (Draws), for
	// other work estimated before it is done (Afford), and for decode work
	// once Reading ties the decode meter to it. Without a plan it has no
	// limit.
	CPU Meter
	// Plan is the CPU limit the budget was made for; 0 for none.
	Plan time.Duration
}

// New returns the budget of one request with no CPU limit.
func New() *Budget { return Within(0) }

// Within returns the budget of one request on a plan that allows cpu of
// CPU a request (QR_CPU_MS; 0 for no limit): its CPU meter holds cpu less
// FloorCPU, the work's rates are charged against it.
func Within(cpu time.Duration) *Budget {
	b := &Budget{
		Decode: Meter{Name: "decode", Unit: "pixels", Limit: DecodePixels},
		Draw:   Meter{Name: "draw", Unit: "ns", Limit: DrawNs},
		Answer: Meter{Name: "answer", Unit: "bytes", Limit: AnswerBytes},
		CPU:    Meter{Name: "cpu", Unit: "ns", Limit: math.MaxInt64},
		Plan:   cpu,
	}
	if cpu > 0 {
		b.CPU.Limit = max(int64(cpu)-FloorCPU, 0)
	}
	return b
}

// Afford charges n nanoseconds of Worker CPU, estimated before the work
// is done, and reports false, charging nothing, when the plan does not
// allow them.
func (b *Budget) Afford(n int64) bool { return b.CPU.Charge(n) }

// Drawing is the work of making codes: the native estimate Budget.Draw
// counts and the raster pixels written, which the plan's CPU is charged
// for at DrawCPU and PixelCPU.
type Drawing struct {
	Ns, Pixels int64
	Worker     int64 // Worker CPU besides, in nanoseconds (a sheet's labels laid out)
}

// Add is d and e together.
func (d Drawing) Add(e Drawing) Drawing {
	return Drawing{d.Ns + e.Ns, d.Pixels + e.Pixels, d.Worker + e.Worker}
}

// CPU is d's Worker CPU, in nanoseconds.
func (d Drawing) CPU() int64 { return d.Ns*DrawCPU + d.Pixels*PixelCPU + d.Worker }

// Fits reports whether d fits what the draw budget and the plan's CPU
// have left, and when it does not, whether it is the plan that refuses.
func (b *Budget) Fits(d Drawing) (ok, byPlan bool) {
	if d.Ns > b.Draw.Left() {
		return false, false
	}
	if b.Plan > 0 && d.CPU() > b.CPU.Left() {
		return false, true
	}
	return true, false
}

// Draws charges d when it Fits.
func (b *Budget) Draws(d Drawing) (ok, byPlan bool) {
	if ok, byPlan = b.Fits(d); ok {
		b.Draw.Charge(d.Ns)
		if b.Plan > 0 {
			b.CPU.Charge(d.CPU())
		}
	}
	return ok, byPlan
}

// Reading ties the decode meter to the plan's CPU at DecodeCPU, for the
// work of reading a picture sent (core/scan's ReadImage), whose cost is
// not known before the search runs. A verify's reading is estimated
// whole before it starts (core/verify) and is not charged twice.
func (b *Budget) Reading() {
	if b.Plan > 0 {
		b.Decode.cpu, b.Decode.rate = &b.CPU, DecodeCPU
	}
}

// PlanSays is the plan's limit as a person reads it in a problem: e.g.
// "this deployment allows 10 ms of CPU a request (QR_CPU_MS)".
func (b *Budget) PlanSays() string {
	return fmt.Sprintf("this deployment allows %d ms of CPU a request (QR_CPU_MS)", b.Plan.Milliseconds())
}

// Needs is a problem's detail for work of cpu nanoseconds the plan does
// not allow: e.g. "it would take about 14 ms of CPU; this deployment
// allows 10 ms of CPU a request (QR_CPU_MS)".
func (b *Budget) Needs(what string, cpu int64) string {
	return fmt.Sprintf("%s would take about %d ms of CPU; %s", what, (cpu+FloorCPU+999_999)/1_000_000, b.PlanSays())
}

// Meter counts one kind of work against its limit and, on a plan,
// against the CPU it costs.
type Meter struct {
	Name, Unit  string
	Limit, Used int64

	cpu  *Meter // the plan's CPU meter, nil without a plan
	rate int64  // ns of CPU a unit
}

// Charge adds n to what was used and reports true, unless that would pass
// the limit or the plan's CPU: then it charges nothing and reports false.
func (m *Meter) Charge(n int64) bool {
	if m.Used+n > m.Limit {
		return false
	}
	if m.cpu != nil && !m.cpu.Charge(n*m.rate) {
		return false
	}
	m.Used += n
	return true
}

// Left is what the meter still allows, the plan's CPU included.
func (m *Meter) Left() int64 {
	left := m.Limit - m.Used
	if m.cpu != nil {
		left = min(left, m.cpu.Left()/m.rate)
	}
	return left
}

// ByPlan reports whether it is the plan's CPU, not the meter's own limit,
// that refuses n more.
func (m *Meter) ByPlan(n int64) bool {
	return m.cpu != nil && m.Used+n <= m.Limit && m.cpu.Used+n*m.rate > m.cpu.Limit
}

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

// FreePlanCPU is the CPU a request may use on Cloudflare's free plan, the
// Worker's default when QR_CPU_MS is not set.
const FreePlanCPU = 10 * time.Millisecond

// ParseCPU reads QR_CPU_MS: a whole number of milliseconds, 0 for no
// limit; "" gives def.
func ParseCPU(v string, def time.Duration) (time.Duration, error) {
	if v == "" {
		return def, nil
	}
	ms, err := strconv.Atoi(v)
	if err != nil || ms < 0 || ms > 300_000 {
		return def, fmt.Errorf("QR_CPU_MS=%q: want the plan's CPU a request in whole milliseconds, 0 to 300000 (0: no limit)", v)
	}
	return time.Duration(ms) * time.Millisecond, nil
}
