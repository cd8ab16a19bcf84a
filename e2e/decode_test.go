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
	} `json:"results"`
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
		js, _ := json.Marshal(map[string]string{"image": "data:image/png;base64," + base64.StdEncoding.EncodeToString(png1)})
		if _, d := postDecode(t, base, "application/json", js); d.Count != 1 || d.Results[0].Text != sample {
			t.Errorf("json data URI: %+v", d)
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
		r, _ := postDecode(t, base, "text/plain", []byte("hello"))
		problemOf(t, r, 415)
		r, _ = postDecode(t, base, "image/png", []byte("not really a png"))
		problemOf(t, r, 415)
		full := get(t, base+"/api/v1/qr?data=hi").body
		r, _ = postDecode(t, base, "image/png", full[:len(full)/2])
		problemOf(t, r, 400)
		blank := image.NewGray(image.Rect(0, 0, 200, 200))
		for i := range blank.Pix {
			blank.Pix[i] = 255
		}
		var bb bytes.Buffer
		png.Encode(&bb, blank)
		r, _ = postDecode(t, base, "image/png", bb.Bytes())
		p := problemOf(t, r, 422)
		if !strings.Contains(p["fix"].(string), "contrast") {
			t.Errorf("422 fix %q", p["fix"])
		}
		start := time.Now()
		r, _ = postDecode(t, base, "image/png", pngHeader(60000, 60000))
		p = problemOf(t, r, 413)
		t.Logf("60000x60000 header refused in %v: %s", time.Since(start), p["detail"])
		r, _ = postDecode(t, base, "image/png", make([]byte, 17<<20))
		problemOf(t, r, 413)
		r, _ = postDecode(t, base, "application/json", []byte(`{"image":"nope"}`))
		problemOf(t, r, 400)
		problemOf(t, get(t, base+"/api/v1/decode"), 405)
	})
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
