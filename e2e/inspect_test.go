package e2e

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/draw"
	"image/png"
	"net/url"
	"strings"
	"testing"
)

// inspected is the part of POST /api/v1/inspect's answer the tests read.
type inspected struct {
	Method string `json:"method"`
	Count  int    `json:"count"`
	Codes  []struct {
		Grade      int    `json:"grade"`
		Letter     string `json:"letter"`
		Text       string `json:"text"`
		Version    int    `json:"version"`
		EC         string `json:"ec"`
		Parameters map[string]struct {
			Value float64 `json:"value"`
			Grade int     `json:"grade"`
		} `json:"parameters"`
		QuietZone map[string]int                           `json:"quiet_zone"`
		Blocks    []struct{ Corrected, Capacity int }      `json:"blocks"`
		Causes    []struct{ Parameter, Cause, Fix string } `json:"causes"`
	} `json:"codes"`
	StoppedAt string                        `json:"stopped_at"`
	Causes    []struct{ Cause, Fix string } `json:"causes"`
	Overlay   string                        `json:"overlay"`
}

func postInspect(t *testing.T, target, ctype string, body []byte) (response, inspected) {
	t.Helper()
	r := do(t, "POST", target, map[string]string{"Content-Type": ctype}, bytes.NewReader(body))
	var d inspected
	if r.status == 200 {
		if err := json.Unmarshal(r.body, &d); err != nil {
			t.Fatalf("inspect answer: %v: %s", err, r.body)
		}
	}
	return r, d
}

// The inspect endpoint grades a code the service drew, says what to fix
// in one drawn with a thin margin, draws the overlay when asked, and
// says where reading stopped in a picture of no code.
func TestInspect(t *testing.T) {
	each(t, func(t *testing.T, base string) {
		code := get(t, base+"/api/v1/qr?size=400&data="+url.QueryEscape(sample)).body
		r, d := postInspect(t, base+"/api/v1/inspect", "image/png", code)
		if r.status != 200 || d.Count != 1 || d.Codes[0].Text != sample || d.Codes[0].Letter != "A" || len(d.Codes[0].Parameters) != 8 {
			t.Fatalf("a clean code: %d %.400s", r.status, r.body)
		}
		if !strings.Contains(d.Method, "ISO/IEC 15415-style") || !strings.Contains(d.Method, "not by a calibrated verifier") || d.Overlay != "" {
			t.Errorf("method %q, overlay %.40q", d.Method, d.Overlay)
		}

		// 310 px is 10 a module for version 3 and a margin of 1 (31
		// modules): no pixels left over to widen the quiet zone.
		thin := get(t, base+"/api/v1/qr?size=310&margin=1&data="+url.QueryEscape(sample)).body
		_, d = postInspect(t, base+"/api/v1/inspect?overlay=1", "image/png", thin)
		if d.Count != 1 || d.Codes[0].QuietZone["left"] != 1 {
			t.Fatalf("margin=1: %+v", d)
		}
		fixed := false
		for _, c := range d.Codes[0].Causes {
			fixed = fixed || c.Parameter == "quiet_zone" && strings.Contains(c.Fix, "margin=4")
		}
		if !fixed {
			t.Errorf("margin=1: causes %+v", d.Codes[0].Causes)
		}
		ov, ok := strings.CutPrefix(d.Overlay, "data:image/png;base64,")
		raw, err := base64.StdEncoding.DecodeString(ov)
		if _, err2 := png.Decode(bytes.NewReader(raw)); !ok || err != nil || err2 != nil {
			t.Errorf("overlay=1: %.60q: %v %v", d.Overlay, err, err2)
		}
		// The JSON body: the image as decode takes it, and overlay.
		js, _ := json.Marshal(map[string]any{"image": "data:image/png;base64," + base64.StdEncoding.EncodeToString(code), "overlay": true})
		if _, d := postInspect(t, base+"/api/v1/inspect", "application/json", js); d.Count != 1 || d.Overlay == "" {
			t.Errorf("JSON body with overlay: %+v", d.Count)
		}

		// A picture of no code is a report of where reading stopped.
		blank := image.NewGray(image.Rect(0, 0, 200, 200))
		draw.Draw(blank, blank.Bounds(), image.White, image.Point{}, draw.Src)
		var bb bytes.Buffer
		png.Encode(&bb, blank)
		r, d = postInspect(t, base+"/api/v1/inspect", "image/png", bb.Bytes())
		if r.status != 200 || d.Count != 0 || d.StoppedAt != "finder" || len(d.Causes) == 0 {
			t.Errorf("blank: %d %s", r.status, r.body)
		}
	})
}

// Bad images get decode's problems, and the overlay flag a 400 when it
// is not a yes or no.
func TestInspectProblems(t *testing.T) {
	each(t, func(t *testing.T, base string) {
		r, _ := postInspect(t, base+"/api/v1/inspect", "text/plain", []byte("hello"))
		p := problemOf(t, r, 415)
		if !strings.Contains(p["fix"].(string), "/api/v1/inspect") {
			t.Errorf("415 fix %q", p["fix"])
		}
		full := get(t, base+"/api/v1/qr?data=hi").body
		r, _ = postInspect(t, base+"/api/v1/inspect", "image/png", full[:len(full)/2])
		problemOf(t, r, 400)
		r, _ = postInspect(t, base+"/api/v1/inspect", "image/png", pngHeader(60000, 60000))
		problemOf(t, r, 413)
		r, _ = postInspect(t, base+"/api/v1/inspect?overlay=maybe", "image/png", full)
		if p := problemOf(t, r, 400); !strings.Contains(p["fix"].(string), "overlay=1") {
			t.Errorf("overlay=maybe fix %q", p["fix"])
		}
		problemOf(t, get(t, base+"/api/v1/inspect"), 405)
	})
}
