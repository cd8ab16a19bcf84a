// Command decode is the encoder and the decoder (core/scan, with gozxing),
// for the size table: what reading codes adds to a .wasm.
package main

import (
	"image/png"
	"os"

	"qrkeyless/bench/peers/sizes/draw"
	"qrkeyless/core/scan"
)

func main() {
	if !draw.Code(os.Args[1], os.Args[2], os.Args[3]) {
		os.Exit(1)
	}
	img, err := png.Decode(os.Stdin)
	if err != nil {
		os.Exit(1)
	}
	codes, _ := scan.Decode(img, scan.Options{})
	for _, c := range codes {
		os.Stdout.WriteString(c.Text)
	}
}
