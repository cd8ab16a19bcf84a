package size

import (
	"errors"
	"math"
	"strings"
	"testing"
)

func TestRecommend(t *testing.T) {
	tests := []struct {
		name string
		in   Input
		// expected figures worked by hand from the rules
		version, modulePx int
		minSizeMM         float64
		rule              string
	}{
		// 30-byte URL at M: version 3 (29 modules). Poster, 1.5 m: 150 mm / 29 = 5.17 mm a module,
		// at 300 dpi ceil(61.1) = 62 px = 5.249 mm; 37 modules with quiet zone = 194.2 mm.
		{"poster", Input{Text: "https://example.com/menu?t=123", Medium: "poster"}, 3, 62, 194.2, "distance / 10"},
		// Business card 0.15 m: 15 mm / 29 = 0.517 mm, 300 dpi: ceil(6.1) = 7 px = 0.593 mm; x37 = 21.9 mm.
		{"card", Input{Text: "https://example.com/menu?t=123", Medium: "business-card"}, 3, 7, 21.9, "distance / 10"},
		// 1000 bytes at M is version 26 (121 modules; 25-M holds 997 by gozxing's tables);
		// 0.15 m gives 0.124 mm, under 0.33: 0.33 mm at 300 dpi is ceil(3.9) = 4 px = 0.339 mm; x129 = 43.7 mm.
		{"dense card", Input{Bytes: 1000, Medium: "business-card"}, 26, 4, 43.7, "at least 0.33 mm"},
		// A screen at 0.5 m, 96 dpi: 50 mm / 29 = 1.724 mm = ceil(6.5) = 7 px = 1.852 mm; x37 = 68.5 mm.
		{"screen", Input{Text: "https://example.com/menu?t=123", Medium: "screen"}, 3, 7, 68.5, "distance / 10"},
		// 3 m at 150 dpi: 300 mm / 29 = 10.345 mm = ceil(61.1) = 62 px = 10.499 mm; x37 = 388.5 mm.
		{"distance", Input{Bytes: 30, DistanceM: 3, DPI: 150}, 3, 62, 388.5, "distance / 10"},
	}
	for _, tt := range tests {
		a, err := Recommend(tt.in)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if a.Version != tt.version || a.ModulePx != tt.modulePx || math.Abs(a.MinSizeMM-tt.minSizeMM) > 0.05 || !strings.Contains(a.Rule, tt.rule) {
			t.Errorf("%s: %+v", tt.name, a)
		}
		if a.MinSizePx != a.ModulePx*(a.Modules+8) {
			t.Errorf("%s: pixels %d do not hold whole modules", tt.name, a.MinSizePx)
		}
	}
}

func TestRecommendErrors(t *testing.T) {
	for _, tt := range []struct {
		in    Input
		field string
	}{
		{Input{Medium: "poster"}, "data"},
		{Input{Bytes: 3000, Medium: "poster"}, "length"},
		{Input{Bytes: 2000, EC: "H", Medium: "poster"}, "length"},
		{Input{Text: "x"}, "distance_m"},
		{Input{Text: "x", Medium: "bus"}, "medium"},
		{Input{Text: "x", DistanceM: 1000}, "distance_m"},
		{Input{Text: "x", DistanceM: 1, DPI: 10}, "dpi"},
		{Input{Text: "x", DistanceM: 1, EC: "Z"}, "ec"},
	} {
		_, err := Recommend(tt.in)
		var ie *InputError
		if !errors.As(err, &ie) || ie.Field != tt.field {
			t.Errorf("%+v: %v, want a %s error", tt.in, err, tt.field)
		}
	}
}
