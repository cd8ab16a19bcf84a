package api

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"qrkeyless/core/scan"
)

// familyRead decodes an answer's picture with core/scan, as POST
// /api/v1/decode does.
func familyRead(t *testing.T, body []byte) []scan.Code {
	t.Helper()
	codes, err := scan.DecodeBytes(context.Background(), body, scan.Limits{})
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	return codes
}

// TestFamilyAnswers: Micro QR, rMQR and structured-append sequences from
// every generation door (GET and POST /api/v1/qr, /q/, a typed kind), with
// x-qr-symbol, x-qr-version and x-qr-parts saying what was made, the
// content type of the format, and the picture read back to the text.
func TestFamilyAnswers(t *testing.T) {
	long := strings.Repeat("0123456789ABCDEF", 11) + "Z" // an odd count, or the parity is 0
	for _, tc := range []struct {
		method, target, body   string
		symbol, version, parts string
		contentType, text      string // text: what the picture reads as ("" for none to read)
	}{
		{"GET", "/api/v1/qr?data=12345&symbol=micro", "", "micro", "M2", "1", "image/png", "12345"},
		{"GET", "/api/v1/qr?data=HELLO&symbol=micro&version=M4&ec=Q&mask=2", "", "micro", "M4", "1", "image/png", "HELLO"},
		{"GET", "/api/v1/qr?data=HELLO%20WORLD&symbol=rmqr", "", "rmqr", "R13x27", "1", "image/png", "HELLO WORLD"},
		{"GET", "/api/v1/qr?data=HELLO%20WORLD&symbol=rmqr&rmqr_height=7&ec=H", "", "rmqr", "R7x77", "1", "image/png", "HELLO WORLD"},
		{"GET", "/api/v1/qr?data=HELLO&symbol=rmqr&version=R11x43&format=svg", "", "rmqr", "R11x43", "1", "image/svg+xml", ""},
		{"GET", "/q/12345.pdf?symbol=micro&size_mm=10", "", "micro", "M2", "1", "application/pdf", ""},
		{"GET", "/api/v1/qr?data=12345&symbol=micro&style=rounded&color=1a237e", "", "micro", "M2", "1", "image/png", "12345"},
		{"POST", "/api/v1/qr", `{"data":"12345","symbol":"rmqr","version":"R7x43"}`, "rmqr", "R7x43", "1", "image/png", "12345"},
		{"GET", "/api/v1/wifi?ssid=Lab&auth=nopass&symbol=rmqr", "", "rmqr", "", "1", "image/png", "WIFI:T:nopass;S:Lab;;"},
		{"GET", "/api/v1/qr?data=" + long + "&parts=3", "", "qr", "", "3", "image/png", long},
		{"GET", "/api/v1/qr?data=" + long + "&parts=4&parts_layout=grid", "", "qr", "", "4", "image/png", long},
		{"GET", "/api/v1/qr?data=" + long + "&parts=3&format=svg", "", "qr", "", "3", "image/svg+xml", ""},
		{"GET", "/api/v1/qr?data=" + long + "&parts=3&format=json", "", "qr", "", "3", "application/json", ""},
		{"GET", "/api/v1/qr?data=" + long + "&parts=3&format=zip", "", "qr", "", "3", "application/zip", ""},
	} {
		w := httptest.NewRecorder()
		r := httptest.NewRequest(tc.method, "http://x"+tc.target, strings.NewReader(tc.body))
		r.Header.Set("Content-Type", "application/json")
		New(Config{}).ServeHTTP(w, r)
		h := w.Header()
		if w.Code != 200 {
			t.Errorf("%s %s: %d %s", tc.method, tc.target, w.Code, w.Body)
			continue
		}
		if h.Get("x-qr-symbol") != tc.symbol || (tc.version != "" && h.Get("x-qr-version") != tc.version) || h.Get("x-qr-parts") != tc.parts || h.Get("Content-Type") != tc.contentType {
			t.Errorf("%s: x-qr-symbol %q x-qr-version %q x-qr-parts %q %q; want %s %s %s %s", tc.target,
				h.Get("x-qr-symbol"), h.Get("x-qr-version"), h.Get("x-qr-parts"), h.Get("Content-Type"), tc.symbol, tc.version, tc.parts, tc.contentType)
		}
		if tc.text != "" {
			codes := familyRead(t, w.Body.Bytes())
			if len(codes) != 1 || codes[0].Text != tc.text || codes[0].Symbol != tc.symbol {
				t.Errorf("%s: read %+v, want one %s reading %q", tc.target, codes, tc.symbol, tc.text)
			} else if n := len(codes[0].Parts); tc.parts != "1" && tc.parts != itoa(n) {
				t.Errorf("%s: joined %d parts, want %s", tc.target, n, tc.parts)
			}
		}
		switch tc.contentType {
		case "application/json":
			var m struct {
				Parts []struct {
					Symbol      string
					VersionName string `json:"version_name"`
					Modules     [][]int
					Part        struct{ Index, Count, Parity int }
				}
			}
			if err := json.Unmarshal(w.Body.Bytes(), &m); err != nil || len(m.Parts) != 3 {
				t.Fatalf("%s: %v %s", tc.target, err, w.Body)
			}
			for i, p := range m.Parts {
				if p.Part.Index != i || p.Part.Count != 3 || p.Part.Parity != parity(long) || len(p.Modules) != len(m.Parts[0].Modules) || p.Symbol != "qr" {
					t.Errorf("%s: part %d is %+v", tc.target, i, p.Part)
				}
			}
		case "application/zip":
			zr, err := zip.NewReader(bytes.NewReader(w.Body.Bytes()), int64(w.Body.Len()))
			if err != nil || len(zr.File) != 3 {
				t.Fatalf("%s: %v, %d files", tc.target, err, len(zr.File))
			}
			joined := ""
			for i, f := range zr.File {
				rc, _ := f.Open()
				png, _ := io.ReadAll(rc)
				codes := familyRead(t, png)
				if len(codes) != 1 || f.Name != "part-0"+itoa(i+1)+"-of-03.png" {
					t.Fatalf("%s: %s read as %+v", tc.target, f.Name, codes)
				}
				joined += codes[0].Text
			}
			if joined != long {
				t.Errorf("%s: the parts join to %q", tc.target, joined)
			}
		}
	}
}

// parity is the XOR of text's bytes, as ISO/IEC 18004 8.3 defines a
// structured-append sequence's parity.
func parity(text string) int {
	p := 0
	for i := range len(text) {
		p ^= int(text[i])
	}
	return p
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// TestFamilyProblems: what cannot be made is a 4xx naming what can, and
// its fix is a call that works.
func TestFamilyProblems(t *testing.T) {
	for _, tc := range []struct {
		target, field string
		code          int
		detailHas     string
	}{
		{"/api/v1/qr?data=1&symbol=micro&ec=H", "ec", 400, "L, M, Q"},
		{"/api/v1/qr?data=1&symbol=micro&version=M1&ec=L", "ec", 400, "M1 has level none"},
		{"/api/v1/qr?data=1&symbol=rmqr&ec=Q", "ec", 400, "M, H"},
		{"/api/v1/qr?data=1&symbol=rmqr&mask=2", "mask", 400, "one mask"},
		{"/api/v1/qr?data=1&symbol=micro&mask=7", "mask", 400, "0 to 3"},
		{"/api/v1/qr?data=1&symbol=micro&version=R7x43", "version", 400, "M1 to M4"},
		{"/api/v1/qr?data=1&symbol=aztec", "symbol", 400, "qr, micro, rmqr"},
		{"/api/v1/qr?data=" + strings.Repeat("A", 60) + "&version=1!", "parts", 400, "4 symbols of version 1"},
		{"/api/v1/qr?data=1&symbol=micro&style=dot", "style", 422, "square or rounded"},
		{"/api/v1/qr?data=1&symbol=rmqr&eye=leaf", "eye", 422, "eye square"},
		{"/api/v1/qr?data=1&symbol=rmqr&color=linear:000000,1a237e", "color", 422, "plain color"},
		{"/api/v1/qr?data=1&symbol=micro&frame=banner-bottom&frame_text=HI", "frame", 422, "plain color"},
		{"/api/v1/qr?data=12&parts=2&format=eps", "format", 400, "png, svg, pdf, base64, json, zip"},
		{"/api/v1/qr?data=12&format=zip", "format", 400, "parts=2"},
		{"/api/v1/epc?name=A&iban=DE89370400440532013000&amount=1&symbol=micro", "symbol", 400, "one QR code"},
		{"/api/v1/qr?data=" + strings.Repeat("a", 30) + "&symbol=micro", "symbol", 400, "rmqr holds more"},
	} {
		w := typedGet(t, tc.target)
		p := typedProblem(t, w, tc.code)
		if p.Field != tc.field || !strings.Contains(p.Detail, tc.detailHas) {
			t.Errorf("%s: %s: %s; want %s, %q", tc.target, p.Field, p.Detail, tc.field, tc.detailHas)
		}
		if !strings.HasPrefix(p.Fix, "/") {
			continue // a sentence, not a call
		}
		if w := typedGet(t, p.Fix); w.Code != 200 {
			t.Errorf("%s: its fix %s answers %d %s", tc.target, p.Fix, w.Code, w.Body)
		}
	}
}

// TestFamilyBatch: batch items take the family's parameters as a call
// does; a label sheet, which holds one QR symbol a label, refuses them.
func TestFamilyBatch(t *testing.T) {
	post := func(body string) *httptest.ResponseRecorder {
		w := httptest.NewRecorder()
		r := httptest.NewRequest(http.MethodPost, "http://x/api/v1/qr/batch", strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		New(Config{}).ServeHTTP(w, r)
		return w
	}
	w := post(`{"output":"base64","items":[{"data":"12345","style":{"symbol":"micro"}},{"data":"HELLO","style":{"symbol":"rmqr","version":"R9x59"}},{"data":"` + strings.Repeat("AB", 40) + `","style":{"parts":2}}]}`)
	var out struct {
		Items []struct {
			Data  string
			Error *struct{ Detail string }
		}
	}
	if w.Code != 200 || json.Unmarshal(w.Body.Bytes(), &out) != nil || len(out.Items) != 3 {
		t.Fatalf("batch: %d %s", w.Code, w.Body)
	}
	for i, want := range []struct{ symbol, text string }{{"micro", "12345"}, {"rmqr", "HELLO"}, {"qr", strings.Repeat("AB", 40)}} {
		it := out.Items[i]
		if it.Error != nil {
			t.Fatalf("item %d: %s", i, it.Error.Detail)
		}
		png, err := scan.DecodeDataURI(it.Data)
		if err != nil {
			t.Fatalf("item %d: %v: %.300s", i, err, w.Body)
		}
		codes := familyRead(t, png)
		if len(codes) != 1 || codes[0].Symbol != want.symbol || codes[0].Text != want.text {
			t.Errorf("item %d: read %+v, want %s %q", i, codes, want.symbol, want.text)
		}
	}
	w = post(`{"output":"sheet","style":{"symbol":"micro"},"items":[{"data":"12345"},{"data":"12345","style":{"symbol":"qr"}}]}`)
	if w.Code != 200 || w.Header().Get("x-qr-failed") != "0" {
		t.Errorf("sheet of Micro QR: %d, x-qr-failed %q", w.Code, w.Header().Get("x-qr-failed"))
	}
}
