package brand

import (
	"errors"
	"strings"

	"qrkeyless/core/frame"
	"qrkeyless/core/logo"
	"qrkeyless/core/params"
	"qrkeyless/core/problem"
)

// Refused is the 400 for a branding New refused.
func Refused(call problem.Call, err error) *problem.Problem {
	var te *frame.TextError
	var ce *ContrastError
	switch {
	case logo.IsError(err):
		name := params.Logo.Name
		return problem.BadValue.New(name, strings.TrimPrefix(err.Error(), "logo: "), call.With(name, params.LogoExample))
	case errors.As(err, &te):
		name := params.FrameText.Name
		fix := strings.Map(func(r rune) rune {
			for _, m := range te.Missing {
				if r == m {
					return -1
				}
			}
			return r
		}, call.Query.Get(name))
		if fix = strings.TrimSpace(fix); fix == "" || len(te.Missing) == 0 {
			fix = "SCAN ME"
		}
		return problem.BadValue.New(name, strings.TrimPrefix(err.Error(), "frame: "), call.With(name, fix))
	case errors.As(err, &ce):
		name := params.FrameTextColor.Name
		return problem.BadValue.New(name, strings.TrimPrefix(err.Error(), "brand: "), call.With(name, params.Hex(ce.Fix)))
	}
	return problem.BadValue.New(params.Frame.Name, err.Error(), call.With(params.Frame.Name, "none"))
}
