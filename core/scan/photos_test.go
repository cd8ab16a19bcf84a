package scan

import (
	"testing"

	"qrkeyless/core/scan/hardset"
)

// realFloor is how many of the real photographs in testdata/photos
// (hardset.Real) Decode must read, as taken and turned a quarter, counted
// on the pictures whose text another reader gave (jsQR's or zxing-cpp's;
// photos.tsv): 158 of them. It only rises. On the same pictures zxing-cpp
// (zxing-wasm 3.1.4) reads 148 and 147, jsQR 149 and 140 (make bench, the
// Real photos section of BENCHMARKS.md); since the ladder's last rung
// (flattened, inverted) Decode reads every one zxing-cpp reads.
var realFloor = map[string]int{"as taken": 150, "turned 90°": 150}

// oursFloor is the same for the 9 pictures no other reader here reads,
// whose text our decoder gave: it must keep reading them.
var oursFloor = map[string]int{"as taken": 9, "turned 90°": 9}

func TestRealPhotos(t *testing.T) {
	names, set, err := hardset.Real("testdata/photos")
	if err != nil {
		t.Fatal(err)
	}
	for _, turn := range []string{"as taken", "turned 90°"} {
		read, others, ours, oursRead := 0, 0, 0, 0
		var missed []string
		for i, s := range set {
			img := s.Image
			if turn != "as taken" {
				img = hardset.Turned(img)
			}
			codes, _ := Decode(img, Options{})
			ok := reads(codes, s.Texts[0])
			if s.Class == hardset.SourceOurs {
				ours++
				if ok {
					oursRead++
				}
				continue
			}
			others++
			if ok {
				read++
			} else {
				missed = append(missed, names[i])
			}
		}
		t.Logf("%s: %d of %d read by another reader, %d of %d only ours; missed %v", turn, read, others, oursRead, ours, missed)
		if read < realFloor[turn] || oursRead < oursFloor[turn] {
			t.Errorf("%s: read %d of %d (floor %d) and %d of %d only ours read (floor %d)",
				turn, read, others, realFloor[turn], oursRead, ours, oursFloor[turn])
		}
	}
}
