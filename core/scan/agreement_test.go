package scan

import (
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"qrkeyless/core/qr"
	"qrkeyless/core/render"
	phone "qrkeyless/internal/camera"
)

// The agreement set: what Verify says of risky styled codes, beside
// pictures of them taken the way a phone would, for zxing-cpp to read
// (e2e/agreement.mjs, in make test). Verify promises that a code scans;
// a code it calls scannable that zxing-cpp cannot read in such a picture
// breaks the promise.

// agreementTexts are a short URL and a dense text.
var agreementTexts = []string{
	"https://example.com/menu?t=123",
	strings.Repeat("The quick brown fox jumps over the lazy dog. ", 4)[:180],
}

// agreementColors are a dark-on-light pair, a coloured one and a pair
// near the 3:1 contrast Verify requires.
var agreementColors = [][2]color.NRGBA{
	{{0, 0, 0, 255}, {255, 255, 255, 255}},
	{{0x1a, 0x23, 0x7e, 255}, {0xff, 0xf8, 0xe1, 255}},
	{{0x5d, 0x40, 0x37, 255}, {0xd7, 0xcc, 0xc8, 255}},
}

// agreementShots are the phone pictures: 3 px a module, a Gaussian blur
// of 0.8 px, saved as a JPEG of quality 75, with sensor noise of the
// given standard deviation in grey levels.
var agreementShots = []struct {
	name  string
	noise float64
}{{"clean", 0}, {"light-noise", 3}, {"heavy-noise", 8}}

// agreementEntry is one code of the set.
type agreementEntry struct {
	Style, Eye, FG, BG, Text string
	Scannable                bool     // Verify's verdict
	Files                    []string // the pictures, one per shot
}

// TestWriteAgreementSet writes the set to $QR_AGREEMENT_DIR: every style
// and eye, three colour pairs, two texts, at 512 px, each with Verify's
// verdict and three phone pictures. Without the variable it is skipped;
// e2e/run.sh sets it and has zxing-cpp read the pictures.
func TestWriteAgreementSet(t *testing.T) {
	dir := os.Getenv("QR_AGREEMENT_DIR")
	if dir == "" {
		t.Skip("QR_AGREEMENT_DIR is not set")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	texts, styles, eyes := agreementTexts, render.StyleNames(), render.EyeNames()
	if lens := os.Getenv("QR_AGREEMENT_LENGTHS"); lens != "" { // a sweep over versions, for study
		texts, styles = nil, []string{"square"}
		for _, n := range strings.Split(lens, ",") {
			var k int
			fmt.Sscan(n, &k)
			texts = append(texts, strings.Repeat("The quick brown fox jumps over the lazy dog. ", 20)[:k])
		}
	}
	var set []agreementEntry
	for ti, text := range texts {
		c, err := qr.Encoder{Level: qr.H}.Encode(text)
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range styles {
			for _, eye := range eyes {
				for ci, cols := range agreementColors {
					o := render.Options{Size: 512, Margin: 4, FG: cols[0], BG: cols[1], Style: st, Eye: eye}
					e := agreementEntry{Style: st, Eye: eye, FG: hexOf(cols[0]), BG: hexOf(cols[1]), Text: text,
						Scannable: Verify(context.Background(), c, text, o).Scannable}
					for si, shot := range agreementShots {
						name := fmt.Sprintf("%d-%s-%s-%d-%s.jpg", ti, st, eye, ci, shot.name)
						pic := phonePicture(render.Image(c, o), c.Size+2*o.Margin, shot.noise, uint64(ti*1000+ci*10+si))
						if err := os.WriteFile(filepath.Join(dir, name), pic, 0o644); err != nil {
							t.Fatal(err)
						}
						e.Files = append(e.Files, name)
					}
					set = append(set, e)
				}
			}
		}
	}
	b, _ := json.MarshalIndent(set, "", " ")
	if err := os.WriteFile(filepath.Join(dir, "manifest.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d codes, %d pictures in %s", len(set), len(set)*len(agreementShots), dir)
}

func hexOf(c color.NRGBA) string { return fmt.Sprintf("%02x%02x%02x", c.R, c.G, c.B) }

// phonePicture takes img, a code of modules modules across (quiet zone
// included), as a phone would (internal/camera): 3 pixels a module.
func phonePicture(img image.Image, modules int, noise float64, seed uint64) []byte {
	return phone.Picture(img, float64(3*modules)/float64(img.Bounds().Dx()), noise, seed)
}
