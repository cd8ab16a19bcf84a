package e2e

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"image"
	"image/gif"
	"image/jpeg"
	"image/png"
	"mime/multipart"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

type decoded struct {
	Count   int `json:"count"`
	Results []struct {
		Text    string            `json:"text"`
		Bytes   string            `json:"bytes_base64"`
		Version int               `json:"version"`
		EC      string            `json:"ec"`
		Points  [][2]float64      `json:"points"`
		Kind    string            `json:"kind"`
		Fields  map[string]string `json:"fields"`
		Parts   []struct {
			Index, Total, Version int
			EC                    string
			Points                [][2]float64
		} `json:"parts"`
	} `json:"results"`
}

// testdata reads a file the core/scan tests commit: code.webp (how it was
// made is said there) and structured-append.png.
func testdata(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("../core/scan/testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func postDecode(t *testing.T, base, ctype string, body []byte) (response, decoded) {
	t.Helper()
	r := do(t, "POST", base+"/api/v1/decode", map[string]string{"Content-Type": ctype}, bytes.NewReader(body))
	var d decoded
	if r.status == 200 {
		if err := json.Unmarshal(r.body, &d); err != nil {
			t.Fatalf("decode answer: %v: %s", err, r.body)
		}
	}
	return r, d
}

func TestDecode(t *testing.T) {
	each(t, func(t *testing.T, base string) {
		wifi := get(t, base+"/api/v1/wifi?ssid=Home&password=correct+horse&ec=Q&size=300").body
		r, d := postDecode(t, base, "image/png", wifi)
		if r.status != 200 || d.Count != 1 {
			t.Fatalf("raw PNG: %d %s", r.status, r.body)
		}
		res := d.Results[0]
		if res.Text != "WIFI:T:WPA;S:Home;P:correct horse;;" || res.Kind != "wifi" || res.Fields["ssid"] != "Home" || res.Fields["password"] != "correct horse" {
			t.Errorf("wifi result %+v", res)
		}
		if res.EC != "Q" || res.Version < 1 || len(res.Points) != 4 {
			t.Errorf("metadata %+v", res)
		}
		if raw, _ := base64.StdEncoding.DecodeString(res.Bytes); string(raw) != res.Text {
			t.Errorf("bytes_base64 %q", res.Bytes)
		}

		png1 := get(t, base+"/api/v1/qr?size=300&data="+url.QueryEscape(sample)).body
		img, _ := png.Decode(bytes.NewReader(png1))
		var jp, gf bytes.Buffer
		jpeg.Encode(&jp, img, &jpeg.Options{Quality: 80})
		gif.Encode(&gf, img, nil)
		for name, body := range map[string][]byte{"image/jpeg": jp.Bytes(), "image/gif": gf.Bytes()} {
			if _, d := postDecode(t, base, name, body); d.Count != 1 || d.Results[0].Text != sample || d.Results[0].Kind != "url" {
				t.Errorf("%s: %+v", name, d)
			}
		}

		var form bytes.Buffer
		mw := multipart.NewWriter(&form)
		fw, _ := mw.CreateFormFile("file", "code.png")
		fw.Write(png1)
		mw.Close()
		if _, d := postDecode(t, base, mw.FormDataContentType(), form.Bytes()); d.Count != 1 || d.Results[0].Text != sample {
			t.Errorf("multipart: %+v", d)
		}
		// The JSON body takes every spelling the qr_decode tool takes.
		for name, image := range map[string]string{
			"data URI":             "data:image/png;base64," + base64.StdEncoding.EncodeToString(png1),
			"bare base64":          base64.StdEncoding.EncodeToString(png1),
			"URL-safe, no padding": "data:image/png;base64," + base64.RawURLEncoding.EncodeToString(png1),
		} {
			js, _ := json.Marshal(map[string]string{"image": image})
			if r, d := postDecode(t, base, "application/json", js); d.Count != 1 || d.Results[0].Text != sample {
				t.Errorf("json %s: %d %s", name, r.status, r.body)
			}
		}

		if r, d := postDecode(t, base, "image/webp", testdata(t, "code.webp")); d.Count != 1 || d.Results[0].Text != "https://example.com/webp" {
			t.Errorf("webp: %d %s", r.status, r.body)
		}

		// A structured-append sequence: one result with the first
		// symbol's level, version and corners, and every part.
		r, d = postDecode(t, base, "image/png", testdata(t, "structured-append.png"))
		if d.Count != 1 || d.Results[0].Text != "https://example.com" {
			t.Fatalf("structured append: %d %s", r.status, r.body)
		}
		sa := d.Results[0]
		if sa.EC != "M" || sa.Version != 1 || len(sa.Points) != 4 || len(sa.Parts) != 2 || sa.Parts[1].Index != 2 || sa.Parts[1].Total != 2 || len(sa.Parts[1].Points) != 4 {
			t.Errorf("structured append: %s", r.body)
		}
	})
}

// pngHeader returns a valid PNG signature and IHDR declaring w x h pixels,
// with no pixel data.
func pngHeader(w, h int) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr, uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 6
	binary.Write(&b, binary.BigEndian, uint32(13))
	b.WriteString("IHDR")
	b.Write(ihdr)
	binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(append([]byte("IHDR"), ihdr...)))
	return b.Bytes()
}

func TestDecodeProblems(t *testing.T) {
	each(t, func(t *testing.T, base string) {
		// 415 lists the accepted types, whether the label or the content
		// is wrong.
		r, _ := postDecode(t, base, "text/plain", []byte("hello"))
		p := problemOf(t, r, 415)
		allowed(t, p, "image/png", "image/jpeg", "image/gif", "image/webp", "multipart/form-data", "application/json")
		r, _ = postDecode(t, base, "image/png", []byte("not really a png"))
		p = problemOf(t, r, 415)
		allowed(t, p, "image/png", "image/jpeg", "image/gif", "image/webp")

		full := get(t, base+"/api/v1/qr?data=hi").body
		img, _ := png.Decode(bytes.NewReader(full))
		var jp, gf bytes.Buffer
		jpeg.Encode(&jp, img, nil)
		gif.Encode(&gf, img, nil)
		for ctype, body := range map[string][]byte{"image/png": full, "image/jpeg": jp.Bytes(), "image/gif": gf.Bytes(), "image/webp": testdata(t, "code.webp")} {
			r, _ = postDecode(t, base, ctype, body[:len(body)/2])
			if p := problemOf(t, r, 400); !strings.Contains(p["detail"].(string), "truncated") {
				t.Errorf("truncated %s: %v", ctype, p["detail"])
			}
		}
		blank := image.NewGray(image.Rect(0, 0, 200, 200))
		for i := range blank.Pix {
			blank.Pix[i] = 255
		}
		var bb bytes.Buffer
		png.Encode(&bb, blank)
		r, _ = postDecode(t, base, "image/png", bb.Bytes())
		p = problemOf(t, r, 422)
		if !strings.Contains(p["fix"].(string), "contrast") {
			t.Errorf("422 fix %q", p["fix"])
		}
		start := time.Now()
		r, _ = postDecode(t, base, "image/png", pngHeader(60000, 60000))
		p = problemOf(t, r, 413)
		t.Logf("60000x60000 header refused in %v: %s", time.Since(start), p["detail"])
		r, _ = postDecode(t, base, "image/png", make([]byte, 17<<20))
		problemOf(t, r, 413)
		r, _ = postDecode(t, base, "application/json", []byte(`{"image":"%%% not base64 %%%"}`))
		problemOf(t, r, 400)
		problemOf(t, get(t, base+"/api/v1/decode"), 405)
	})
}

// allowed checks that a problem's allowed list holds want.
func allowed(t *testing.T, p map[string]any, want ...string) {
	t.Helper()
	var got []string
	list, _ := p["allowed"].([]any)
	for _, a := range list {
		got = append(got, a.(string))
	}
	for _, w := range want {
		if !slices.Contains(got, w) {
			t.Errorf("allowed %v lacks %s", got, w)
		}
	}
}

func TestSizeAdvice(t *testing.T) {
	each(t, func(t *testing.T, base string) {
		var a struct {
			Version        int     `json:"version"`
			EC             string  `json:"ec"`
			ModulePx       int     `json:"module_px"`
			MinSizeMM      float64 `json:"min_size_mm"`
			MinSizePx      int     `json:"min_size_px"`
			Rule           string  `json:"rule"`
			RecommendedURL string  `json:"recommended_url"`
		}
		r := get(t, base+"/api/v1/size?medium=poster&data="+url.QueryEscape("https://example.com/menu?t=123"))
		if err := json.Unmarshal(r.body, &a); err != nil || r.status != 200 {
			t.Fatalf("%d %s", r.status, r.body)
		}
		// core/size's tests work these figures by hand: version 3, 62 px modules at 300 dpi, 194.2 mm.
		if a.Version != 3 || a.EC != "M" || a.ModulePx != 62 || a.MinSizeMM != 194.2 || !strings.Contains(a.Rule, "distance") {
			t.Errorf("advice %+v", a)
		}
		png := get(t, base+a.RecommendedURL)
		if img := pngOf(t, png); img.Bounds().Dx() != a.MinSizePx {
			t.Errorf("recommended call gives %d px, advice says %d", img.Bounds().Dx(), a.MinSizePx)
		}
		scan(t, png, "https://example.com/menu?t=123")
		for _, q := range []string{"medium=poster", "data=x", "data=x&medium=bus", "length=2000&ec=H&distance_m=1", "data=x&distance_m=abc"} {
			r := get(t, base+"/api/v1/size?"+q)
			problemOf(t, r, 400)
			followFix(t, base, r)
		}
		if p := problemOf(t, get(t, base+"/api/v1/size?length=4000&distance_m=1"), 400); !strings.Contains(p["fix"].(string), "2953") {
			t.Errorf("fix %q", p["fix"])
		}
	})
}
