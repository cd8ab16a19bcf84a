package api

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"qrkeyless/core/params"
	"qrkeyless/core/payload"
	"qrkeyless/core/problem"
)

// secretPlaceholder stands in for a secret value in a fix: the service never
// echoes a password back, so the caller puts their own in again.
const secretPlaceholder = "<secret>"

// typed answers GET /api/v1/<kind>: it builds the kind's payload from the
// named fields, then renders it like /api/v1/qr.
func (s *server) typed(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(r.URL.Path, "/api/v1/")
	k, ok := payload.Lookup(name)
	if !ok {
		s.unknownKind(w, r, name)
		return
	}
	q := r.URL.Query()
	f, secret, p := fieldsOf(k, q)
	call := problem.Call{Path: r.URL.Path, Query: redact(k, q)}
	if p != nil {
		writeProblem(w, r, p)
		return
	}
	text, err := k.Build(f)
	if err != nil {
		writeProblem(w, r, fieldProblem(call, k, err))
		return
	}
	s.render(w, r, call, text, secret, knownNames(k)...)
}

// fieldsOf reads k's fields from q, each under its name or its short editor
// name, and says whether a secret field is among them.
func fieldsOf(k *payload.Kind, q map[string][]string) (payload.Fields, bool, *problem.Problem) {
	f := payload.Fields{}
	secret := false
	for _, fd := range k.Fields {
		pr := params.Param{Name: fd.Name}
		if fd.Short != "" {
			pr.Aliases = []string{fd.Short}
		}
		v, _, p := params.Get(problem.Call{Path: "/api/v1/" + k.Name, Query: q}, pr)
		if p != nil {
			if fd.Secret {
				p.Fix = "Send " + fd.Name + " once."
			}
			return nil, false, p
		}
		if v != "" {
			f[fd.Name] = v
			secret = secret || fd.Secret
		}
	}
	return f, secret, nil
}

// knownNames lists the query names a typed endpoint takes besides the shared
// rendering parameters.
func knownNames(k *payload.Kind) []string {
	names := []string{params.Verify.Name}
	for _, fd := range k.Fields {
		names = append(names, fd.Name)
		if fd.Short != "" {
			names = append(names, fd.Short)
		}
	}
	return names
}

// redact returns q with every secret field's value replaced, for fixes.
func redact(k *payload.Kind, q map[string][]string) map[string][]string {
	out := make(map[string][]string, len(q))
	for name, v := range q {
		out[name] = v
		if fd := k.Field(name); fd != nil && fd.Secret {
			out[name] = []string{secretPlaceholder}
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
	switch {
	case !given(call.Query, fd):
		return problem.Missing.New(fe.Field, fe.Error(), call.With(fd.Name, fd.Example, names...))
	case fe.Example != "":
		return problem.BadValue.New(fe.Field, fe.Error(), call.With(fd.Name, fe.Example, names...))
	default:
		return problem.BadValue.New(fe.Field, fe.Error(), call.With("", "", names...))
	}
}

// given reports whether q carries fd under its name or its short name.
func given(q map[string][]string, fd *payload.Field) bool {
	_, long := q[fd.Name]
	_, short := q[fd.Short]
	return long || fd.Short != "" && short
}

// unknownKind is a 404 naming the nearest kind and the list of kinds.
func (s *server) unknownKind(w http.ResponseWriter, r *http.Request, name string) {
	var names []string
	for _, k := range payload.All() {
		names = append(names, k.Name)
	}
	near := params.Nearest(strings.ToLower(name), names)
	fix := "/api/v1/types lists every kind."
	detail := "no payload kind " + name + "; GET /api/v1/types lists every kind"
	if near != "" {
		fix = "/api/v1/" + near + encodeQuery(r.URL.Query())
		detail = "no payload kind " + name + "; did you mean " + near + "? GET /api/v1/types lists every kind"
	}
	writeProblem(w, r, problem.NotFound.New("", detail, fix))
}

// kindInfo is one entry of GET /api/v1/types.
type kindInfo struct {
	Name   string         `json:"name"`
	Title  string         `json:"title"`
	Help   string         `json:"help"`
	Path   string         `json:"path"`
	Editor string         `json:"editor"`
	Schema map[string]any `json:"schema"`
}

// types answers GET /api/v1/types: every kind with its field schema.
func (s *server) types(w http.ResponseWriter, r *http.Request) {
	var list []kindInfo
	for _, k := range payload.All() {
		list = append(list, kindInfo{k.Name, k.Title, k.Help, "/api/v1/" + k.Name, "/" + k.Name, k.Schema()})
	}
	body, _ := json.Marshal(map[string]any{"count": len(list), "types": list})
	writeCached(w, r, "application/json", body, false)
}
