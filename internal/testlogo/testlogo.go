// Package testlogo holds the logos the tests of branded codes draw: one
// vector and one raster, each a data URI as the logo parameter takes it.
package testlogo

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/color"
	"image/png"
	"net/url"
)

var (
	// SVG is a red disc with a white cross.
	SVG = "data:image/svg+xml," + url.PathEscape(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="#e53935"/><path d="M3 5h4M5 3v4" stroke="#fff" stroke-width="1.2"/></svg>`)
	// PNG is a blue square with a transparent border, 64 x 32.
	PNG = func() string {
		img := image.NewNRGBA(image.Rect(0, 0, 64, 32))
		for y := 4; y < 28; y++ {
			for x := 4; x < 60; x++ {
				img.Set(x, y, color.NRGBA{0x15, 0x65, 0xc0, 255})
			}
		}
		var b bytes.Buffer
		png.Encode(&b, img)
		return "data:image/png;base64," + base64.StdEncoding.EncodeToString(b.Bytes())
	}()
)
