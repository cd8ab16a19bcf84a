//go:build js && wasm

// Command wasm is the editor's browser program. It sets globalThis.qrEditor
// to an object with two functions over package editor:
//
//	render(req) -> {svg, branded, text, version, ec, errors, contrast, quietZone, warnings, options, minContrast}
//	png(req)    -> {png: Uint8Array} or {errors}
//
// where req is {kind, fields: {name: value}, style: {fg, bg, style, eye,
// ec, margin, size, frame, logo, ...}}. Everything happens in the page:
// secret fields reach this program and nothing else. A branded code
// (branded: true) is drawn by verify.wasm from options; this program,
// built with the nogofonts tag, stays under 1.5 MiB gzip.
package main

import (
	"runtime/debug"
	"syscall/js"

	"qrkeyless/core/render"
	"qrkeyless/wasm/editor"
	"qrkeyless/wasm/jsval"
)

func main() {
	// Each keystroke allocates a few hundred kilobytes for shaped styles;
	// at the default GOGC a collection lands every few keystrokes and
	// stalls that frame. A larger heap target makes them rarer.
	debug.SetGCPercent(400)
	js.Global().Set("qrEditor", js.ValueOf(map[string]any{
		"render": js.FuncOf(renderJS),
		"png":    js.FuncOf(pngJS),
	}))
	select {} // the functions above live as long as the program
}

func renderJS(_ js.Value, args []js.Value) any {
	r := editor.Render(request(args))
	return map[string]any{
		"svg":       r.SVG,
		"branded":   r.Branded,
		"text":      r.Text,
		"version":   r.Version,
		"ec":        r.EC,
		"errors":    jsval.Object(r.Errors),
		"contrast":  r.Contrast,
		"quietZone": r.QuietZone,
		"warnings":  jsval.List(r.Warnings),
		"options":   r.Options,
		// the least contrast before the editor calls it low: the figure
		// verify and the API's warnings use
		"minContrast": render.MinContrast,
	}
}

func pngJS(_ js.Value, args []js.Value) any {
	b, errs := editor.PNG(request(args))
	if len(errs) > 0 {
		return map[string]any{"errors": jsval.Object(errs)}
	}
	a := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(a, b)
	return map[string]any{"png": a}
}

// request reads the JS form object; missing members read as empty.
func request(args []js.Value) editor.Request {
	if len(args) == 0 {
		return editor.Request{}
	}
	var r editor.Request
	r.Kind, r.Fields, r.Style = jsval.Form(args[0])
	return r
}
