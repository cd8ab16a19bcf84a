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
	QR      *qr.Code
	Brand   *brand.Code // nil for a plain code
	Options params.Options
	text    string
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
	code := &Code{QR: c, Options: r.Options, text: r.Text}
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
	c, p := r.Encode()
	if p != nil {
		return nil, nil, p
	}
	if p := charge(ctx, Cost(r, c.Version, f)); p != nil {
		return nil, nil, p
	}
	code := &Code{QR: c, Options: r.Options, text: r.Text}
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
// branding, drawing and checking it.
func Cost(r generate.Request, v int, f render.Format) int64 {
	cost := qr.Cost(v) + render.Cost(v, r.Options.Render(), f)
	if r.Options.Branded() && f.Brand != nil {
		cost += BrandCost
	}
	return cost
}

// BrandCost is about the time of drawing and verifying a branded code
// that scans, in nanoseconds, as render.Cost and qr.Cost count: a verify
// natively on the development machine (its camera model reads eight
// pictures).
const BrandCost = 12_000_000

// charge takes cost, the estimated nanoseconds of making a code, from the
// budget ctx carries. One code always fits, as the bounds of size and
// version see to; the charge is there so that no drawing goes unaccounted
// for.
func charge(ctx context.Context, cost int64) *problem.Problem {
	if b := budget.From(ctx); !b.Draw.Charge(cost) {
		return problem.TooLarge.Newf("", "Ask for a smaller size or a plainer style.", "drawing this code would take about %d ms; a request may take %d ms", cost/1e6, b.Draw.Limit/1e6)
	}
	return nil
}

// Bytes writes the code in f, with its branding where f draws branding.
func (c *Code) Bytes(f render.Format) []byte {
	if c.Brand != nil && f.Brand != nil {
		return f.Brand.WriteBrand(c.Brand, c.Options.Render())
	}
	return f.Writer.Write(c.QR, c.Options.Render())
}

// Verify is the code's verification, as GET /api/v1/verify reports it:
// the one Make made, or a new one.
func (c *Code) Verify(ctx context.Context) scan.Report {
	if c.report == nil {
		var rep scan.Report
		if c.Brand != nil {
			rep = branded(ctx, c.Brand, c.QR, c.text)
		} else {
			rep = scan.Verify(ctx, c.QR, c.text, c.Options.Render())
		}
		c.report = &rep
	}
	return *c.report
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
	if c.Brand == nil || c.Options.Brand.Logo == "" || c.Verify(ctx).Scannable {
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
