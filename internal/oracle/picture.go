package oracle

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
)

// Picture draws modules as a PNG: scale pixels a module, black on white,
// with a light quiet zone of quiet modules on every side.
func Picture(m Matrix, scale, quiet int) []byte {
	w, h := (m.W+2*quiet)*scale, (m.H+2*quiet)*scale
	img := image.NewGray(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	for y := 0; y < m.H; y++ {
		for x := 0; x < m.W; x++ {
			if !m.At(x, y) {
				continue
			}
			for dy := 0; dy < scale; dy++ {
				for dx := 0; dx < scale; dx++ {
					img.SetGray((x+quiet)*scale+dx, (y+quiet)*scale+dy, color.Gray{})
				}
			}
		}
	}
	var b bytes.Buffer
	png.Encode(&b, img) // into memory: cannot fail
	return b.Bytes()
}

// Of copies a symbol's modules: w across, h down, dark(x, y) for each.
func Of(w, h int, dark func(x, y int) bool) Matrix {
	m := Matrix{W: w, H: h, Dark: make([]bool, w*h)}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			m.Dark[y*w+x] = dark(x, y)
		}
	}
	return m
}
