package tools

import (
	"context"
	"net/url"
	"slices"

	gen "qrkeyless/core/generate"
	"qrkeyless/core/params"
	"qrkeyless/core/payload"
	"qrkeyless/core/problem"
	"qrkeyless/core/request"
	"qrkeyless/core/verify"
)

// Summary is the structured content of qr_generate and qr_generate_typed:
// what a model or the chat's view (view.html) needs to know of the code
// it was given, with no secret in it.
type Summary struct {
	Symbol    string         `json:"symbol" desc:"qr, micro or rmqr."`
	Version   string         `json:"version" desc:"The symbol's version: 1 to 40, M1 to M4, R7x43 to R17x139."`
	Level     string         `json:"level" desc:"Error correction level."`
	Text      string         `json:"text" desc:"The encoded text, secrets replaced by <secret>."`
	URL       string         `json:"url" desc:"The REST call that renders the same code (secrets as <secret>)."`
	Editor    string         `json:"editor" desc:"The editor page for the same code, without its secrets."`
	Args      map[string]any `json:"args" desc:"The call's arguments without its secrets: a redraw's starting point."`
	Sealed    string         `json:"sealed,omitempty" desc:"The call's secrets, sealed: give it back as sealed to redraw without them."`
	Scannable *bool          `json:"scannable,omitempty" desc:"With verify, or a code whose branding was checked: whether it scans."`
	Contrast  float64        `json:"contrast,omitempty" desc:"With scannable: the WCAG contrast ratio."`
	Warnings  []string       `json:"warnings,omitempty" desc:"With scannable: what may still make it hard to read."`
}

// summarize is the Summary of code, made for req (of kind, nil for data).
// The verification is given when the call asked for it (verify) or when
// making the code made one (a branding that touches its pixels).
func summarize(ctx context.Context, req gen.Request, code *verify.Code, kind *payload.Kind, seal *Sealer) (Summary, *problem.Problem) {
	text, _ := payload.HideSecrets(req.Text, request.SecretPlaceholder)
	s := Summary{
		Symbol: code.QR.Symbol.String(), Version: code.QR.VersionName(), Level: code.QR.Level.String(),
		Text: text, URL: originOf(ctx) + req.Call.With("", ""), Args: map[string]any{},
	}
	secrets, shown := url.Values{}, url.Values{}
	for name, vs := range req.Call.Query {
		switch {
		case name == params.Verify.Name:
		case request.IsSecret(name) || text != req.Text && slices.Contains(params.Data.Names(), name):
			secrets[name] = vs
		default:
			shown[name] = vs
		}
	}
	if len(secrets) > 0 && seal != nil {
		s.Sealed = seal.Seal(secrets, req.Call.Path)
	}
	page := "/"
	fields := map[string]any{}
	for name, vs := range shown {
		if kind != nil && kind.Field(name) != nil {
			fields[name] = vs[0]
		} else {
			s.Args[name] = vs[0]
		}
	}
	if kind != nil {
		page += kind.Name
		s.Args["type"], s.Args["fields"] = kind.Name, fields
	}
	s.Editor = originOf(ctx) + page
	if len(shown) > 0 {
		s.Editor += "?" + shown.Encode()
	}
	rep, ok := code.Verified()
	if req.Verify {
		var p *problem.Problem
		if rep, p = code.Verify(ctx); p != nil {
			return s, p
		}
		ok = true
	}
	if ok {
		s.Scannable, s.Contrast, s.Warnings = &rep.Scannable, rep.Contrast, rep.Warnings
	}
	return s, nil
}
