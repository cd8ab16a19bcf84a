// Command encode is the encoder alone (core/qr and core/render), for the
// size table: what generating a code costs in a .wasm.
package main

import (
	"image/color"
	"os"

	"qrkeyless/core/qr"
	"qrkeyless/core/render"
)

func main() {
	c, err := qr.Encode(os.Args[1], qr.M)
	if err != nil {
		os.Exit(1)
	}
	o := render.Options{Size: 512, Margin: 4, FG: color.NRGBA{A: 255}, BG: color.NRGBA{255, 255, 255, 255}, Style: os.Args[2], Eye: os.Args[3]}
	os.Stdout.Write(render.PNG(c, o))
	os.Stdout.Write(render.SVG(c, o))
}
