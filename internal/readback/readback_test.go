package readback

import (
	"image/color"
	"testing"

	"qrkeyless/core/qr"
	"qrkeyless/core/render"
)

// TestText: clean renders of version-1 codes that plain gozxing's finder
// search misreads (it counts 15 modules, or no version) are read all the
// same, as the pure barcodes they are.
func TestText(t *testing.T) {
	for _, text := range []string{"bbys42li3d", "tit53xrvic", "mxqxafxaiy", "https://example.com"} {
		c, err := qr.Encode(text, qr.M)
		if err != nil {
			t.Fatal(err)
		}
		png := render.PNG(c, render.Options{Size: 512, Margin: 4, FG: color.NRGBA{A: 255}, BG: color.NRGBA{255, 255, 255, 255}, Style: "square", Eye: "square"})
		if got, err := Text(png); err != nil || got != text {
			t.Errorf("%q: read %q (%v)", text, got, err)
		}
	}
}
