package verify

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"image"
	"image/jpeg"
	"image/png"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"qrkeyless/core/brand"
	"qrkeyless/core/params"
	"qrkeyless/core/render"
	"qrkeyless/core/request"
	"qrkeyless/core/scan"
	"qrkeyless/internal/camera"

	"golang.org/x/sync/errgroup"
)

// The brand set: the style matrix grown to logos, frames and gradients,
// each decided as /api/v1/qr decides it (checked), every code served
// photographed as a phone would (internal/camera) for zxing-cpp and jsQR
// to read (e2e/agreement/brand.mjs, in make test), every code refused
// kept with the reason and the fix. A served code either reader cannot
// read breaks the promise that every branded code is verified before it
// is served.

// brandEntry is one code of the set.
type brandEntry struct {
	Name   string   `json:"name"`
	Query  string   `json:"query"` // the branding, as the query gives it
	Text   string   `json:"text"`
	Served bool     `json:"served"`
	Files  []string `json:"files,omitempty"`  // the pictures of a served code: clean, light noise
	Reason string   `json:"reason,omitempty"` // a refused code's problem detail
	Fix    string   `json:"fix,omitempty"`
	// Warnings are verify's words for a refused code: the reason must
	// say what verify says.
	Warnings []string `json:"warnings,omitempty"`

	png   []byte  // a served code as drawn, before its pictures are taken
	scale float64 // the pictures' scale, to 3 px a module (4 for a longer text)
}

// brandShots are the phone pictures of every served code.
var brandShots = []struct {
	name  string
	noise float64
}{{"clean", 0}, {"light-noise", 3}}

// logoSizes are the sizes tried for every style and eye, up to the first
// one refused.
var logoSizes = []float64{0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4}

// TestWriteBrandSet writes the set to $QR_BRAND_DIR (skipped without it):
// every style and eye with an SVG or a PNG logo (both with $QR_BRAND_ALL) at sizes from 0.1 up to
// the first refused, every frame, linear and radial gradients with eye
// colours, for a short URL at 512 px; and the largest logo_size that
// scans at each ec level and style (largest.json).
func TestWriteBrandSet(t *testing.T) {
	dir := os.Getenv("QR_BRAND_DIR")
	if dir == "" {
		t.Skip("QR_BRAND_DIR is not set")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	const text = "https://example.com/menu?t=123"
	// A ladder is tried in order up to its first refused code: the logo
	// sizes of one style, eye and logo kind. A frame or a gradient is a
	// ladder of one. Ladders are decided in parallel, then numbered in
	// this order, the pictures' files; each picture's noise is seeded by
	// its code's name: the set is the same however many cores decide it.
	type try struct {
		name string
		q    url.Values
		text string // "" for text
	}
	var ladders [][]try
	logos := map[string]string{"svg": svgLogo, "png": pngLogo}
	// Each style and eye takes the SVG logo or the PNG one in turn, or
	// both with $QR_BRAND_ALL set.
	all := os.Getenv("QR_BRAND_ALL") != ""
	for i, st := range render.StyleNames() {
		for j, eye := range render.EyeNames() {
			for n, kind := range []string{"svg", "png"} {
				if !all && (i+j+n)%2 == 1 {
					continue
				}
				var ladder []try
				for _, s := range logoSizes {
					q := url.Values{"style": {st}, "eye": {eye}, "logo": {logos[kind]}, "logo_size": {strconv.FormatFloat(s, 'f', -1, 64)}}
					ladder = append(ladder, try{fmt.Sprintf("%s/%s %s logo %.2f", st, eye, kind, s), q, ""})
				}
				ladders = append(ladders, ladder)
			}
		}
	}
	for _, fr := range params.Frame.Enum() {
		for _, st := range []string{"square", "rounded", "dot"} {
			ladders = append(ladders, []try{{fmt.Sprintf("%s frame, %s", fr, st), url.Values{"frame": {fr}, "frame_text": {"SCAN ME"}, "style": {st}, "color": {"1a237e"}}, ""}})
		}
	}
	for _, st := range render.StyleNames() {
		for _, g := range []string{"linear:0f2027,2c5364,135deg", "radial:1a237e,4a148c", "linear:c62828,1565c0,90deg"} {
			ladders = append(ladders, []try{{fmt.Sprintf("%s %s, eye colours", st, g), url.Values{"style": {st}, "eye": {"rounded"}, "color": {g}, "eye_color": {"c62828"}, "eye_ball_color": {"1a237e"}}, ""}})
		}
	}
	// Every style in a circle and on rounded corners (each with an eye in
	// turn), and each logo plate shape with three styles, at logo sizes up
	// to the first refused.
	eyes := render.EyeNames()
	for i, st := range render.StyleNames() {
		eye := eyes[i%len(eyes)]
		ladders = append(ladders,
			[]try{{fmt.Sprintf("%s/%s in a circle", st, eye), url.Values{"style": {st}, "eye": {eye}, "outline": {"circle"}, "color": {"1a237e"}}, ""}},
			[]try{{fmt.Sprintf("%s/%s, corners rounded", st, eye), url.Values{"style": {st}, "eye": {eye}, "bg_radius": {"13"}, "bg": {"fff3e0"}, "color": {"1a237e"}}, ""}})
	}
	for _, shape := range params.LogoShape.Enum() {
		for _, st := range []string{"square", "rounded", "dot"} {
			var ladder []try
			for _, s := range logoSizes {
				q := url.Values{"style": {st}, "logo": {svgLogo}, "logo_shape": {shape}, "logo_bg": {"ffeb3b"}, "logo_size": {strconv.FormatFloat(s, 'f', -1, 64)}}
				if shape == "circle" {
					q.Set("outline", "circle")
				}
				ladder = append(ladder, try{fmt.Sprintf("%s, %s logo plate %.2f", st, shape, s), q, ""})
			}
			ladders = append(ladders, ladder)
		}
	}
	// Every preset, for the short link and for a text of version 10 at
	// level H, photographed at 4 px a module (TestPresetsScan reads them
	// to version 20 as well; at 3 px a module after the camera, jsQR
	// missed the poster's plain squares of version 7).
	long := strings.Repeat("https://example.com/menu?table=12&lang=en#", 3)
	for _, pr := range params.Presets {
		for _, tx := range []string{text, long} {
			ladders = append(ladders, []try{{fmt.Sprintf("preset %s, %d bytes", pr.Name, len(tx)), url.Values{"preset": {pr.Name}}, tx}})
		}
	}
	decided := make([][]brandEntry, len(ladders))
	g := parallel()
	for i, ladder := range ladders {
		g.Go(func() error {
			for _, tr := range ladder {
				tr.q.Set("size", "512")
				text := cmp.Or(tr.text, text)
				c, o, err := encoded(text, tr.q)
				if err != nil {
					return fmt.Errorf("%s: %w", tr.name, err)
				}
				call, _ := params.WithPreset(request.NewCall("/api/v1/qr", tr.q))
				e := brandEntry{Name: tr.name, Query: brandQuery(tr.q), Text: text}
				k, rep, p := checked(context.Background(), call, c, text, o)
				if p != nil {
					e.Reason, e.Fix, e.Warnings = p.Detail, p.Fix, rep.Warnings
					decided[i] = append(decided[i], e)
					return nil // the first refused size: larger ones are refused too
				}
				// 3 px a module; a longer text's larger symbol at 4, as a
				// phone held where it frames the code sees it.
				px := 3.0
				if tr.text != "" {
					px = 4
				}
				e.Served, e.png, e.scale = true, k.PNG(), px/render.ModulePixels(c, o.Render())
				decided[i] = append(decided[i], e)
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		t.Fatal(err)
	}
	set := slices.Concat(decided...)
	for n := range set {
		if e := &set[n]; e.Served {
			g.Go(func() error { return brandPictures(dir, n, e) })
		}
	}
	if err := g.Wait(); err != nil {
		t.Fatal(err)
	}
	b, _ := json.MarshalIndent(set, "", " ")
	if err := os.WriteFile(filepath.Join(dir, "manifest.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	served := 0
	for _, e := range set {
		if e.Served {
			served++
		} else if len(e.Warnings) == 0 || !strings.Contains(e.Reason, e.Warnings[0]) {
			t.Errorf("%s: refused for %q, which is not verify's reason %q", e.Name, e.Reason, e.Warnings)
		}
	}
	t.Logf("%d codes, %d served, %d refused", len(set), served, len(set)-served)

	// The largest logo that scans, per ec level and style (square eyes,
	// the SVG logo, no plate margin beyond one module).
	levels, styles := []string{"L", "M", "Q", "H"}, render.StyleNames()
	largest := make([]float64, len(levels)*len(styles))
	for i := range largest {
		g.Go(func() error {
			c, o, err := encoded(text, url.Values{"style": {styles[i%len(styles)]}, "ec": {levels[i/len(styles)]}, "logo": {svgLogo}, "size": {"512"}})
			if err != nil {
				return err
			}
			o.Brand.LogoSize = 0.41 // Largest tries up to 0.40, the most the parameter takes
			scans := func(o params.Options) bool {
				k, err := brand.New(c, o)
				return err == nil && branded(context.Background(), k, c, text).Scannable && marginScans(context.Background(), c, text, o)
			}
			if s, ok := Largest(o, scans); ok {
				largest[i] = s
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		t.Fatal(err)
	}
	table := map[string]map[string]float64{}
	for i, s := range largest {
		ec := levels[i/len(styles)]
		if table[ec] == nil {
			table[ec] = map[string]float64{}
		}
		table[ec][styles[i%len(styles)]] = s
	}
	b, _ = json.MarshalIndent(table, "", " ")
	if err := os.WriteFile(filepath.Join(dir, "largest.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// brandQuery writes q's branding, the logo named by its kind, for reading.
func brandQuery(q url.Values) string {
	r := url.Values{}
	for k, v := range q {
		if k == "logo" {
			v = []string{strings.SplitN(v[0], ",", 2)[0]}
		}
		r[k] = v
	}
	s, _ := url.QueryUnescape(r.Encode())
	return s
}

// TestBrandCosts writes to $QR_BRAND_COSTS (skipped without it) the time
// and bytes of a 512 px code with a logo against a plain one, PNG and
// SVG, and the time of the check a logo code is served after: medians of
// 20 runs, natively.
func TestBrandCosts(t *testing.T) {
	out := os.Getenv("QR_BRAND_COSTS")
	if out == "" {
		t.Skip("QR_BRAND_COSTS is not set")
	}
	const text = "https://example.com/menu?t=123"
	median := func(f func()) float64 {
		var ms []float64
		for range 20 {
			start := time.Now()
			f()
			ms = append(ms, float64(time.Since(start).Microseconds())/1000)
		}
		slices.Sort(ms)
		return ms[len(ms)/2]
	}
	type row struct {
		Name   string  `json:"name"`
		PNGms  float64 `json:"png_ms"`
		PNGb   int     `json:"png_bytes"`
		SVGms  float64 `json:"svg_ms"`
		SVGb   int     `json:"svg_bytes"`
		Checkm float64 `json:"check_ms"` // checked: draw and verify, as /api/v1/qr serves it
	}
	var rows []row
	for _, tc := range []struct {
		name string
		q    url.Values
	}{
		{"plain, ec=H", url.Values{"ec": {"H"}}},
		{"SVG logo 0.2", url.Values{"logo": {svgLogo}}},
		{"PNG logo 0.2", url.Values{"logo": {pngLogo}}},
		{"gradient and eye colours", url.Values{"color": {"linear:0f2027,2c5364,135deg"}, "eye_color": {"c62828"}}},
		{"frame", url.Values{"frame": {"banner-bottom"}, "frame_text": {"SCAN ME"}}},
	} {
		tc.q.Set("size", "512")
		call := request.NewCall("/api/v1/qr", tc.q)
		c, o := code(t, text, tc.q)
		var r row
		r.Name = tc.name
		if !o.Branded() {
			ro := o.Render()
			r.PNGms = median(func() { render.PNG(c, ro) })
			r.SVGms = median(func() { render.SVG(c, ro) })
			r.PNGb, r.SVGb = len(render.PNG(c, ro)), len(render.SVG(c, ro))
			r.Checkm = median(func() { scan.Verify(context.Background(), c, text, ro) }) // the check of a plain code, for comparison
		} else {
			k, err := brand.New(c, o)
			if err != nil {
				t.Fatal(err)
			}
			r.PNGms = median(func() { k.PNG() })
			r.SVGms = median(func() { k.SVG() })
			r.PNGb, r.SVGb = len(k.PNG()), len(k.SVG())
			r.Checkm = median(func() { checked(context.Background(), call, c, text, o) })
		}
		rows = append(rows, r)
		t.Logf("%+v", r)
	}
	b, _ := json.MarshalIndent(rows, "", " ")
	if err := os.WriteFile(out, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// parallel runs as many functions at once as there are cores.
func parallel() *errgroup.Group {
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	return &g
}

// brandPictures takes the n-th code's pictures (brandShots) into dir,
// their noise seeded by the code's name, so that a code keeps its pictures
// when styles or eyes are added before it (seeded by n, the eyes added in
// 2026-12 drew new noise for every code after them, and jsQR then missed
// diamond/circle png logo 0.25 under light noise: a code at the edge of
// what jsQR reads, which Verify serves), and names them in e.
func brandPictures(dir string, n int, e *brandEntry) error {
	decoded, _, err := image.Decode(bytes.NewReader(e.png))
	if err != nil {
		return err
	}
	for i, shot := range brandShots {
		// The JPEG's pixels as PNG: both readers read the same pixels,
		// and jsQR reads only pixels.
		file := fmt.Sprintf("%03d-%s.png", n, shot.name)
		h := fnv.New64a()
		h.Write([]byte(e.Name))
		pic, err := jpeg.Decode(bytes.NewReader(camera.Picture(decoded, e.scale, shot.noise, h.Sum64()+uint64(i))))
		if err != nil {
			return err
		}
		var buf bytes.Buffer // fast deflate: read once, pixels the same
		if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, pic); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, file), buf.Bytes(), 0o644); err != nil {
			return err
		}
		e.Files = append(e.Files, file)
	}
	return nil
}
