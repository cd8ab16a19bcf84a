package generate

import (
	"errors"
	"strconv"

	"qrkeyless/core/params"
	"qrkeyless/core/problem"
	"qrkeyless/core/qr"
	"qrkeyless/core/render"
)

// encode encodes text at the options' level, within what o.Symbol requires:
// the kind's level, versions and ECI header. Text too long is a problem
// whose fix is the call at the highest level that holds it, or, when none
// does or the kind fixes the level, an instruction to shorten the data. An
// eye drawn at a version phone scanners do not read it at is refused (see
// unsafeEye).
func encode(call problem.Call, text string, o params.Options) (*qr.Code, *problem.Problem) {
	e, text, p := encoder(call, o, text)
	if p != nil {
		return nil, p
	}
	c, err := e.Encode(text)
	if err != nil {
		return nil, encodeProblem(call, e, o, text, err)
	}
	if p := unsafeEye(call, o, c); p != nil {
		return nil, p
	}
	return c, nil
}

// unsafeEye is the problem of an eye drawn at a version phone scanners do
// not read it at (render.EyeServed): a 422 whose fix is the call with the
// eye most like it that they do. Formats that draw no eyes (json and the
// terminal ones) draw anything.
func unsafeEye(call problem.Call, o params.Options, c *qr.Code) *problem.Problem {
	if o.Format.Name == "json" || o.Format.Text {
		return nil
	}
	ok, served, nearest := render.EyeServed(o.Eye, c.Version)
	if ok {
		return nil
	}
	return problem.NoScan.Newf(params.Eye.Name, call.With(params.Eye.Name, nearest),
		"eye %s is read unreliably by common phone scanners above version %d, and this data needs version %d: eye %s scans there",
		o.Eye, served, c.Version, nearest)
}

// version returns the version encode would give text, with the same
// problems, without encoding it.
func version(call problem.Call, text string, o params.Options) (int, *problem.Problem) {
	e, text, p := encoder(call, o, text)
	if p != nil {
		return 0, p
	}
	v, err := e.Version(text)
	if err != nil {
		return 0, encodeProblem(call, e, o, text, err)
	}
	return v, nil
}

// encoder is the encoder for o, and the text as it is to be encoded: the
// kind's symbol requirements, then the caller's controls, if any.
func encoder(call problem.Call, o params.Options, text string) (qr.Encoder, string, *problem.Problem) {
	e := qr.Encoder{Level: o.EC, MinVersion: o.Symbol.MinVersion, MaxVersion: o.Symbol.MaxVersion, ECI: o.Symbol.ECI}
	if fixed, ok := qr.ParseLevel(o.Symbol.EC); ok { // Parse has set o.EC to it already; options made by hand get it too
		e.Level = fixed
	}
	if o.Controls != nil {
		var p *problem.Problem
		if text, p = o.Controls(call, &e, text); p != nil {
			return e, "", p
		}
	}
	return e, text, nil
}

func encodeProblem(call problem.Call, e qr.Encoder, o params.Options, text string, err error) *problem.Problem {
	_, isFixed := qr.ParseLevel(o.Symbol.EC)
	var tl *qr.TooLongError
	switch {
	case !errors.As(err, &tl):
		return problem.BadValue.New(params.Data.Name, err.Error(), call.With(params.Data.Name, params.Data.Example))
	case isFixed:
		return problem.TooLong.Newf(params.Data.Name, "Shorten the data to at most "+strconv.Itoa(tl.Max)+" bytes.",
			"%v, the level this kind's standard requires", tl)
	}
	for l := tl.Level - 1; l >= qr.L; l-- {
		e.Level = l
		if max := e.MaxBytes(text); tl.Bytes <= max {
			return problem.TooLong.Newf(params.EC.Name, call.With(params.EC.Name, l.String()), "%v (%d at %v)", tl, max, l)
		}
	}
	e.Level = qr.L
	max := e.MaxBytes(text)
	return problem.TooLong.Newf(params.Data.Name, "Shorten the data to at most "+strconv.Itoa(max)+" bytes and use ec=L.",
		"%v, and %d at the lowest level L", tl, max)
}
