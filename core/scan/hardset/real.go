package hardset

import (
	"bufio"
	"fmt"
	"image"
	imagedraw "image/draw"
	"image/png"
	"os"
	"path/filepath"
	"strings"
)

// Sources of a real photo's text (photos.tsv beside the pictures): read
// by jsQR, by zxing-cpp where jsQR could not, or by our decoder alone,
// which no other reader confirms. Scores count the first two.
const (
	SourceJSQR  = "jsQR"
	SourceZXing = "zxing-cpp"
	SourceOurs  = "qrkeyless"
)

// Real reads the real photographs in dir (core/scan/testdata/photos:
// NAME.png, NAME.txt holding the text of a code in it, and photos.tsv
// naming each text's source), in photos.tsv's order. Each Sample's Class
// is its text's source and Texts its one text; a photo may hold other
// codes too, so a reader scores when the text is among what it read.
// Quads are unknown (nil).
func Real(dir string) (names []string, set []Sample, err error) {
	f, err := os.Open(filepath.Join(dir, "photos.tsv"))
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for first := true; sc.Scan(); first = false {
		name, source, ok := strings.Cut(sc.Text(), "\t")
		if first || !ok {
			continue // the header
		}
		text, err := os.ReadFile(filepath.Join(dir, name+".txt"))
		if err != nil {
			return nil, nil, err
		}
		pf, err := os.Open(filepath.Join(dir, name+".png"))
		if err != nil {
			return nil, nil, err
		}
		img, err := png.Decode(pf)
		pf.Close()
		if err != nil {
			return nil, nil, fmt.Errorf("hardset: %s.png: %w", name, err)
		}
		names = append(names, name)
		set = append(set, Sample{Class: source, Texts: []string{string(text)}, Image: img})
	}
	return names, set, sc.Err()
}

// Turned returns img turned a quarter clockwise, as NRGBA: a phone held
// sideways.
func Turned(img image.Image) *image.NRGBA {
	b := img.Bounds()
	src := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	imagedraw.Draw(src, src.Bounds(), img, b.Min, imagedraw.Src)
	w, h := b.Dx(), b.Dy()
	out := image.NewNRGBA(image.Rect(0, 0, h, w))
	for y := range h {
		for x := range w {
			// (x, y) goes to column h-1-y, row x.
			copy(out.Pix[x*out.Stride+(h-1-y)*4:][:4], src.Pix[y*src.Stride+x*4:][:4])
		}
	}
	return out
}
