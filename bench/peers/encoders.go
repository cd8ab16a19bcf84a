package main

import (
	"bytes"
	"image/color"
	"image/png"

	"github.com/makiuchi-d/gozxing"
	zxqr "github.com/makiuchi-d/gozxing/qrcode"
	skip2 "github.com/skip2/go-qrcode"
	yeqown "github.com/yeqown/go-qrcode/v2"
	"github.com/yeqown/go-qrcode/writer/standard"

	"qrkeyless/core/qr"
	"qrkeyless/core/render"
)

// Encoder is one library's way from text to a 512 px image at level M, with
// a quiet zone of 4 modules, called the way its README shows.
type Encoder struct {
	Name   string // as the tables print it
	Format string // png or svg
	Ours   bool
	Encode func(text string) ([]byte, error)
}

// side is the image width every encoder is asked for.
const side = 512

var renderOptions = render.Options{
	Size: side, Margin: 4,
	FG: color.NRGBA{0, 0, 0, 255}, BG: color.NRGBA{255, 255, 255, 255},
	Style: "square", Eye: "square",
}

var encoders = []Encoder{
	{Name: "ours", Format: "png", Ours: true, Encode: oursPNG},
	{Name: "skip2/go-qrcode", Format: "png", Encode: skip2PNG},
	{Name: "gozxing", Format: "png", Encode: gozxingPNG},
	{Name: "yeqown/go-qrcode", Format: "png", Encode: yeqownPNG},
	{Name: "ours", Format: "svg", Ours: true, Encode: oursSVG},
}

func oursPNG(text string) ([]byte, error) {
	c, err := qr.Encode(text, qr.M)
	if err != nil {
		return nil, err
	}
	return render.PNG(c, renderOptions), nil
}

func oursSVG(text string) ([]byte, error) {
	c, err := qr.Encode(text, qr.M)
	if err != nil {
		return nil, err
	}
	return render.SVG(c, renderOptions), nil
}

// skip2PNG: skip2 draws a 4-module border and fits the image to size.
func skip2PNG(text string) ([]byte, error) {
	return skip2.Encode(text, skip2.Medium, side)
}

// gozxingPNG: gozxing's writer returns a BitMatrix scaled to the size, which
// is an image.Image that image/png encodes.
func gozxingPNG(text string) ([]byte, error) {
	hints := map[gozxing.EncodeHintType]any{
		gozxing.EncodeHintType_ERROR_CORRECTION: "M",
		gozxing.EncodeHintType_MARGIN:           4,
	}
	m, err := zxqr.NewQRCodeWriter().Encode(text, gozxing.BarcodeFormat_QR_CODE, side, side, hints)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, m); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// yeqownPNG: yeqown's standard writer takes a module width in pixels and a
// border in pixels, so both are chosen to make the image 512 px wide, as
// close to a 4-module border as whole pixels allow.
func yeqownPNG(text string) ([]byte, error) {
	q, err := yeqown.NewWith(text, yeqown.WithErrorCorrectionLevel(yeqown.ErrorCorrectionMedium))
	if err != nil {
		return nil, err
	}
	dim := q.Dimension()
	module := side / (dim + 8)
	border := side - dim*module
	var buf closingBuffer
	w := standard.NewWithWriter(&buf,
		standard.WithQRWidth(uint8(module)),
		standard.WithBorderWidth(border/2, border-border/2, border-border/2, border/2),
		standard.WithBuiltinImageEncoder(standard.PNG_FORMAT),
	)
	if err := q.Save(w); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// closingBuffer is the io.WriteCloser yeqown's writer wants.
type closingBuffer struct{ bytes.Buffer }

func (*closingBuffer) Close() error { return nil }
