package params

import (
	"errors"
	"strconv"

	"qrkeyless/core/problem"
	"qrkeyless/core/qr"
)

// Encode encodes text at the options' level, within what o.Symbol requires:
// the kind's level, versions and ECI header. Text too long is a problem
// whose fix is the call at the highest level that holds it, or, when none
// does or the kind fixes the level, an instruction to shorten the data.
func Encode(call problem.Call, text string, o Options) (*qr.Code, *problem.Problem) {
	e := qr.Encoder{Level: o.EC, MinVersion: o.Symbol.MinVersion, MaxVersion: o.Symbol.MaxVersion, ECI: o.Symbol.ECI}
	fixed, isFixed := qr.ParseLevel(o.Symbol.EC)
	if isFixed { // Parse has set o.EC to it already; options made by hand get it too
		e.Level = fixed
	}
	c, err := e.Encode(text)
	var tl *qr.TooLongError
	switch {
	case err == nil:
		return c, nil
	case !errors.As(err, &tl):
		return nil, problem.BadValue.New(Data.Name, err.Error(), call.With(Data.Name, Data.Example))
	case isFixed:
		return nil, problem.TooLong.Newf(Data.Name, "Shorten the data to at most "+strconv.Itoa(tl.Max)+" bytes.",
			"%v, the level this kind's standard requires", tl)
	}
	for l := tl.Level - 1; l >= qr.L; l-- {
		e.Level = l
		if max := e.MaxBytes(text); tl.Bytes <= max {
			return nil, problem.TooLong.Newf(EC.Name, call.With(EC.Name, l.String()), "%v (%d at %v)", tl, max, l)
		}
	}
	e.Level = qr.L
	max := e.MaxBytes(text)
	return nil, problem.TooLong.Newf(Data.Name, "Shorten the data to at most "+strconv.Itoa(max)+" bytes and use ec=L.",
		"%v, and %d at the lowest level L", tl, max)
}
