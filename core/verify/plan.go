package verify

import (
	"context"
	"fmt"

	"qrkeyless/core/budget"
	"qrkeyless/core/generate"
	"qrkeyless/core/params"
	"qrkeyless/core/problem"
	"qrkeyless/core/render"
)

// Work is what making r's code of version v in f costs: Cost, and the
// raster pixels it writes (every part of a sequence), which a Worker's
// plan is charged for too (core/budget's Drawing).
func Work(r generate.Request, v int, f render.Format) budget.Drawing {
	n := 17 + 4*v
	px := render.Pixels(n, n, r.Options.Render(), f)
	return budget.Drawing{Ns: Cost(r, v, f), Pixels: px * int64(max(r.Options.Family.Parts, 1))}
}

// PlanFix is the fix of a call whose drawing the plan's CPU does not
// allow: the same call without its branding, or at the largest size that
// fits, when either would; then the editor, which draws on the person's
// own device, and the paid plan.
func PlanFix(ctx context.Context, r generate.Request, v int, f render.Format) string {
	b := budget.From(ctx)
	fits := func(r generate.Request) bool { ok, _ := b.Fits(Work(r, v, f)); return ok }
	call := ""
	if r.Options.Branded() {
		plain := r
		plain.Options.Brand = params.Brand{Frame: "none"}
		if fits(plain) {
			drop := brandNames()
			if r.Options.Brand.Paint.Kind != "" {
				drop = append(drop, params.Color.Names()...)
			}
			call = "the plain code fits: " + r.Call.With("", "", drop...)
		}
	}
	if call == "" && render.Pixels(1, 1, r.Options.Render(), f) > 0 {
		for size := r.Options.Size - 64; size >= params.MinSize; size -= 64 {
			smaller := r
			smaller.Options.Size = size
			if fits(smaller) {
				call = fmt.Sprintf("at size=%d it fits: %s", size, r.Call.With(params.Size.Name, fmt.Sprint(size)))
				break
			}
		}
	}
	if call != "" {
		call = "Make it plainer or smaller, as " + call + "; or make"
	} else {
		call = "Make"
	}
	return call + " it in the editor (the site's page for its kind), which draws and checks it on your own device with no limit; or, on Cloudflare's paid plan, raise QR_CPU_MS (docs/deploy.md, \"Plan\")."
}

// VerifyCPU estimates the Worker CPU of verifying c, in nanoseconds:
// the camera model's pictures, which grow with the modules, and the
// picture they are taken from, drawn at the code's size (core/budget's
// ModuleVerifyCPU, PixelVerifyCPU and BrandVerifyCPU).
func (c *Code) VerifyCPU() int64 {
	o := c.Options.Render()
	m := int64(c.QR.Width + 2*o.Margin)
	px, rate := int64(o.Size)*int64(o.Size), int64(budget.PixelVerifyCPU)
	if c.Brand != nil {
		rate = budget.BrandVerifyCPU
	}
	return m*m*budget.ModuleVerifyCPU + px*rate
}

// affordVerify charges the plan's CPU for verifying c, or is the
// problem that says it does not fit and what does: the size at which
// making it (when this request made it) and verifying it fit.
func (c *Code) affordVerify(ctx context.Context) *problem.Problem {
	b := budget.From(ctx)
	cpu := c.VerifyCPU()
	if b.Plan == 0 || b.Afford(cpu) {
		return nil
	}
	fix := "Verify it in the editor (the site's page for its kind), which checks it on your own device with no limit; or, on Cloudflare's paid plan, raise QR_CPU_MS (docs/deploy.md, \"Plan\")."
	before := b.CPU.Used - c.made.CPU() // what the request had spent before this code
	for size := c.Options.Size - 64; size >= params.MinSize; size -= 64 {
		smaller := *c
		smaller.Options.Size = size
		need := smaller.VerifyCPU()
		if c.made != (budget.Drawing{}) {
			r := c.req
			r.Options.Size = size
			need += Work(r, generate.CostVersion(c.QR), r.Options.Format).CPU()
		}
		if before+need <= b.CPU.Limit {
			fix = fmt.Sprintf("Verify it at size=%d, which fits: %s; or v%s", size, c.req.Call.With(params.Size.Name, fmt.Sprint(size)), fix[1:])
			break
		}
	}
	return problem.TooLarge.New("", b.Needs("verifying this code", cpu), fix)
}
