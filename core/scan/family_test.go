package scan

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"

	xdraw "golang.org/x/image/draw"

	"qrkeyless/core/qr"
	"qrkeyless/core/scan/hardset"
	"qrkeyless/internal/oracle"
)

// familyCase is a symbol zxing-cpp's writer (zint) made, and what it holds.
type familyCase struct {
	symbol, version, ec, text string
	m                         oracle.Matrix
}

// zintSymbols makes, with zxing-cpp's writer, every Micro QR version and
// level under each mask, and every rMQR size at M and H, each holding a
// text of digits, capitals or lower case (so that zint writes it as one
// segment) that fills about half of it.
func zintSymbols(t *testing.T) []familyCase {
	var cs []familyCase
	var specs []oracle.Spec
	sets := []string{"0123456789", "ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:", "abcdefghijklmnopqrstuvwxyz, é!"}
	text := func(set string, n, seed int) string {
		var b strings.Builder
		for i := 0; b.Len() < n; i++ {
			r := []rune(set)
			b.WriteRune(r[(i*7+seed)%len(r)])
		}
		return b.String()
	}
	for v := 1; v <= 4; v++ {
		for _, l := range qr.MicroLevels(v) {
			for m := range 4 {
				set := sets[min(v-1, (v+m)%3)] // M1 digits only, M2 no bytes
				if v == 2 {
					set = sets[m%2]
				}
				n := []int{5, 8, 9, 14}[v-1]
				if v > 1 && l > qr.L {
					n = n * 2 / 3
				}
				opt := fmt.Sprintf("version=%d,dataMask=%d", v, m)
				if l != qr.DetectOnly {
					opt += ",ecLevel=" + l.String()
				}
				tx := text(set, n/2+1, v+m)
				cs = append(cs, familyCase{"micro", fmt.Sprintf("M%d", v), l.String(), tx, oracle.Matrix{}})
				specs = append(specs, oracle.Spec{Format: "MicroQRCode", Text: tx, Options: opt})
			}
		}
	}
	for v := 1; v <= 32; v++ {
		for _, l := range qr.RMQRLevels {
			w, _ := qr.RMQRSize(v)
			tx := text(sets[v%3], max(1, w/(8*(1+int(l)/2))), v)
			cs = append(cs, familyCase{"rmqr", qr.VersionName(qr.RMQR, v), l.String(), tx, oracle.Matrix{}})
			specs = append(specs, oracle.Spec{Format: "RMQRCode", Text: tx, Options: fmt.Sprintf("version=%d,ecLevel=%v", v, l)})
		}
	}
	ms, errs := oracle.Write(t, specs)
	for i := range cs {
		if errs[i] != nil {
			t.Fatalf("%s %s-%s %q: %v", cs[i].symbol, cs[i].version, cs[i].ec, cs[i].text, errs[i])
		}
		cs[i].m = ms[i]
	}
	return cs
}

// picture draws m at scale pixels a module with a 2-module quiet zone.
func picture(t *testing.T, m oracle.Matrix, scale int) image.Image {
	img, err := png.Decode(bytes.NewReader(oracle.Picture(m, scale, 2)))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// degradations are what a decode of zxing-cpp's symbols must survive.
var degradations = []struct {
	name string
	f    func(image.Image) image.Image
}{
	{"clean", func(img image.Image) image.Image { return img }},
	{"scaled to 2.5 px a module", func(img image.Image) image.Image { return scaled(img, 2.5/4) }},
	{"scaled to 7 px a module", func(img image.Image) image.Image { return scaled(img, 7.0/4) }},
	{"turned 90°", func(img image.Image) image.Image { return hardset.Turned(img) }},
	{"turned 270°", func(img image.Image) image.Image { return hardset.Turned(hardset.Turned(hardset.Turned(img))) }},
	{"blurred", blurred},
	{"blurred, scaled to 3 px", func(img image.Image) image.Image { return blurred(scaled(img, 3.0/4)) }},
}

// scaled resamples img bilinearly by f.
func scaled(img image.Image, f float64) image.Image {
	b := img.Bounds()
	out := image.NewGray(image.Rect(0, 0, int(float64(b.Dx())*f), int(float64(b.Dy())*f)))
	xdraw.BiLinear.Scale(out, out.Bounds(), img, b, xdraw.Src, nil)
	return out
}

// blurred softens img with the 3x3 kernel [1 2 1]x[1 2 1]/16, a slight
// defocus.
func blurred(img image.Image) image.Image {
	b := img.Bounds()
	out := image.NewGray(b)
	at := func(x, y int) int {
		x, y = min(max(x, b.Min.X), b.Max.X-1), min(max(y, b.Min.Y), b.Max.Y-1)
		return int(color.GrayModel.Convert(img.At(x, y)).(color.Gray).Y)
	}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			s := 4*at(x, y) + 2*(at(x-1, y)+at(x+1, y)+at(x, y-1)+at(x, y+1)) + at(x-1, y-1) + at(x+1, y-1) + at(x-1, y+1) + at(x+1, y+1)
			out.SetGray(x, y, color.Gray{uint8((s + 8) / 16)})
		}
	}
	return out
}

// TestDecodeZXingWritten: Decode reads the Micro QR and rMQR symbols
// zxing-cpp's writer makes, clean and degraded, to the exact text, and
// says which symbol, version and level each is.
func TestDecodeZXingWritten(t *testing.T) {
	cs := zintSymbols(t)
	for _, d := range degradations {
		read := map[string]int{}
		all := map[string]int{}
		for _, c := range cs {
			all[c.symbol]++
			codes, err := Decode(d.f(picture(t, c.m, 4)), Options{})
			if err != nil || len(codes) != 1 {
				t.Errorf("%s: %s %s-%s %q: %d codes, %v", d.name, c.symbol, c.version, c.ec, c.text, len(codes), err)
				continue
			}
			got := codes[0]
			if got.Text != c.text || got.Symbol != c.symbol || got.VersionName != c.version || got.EC != c.ec || len(got.Points) != 4 {
				t.Errorf("%s: %s %s-%s %q: read %s %s-%s %q", d.name, c.symbol, c.version, c.ec, c.text, got.Symbol, got.VersionName, got.EC, got.Text)
				continue
			}
			read[c.symbol]++
		}
		t.Logf("%-26s Micro QR %d of %d, rMQR %d of %d", d.name, read["micro"], all["micro"], read["rmqr"], all["rmqr"])
	}
}

// perspective views img tilted back: its top edge narrower than its
// bottom by k of its width, a projective map.
func perspective(img image.Image, k float64) image.Image {
	b := img.Bounds()
	w, h := float64(b.Dx()), float64(b.Dy())
	src := [][2]float64{{0, 0}, {w, 0}, {w, h}, {0, h}}
	dst := [][2]float64{{w * k / 2, h * k / 4}, {w * (1 - k/2), h * k / 4}, {w, h}, {0, h}}
	back, _ := fitHomography(dst, src) // from the tilted picture back to img
	out := image.NewGray(image.Rect(0, 0, b.Dx(), b.Dy()))
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			sx, sy := back.apply(float64(x)+0.5, float64(y)+0.5)
			v := uint8(255)
			if sx >= 0 && sy >= 0 && sx < w && sy < h {
				v = color.GrayModel.Convert(img.At(b.Min.X+int(sx), b.Min.Y+int(sy))).(color.Gray).Y
			}
			out.SetGray(x, y, color.Gray{v})
		}
	}
	return out
}

// TestDecodeTiltedAgainstZXing: seen at a tilt, Decode reads at least as
// many of zxing-cpp's Micro QR and rMQR symbols as zxing-cpp does.
func TestDecodeTiltedAgainstZXing(t *testing.T) {
	cs := zintSymbols(t)
	for _, k := range []float64{0.1, 0.2} {
		var pics [][]byte
		ours, theirs := map[string]int{}, map[string]int{}
		for _, c := range cs {
			img := perspective(picture(t, c.m, 4), k)
			var b bytes.Buffer
			png.Encode(&b, img)
			pics = append(pics, b.Bytes())
			if codes, _ := Decode(img, Options{}); len(codes) == 1 && codes[0].Text == c.text {
				ours[c.symbol]++
			}
		}
		for i, f := range oracle.Read(t, pics) {
			if len(f) == 1 && f[0].Text == cs[i].text {
				theirs[cs[i].symbol]++
			}
		}
		t.Logf("tilt %.1f: ours Micro QR %d, rMQR %d; zxing-cpp Micro QR %d, rMQR %d of %d and %d", k, ours["micro"], ours["rmqr"], theirs["micro"], theirs["rmqr"], 32, 64)
		for _, s := range []string{"micro", "rmqr"} {
			if ours[s] < theirs[s] {
				t.Errorf("tilt %.1f: we read %d %s symbols, zxing-cpp %d", k, ours[s], s, theirs[s])
			}
		}
	}
}

// TestDecodeStructuredAppendPicture: a text split over 2, 3, 5, 8 and 16
// QR symbols, drawn side by side in one picture, decodes to the text.
func TestDecodeStructuredAppendPicture(t *testing.T) {
	text := strings.Repeat("Structured append: one text over many symbols, ünïcödé 東京 included. ", 6)
	for _, n := range []int{2, 3, 5, 8, 16} {
		seq, err := qr.Encoder{Level: qr.M}.Sequence(text, n)
		if err != nil {
			t.Fatal(err)
		}
		cols := min(n, 4)
		side := (seq[0].Size + 8) * 4
		img := image.NewGray(image.Rect(0, 0, cols*side, (n+cols-1)/cols*side))
		for i, c := range seq {
			part := picture(t, oracle.Of(c.Width, c.Height, c.Dark), 4)
			// picture's quiet zone is 2 modules; QR asks for 4.
			at := image.Pt(i%cols*side+8, i/cols*side+8)
			xdraw.Draw(img, part.Bounds().Add(at), part, image.Point{}, xdraw.Src)
		}
		for y := range img.Bounds().Dy() { // white around and between
			for x := range img.Bounds().Dx() {
				if x%side < 8 || y%side < 8 || x%side >= side-8 || y%side >= side-8 {
					img.SetGray(x, y, color.Gray{255})
				}
			}
		}
		codes, err := Decode(img, Options{})
		if err != nil || len(codes) != 1 || codes[0].Text != text || len(codes[0].Parts) != n {
			t.Errorf("%d parts: %d codes, %v", n, len(codes), err)
			for _, c := range codes {
				t.Logf("  %d parts, %q", len(c.Parts), c.Text)
			}
		}
	}
}

// TestDecodeMixedPicture: QR, Micro QR and rMQR symbols in one picture are
// each read, and each says which it is.
func TestDecodeMixedPicture(t *testing.T) {
	q, _ := qr.Encode("QR CODE", qr.M)
	m, _ := qr.MicroEncoder{Level: qr.L}.Encode("MICRO")
	r, _ := qr.RMQREncoder{Level: qr.M}.Encode("rectangular micro")
	img := image.NewGray(image.Rect(0, 0, 800, 400))
	xdraw.Draw(img, img.Bounds(), image.White, image.Point{}, xdraw.Src)
	for i, c := range []*qr.Code{q, m, r} {
		p := picture(t, oracle.Of(c.Width, c.Height, c.Dark), 5)
		at := []image.Point{{20, 20}, {300, 40}, {20, 250}}[i]
		xdraw.Draw(img, p.Bounds().Add(at), p, image.Point{}, xdraw.Src)
	}
	codes, err := Decode(img, Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, c := range codes {
		got[c.Symbol+" "+c.VersionName] = c.Text
	}
	want := map[string]string{"qr 1": "QR CODE", "micro M2": "MICRO", "rmqr " + r.VersionName(): "rectangular micro"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("read %v, want %v", got, want)
	}
}
