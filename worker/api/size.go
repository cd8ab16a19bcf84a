package api

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"qrkeyless/core/params"
	"qrkeyless/core/problem"
	"qrkeyless/core/qr"
	"qrkeyless/core/size"
)

// sizeAdvice answers GET /api/v1/size: how large to print or show a code.
func (s *server) sizeAdvice(w http.ResponseWriter, r *http.Request) {
	call := problem.Call{Path: r.URL.Path, Query: r.URL.Query()}
	in, p := sizeInput(call)
	if p != nil {
		writeProblem(w, r, p)
		return
	}
	a, err := size.Recommend(in)
	if err != nil {
		writeProblem(w, r, sizeProblem(call, in, err))
		return
	}
	writeJSON(w, a)
}

// sizeInput reads the query of GET /api/v1/size.
func sizeInput(call problem.Call) (size.Input, *problem.Problem) {
	q := call.Query
	text, _, p := params.Get(call, params.Data)
	if p != nil {
		return size.Input{}, p
	}
	in := size.Input{Text: text, Medium: q.Get("medium"), EC: q.Get("ec")}
	for _, n := range []struct {
		name, example string
		set           func(string) error
	}{
		{"length", "120", func(v string) (err error) { in.Bytes, err = strconv.Atoi(v); return }},
		{"dpi", "300", func(v string) (err error) { in.DPI, err = strconv.Atoi(v); return }},
		{"distance_m", "1.5", func(v string) (err error) { in.DistanceM, err = strconv.ParseFloat(v, 64); return }},
	} {
		if v := q.Get(n.name); v != "" {
			if err := n.set(v); err != nil {
				return in, problem.BadValue.Newf(n.name, call.With(n.name, n.example), "%s=%q is not a number", n.name, v)
			}
		}
	}
	return in, nil
}

// sizeExamples are the fixes for each input of the size advice.
var sizeExamples = map[string]string{"data": "https://example.com", "length": "120", "distance_m": "1.5", "medium": "poster", "dpi": "300", "ec": "M"}

func sizeProblem(call problem.Call, in size.Input, err error) *problem.Problem {
	var ie *size.InputError
	if !errors.As(err, &ie) {
		return problem.BadValue.New("", err.Error(), "Check the parameters: data or length, distance_m or medium, dpi, ec.")
	}
	fix := call.With(ie.Field, sizeExamples[ie.Field])
	if n, sample := in.Bytes, strings.Repeat("a", in.Bytes); ie.Field == "length" || ie.Field == "data" && in.Text != "" {
		if in.Text != "" {
			n, sample = len(in.Text), in.Text
		}
		fix = call.With("ec", "L") // the lowest level holds the most
		if max := qr.MaxBytes(sample, qr.L); n > max {
			fix = "Shorten the data to at most " + strconv.Itoa(max) + " bytes."
		}
	}
	return problem.BadValue.New(ie.Field, err.Error(), fix)
}
