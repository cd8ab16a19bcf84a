// Package editor is what the browser editor asks of the core, in plain Go
// values; wasm/main.go carries them across syscall/js. A call takes the
// whole form (the kind, its fields, the style controls) and answers with
// the picture, or with what is wrong, next to the control at fault.
//
// The form goes through core/generate's ReadForm, the pipeline's reading
// and encoding of the API's call to /api/v1/<kind> with the same values,
// so the editor and the API accept and refuse the same values with the
// same words, and make the same code.
//
// The branding (a gradient, eye colours, a logo, a frame) is read here but
// drawn by the page's second program, verify.wasm, with core/brand: this
// program draws the plain code at once and says it is branded, and the
// page swaps in the branded picture when the second program has drawn and
// verified it. core/brand, its logo decoders and the fonts stay out of
// this program, which must load fast on a phone.
package editor

import (
	"qrkeyless/core/generate"
	"qrkeyless/core/render"
)

// Request is the editor's form.
type Request struct {
	Kind   string            // a payload kind, or "" for free text in Fields[params.DataField]
	Fields map[string]string // by field Name, secrets included: they never leave the page
	Style  map[string]string // style controls by their editor names (params.StyleControls), the logo's data URI included
}

// Result is what the preview shows.
type Result struct {
	SVG     string            // the plain code; "" when Errors is not empty
	Branded bool              // the branding is drawn by verify.wasm, from Options
	Text    string            // the payload text the code holds
	Version string            // the version as its standard names it: 1 to 40, M1 to M4, R7x43 to R17x139
	EC      string            // error correction level used
	Errors  map[string]string // what is wrong, by control: a field Name or a style control
	// The verify figures that need no decoding.
	Contrast  float64  // WCAG contrast ratio of fg on bg
	QuietZone int      // in modules
	Warnings  []string // plain words: colours, quiet zone, module size
	Options   string   // the canonical rendering options, branding included, for verify.wasm
}

// read reads the form as the API reads the call to /api/v1/<kind>.
func read(r Request) (generate.Form, map[string]string) {
	return generate.ReadForm(r.Kind, r.Fields, r.Style)
}

// Render answers the preview: the plain code as SVG and what can be said
// about it without decoding it.
func Render(r Request) Result {
	f, errs := read(r)
	if len(errs) > 0 {
		return Result{Errors: errs}
	}
	ro := f.Options.Render()
	res := Result{
		SVG:       string(render.SVG(f.QR, ro)),
		Branded:   f.Options.Branded(),
		Text:      f.Text,
		Version:   f.QR.VersionName(),
		EC:        f.QR.Level.String(),
		Contrast:  render.Contrast(ro.FG, ro.BG),
		QuietZone: ro.Margin,
		Warnings:  render.SymbolWarnings(f.QR.Symbol, ro),
		Options:   f.Options.Canonical(),
	}
	if ok, reason := render.Scannable(f.QR, ro); !ok {
		res.Warnings = append(res.Warnings, reason)
	}
	return res
}

// PNG returns the plain code as PNG, the download of an unbranded code,
// or the errors of the form.
func PNG(r Request) ([]byte, map[string]string) {
	f, errs := read(r)
	if len(errs) > 0 {
		return nil, errs
	}
	return render.PNG(f.QR, f.Options.Render()), nil
}
