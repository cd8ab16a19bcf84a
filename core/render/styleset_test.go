package render_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"qrkeyless/core/qr"
	"qrkeyless/core/render"
	cam "qrkeyless/internal/camera"
)

// The style set: a clean render of every style and eye the service
// offers, at 256 to 1024 px, of eyes with other balls and of every style
// in a circle (see TestWriteStyleSet), navy on white, for the readers that are not ours to
// read (e2e/agreement/styles.mjs, in make test: zxing-cpp and jsQR must
// each read every one). The texts take the codes to the versions people
// print (3 and 4 for a short URL, 6 and 8 at 100 characters, 9 and 14 at
// 180), each at the level the API gives a style (M for square modules, H
// for the others); an eye is drawn only to the version it is served at
// (render.EyeServed), past which the API answers 422.
var styleSetTexts = []string{
	"https://example.com/menu?t=123",
	strings.Repeat("The quick brown fox jumps over the lazy dog. ", 4)[:100],
	strings.Repeat("The quick brown fox jumps over the lazy dog. ", 5)[:180],
}

var navy = color.NRGBA{0x1a, 0x36, 0x5d, 255}

// styleSetSizes are the pictures' sides: 512 px, and smaller and larger,
// where a module falls on other pixel boundaries.
var styleSetSizes = []int{256, 384, 512, 800, 1024}

// styleSetEntry is one picture of the style set.
type styleSetEntry struct {
	File    string `json:"file"`
	Style   string `json:"style"`
	Eye     string `json:"eye"`
	Ball    string `json:"ball,omitempty"`
	Text    string `json:"text"`
	Version int    `json:"version"`
	EC      string `json:"ec"`
	Camera  bool   `json:"camera,omitempty"` // the 512 px picture as a phone takes it: zxing-cpp, try-harder, must read it
}

// camera writes the picture png of c (drawn with o) as a phone takes it,
// the brand set's light-noise shot (internal/camera: 3 px a module, blur,
// noise 3, JPEG), as PNG pixels beside it, and returns its entry.
func camera(t *testing.T, dir string, e styleSetEntry, c *qr.Code, o render.Options, pic []byte) styleSetEntry {
	img, err := png.Decode(bytes.NewReader(pic))
	if err != nil {
		t.Fatal(err)
	}
	h := fnv.New64a()
	h.Write([]byte(e.File))
	shot, err := jpeg.Decode(bytes.NewReader(cam.Picture(img, 3/render.ModulePixels(c, o), 3, h.Sum64())))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := png.Encode(&b, shot); err != nil {
		t.Fatal(err)
	}
	e.File, e.Camera = strings.TrimSuffix(e.File, ".png")+"-camera.png", true
	if err := os.WriteFile(filepath.Join(dir, e.File), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return e
}

// shoot writes the picture of c drawn with o to dir as name and returns
// its entry, and at 512 px the entry of the camera's picture of it too.
func shoot(t *testing.T, dir, name, text string, c *qr.Code, o render.Options) []styleSetEntry {
	pic := render.PNG(c, o)
	if err := os.WriteFile(filepath.Join(dir, name), pic, 0o644); err != nil {
		t.Fatal(err)
	}
	e := styleSetEntry{name, o.Style, o.Eye, o.Ball, text, c.Version, c.Level.String(), false}
	if o.Size != 512 {
		return []styleSetEntry{e}
	}
	return []styleSetEntry{e, camera(t, dir, e, c, o, pic)}
}

// TestWriteStyleSet writes the style set to $QR_STYLE_DIR as PNG files
// and a manifest. Without the variable it is skipped.
func TestWriteStyleSet(t *testing.T) {
	dir := os.Getenv("QR_STYLE_DIR")
	if dir == "" {
		t.Skip("QR_STYLE_DIR is not set")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	var list []styleSetEntry
	// $QR_STYLE_ONLY (make looks STYLES="heart cross") draws only the
	// styles it names, for measuring a new shape.
	styles := styles
	if only := strings.Fields(os.Getenv("QR_STYLE_ONLY")); len(only) > 0 {
		styles = only
	}
	for _, style := range styles {
		level := qr.H
		if style == "square" {
			level = qr.M
		}
		for ti, text := range styleSetTexts {
			c, err := qr.Encode(text, level)
			if err != nil {
				t.Fatal(err)
			}
			for _, eye := range eyes {
				if ok, _, _, _ := render.EyeServed(eye, "", c.Version); !ok {
					continue
				}
				for _, size := range styleSetSizes {
					o := render.Options{Size: size, Margin: 4, FG: navy, BG: render.White, Style: style, Eye: eye}
					list = append(list, shoot(t, dir, fmt.Sprintf("%s-%s-%d-%d.png", style, eye, ti, size), text, c, o)...)
				}
			}
		}
	}
	// Every eye with every other ball it is drawn with, at the sizes' ends
	// and middle, with the short URL: each combination in the next two
	// styles in turn that draw it, or, with $QR_STYLE_ALL set (make looks),
	// in every style that does.
	k, refused := 0, 0
	for _, eye := range eyes {
		for _, ball := range render.BallNames() {
			if ball == render.OwnBall(eye) {
				continue
			}
			var drawn []string
			for i := range styles {
				style := styles[(k+i)%len(styles)]
				if ok, _ := render.BallFits(render.Options{Style: style, Eye: eye, Ball: ball}); ok {
					drawn = append(drawn, style)
				} else {
					refused++
				}
			}
			k++
			if os.Getenv("QR_STYLE_ALL") == "" {
				drawn = drawn[:min(2, len(drawn))]
			}
			for _, style := range drawn {
				list = append(list, mixedLook(t, dir, style, eye, ball)...)
			}
		}
	}
	t.Logf("%d style, eye and ball combinations refused (render.BallFits), not drawn", refused)
	// Every style in a circle (outline=circle, as core/brand draws it on
	// a plate of bg), with each eye in turn, for the short URL and the
	// 100 characters, at 256, 512 and 1024 px.
	for i, style := range styles {
		eye := eyes[i%len(eyes)]
		level := qr.H
		if style == "square" {
			level = qr.M
		}
		for ti, text := range styleSetTexts[:2] {
			c, err := qr.Encode(text, level)
			if err != nil {
				t.Fatal(err)
			}
			if ok, _, _, _ := render.EyeServed(eye, "", c.Version); !ok {
				eye = "square"
			}
			for _, size := range []int{256, 512, 1024} {
				o := render.Options{Size: size, Margin: 4, FG: navy, BG: render.White, Style: style, Eye: eye, Outline: "circle"}
				list = append(list, shoot(t, dir, fmt.Sprintf("%s-%s-%d-%d-circle.png", style, eye, ti, size), text, c, o)...)
			}
		}
	}
	b, _ := json.MarshalIndent(list, "", " ")
	if err := os.WriteFile(filepath.Join(dir, "manifest.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d pictures in %s", len(list), dir)
}

// mixedLook writes the pictures of eye with ball in style, the short URL
// at 256, 512 and 1024 px, to dir.
func mixedLook(t *testing.T, dir, style, eye, ball string) []styleSetEntry {
	level := qr.H
	if style == "square" {
		level = qr.M
	}
	c, err := qr.Encode(styleSetTexts[0], level)
	if err != nil {
		t.Fatal(err)
	}
	var list []styleSetEntry
	for _, size := range []int{256, 512, 1024} {
		o := render.Options{Size: size, Margin: 4, FG: navy, BG: render.White, Style: style, Eye: eye, Ball: ball}
		list = append(list, shoot(t, dir, fmt.Sprintf("%s-%s-%s-%d.png", style, eye, ball, size), styleSetTexts[0], c, o)...)
	}
	return list
}
