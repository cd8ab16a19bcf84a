package generate

import (
	"errors"
	"fmt"

	"qrkeyless/core/params"
	"qrkeyless/core/problem"
	"qrkeyless/core/qr"
	"qrkeyless/core/render"
)

// This file makes the symbols of the QR family beyond one QR code
// (docs/symbols.md): one Micro QR or rMQR symbol, or a text split over a
// structured-append sequence of QR symbols, as params.Family asks.

// symbols encodes r's text as the symbol its options ask for: one QR
// symbol (encode), one Micro QR or rMQR symbol, or Family.Parts QR
// symbols from the QR encoder the options and controls set up. Text too
// long is a 400 whose fix holds it (familyProblem); a style or an eye not
// drawn for the symbol is a 422 naming what is.
func symbols(r Request) ([]*qr.Code, *problem.Problem) {
	f := r.Options.Family
	if f.Symbol == qr.QR && f.Parts == 0 {
		c, p := encode(r)
		if p != nil {
			return nil, p
		}
		return []*qr.Code{c}, nil
	}
	if p := undrawn(r.Call, r.Options, f.Symbol); p != nil { // QR with parts: its branding
		return nil, p
	}
	if p := unfitBall(r.Call, r.Options); p != nil {
		return nil, p
	}
	e, text, p := encoder(r.Call, r.Options, r.Text)
	if p != nil {
		return nil, p
	}
	var c *qr.Code
	var err error
	switch f.Symbol {
	case qr.QR:
		codes, err := e.Sequence(text, f.Parts)
		if err != nil {
			return nil, familyProblem(r.Call, f, e, text, err)
		}
		for _, c := range codes {
			if p := unsafeEye(r.Call, r.Options, c); p != nil {
				return nil, p
			}
		}
		return codes, nil
	case qr.Micro:
		c, err = qr.MicroEncoder{Level: f.Level, Version: f.Version, FixMask: f.Mask >= 0, Mask: max(f.Mask, 0)}.Encode(text)
	default:
		c, err = qr.RMQREncoder{Level: f.Level, Version: f.Version, Height: f.Height}.Encode(text)
	}
	if err != nil {
		return nil, familyProblem(r.Call, f, e, text, err)
	}
	return []*qr.Code{c}, nil
}

// undrawn is the problem of what is not drawn for symbol s, or for a
// sequence: a logo, a gradient, eye colours or a frame (branding is drawn
// on one QR symbol), a style, an eye or a mark (render.Drawn). It is a 422
// whose fix is the call without it, or with what is drawn; plain colours
// and the print controls work as for QR. The json matrix and the terminal
// formats draw no shapes.
func undrawn(call problem.Call, o params.Options, s qr.Symbol) *problem.Problem {
	what := map[qr.Symbol]string{qr.QR: "a structured-append sequence", qr.Micro: "a Micro QR symbol", qr.RMQR: "an rMQR symbol"}[s]
	if b := o.Brand; b.Branded() {
		field, names := params.Frame.Name, []string{params.Frame.Name, params.FrameText.Name, params.FrameColor.Name, params.FrameTextColor.Name}
		switch {
		case b.Logo != "":
			field, names = params.Logo.Name, []string{params.Logo.Name, params.LogoSize.Name, params.LogoMargin.Name, params.LogoBG.Name, params.LogoShape.Name}
		case b.Paint.Kind != "":
			return problem.NoScan.New(params.Color.Name, fmt.Sprintf("a gradient is drawn on one QR symbol, not on %s; a plain color works", what), call.With(params.Color.Name, "000000"))
		case b.EyePaint.Set() || b.BallPaint.Set():
			field, names = params.EyeColor.Name, []string{params.EyeColor.Name, params.EyeBallColor.Name}
		case b.Outline != "square":
			field, names = params.Outline.Name, []string{params.Outline.Name}
		case b.BGRadius > 0:
			field, names = params.BGRadius.Name, []string{params.BGRadius.Name}
		}
		return problem.NoScan.New(field, fmt.Sprintf("%s is drawn on one QR symbol, not on %s: its error correction cannot spare what it covers; plain color and bg, style square or rounded and eye square work", field, what), call.With("", "", names...))
	}
	if s == qr.QR || o.Format.Name == "json" || o.Format.Text {
		return nil
	}
	ok, why := render.Drawn(s, o.Render())
	if ok {
		return nil
	}
	fix := call.With(params.Style.Name, render.SymbolStyles(s)[0], params.Eye.Name, params.Ball.Name)
	field := params.Style.Name
	if ok, _ := render.Drawn(s, render.Options{Style: o.Style}); ok {
		field, fix = params.Eye.Name, call.With("", "", params.Eye.Name, params.Ball.Name)
		if ok, _ := render.Drawn(s, render.Options{Style: o.Style, Eye: o.Eye}); ok {
			field = params.Ball.Name
		}
	}
	return problem.NoScan.New(field, why, fix)
}

// familyVersion is the version symbols would give r's text, for the
// cost of a batch item before it is made: for Micro QR and rMQR, the QR
// version of about as many modules (Cost counts QR versions).
func familyVersion(r Request) (int, *problem.Problem) {
	codes, p := symbols(r)
	if p != nil {
		return 0, p
	}
	return CostVersion(codes[0]), nil
}

// CostVersion is the QR version whose work to encode and draw is about
// c's: c's own for QR, else the smallest QR version with at least as many
// modules.
func CostVersion(c *qr.Code) int {
	if c.Symbol == qr.QR {
		return c.Version
	}
	v := 1
	for (17+4*v)*(17+4*v) < c.Width*c.Height {
		v++
	}
	return v
}

// familyProblem is the problem of err, text that f's symbol cannot hold.
func familyProblem(call problem.Call, f params.Family, e qr.Encoder, text string, err error) *problem.Problem {
	var tl *qr.TooLongError
	var vm *qr.VersionModeError
	switch {
	case errors.As(err, &vm):
		return problem.BadValue.New(params.Data.Name, fmt.Sprintf("%v", err), call.With("", "", params.VersionP.Name, params.EC.Name))
	case !errors.As(err, &tl):
		return problem.BadValue.New(params.Data.Name, err.Error(), call.With(params.Data.Name, params.Data.Example))
	case f.Symbol == qr.Micro:
		return problem.TooLong.New(params.SymbolP.Name, fmt.Sprintf("%v; rmqr holds more in a narrow strip", tl), call.With(params.SymbolP.Name, "rmqr", params.VersionP.Name, params.EC.Name, params.Mask.Name))
	case f.Symbol == qr.RMQR && f.Level == qr.H && rmqrHolds(text, f):
		return problem.TooLong.New(params.EC.Name, fmt.Sprintf("%v; at ec=M it fits", tl), call.With(params.EC.Name, "M"))
	case f.Symbol == qr.RMQR:
		return problem.TooLong.New(params.SymbolP.Name, fmt.Sprintf("%v; a qr symbol holds more", tl), call.With(params.SymbolP.Name, "qr", params.VersionP.Name, params.RMQRHeight.Name))
	}
	return params.QRTooLong(call, e, text, tl)
}

// rmqrHolds reports whether an rMQR symbol of f's version or height, at
// level M, holds text.
func rmqrHolds(text string, f params.Family) bool {
	_, err := qr.RMQREncoder{Level: qr.M, Version: f.Version, Height: f.Height}.VersionFor(text)
	return err == nil
}
