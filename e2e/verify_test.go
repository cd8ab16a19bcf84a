package e2e

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"
)

type report struct {
	Scannable bool     `json:"scannable"`
	Decoded   bool     `json:"decoded"`
	Camera    bool     `json:"camera"`
	Version   int      `json:"version"`
	EC        string   `json:"ec"`
	Contrast  float64  `json:"contrast"`
	QuietZone int      `json:"quiet_zone"`
	Warnings  []string `json:"warnings"`
}

func TestVerify(t *testing.T) {
	each(t, func(t *testing.T, base string) {
		var rep report
		r := get(t, base+"/api/v1/verify?data="+url.QueryEscape(sample))
		if err := json.Unmarshal(r.body, &rep); err != nil || r.status != 200 {
			t.Fatalf("%d %s", r.status, r.body)
		}
		if !rep.Scannable || !rep.Decoded || rep.Contrast != 21 || rep.QuietZone != 4 || rep.EC != "M" || len(rep.Warnings) != 0 {
			t.Errorf("plain code: %+v", rep)
		}
		for _, tt := range []struct{ query, warn string }{
			{"&color=ffffff&bg=000000", "inverted"},
			{"&color=999999&bg=bbbbbb", "contrast"},
			{"&margin=1", "quiet zone"},
		} {
			var rep report
			json.Unmarshal(get(t, base+"/api/v1/verify?data=hello"+tt.query).body, &rep)
			if !strings.Contains(strings.Join(rep.Warnings, " "), tt.warn) {
				t.Errorf("%s: warnings %q lack %q", tt.query, rep.Warnings, tt.warn)
			}
		}
		problemOf(t, get(t, base+"/api/v1/verify?color=red&data=x"), 400)

		// verify=1 on the generators: the four headers, agreeing with the image.
		g := get(t, base+"/api/v1/qr?verify=1&ec=Q&data="+url.QueryEscape(sample))
		if g.header.Get("x-qr-verified") != "true" || g.header.Get("x-qr-ec") != "Q" || g.header.Get("x-qr-contrast") != "21.00" || g.header.Get("x-qr-version") == "" {
			t.Errorf("headers: %v", g.header)
		}
		scan(t, g, sample)
		low := get(t, base+"/api/v1/qr?verify=1&data=hi&color=ffffff&bg=000000")
		if low.header.Get("x-qr-verified") != "false" {
			t.Errorf("inverted code verified: %v", low.header)
		}
		if w := get(t, base+"/api/v1/wifi?verify=1&ssid=Guest&sec=nopass"); w.header.Get("x-qr-verified") != "true" {
			t.Errorf("typed verify headers: %v", w.header)
		}
	})
}
