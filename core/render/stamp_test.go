package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strconv"
	"strings"
	"testing"

	"qrkeyless/core/qr"
)

// Stamping tiles must give the picture rasterizing the whole path gives:
// every style and eye, small and large versions, sizes where modules take
// few and many pixels and where the quiet zone takes the remainder, with
// and without the Swiss cross. The two accumulate an edge's coverage
// from different origins, and round it differently: a pixel may differ by
// a few levels of grey, at most 8 of 255 on edges along the axes and on
// curves; on slanted edges (the cut, star and diamond shapes' 45-degree
// sides) a canvas over 512 px, rasterized in floating point, and a tile,
// in fixed point, part by up to 17 in about one pixel in a million. Never
// more than 20, and more than 8 in under one pixel in 100,000.
func TestStampMatchesThePath(t *testing.T) {
	texts := []string{"https://example.com/item/1", strings.Repeat("Lorem ipsum dolor sit amet ", 20)}
	differ, pixels := 0, 0
	hist := map[int]int{}
	for _, text := range texts {
		for _, level := range []qr.Level{qr.H} {
			c, err := qr.Encoder{Level: level}.Encode(text)
			if err != nil {
				t.Fatal(err)
			}
			for _, st := range StyleNames() {
				for _, eye := range EyeNames() {
					for _, size := range []int{130, 512, 1100} {
						for _, mark := range []string{"", "swiss-cross"} {
							o := Options{Size: size, Margin: 4, FG: Black, BG: White, Style: st, Eye: eye, Mark: mark}
							l := newLayout(c, o)
							if l.px == 0 {
								continue
							}
							got, want := stamp(c, o, l), rasterize(picture(c, o), l)
							name := fmt.Sprintf("v%d %s/%s %d px %q", c.Version, st, eye, size, mark)
							for i := range want.Pix {
								d := int(got.Pix[i]) - int(want.Pix[i])
								if d > 20 || d < -20 {
									t.Fatalf("%s: pixel %d,%d is %d, the path gives %d", name, i%want.Stride, i/want.Stride, got.Pix[i], want.Pix[i])
								}
								if d != 0 {
									differ++
									hist[max(d, -d)]++
								}
							}
							pixels += len(want.Pix)
						}
					}
				}
			}
		}
	}
	far := 0
	for d, n := range hist {
		if d > 8 {
			far += n
		}
	}
	if far*100_000 > pixels {
		t.Errorf("%d of %d pixels part by more than 8 levels: %v", far, pixels, hist)
	}
	t.Logf("%d of %d pixels apart: %v", differ, pixels, hist)
}

func TestAppendFixedIsFormatFloat(t *testing.T) {
	for v := int64(-20000); v <= 20000; v++ {
		want := strconv.FormatFloat(float64(v)/1000, 'f', -1, 64)
		switch {
		case len(want) > 1 && want[0] == '0' && want[1] == '.':
			want = want[1:]
		case len(want) > 2 && want[0] == '-' && want[1] == '0' && want[2] == '.':
			want = "-" + want[2:]
		}
		if got := fixed(v); got != want {
			t.Fatalf("fixed(%d) = %q, want %q", v, got, want)
		}
	}
}

// Paletted is the image PNG encodes: decoded, the PNG gives the same
// palette and the same pixels.
func TestPalettedIsThePNG(t *testing.T) {
	c, _ := qr.Encoder{Level: qr.H}.Encode("https://example.com/item/1")
	for _, o := range []Options{
		{Size: 512, Margin: 4, FG: Black, BG: White, Style: "square", Eye: "square"},
		{Size: 300, Margin: 2, FG: Black, BG: color.NRGBA{}, Style: "rounded", Eye: "circle"},
		{Size: 97, Margin: 4, FG: Black, BG: White, Style: "dot", Eye: "leaf", Mark: "swiss-cross"},
	} {
		img, err := png.Decode(bytes.NewReader(PNG(c, o)))
		if err != nil {
			t.Fatal(err)
		}
		want, ok := img.(*image.Paletted)
		got := Paletted(c, o)
		if !ok || !bytes.Equal(got.Pix, want.Pix) || len(got.Palette) != len(want.Palette) {
			t.Fatalf("%+v: Paletted differs from the decoded PNG", o)
		}
		for i := range want.Palette {
			r1, g1, b1, a1 := got.Palette[i].RGBA()
			r2, g2, b2, a2 := want.Palette[i].RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				t.Fatalf("%+v: colour %d differs", o, i)
			}
		}
	}
}
