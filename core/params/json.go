package params

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/url"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"qrkeyless/core/problem"
)

// Scalar writes a JSON value of a parameter as a query writes it:
// strings as they are, numbers in their shortest form, booleans as true or
// false. Anything else (an object, an array, null) is not a parameter's
// value. Tool arguments, batch styles and the body of POST /api/v1/qr all
// meet the query parser through it.
func Scalar(v any) (string, bool) {
	switch v := v.(type) {
	case string:
		return v, true
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64), true
	case bool:
		return strconv.FormatBool(v), true
	}
	return "", false
}

// FromJSON reads a JSON object of parameters (POST /api/v1/qr) as a
// query, each value as Scalar writes it. example is the call a problem's
// fix shows.
func FromJSON(body []byte, example string) (url.Values, *problem.Problem) {
	var m map[string]any
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&m); err != nil || m == nil {
		why := "it is not a JSON object"
		if err != nil {
			why = err.Error()
		}
		return nil, problem.BadBody.New("", "the body is not a JSON object of parameters: "+why, example)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, problem.BadBody.New("", "the body goes on after its JSON object; send one object and nothing after it", example)
	}
	q := url.Values{}
	p := Object(m, q, func(k string) *problem.Problem {
		return problem.BadBody.New(k, fmt.Sprintf("%s must be a string, a number or a boolean", k), example)
	})
	return q, p
}

// Object sets the members of a JSON object (a POST body, tool arguments,
// a batch style) in q as query parameters, each as Scalar writes it, in
// name order, so that of two bad members the same one is always named;
// bad is the problem for a member that is not a string, a number or a
// boolean.
func Object(m map[string]any, q url.Values, bad func(name string) *problem.Problem) *problem.Problem {
	for _, k := range slices.Sorted(maps.Keys(m)) {
		s, ok := Scalar(m[k])
		if !ok {
			return bad(k)
		}
		q.Set(k, s)
	}
	return nil
}

// ToJSON writes a query as the JSON object FromJSON reads, keys sorted:
// the fix of a POST.
func ToJSON(q url.Values) string {
	m := map[string]string{}
	for k, vs := range q {
		if len(vs) > 0 {
			m[k] = vs[0]
		}
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(m) // map keys are sorted
	return strings.TrimSpace(b.String())
}

// Members lists the JSON names of a struct's exported fields, as
// encoding/json reads them: the members an object of it may carry. v is
// the struct or a pointer to it.
func Members(v any) []string {
	t := reflect.TypeOf(v)
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	var out []string
	for f := range t.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		out = append(out, cmp.Or(name, f.Name))
	}
	slices.Sort(out)
	return out
}

// Unknown returns the first key of an object, in name order, that is not
// one of allowed, or "" when every key is known.
func Unknown[V any](object map[string]V, allowed []string) string {
	for _, k := range slices.Sorted(maps.Keys(object)) {
		if !slices.Contains(allowed, k) {
			return k
		}
	}
	return ""
}

// UnknownMember is the problem for a member key of a request body's
// object that the object does not take. at is where the object is
// ("sheet", "items[2]"; empty for the body itself); the detail names every
// member allowed, and the near miss when key misspells one. fix is the
// call corrected.
func UnknownMember(at, key string, allowed []string, fix string) *problem.Problem {
	field, in := key, "the body"
	if at != "" {
		field, in = at+"."+key, at
	}
	detail := fmt.Sprintf("%s has no member %q; it takes %s", in, key, strings.Join(allowed, ", "))
	if near := NearMiss(key, allowed); near != "" {
		detail += fmt.Sprintf("; did you mean %q?", near)
	}
	p := problem.BadBody.New(field, detail, fix)
	p.Allowed = allowed
	return p
}

// Without returns a JSON object as it was sent, with key renamed to its
// near miss among allowed or, when it misspells none, left out: the object
// an UnknownMember problem's fix shows, its members in name order.
func Without[V any](object map[string]V, key string, allowed []string) string {
	fixed := maps.Clone(object)
	delete(fixed, key)
	if near := NearMiss(key, allowed); near != "" {
		if _, taken := fixed[near]; !taken {
			fixed[near] = object[key]
		}
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(fixed) // map keys are sorted
	return strings.TrimSpace(b.String())
}
