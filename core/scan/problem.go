package scan

import (
	"errors"
	"fmt"
	"strings"

	"qrkeyless/core/problem"
)

// Problem is the problem document for an error of DecodeBytes: 415 for an
// image type it does not read, 413 over a limit, 422 when no code was
// found, 400 for a truncated or corrupt file. field names the argument
// that held the image ("" for a request body); send is the fix for the
// 415, saying how to send an image.
func Problem(err error, field, send string) *problem.Problem {
	switch {
	case errors.Is(err, ErrUnsupportedType):
		p := problem.Unsupported.New(field, fmt.Sprintf("the image is not a %s file", strings.Join(Types, ", ")), send)
		p.Allowed = Types
		return p
	case errors.Is(err, ErrTooLarge):
		return problem.TooLarge.New(field, err.Error(), TooLarge(err))
	case errors.Is(err, ErrNotFound):
		detail, fix := NotFound(err)
		return problem.NoCode.New(field, detail, fix)
	}
	return problem.BadBody.New(field, err.Error(), "Send a complete PNG, JPEG, GIF or WebP file; this one is truncated or corrupt.")
}
