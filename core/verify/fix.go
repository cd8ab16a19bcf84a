package verify

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"qrkeyless/core/brand"
	"qrkeyless/core/params"
	"qrkeyless/core/problem"
	"qrkeyless/core/qr"
	"qrkeyless/core/scan"
)

// checked draws o's branded code for c and verifies it. A branding that
// cannot be drawn is a 400; a code that would not scan is a 422 whose fix
// is the nearest call that does: the largest logo_size that scans (found
// by verifying sizes, not guessed), else the gradients' darkest stop as
// one colour, else the code without its logo, else twice the size.
func checked(ctx context.Context, call problem.Call, c *qr.Code, text string, o params.Options) (*brand.Code, scan.Report, *problem.Problem) {
	k, err := brand.New(c, o)
	if err != nil {
		return nil, scan.Report{}, brand.Refused(call, err)
	}
	rep := branded(ctx, k, c, text)
	if rep.Scannable && (o.Brand.Logo == "" || marginScans(ctx, c, text, o)) {
		return k, rep, nil
	}
	if rep.Scannable { // scans, but not with a little more logo: refused as too close
		rep.Scannable = false
		rep.Warnings = append(rep.Warnings, fmt.Sprintf("the logo is at the edge of what scans: at logo_size=%s it no longer does.", strconv.FormatFloat(o.Brand.LogoSize+LogoMargin, 'f', -1, 64)))
	}
	detail := "the code would not scan: " + strings.Join(rep.Warnings, " ")
	if fix, why, ok := nearest(ctx, call, c, text, o); ok {
		return nil, rep, problem.NoScan.New(Field(o), fmt.Sprintf("%s %s", detail, why), fix)
	}
	return nil, rep, problem.NoScan.New(Field(o), fmt.Sprintf(
		"%s No branding of it scans; the fix is the plain code, which verify can explain.", detail), call.With("", "", brandNames()...))
}

// Field names the branding parameter a 422 is about.
func Field(o params.Options) string {
	if o.Brand.Logo != "" {
		return params.LogoSize.Name
	}
	return params.Color.Name
}

// nearest looks for the nearest branding of c that scans and returns the
// call that asks for it.
func nearest(ctx context.Context, call problem.Call, c *qr.Code, text string, o params.Options) (fix, why string, ok bool) {
	scans := func(o params.Options) bool {
		k, err := brand.New(c, o)
		return err == nil && branded(ctx, k, c, text).Scannable && (o.Brand.Logo == "" || marginScans(ctx, c, text, o))
	}
	if o.Brand.Logo != "" {
		if s, ok := Largest(o, scans); ok {
			v := strconv.FormatFloat(s, 'f', -1, 64)
			return call.With(params.LogoSize.Name, v), fmt.Sprintf("logo_size=%s is the largest that scans at ec=%s.", v, c.Level), true
		}
	}
	darkest := o
	darkest.Brand.Paint = params.Solid(o.Brand.Paint.Darkest())
	darkest.Brand.EyePaint, darkest.Brand.BallPaint = params.Eyes{}, params.Eyes{}
	darkest.FG = o.Brand.Paint.Darkest()
	if gradient := o.Brand.Paint.Kind != "" || o.Brand.EyePaint.Set() || o.Brand.BallPaint.Set(); gradient && scans(darkest) {
		fg := params.Hex(darkest.FG)
		return call.With(params.Color.Name, fg, params.EyeColor.Name, params.EyeBallColor.Name), "One colour, the gradient's darkest stop, scans.", true
	}
	if o.Brand.Logo != "" {
		plain := o
		plain.Brand.Logo = ""
		if scans(plain) {
			return call.With("", "", params.Logo.Name, params.LogoSize.Name, params.LogoMargin.Name, params.LogoBG.Name), "Without the logo it scans.", true
		}
	}
	for size := o.Size * 2; size <= params.MaxSize && size <= 4*o.Size; size *= 2 {
		bigger := o
		bigger.Size = size
		if scans(bigger) {
			return call.With(params.Size.Name, strconv.Itoa(size), params.Size.Aliases...), fmt.Sprintf("At size=%d it scans.", size), true
		}
	}
	return "", "", false
}

// LogoMargin is how much larger a logo must still scan for one to be
// served. Verify's verdict at the edge is one picture's luck, and decoders
// weaker than zxing-cpp miss codes there: measured, jsQR missed 2 or 3 of
// 10 lightly noisy pictures of a 0.35 logo on dot and diamond modules
// that verify passed (and passed at 0.37), and none at 0.30.
const LogoMargin = 0.05

// marginScans reports whether o's code still scans with its logo
// LogoMargin larger.
func marginScans(ctx context.Context, c *qr.Code, text string, o params.Options) bool {
	o.Brand.LogoSize += LogoMargin
	k, err := brand.New(c, o)
	return err == nil && branded(ctx, k, c, text).Scannable
}

// Largest finds the largest logo_size, in hundredths from 0.05 up to
// o's, at which scans holds: scanning is taken to get no easier as the
// logo grows, so a binary search of the sizes finds it in six tries.
func Largest(o params.Options, scans func(params.Options) bool) (float64, bool) {
	lo, hi := 5, int(o.Brand.LogoSize*100+0.5)-1 // hundredths
	try := func(h int) bool {
		t := o
		t.Brand.LogoSize = float64(h) / 100
		return scans(t)
	}
	if hi < lo || !try(lo) {
		return 0, false
	}
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if try(mid) {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return float64(lo) / 100, true
}

// brandNames are every branding parameter's names, for a fix that drops
// them all.
func brandNames() []string {
	var names []string
	for _, p := range params.Branding {
		names = append(names, p.Names()...)
	}
	return names
}
