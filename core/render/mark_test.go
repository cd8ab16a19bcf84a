package render

import (
	"bytes"
	"image/color"
	"image/png"
	"testing"

	"qrkeyless/core/qr"
	"qrkeyless/internal/readback"
)

// swissBill is docs/payloads.md's Swiss QR-bill example with a QR-IBAN, a QRR
// reference and bill information: 290 bytes.
const swissBill = "SPC\r\n0200\r\n1\r\nCH4431999123000889012\r\nS\r\nRobert Schneider AG\r\nRue du Lac\r\n1268\r\n2501\r\nBiel\r\nCH\r\n\r\n\r\n\r\n\r\n\r\n\r\n\r\n\r\nCHF\r\n\r\n\r\n\r\n\r\n\r\n\r\n\r\nQRR\r\n210000000003139471430009017\r\nOrder of 15 June 2020\r\nEPD\r\n//S1/10/10201409/11/200701/20/140.000-53/30/102673831/31/200615/32/7.7/33/7.7:139.40/40/0:30"

func TestSwissCrossScans(t *testing.T) {
	c := encode(t, swissBill, qr.M)
	for _, size := range []int{256, 512} {
		for _, style := range []string{"square", "dot"} {
			o := opts(size, 4)
			o.Style, o.Mark = style, "swiss-cross"
			for _, f := range []struct {
				name string
				draw func(*qr.Code, Options) []byte
			}{{"png", PNG}, {"svg", SVG}, {"svg-tiny", SVGTiny}} {
				if got, err := readback.Text(f.draw(c, o)); err != nil || got != swissBill {
					t.Errorf("%s %s at %d px: read %.30q, %v", style, f.name, size, got, err)
				}
			}
		}
	}
}

func TestSwissCrossGeometry(t *testing.T) {
	// The Swiss QR Code: a code 46 mm wide (quiet zone excluded) with a
	// 7 x 7 mm Swiss cross logo at its exact centre, a 6 mm black square
	// in a white border with a white cross whose arms are a sixth longer
	// than wide. Probe each part in mm from the centre, away from edges.
	type probe struct {
		x, y float64 // mm right of and below the centre
		dark bool
	}
	probes := []probe{
		{0, 0, false}, {0, -1.5, false}, {1.5, 0, false}, {0, 1.5, false}, {-1.5, 0, false}, // the cross
		{.35, 1.6, false}, {.8, 1.6, true}, // an arm 7/6 mm wide
		{0, -2.5, true}, {2.5, 0, true}, {0, 2.5, true}, {-2.5, 0, true}, // past the arms' ends, inside the square
		{1.5, 1.5, true}, {-1.5, -1.5, true}, {2.8, -2.8, true}, {-2.8, 2.8, true}, // the square between the arms
	}
	for v := -3.3; v <= 3.3; v += .3 { // the white border, half a millimetre all round
		probes = append(probes, probe{3.25, v, false}, probe{-3.25, v, false}, probe{v, 3.25, false}, probe{v, -3.25, false})
	}
	c := encode(t, swissBill, qr.M)
	for _, size := range []int{512, 1000} {
		for _, f := range []struct {
			name string
			draw func(*qr.Code, Options) []byte
		}{{"png", PNG}, {"svg", SVG}, {"svg-tiny", SVGTiny}} {
			o := opts(size, 4)
			o.Mark = "swiss-cross"
			b := f.draw(c, o)
			img, err := readback.Image(b)
			if f.name == "png" {
				img, err = png.Decode(bytes.NewReader(b))
			}
			if err != nil {
				t.Fatal(err)
			}
			l := newLayout(c, o)
			side := float64(c.Size) * l.unit // the code, quiet zone excluded
			mm := side / 46
			centre := l.origin*l.unit + side/2
			for _, p := range probes {
				x, y := int(centre+p.x*mm), int(centre+p.y*mm)
				g := color.GrayModel.Convert(img.At(x, y)).(color.Gray).Y
				if dark := g < 128; dark != p.dark {
					t.Errorf("%s at %d px: (%.2f, %.2f) mm from the centre is dark=%v, want %v", f.name, size, p.x, p.y, dark, p.dark)
				}
			}
		}
	}
}
