package sheet

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"qrkeyless/core/generate"
	"qrkeyless/core/params"
	"qrkeyless/core/render"
	"qrkeyless/core/request"
	"qrkeyless/core/verify"
)

// The presets are the makers' figures: every label on its paper, none
// over the next, and the grid centred as the stock is cut (the margins
// left and right, top and bottom, agree within a tenth of a millimetre).
func TestPresetsFitTheirPaper(t *testing.T) {
	for _, p := range Presets {
		l, prob := Read(request.NewCall("", url.Values{"preset": {p.Name}}))
		if prob != nil {
			t.Fatalf("%s: %v", p.Name, prob)
		}
		right := l.Paper.W - (l.Left + float64(l.Columns-1)*l.PitchX + l.W)
		bottom := l.Paper.H - (l.Top + float64(l.Rows-1)*l.PitchY + l.H)
		if math.Abs(right-l.Left) > 0.1 || math.Abs(bottom-l.Top) > 0.1 {
			t.Errorf("%s: margins left %.2f right %.2f, top %.2f bottom %.2f", p.Name, l.Left, right, l.Top, bottom)
		}
		if l.PitchX < l.W || l.PitchY < l.H {
			t.Errorf("%s: labels overlap: pitch %.2f x %.2f for %.2f x %.2f", p.Name, l.PitchX, l.PitchY, l.W, l.H)
		}
		if l.Fit(true) < 15 {
			t.Errorf("%s: a captioned code fits only %.1f mm", p.Name, l.Fit(true))
		}
	}
}

func TestRead(t *testing.T) {
	for _, tc := range []struct {
		query string
		want  string // the layout as Describe says it, or the problem's field and fix
	}{
		{"", "Avery L7160 and compatibles: 21 labels of 63.5 x 38.1 mm, 21 labels a page of 63.5 x 38.1 mm, on A4"},
		{"paper=letter", "Avery 5160 and compatibles: 30 labels of 2 5/8 x 1 in, 30 labels a page of 66.68 x 25.4 mm, on Letter"},
		{"paper=LETTER&preset=letter-2x5", "Avery 5163 and compatibles: 10 labels of 4 x 2 in, 10 labels a page of 101.6 x 50.8 mm, on Letter"},
		{"columns=4&rows=6&gap_x=2&gap_y=2", "a grid of your own, 24 labels a page of 46 x 44.5 mm, on A4"},
		{"columns=2&rows=2&margin_x=0&margin_y=0", "a grid of your own, 4 labels a page of 105 x 148.5 mm, on A4"},
		{"paper=a5", "paper: ?paper=a4"},
		{"paper=letter&preset=a4-3x7", "paper: ?paper=a4&preset=a4-3x7"},
		{"preset=a4-3x7&columns=3", "preset: ?columns=3"},
		{"columns=3", "rows: ?columns=3&rows=6"},
		{"columns=40&rows=2", "columns: ?columns=10&rows=2"},
		{"columns=10&rows=2&gap_x=20", "columns: ?columns=7&gap_x=20&rows=2"}, // 7 labels of 10 mm and 6 gaps of 20 fill 190
		{"columns=2&rows=2&margin_x=2cm", "margin_x: ?columns=2&margin_x=10&rows=2"},
		{"code_mm=40", "code_mm: ?code_mm=34.1"},
		{"code_mm=1", "code_mm: ?code_mm=5"},
		{"crop_marks=maybe", "crop_marks: ?crop_marks=1"},
	} {
		l, p := Read(request.NewCall("", mustQuery(tc.query)))
		got := ""
		if p != nil {
			got = p.Field + ": " + p.Fix
		} else {
			got = l.Describe()
		}
		if got != tc.want {
			t.Errorf("%q:\n got %s\nwant %s", tc.query, got, tc.want)
		}
	}
}

func mustQuery(s string) url.Values {
	q, err := url.ParseQuery(s)
	if err != nil {
		panic(err)
	}
	return q
}

func TestLabelPositions(t *testing.T) {
	l, _ := Read(request.NewCall("", url.Values{}))
	for _, tc := range []struct {
		i    int
		page int
		x, y float64
	}{{0, 0, 7.21, 15.15}, {2, 0, 7.21 + 2*66.04, 15.15}, {3, 0, 7.21, 15.15 + 38.1}, {20, 0, 7.21 + 2*66.04, 15.15 + 6*38.1}, {21, 1, 7.21, 15.15}} {
		page, x, y := l.Label(tc.i)
		if page != tc.page || math.Abs(x-tc.x) > 1e-9 || math.Abs(y-tc.y) > 1e-9 {
			t.Errorf("label %d: page %d at %.2f, %.2f; want page %d at %.2f, %.2f", tc.i, page, x, y, tc.page, tc.x, tc.y)
		}
	}
}

func codes(t *testing.T, n int, extra url.Values) *Labels {
	t.Helper()
	svg, _ := render.LookupFormat("svg")
	out := &Labels{}
	for i := range n {
		q := url.Values{"data": {fmt.Sprintf("https://example.com/%d", i)}}
		for k, v := range extra {
			q[k] = v
		}
		req, p := generate.Read(request.NewCall("/api/v1/qr", q), nil)
		if p != nil {
			t.Fatal(p)
		}
		c, _, p := verify.Make(context.Background(), req, svg)
		if p != nil {
			t.Fatal(p)
		}
		out.Add(c.QR, c.Options.Render(), c.Brand)
	}
	return out
}

// A sheet has the pages its labels need, each the paper's size, and the
// same codes give the same bytes. (e2e/print renders sheets with poppler
// and reads every code with zxing-cpp.)
func TestPDFPages(t *testing.T) {
	l, _ := Read(request.NewCall("", url.Values{"crop_marks": {"1"}}))
	cs := codes(t, 43, url.Values{"frame_text": {"Asset"}})
	a, b := l.PDF(cs), l.PDF(cs)
	if !bytes.Equal(a, b) {
		t.Fatal("the same codes gave two different PDFs")
	}
	if n := strings.Count(string(a), "/Type /Page "); n != 3 {
		t.Errorf("%d pages for 43 labels of 21 a page", n)
	}
	if !regexp.MustCompile(`/MediaBox \[0 0 595\.276 841\.89\]`).Match(a) {
		t.Error("the pages are not A4")
	}
	// A logo is one image, however many codes show it.
	logo := l.PDF(codes(t, 5, url.Values{"logo": {params.LogoExample}, "logo_size": {"0.15"}}))
	if n := strings.Count(string(logo), "/Subtype /Image"); n != 2 { // the colours and their mask
		t.Errorf("%d images for one logo on five codes", n)
	}
	grad := l.PDF(codes(t, 3, url.Values{"color": {"linear:0f2027,2c5364,135deg"}, "eye_color": {"radial:c62828,1a237e"}}))
	if n := strings.Count(string(grad), "/ShadingType"); n != 2 {
		t.Errorf("%d shadings for two gradients", n)
	}
}

func TestCheckRefusesFrames(t *testing.T) {
	call := request.NewCall("/api/v1/qr", url.Values{"data": {"x"}, "frame": {"box"}, "frame_text": {"Hi"}})
	req, p := generate.Read(call, nil)
	if p != nil {
		t.Fatal(p)
	}
	p = Check(req.Call, req.Options)
	if p == nil || p.Field != "frame" || !strings.Contains(p.Fix, "frame=none") {
		t.Fatalf("frame=box on a sheet: %v", p)
	}
	if p := Check(req.Call, params.Options{}); p != nil {
		t.Fatal(p)
	}
}

// A code too small to scan from a label's distance gets advice with the
// size that does; one large enough gets none.
func TestAdvice(t *testing.T) {
	for _, tc := range []struct {
		side      float64
		n, margin int
		want      string
	}{
		{30, 25, 4, ""},
		{20, 25, 4, ""}, // a 15.2 mm symbol: over the distance rule's 15 mm
		{15, 41, 4, "too small: this code's 41 modules a side make a 12.6 mm symbol; a label scanned from 0.15 m needs 15.0 mm, so code_mm 18 or more, or shorter data"},
		{40, 177, 4, "too small: this code's 177 modules a side make a 38.3 mm symbol; a label scanned from 0.15 m needs 58.4 mm, so code_mm 61.5 or more, or shorter data"},
	} {
		if got := Advice(tc.side, tc.n, tc.margin); got != tc.want {
			t.Errorf("%g mm, %d modules:\n got %q\nwant %q", tc.side, tc.n, got, tc.want)
		}
	}
}
