package render

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"

	"qrkeyless/core/qr"
	"qrkeyless/internal/oracle"
	"qrkeyless/internal/readback"
)

// familyCodes are Micro QR and rMQR symbols of every shape: each Micro QR
// version, and rMQR at each height and width.
func familyCodes(t *testing.T) []*qr.Code {
	var cs []*qr.Code
	for v, text := range map[int]string{1: "12345", 2: "MICRO", 3: "micro qr", 4: "Micro QR, M4!"} {
		c, err := qr.MicroEncoder{Level: qr.MicroLevels(v)[0], Version: v}.Encode(text)
		if err != nil {
			t.Fatal(err)
		}
		cs = append(cs, c)
	}
	for _, name := range []string{"R7x43", "R7x139", "R9x59", "R11x27", "R13x77", "R15x99", "R17x43", "R17x139"} {
		_, v, _ := qr.ParseVersion(name)
		c, err := qr.RMQREncoder{Level: qr.M, Version: v}.Encode(strings.ToUpper(name))
		if err != nil {
			t.Fatal(err)
		}
		cs = append(cs, c)
	}
	return cs
}

var formatName = map[qr.Symbol]string{qr.Micro: "MicroQRCode", qr.RMQR: "RMQRCode"}

func familyOptions(style string) Options {
	return Options{Margin: 2, FG: color.NRGBA{0, 0, 0, 255}, BG: color.NRGBA{255, 255, 255, 255}, Style: style, Eye: "square"}
}

// TestFamilyPlacement: a Micro QR or rMQR picture is o.Size wide, its
// modules square on whole pixels, with a quiet zone of the margin on every
// side, and every module where the symbol has it.
func TestFamilyPlacement(t *testing.T) {
	for _, c := range familyCodes(t) {
		for _, size := range []int{400, 517} {
			o := familyOptions("square")
			o.Size = size
			img, err := png.Decode(bytes.NewReader(PNG(c, o)))
			if err != nil {
				t.Fatal(err)
			}
			px := size / (c.Width + 4)
			rest := size - px*(c.Width+4)
			w, h := img.Bounds().Dx(), img.Bounds().Dy()
			if w != size || h != px*(c.Height+4)+rest {
				t.Errorf("%s at %d: %dx%d", c.VersionName(), size, w, h)
			}
			if cw, ch := Canvas(c, o); cw != w || ch != h {
				t.Errorf("%s: Canvas says %dx%d, the PNG is %dx%d", c.VersionName(), cw, ch, w, h)
			}
			off := 2*px + rest/2
			for y := -2; y < c.Height+2; y++ {
				for x := -2; x < c.Width+2; x++ {
					dark := x >= 0 && y >= 0 && x < c.Width && y < c.Height && c.Dark(x, y)
					r, _, _, _ := img.At(off+x*px+px/2, off+y*px+px/2).RGBA()
					if (r < 0x8000) != dark {
						t.Fatalf("%s at %d: module (%d, %d) drawn wrong", c.VersionName(), size, x, y)
					}
				}
			}
		}
	}
}

// TestFamilyReadByZXing: every Micro QR version and rMQR shape, in square
// and rounded modules, drawn as PNG, SVG and PDF, is read by zxing-cpp to
// its text, symbol and version.
func TestFamilyReadByZXing(t *testing.T) {
	type drawn struct {
		c      *qr.Code
		style  string
		format string
	}
	var ds []drawn
	var pics [][]byte
	for _, c := range familyCodes(t) {
		for _, style := range []string{"square", "rounded"} {
			o := familyOptions(style)
			o.Size = 6 * (c.Width + 4)
			pics = append(pics, PNG(c, o))
			ds = append(ds, drawn{c, style, "png"})

			svg, err := readback.SVG(SVG(c, o))
			if err != nil {
				t.Fatal(err)
			}
			pics = append(pics, pngOf(t, svg))
			ds = append(ds, drawn{c, style, "svg"})

			o.WidthPt = 2 * float64(o.Size) // 2 pt a pixel, drawn at 72 dpi: the PNG's pixels
			pics = append(pics, oracle.PDFPicture(t, PDF(c, o), 36))
			ds = append(ds, drawn{c, style, "pdf"})
		}
	}
	want := func(c *qr.Code) string {
		switch c.Symbol {
		case qr.Micro:
			return map[int]string{1: "12345", 2: "MICRO", 3: "micro qr", 4: "Micro QR, M4!"}[c.Version]
		}
		return strings.ToUpper(c.VersionName())
	}
	read := 0
	for i, f := range oracle.Read(t, pics) {
		d := ds[i]
		if len(f) != 1 || f[0].Text != want(d.c) || f[0].Format != formatName[d.c.Symbol] || f[0].Version != d.c.VersionName() {
			t.Errorf("%s %s %s: zxing-cpp read %+v", d.c.VersionName(), d.style, d.format, f)
			continue
		}
		read++
	}
	t.Logf("zxing-cpp read %d of %d drawings (Micro QR M1-M4 and 8 rMQR sizes; square and rounded; PNG, SVG, PDF)", read, len(ds))
}

func pngOf(t *testing.T, img image.Image) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestDrawn(t *testing.T) {
	for _, tc := range []struct {
		s         qr.Symbol
		style, ey string
		mark      string
		ok        bool
	}{
		{qr.QR, "dot", "circle", "swiss-cross", true},
		{qr.Micro, "square", "square", "", true},
		{qr.Micro, "rounded", "", "", true},
		{qr.RMQR, "", "square", "", true},
		{qr.Micro, "dot", "square", "", false},
		{qr.RMQR, "square", "rounded", "", false},
		{qr.RMQR, "square", "square", "swiss-cross", false},
	} {
		ok, why := Drawn(tc.s, Options{Style: tc.style, Eye: tc.ey, Mark: tc.mark})
		if ok != tc.ok || ok != (why == "") {
			t.Errorf("%v %s %s %s: %v %q", tc.s, tc.style, tc.ey, tc.mark, ok, why)
		}
	}
}
