package e2e

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/color"
	"net/url"
	"strings"
	"testing"

	"qrkeyless/internal/fixture"
	"qrkeyless/internal/readback"
)

// A red disc as an SVG logo, and the same with everything a sanitiser
// must take out: a script, an event attribute, links outside the document.
var (
	discLogo = fixture.SVGURI(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="#e53935"/></svg>`)
	evilLogo = fixture.SVGURI(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(1)">` +
		`<script>alert(2)</script><image href="https://evil.example/x.png" width="9" height="9"/><use xlink:href="https://evil.example/s.svg#a"/>` +
		`<rect width="10" height="10" fill="url(https://evil.example/p)" onclick="alert(3)"/><circle cx="5" cy="5" r="4" fill="#1565c0"/></svg>`)
)

// pngLogo is a 48 x 48 blue square as a PNG data URI.
func pngLogo() string {
	img := image.NewNRGBA(image.Rect(0, 0, 48, 48))
	for i := 0; i < len(img.Pix); i += 4 {
		copy(img.Pix[i:], []byte{0x15, 0x65, 0xc0, 255})
	}
	return fixture.PNGURI(img)
}

func qrURL(base string, q url.Values) string { return base + "/api/v1/qr?" + q.Encode() }

// Branded codes are served in PNG and SVG, scan, and carry what was asked.
func TestBranding(t *testing.T) {
	each(t, func(t *testing.T, base string) {
		for _, tt := range []struct {
			name string
			q    url.Values
			svg  []string // what the SVG must hold
		}{
			{"frame", url.Values{"frame": {"banner-bottom"}, "frame_text": {"SCAN ME"}}, []string{`<svg`, `<path`}},
			{"gradient and eye colours", url.Values{"color": {"linear:0f2027,2c5364,135deg"}, "eye_color": {"c62828"}, "eye_ball_color": {"1a237e"}},
				[]string{`<linearGradient`, `stop-color="#0f2027"`, `fill="#c62828"`, `fill="#1a237e"`}},
			{"radial gradient", url.Values{"color": {"radial:1a237e,4a148c"}, "style": {"rounded"}}, []string{`<radialGradient`}},
			{"svg logo", url.Values{"logo": {discLogo}}, []string{`<svg x=`, `<circle cx="5" cy="5" r="5" fill="#e53935"/>`}},
			{"png logo", url.Values{"logo": {pngLogo()}, "logo_size": {"0.15"}}, []string{`<image `, `href="data:image/png;base64,`}},
		} {
			t.Run(tt.name, func(t *testing.T) {
				q := url.Values{"data": {sample}}
				for k, v := range tt.q {
					q[k] = v
				}
				r := get(t, qrURL(base, q))
				scan(t, r, sample)
				img := pngOf(t, r)
				if b := img.Bounds(); tt.name == "frame" && b.Dy() <= b.Dx() {
					t.Errorf("a banner below the code, but the picture is %v", b)
				}
				q.Set("format", "svg")
				s := get(t, qrURL(base, q))
				if s.status != 200 || !strings.HasPrefix(s.header.Get("Content-Type"), "image/svg+xml") {
					t.Fatalf("svg: %d %s", s.status, s.body)
				}
				for _, want := range tt.svg {
					if !bytes.Contains(s.body, []byte(want)) {
						t.Errorf("the SVG lacks %s", want)
					}
				}
			})
		}
	})
}

// An SVG logo is sanitised before it is embedded: nothing that runs or
// reaches outside the document survives, in the SVG served.
func TestLogoSanitised(t *testing.T) {
	each(t, func(t *testing.T, base string) {
		r := get(t, qrURL(base, url.Values{"data": {sample}, "format": {"svg"}, "logo": {evilLogo}}))
		if r.status != 200 {
			t.Fatalf("%d %s", r.status, r.body)
		}
		for _, bad := range []string{"script", "alert", "onload", "onclick", "evil.example", "<image"} {
			if bytes.Contains(r.body, []byte(bad)) {
				t.Errorf("the SVG served holds %q", bad)
			}
		}
		if !bytes.Contains(r.body, []byte(`fill="#1565c0"`)) {
			t.Error("the logo's own shape is gone")
		}
	})
}

// A logo too large to scan is a 422 whose fix is the largest logo_size
// that scans; the fix answers with a code that decodes.
func TestLogoTooLarge(t *testing.T) {
	each(t, func(t *testing.T, base string) {
		q := url.Values{"data": {sample}, "logo": {pngLogo()}, "logo_size": {"0.4"}, "ec": {"Q"}}
		r := get(t, qrURL(base, q))
		p := problemOf(t, r, 422)
		if p["type"] != "/problems/would-not-scan" || p["field"] != "logo_size" {
			t.Errorf("problem %v", p)
		}
		fixed := followFix(t, base, r)
		scan(t, fixed, sample)
		fix, _ := url.Parse(p["fix"].(string))
		if s := fix.Query().Get("logo_size"); s == "" || s >= "0.4" || !strings.Contains(p["detail"].(string), "logo_size="+s) {
			t.Errorf("fix logo_size %q, detail %q", s, p["detail"])
		}
	})
}

// POST /api/v1/qr takes the GET parameters as a JSON body, for logos too
// large for a URL; its problems' fixes are such bodies.
func TestGeneratePost(t *testing.T) {
	each(t, func(t *testing.T, base string) {
		body := map[string]any{"data": sample, "logo": pngLogo(), "logo_size": 0.15, "size": 400, "frame": "box", "frame_text": "Menu"}
		b, _ := json.Marshal(body)
		r := do(t, "POST", base+"/api/v1/qr", map[string]string{"Content-Type": "application/json"}, bytes.NewReader(b))
		scan(t, r, sample)
		if img := pngOf(t, r); img.Bounds().Dx() <= 400 {
			t.Errorf("a box round a 400 px code, but %v", img.Bounds())
		}
		body["size"] = 9
		b, _ = json.Marshal(body)
		r = do(t, "POST", base+"/api/v1/qr", map[string]string{"Content-Type": "application/json"}, bytes.NewReader(b))
		p := problemOf(t, r, 400)
		fix := p["fix"].(string)
		if !strings.HasPrefix(fix, "POST /api/v1/qr with {") || !strings.Contains(fix, `"size":"64"`) {
			t.Errorf("fix %q; want a corrected body", fix)
		}
		r = do(t, "POST", base+"/api/v1/qr", map[string]string{"Content-Type": "text/plain"}, strings.NewReader("data=hello"))
		problemOf(t, r, 415)
	})
}

// What branding cannot draw is a 400 with a fix that can be drawn.
func TestBrandingProblems(t *testing.T) {
	each(t, func(t *testing.T, base string) {
		for _, tt := range []struct {
			name  string
			q     url.Values
			field string
		}{
			{"a URL for a logo", url.Values{"logo": {"https://example.com/logo.png"}}, "logo"},
			{"not an image", url.Values{"logo": {"data:image/png;base64,aGVsbG8="}}, "logo"},
			{"text the fonts lack", url.Values{"frame": {"box"}, "frame_text": {"扫码"}}, "frame_text"},
			{"text too long", url.Values{"frame": {"box"}, "frame_text": {strings.Repeat("x", 31)}}, "frame_text"},
			{"text that does not show", url.Values{"frame": {"banner-top"}, "frame_text": {"SCAN"}, "frame_color": {"1a237e"}, "frame_text_color": {"1a237e"}}, "frame_text_color"},
			{"a frame in a PDF", url.Values{"frame": {"box"}, "format": {"pdf"}}, "frame"},
			{"a gradient of one stop", url.Values{"color": {"linear:123456"}}, "color"},
		} {
			t.Run(tt.name, func(t *testing.T) {
				q := url.Values{"data": {sample}}
				for k, v := range tt.q {
					q[k] = v
				}
				r := get(t, qrURL(base, q))
				p := problemOf(t, r, 400)
				if p["field"] != tt.field {
					t.Errorf("field %v, want %s: %s", p["field"], tt.field, r.body)
				}
				followFix(t, base, r)
			})
		}
	})
}

// A batch item takes branding in its style, and is verified like a GET.
func TestBatchBranding(t *testing.T) {
	each(t, func(t *testing.T, base string) {
		req := map[string]any{"output": "base64", "items": []map[string]any{
			{"id": "logo", "data": sample, "style": map[string]any{"logo": discLogo}},
			{"id": "too-large", "data": sample, "style": map[string]any{"logo": pngLogo(), "logo_size": 0.4, "ec": "L"}},
		}}
		b, _ := json.Marshal(req)
		r := do(t, "POST", base+"/api/v1/qr/batch", map[string]string{"Content-Type": "application/json"}, bytes.NewReader(b))
		if r.status != 200 {
			t.Fatalf("%d %s", r.status, r.body)
		}
		var res struct {
			Items []struct {
				ID    string
				Data  string
				Error *struct{ Status int }
			}
		}
		json.Unmarshal(r.body, &res)
		if len(res.Items) != 2 {
			t.Fatalf("items %s", r.body)
		}
		png, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(res.Items[0].Data, "data:image/png;base64,"))
		if err != nil {
			t.Fatal(err)
		}
		if got, err := readback.Text(png); err != nil || got != sample {
			t.Errorf("the logo item decodes to %q, %v", got, err)
		}
		if e := res.Items[1].Error; e == nil || e.Status != 422 {
			t.Errorf("the oversized logo item: %+v", res.Items[1])
		}
	})
}

// hasInk reports whether img has a pixel near want.
func hasInk(img image.Image, want color.NRGBA) bool {
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			c := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
			if d := int(c.R) - int(want.R) + int(c.G) - int(want.G) + int(c.B) - int(want.B); d > -12 && d < 12 && c.R/16 == want.R/16 && c.B/16 == want.B/16 {
				return true
			}
		}
	}
	return false
}

// The eye colours paint the finders, seen in the PNG's pixels.
func TestEyeColours(t *testing.T) {
	each(t, func(t *testing.T, base string) {
		r := get(t, qrURL(base, url.Values{"data": {sample}, "eye_color": {"c62828"}}))
		scan(t, r, sample)
		if !hasInk(pngOf(t, r), color.NRGBA{0xc6, 0x28, 0x28, 255}) {
			t.Error("no red in the PNG")
		}
	})
}
