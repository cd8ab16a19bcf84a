package scan

import (
	"encoding/json"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// The rung table: every rung of the ladder, and candidates measured and
// dropped, each alone on every image of a decode corpus, then the ladder
// in its order. make bench runs it on the hard set and the photo corpus
// that `peers images` writes and puts the table in BENCHMARKS.md; the
// package doc's table was written from such a run.

// candidates are rungs measured beside the ladder's and left out: none
// reads an image the ladder's rungs do not, for its cost (see the package
// doc).
var candidates = []step{
	{"gozxing's detector, as is", asIs, zxingReader(hybrid)},
	{"gozxing's detector, global", asIs, zxingReader(global)},
	{"smoothed 3x3", denoised(1), gridReader(hybridBits)},
	{"denoised, local", denoised(2), gridReader(hybridBits)},
	{"local mean r=2", asIs, gridReader(localBits(2))},
	{"local mean r=8", asIs, gridReader(localBits(8))},
	{"Sauvola r=16", asIs, gridReader(sauvola(16, 0.3))},
	{"median 3x3", median3, gridReader(hybridBits)},
	{"contrast stretched", stretched, gridReader(hybridBits)},
}

// corpusImage is one image of a manifest that `peers images` wrote.
type corpusImage struct {
	File  string   `json:"file"`
	Set   string   `json:"set"`
	Class string   `json:"class"`
	Texts []string `json:"texts"`
	base  *plane
}

// read reports whether codes are what im holds: every code and nothing
// else, or for a real photo (set "real"), its one text among them.
func (im corpusImage) read(codes []Code) bool {
	if im.Set == "real" {
		return reads(codes, im.Texts[0])
	}
	return len(codes) == len(im.Texts) && sameSet(texts(codes), im.Texts)
}

// rungRow is one rung's line of the table.
type rungRow struct {
	Rung      string         `json:"rung"`
	InLadder  bool           `json:"in_ladder"`
	Alone     int            `json:"alone"`       // images it reads by itself
	AloneMs   float64        `json:"alone_ms"`    // its mean time an image, by itself
	PerClass  map[string]int `json:"per_class"`   // images it reads by itself, per class
	Gain      int            `json:"gain"`        // images it adds in the ladder, after the rungs before it
	Reached   int            `json:"reached"`     // images the ladder tries it on
	ReachedMs float64        `json:"reached_ms"`  // its time over those, summed
	PerMs     float64        `json:"gain_per_ms"` // Gain / ReachedMs
}

// TestRungTable measures the rungs on the corpora in $QR_RUNGS_DIRS
// (comma-separated directories holding a manifest.json; the clean set is
// left out, real photos are in) and writes the table as JSON to
// $QR_RUNGS_OUT. Without the variable it is skipped.
func TestRungTable(t *testing.T) {
	dirs := os.Getenv("QR_RUNGS_DIRS")
	if dirs == "" {
		t.Skip("QR_RUNGS_DIRS is not set")
	}
	var set []corpusImage
	for _, dir := range strings.Split(dirs, ",") {
		b, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
		if err != nil {
			t.Fatal(err)
		}
		var list []corpusImage
		if err := json.Unmarshal(b, &list); err != nil {
			t.Fatal(err)
		}
		for _, im := range list {
			if im.Set == "clean" {
				continue
			}
			f, err := os.Open(filepath.Join(dir, im.File))
			if err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(f)
			f.Close()
			if err != nil {
				t.Fatal(err)
			}
			im.base = luminance(img, maxSide)
			set = append(set, im)
		}
	}
	// Each rung alone on each image: whether it reads it, and how long
	// it takes (the best of three, against noise from elsewhere).
	all := append(slices.Clone(ladder), candidates...)
	ok := make([][]bool, len(all))
	ms := make([][]float64, len(all))
	for r, s := range all {
		ok[r], ms[r] = make([]bool, len(set)), make([]float64, len(set))
		for i, im := range set {
			best := math.Inf(1)
			for range 3 {
				start := time.Now()
				codes, _ := climbWithin(im.base, []step{s}, newBounds(Options{Budget: time.Minute, MaxWork: math.MaxInt32}))
				best = min(best, float64(time.Since(start).Microseconds())/1000)
				ok[r][i] = im.read(codes)
			}
			ms[r][i] = best
		}
	}
	rows := make([]rungRow, len(all))
	read := make([]bool, len(set)) // by the ladder's rungs so far
	for r, s := range all {
		row := rungRow{Rung: s.name, InLadder: r < len(ladder), PerClass: map[string]int{}}
		for i, im := range set {
			row.AloneMs += ms[r][i] / float64(len(set))
			if ok[r][i] {
				row.Alone++
				row.PerClass[im.Class]++
			}
			if read[i] {
				continue
			}
			row.Reached++
			row.ReachedMs += ms[r][i]
			if ok[r][i] {
				row.Gain++
			}
		}
		if row.InLadder {
			for i := range set {
				read[i] = read[i] || ok[r][i]
			}
		}
		if row.ReachedMs > 0 {
			row.PerMs = float64(row.Gain) / row.ReachedMs
		}
		rows[r] = row
		t.Logf("%-28s ladder=%-5v alone %3d/%d %6.2f ms   gain %3d over %3d reached, %7.1f ms: %.3f/ms",
			row.Rung, row.InLadder, row.Alone, len(set), row.AloneMs, row.Gain, row.Reached, row.ReachedMs, row.PerMs)
	}
	n := 0
	for _, r := range read {
		if r {
			n++
		}
	}
	t.Logf("the ladder reads %d of %d", n, len(set))
	if out := os.Getenv("QR_RUNGS_OUT"); out != "" {
		b, _ := json.MarshalIndent(map[string]any{"images": len(set), "ladder_reads": n, "rows": rows}, "", " ")
		if err := os.WriteFile(out, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// sauvola thresholds each pixel at m (1 + k (s/128 - 1)) for the mean m
// and deviation s of the (2r+1)-square around it (Sauvola and
// Pietikäinen's rule for documents).
func sauvola(r int, k float64) func(p *plane) *bitmap {
	return func(p *plane) *bitmap {
		w, h := p.w, p.h
		sat := make([]float64, (w+1)*(h+1))
		sq := make([]float64, (w+1)*(h+1))
		for y := range h {
			run, run2 := 0.0, 0.0
			for x := range w {
				v := float64(p.pix[y*w+x])
				run += v
				run2 += v * v
				sat[(y+1)*(w+1)+x+1] = sat[y*(w+1)+x+1] + run
				sq[(y+1)*(w+1)+x+1] = sq[y*(w+1)+x+1] + run2
			}
		}
		level := make([]int16, w*h)
		box := func(t []float64, x0, y0, x1, y1 int) float64 {
			return t[y1*(w+1)+x1] - t[y0*(w+1)+x1] - t[y1*(w+1)+x0] + t[y0*(w+1)+x0]
		}
		for y := range h {
			y0, y1 := max(0, y-r), min(h, y+r+1)
			for x := range w {
				x0, x1 := max(0, x-r), min(w, x+r+1)
				n := float64((y1 - y0) * (x1 - x0))
				m := box(sat, x0, y0, x1, y1) / n
				sd := math.Sqrt(max(0, box(sq, x0, y0, x1, y1)/n-m*m))
				level[y*w+x] = int16(m * (1 + k*(sd/128-1)))
			}
		}
		id := func(i int) int { return i }
		return blockMap(p, level, w, id, id)
	}
}

// median3 replaces each pixel by the median of its 3 x 3 neighbourhood.
func median3(base *plane) (*plane, bool) {
	out := newPlane(base.w, base.h, base.back)
	var win [9]byte
	for y := range base.h {
		for x := range base.w {
			k := 0
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					xx, yy := min(base.w-1, max(0, x+dx)), min(base.h-1, max(0, y+dy))
					win[k] = base.pix[yy*base.w+xx]
					k++
				}
			}
			slices.Sort(win[:])
			out.pix[y*base.w+x] = win[4]
		}
	}
	return out, true
}
