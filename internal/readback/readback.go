// Package readback reads generated QR images back to text for tests: PNG,
// JPEG and GIF through the standard decoders, SVG through oksvg (a renderer
// independent of ours), then plain gozxing with no image preparation, so a
// code that passes here scans without help.
package readback

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	_ "image/gif"
	_ "image/jpeg"
	_ "image/png"
	"strings"

	"github.com/makiuchi-d/gozxing"
	zxqr "github.com/makiuchi-d/gozxing/qrcode"
	"github.com/srwiley/oksvg"
	"github.com/srwiley/rasterx"
)

// Text decodes the single QR code in an image file's bytes: a code as the
// service wrote it. Plain gozxing's finder search misreads about one clean
// version-1 render in 80 (dimension 15 where there are 21 modules; zxing-cpp
// reads all of them), so a file it cannot find a code in is read again as
// the pure barcode it is, by gozxing's own extractor: a code is still read
// by a reader that is not ours, and never by guesswork.
func Text(data []byte) (string, error) {
	img, err := Image(data)
	if err != nil {
		return "", err
	}
	text, err := Decode(img)
	if err == nil {
		return text, nil
	}
	bmp, err2 := gozxing.NewBinaryBitmapFromImage(img)
	if err2 != nil {
		return "", err
	}
	res, err2 := zxqr.NewQRCodeReader().Decode(bmp, map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_PURE_BARCODE: true})
	if err2 != nil {
		return "", err
	}
	return res.GetText(), nil
}

// Image reads PNG, JPEG, GIF or SVG bytes into an image on a white canvas
// (so transparent backgrounds read as light, as on paper).
func Image(data []byte) (image.Image, error) {
	var img image.Image
	if bytes.HasPrefix(bytes.TrimSpace(data), []byte("<svg")) || bytes.HasPrefix(data, []byte("<?xml")) {
		var err error
		if img, err = SVG(data); err != nil {
			return nil, err
		}
	} else {
		var err error
		if img, _, err = image.Decode(bytes.NewReader(data)); err != nil {
			return nil, err
		}
	}
	out := image.NewRGBA(img.Bounds())
	draw.Draw(out, out.Bounds(), image.White, image.Point{}, draw.Src)
	draw.Draw(out, out.Bounds(), img, img.Bounds().Min, draw.Over)
	return out, nil
}

// oksvg's defaults differ from SVG 1.1 (stroke width 2, bevel joins); set
// them to the specification's (width 1, miter joins), as browsers use.
func init() {
	oksvg.DefaultStyle.LineWidth = 1
	oksvg.DefaultStyle.LineJoin = rasterx.Miter
	oksvg.DefaultStyle.MiterLimit = 4
}

// SVG rasterizes SVG markup at its width and height attributes.
func SVG(data []byte) (image.Image, error) {
	icon, err := oksvg.ReadIconStream(bytes.NewReader(data), oksvg.StrictErrorMode)
	if err != nil {
		return nil, fmt.Errorf("readback: svg: %v", err)
	}
	w, h := int(icon.ViewBox.W), int(icon.ViewBox.H)
	if sw, sh, ok := sizeAttrs(string(data)); ok {
		w, h = sw, sh
	}
	// oksvg's SetTarget adds the viewBox offset unscaled and leaves stroke
	// widths in user units; set the transform here and scale strokes by hand.
	sx, sy := float64(w)/icon.ViewBox.W, float64(h)/icon.ViewBox.H
	icon.Transform = rasterx.Identity.Scale(sx, sy).Translate(-icon.ViewBox.X, -icon.ViewBox.Y)
	for i := range icon.SVGPaths {
		icon.SVGPaths[i].LineWidth *= sx
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), &image.Uniform{color.Transparent}, image.Point{}, draw.Src)
	icon.Draw(rasterx.NewDasher(w, h, rasterx.NewScannerGV(w, h, img, img.Bounds())), 1)
	return img, nil
}

func sizeAttrs(svg string) (int, int, bool) {
	var w, h int
	i := strings.Index(svg, ` width="`)
	j := strings.Index(svg, ` height="`)
	if i < 0 || j < 0 {
		return 0, 0, false
	}
	if _, err := fmt.Sscanf(svg[i:], ` width="%d"`, &w); err != nil {
		return 0, 0, false
	}
	if _, err := fmt.Sscanf(svg[j:], ` height="%d"`, &h); err != nil {
		return 0, 0, false
	}
	return w, h, true
}

// Matrix draws a module matrix (rows of 1 for dark, 0 for light, as the
// service's format=json writes it) at 4 pixels a module inside a quiet
// zone of 4 modules, and decodes it: a matrix is read as its own picture,
// not through the service's renderer.
func Matrix(modules [][]int) (string, error) {
	const px, quiet = 4, 4
	side := (len(modules) + 2*quiet) * px
	img := image.NewGray(image.Rect(0, 0, side, side))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	for y, row := range modules {
		for x, v := range row {
			for k := 0; v == 1 && k < px*px; k++ {
				img.SetGray((x+quiet)*px+k%px, (y+quiet)*px+k/px, color.Gray{})
			}
		}
	}
	return Decode(img)
}

// ErrNoCode is returned when gozxing finds no code.
var ErrNoCode = errors.New("readback: no QR code found")

// Decode reads the QR code in img with plain gozxing (TRY_HARDER only).
func Decode(img image.Image) (string, error) {
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		return "", err
	}
	hints := map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_TRY_HARDER: true}
	res, err := zxqr.NewQRCodeReader().Decode(bmp, hints)
	if err != nil {
		return "", fmt.Errorf("%w: %v", ErrNoCode, err)
	}
	return res.GetText(), nil
}
