package generate

import (
	"errors"
	"fmt"
	"net/url"

	"qrkeyless/core/params"
	"qrkeyless/core/problem"
	"qrkeyless/core/qr"
	"qrkeyless/core/render"
)

// encode encodes r's text at the options' level, within what o.Symbol
// requires: the kind's level, versions and ECI header. Text too long is a
// problem whose fix is the call at the highest level that holds it, or,
// when none does or the kind fixes the level, the fields to shorten and
// by how much (see tooLong). An eye drawn at a version phone scanners do
// not read it at is refused (see unsafeEye), and a ball drawn in a ring
// where scanners lose the finder before any work (see unfitBall).
func encode(r Request) (*qr.Code, *problem.Problem) {
	if p := unfitBall(r.Call, r.Options); p != nil {
		return nil, p
	}
	e, text, p := encoder(r.Call, r.Options, r.Text)
	if p != nil {
		return nil, p
	}
	c, err := e.Encode(text)
	if err != nil {
		return nil, r.encodeProblem(e, text, err)
	}
	if p := unsafeEye(r.Call, r.Options, c); p != nil {
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
	ok, served, eye, ball := render.EyeServed(o.Eye, o.Ball, c.Version)
	if ok {
		return nil
	}
	fix := call
	fix.Query = url.Values{}
	for k, v := range call.Query {
		if k != params.Ball.Name {
			fix.Query[k] = v
		}
	}
	if ball != "" {
		fix.Query.Set(params.Ball.Name, ball)
	}
	field := params.Eye.Name
	if eye == o.Eye {
		field = params.Ball.Name
	}
	return problem.NoScan.New(field, fmt.Sprintf(
		"%s is read unreliably by common phone scanners above version %d, and this data needs version %d: %s scans there",
		render.EyeLook(o.Eye, o.Ball), served, c.Version, render.EyeLook(eye, ball)), fix.With(params.Eye.Name, eye))
}

// unfitBall is the problem of an eye_ball drawn in a ring where jsQR, a
// reader in many web pages, loses the finder among the style's modules
// (render.BallFits): a 422 whose fix is the call with the ball most like
// it that fits, or with the eye's own.
func unfitBall(call problem.Call, o params.Options) *problem.Problem {
	if o.Format.Name == "json" || o.Format.Text {
		return nil
	}
	ok, nearest := render.BallFits(o.Render())
	if ok {
		return nil
	}
	fix := call.With(params.Ball.Name, nearest)
	if nearest == "" {
		fix = call.With("", "", params.Ball.Name)
	}
	return problem.NoScan.New(params.Ball.Name, fmt.Sprintf(
		"%s: among style %s's modules its finders are out of proportion along their diagonals, and some scanners (jsQR) lose them; %s fits there",
		render.EyeLook(o.Eye, o.Ball), o.Style, render.EyeLook(o.Eye, nearest)), fix)
}

// version returns the version encode would give r's text, with the same
// problems, without encoding it.
func version(r Request) (int, *problem.Problem) {
	e, text, p := encoder(r.Call, r.Options, r.Text)
	if p != nil {
		return 0, p
	}
	v, err := e.Version(text)
	if err != nil {
		return 0, r.encodeProblem(e, text, err)
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

// encodeProblem is the problem of text that e cannot encode. Too long,
// its fix is the highest level that holds it, when the kind leaves the
// level free and one does; else it names the fields to shorten, each to
// its budget in bytes (Shorten), with ec=L when that level holds the most:
// the problem's field is then those fields, as a person changes them.
func (r Request) encodeProblem(e qr.Encoder, text string, err error) *problem.Problem {
	call, o := r.Call, r.Options
	fixed, isFixed := qr.ParseLevel(o.Symbol.EC)
	var tl *qr.TooLongError
	if !errors.As(err, &tl) {
		return problem.BadValue.New(params.Data.Name, err.Error(), call.With(params.Data.Name, params.Data.Example))
	}
	level := fixed
	detail := fmt.Sprintf("%v, the level this kind's standard requires", tl)
	if !isFixed {
		for l := tl.Level - 1; l >= qr.L; l-- {
			e.Level = l
			if max := e.MaxBytes(text); tl.Bytes <= max {
				return problem.TooLong.New(params.EC.Name, fmt.Sprintf("%v (%d at %v)", tl, max, l), call.With(params.EC.Name, l.String()))
			}
		}
		e.Level, level = qr.L, qr.L
		detail = fmt.Sprintf("%v, and %d at the lowest level L", tl, e.MaxBytes(text))
	}
	use := ""
	if level != tl.Level {
		use = level.String()
	}
	cuts := r.Shorten(r.fitsAt(level))
	if len(cuts) == 0 { // no field can be cut far enough: the payload as a whole
		cuts = []Cut{{params.Data.Name, e.MaxBytes(text), len(r.Text)}}
	}
	return problem.TooLong.New(fields(cuts), detail, shortenFix(cuts, use))
}
