package frame

import (
	"image"

	"qrkeyless/core/render"
)

// encodePNG writes img as an 8-bit truecolour PNG, with alpha unless every
// pixel is opaque, through render's PNG writer: image/png's package brings
// its decoder along, which the browser program would carry for nothing.
func encodePNG(img *image.RGBA) []byte {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	alpha := !img.Opaque()
	channels, colorType := 3, byte(2) // truecolour
	if alpha {
		channels, colorType = 4, 6 // truecolour with alpha
	}
	return render.EncodePNG(w, h, 8, colorType, nil, func(y int, line []byte) {
		line[0] = 1 // filter Sub: flat areas become runs of zeros
		row := img.Pix[y*img.Stride:][:4*w]
		if alpha {
			for x := 0; x < w; x++ {
				c := straight(row[4*x:4*x+4], alpha)
				copy(line[1+x*channels:], c[:channels])
			}
		} else { // the common case: three bytes of four, no division
			out := line[1:][:3*w]
			for x := 0; x < w; x++ {
				out[3*x], out[3*x+1], out[3*x+2] = row[4*x], row[4*x+1], row[4*x+2]
			}
		}
		for i := len(line) - 1; i > channels; i-- { // from the right, so left neighbours are still unfiltered
			line[i] -= line[i-channels]
		}
	})
}

// straight returns a premultiplied RGBA pixel as PNG stores it: straight
// (not premultiplied) channels.
func straight(p []byte, alpha bool) [4]byte {
	a := p[3]
	if !alpha || a == 255 {
		return [4]byte{p[0], p[1], p[2], 255}
	}
	if a == 0 {
		return [4]byte{}
	}
	un := func(v byte) byte { return byte((uint32(v)*255 + uint32(a)/2) / uint32(a)) }
	return [4]byte{un(p[0]), un(p[1]), un(p[2]), a}
}
