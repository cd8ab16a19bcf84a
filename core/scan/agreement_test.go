package scan

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"qrkeyless/core/qr"
	"qrkeyless/core/render"
	phone "qrkeyless/internal/camera"

	"golang.org/x/sync/errgroup"
)

// The agreement set: what Verify says of styled codes, beside pictures
// of them taken the way a phone would, for zxing-cpp and jsQR to read
// (e2e/agreement/agreement.mjs, in make test). Verify promises that a
// code scans: a code it calls scannable that zxing-cpp cannot read in
// any of its pictures breaks the promise; one it refuses that zxing-cpp
// reads in all of them costs a style or a logo its room.

// agreementText is the text codes are cut from: prose, as long texts are.
var agreementText = strings.Repeat("The quick brown fox jumps over the lazy dog, and a phone reads it off a poster across the street. ", 30)

// agreementColors are black on white and the low-contrast pairs of the
// issue that found Verify too kind: mid grey on white and navy on a pale
// blue, and a brown pair nearer 3:1 (for sweeps).
var agreementColors = [][2]color.NRGBA{
	{{0, 0, 0, 255}, {255, 255, 255, 255}},
	{{0x77, 0x77, 0x77, 255}, {255, 255, 255, 255}},
	{{0x1a, 0x36, 0x5d, 255}, {0xe8, 0xee, 0xf7, 255}},
	{{0x5d, 0x40, 0x37, 255}, {0xd7, 0xcc, 0xc8, 255}},
}

// agreementShot is one picture of a code: taken by internal/camera (Go:
// Catmull-Rom resampling, a Gaussian blur of 0.8 px, Gaussian noise of
// Noise grey levels) or by ImageMagick (`convert -resize -blur 0x0.8
// -attenuate Noise +noise Gaussian`, its own filters and noise), at up to
// Px pixels a module (agreementPitch), saved as JPEG of the given quality.
type agreementShot struct {
	Name    string  `json:"name"`
	Tool    string  `json:"tool"` // "go" or "imagemagick"
	Px      float64 `json:"px"`
	Noise   float64 `json:"noise"`
	Quality int     `json:"quality"`
}

// agreementShots are the ways every code is photographed: both tools, at
// 3 and 2.5 pixels a module, JPEG from 40 to 75. Each way takes
// agreementFrames pictures with different noise, each a little farther
// away (agreementPitch), as a phone's scanner reads frame after frame: a
// reader that misses one and reads the next reads the code, one that
// misses all of them does not.
var agreementShots = []agreementShot{
	{"go 3px q75", "go", 3, 3, 75},
	{"go 2.5px q50", "go", 2.5, 3, 50},
	{"imagemagick 3px q50", "imagemagick", 3, 0.5, 50},
	{"imagemagick 2.5px q40", "imagemagick", 2.5, 0.5, 40},
}

// agreementFrames is how many pictures each shot takes.
const agreementFrames = 2

// agreementPitch is the pixels a module in frame k of a shot: 2% under
// the shot's pitch, and 2% less in each later frame, as a phone held a
// little farther away sees the code. The pitch is of the module as drawn
// (render.ModulePixels), as Verify's camera model and the style matrix
// measure it: modules are whole pixels, the rest of the size going to the
// quiet zone, so the image over its modules overstates the module, by up
// to a tenth in this set (5.5 px where version 40 at 1024 draws 5). Never
// the shot's pitch exactly: an image shrunk to exactly 2.5 px a module
// lands every module edge on the same half pixel, which no camera's sensor
// does, and zxing-cpp misses pictures of some low-contrast dotted codes so
// shrunk that it reads at 2.4 or 2.55 px (docs/interface.md, "Verify's promise").
func agreementPitch(s agreementShot, k int) float64 {
	return s.Px * (1 - 0.02*float64(k+1))
}

// agreementEntry is one code of the set.
type agreementEntry struct {
	Style, Eye, Ball, FG, BG, Text string // Ball "": the eye's own
	Version                        int
	EC                             string
	Size                           int
	Served                         bool     // drawn at all: else a 422 (render.EyeServed)
	Scannable                      bool     // Verify's verdict
	Warnings                       []string // Verify's warnings
	Files                          []string // the pictures: agreementFrames for each shot, in turn
}

// agreementCodes are the codes of the set: every style and eye, with a
// 30-character URL (version 3 at M, 4 at H) in black and mid grey on
// white and navy on pale blue (the colours of the issue that found Verify
// too kind), 180 characters (version 9 at M, 14 at H) in black and mid
// grey on white, the longest text of version 6 in navy, of version 15 and
// 25 in mid grey and of version 40 in black, each at the API's default
// level (M for square modules, H for the others) and at 512 px, or 1024
// where 512 would give modules under 4 px: 792 codes, 352 of them in make
// test; and every eye with every other ball it is drawn with, the URL in
// one style and colours each.
func agreementCodes() []agreementEntry {
	type textAt struct {
		version int   // 0: the URL, -1: 180 characters; else the longest text this version holds
		colours []int // of agreementColors
	}
	texts := []textAt{{0, []int{0, 1, 2}}, {-1, []int{0, 1}}, {6, []int{2}}, {15, []int{1}}, {25, []int{1}}, {40, []int{0}}}
	if v := os.Getenv("QR_AGREEMENT_VERSIONS"); v != "" { // a sweep, for study: black on white only
		texts = nil
		for _, f := range strings.Split(v, ",") {
			n, _ := strconv.Atoi(f)
			texts = append(texts, textAt{n, []int{0}})
		}
	}
	// Each style and eye takes every text and colours of the list, or, in
	// make test, 2 of its 9 in turn, so that each eye still meets each of
	// them in three or four of the sixteen styles (QR_AGREEMENT_ALL=1,
	// make agreement, takes them all).
	all := os.Getenv("QR_AGREEMENT_ALL") != "" || os.Getenv("QR_AGREEMENT_VERSIONS") != ""
	var set []agreementEntry
	for i, st := range render.StyleNames() {
		level := qr.H
		if st == "square" {
			level = qr.M
		}
		pair := 0 // the text and colours' place in the list
		for _, tv := range texts {
			text := "https://example.com/menu?t=123"
			switch {
			case tv.version < 0:
				text = agreementText[:180]
			case tv.version > 0:
				text = agreementText[:qr.Encoder{Level: level, MaxVersion: tv.version}.MaxBytes(agreementText)]
			}
			for _, k := range tv.colours {
				for j, eye := range render.EyeNames() {
					if !all && (pair+i+j)%9 >= 2 {
						continue
					}
					cols := agreementColors[k]
					set = append(set, agreementEntry{Style: st, Eye: eye, FG: hexOf(cols[0]), BG: hexOf(cols[1]), Text: text, EC: level.String()})
				}
				pair++
			}
		}
	}
	if os.Getenv("QR_AGREEMENT_VERSIONS") != "" {
		return set
	}
	// Every eye with every other ball it is drawn with, once: the URL, in
	// the next style that draws it and the next colours, in turn.
	styles, k := render.StyleNames(), 0
	for _, eye := range render.EyeNames() {
		for _, ball := range render.BallNames() {
			if ball == render.OwnBall(eye) {
				continue
			}
			for i := range styles {
				st := styles[(k+i)%len(styles)]
				if ok, _ := render.BallFits(render.Options{Style: st, Eye: eye, Ball: ball}); ok {
					level := qr.H
					if st == "square" {
						level = qr.M
					}
					cols := agreementColors[k%len(agreementColors)]
					set = append(set, agreementEntry{Style: st, Eye: eye, Ball: ball, FG: hexOf(cols[0]), BG: hexOf(cols[1]), Text: "https://example.com/menu?t=123", EC: level.String()})
					break
				}
			}
			k++
		}
	}
	return set
}

// TestWriteAgreementSet writes the set to $QR_AGREEMENT_DIR: each code's
// verdict from Verify and its pictures (agreementShots, agreementFrames
// each), and a manifest.
// Without the variable it is skipped; e2e/run.sh sets it and has
// zxing-cpp and jsQR read the pictures. $QR_AGREEMENT_SEED (default 1)
// seeds the pictures' noise.
func TestWriteAgreementSet(t *testing.T) {
	dir := os.Getenv("QR_AGREEMENT_DIR")
	if dir == "" {
		t.Skip("QR_AGREEMENT_DIR is not set")
	}
	if out, err := exec.Command("convert", "-version").Output(); err != nil || !bytes.Contains(out, []byte("ImageMagick")) {
		t.Fatalf("the agreement set needs ImageMagick's convert (make print-tools installs it): %v", err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	seed := uint64(1)
	if s := os.Getenv("QR_AGREEMENT_SEED"); s != "" {
		seed, _ = strconv.ParseUint(s, 10, 64)
	}
	set := agreementCodes()
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i := range set {
		g.Go(func() error { return agreementCode(dir, i, &set[i], seed) })
	}
	if err := g.Wait(); err != nil {
		t.Fatal(err)
	}
	pitches := map[string][]float64{} // each shot's frames' pixels a module, for the report
	for _, s := range agreementShots {
		for k := range agreementFrames {
			pitches[s.Name] = append(pitches[s.Name], agreementPitch(s, k))
		}
	}
	b, _ := json.MarshalIndent(map[string]any{"shots": agreementShots, "frames": agreementFrames, "pitches": pitches, "codes": set}, "", " ")
	if err := os.WriteFile(filepath.Join(dir, "manifest.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d codes, %d pictures in %s", len(set), len(set)*len(agreementShots)*agreementFrames, dir)
}

// agreementCode verifies the i-th code of the set, e, and takes its
// pictures into dir.
func agreementCode(dir string, i int, e *agreementEntry, seed uint64) error {
	level, _ := qr.ParseLevel(e.EC)
	c, err := qr.Encoder{Level: level}.Encode(e.Text)
	if err != nil {
		return err
	}
	e.Version = c.Version
	e.Size = 512
	if 4*(c.Size+8) > 512 {
		e.Size = 1024
	}
	fg, bg := parseHex(e.FG), parseHex(e.BG)
	o := render.Options{Size: e.Size, Margin: 4, FG: fg, BG: bg, Style: e.Style, Eye: e.Eye, Ball: e.Ball}
	e.Served, _, _, _ = render.EyeServed(e.Eye, e.Ball, c.Version)
	r := Verify(context.Background(), c, e.Text, o)
	e.Scannable, e.Warnings = r.Scannable && e.Served, r.Warnings
	img := render.Image(c, o)
	unit := render.ModulePixels(c, o)
	var clean string // the rendered PNG, for ImageMagick
	for k := range len(agreementShots) * agreementFrames {
		shot := agreementShots[k/agreementFrames]
		scale := agreementPitch(shot, k%agreementFrames) / unit
		noiseSeed := seed*1_000_003 + uint64(i*len(agreementShots)*agreementFrames+k)
		var pic []byte // the JPEG
		switch shot.Tool {
		case "go":
			pic = phone.Take(img, scale, shot.Noise, shot.Quality, noiseSeed)
		case "imagemagick":
			if clean == "" {
				clean = filepath.Join(dir, fmt.Sprintf("%04d.png", i))
				if err := writePNG(clean, img); err != nil {
					return err
				}
				defer os.Remove(clean)
			}
			jpg := filepath.Join(dir, fmt.Sprintf("%04d-%d.jpg", i, k))
			out, err := exec.Command("convert", clean, "-resize", fmt.Sprintf("%.4f%%", 100*scale), "-blur", "0x0.8",
				"-seed", strconv.FormatUint(noiseSeed%(1<<31), 10), "-attenuate", strconv.FormatFloat(shot.Noise, 'f', -1, 64), "+noise", "Gaussian",
				"-quality", strconv.Itoa(shot.Quality), jpg).CombinedOutput()
			if err != nil {
				return fmt.Errorf("convert: %v: %s", err, out)
			}
			if pic, err = os.ReadFile(jpg); err != nil {
				return err
			}
			os.Remove(jpg)
		}
		// The JPEG's pixels as PNG: zxing-cpp and jsQR read the same
		// pixels, and jsQR reads only pixels.
		decoded, err := jpeg.Decode(bytes.NewReader(pic))
		if err != nil {
			return err
		}
		name := fmt.Sprintf("%04d-%d.png", i, k)
		if err := writePNG(filepath.Join(dir, name), decoded); err != nil {
			return err
		}
		e.Files = append(e.Files, name)
	}
	return nil
}

// writePNG writes img to file as a PNG compressed for speed: these sets
// are thousands of noisy pictures read once, and deflate at the default
// level took most of their writing time for no change in a pixel.
func writePNG(file string, img image.Image) error {
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img); err != nil {
		return err
	}
	return os.WriteFile(file, buf.Bytes(), 0o644)
}

func hexOf(c color.NRGBA) string { return fmt.Sprintf("%02x%02x%02x", c.R, c.G, c.B) }

func parseHex(s string) color.NRGBA {
	v, _ := strconv.ParseUint(s, 16, 32)
	return color.NRGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255}
}
