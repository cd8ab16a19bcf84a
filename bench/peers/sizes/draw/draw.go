// Package draw is what the encode and decode size programs both do: encode
// a text and draw it as PNG and SVG.
package draw

import (
	"image/color"
	"os"

	"qrkeyless/core/qr"
	"qrkeyless/core/render"
)

// Code writes text's code, in style and eye at 512 px, to standard output
// as PNG and SVG; false when the text does not encode.
func Code(text, style, eye string) bool {
	c, err := qr.Encode(text, qr.M)
	if err != nil {
		return false
	}
	o := render.Options{Size: 512, Margin: 4, FG: color.NRGBA{A: 255}, BG: color.NRGBA{255, 255, 255, 255}, Style: style, Eye: eye}
	os.Stdout.Write(render.PNG(c, o))
	os.Stdout.Write(render.SVG(c, o))
	return true
}
