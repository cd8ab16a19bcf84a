package params

import (
	"errors"
	"strings"

	"qrkeyless/core/payload"
	"qrkeyless/core/problem"
)

// SecretPlaceholder stands in for a secret value in a fix: the service never
// echoes a password back, so the caller puts their own in again.
const SecretPlaceholder = "<secret>"

// Typed is a typed payload read from a call: the text to encode, and the
// call with secret values replaced, for every fix built after this point.
type Typed struct {
	Text   string
	Secret bool         // a secret field was given: answer no-store
	Call   problem.Call // the call with secrets redacted
	Known  []string     // the query names the kind takes besides the shared parameters
}

// ReadTyped builds kind k's payload from the fields in call's query, each
// given under its name or its short editor name.
func ReadTyped(call problem.Call, k *payload.Kind) (Typed, *problem.Problem) {
	t := Typed{Call: problem.Call{Path: call.Path, Query: redact(k, call.Query)}, Known: []string{Verify.Name}}
	f := payload.Fields{}
	for _, fd := range k.Fields {
		p := Param{Name: fd.Name}
		t.Known = append(t.Known, fd.Name)
		if fd.Short != "" {
			p.Aliases = []string{fd.Short}
			t.Known = append(t.Known, fd.Short)
		}
		v, _, prob := Get(t.Call, p)
		if prob != nil {
			return t, prob
		}
		if v, _, _ = Get(call, p); v != "" {
			f[fd.Name] = v
			t.Secret = t.Secret || fd.Secret
		}
	}
	text, err := k.Build(f)
	if err != nil {
		return t, fieldProblem(t.Call, k, err)
	}
	t.Text = text
	return t, nil
}

// redact returns q with every secret field's value replaced.
func redact(k *payload.Kind, q map[string][]string) map[string][]string {
	out := make(map[string][]string, len(q))
	for name, v := range q {
		out[name] = v
		if fd := k.Field(name); fd != nil && fd.Secret {
			out[name] = []string{SecretPlaceholder}
		}
	}
	return out
}

// fieldProblem turns a builder's error into a problem with a fix: a missing
// field gets its example value; a wrong one gets the builder's suggestion,
// or is removed when the builder has none (it conflicts with another field).
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
	_, long := call.Query[fd.Name]
	_, short := call.Query[fd.Short]
	switch {
	case !long && !(fd.Short != "" && short):
		return problem.Missing.New(fe.Field, fe.Error(), call.With(fd.Name, fd.Example, names...))
	case fe.Example != "":
		return problem.BadValue.New(fe.Field, fe.Error(), call.With(fd.Name, fe.Example, names...))
	default:
		return problem.BadValue.New(fe.Field, fe.Error(), call.With("", "", names...))
	}
}

// UnknownKind is the problem for a kind name the registry lacks. Its fix is
// a call to paste (decisions.md: the fix lists the nearest kind): the same
// query on the nearest kind when the name looks like a typo of one, else
// GET /api/v1/types, the list of every kind; the detail names that list
// either way. The fix echoes the query, so secret values are redacted.
func UnknownKind(name string, call problem.Call) *problem.Problem {
	var names []string
	q := call.Query
	for _, k := range payload.All() {
		names = append(names, k.Name)
		q = redact(k, q) // any kind's secret: the caller may have meant another kind than the nearest
	}
	near := Nearest(strings.ToLower(name), names)
	if near == "" {
		return problem.NotFound.New("type", "no payload kind "+name+"; GET "+TypesPath+" lists every kind", TypesPath)
	}
	fix := problem.Call{Path: "/api/v1/" + near, Query: q}.With("", "")
	return problem.NotFound.New("type", "no payload kind "+name+"; did you mean "+near+"? GET "+TypesPath+" lists every kind", fix)
}

// TypesPath lists every payload kind with its field schema.
const TypesPath = "/api/v1/types"
