// Package editor is what the browser editor asks of the core, in plain Go
// values; wasm/main.go carries them across syscall/js. A call takes the
// whole form (the kind, its fields, the style controls) and answers with
// the picture, or with what is wrong, next to the control at fault.
//
// The rendering parameters go through params.Parse and the fields through
// the kind's builder, as on the API, so the editor and /api/v1/<kind>
// accept and refuse the same values with the same words.
//
// The branding (a gradient, eye colours, a logo, a frame) is read here but
// drawn by the page's second program, verify.wasm, with core/brand: this
// program draws the plain code at once and says it is branded, and the
// page swaps in the branded picture when the second program has drawn and
// verified it. core/brand, its logo decoders and the fonts stay out of
// this program, which must load fast on a phone.
package editor

import (
	"errors"
	"net/url"

	"qrkeyless/core/params"
	"qrkeyless/core/payload"
	"qrkeyless/core/problem"
	"qrkeyless/core/qr"
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
	Version int               // QR version, 1 to 40
	EC      string            // error correction level used
	Errors  map[string]string // what is wrong, by control: a field Name or a style control
	// The verify figures that need no decoding.
	Contrast  float64  // WCAG contrast ratio of fg on bg
	QuietZone int      // in modules
	Warnings  []string // plain words: colours, quiet zone, module size
	Options   string   // the canonical rendering options, branding included, for verify.wasm
}

// form is a Request read and checked.
type form struct {
	text string
	code *qr.Code
	opt  params.Options
}

// read checks every control of r and encodes the payload. Errors holds a
// message for each control at fault; form is usable only when it is empty.
func read(r Request) (form, map[string]string) {
	errs := map[string]string{}
	var f form
	if r.Kind == "" {
		f.text = r.Fields[params.DataField]
		if f.text == "" {
			errs[params.DataField] = "is required: the text to encode"
		}
	} else if k, ok := payload.Lookup(r.Kind); !ok {
		errs[""] = "no payload kind " + r.Kind
	} else {
		f.text = build(k, r.Fields, errs)
	}
	call, o := Style(r.Style, errs)
	f.opt = o
	if len(errs) > 0 {
		return f, errs
	}
	c, p := params.Encode(call, f.text, f.opt)
	if p != nil {
		switch {
		case p.Field == params.EC.Name:
			errs["ec"] = p.Detail + "; choose a lower error correction"
		case r.Kind == "":
			errs[params.DataField] = p.Detail
		default:
			errs[""] = p.Detail + "; shorten the longest field"
		}
		return f, errs
	}
	f.code = c
	return f, errs
}

// Style reads the style controls (by their editor names, the logo's data
// URI included) as the API reads its rendering parameters, and adds a
// message to errs for each control at fault: the call holds the controls
// that were set and are clean, o what they ask for.
func Style(style map[string]string, errs map[string]string) (call problem.Call, o params.Options) {
	call = params.NewCall("", url.Values{})
	for _, p := range params.StyleControls {
		if v := style[params.ControlName(p.Name)]; v != "" {
			call.Query.Set(params.ControlName(p.Name), v)
		}
	}
	// params.Parse stops at the first bad parameter; parse again without
	// it until the rest are clean, so each control shows its own problem.
	for range params.StyleControls {
		o, p := params.Parse(call)
		if p == nil {
			return call, o
		}
		name := params.ControlName(p.Field)
		errs[name] = p.Detail
		call.Query.Del(name)
	}
	return call, o
}

// build runs the kind's builder and gathers a message for every field at
// fault, not only the first: a field the builder names is set to its
// example (or cleared) and the builder runs again, so the next problem
// shows too.
func build(k *payload.Kind, fields map[string]string, errs map[string]string) string {
	f := payload.Fields{}
	for _, fd := range k.Fields {
		if v := fields[fd.Name]; v != "" {
			f[fd.Name] = v
		}
	}
	for range len(k.Fields) + 1 {
		text, err := k.Build(f)
		var fe *payload.FieldError
		switch {
		case err == nil:
			if len(errs) > 0 {
				return ""
			}
			return text
		case !errors.As(err, &fe) || errs[fe.Field] != "":
			if len(errs) == 0 {
				errs[""] = err.Error()
			}
			return ""
		}
		errs[fe.Field] = fe.Problem
		// A stand-in value, to find the next fault; never shown. A Money
		// field's error offers only a placeholder, which would fail again.
		example := fe.Example
		if fd := k.Field(fe.Field); fd != nil && (fd.Money || example == "" && f[fe.Field] == "") {
			example = fd.Example
		}
		if example != "" && example != f[fe.Field] {
			f[fe.Field] = example
		} else {
			delete(f, fe.Field)
		}
	}
	return ""
}

// Render answers the preview: the plain code as SVG and what can be said
// about it without decoding it.
func Render(r Request) Result {
	f, errs := read(r)
	if len(errs) > 0 {
		return Result{Errors: errs}
	}
	ro := f.opt.Render()
	res := Result{
		SVG:       string(render.SVG(f.code, ro)),
		Branded:   f.opt.Branded(),
		Text:      f.text,
		Version:   f.code.Version,
		EC:        f.code.Level.String(),
		Contrast:  render.Contrast(ro.FG, ro.BG),
		QuietZone: ro.Margin,
		Warnings:  render.Warnings(ro),
		Options:   f.opt.Canonical(),
	}
	if ok, reason := render.Scannable(f.code, ro); !ok {
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
	return render.PNG(f.code, f.opt.Render()), nil
}
