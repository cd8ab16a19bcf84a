package params

import (
	"errors"
	"strings"

	"qrkeyless/core/payload"
	"qrkeyless/core/problem"
)

// Typed is a typed payload read from a call: the text to encode, and what
// the kind takes besides the shared parameters.
type Typed struct {
	Text   string
	Fields payload.Fields // the fields Text was built from
	Secret bool           // a secret field was given: answer no-store
	Call   problem.Call   // the call, for the fixes of the steps after this one
	Known  []string       // the query names the kind takes besides the shared parameters
}

// ReadTyped builds kind k's payload from the fields in call's query, each
// given under its name or its short editor name. call should come from
// request.NewCall, so that no fix repeats a secret field. Secret says a
// secret field was given; a secret inside another value (a WIFI: string)
// is the caller's to find (request.HasSecret).
func ReadTyped(call problem.Call, k *payload.Kind) (Typed, *problem.Problem) {
	t := Typed{Call: call, Known: []string{Verify.Name}}
	f := payload.Fields{}
	for _, fd := range k.Fields {
		p := Param{Name: fd.Name}
		t.Known = append(t.Known, fd.Name)
		if fd.Short != "" {
			p.Aliases = []string{fd.Short}
			t.Known = append(t.Known, fd.Short)
		}
		// Two values for one field are a conflict, a secret one included:
		// reading either would build a code the caller did not ask for
		// (two passwords once made an open network).
		v, _, prob := Get(call, p)
		if prob != nil {
			return t, prob
		}
		if v != "" {
			f[fd.Name] = v
			t.Secret = t.Secret || fd.Secret
		}
	}
	text, err := k.Build(f)
	if err != nil {
		return t, fieldProblem(call, k, err)
	}
	t.Text, t.Fields = text, f
	return t, nil
}

// fieldProblem turns a builder's error into a problem with a fix: a missing
// field gets its example value; a wrong one gets the caller's own value
// corrected when the builder is sure of it, else the builder's
// suggestion, or is removed when the builder has none (it conflicts with
// another field). A Money field never gets another valid value: its fix
// holds the correction, the choices, or a placeholder.
func fieldProblem(call problem.Call, k *payload.Kind, err error) *problem.Problem {
	var fe *payload.FieldError
	if !errors.As(err, &fe) {
		return problem.BadValue.New("", err.Error(), "Check the fields against GET /api/v1/types.")
	}
	fd := k.Field(fe.Field)
	if fd == nil {
		return problem.BadValue.New(fe.Field, fe.Error(), "Check the fields against GET /api/v1/types.")
	}
	names := []string{fd.Name}
	if fd.Short != "" {
		names = append(names, fd.Short)
	}
	value, example := fe.Example, fd.Example
	switch {
	case fe.Correction != "" && !(fd.Money && !strings.EqualFold(fe.Correction, strings.TrimSpace(call.Query.Get(fd.Name)))):
		// A correction of a Money field may only change case: a
		// shortened reference or account is someone else's.
		value = fe.Correction
	case len(fe.Choices) > 0:
		value = "<" + strings.Join(fe.Choices, " or ") + ">"
	case fd.Money && value != "":
		value = fd.Placeholder()
	}
	if fd.Money {
		example = fd.Placeholder()
	}
	_, long := call.Query[fd.Name]
	_, short := call.Query[fd.Short]
	switch {
	case !long && !(fd.Short != "" && short):
		return problem.Missing.New(fe.Field, fe.Error(), call.With(fd.Name, example, names...))
	case value != "":
		return problem.BadValue.New(fe.Field, fe.Error(), call.With(fd.Name, value, names...))
	default:
		return problem.BadValue.New(fe.Field, fe.Error(), call.With("", "", names...))
	}
}

// UnknownKind is the problem for a kind name the registry lacks. Its fix is
// a call to paste (docs/decisions.md, Statuses: a 404's fix names the nearest kind): the same
// query on the nearest kind when the name looks like a typo of one, else
// GET /api/v1/types, the list of every kind; the detail names that list
// either way. The fix echoes the query, so secret values are redacted.
func UnknownKind(name string, call problem.Call) *problem.Problem {
	near := Nearest(strings.ToLower(name), payload.Names())
	if near == "" {
		return problem.NotFound.New("type", "no payload kind "+name+"; GET "+TypesPath+" lists every kind", TypesPath)
	}
	fix := problem.Call{Path: "/api/v1/" + near, Query: call.Query, Redact: call.Redact}.With("", "")
	return problem.NotFound.New("type", "no payload kind "+name+"; did you mean "+near+"? GET "+TypesPath+" lists every kind", fix)
}

// TypesPath lists every payload kind with its field schema.
const TypesPath = "/api/v1/types"
