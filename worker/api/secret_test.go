package api

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// The secret that no answer may repeat, and the forms a URL or JSON text
// would carry it in.
const secret = "Hunter2Hunter2!"

func leaks(body []byte, h http.Header) string {
	for _, form := range []string{secret, url.QueryEscape(secret), url.PathEscape(secret), strings.ReplaceAll(url.QueryEscape(secret), "+", "%20"), "Hunter2Hunter2"} {
		if bytes.Contains(body, []byte(form)) {
			return "body"
		}
		for name, vs := range h {
			for _, v := range vs {
				if strings.Contains(v, form) {
					return "header " + name
				}
			}
		}
	}
	return ""
}

// spellings of a secret field's name a caller may send: the field itself,
// its case variants, near misses and other words for it.
var spellings = map[string][]string{
	"password": {"password", "Password", "PASSWORD", "passwrd", "passwd", "pasword", "passwor", "pass", "pwd", "pass_word", "wifi_password"},
	"secret":   {"secret", "Secret", "SECRET", "secrte", "secert", "secrets"},
}

// TestNoAnswerRepeatsASecret sends a secret on every path that writes a
// problem, fix or URL (typed routes, typo kinds, /q/, /api/v1/qr, verify,
// size, wrong methods, unknown paths, bad query pairs) under every
// spelling, and checks that no answer, body or header, holds it.
func TestNoAnswerRepeatsASecret(t *testing.T) {
	h := New(Config{})
	type req struct{ method, target string }
	var reqs []req
	add := func(method, format string, args ...any) {
		reqs = append(reqs, req{method, fmt.Sprintf(format, args...)})
	}
	s := url.QueryEscape(secret)
	wifi := url.QueryEscape("WIFI:T:WPA;S:Home;P:" + secret + ";;")
	for field, names := range spellings {
		kinds := []string{"wifi", "shadowsocks", "wif", "wiif", "shadowsock", "zzzz"}
		if field == "secret" {
			kinds = []string{"otp", "otpp", "opt"}
		}
		for _, k := range kinds {
			for _, name := range names {
				for _, m := range []string{"GET", "HEAD", "POST", "PUT", "DELETE", "PATCH"} {
					add(m, "/api/v1/%s?ssid=Home&%s=%s&colour=red", k, name, s)
				}
				add("GET", "/api/v1/%s?%s=%s&size=5000", k, name, s)
				add("GET", "/api/v1/%s?%s=%s&%s=other", k, name, s, name)
				add("GET", "/api/v1/%s?%s=%s;x&ssid=Home", k, name, s)
				add("GET", "/api/v1/%s?%s=%s&ssid=%%zz", k, name, s)
			}
		}
		for _, name := range names {
			add("GET", "/api/v1/qr?data=hi&%s=%s&colour=red", name, s)
			add("POST", "/api/v1/qr?data=hi&%s=%s", name, s)
			add("GET", "/q/hi.png?%s=%s&size=5000", name, s)
			add("GET", "/q/hi.gif?%s=%s", name, s)
			add("GET", "/nowhere?%s=%s", name, s)
		}
	}
	for _, path := range []string{"/api/v1/qr", "/api/v1/verify", "/api/v1/size"} {
		add("GET", "%s?data=%s&color=red", path, wifi)
		add("GET", "%s?data=%s&size=5000&medium=poster", path, wifi)
		add("GET", "%s?data=%s&colour=f00", path, wifi)
		add("POST", "%s?data=%s", path, wifi)
		add("GET", "%s?data=%s", path, wifi) // succeeds: no-store, no-referrer
	}
	add("GET", "/q/%s.gif?color=red", wifi)
	add("GET", "/q/%s.png?style=stars", wifi)
	add("GET", "/q/%s.png", wifi)

	for _, rq := range reqs {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest(rq.method, "http://qr.test"+rq.target, nil))
		if where := leaks(w.Body.Bytes(), w.Header()); where != "" {
			t.Errorf("%s %s: %d repeats the secret in its %s: %s", rq.method, rq.target, w.Code, where, w.Body.String()[:min(400, w.Body.Len())])
		}
		if w.Code == 200 && (w.Header().Get("Cache-Control") != "no-store" || w.Header().Get("Referrer-Policy") != "no-referrer" || w.Header().Get("ETag") != "") {
			t.Errorf("%s %s: a 200 made from a secret is sent with Cache-Control %q, Referrer-Policy %q, ETag %q",
				rq.method, rq.target, w.Header().Get("Cache-Control"), w.Header().Get("Referrer-Policy"), w.Header().Get("ETag"))
		}
		if w.Code >= 500 {
			t.Errorf("%s %s: %d", rq.method, rq.target, w.Code)
		}
	}
	t.Logf("%d requests on %d paths and methods, secret names spelt %d ways: none repeats the secret", len(reqs), 14, len(spellings["password"])+len(spellings["secret"]))
}

// Two values for one secret field are a conflict, as for any parameter,
// and the problem repeats neither: reading one of them once made an
// open network of a protected one.
func TestTwoSecretsAreAConflict(t *testing.T) {
	h := New(Config{})
	for _, target := range []string{
		"/api/v1/wifi?ssid=x&password=aaaaaaaa1&password=bbbbbbbb2",
		"/api/v1/wifi?ssid=x&security=WPA&password=aaaaaaaa1&password=bbbbbbbb2",
		"/api/v1/otp?account=a&secret=JBSWY3DPEHPK3PXP&secret=JBSWY3DPEHPK3PXQ",
		"/api/v1/shadowsocks?method=aes-256-gcm&host=example.com&port=8388&password=aaaa1&password=bbbb2",
	} {
		w := answer(h, "GET", target)
		if w.Code != 400 || !strings.Contains(w.Body.String(), "conflicting-parameters") {
			t.Errorf("%s: %d %s; want a 400 conflict", target, w.Code, w.Body)
		}
		for _, v := range []string{"aaaaaaaa1", "bbbbbbbb2", "JBSWY3DPEHPK3PXQ", "aaaa1", "bbbb2"} {
			if strings.Contains(w.Body.String(), v) {
				t.Errorf("%s: the problem repeats %q: %s", target, v, w.Body)
			}
		}
	}
}
