// Package verify is the upper layer of the one pipeline that makes every
// code: over core/generate's reading and encoding, it charges the
// request's work budget, draws the branding (core/brand), and verifies a
// code whose branding touches its own pixels before it is given, refusing
// one that would not scan with the nearest call that does (fix.go). REST,
// MCP, batch, the editor's verify program and the /batch page's program
// all make their codes through Make, or Draw where the answer is the
// verification itself.
package verify

import (
	"context"
	"fmt"

	"qrkeyless/core/brand"
	"qrkeyless/core/budget"
	"qrkeyless/core/generate"
	"qrkeyless/core/params"
	"qrkeyless/core/problem"
	"qrkeyless/core/qr"
	"qrkeyless/core/render"
	_ "qrkeyless/core/render/codecs" // Code.Bytes writes gif and jpeg too
	"qrkeyless/core/scan"
)

// Code is a request's symbol, drawn: its picture when branded, and its
// verification once one was made.
type Code struct {
	QR      *qr.Code    // the symbol; a sequence's first part
	Parts   []*qr.Code  // a structured-append sequence's symbols in order; nil for one symbol
	Brand   *brand.Code // nil for a plain code
	Options params.Options
	text    string
	req     generate.Request // what it was made for, as its fixes are written
	made    budget.Drawing   // what making it was charged (Make)
	report  *scan.Report
}

// Draw encodes r's text and, when branded, draws the branding, charging
// nothing and verifying nothing: what GET /api/v1/verify reports on, and
// what the editor's verify program checks.
func Draw(r generate.Request) (*Code, *problem.Problem) {
	c, p := r.Encode()
	if p != nil {
		return nil, p
	}
	code := &Code{QR: c, Options: r.Options, text: r.Text, req: r}
	if r.Options.Branded() {
		k, err := brand.New(c, r.Options)
		if err != nil {
			return nil, brand.Refused(r.Call, err)
		}
		code.Brand = k
	}
	return code, nil
}

// Make encodes r's text and charges what drawing it in f costs to the
// budget ctx carries, then draws it. A code whose branding touches its
// own pixels (a logo, a gradient, eye colours) is verified before it is
// given: one that would not scan is a 422 whose fix is the nearest call
// that does. Frames sit outside the quiet zone and are not checked. A
// format that draws no branding (a batch's json matrix) gives the plain
// symbol: params refuses branding in such a format where the caller
// names it.
func Make(ctx context.Context, r generate.Request, f render.Format) (*Code, []byte, *problem.Problem) {
	codes, p := r.Symbols()
	if p != nil {
		return nil, nil, p
	}
	c := codes[0]
	if p := Charge(ctx, r, c, f); p != nil {
		return nil, nil, p
	}
	code := &Code{QR: c, Options: r.Options, text: r.Text, req: r, made: Work(r, generate.CostVersion(c), f)}
	if r.Options.Family.Parts > 0 {
		code.Parts = codes // symbols refuses branding for a sequence
		if r.Options.Family.Zip {
			return code, partsZip(codes, r.Options.Render()), nil
		}
		return code, code.Bytes(f), nil
	}
	switch {
	case f.Brand == nil:
	case r.Options.Brand.Touches():
		k, rep, p := checked(ctx, r.Call, c, r.Text, r.Options)
		if p != nil {
			return nil, nil, p
		}
		code.Brand, code.report = k, &rep
	case r.Options.Branded():
		k, err := brand.New(c, r.Options)
		if err != nil {
			return nil, nil, brand.Refused(r.Call, err)
		}
		code.Brand = k
	}
	return code, code.Bytes(f), nil
}

// Cost estimates making r's code of version v in f, in nanoseconds as
// budget.DrawNs counts them: encoding, drawing and, when f draws the
// branding, drawing and checking it; every part of a sequence. For Micro
// QR and rMQR, v is the QR version of as many modules
// (generate.CostVersion).
func Cost(r generate.Request, v int, f render.Format) int64 {
	cost := qr.Cost(v) + render.Cost(v, r.Options.Render(), f)
	if r.Options.Branded() && f.Brand != nil {
		cost += BrandCost
	}
	return cost * int64(max(r.Options.Family.Parts, 1)) // a sequence's parts share one version
}

// BrandCost is about the time of drawing and verifying a branded code
// that scans, in nanoseconds, as render.Cost and qr.Cost count: a verify
// natively on the development machine (its camera model reads eight
// pictures).
const BrandCost = 12_000_000

// Charge takes what making r's code c in f costs (Work) from the budget
// ctx carries: Make does, and a door that writes a made code in a second
// format too (the PNG an MCP tool shows beside an SVG). One code always
// fits the service's own bounds, as the bounds of size and version see to;
// a plan's CPU (QR_CPU_MS) may not allow it, and the problem says what
// would fit.
func Charge(ctx context.Context, r generate.Request, c *qr.Code, f render.Format) *problem.Problem {
	b := budget.From(ctx)
	v := generate.CostVersion(c)
	w := Work(r, v, f)
	switch ok, byPlan := b.Draws(w); {
	case byPlan:
		return problem.TooLarge.New("", b.Needs("making this code", w.CPU()), PlanFix(ctx, r, v, f))
	case !ok:
		return problem.TooLarge.New("", fmt.Sprintf("drawing this code would take about %d ms; a request may take %d ms", w.Ns/1e6, b.Draw.Limit/1e6), "Ask for a smaller size or a plainer style.")
	}
	return nil
}

// Bytes writes the code in f, with its branding where f draws branding.
func (c *Code) Bytes(f render.Format) []byte {
	if c.Parts != nil {
		return render.WriteParts(c.Parts, c.Options.Render(), f, render.PartsColumns(len(c.Parts), c.Options.Family.Grid))
	}
	if c.Brand != nil && f.Brand != nil {
		return f.Brand.WriteBrand(c.Brand, c.Options.Render())
	}
	return f.Writer.Write(c.QR, c.Options.Render())
}

// Verify is the code's verification, as GET /api/v1/verify reports it:
// the one Make made, or a new one; a new one is charged to the plan's CPU
// first (VerifyCPU), and is a problem saying what fits when the plan does
// not allow it.
func (c *Code) Verify(ctx context.Context) (scan.Report, *problem.Problem) {
	if c.report == nil {
		if p := c.affordVerify(ctx); p != nil {
			return scan.Report{}, p
		}
		var rep scan.Report
		if c.Brand != nil {
			rep = branded(ctx, c.Brand, c.QR, c.text)
		} else {
			rep = scan.Verify(ctx, c.QR, c.text, c.Options.Render())
		}
		c.report = &rep
	}
	return *c.report, nil
}

// Verified is the code's verification when one was made (Make verifies
// a code whose branding touches its pixels), without making one.
func (c *Code) Verified() (scan.Report, bool) {
	if c.report == nil {
		return scan.Report{}, false
	}
	return *c.report, true
}

// LargestLogo is, for a branded code with a logo that does not scan, the
// largest logo_size that does, as Make's 422 gives it; false when there
// is none or nothing to search.
func (c *Code) LargestLogo(ctx context.Context) (float64, bool) {
	if c.Brand == nil || c.Options.Brand.Logo == "" {
		return 0, false
	}
	if rep, p := c.Verify(ctx); p != nil || rep.Scannable {
		return 0, false
	}
	return Largest(c.Options, func(o params.Options) bool {
		k, err := brand.New(c.QR, o)
		return err == nil && branded(ctx, k, c.QR, c.text).Scannable
	})
}

// branded checks a branded code as scan.Verify checks a plain one, on the
// picture its PNG draws (without the frame, which sits outside the quiet
// zone), its contrast judged on the faintest stop of every paint.
func branded(ctx context.Context, k *brand.Code, c *qr.Code, text string) scan.Report {
	return scan.VerifyImage(ctx, c, text, k.Judged(), k.Image())
}
