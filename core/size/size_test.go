package size

import (
	"errors"
	"fmt"
	"math"
	"net/url"
	"slices"
	"strings"
	"testing"

	"qrkeyless/core/problem"
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
		// One width to act on, the hand-worked one, quiet zone included.
		if want := fmt.Sprintf("at least %.1f mm wide (%d ", tt.minSizeMM, a.MinSizePx); !strings.Contains(a.Print, want) {
			t.Errorf("%s: print says %q, want %q in it", tt.name, a.Print, want)
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

func TestRead(t *testing.T) {
	tests := []struct {
		query string
		want  Input
		field string // of the problem, "" for none
	}{
		{"data=hi&medium=poster&dpi=600&ec=H", Input{Text: "hi", Medium: "poster", DPI: 600, EC: "H"}, ""},
		{"text=hi&distance_m=2.5", Input{Text: "hi", DistanceM: 2.5}, ""}, // an alias of data
		{"length=120&medium=flyer", Input{Bytes: 120, Medium: "flyer"}, ""},
		{"length=many", Input{}, "length"},
		{"data=a&distance_m=far", Input{}, "distance_m"},
		{"data=a&dpi=3.5", Input{}, "dpi"},
		{"data=a&text=b", Input{}, "data"}, // two values for one parameter
	}
	for _, tt := range tests {
		q, _ := url.ParseQuery(tt.query)
		in, p := Read(problem.Call{Path: "/api/v1/size", Query: q})
		switch {
		case tt.field == "" && p != nil:
			t.Errorf("%s: %v", tt.query, p)
		case tt.field == "" && in != tt.want:
			t.Errorf("%s: got %+v, want %+v", tt.query, in, tt.want)
		case tt.field != "" && (p == nil || p.Field != tt.field || p.Status != 400):
			t.Errorf("%s: got %+v, want a 400 on %s", tt.query, p, tt.field)
		}
	}
}

func TestAdviseFixes(t *testing.T) {
	tests := []struct {
		query, field, fix string
	}{
		{"medium=poster", "data", "/api/v1/size?data=https%3A%2F%2Fexample.com&medium=poster"},
		{"data=x", "distance_m", "/api/v1/size?data=x&distance_m=1.5"},
		{"data=x&medium=bus", "medium", "/api/v1/size?data=x&medium=poster"},
		{"length=2000&ec=H&distance_m=1", "length", "/api/v1/size?distance_m=1&ec=L&length=2000"},
		{"length=4000&distance_m=1", "length", "Shorten the data to at most 2953 bytes."},
		{"data=x&distance_m=abc", "distance_m", "/api/v1/size?data=x&distance_m=1.5"},
	}
	for _, tt := range tests {
		q, _ := url.ParseQuery(tt.query)
		_, p := Advise(problem.Call{Path: "/api/v1/size", Query: q})
		if p == nil || p.Field != tt.field || p.Fix != tt.fix {
			t.Errorf("%s: got %+v, want field %s fix %s", tt.query, p, tt.field, tt.fix)
		}
	}
}

// Every parameter Read takes is in Params, with an example, so the schemas
// written from Params describe exactly what is read.
func TestParamsTable(t *testing.T) {
	var names []string
	for _, p := range Params() {
		names = append(names, p.Name)
		if p.Example == "" || p.Help == "" {
			t.Errorf("%s has no example or help", p.Name)
		}
	}
	if want := []string{"data", "length", "distance_m", "medium", "dpi", "ec", "symbol"}; !slices.Equal(names, want) {
		t.Errorf("params %v, want %v", names, want)
	}
}

// TestRecommendFamily: the advice for Micro QR and rMQR counts their own
// modules across and down and their 2-module quiet zone, and its URL
// makes the symbol it measured.
func TestRecommendFamily(t *testing.T) {
	for _, tc := range []struct {
		in                   Input
		name                 string
		modules, rows, quiet int
	}{
		{Input{Text: "12345", Symbol: "micro", Medium: "business-card"}, "M2", 13, 13, 2},
		{Input{Text: "HELLO WORLD", Symbol: "rmqr", DistanceM: 0.3}, "R13x27", 27, 13, 2},
		{Input{Text: "12345", Symbol: "micro", EC: "none", DistanceM: 0.1}, "M1", 11, 11, 2},
		{Input{Text: "12345", DistanceM: 0.3}, "1", 21, 21, 4},
	} {
		a, err := Recommend(tc.in)
		if err != nil {
			t.Fatalf("%+v: %v", tc.in, err)
		}
		if a.VersionName != tc.name || a.Modules != tc.modules || a.Rows != tc.rows || a.QuietZone != tc.quiet {
			t.Errorf("%+v: %s %dx%d quiet %d, want %s %dx%d quiet %d", tc.in, a.VersionName, a.Modules, a.Rows, a.QuietZone, tc.name, tc.modules, tc.rows, tc.quiet)
		}
		// The widths follow from the module and the counts.
		if want := round(a.ModuleMM*float64(tc.modules+2*tc.quiet), 1); a.MinSizeMM != want {
			t.Errorf("%s: min_size_mm %v, want %v", tc.name, a.MinSizeMM, want)
		}
		if want := round(a.ModuleMM*float64(tc.rows+2*tc.quiet), 1); a.MinHeightMM != want {
			t.Errorf("%s: min_height_mm %v, want %v", tc.name, a.MinHeightMM, want)
		}
		if tc.in.Symbol != "" && !strings.Contains(a.RecommendedURL, "symbol="+tc.in.Symbol) {
			t.Errorf("%s: %s makes another symbol", tc.name, a.RecommendedURL)
		}
	}
	for _, in := range []Input{
		{Text: "x", Symbol: "micro", EC: "H", DistanceM: 1},
		{Text: "x", Symbol: "rmqr", EC: "L", DistanceM: 1},
		{Text: "x", EC: "none", DistanceM: 1},
		{Text: "x", Symbol: "aztec", DistanceM: 1},
	} {
		if _, err := Recommend(in); err == nil {
			t.Errorf("%+v: advice, want an error", in)
		}
	}
}
