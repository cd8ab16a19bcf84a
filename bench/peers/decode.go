package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"time"

	"github.com/makiuchi-d/gozxing"
	multiqr "github.com/makiuchi-d/gozxing/multi/qrcode"

	"qrkeyless/core/qr"
	"qrkeyless/core/render"
	"qrkeyless/core/scan"
	"qrkeyless/core/scan/hardset"
)

// Image is one file of the decode sets, as listed in manifest.json; the
// Node side reads the same files and the same list.
type Image struct {
	File  string   `json:"file"`  // relative to the manifest
	Set   string   `json:"set"`   // "clean": our 512 px PNG of an encode input; "hard": the decode issue's set; "photo": the photo corpus; "real": a real photograph
	Class string   `json:"class"` // for "real", the turn: "0" as taken, "90" turned a quarter clockwise
	Texts []string `json:"texts"` // every code in the image; for "real", one code of perhaps several
	// Source is where a real photo's text came from (hardset.SourceJSQR,
	// SourceZXing, SourceOurs): scores count the first two.
	Source string `json:"source,omitempty"`
}

// hardSeed and hardPerClass are the decode issue's hard set (core/scan's
// tests); photoSeed and photoPerClass the photo corpus (hardset.Photos), kept
// out of the tests so that the decoder is built for photos in general.
const (
	hardSeed      = 1
	hardPerClass  = 10
	photoSeed     = 2
	photoPerClass = 20
)

// imagesCmd writes the clean set (our 512 px PNG of every encode input) and
// the hard set as PNG files, and their manifest.
func imagesCmd(args []string) (any, error) {
	fs := flag.NewFlagSet("images", flag.ContinueOnError)
	dir := fs.String("dir", "", "directory to write into")
	only := fs.String("set", "", "write only this set (clean, hard, photo or real; real only when named)")
	seed := fs.Int64("photo-seed", photoSeed, "the photo corpus's seed (another seed: images the ladder was not tuned on)")
	realDir := fs.String("real", "core/scan/testdata/photos", "the real photographs (hardset.Real), from the repository's root")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if *dir == "" {
		return nil, fmt.Errorf("images: -dir is required")
	}
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		return nil, err
	}
	var list []Image
	for _, in := range inputs {
		if *only != "" && *only != "clean" {
			break
		}
		c, err := qr.Encode(in.Text, qr.M)
		if err != nil {
			return nil, err
		}
		im := Image{File: "clean-" + in.Name + ".png", Set: "clean", Class: in.Group, Texts: []string{in.Text}}
		if err := os.WriteFile(filepath.Join(*dir, im.File), render.PNG(c, renderOptions), 0o644); err != nil {
			return nil, err
		}
		list = append(list, im)
	}
	var set []hardset.Sample
	if *only == "" || *only == "hard" {
		var err error
		if set, err = hardset.Generate(hardSeed, hardPerClass); err != nil {
			return nil, err
		}
	}
	for i, s := range set {
		var buf bytes.Buffer
		if err := png.Encode(&buf, eightBit(s.Image)); err != nil {
			return nil, err
		}
		im := Image{File: fmt.Sprintf("hard-%03d-%s.png", i, s.Class), Set: "hard", Class: s.Class, Texts: s.Texts}
		if err := os.WriteFile(filepath.Join(*dir, im.File), buf.Bytes(), 0o644); err != nil {
			return nil, err
		}
		list = append(list, im)
	}
	var photos []hardset.Sample
	if *only == "" || *only == "photo" {
		var err error
		if photos, err = hardset.Photos(*seed, photoPerClass); err != nil {
			return nil, err
		}
	}
	for i, s := range photos {
		var buf bytes.Buffer
		if err := png.Encode(&buf, eightBit(s.Image)); err != nil {
			return nil, err
		}
		im := Image{File: fmt.Sprintf("photo-%03d-%s.png", i, s.Class), Set: "photo", Class: s.Class, Texts: s.Texts}
		if err := os.WriteFile(filepath.Join(*dir, im.File), buf.Bytes(), 0o644); err != nil {
			return nil, err
		}
		list = append(list, im)
	}
	if *only == "real" {
		real, err := realImages(*dir, *realDir)
		if err != nil {
			return nil, err
		}
		list = append(list, real...)
	}
	b, err := json.MarshalIndent(list, "", " ")
	if err != nil {
		return nil, err
	}
	return len(list), os.WriteFile(filepath.Join(*dir, "manifest.json"), b, 0o644)
}

// realImages writes every real photograph in src to dir as it was taken
// and turned a quarter clockwise, and lists them.
func realImages(dir, src string) ([]Image, error) {
	names, set, err := hardset.Real(src)
	if err != nil {
		return nil, err
	}
	var list []Image
	for i, s := range set {
		for _, turn := range []string{"0", "90"} {
			img := eightBit(s.Image)
			if turn == "90" {
				img = hardset.Turned(s.Image)
			}
			var buf bytes.Buffer
			if err := png.Encode(&buf, img); err != nil {
				return nil, err
			}
			im := Image{File: fmt.Sprintf("real-%s-%s.png", names[i], turn), Set: "real", Class: turn, Texts: s.Texts, Source: s.Class}
			if err := os.WriteFile(filepath.Join(dir, im.File), buf.Bytes(), 0o644); err != nil {
				return nil, err
			}
			list = append(list, im)
		}
	}
	return list, nil
}

// eightBit returns img in a type image/png writes with 8 bits a sample.
// The JPEG class comes as *image.YCbCr, which image/png would write as
// 16-bit RGB: twice the bytes, and it would read back as *image.RGBA64,
// which no decoder here is tuned for; converted, it holds the colours a
// JPEG reader shows.
func eightBit(img image.Image) image.Image {
	switch img.(type) {
	case *image.Gray, *image.RGBA, *image.NRGBA, *image.Paletted:
		return img
	}
	b := img.Bounds()
	out := image.NewNRGBA(b)
	draw.Draw(out, b, img, b.Min, draw.Src)
	return out
}

// DecodeResult is one decoder on one image.
type DecodeResult struct {
	Decoder string    `json:"decoder"`
	File    string    `json:"file"`
	Set     string    `json:"set"`
	Class   string    `json:"class"`
	Source  string    `json:"source,omitempty"`
	OK      bool      `json:"ok"`    // found every code, and nothing else; for a real photo, found its text
	Found   []string  `json:"found"` // texts decoded in the first round
	Ms      []float64 `json:"ms"`    // one decode per round, PNG decoding excluded
}

// Decoder reads every QR code in an image: the texts, and each code's
// bytes read as Latin-1 (how the real photos' corpus writes down a code
// of binary content).
type Decoder struct {
	Name   string
	Decode func(image.Image) (texts, latin1 []string)
}

var decoders = []Decoder{
	{"ours", func(img image.Image) (texts, latin1 []string) {
		codes, _ := scan.Decode(img, scan.Options{})
		for _, c := range codes {
			texts = append(texts, c.Text)
			latin1 = append(latin1, asLatin1(c.Bytes))
		}
		return texts, latin1
	}},
	// plain gozxing decodes as its README does: one pass, hybrid binarizer,
	// default hints; the multi reader, so two codes in one image can count.
	{"gozxing", func(img image.Image) (texts, latin1 []string) {
		bmp, err := gozxing.NewBinaryBitmapFromImage(img)
		if err != nil {
			return nil, nil
		}
		results, _ := multiqr.NewQRCodeMultiReader().DecodeMultiple(bmp, nil)
		for _, r := range results {
			texts = append(texts, r.GetText())
			var b []byte
			if segs, ok := r.GetResultMetadata()[gozxing.ResultMetadataType_BYTE_SEGMENTS].([][]byte); ok {
				b = bytes.Join(segs, nil)
			}
			latin1 = append(latin1, asLatin1(b))
		}
		return texts, latin1
	}},
}

func asLatin1(b []byte) string {
	r := make([]rune, len(b))
	for i, c := range b {
		r[i] = rune(c)
	}
	return string(r)
}

// decodeCmd decodes every image of a manifest with each decoder, -rounds
// times, images in the outer loop so load from elsewhere hits both alike.
func decodeCmd(args []string) (any, error) {
	fs := flag.NewFlagSet("decode", flag.ContinueOnError)
	dir := fs.String("dir", "", "directory holding manifest.json")
	rounds := fs.Int("rounds", 3, "timed decodes per image and decoder")
	only := fs.String("set", "", "decode only this set (clean or hard)")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	b, err := os.ReadFile(filepath.Join(*dir, "manifest.json"))
	if err != nil {
		return nil, err
	}
	var list []Image
	if err := json.Unmarshal(b, &list); err != nil {
		return nil, err
	}
	var out []DecodeResult
	for i, im := range list {
		if *only != "" && im.Set != *only {
			continue
		}
		f, err := os.ReadFile(filepath.Join(*dir, im.File))
		if err != nil {
			return nil, err
		}
		img, err := png.Decode(bytes.NewReader(f))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", im.File, err)
		}
		if i == 0 {
			// untimed: lets WebAssembly tier up before the first timing
			for range 3 {
				for _, d := range decoders {
					d.Decode(img)
				}
			}
		}
		res := make([]DecodeResult, len(decoders))
		for r := 0; r < *rounds; r++ {
			for i, d := range decoders {
				runtime.GC()
				start := time.Now()
				found, latin1 := d.Decode(img)
				res[i].Ms = append(res[i].Ms, float64(time.Since(start).Microseconds())/1000)
				if r == 0 {
					ok := sameSet(found, im.Texts)
					if im.Set == "real" {
						ok = slices.Contains(found, im.Texts[0]) || slices.Contains(latin1, im.Texts[0])
					}
					res[i] = DecodeResult{Decoder: d.Name, File: im.File, Set: im.Set, Class: im.Class, Source: im.Source,
						OK: ok, Found: found, Ms: res[i].Ms}
				}
			}
		}
		out = append(out, res...)
	}
	return out, nil
}

// sameSet says whether a decoder found exactly the codes in the image, in
// any order.
func sameSet(found, want []string) bool {
	a, b := slices.Clone(found), slices.Clone(want)
	slices.Sort(a)
	slices.Sort(b)
	return len(a) > 0 && slices.Equal(slices.Compact(a), slices.Compact(b))
}
