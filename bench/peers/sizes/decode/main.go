// Command decode is the encoder and the decoder (core/scan, with gozxing),
// for the size table: what reading codes adds to a .wasm.
package main

import (
	"image/color"
	"image/png"
	"os"

	"qrkeyless/core/qr"
	"qrkeyless/core/render"
	"qrkeyless/core/scan"
)

func main() {
	c, err := qr.Encode(os.Args[1], qr.M)
	if err != nil {
		os.Exit(1)
	}
	o := render.Options{Size: 512, Margin: 4, FG: color.NRGBA{A: 255}, BG: color.NRGBA{255, 255, 255, 255}, Style: os.Args[2], Eye: os.Args[3]}
	os.Stdout.Write(render.PNG(c, o))
	os.Stdout.Write(render.SVG(c, o))
	img, err := png.Decode(os.Stdin)
	if err != nil {
		os.Exit(1)
	}
	codes, _ := scan.Decode(img, scan.Options{})
	for _, c := range codes {
		os.Stdout.WriteString(c.Text)
	}
}
