package scan

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"qrkeyless/core/scan/hardset"
)

// The faint set (hardset.Faint): codes of versions 2 to 15 whose dark and
// light lie 10 to 25 grey levels apart under Gaussian noise of 4 to 12,
// three pictures a cell, seed 1. zxing-cpp (zxing-wasm 3.1.4, its default
// options) reads 48 of the 144 pictures, 52 with tryDenoise; jsQR none.
// Decode read 91 before its denoised rung thresholded at Otsu's level,
// and reads 129 since, every picture zxing-cpp reads among them. make
// test also has zxing-cpp read the set and holds Decode to at least its
// count at every contrast (e2e/agreement/faint.mjs).
const (
	faintSeed    = 1
	faintPerCell = 3
	faintFloor   = 129 // only rises
)

func TestFaintSet(t *testing.T) {
	if testing.Short() {
		t.Skip("decodes 144 noisy pictures")
	}
	set, err := hardset.Faint(faintSeed, faintPerCell)
	if err != nil {
		t.Fatal(err)
	}
	read, byContrast := 0, map[int]int{}
	for _, s := range set {
		codes, _ := Decode(s.Image, Options{})
		for _, c := range codes {
			if c.Text != s.Texts[0] {
				t.Errorf("%s: decoded %q, which is not in the picture", s.Class, c.Text)
			}
		}
		if reads(codes, s.Texts[0]) {
			read++
			var v, c int
			var n float64
			fmt.Sscanf(s.Class, "v%d c%d n%g", &v, &c, &n)
			byContrast[c]++
		}
	}
	t.Logf("faint set: Decode reads %d of %d (by contrast %v)", read, len(set), byContrast)
	if read < faintFloor {
		t.Errorf("Decode reads %d of the faint set's %d pictures, under its floor of %d", read, len(set), faintFloor)
	}
}

// faintEntry is one picture of the faint set as its manifest lists it.
type faintEntry struct {
	File  string   `json:"file"`
	Set   string   `json:"set"` // "faint", as the corpora of rungs_test.go name their sets
	Class string   `json:"class"`
	Texts []string `json:"texts"`
	Ours  bool     `json:"ours"` // Decode read it
}

// TestWriteFaintSet writes the faint set to $QR_FAINT_DIR (as TestFaintSet
// reads it; $QR_FAINT_SEED and $QR_FAINT_PER draw another) with what
// Decode read of each picture, for zxing-cpp and jsQR to read
// (e2e/agreement/faint.mjs, in make test). Without the variable it is
// skipped.
func TestWriteFaintSet(t *testing.T) {
	dir := os.Getenv("QR_FAINT_DIR")
	if dir == "" {
		t.Skip("QR_FAINT_DIR is not set")
	}
	seed, per := int64(faintSeed), faintPerCell
	if s := os.Getenv("QR_FAINT_SEED"); s != "" {
		seed, _ = strconv.ParseInt(s, 10, 64)
	}
	if s := os.Getenv("QR_FAINT_PER"); s != "" {
		per, _ = strconv.Atoi(s)
	}
	set, err := hardset.Faint(seed, per)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	var list []faintEntry
	read := 0
	for i, s := range set {
		name := fmt.Sprintf("%04d.png", i)
		if err := writePNG(filepath.Join(dir, name), s.Image); err != nil {
			t.Fatal(err)
		}
		codes, _ := Decode(s.Image, Options{})
		ok := reads(codes, s.Texts[0])
		if ok {
			read++
		}
		list = append(list, faintEntry{name, "faint", s.Class, s.Texts, ok})
	}
	b, _ := json.MarshalIndent(list, "", " ")
	if err := os.WriteFile(filepath.Join(dir, "manifest.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("faint set, seed %d: Decode reads %d of %d", seed, read, len(set))
}
