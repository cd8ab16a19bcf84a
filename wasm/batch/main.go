//go:build js && wasm

// Command batch is the /batch page's program, run in a web worker
// (site/static/batch-worker.js) so that the page stays responsive while
// it makes a thousand codes. It sets globalThis.qrBatch to an object with
// four functions over package batchjob:
//
//	inspect(text, kind) -> {header, rows, sep, guess, name, error}
//	open(setup)         -> {rows, errors, layout, side}
//	row(i)              -> {row, file, version, ec, scans, verdict, advice, error: {field, column, control, detail, fix}}
//	finish()            -> {data: Uint8Array, name, mime}
//
// where setup is {text, kind, columns, name, caption, style, output,
// sheet}. It is a program of its own, loaded on /batch only: it carries
// the decoder, the fonts, the logo decoders and the PDF and ZIP writers,
// which the editor's first program (editor.wasm) must not.
package main

import (
	"syscall/js"

	"qrkeyless/wasm/batchjob"
	"qrkeyless/wasm/jsval"
)

var job *batchjob.Job

func main() {
	js.Global().Set("qrBatch", js.ValueOf(map[string]any{
		"inspect": js.FuncOf(inspect),
		"open":    js.FuncOf(open),
		"row":     js.FuncOf(row),
		"finish":  js.FuncOf(finish),
	}))
	select {}
}

func inspect(_ js.Value, args []js.Value) any {
	in := batchjob.Inspect(jsval.Str(arg(args, 0)), jsval.Str(arg(args, 1)))
	return map[string]any{"header": jsval.List(in.Header), "rows": in.Rows, "sep": in.Sep, "guess": jsval.Object(in.Guess), "name": in.Name, "error": in.Error}
}

func open(_ js.Value, args []js.Value) any {
	v := arg(args, 0)
	s := batchjob.Setup{
		Text: jsval.Str(v.Get("text")), Kind: jsval.Str(v.Get("kind")), Columns: jsval.Strings(v.Get("columns")),
		Name: jsval.Str(v.Get("name")), Caption: jsval.Str(v.Get("caption")), Style: jsval.Strings(v.Get("style")),
		Output: jsval.Str(v.Get("output")), Sheet: jsval.Strings(v.Get("sheet")),
	}
	var o batchjob.Opened
	job, o = batchjob.Open(s)
	return map[string]any{"rows": o.Rows, "errors": jsval.Object(o.Errors), "layout": o.Layout, "side": o.Side}
}

func row(_ js.Value, args []js.Value) any {
	if job == nil {
		return map[string]any{"error": map[string]any{"detail": "open a job first"}}
	}
	r := job.Row(arg(args, 0).Int())
	out := map[string]any{"row": r.Row, "file": r.File, "version": r.Version, "ec": r.EC, "scans": r.Scans, "verdict": r.Verdict}
	if r.Advice.What != "" {
		choices := make([]any, len(r.Advice.Choices))
		for i, c := range r.Advice.Choices {
			choices[i] = c
		}
		out["advice"] = map[string]any{"what": r.Advice.What, "choices": choices}
	}
	if r.Error != nil {
		out["error"] = map[string]any{"field": r.Error.Field, "column": r.Error.Column, "control": r.Error.Control, "detail": r.Error.Detail, "fix": r.Error.Fix}
	}
	return out
}

func finish(js.Value, []js.Value) any {
	if job == nil {
		return nil
	}
	data, name, mime := job.Finish()
	a := js.Global().Get("Uint8Array").New(len(data))
	js.CopyBytesToJS(a, data)
	job = nil // its files and codes can go
	return map[string]any{"data": a, "name": name, "mime": mime}
}

func arg(args []js.Value, i int) js.Value {
	if i < len(args) {
		return args[i]
	}
	return js.Undefined()
}
