//go:build js && wasm

// Command verify is the editor's second browser program, run in a Web
// Worker (site/static/verify-worker.js) so that decoding never delays the
// preview. It sets globalThis.qrVerify:
//
//	qrVerify(text, options) -> {scannable, decoded, camera, version, ec, contrast, quietZone, warnings}
//	                           or {error}
//
// text is the payload the editor built and options the canonical rendering
// options it answered with (params.Options.Canonical). The check is
// scan.Verify, the same as GET /api/v1/verify. It is a program of its own
// because the decoder would double the editor's download, and the page
// needs it only after the first code is on screen.
package main

import (
	"context"
	"net/url"
	"syscall/js"

	"qrkeyless/core/params"
	"qrkeyless/core/scan"
)

func main() {
	js.Global().Set("qrVerify", js.FuncOf(verifyJS))
	select {}
}

func verifyJS(_ js.Value, args []js.Value) any {
	if len(args) < 2 || args[0].Type() != js.TypeString || args[1].Type() != js.TypeString {
		return fail("qrVerify(text, options) takes two strings")
	}
	text := args[0].String()
	q, err := url.ParseQuery(args[1].String())
	if err != nil {
		return fail(err.Error())
	}
	call := params.NewCall("", q)
	o, p := params.Parse(call)
	if p != nil {
		return fail(p.Detail)
	}
	c, p := params.Encode(call, text, o)
	if p != nil {
		return fail(p.Detail)
	}
	r := scan.Verify(context.Background(), c, text, o.Render())
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
	}
}

func fail(msg string) map[string]any { return map[string]any{"error": msg} }
