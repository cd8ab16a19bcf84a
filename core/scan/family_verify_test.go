package scan

import (
	"bytes"
	"context"
	"fmt"
	"image/jpeg"
	"image/png"
	"strings"
	"testing"

	"qrkeyless/core/qr"
	"qrkeyless/core/render"
	phone "qrkeyless/internal/camera"
	"qrkeyless/internal/oracle"
)

// familyShots are the ways TestVerifyFamilyAgreesWithZXing photographs a
// code, as the agreement set's Go shots do (agreementShots), at the
// pitch of Verify's camera model for Micro QR and a little above: two
// frames each.
var familyShots = []agreementShot{
	{"go 4px q75", "go", MicroCameraPxPerModule + 0.5, 3, 75},
	{"go 3.5px q50", "go", MicroCameraPxPerModule, 3, 50},
}

// TestVerifyFamilyAgreesWithZXing holds Verify's promise for Micro QR and
// rMQR as the agreement set holds it for QR: every Micro QR version and
// level in square and rounded modules, black, mid grey and navy, and
// every rMQR size at M (and every fourth at H) in black square modules,
// each photographed as a phone would; a code Verify calls scannable, zxing-cpp reads after every
// degradation (in one of its frames at least). zxing-cpp misses most rMQR
// symbols after a camera's resampling and blur: Verify calls none
// scannable (RMQRUnverified).
func TestVerifyFamilyAgreesWithZXing(t *testing.T) {
	type entry struct {
		c         *qr.Code
		text      string
		style     string
		colours   int
		scannable bool
		first     int // its first picture
	}
	var codes []*qr.Code
	var texts []string
	add := func(c *qr.Code, err error, text string) {
		if err != nil {
			t.Fatal(err)
		}
		codes, texts = append(codes, c), append(texts, text)
	}
	for v := 1; v <= 4; v++ {
		for _, l := range qr.MicroLevels(v) {
			text := strings.Repeat("7", []int{4, 6, 12, 18}[v-1])
			c, err := qr.MicroEncoder{Level: l, Version: v}.Encode(text)
			add(c, err, text)
		}
	}
	for v := 1; v <= 32; v++ {
		for _, l := range qr.RMQRLevels {
			if l == qr.H && v%4 != 1 {
				continue
			}
			e := qr.RMQREncoder{Level: l, Version: v}
			n := 1 // half what the symbol holds of the prose
			for _, err := e.VersionFor(agreementText[:2*n+2]); err == nil; _, err = e.VersionFor(agreementText[:2*n+2]) {
				n++
			}
			text := agreementText[:n]
			c, err := e.Encode(text)
			add(c, err, text)
		}
	}
	colours := agreementColors[:3]
	var es []entry
	var pics [][]byte
	for i, c := range codes {
		for _, style := range []string{"square", "rounded"} {
			for k, cols := range colours {
				if c.Symbol == qr.RMQR && (style != "square" || k != 0) {
					continue // black square modules: enough to show zxing-cpp's misses
				}
				o := render.Options{Size: 6 * (c.Width + 4), Margin: 2, FG: cols[0], BG: cols[1], Style: style, Eye: "square"}
				r := Verify(context.Background(), c, texts[i], o)
				e := entry{c, texts[i], style, k, r.Scannable, len(pics)}
				img := render.Image(c, o)
				unit := render.ModulePixels(c, o)
				for s, shot := range familyShots {
					for f := range agreementFrames {
						scale := agreementPitch(shot, f) / unit
						jpg := phone.Take(img, scale, shot.Noise, shot.Quality, uint64(len(pics)*7+s*2+f))
						decoded, err := jpeg.Decode(bytes.NewReader(jpg))
						if err != nil {
							t.Fatal(err)
						}
						var b bytes.Buffer
						png.Encode(&b, decoded)
						pics = append(pics, b.Bytes())
					}
				}
				es = append(es, e)
			}
		}
	}
	found := oracle.Read(t, pics)
	scannable, broken, refusedReadable, readable := 0, 0, 0, 0
	rmqrRead, rmqrAll := 0, 0
	for _, e := range es {
		all := true // zxing-cpp read it after every shot, in one frame at least
		for s := range familyShots {
			one := false
			for f := range agreementFrames {
				for _, r := range found[e.first+s*agreementFrames+f] {
					one = one || r.Text == e.text
				}
			}
			all = all && one
		}
		name := fmt.Sprintf("%s-%v %s %s", e.c.VersionName(), e.c.Level, e.style, hexOf(colours[e.colours][0]))
		if e.c.Symbol == qr.RMQR {
			rmqrAll++
			rmqrRead += b2i(all)
			if e.scannable {
				t.Errorf("%s: Verify calls an rMQR code scannable", name)
			}
			continue
		}
		if all {
			readable++
		}
		switch {
		case e.scannable && !all:
			broken++
			t.Errorf("%s: Verify calls it scannable, zxing-cpp does not read it after every degradation", name)
		case e.scannable:
			scannable++
		case all:
			refusedReadable++
			t.Logf("%s: refused, though zxing-cpp reads it", name)
		}
	}
	t.Logf("Micro QR: %d codes, %d scannable, %d of them unread by zxing-cpp; zxing-cpp reads %d, Verify refuses %d of those", len(es)-rmqrAll, scannable+broken, broken, readable, refusedReadable)
	t.Logf("rMQR: %d codes, none called scannable; zxing-cpp reads %d of them after every degradation", rmqrAll, rmqrRead)
}
