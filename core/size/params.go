package size

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"qrkeyless/core/params"
	"qrkeyless/core/problem"
	"qrkeyless/core/qr"
)

// input is one parameter of the advice and where its value goes in Input.
type input struct {
	params.Param
	set func(in *Input, v string) error
}

// inputs is the one table of the advice's parameters: GET /api/v1/size
// reads its query with it, the qr_size_recommend tool its arguments (under
// the same names), and the OpenAPI document and the tool's input schema
// are written from it.
var inputs = []input{
	{params.Param{Name: params.Data.Name, Aliases: params.Data.Aliases, Type: "string", Help: "The text to encode; or give length.", Example: "https://example.com"},
		func(in *Input, v string) error { in.Text = v; return nil }},
	{params.Param{Name: "length", Type: "integer", Min: 1, Max: MaxBytes, Help: "The data's length in bytes, when the data itself is not given.", Example: "120"},
		func(in *Input, v string) (err error) { in.Bytes, err = strconv.Atoi(v); return }},
	{params.Param{Name: "distance_m", Type: "number", Help: "Scanning distance in metres, 0.05 to 100; or give medium.", Example: "1.5"},
		func(in *Input, v string) (err error) { in.DistanceM, err = strconv.ParseFloat(v, 64); return }},
	{params.Param{Name: "medium", Type: "string", Enum: MediumNames, Help: "Where the code is shown; sets a typical distance (and screen pixels for screen).", Example: "poster"},
		func(in *Input, v string) error { in.Medium = v; return nil }},
	{params.Param{Name: "dpi", Type: "integer", Min: 72, Max: 4800, Default: strconv.Itoa(DefaultDPI), Help: "Print resolution in dots per inch (96 for a screen when not given).", Example: "300"},
		func(in *Input, v string) (err error) { in.DPI, err = strconv.Atoi(v); return }},
	{params.Param{Name: params.EC.Name, Type: "string", Enum: func() []string { return append(params.EC.Enum(), "none") }, Default: "M", Help: "Error correction level; H survives the most damage. Micro QR has L, M and Q (none for M1), rMQR M and H.", Example: "M"},
		func(in *Input, v string) error { in.EC = v; return nil }},
	{params.Param{Name: params.SymbolP.Name, Type: "string", Enum: params.SymbolP.Enum, Default: "qr", Help: "The symbol: qr, micro (Micro QR) or rmqr (rectangular Micro QR), each with its own module counts and quiet zone (4 modules for qr, 2 for micro and rmqr).", Example: "qr"},
		func(in *Input, v string) error { in.Symbol = strings.ToLower(v); return nil }},
}

// Either lists the advice's alternatives, one of which a call must give:
// the data itself, or its length.
var Either = [][]string{{params.Data.Name}, {"length"}}

// MaxBytes is the most data any QR code holds: version 40 at level L, in
// byte mode.
const MaxBytes = 2953

// Params lists the advice's parameters, in the order they are documented.
func Params() []params.Param {
	out := make([]params.Param, len(inputs))
	for i, in := range inputs {
		out[i] = in.Param
	}
	return out
}

// Read reads the advice's parameters from call's query. A value that is
// not a number where one is needed is a problem whose fix is the call with
// an example value.
func Read(call problem.Call) (Input, *problem.Problem) {
	var in Input
	for _, n := range inputs {
		v, name, p := params.Get(call, n.Param)
		if p != nil {
			return in, p
		}
		if v == "" {
			continue
		}
		if err := n.set(&in, v); err != nil {
			return in, problem.BadValue.New(n.Name, fmt.Sprintf("%s=%q is not a number", name, v), call.With(name, n.Example))
		}
		// Zero is a value like any other: dpi=0 is as wrong as dpi=-5,
		// never a quiet way to ask for the default. (Recommend checks the
		// upper bounds, with fixes of its own.)
		if iv, _ := strconv.Atoi(v); n.Type == "integer" && n.Max > 0 && iv < n.Min {
			return in, problem.BadValue.New(n.Name, fmt.Sprintf(
				"%s=%d is out of range; %s must be %d to %d", name, iv, n.Name, n.Min, n.Max), call.With(name, strconv.Itoa(n.Min)))
		}
	}
	return in, nil
}

// Advise reads call's query and recommends, answering a problem whose fix
// is a corrected call when the parameters do not allow advice.
func Advise(call problem.Call) (Advice, *problem.Problem) {
	in, p := Read(call)
	if p != nil {
		return Advice{}, p
	}
	a, err := Recommend(in)
	if err != nil {
		return Advice{}, inputProblem(call, in, err)
	}
	return a, nil
}

// inputProblem turns an error of Recommend into a problem.
func inputProblem(call problem.Call, in Input, err error) *problem.Problem {
	var ie *InputError
	if !errors.As(err, &ie) {
		return problem.BadValue.New("", err.Error(), "Check the parameters: data or length, distance_m or medium, dpi, ec.")
	}
	fix := call.With(ie.Field, example(ie.Field))
	if ie.Field == "length" || ie.Field == "data" && in.Text != "" {
		// Too long at this level: the lowest level holds the most, and past
		// that only shorter data helps.
		n, sample := in.Bytes, strings.Repeat("a", in.Bytes)
		if in.Text != "" {
			n, sample = len(in.Text), in.Text
		}
		fix = call.With("ec", "L")
		if max := qr.MaxBytes(sample, qr.L); n > max {
			fix = "Shorten the data to at most " + strconv.Itoa(max) + " bytes."
		}
	}
	return problem.BadValue.New(ie.Field, err.Error(), fix)
}

// example is the example value of the named parameter.
func example(name string) string {
	for _, in := range inputs {
		if in.Name == name {
			return in.Example
		}
	}
	return ""
}
