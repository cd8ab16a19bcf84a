package templates

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"
)

// Reference is the API reference at /docs, read from the OpenAPI
// description (worker/api, the same routes, parameter tables and registry
// that /openapi.json is written from): every operation with its
// parameters, their aliases, defaults and bounds, its body, its answers
// and problems, and an example to send.
type Reference struct {
	Title, Version string
	Intro          []string // paragraphs
	Groups         []Group
	Rendering      []Param // the rendering parameters, which most operations share
	Problems       []Answer
	ProblemFields  []Param // the members of a problem document
	Operations     int     // how many there are, HEAD and OPTIONS included
}

// Group is the operations of one tag.
type Group struct {
	Tag, Description string
	Paths            []Path
}

// Path is one path: its operations, and HEAD and OPTIONS, which every
// path answers alike (Extra).
type Path struct {
	Path, Anchor string
	Ops, Extra   []Op
	Kind         bool // a typed kind's path (/api/v1/<kind>)
}

// Op is one operation.
type Op struct {
	ID, Method, Path, Summary, Description string
	Params                                 []Param // its own, aliases folded in
	Fields                                 []Param // a typed kind's fields
	FieldsNote                             string  // what the fields must hold together
	Rendering                              bool    // it takes the rendering parameters too
	Body                                   *Body
	Answers                                []Answer
	AnswersAs                              *Op // an operation listed earlier whose answers these are, word for word
	ParamsAs                               *Op // one whose own parameters these are
	Try                                    Try
}

// Param is one parameter, or a member of an object.
type Param struct {
	Name, In, Type, Default, Min, Max, Description, Example, Title string
	Aliases                                                        []string
	Enum                                                           []string
	Required, Secret                                               bool
}

// Body is what an operation takes as its body.
type Body struct {
	Types   []string
	Example string // the JSON example, indented
}

// Answer is one status an operation answers with.
type Answer struct {
	Status, Description, Name string // Name: the problem's, when it is one
	Types, Headers            []string
	Problem                   bool
}

// Try is an operation's example, as a form to change and send.
type Try struct {
	Method, Action string // the path, with a path parameter's example filled in
	Path           string // the path as OpenAPI names it (/q/{file})
	PathParam      Param  // a path parameter, when there is one
	Query          []Param
	BodyType, Body string
	URL            string // the example's path and query
	Curl           string
	Picture        bool // the answer is an image
}

// spec is the part of an OpenAPI description the reference reads.
type spec struct {
	Info struct {
		Title, Version, Description string
	}
	Tags       []struct{ Name, Description string }
	Paths      map[string]map[string]specOp
	Components struct {
		Parameters map[string]specParam
		Responses  map[string]specAnswer
		Schemas    map[string]specSchema
	}
}

type specOp struct {
	OperationID, Summary, Description string
	Tags                              []string
	Parameters                        []specParam
	RequestBody                       *struct {
		Content map[string]struct{ Example any }
	}
	Responses map[string]specAnswer
}

type specParam struct {
	Ref                   string `json:"$ref"`
	Name, In, Description string
	Required, Deprecated  bool
	Schema                specSchema
	Example               any
	Style                 string
	Explode               bool
}

type specAnswer struct {
	Ref         string `json:"$ref"`
	Description string
	Content     map[string]any
	Headers     map[string]any
}

type specSchema struct {
	Ref                      string `json:"$ref"`
	Type, Title, Description string
	Enum                     []any
	Default                  any
	Minimum, Maximum         *float64
	Examples                 []any
	WriteOnly, Deprecated    bool
	Required                 []string
	Properties               map[string]specSchema
	AnyOf                    []struct{ Required []string }
	AllOf                    []json.RawMessage
}

// ReadReference reads an OpenAPI description into the reference.
func ReadReference(description []byte) (Reference, error) {
	var s spec
	if err := json.Unmarshal(description, &s); err != nil {
		return Reference{}, err
	}
	r := Reference{Title: s.Info.Title, Version: s.Info.Version}
	for _, p := range strings.Split(s.Info.Description, "\n\n") {
		r.Intro = append(r.Intro, p)
	}
	// The rendering parameters: components.parameters, an alias folded
	// into the parameter it names.
	var shared []specParam
	for _, name := range slices.Sorted(maps.Keys(s.Components.Parameters)) {
		shared = append(shared, s.Components.Parameters[name])
	}
	r.Rendering = fold(shared, order(s))
	for _, name := range slices.Sorted(maps.Keys(s.Components.Responses)) {
		a := s.Components.Responses[name]
		if _, ok := a.Content["application/problem+json"]; ok {
			r.Problems = append(r.Problems, Answer{Name: name, Description: a.Description, Problem: true})
		}
	}
	prob := s.Components.Schemas["Problem"]
	for _, name := range slices.Sorted(maps.Keys(prob.Properties)) {
		r.ProblemFields = append(r.ProblemFields, param(name, prob.Properties[name], slices.Contains(prob.Required, name)))
	}
	slices.SortStableFunc(r.ProblemFields, func(a, b Param) int { return boolCmp(b.Required, a.Required) })
	// Operations that answer alike (every kind answers as /api/v1/qr)
	// point at the first that lists those answers, which keeps the page a
	// page; so with their own parameters.
	answers, params := map[string]*Op{}, map[string]*Op{}
	defer func() {
		for _, g := range r.Groups {
			for _, p := range g.Paths {
				for _, list := range [][]Op{p.Ops, p.Extra} {
					for i := range list {
						o := &list[i]
						a, _ := json.Marshal(o.Answers)
						if first, ok := answers[string(a)]; ok {
							o.AnswersAs = first
						} else {
							answers[string(a)] = o
						}
						ps, _ := json.Marshal(o.Params)
						if first, ok := params[string(ps)]; ok && len(o.Params) > 0 {
							o.ParamsAs = first
						} else {
							params[string(ps)] = o
						}
					}
				}
			}
		}
	}()

	for _, tag := range s.Tags {
		g := Group{Tag: tag.Name, Description: tag.Description}
		for _, path := range slices.Sorted(maps.Keys(s.Paths)) {
			item := s.Paths[path]
			p := Path{Path: path, Anchor: anchor(path)}
			for _, method := range []string{"get", "post", "delete", "head", "options"} {
				op, ok := item[method]
				if !ok || len(op.Tags) == 0 || op.Tags[0] != tag.Name {
					continue
				}
				o := r.op(s, path, strings.ToUpper(method), op)
				r.Operations++
				if method == "head" || method == "options" {
					p.Extra = append(p.Extra, o)
				} else {
					p.Ops = append(p.Ops, o)
				}
			}
			if len(p.Ops)+len(p.Extra) == 0 {
				continue
			}
			p.Kind = tag.Name == "typed"
			g.Paths = append(g.Paths, p)
		}
		r.Groups = append(r.Groups, g)
	}
	return r, nil
}

// order is the rendering parameters' order as /api/v1/qr lists them.
func order(s spec) []string {
	var names []string
	for _, p := range s.Paths["/api/v1/qr"]["get"].Parameters {
		if p.Ref != "" {
			names = append(names, strings.TrimPrefix(p.Ref, "#/components/parameters/"))
		}
	}
	return names
}

func boolCmp(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

func (r *Reference) op(s spec, path, method string, so specOp) Op {
	o := Op{ID: so.OperationID, Method: method, Path: path, Summary: so.Summary, Description: so.Description}
	var own []specParam
	for _, p := range so.Parameters {
		if p.Ref != "" {
			o.Rendering = true
			continue
		}
		if p.In == "query" && p.Explode && p.Schema.Ref != "" { // a typed kind's fields, one parameter each
			sc := s.Components.Schemas[strings.TrimPrefix(p.Schema.Ref, "#/components/schemas/")]
			o.Fields, o.FieldsNote = fields(sc)
		}
		own = append(own, p)
	}
	for _, p := range fold(own, nil) {
		if len(o.Fields) == 0 || p.Name != "fields" {
			o.Params = append(o.Params, p)
		}
	}
	if so.RequestBody != nil {
		b := &Body{}
		for _, t := range slices.Sorted(maps.Keys(so.RequestBody.Content)) {
			b.Types = append(b.Types, t)
			if ex := so.RequestBody.Content[t].Example; ex != nil && t == "application/json" {
				j, _ := json.MarshalIndent(ex, "", "  ")
				b.Example = string(j)
			}
		}
		o.Body = b
	}
	for _, status := range slices.Sorted(maps.Keys(so.Responses)) {
		a := so.Responses[status]
		ans := Answer{Status: status}
		if a.Ref != "" {
			name := strings.TrimPrefix(a.Ref, "#/components/responses/")
			a = s.Components.Responses[name]
			ans.Name = name
		}
		ans.Description = a.Description
		ans.Types = slices.Sorted(maps.Keys(a.Content))
		ans.Headers = slices.Sorted(maps.Keys(a.Headers))
		_, ans.Problem = a.Content["application/problem+json"]
		o.Answers = append(o.Answers, ans)
	}
	o.Try = try(so, path, method)
	return o
}

// fold folds each alias (a deprecated parameter "Alias of x.") into the
// parameter it names, and orders them as names gives (the rest after, in
// their own order).
func fold(ps []specParam, names []string) []Param {
	var out []Param
	aliases := map[string][]string{}
	for _, p := range ps {
		if target, ok := strings.CutPrefix(p.Description, "Alias of "); ok && p.Deprecated {
			t := strings.TrimSuffix(target, ".")
			aliases[t] = append(aliases[t], p.Name)
			continue
		}
		out = append(out, paramOf(p))
	}
	for i := range out {
		out[i].Aliases = aliases[out[i].Name]
		out[i].Description = strings.TrimSpace(strings.Split(out[i].Description, " Aliases (deprecated):")[0])
	}
	if names != nil {
		slices.SortStableFunc(out, func(a, b Param) int {
			ia, ib := slices.Index(names, a.Name), slices.Index(names, b.Name)
			if ia < 0 {
				ia = len(names)
			}
			if ib < 0 {
				ib = len(names)
			}
			return ia - ib
		})
	}
	return out
}

func paramOf(p specParam) Param {
	out := param(p.Name, p.Schema, p.Required)
	out.In, out.Description = p.In, p.Description
	if p.Example != nil {
		if _, isObject := p.Example.(map[string]any); !isObject {
			out.Example = scalar(p.Example)
		}
	}
	return out
}

// param describes a schema's value as a parameter.
func param(name string, sc specSchema, required bool) Param {
	p := Param{Name: name, Type: sc.Type, Required: required, Description: sc.Description, Title: sc.Title, Secret: sc.WriteOnly}
	if sc.Ref != "" {
		p.Type = "object"
	}
	for _, e := range sc.Enum {
		p.Enum = append(p.Enum, scalar(e))
	}
	if sc.Default != nil {
		p.Default = scalar(sc.Default)
	}
	if sc.Minimum != nil {
		p.Min = scalar(*sc.Minimum)
	}
	if sc.Maximum != nil {
		p.Max = scalar(*sc.Maximum)
	}
	if len(sc.Examples) > 0 {
		p.Example = scalar(sc.Examples[0])
	}
	return p
}

// fields lists a kind's fields, aliases folded in, and says what they
// must hold together (the schema's anyOf and if/then rules, in words).
func fields(sc specSchema) ([]Param, string) {
	var ps []specParam
	for _, name := range slices.Sorted(maps.Keys(sc.Properties)) {
		f := sc.Properties[name]
		ps = append(ps, specParam{Name: name, In: "query", Description: f.Description, Deprecated: f.Deprecated, Required: slices.Contains(sc.Required, name), Schema: f})
	}
	out := fold(ps, nil)
	var notes []string
	for _, any := range sc.AnyOf {
		notes = append(notes, strings.Join(any.Required, " and "))
	}
	note := ""
	if len(notes) > 0 {
		note = "Give at least one of: " + strings.Join(notes, "; or ") + "."
	}
	return out, note
}

func scalar(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case bool:
		return strconv.FormatBool(x)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// anchor is a path as a fragment: /api/v1/qr is api-v1-qr.
func anchor(path string) string {
	var b strings.Builder
	for _, r := range path {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case r >= 'A' && r <= 'Z':
			b.WriteRune(r + 'a' - 'A')
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "-"):
			b.WriteByte('-')
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}

// try is an operation's example, as e2e/clients calls every operation: the
// required parameters at their examples (an operation with none required
// takes every example it gives), a path parameter's example, the JSON
// body's example.
func try(so specOp, path, method string) Try {
	t := Try{Method: method, Path: path, Action: path}
	optional := !slices.ContainsFunc(so.Parameters, func(p specParam) bool { return p.Required })
	q := url.Values{}
	for _, p := range so.Parameters {
		switch {
		case p.Ref != "":
		case p.In == "path":
			t.PathParam = paramOf(p)
			t.Action = strings.Replace(path, "{"+p.Name+"}", url.PathEscape(scalar(p.Example)), 1)
		case p.Example != nil && (p.Required || optional) && !p.Deprecated:
			if obj, ok := p.Example.(map[string]any); ok {
				for _, k := range slices.Sorted(maps.Keys(obj)) {
					t.Query = append(t.Query, Param{Name: k, Example: scalar(obj[k]), In: "query"})
					q.Set(k, scalar(obj[k]))
				}
				continue
			}
			t.Query = append(t.Query, Param{Name: p.Name, Example: scalar(p.Example), In: "query", Secret: p.Schema.WriteOnly})
			q.Set(p.Name, scalar(p.Example))
		}
	}
	t.URL = t.Action
	if len(q) > 0 {
		t.URL += "?" + strings.ReplaceAll(q.Encode(), "+", "%20")
	}
	if so.RequestBody != nil {
		if c, ok := so.RequestBody.Content["application/json"]; ok && c.Example != nil {
			b, _ := json.Marshal(c.Example)
			t.BodyType, t.Body = "application/json", string(b)
		}
	}
	if a, ok := so.Responses["200"]; ok {
		_, t.Picture = a.Content["image/png"]
	}
	switch {
	case method == "HEAD":
		t.Curl = fmt.Sprintf(`curl -I "$QR%s"`, t.URL)
	case method == "OPTIONS":
		t.Curl = fmt.Sprintf(`curl -i -X OPTIONS "$QR%s"`, t.URL)
	case t.Body != "":
		t.Curl = fmt.Sprintf(`curl "$QR%s" -H 'Content-Type: %s' -d '%s'`, t.URL, t.BodyType, strings.ReplaceAll(t.Body, "'", `'\''`))
	case method == "GET" && t.Picture:
		t.Curl = fmt.Sprintf(`curl -o qr.png "$QR%s"`, t.URL)
	case method == "GET":
		t.Curl = fmt.Sprintf(`curl "$QR%s"`, t.URL)
	default:
		t.Curl = fmt.Sprintf(`curl -i -X %s "$QR%s"`, method, t.URL)
	}
	return t
}

// paths counts the reference's paths.
func paths(r Reference) int {
	n := 0
	for _, g := range r.Groups {
		n += len(g.Paths)
	}
	return n
}

// kindTitle is what a kind's path makes, from its operation's summary.
func kindTitle(p Path) string {
	if len(p.Ops) == 0 {
		return ""
	}
	return p.Ops[0].Summary
}

// extraTitle names a path's HEAD and OPTIONS operations.
func extraTitle(p Path) string {
	var ms []string
	for _, o := range p.Extra {
		ms = append(ms, o.Method)
	}
	return strings.Join(ms, " and ") + " " + p.Path
}

// formQuery is the query parameters an operation's form holds apart: none
// for HEAD and OPTIONS, whose form holds the whole path and query.
func formQuery(o Op) []Param {
	if o.Method == "HEAD" || o.Method == "OPTIONS" {
		return nil
	}
	return o.Try.Query
}

// statuses lists answers' statuses.
func statuses(as []Answer) string {
	var s []string
	for _, a := range as {
		s = append(s, a.Status)
	}
	return strings.Join(s, ", ")
}

// pronoun is it or them, for n things.
func pronoun(n int) string {
	if n == 1 {
		return "it"
	}
	return "them"
}
