package params

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/url"
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
