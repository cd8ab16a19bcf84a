package params

import (
	"errors"
	"strconv"

	"qrkeyless/core/problem"
	"qrkeyless/core/qr"
)

// Encode encodes text at the options' level. Text too long for that level
// is a problem whose fix is the call at the highest level that holds it, or,
// when none does, an instruction to shorten the data.
func Encode(call problem.Call, text string, o Options) (*qr.Code, *problem.Problem) {
	c, err := qr.Encode(text, o.EC)
	var tl *qr.TooLongError
	switch {
	case err == nil:
		return c, nil
	case errors.As(err, &tl):
		for l := tl.Level - 1; l >= qr.L; l-- {
			if max := qr.MaxBytes(text, l); tl.Bytes <= max {
				return nil, problem.TooLong.Newf(EC.Name, call.With(EC.Name, l.String()),
					"data is %d bytes; at most %d fit at error correction %v (%d at %v)", tl.Bytes, tl.Max, tl.Level, max, l)
			}
		}
		return nil, problem.TooLong.Newf(Data.Name, "Shorten the data to at most "+strconv.Itoa(qr.MaxBytes(text, qr.L))+" bytes and use ec=L.",
			"data is %d bytes; at most %d fit at error correction %v, and %d at the lowest level L", tl.Bytes, tl.Max, tl.Level, qr.MaxBytes(text, qr.L))
	default:
		return nil, problem.BadValue.New(Data.Name, err.Error(), call.With(Data.Name, Data.Example))
	}
}
