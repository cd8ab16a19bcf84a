// Package generate makes a code from a request, whichever door it came in
// by: a query (GET /api/v1/qr, /q/<data>.<ext>, GET /api/v1/<kind>), a JSON
// body (POST /api/v1/qr), a batch item or a tool's arguments. Each door
// turns its input into a problem.Call (the path it stands for, and its
// parameters as a query) and names the kind; Read checks the call without
// drawing anything, and Make encodes, charges the request's budget, draws
// and, where branding touches the code's own pixels, verifies before it
// gives the bytes. The REST handlers, the MCP tools and batch are adapters
// of a few lines over these two calls.
package generate

import (
	"context"
	"fmt"
	"net/url"

	"qrkeyless/core/brand"
	"qrkeyless/core/controls"
	"qrkeyless/core/params"
	"qrkeyless/core/payload"
	"qrkeyless/core/problem"
	"qrkeyless/core/qr"
	"qrkeyless/core/render"
	"qrkeyless/core/scan"
)

// Request is a call read and checked: the text to encode and how to draw
// it. Nothing has been encoded or drawn yet.
type Request struct {
	Call    problem.Call // the call, as its fixes are written
	Text    string       // the payload: the data, or the kind's fields built
	Secret  bool         // made from a secret (a wifi password): never cached, never in a URL
	Options params.Options
	Verify  bool // verify=1: the caller asks for the verification
}

// Read reads a call to a generation endpoint: the payload (data and its
// aliases when kind is nil, else kind's fields), the rendering parameters,
// the print and symbol controls, and verify=1.
func Read(call problem.Call, kind *payload.Kind) (Request, *problem.Problem) {
	return read(call, kind, true)
}

// ReadVerify reads a call to GET /api/v1/verify, whose answer is the
// verification itself: a plain generation call without the verify flag.
func ReadVerify(call problem.Call) (Request, *problem.Problem) {
	return read(call, nil, false)
}

func read(call problem.Call, kind *payload.Kind, flag bool) (Request, *problem.Problem) {
	r := Request{Call: call}
	known := params.Data.Names()
	if kind != nil {
		t, p := params.ReadTyped(call, kind)
		if p != nil {
			return r, p
		}
		r.Call, r.Text, r.Secret, known = t.Call, t.Text, t.Secret, t.Known
	} else {
		text, p := params.DataFromQuery(call)
		if p != nil {
			return r, p
		}
		r.Text = text
		if flag {
			known = append(known, params.Verify.Name)
		}
	}
	o, p := controls.Parse(r.Call, known...)
	if p != nil {
		return r, p
	}
	r.Options = o
	if flag {
		if r.Verify, p = params.Flag(r.Call, params.Verify); p != nil {
			return r, p
		}
	}
	r.Secret = r.Secret || params.HasSecret(r.Call.Query)
	return r, nil
}

// Key is what the answer to r depends on, for the edge cache's key
// (worker/edge): answer names the kind of answer ("code", "verify").
func (r Request) Key(answer string) []string {
	return []string{answer, r.Text, r.Options.Canonical(), fmt.Sprintf("%+v", r.Options.Symbol), fmt.Sprint(r.Verify)}
}

// Heavy reports whether making r verifies a picture, which costs as much
// as a decode: a branding that touches the code's pixels, or verify=1.
func (r Request) Heavy() bool { return r.Verify || r.Options.Brand.Touches() }

// Version is the version Make would encode at, with the same problems,
// without encoding: what a batch charges before it makes any code.
func (r Request) Version() (int, *problem.Problem) {
	return params.Version(r.Call, r.Text, r.Options)
}

// Cost estimates making r's code of version v in f, in nanoseconds as
// budget.DrawNs counts them: encoding, drawing and, when f draws the
// branding, drawing and checking it.
func (r Request) Cost(v int, f render.Format) int64 {
	cost := qr.Cost(v) + render.Cost(v, r.Options.Render(), f)
	if r.Options.Branded() && f.Brand != nil {
		cost += brand.Cost
	}
	return cost
}

// Code is r's symbol, drawn: its picture when branded, and its
// verification once one was made.
type Code struct {
	QR      *qr.Code
	Brand   *brand.Code // nil for a plain code
	Options params.Options
	text    string
	report  *scan.Report
}

// Draw encodes r's text and, when branded, draws the branding, charging
// nothing and verifying nothing: what GET /api/v1/verify reports on.
func (r Request) Draw() (*Code, *problem.Problem) {
	c, p := params.Encode(r.Call, r.Text, r.Options)
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
func (r Request) Make(ctx context.Context, f render.Format) (*Code, []byte, *problem.Problem) {
	c, p := params.Encode(r.Call, r.Text, r.Options)
	if p != nil {
		return nil, nil, p
	}
	if p := params.Charge(ctx, r.Cost(c.Version, f)); p != nil {
		return nil, nil, p
	}
	code := &Code{QR: c, Options: r.Options, text: r.Text}
	switch {
	case f.Brand == nil:
	case r.Options.Brand.Touches():
		k, rep, p := brand.Checked(ctx, r.Call, c, r.Text, r.Options)
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
			rep = c.Brand.Verify(ctx, c.text)
		} else {
			rep = scan.Verify(ctx, c.QR, c.text, c.Options.Render())
		}
		c.report = &rep
	}
	return *c.report
}

// KindArg looks up a kind named by an argument (a batch item's or a tool's
// type), where an unknown name is a wrong value, not a missing page: a
// 400 listing the kinds, whose fix is the nearest one when the name
// looks like a typo of it.
func KindArg(name string, q url.Values) (*payload.Kind, *problem.Problem) {
	if k, ok := payload.Lookup(name); ok {
		return k, nil
	}
	var p *problem.Problem
	if name == "" {
		p = problem.Missing.New("type", "type is required: the payload kind, e.g. wifi", `Set "type" to one of the kinds listed.`)
	} else {
		nf := params.UnknownKind(name, params.NewCall("", q))
		p = problem.BadValue.New("type", nf.Detail, nf.Fix)
	}
	for _, k := range payload.All() {
		p.Allowed = append(p.Allowed, k.Name)
	}
	return nil, p
}
