//go:build js && wasm

// Command inspect is the /inspect page's program, run in a web worker
// (site/static/inspect-worker.js) so that the page stays responsive while
// a picture is read. It sets globalThis.qrInspect to an object with one
// function over package core/inspect:
//
//	report(bytes) -> {json, overlay: Uint8Array} or {problem}
//
// where bytes is a PNG, JPEG, GIF or WebP file as a Uint8Array, json the
// report as POST /api/v1/inspect answers it (without the overlay), and
// problem a problem document's JSON for a picture that cannot be read.
// It is a program of its own, loaded on /inspect only: the decoder and
// the grading stay out of the editor's first program.
package main

import (
	"context"
	"encoding/json"
	"syscall/js"

	"qrkeyless/core/inspect"
	"qrkeyless/core/scan"
)

func main() {
	js.Global().Set("qrInspect", js.ValueOf(map[string]any{"report": js.FuncOf(report)}))
	select {}
}

func report(_ js.Value, args []js.Value) any {
	if len(args) == 0 || args[0].Type() != js.TypeObject {
		return map[string]any{"problem": `{"detail":"no picture","fix":"Open a PNG, JPEG, GIF or WebP picture."}`}
	}
	data := make([]byte, args[0].Get("length").Int())
	js.CopyBytesToGo(data, args[0])
	rep, err := inspect.Bytes(context.Background(), data, scan.Limits{}, true)
	if err != nil {
		return map[string]any{"problem": string(scan.Problem(err, "", "Open a PNG, JPEG, GIF or WebP picture.").JSON())}
	}
	png := rep.OverlayPNG()
	rep.Overlay = "" // given as bytes
	b, _ := json.Marshal(rep)
	overlay := js.Global().Get("Uint8Array").New(len(png))
	js.CopyBytesToJS(overlay, png)
	return map[string]any{"json": string(b), "overlay": overlay}
}
