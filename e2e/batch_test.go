package e2e

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"qrkeyless/internal/readback"
)

func TestBatch(t *testing.T) {
	each(t, func(t *testing.T, base string) {
		body := `{"output":"url","style":{"size":250,"color":"1a237e"},"items":[
			{"id":"home","data":"https://example.com"},
			{"id":"guest","type":"wifi","fields":{"ssid":"Guest","security":"nopass"}},
			{"id":"bad","data":"x","style":{"size":9000}}]}`
		r := do(t, "POST", base+"/api/v1/qr/batch", map[string]string{"Content-Type": "application/json"}, strings.NewReader(body))
		var res struct {
			Count int `json:"count"`
			Items []struct {
				ID, URL, Payload string
				Error            map[string]any
			} `json:"items"`
		}
		if err := json.Unmarshal(r.body, &res); err != nil || r.status != 200 || res.Count != 3 {
			t.Fatalf("%d %s", r.status, r.body)
		}
		for i, want := range []string{"https://example.com", "WIFI:T:nopass;S:Guest;;"} {
			it := res.Items[i]
			if !strings.HasPrefix(it.URL, base) {
				t.Fatalf("item %d url %q is not absolute on %s", i, it.URL, base)
			}
			scan(t, get(t, it.URL), want)
		}
		if e := res.Items[2].Error; e == nil || e["field"] != "size" || res.Items[2].URL != "" {
			t.Errorf("bad item: %+v", res.Items[2])
		}

		r = do(t, "POST", base+"/api/v1/qr/batch", map[string]string{"Content-Type": "application/json"},
			strings.NewReader(`{"output":"zip","items":[{"id":"one","data":"1"},{"id":"two","data":"2"}]}`))
		if r.header.Get("Content-Type") != "application/zip" {
			t.Fatalf("zip: %d %s", r.status, r.header.Get("Content-Type"))
		}
		z, err := zip.NewReader(bytes.NewReader(r.body), int64(len(r.body)))
		if err != nil || len(z.File) != 3 {
			t.Fatalf("zip: %v", err)
		}
		want := map[string]string{"one.png": "1", "two.png": "2"}
		for _, f := range z.File {
			rc, _ := f.Open()
			b, _ := io.ReadAll(rc)
			if f.Name == "manifest.csv" {
				if m := string(b); m != "file,item,kind,version,ec,scans\none.png,0,text,1,M,\ntwo.png,1,text,1,M,\n" {
					t.Errorf("manifest.csv:\n%s", m)
				}
				continue
			}
			if got, err := readback.Text(b); got != want[f.Name] {
				t.Errorf("%s decodes to %q (%v), want %q", f.Name, got, err, want[f.Name])
			}
		}

		items := strings.TrimSuffix(strings.Repeat(`{"data":"x"},`, 1001), ",")
		r = do(t, "POST", base+"/api/v1/qr/batch", map[string]string{"Content-Type": "application/json"}, strings.NewReader(`{"items":[`+items+`]}`))
		problemOf(t, r, 413)
		r = do(t, "POST", base+"/api/v1/qr/batch", map[string]string{"Content-Type": "application/json"}, strings.NewReader(`{"items":"nope"}`))
		problemOf(t, r, 400)
	})
}
