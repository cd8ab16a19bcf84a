package frame

import (
	"image"
	"image/draw"

	"qrkeyless/core/render"
)

// Image returns code, as render drew it, inside the frame o describes.
func Image(code image.Image, o Options) (image.Image, error) {
	if o.Plain() {
		return code, nil
	}
	return compose(code, o)
}

// PNG is Image encoded as PNG: truecolour, with alpha only where a pixel
// is not opaque.
func PNG(code image.Image, o Options) ([]byte, error) {
	if rgba, ok := code.(*image.RGBA); ok && o.Plain() {
		return encodePNG(rgba), nil
	}
	img, err := compose(code, o)
	if err != nil {
		return nil, err
	}
	return encodePNG(img), nil
}

func compose(code image.Image, o Options) (*image.RGBA, error) {
	side := code.Bounds().Dx()
	l, err := newLayout(side, o)
	if err != nil {
		return nil, err
	}
	dst := image.NewRGBA(image.Rect(0, 0, l.w, l.h))
	if o.BG.A > 0 {
		draw.Draw(dst, dst.Bounds(), image.NewUniform(o.BG), image.Point{}, draw.Src)
	}
	for _, sh := range l.shapes {
		sh.p.fill(dst, sh.c)
	}
	r := image.Rect(l.x, l.y, l.x+side, l.y+code.Bounds().Dy())
	draw.Draw(dst, r, code, code.Bounds().Min, draw.Over)
	return dst, nil
}

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
