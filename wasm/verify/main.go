//go:build js && wasm

// Command verify is the editor's second browser program, run in a Web
// Worker (site/static/verify-worker.js) so that decoding never delays the
// preview. It sets two functions:
//
//	qrVerify(text, options) -> {scannable, decoded, camera, version, ec, contrast, quietZone, warnings, svg, largest}
//	                           or {error, field}
//	qrPNG(text, options)    -> {png: Uint8Array} or {error, field}
//
// text is the payload the editor built and options the canonical rendering
// options it answered with (params.Options.Canonical), branding included.
// The check is scan.Verify, the same as GET /api/v1/verify; a branded code
// (a gradient, eye colours, a logo, a frame) is drawn and checked by
// core/brand, as /api/v1/qr does before it serves one, and svg is its
// picture for the preview. It is a program of its own because the decoder,
// the fonts and the logo decoders would double the editor's download, and
// the page needs them only after the first code is on screen.
package main

import (
	"context"
	"net/url"
	"syscall/js"

	"qrkeyless/core/brand"
	"qrkeyless/core/params"
	"qrkeyless/core/problem"
	"qrkeyless/core/qr"
	"qrkeyless/core/render"
	"qrkeyless/core/scan"
)

func main() {
	js.Global().Set("qrVerify", js.FuncOf(verifyJS))
	js.Global().Set("qrPNG", js.FuncOf(pngJS))
	select {}
}

// read parses the options and encodes text, as the API would.
func read(args []js.Value) (*qr.Code, params.Options, problem.Call, map[string]any) {
	if len(args) < 2 || args[0].Type() != js.TypeString || args[1].Type() != js.TypeString {
		return nil, params.Options{}, problem.Call{}, fail("", "takes two strings: the text and the options")
	}
	q, err := url.ParseQuery(args[1].String())
	if err != nil {
		return nil, params.Options{}, problem.Call{}, fail("", err.Error())
	}
	call := params.NewCall("", q)
	o, p := params.Parse(call)
	if p != nil {
		return nil, o, call, fail(p.Field, p.Detail)
	}
	c, p := params.Encode(call, args[0].String(), o)
	if p != nil {
		return nil, o, call, fail(p.Field, p.Detail)
	}
	return c, o, call, nil
}

func verifyJS(_ js.Value, args []js.Value) any {
	c, o, call, bad := read(args)
	if bad != nil {
		return bad
	}
	text := args[0].String()
	var r scan.Report
	svg, largest := "", 0.0
	if o.Branded() {
		k, err := brand.New(c, o)
		if err != nil {
			p := brand.Refused(call, err)
			return fail(p.Field, p.Detail)
		}
		r = k.Verify(context.Background(), text)
		svg = string(k.SVG())
		if !r.Scannable && o.Brand.Logo != "" {
			// The largest logo that scans, as the API's 422 gives it.
			scans := func(o params.Options) bool {
				k, err := brand.New(c, o)
				return err == nil && k.Verify(context.Background(), text).Scannable
			}
			if size, ok := brand.Largest(o, scans); ok {
				largest = size
			}
		}
	} else {
		r = scan.Verify(context.Background(), c, text, o.Render())
	}
	warnings := make([]any, len(r.Warnings))
	for i, w := range r.Warnings {
		warnings[i] = w
	}
	return map[string]any{
		"scannable": r.Scannable,
		"decoded":   r.Decoded,
		"camera":    r.Camera,
		"version":   r.Version,
		"ec":        r.EC,
		"contrast":  r.Contrast,
		"quietZone": r.QuietZone,
		"warnings":  warnings,
		"svg":       svg,
		"largest":   largest, // the largest logo_size that scans, when this one does not; 0 for none
	}
}

// pngJS draws the code, branded or not, as the PNG download.
func pngJS(_ js.Value, args []js.Value) any {
	c, o, call, bad := read(args)
	if bad != nil {
		return bad
	}
	var b []byte
	if o.Branded() {
		k, err := brand.New(c, o)
		if err != nil {
			p := brand.Refused(call, err)
			return fail(p.Field, p.Detail)
		}
		b = k.PNG()
	} else {
		b = render.PNG(c, o.Render())
	}
	a := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(a, b)
	return map[string]any{"png": a}
}

func fail(field, msg string) map[string]any { return map[string]any{"error": msg, "field": field} }
