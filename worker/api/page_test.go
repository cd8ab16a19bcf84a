package api

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"qrkeyless/core/link"
	"qrkeyless/site/serve"
)

// wifiPage is a Wi-Fi editor page in miniature: its form and its code
// box as templates/pages.templ writes them.
var wifiPage = "<!doctype html><head>" + link.FormScript(link.Form{
	Kind:  "wifi",
	Title: "Wi-Fi network",
	Controls: []link.Control{
		{Name: "ssid", Field: "ssid", Input: "text", Required: true},
		{Name: "password", Field: "password", Input: "password", Secret: true, Unless: []link.Rule{{Field: "security", Values: []string{"nopass", ""}}}},
		{Name: "sec", Aliases: []string{"security"}, Field: "security", Input: "select", Options: []string{"", "WPA", "nopass"}},
	},
}) + `</head><body><div class="code-box baked"><p class="code-tag" id="code-tag">Example</p>` +
	`<div id="code" class="code" role="img" aria-label="Example Wi-Fi network QR code"><svg>example</svg></div>` +
	`<p class="code-note" id="code-note">Loading the editor…</p></div></body>`

// A page opened from a link that makes a code comes with that code in its
// code box: the API's own answer for the page's API URL, byte for byte.
// Any other link gets the page as it is, and a secret in the link is
// never in the page.
func TestPageWithALinksCode(t *testing.T) {
	h := New(Config{Site: fstest.MapFS{"wifi.html": {Data: []byte(wifiPage)}}, CompressPages: true})
	get := func(path, accept string) *httptest.ResponseRecorder {
		w := httptest.NewRecorder()
		r := httptest.NewRequest("GET", path, nil)
		r.Header.Set("Accept-Encoding", accept)
		h.ServeHTTP(w, r)
		return w
	}
	api := get("/api/v1/wifi?ssid=Guest&sec=nopass&format=svg", "")
	if api.Code != 200 {
		t.Fatalf("the API: %d %s", api.Code, api.Body)
	}
	for _, tc := range []struct {
		link string
		code bool
	}{
		{"?ssid=Guest&sec=nopass", true},
		{"?security=NOPASS&ssid=Guest&password=hunter2", true}, // the password is dropped, as the page drops it
		{"", false},
		{"?ssid=Home&sec=WPA&password=hunter2", false},           // needs a password
		{"?sec=nopass", false},                                   // nothing typed
		{"?sec=nopass&ssid=" + strings.Repeat("x", 3000), false}, // the API refuses it: too long for a code
	} {
		w := get("/wifi"+tc.link, "")
		body := w.Body.String()
		if w.Code != 200 || w.Header().Get("Content-Type") != "text/html; charset=utf-8" {
			t.Errorf("%s: %d %s", tc.link, w.Code, w.Header().Get("Content-Type"))
		}
		if strings.Contains(body, "hunter2") {
			t.Errorf("%s: the page repeats the password", tc.link)
		}
		if w.Header().Get("Access-Control-Allow-Origin") != "" || w.Header().Get("Cache-Control") != serve.CacheControl {
			t.Errorf("%s: headers %v, not a page's", tc.link, w.Header())
		}
		if !tc.code {
			if body != wifiPage {
				t.Errorf("%s: the page is not as it was built:\n%s", tc.link, body)
			}
			continue
		}
		if !strings.Contains(body, `aria-label="Wi-Fi network QR code">`+api.Body.String()+`</div>`) || strings.Contains(body, "example") {
			t.Errorf("%s: the code box does not hold the API's code:\n%s", tc.link, body)
		}
		form, _ := link.FormOf([]byte(body))
		if form.URL != "/api/v1/wifi?ssid=Guest&sec=nopass&format=svg" || form.Code != api.Body.String() {
			t.Errorf("%s: the page's form carries %q and %d bytes of code", tc.link, form.URL, len(form.Code))
		}
		// The same page again: the same bytes and tag, 304 when the tag is named.
		again := get("/wifi"+tc.link, "")
		tag := w.Header().Get("ETag")
		if again.Body.String() != body || again.Header().Get("ETag") != tag || tag == "" {
			t.Errorf("%s: a second answer differs", tc.link)
		}
		r := httptest.NewRequest("GET", "/wifi"+tc.link, nil)
		r.Header.Set("If-None-Match", tag)
		w304 := httptest.NewRecorder()
		h.ServeHTTP(w304, r)
		if w304.Code != 304 {
			t.Errorf("%s: If-None-Match its own tag: %d", tc.link, w304.Code)
		}
		// Compressed for a client that takes gzip.
		z := get("/wifi"+tc.link, "br;q=1, gzip;q=0.8")
		zr, err := gzip.NewReader(bytes.NewReader(z.Body.Bytes()))
		if err != nil || z.Header().Get("Content-Encoding") != "gzip" || z.Header().Get("Vary") != "Accept-Encoding" {
			t.Fatalf("%s: gzip: %v %v", tc.link, err, z.Header())
		}
		if plain, _ := io.ReadAll(zr); string(plain) != body {
			t.Errorf("%s: the gzip answer is not the page", tc.link)
		}
	}
}
