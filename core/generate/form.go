package generate

import (
	"net/url"
	"strings"

	"qrkeyless/core/params"
	"qrkeyless/core/payload"
	"qrkeyless/core/qr"
	"qrkeyless/core/request"
)

// Form is an editor's form read as the API reads a call, and its symbol.
type Form struct {
	Request
	QR *qr.Code
}

// ReadForm reads an editor's form and encodes its text, as Read and
// Request.Encode read and encode the call to /api/v1/<kind> with the same
// fields and style, so that the editor, the /batch page and the API make
// the same code from the same values. kind is a payload kind, or "" for
// free text in fields[params.DataField]; fields are by name, secrets
// included (a form never leaves the page); style is the style controls
// by their editor names (params.StyleControls), the logo's data URI
// included. Values are used as written, empty ones left out.
//
// Where Read stops at a call's first problem, a form shows every
// control's own: errs holds a message by control (a field's name, a
// style control's editor name, "" for the form as a whole), and the Form
// is usable only when errs is empty.
func ReadForm(kind string, fields, style map[string]string) (Form, map[string]string) {
	errs := map[string]string{}
	path, k := "/api/v1/qr", (*payload.Kind)(nil)
	if kind != "" {
		if k, _ = payload.Lookup(kind); k == nil {
			errs[""] = "no payload kind " + kind
			return Form{}, errs
		}
		path = "/api/v1/" + k.Name
	}
	q, _ := ReadStyle(style, errs)
	if k == nil {
		set(q, params.Data.Name, fields[params.DataField])
	} else {
		for _, fd := range k.Fields {
			set(q, fd.Name, fields[fd.Name])
		}
	}
	// Read stops at the first problem: note it by its control, put a
	// stand-in in its place (never shown) and read again, until the rest
	// are clean. A field takes its example so that the next field's
	// problem shows; a style control is left out.
	for range len(q) + 1 {
		r, p := read(request.NewCall(path, q), k, true, params.Parse)
		if p == nil {
			if len(errs) > 0 {
				return Form{}, errs
			}
			return encodeForm(r, k, errs)
		}
		field := formField(k, p.Field)
		control := params.ControlName(p.Field)
		if field != nil {
			control = field.Name
		}
		if p.Field == "" || errs[control] != "" || field == nil && !isStyle(p.Field) {
			if len(errs) == 0 {
				errs[""] = p.Detail
			}
			return Form{}, errs
		}
		if field == nil {
			errs[control] = p.Detail
			q.Del(p.Field)
			continue
		}
		// A field's message follows its label on the page: "SSID is
		// required", not "ssid: is required".
		errs[control] = strings.TrimPrefix(strings.TrimPrefix(p.Detail, p.Field+": "), p.Field+" ")
		if field.Example != "" && field.Example != q.Get(field.Name) {
			q.Set(field.Name, field.Example)
		} else {
			q.Del(field.Name)
		}
	}
	if len(errs) == 0 {
		errs[""] = "the form could not be read"
	}
	return Form{}, errs
}

// ReadStyle reads the style controls of a form (by their editor names,
// the logo's data URI included) as the API reads its rendering
// parameters, and adds a message to errs for each control at fault. q
// holds the controls that were set and are clean, by their parameter
// names, and o what they ask for.
func ReadStyle(style map[string]string, errs map[string]string) (q url.Values, o params.Options) {
	q = url.Values{}
	for _, p := range params.StyleControls {
		set(q, p.Name, style[params.ControlName(p.Name)])
	}
	// Parsing stops at the first bad parameter; parse again without it
	// until the rest are clean, so each control shows its own problem.
	for range len(q) + 1 {
		o, p := params.Parse(request.NewCall("", q))
		if p == nil || !q.Has(p.Field) {
			return q, o
		}
		errs[params.ControlName(p.Field)] = p.Detail
		q.Del(p.Field)
	}
	return q, o
}

// encodeForm encodes a form's request, its problems said as the form
// shows them.
func encodeForm(r Request, k *payload.Kind, errs map[string]string) (Form, map[string]string) {
	c, p := r.Encode()
	switch {
	case p == nil:
		return Form{Request: r, QR: c}, errs
	case p.Field == params.EC.Name:
		errs["ec"] = p.Detail + "; choose a lower error correction"
	case p.Field == params.Eye.Name || isStyle(p.Field):
		errs[params.ControlName(p.Field)] = p.Detail
	case k == nil:
		errs[params.DataField] = p.Detail
	default:
		errs[""] = p.Detail + "; shorten the longest field"
	}
	return Form{}, errs
}

// set sets name to v in q, unless v is empty.
func set(q url.Values, name, v string) {
	if v != "" {
		q.Set(name, v)
	}
}

// formField is the form's field a problem is about: a field of k, or
// free text's data; nil for a style control.
func formField(k *payload.Kind, name string) *payload.Field {
	if k == nil {
		if name == params.Data.Name {
			return &payload.Field{Name: params.DataField}
		}
		return nil
	}
	return k.Field(name)
}

// isStyle reports whether name is a style control's parameter.
func isStyle(name string) bool {
	for _, p := range params.StyleControls {
		if p.Name == name {
			return true
		}
	}
	return false
}
