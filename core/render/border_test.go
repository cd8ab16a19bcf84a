package render

import (
	"bytes"
	"image/png"
	"regexp"
	"strconv"
	"testing"

	"qrkeyless/core/qr"
)

// Border is background outside the quiet zone, within Size: modules stay
// on whole pixels of what is left, and PNG, SVG and EPS place the symbol
// alike.
func TestBorder(t *testing.T) {
	c, err := qr.Encode("HelloWorld", qr.L) // 21 modules
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		size, margin, border int
		px, start            int // pixels a module; the symbol's first pixel
	}{
		{200, 0, 1, 9, 5},    // goQR's default: 198 px inside, 189 of code, 1 + 4
		{200, 0, 0, 9, 5},    // without: the same modules, half the rest each side
		{150, 0, 1, 7, 1},    // 148 inside, 147 of code: the margin alone
		{200, 4, 10, 6, 37},  // 180 inside, 29 modules of 6 px: 10 + 24 + 3
		{30, 4, 5, 0, 0},     // too small for a pixel a module: fractional modules
		{400, 12, 5, 8, 116}, // a quiet zone past our parameter's bound: 5 + 96 + 15
	} {
		o := Options{Size: tt.size, Margin: tt.margin, Border: tt.border, FG: Black, BG: White, Style: "square", Eye: "square"}
		side, unit, origin := Placement(c, o)
		if side != tt.size {
			t.Errorf("%+v: side %d", tt, side)
		}
		if tt.px == 0 {
			if want := float64(tt.size-2*tt.border) / float64(21+2*tt.margin); unit != want || origin*unit != float64(tt.margin)*unit+float64(tt.border) {
				t.Errorf("%+v: unit %v origin %v", tt, unit, origin)
			}
			continue
		}
		if int(unit) != tt.px || int(origin*unit+0.5) != tt.start {
			t.Errorf("%+v: %v px a module from %v; want %d from %d", tt, unit, origin*unit, tt.px, tt.start)
		}
		img, err := png.Decode(bytes.NewReader(PNG(c, o)))
		if err != nil {
			t.Fatal(err)
		}
		if r, _, _, _ := img.At(tt.start, tt.start).RGBA(); r != 0 {
			t.Errorf("%+v: the finder's corner (%d, %d) is not dark", tt, tt.start, tt.start)
		}
		if r, _, _, _ := img.At(tt.start-1, tt.start-1).RGBA(); r == 0 {
			t.Errorf("%+v: (%d, %d), outside the symbol, is dark", tt, tt.start-1, tt.start-1)
		}
		vb := regexp.MustCompile(`viewBox="(\S+) `).FindSubmatch(SVG(c, o))
		if x, _ := strconv.ParseFloat(string(vb[1]), 64); int(-x*unit+0.5) != tt.start {
			t.Errorf("%+v: SVG starts the symbol at %v px", tt, -x*unit)
		}
		// EPS, drawn to scale rather than on whole pixels: the first
		// outline starts at the border and the quiet zone, y up from the
		// page's foot.
		m := regexp.MustCompile(`newpath\n([0-9.]+) ([0-9.]+) m`).FindSubmatch(EPS(c, o))
		scale := float64(tt.size-2*tt.border) / float64(21+2*tt.margin)
		if x, _ := strconv.ParseFloat(string(m[1]), 64); x < float64(tt.border)+float64(tt.margin)*scale-0.01 || x > float64(tt.border)+float64(tt.margin)*scale+0.01 {
			t.Errorf("%+v: EPS starts the symbol at x %v, want %v", tt, x, float64(tt.border)+float64(tt.margin)*scale)
		}
	}
}
