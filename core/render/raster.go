package render

import (
	"bytes"
	"image"
	"image/color"
	"io"

	"qrkeyless/core/qr"
)

// An Encoder writes a picture as a file of one format. GIF and JPEG are
// written by Go's image/gif and image/jpeg, which register their decoders
// as they load: the browser's editor, which imports this package for its
// table of formats, must not carry them. So this package does not import
// them; package core/render/codecs registers their encoders, and core/verify,
// through which every program that writes a code's bytes makes it, imports
// it.
type Encoder func(w io.Writer, m image.Image) error

// encoders are the registered encoders, by format name; they are
// registered while a program starts (package initialization), before any
// is used.
var encoders = map[string]Encoder{}

// RegisterEncoder makes e the encoder of the format called name.
func RegisterEncoder(name string, e Encoder) { encoders[name] = e }

// encodeAs writes m with the encoder registered for name. A program that
// writes a format it did not register is a program built wrongly.
func encodeAs(name string, m image.Image) []byte {
	e, ok := encoders[name]
	if !ok {
		panic("render: no " + name + " encoder: import qrkeyless/core/render/codecs")
	}
	var b bytes.Buffer
	e(&b, m) // an in-memory image: cannot fail
	return b.Bytes()
}

// GIF draws the symbol as a GIF of the picture PNG encodes, with the same
// palette: two colours for plain squares on whole pixels, else the 256
// blends between background and foreground. A fully transparent
// background is the GIF's transparent colour; GIF has no partial alpha,
// so a blend over it is written as its colour.
func GIF(c *qr.Code, o Options) []byte { return encodeAs("gif", Paletted(c, o)) }

// JPEG draws the symbol as a JPEG (codecs writes it at quality 90, which
// keeps a module's colour near the one asked: docs/compat.md). JPEG has
// no transparency: the picture is laid on white, as on paper, so a
// transparent background is written white.
func JPEG(c *qr.Code, o Options) []byte {
	p := Paletted(c, o)
	opaque := make([]color.RGBA, len(p.Palette))
	for i, pc := range p.Palette {
		n := color.NRGBAModel.Convert(pc).(color.NRGBA)
		f := blend(White, color.NRGBA{n.R, n.G, n.B, 255}, n.A)
		opaque[i] = color.RGBA{f.R, f.G, f.B, 255}
	}
	img := image.NewRGBA(p.Rect)
	for y := range p.Rect.Dy() {
		for x := range p.Rect.Dx() {
			img.SetRGBA(x, y, opaque[p.Pix[y*p.Stride+x]])
		}
	}
	return encodeAs("jpeg", img)
}
