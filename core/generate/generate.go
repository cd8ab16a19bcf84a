// Package generate is the lower layer of the one pipeline that makes every
// code: it reads a call to a generation endpoint, whichever door it came
// in by, and encodes its text. A query (GET /api/v1/qr, /q/<data>.<ext>,
// GET /api/v1/<kind>), a JSON body (POST /api/v1/qr), a batch item, a
// tool's arguments and an editor's form (Form) each become a problem.Call
// (the path it stands for, and its parameters as a query) and a kind;
// Read checks it without drawing anything, and Request.Encode gives the
// symbol, which core/render draws plain.
//
// It imports neither core/brand nor core/scan, so the editor's first
// program, which draws the plain code, links no decoder, logo reader or
// font. Branding, the work budget and verification are the upper layer's
// (core/verify), which REST, MCP, batch and the browser's second programs
// call.
package generate

import (
	"fmt"
	"net/url"

	"qrkeyless/core/controls"
	"qrkeyless/core/params"
	"qrkeyless/core/payload"
	"qrkeyless/core/problem"
	"qrkeyless/core/qr"
	"qrkeyless/core/request"
)

// Request is a call read and checked: the text to encode and how to draw
// it. Nothing has been encoded or drawn yet.
type Request struct {
	Call    problem.Call // the call, as its fixes are written
	Text    string       // the payload: the data, or the kind's fields built
	Secret  bool         // made from a secret (a wifi password): never cached, never in a URL
	Options params.Options
	Verify  bool // verify=1: the caller asks for the verification

	kind   *payload.Kind  // the kind whose fields made Text; nil for data
	fields payload.Fields // its fields, as read
}

// Read reads a call to a generation endpoint: the payload (data and its
// aliases when kind is nil, else kind's fields), the rendering parameters,
// the print and symbol controls, and verify=1.
func Read(call problem.Call, kind *payload.Kind) (Request, *problem.Problem) {
	return read(call, kind, true, controls.Parse)
}

// ReadVerify reads a call to GET /api/v1/verify, whose answer is the
// verification itself: a plain generation call without the verify flag.
func ReadVerify(call problem.Call) (Request, *problem.Problem) {
	return read(call, nil, false, controls.Parse)
}

// options reads a call's rendering parameters: controls.Parse for the
// API's calls, which have print and symbol controls; params.Parse for an
// editor's form, which has neither (and so the editor's program links no
// charset tables).
type options func(call problem.Call, known ...string) (params.Options, *problem.Problem)

func read(call problem.Call, kind *payload.Kind, flag bool, parse options) (Request, *problem.Problem) {
	// A preset's parameters enter the call first: every later fix is then
	// the whole look, written out.
	call, p := params.WithPreset(call)
	r := Request{Call: call}
	if p != nil {
		return r, p
	}
	known := params.Data.Names()
	if kind != nil {
		t, p := params.ReadTyped(call, kind)
		if p != nil {
			return r, p
		}
		r.Call, r.Text, r.Secret, known = t.Call, t.Text, t.Secret, t.Known
		r.kind, r.fields = kind, t.Fields
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
	o, p := parse(r.Call, known...)
	if p != nil {
		return r, p
	}
	r.Options = o
	if flag {
		if r.Verify, p = params.Flag(r.Call, params.Verify); p != nil {
			return r, p
		}
	}
	r.Secret = r.Secret || request.HasSecret(r.Call.Query)
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

// Encode encodes r's text as one symbol at its options' level, within
// what its kind requires of the symbol (see encode): a QR, Micro QR or
// rMQR symbol. A call for a structured-append sequence (parts) is a 400
// here: the doors that draw sequences call Symbols.
func (r Request) Encode() (*qr.Code, *problem.Problem) {
	if r.Options.Family.Parts > 0 {
		return nil, problem.Conflict.New(params.Parts.Name, "this answer is one symbol; parts asks for a sequence of them", r.Call.With("", "", params.Parts.Name, params.PartsLayout.Name))
	}
	codes, p := symbols(r)
	if p != nil {
		return nil, p
	}
	return codes[0], nil
}

// Symbols encodes r's text as every symbol the call asks for: one, or
// the parts of a structured-append sequence in order (see symbols).
func (r Request) Symbols() ([]*qr.Code, *problem.Problem) {
	return symbols(r)
}

// Version is the version Encode would give, with the same problems,
// without encoding: what a batch charges before it makes any code. For
// Micro QR, rMQR and sequences it encodes them, which is as cheap, and
// gives the QR version of as many modules (CostVersion).
func (r Request) Version() (int, *problem.Problem) {
	f := r.Options.Family
	if f.Symbol != qr.QR || f.Parts > 0 {
		return familyVersion(r)
	}
	return version(r)
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
		nf := params.UnknownKind(name, request.NewCall("", q))
		p = problem.BadValue.New("type", nf.Detail, nf.Fix)
	}
	p.Allowed = payload.Names()
	return nil, p
}
