//go:build js && wasm

// Command verify is the editor's second browser program, run in a Web
// Worker (site/static/verify-worker.js) so that decoding never delays the
// preview. It sets two functions:
//
//	qrVerify(req) -> {scannable, decoded, camera, version, ec, contrast, quietZone, warnings, svg, largest}
//	                 or {error, field}
//	qrPNG(req)    -> {png: Uint8Array} or {error, field}
//
// where req is the editor's form, as editor.wasm takes it: {kind, fields,
// style}. The form is read as editor.wasm reads it (generate.ReadForm),
// and the code drawn and checked by the pipeline's upper layer as
// GET /api/v1/verify draws and checks it (verify.Draw, Code.Verify); a
// branded code (a gradient, eye colours, a logo, a frame) is drawn by
// core/brand, and svg is its picture for the preview. It is a program of
// its own because the decoder, the fonts and the logo decoders would
// double the editor's download, and the page needs them only after the
// first code is on screen.
package main

import (
	"context"
	"maps"
	"slices"
	"syscall/js"

	"qrkeyless/core/generate"
	"qrkeyless/core/render"
	"qrkeyless/core/verify"
	"qrkeyless/wasm/jsval"
)

func main() {
	js.Global().Set("qrVerify", js.FuncOf(verifyJS))
	js.Global().Set("qrPNG", js.FuncOf(pngJS))
	select {}
}

// draw reads the form and draws its code, branded or not, as the API would.
func draw(args []js.Value) (*verify.Code, map[string]any) {
	if len(args) == 0 || args[0].Type() != js.TypeObject {
		return nil, fail("", "takes the editor's form: {kind, fields, style}")
	}
	f, errs := generate.ReadForm(jsval.Form(args[0]))
	// The verdict names one control; the first by name, so the same form
	// always names the same one (the page shows every control's own).
	for _, control := range slices.Sorted(maps.Keys(errs)) {
		return nil, fail(control, errs[control])
	}
	code, p := verify.Draw(f.Request)
	if p != nil {
		return nil, fail(p.Field, p.Detail)
	}
	return code, nil
}

func verifyJS(_ js.Value, args []js.Value) any {
	code, bad := draw(args)
	if bad != nil {
		return bad
	}
	ctx := context.Background()
	r, _ := code.Verify(ctx) // no plan in the browser: a verify is always allowed
	svg := ""
	if code.Brand != nil {
		svg = string(code.Brand.SVG())
	}
	largest, _ := code.LargestLogo(ctx) // the largest logo_size that scans, as the API's 422 gives it
	return map[string]any{
		"scannable": r.Scannable,
		"decoded":   r.Decoded,
		"camera":    r.Camera,
		"version":   r.Version,
		"ec":        r.EC,
		"contrast":  r.Contrast,
		"quietZone": r.QuietZone,
		"warnings":  jsval.List(r.Warnings),
		"svg":       svg,
		"largest":   largest, // 0 for none
	}
}

// pngJS draws the code, branded or not, as the PNG download.
func pngJS(_ js.Value, args []js.Value) any {
	code, bad := draw(args)
	if bad != nil {
		return bad
	}
	b := code.Bytes(render.Formats[0])
	a := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(a, b)
	return map[string]any{"png": a}
}

func fail(field, msg string) map[string]any { return map[string]any{"error": msg, "field": field} }
