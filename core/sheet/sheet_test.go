package sheet

import (
	"bytes"
	"compress/zlib"
	"context"
	"fmt"
	"io"
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
// over the next, the grid centred as the stock is cut (the margins left
// and right, top and bottom, agree within a tenth of a millimetre), the
// corners' rounding at most half a side; and each names its stock by
// its maker's number too.
func TestPresetsFitTheirPaper(t *testing.T) {
	for _, p := range Presets {
		l, prob := Read(request.NewCall("", url.Values{"preset": {p.Name}}))
		if prob != nil {
			t.Fatalf("%s: %v", p.Name, prob)
		}
		right := l.Paper.W - (l.Left + float64(l.Columns-1)*l.PitchX + l.W)
		bottom := l.Paper.H - (l.Top + float64(l.Rows-1)*l.PitchY + l.H)
		if math.Abs(right-l.Left) > 0.1 || math.Abs(bottom-l.Top) > 0.1 || right < -1e-9 || bottom < -1e-9 {
			t.Errorf("%s: margins left %.2f right %.2f, top %.2f bottom %.2f", p.Name, l.Left, right, l.Top, bottom)
		}
		if l.PitchX < l.W || l.PitchY < l.H {
			t.Errorf("%s: labels overlap: pitch %.2f x %.2f for %.2f x %.2f", p.Name, l.PitchX, l.PitchY, l.W, l.H)
		}
		if p.Radius > math.Min(p.W, p.H)/2 {
			t.Errorf("%s: corners of %.2f mm on a label of %.2f x %.2f", p.Name, p.Radius, p.W, p.H)
		}
		if l.Fit(false) < 10 {
			t.Errorf("%s: a code fits only %.1f mm", p.Name, l.Fit(false))
		}
		for _, m := range p.Makers {
			number := m[strings.LastIndex(m, " ")+1:]
			if got, ok := lookup(strings.ToLower(number)); !ok || got.Name != p.Name {
				t.Errorf("%s: preset=%s names %q", p.Name, number, got.Name)
			}
		}
	}
	if n := len(Presets); n < 10 {
		t.Errorf("%d presets", n)
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
		{"preset=L7651", "Avery L7651 and compatibles: 65 labels of 38.1 x 21.2 mm, 65 labels a page of 38.1 x 21.2 mm, on A4"},
		{"preset=5167", "Avery 5167 and compatibles: 80 labels of 1 3/4 x 1/2 in, 80 labels a page of 44.45 x 12.7 mm, on Letter"},
		{"preset=zweckform%203474", "Avery Zweckform 3474 and compatibles: 24 labels of 70 x 37 mm, to the sheet's edges, 24 labels a page of 70 x 37 mm, on A4"},
		{"preset=a4-4x6-round", "Avery L7780 and compatibles: 24 round labels of 40 mm, 24 labels a page of 40 mm round, on A4"},
		{"preset=22806", "Avery 22806 and compatibles: 12 square labels of 2 x 2 in, 12 labels a page of 50.8 x 50.8 mm, on Letter"},
		{"preset=L7999", "preset: ?preset=a4-3x7"},
		{"start_at=22", "start_at: ?start_at=21"},
		{"start_at=0", "start_at: ?start_at=1"},
		{"copies=101", "copies: ?copies=100"},
		{"offset_x=12", "offset_x: ?offset_x=10"},
		{"offset_y=-0.5&caption_at=right&code_at=space&guides=1&test=1", "Avery L7160 and compatibles: 21 labels of 63.5 x 38.1 mm, 21 labels a page of 63.5 x 38.1 mm, on A4"},
		{"caption_at=left", "caption_at: ?caption_at=below"},
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

// Codes fill the labels from start_at on, copies labels each, row after
// row and page after page.
func TestLabelPositions(t *testing.T) {
	at := func(l Layout, i, c int) string {
		page, x, y := l.Label(i, c)
		return fmt.Sprintf("%d %.2f %.2f", page, x, y)
	}
	for _, tc := range []struct {
		query string
		i, c  int
		want  string
	}{
		{"", 0, 0, "0 7.21 15.15"},
		{"", 2, 0, "0 139.29 15.15"},
		{"", 3, 0, "0 7.21 53.25"},
		{"", 20, 0, "0 139.29 243.75"},
		{"", 21, 0, "1 7.21 15.15"},
		{"start_at=5", 0, 0, "0 73.25 53.25"}, // the second label of the second row
		{"start_at=21", 1, 0, "1 7.21 15.15"}, // the last label, then a new page
		{"copies=3", 1, 0, "0 7.21 53.25"},    // the second code after the first's three
		{"copies=3&start_at=2", 0, 2, "0 7.21 53.25"},
	} {
		m, p := Read(request.NewCall("", mustQuery(tc.query)))
		if p != nil {
			t.Fatal(p)
		}
		if got := at(m, tc.i, tc.c); got != tc.want {
			t.Errorf("%s: code %d copy %d at %s, want %s", tc.query, tc.i, tc.c, got, tc.want)
		}
	}
	m, _ := Read(request.NewCall("", mustQuery("start_at=20&copies=2")))
	if n := m.Pages(2); n != 2 {
		t.Errorf("two codes twice from label 20 of 21: %d pages", n)
	}
	m.Test = true
	if n := m.Pages(100); n != 1 {
		t.Errorf("a test is %d pages", n)
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
	// A colour per eye: each finder's ring painted its own, and its ball
	// after it.
	eyes := inflated(t, l.PDF(codes(t, 2, url.Values{"eye_color": {"cc0000,008800,0000cc"}})))
	for _, op := range []string{"0.8 0 0 rg", "0 0.533 0 rg", "0 0 0.8 rg"} {
		if n := strings.Count(eyes, op); n != 4 {
			t.Errorf("%q %d times for two codes with a colour per eye; want a ring and a ball each", op, n)
		}
	}
	// A code is drawn once, however many labels it fills; a test page
	// draws the first page's codes only.
	for _, tc := range []struct {
		query        string
		n            int
		forms, pages int
	}{
		{"copies=3", 5, 5, 1},
		{"copies=3&start_at=20", 5, 5, 2},
		{"test=1", 43, 21, 1},
		{"test=1&start_at=18", 43, 4, 1},
	} {
		m, _ := Read(request.NewCall("", mustQuery(tc.query)))
		pdf := string(m.PDF(codes(t, tc.n, nil)))
		if forms, pages := strings.Count(pdf, "/Subtype /Form"), strings.Count(pdf, "/Type /Page "); forms != tc.forms || pages != tc.pages {
			t.Errorf("%s, %d codes: %d forms on %d pages, want %d on %d", tc.query, tc.n, forms, pages, tc.forms, tc.pages)
		}
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

// Every code and caption keeps to its label's safe area, for every
// preset and every placement; a code centred on the label sits at its
// centre with a caption or without; a caption never overlaps its code.
func TestPlacement(t *testing.T) {
	for _, p := range Presets {
		for _, at := range []string{Below, Above, Right} {
			for _, on := range []string{OnLabel, InSpace} {
				l, prob := Read(request.NewCall("", url.Values{"preset": {p.Name}, "caption_at": {at}, "code_at": {on}}))
				if prob != nil {
					t.Fatal(prob)
				}
				for _, captions := range []bool{false, true} {
					side := l.Fit(captions)
					if side <= 0 {
						t.Errorf("%s %s %s captions %v: no code fits", p.Name, at, on, captions)
						continue
					}
					code, caption, ok := l.place(side, captions)
					name := fmt.Sprintf("%s, caption %s, code on %s, captions %v, %.1f mm", p.Name, at, on, captions, side)
					if !ok || !l.inside(code) || captions && !l.inside(caption) {
						t.Errorf("%s: code %+v caption %+v leave the safe area", name, code, caption)
					}
					if _, _, ok := l.place(side+0.1, captions); ok {
						t.Errorf("%s: %.1f mm fits too: Fit is not the largest", name, side+0.1)
					}
					if captions && code.x0 < caption.x1 && caption.x0 < code.x1 && code.y0 < caption.y1 && caption.y0 < code.y1 {
						t.Errorf("%s: the caption %+v overlaps the code %+v", name, caption, code)
					}
					centred := math.Abs((code.x0+code.x1)/2-l.W/2) < 1e-9 && math.Abs((code.y0+code.y1)/2-l.H/2) < 1e-9
					if (on == OnLabel || !captions) && at != Right && !centred || on == OnLabel && !centred {
						t.Errorf("%s: the code %+v is not at the label's centre", name, code)
					}
					if p.Round() { // a circle's safe area: every corner of the code within it
						r := p.W/2 - l.pad()
						for _, c := range [][2]float64{{code.x0, code.y0}, {code.x1, code.y0}, {code.x0, code.y1}, {code.x1, code.y1}} {
							if d := math.Hypot(c[0]-p.W/2, c[1]-p.H/2); d > r+1e-6 {
								t.Errorf("%s: the code's corner is %.2f mm from the centre, past %.2f", name, d, r)
							}
						}
					}
				}
			}
		}
	}
}

// What a captioned code gets on Avery 5160 (66.7 x 25.4 mm), placed each
// way: the caption under a code centred on the label takes room above it
// too; right of the code it leaves the label's height.
func TestFitOn5160(t *testing.T) {
	var got []string
	for _, q := range []string{"", "code_at=space", "caption_at=right", "caption_at=right&code_at=space"} {
		l, _ := Read(request.NewCall("", mustQuery("preset=letter-3x10&"+q)))
		got = append(got, fmt.Sprintf("%s:%s/%s", q, pnum(l.Fit(true)), pnum(l.Fit(false))))
	}
	if want := ":13.8/21.4 code_at=space:17.6/21.4 caption_at=right:21.4/21.4 caption_at=right&code_at=space:21.4/21.4"; strings.Join(got, " ") != want {
		t.Errorf("fits %s\nwant %s", strings.Join(got, " "), want)
	}
}

// Advice is followed: a code too small for its label is told so, with
// choices each of which, made, gives it the side it needs; none is a
// side the label cannot hold, on any preset, placed any way, for codes
// of versions 1 to 10.
func TestAdviceCanBeFollowed(t *testing.T) {
	choice := regexp.MustCompile(`(\w+)=([\w.-]+)`)
	for _, p := range Presets {
		for _, q := range []string{"", "code_at=space", "caption_at=right", "code_mm=12", "code_at=space&code_mm=10"} {
			for _, captions := range []bool{true, false} {
				l, prob := Read(request.NewCall("", mustQuery("preset="+p.Name+"&"+q)))
				if prob != nil {
					continue // code_mm larger than the label
				}
				if l.Captions = captions; captions && l.Captioned() != nil {
					continue
				}
				for v := 1; v <= 10; v++ {
					n := 17 + 4*v
					a := l.Advice(n, 4, nil)
					name := fmt.Sprintf("%s %s captions %v, version %d", p.Name, q, captions, v)
					if (a.What == "") != (l.Side() >= Need(n, 4)-eps) {
						t.Errorf("%s: side %.1f, need %.2f: advice %q", name, l.Side(), Need(n, 4), a)
					}
					if a.What == "" {
						continue
					}
					for _, alt := range a.Choices {
						query := mustQuery("preset=" + p.Name + "&" + q)
						for _, kv := range choice.FindAllStringSubmatch(alt, -1) {
							query.Set(kv[1], kv[2])
						}
						m, prob := Read(request.NewCall("", query))
						if prob != nil {
							t.Errorf("%s: %q is refused: %v", name, alt, prob)
							continue
						}
						m.Captions = captions && !strings.HasPrefix(alt, "no caption")
						if m.Side() < Need(n, 4)-eps || m.Captions && m.Captioned() != nil {
							t.Errorf("%s: %q gives %.1f mm, and it needs %.2f", name, alt, m.Side(), Need(n, 4))
						}
					}
				}
			}
		}
	}
}

// The advice of Avery 5160 with captions, the label the first trial met:
// a Wi-Fi code of 29 modules needs 19.2 mm, and every choice it names is
// one the label allows.
func TestAdviceOn5160(t *testing.T) {
	l, _ := Read(request.NewCall("", mustQuery("preset=letter-3x10")))
	l.Captions = true
	want := "too small to scan from 0.15 m: its 29 modules need a code of 19.2 mm with the quiet zone, and this sheet's is 13.8 mm with its caption below it. " +
		"It fits with any one of: caption_at=right (21.4 mm); no caption (21.4 mm); preset=letter-3x4, Avery 22806 (38.2 mm); ec=L (own)"
	if got := l.Advice(29, 4, []string{"ec=L (own)"}).String(); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	l.Captions = false
	if got := l.Advice(29, 4, nil); got.What != "" || got.String() != "" {
		t.Errorf("21.4 mm without captions: %s", got)
	}
}

// inflated is every Flate stream of a PDF, decompressed and joined.
func inflated(t *testing.T, pdf []byte) string {
	t.Helper()
	var out strings.Builder
	for _, m := range regexp.MustCompile(`(?s)/FlateDecode >>\nstream\n(.*?)\nendstream`).FindAllSubmatch(pdf, -1) {
		r, err := zlib.NewReader(bytes.NewReader(m[1]))
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(r)
		if err != nil {
			t.Fatal(err)
		}
		out.Write(b)
	}
	return out.String()
}
