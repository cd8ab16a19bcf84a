package scan

import (
	"cmp"
	"image"
	"math"
	"slices"
	"testing"

	"github.com/makiuchi-d/gozxing"

	"qrkeyless/core/scan/hardset"
)

// The byte-bitmap binarizers are ports of gozxing's: on every image of
// the hard set they must call the same pixels dark.
func TestBinarizersMatchGozxing(t *testing.T) {
	set := loadHardSet(t)
	tests := []struct {
		name string
		ours func(*plane) *bitmap
		them binarizer
	}{
		{"hybrid", hybridBits, hybrid},
		{"global histogram", globalBits, global},
		{"local mean", localBits(2), local(2)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for i, s := range set[:40] {
				p := luminance(s.Image, 0)
				src, _ := gozxing.NewPlanarYUVLuminanceSource(p.pix, p.w, p.h, 0, 0, p.w, p.h, false)
				want, err := tt.them(src).GetBlackMatrix()
				got := tt.ours(p)
				row := make([]byte, p.w)
				for y := 0; y < p.h; y++ {
					got.row(y, row)
					for x, v := range row {
						w := err == nil && want.Get(x, y)
						if (v == 1) != w {
							t.Fatalf("sample %d (%s): pixel %d,%d dark=%v, gozxing says %v", i, s.Class, x, y, v == 1, w)
						}
					}
				}
			}
		})
	}
}

func TestFitHomography(t *testing.T) {
	// Module points and the image points a known projective map puts
	// them at; the fit must give the map back.
	maps := []homography{
		{2, 0, 10, 0, 2, 20, 0, 0},                // scale and shift
		{1.5, -0.4, 100, 0.3, 1.7, 50, 0, 0},      // affine
		{3, 0.2, 40, -0.1, 2.5, 60, 0.004, 0.002}, // a steep tilt
		{1, 0, 0, 0, 1, 0, -0.01, 0},              // the right edge receding
	}
	for i, m := range maps {
		var mod, img [][2]float64
		for _, u := range []float64{0, 3.5, 7, 20, 33} {
			for _, v := range []float64{0, 7, 33} {
				x, y := m.apply(u, v)
				mod = append(mod, [2]float64{u, v})
				img = append(img, [2]float64{x, y})
			}
		}
		got, ok := fitHomography(mod, img)
		if !ok {
			t.Fatalf("map %d: no fit", i)
		}
		for _, p := range [][2]float64{{1, 1}, {16.5, 16.5}, {30, 2}} {
			wx, wy := m.apply(p[0], p[1])
			gx, gy := got.apply(p[0], p[1])
			if math.Hypot(gx-wx, gy-wy) > 1e-6*math.Max(1, math.Hypot(wx, wy)) {
				t.Errorf("map %d at %v: got %.4f,%.4f, want %.4f,%.4f", i, p, gx, gy, wx, wy)
			}
		}
		inv, ok := got.inverse()
		if !ok {
			t.Fatalf("map %d: no inverse", i)
		}
		x, y := got.apply(12, 5)
		if u, v := inv.apply(x, y); math.Hypot(u-12, v-5) > 1e-6 {
			t.Errorf("map %d: inverse gives %.4f,%.4f, want 12,5", i, u, v)
		}
	}
}

// photoFloor is the share of each photo class Decode must read on a test
// seed of the photo corpus (make bench measures the bench seed against
// zxing-cpp); plain gozxing reads less of every class but three-codes.
var photoFloor = map[string]float64{
	"focus-blur": 0.4, // focus blur of half a module and more: zxing-cpp reads a fifth
}

// The grid detector reads what gozxing's cannot: codes seen 45 degrees
// off their axis, bent round a bottle or through a wide lens.
func TestPhotoClasses(t *testing.T) {
	if testing.Short() {
		t.Skip("draws 75 photos")
	}
	set, err := hardset.Photos(11, 5)
	if err != nil {
		t.Fatal(err)
	}
	type tally struct{ ours, plain, total int }
	counts := map[string]*tally{}
	for _, s := range set {
		tl := counts[s.Class]
		if tl == nil {
			tl = &tally{}
			counts[s.Class] = tl
		}
		tl.total++
		codes, _ := Decode(s.Image, Options{})
		if sameSet(texts(codes), s.Texts) && len(codes) == len(s.Texts) {
			tl.ours++
		}
		if sameSet(plain(s.Image), s.Texts) {
			tl.plain++
		}
	}
	for _, class := range hardset.PhotoClasses {
		tl := counts[class]
		t.Logf("%-20s ladder %d/%d   plain gozxing %d/%d", class, tl.ours, tl.total, tl.plain, tl.total)
		floor, ok := photoFloor[class]
		if !ok {
			floor = 0.8
		}
		if float64(tl.ours) < floor*float64(tl.total) || tl.ours < tl.plain {
			t.Errorf("%s: ladder read %d of %d (plain gozxing %d), want at least %.0f%% and no fewer than gozxing", class, tl.ours, tl.total, tl.plain, floor*100)
		}
	}
}

// Each finder's outline is found where the code was drawn, however the
// code is turned or tilted: the finder found nearest each of the code's
// three finder corners has an outline, its corners within the code's
// bounds. (Other patterns the search finds in the code's data need none.)
func TestFinderOutlines(t *testing.T) {
	set, err := hardset.Photos(12, 3, "perspective-45", "mirrored", "cylinder")
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range set {
		p := luminance(s.Image, 0)
		fs := findFinders(hybridBits(p), 3)
		if len(fs) < 3 {
			t.Errorf("sample %d (%s): %d finders", i, s.Class, len(fs))
			continue
		}
		q := s.Quads[0]
		box := image.Rect(int(min(q[0][0], q[1][0], q[2][0], q[3][0]))-3, int(min(q[0][1], q[1][1], q[2][1], q[3][1]))-3,
			int(max(q[0][0], q[1][0], q[2][0], q[3][0]))+3, int(max(q[0][1], q[1][1], q[2][1], q[3][1]))+3)
		for _, k := range []int{0, 1, 3} { // top-left, top-right, bottom-left
			f := slices.MinFunc(fs, func(a, b *finder) int {
				return cmp.Compare(math.Hypot(a.x-q[k][0], a.y-q[k][1]), math.Hypot(b.x-q[k][0], b.y-q[k][1]))
			})
			if !f.fitQuad(hybridBits(p)) {
				t.Errorf("sample %d (%s): finder at %.0f,%.0f has no outline", i, s.Class, f.x, f.y)
				continue
			}
			for _, c := range f.quad {
				if !image.Pt(int(c[0]), int(c[1])).In(box) {
					t.Errorf("sample %d (%s): outline corner %.0f,%.0f outside the code %v", i, s.Class, c[0], c[1], box)
				}
			}
		}
	}
}
