package hardset

import (
	"bytes"
	"image"
	"image/color"
	"math"
	"slices"
	"testing"
)

func TestGenerateIsDeterministic(t *testing.T) {
	a, err := Generate(7, 1)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Generate(7, 1)
	c, _ := Generate(8, 1)
	if len(a) != len(Classes) {
		t.Fatalf("got %d samples, want one per class (%d)", len(a), len(Classes))
	}
	differ := false
	for i := range a {
		if a[i].Class != Classes[i] || !slices.Equal(a[i].Texts, b[i].Texts) || !samePixels(a[i].Image, b[i].Image) {
			t.Errorf("sample %d (%s) differs between two runs with one seed", i, a[i].Class)
		}
		differ = differ || !slices.Equal(a[i].Texts, c[i].Texts)
	}
	if !differ {
		t.Error("seeds 7 and 8 gave the same texts")
	}
}

func samePixels(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				return false
			}
		}
	}
	return true
}

// The quads are the ground truth for corner points, so check them against
// the pixels: three corners of every code belong to finder patterns, whose
// outer ring is dark, and the quiet zone just outside is light.
func TestQuadsMarkTheCodes(t *testing.T) {
	set, err := Generate(3, 2)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range set {
		if len(s.Quads) != len(s.Texts) {
			t.Fatalf("%s: %d quads for %d texts", s.Class, len(s.Quads), len(s.Texts))
		}
		switch s.Class {
		case "clean", "rotated-15", "perspective", "small-in-photo", "two-codes":
		default:
			continue // blur, noise and colour changes blur the test too
		}
		for _, q := range s.Quads {
			centre := [2]float64{(q[0][0] + q[2][0]) / 2, (q[0][1] + q[2][1]) / 2}
			for _, k := range []int{0, 1, 3} { // top-left, top-right, bottom-left finders
				inside := towards(q[k], centre, 0.006)
				outside := towards(q[k], centre, -0.006)
				if l := lum(s.Image, inside); l > 100 {
					t.Errorf("%s: corner %d at %.0f,%.0f: just inside is grey %d, want dark", s.Class, k, q[k][0], q[k][1], l)
				}
				if l := lum(s.Image, outside); l < 160 {
					t.Errorf("%s: corner %d at %.0f,%.0f: just outside is grey %d, want light", s.Class, k, q[k][0], q[k][1], l)
				}
			}
		}
	}
}

// towards moves from p a fraction f of the way to q.
func towards(p, q [2]float64, f float64) image.Point {
	return image.Pt(int(p[0]+f*(q[0]-p[0])), int(p[1]+f*(q[1]-p[1])))
}

func lum(img image.Image, p image.Point) int {
	g := color.GrayModel.Convert(img.At(p.X, p.Y)).(color.Gray)
	return int(g.Y)
}

// The photo corpus is the same for the same seed, holds every class
// perClass times, and says what each image holds.
func TestPhotosAreDeterministic(t *testing.T) {
	a, err := Photos(2, 2)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Photos(2, 2)
	if len(a) != 2*len(PhotoClasses) {
		t.Fatalf("%d samples, want %d", len(a), 2*len(PhotoClasses))
	}
	for i := range a {
		pa, _ := a[i].Image.(*image.NRGBA) // the JPEG class is *image.YCbCr: its texts are checked, not its pixels
		pb, _ := b[i].Image.(*image.NRGBA)
		if a[i].Class != PhotoClasses[i/2] || len(a[i].Texts) == 0 || len(a[i].Texts) != len(a[i].Quads) {
			t.Errorf("sample %d: class %s, %d texts, %d quads", i, a[i].Class, len(a[i].Texts), len(a[i].Quads))
		}
		if pa != nil && pb != nil && !bytes.Equal(pa.Pix, pb.Pix) {
			t.Errorf("sample %d (%s) differs between two runs", i, a[i].Class)
		}
	}
}

// The faint set is the same pixels from the same seed, one sample a cell
// in the order of its lists, and its contrast is what the class names:
// the picture's darkest and lightest tenths, averaged over 9 x 9 pixels
// (which removes most of the noise), lie about that far apart.
func TestFaintIsDeterministic(t *testing.T) {
	a, err := Faint(4, 1)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Faint(4, 1)
	if want := len(FaintVersions) * len(FaintContrasts) * len(FaintNoise); len(a) != want {
		t.Fatalf("%d samples, want %d", len(a), want)
	}
	i := 0
	for _, v := range FaintVersions {
		for _, c := range FaintContrasts {
			for _, n := range FaintNoise {
				pa, pb := a[i].Image.(*image.NRGBA), b[i].Image.(*image.NRGBA)
				if a[i].Class != FaintClass(v, c, n) || !bytes.Equal(pa.Pix, pb.Pix) {
					t.Errorf("sample %d: class %q (want %q), or its pixels differ between two runs", i, a[i].Class, FaintClass(v, c, n))
				}
				if v == 2 && n == 4 { // modules of 7 px and more: a 9 x 9 mean lies inside one
					if got := spread(pa); math.Abs(got-float64(c)) > 4 {
						t.Errorf("%s: dark and light %.1f grey levels apart", a[i].Class, got)
					}
				}
				i++
			}
		}
	}
}

// spread is how far apart the darkest and the lightest of img's 9 x 9
// means lie, taking the tenth at each end.
func spread(img *image.NRGBA) float64 {
	var means []float64
	b := img.Bounds()
	for y := 0; y+9 <= b.Dy(); y += 9 {
		for x := 0; x+9 <= b.Dx(); x += 9 {
			sum := 0
			for dy := range 9 {
				for dx := range 9 {
					sum += int(img.Pix[(y+dy)*img.Stride+4*(x+dx)])
				}
			}
			means = append(means, float64(sum)/81)
		}
	}
	slices.Sort(means)
	return means[len(means)*95/100] - means[len(means)*5/100]
}
