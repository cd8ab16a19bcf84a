package editor

import (
	"bytes"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"qrkeyless/internal/readback"
	"qrkeyless/worker/api"
)

// Worked examples from docs/payloads.md (§2.3 wifi, §2.22 upi): the preview and the
// download hold exactly the payload docs/payloads.md gives for these fields.
func TestRenderDecodes(t *testing.T) {
	for _, tc := range []struct {
		name string
		req  Request
		want string
	}{
		{"wifi", Request{Kind: "wifi", Fields: map[string]string{"ssid": "Home6E", "password": "correct horse", "security": "WPA3"}},
			"WIFI:T:SAE;S:Home6E;P:correct horse;;"},
		{"wifi open, styled, captioned", Request{Kind: "wifi", Fields: map[string]string{"ssid": "Guest"},
			Style: map[string]string{"style": "rounded", "fg": "1a237e", "frame_text": "Guest Wi-Fi"}},
			"WIFI:T:nopass;S:Guest;;"},
		{"upi standee", Request{Kind: "upi", Fields: map[string]string{"pa": "acmestore@okhdfcbank", "pn": "Acme Store", "am": "149.5", "tn": "Order A1023", "tr": "A1023", "mc": "5411"},
			Style: map[string]string{"frame": "standee", "frame_text": "Acme Store"}},
			"upi://pay?pa=acmestore@okhdfcbank&pn=Acme%20Store&am=149.50&cu=INR&tn=Order%20A1023&tr=A1023&mc=5411"},
		{"free text, gradient", Request{Fields: map[string]string{"data": "hello world"}, Style: map[string]string{"size": "300", "ec": "q", "fg": "linear:0f2027,2c5364"}},
			"hello world"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := Render(tc.req)
			if len(res.Errors) > 0 {
				t.Fatalf("errors: %v", res.Errors)
			}
			if res.Text != tc.want {
				t.Errorf("text %q; want %q", res.Text, tc.want)
			}
			// Branded: verify.wasm draws the branding from the options,
			// which must say it all.
			if res.Branded != (len(tc.req.Style) > 0 && tc.name != "wifi") || res.Branded && !strings.Contains(res.Options, "frame") && !strings.Contains(res.Options, "linear") {
				t.Errorf("branded %v, options %q", res.Branded, res.Options)
			}
			if got, err := readback.Text([]byte(res.SVG)); err != nil || got != tc.want {
				t.Errorf("SVG decodes to %q, %v", got, err)
			}
			png, errs := PNG(tc.req)
			if len(errs) > 0 {
				t.Fatalf("PNG errors: %v", errs)
			}
			if got, err := readback.Text(png); err != nil || got != tc.want {
				t.Errorf("PNG decodes to %q, %v", got, err)
			}
		})
	}
}

// Every control at fault gets its own message, not only the first one the
// builder or the parameter parser trips on.
func TestErrorsPerControl(t *testing.T) {
	for _, tc := range []struct {
		name string
		req  Request
		want []string // controls with a message
	}{
		{"empty wifi", Request{Kind: "wifi"}, []string{"ssid"}},
		{"wpa without password", Request{Kind: "wifi", Fields: map[string]string{"security": "WPA"}}, []string{"ssid", "password"}},
		{"short password", Request{Kind: "wifi", Fields: map[string]string{"ssid": "Cafe", "password": "short"}}, []string{"password"}},
		{"bad colours and size", Request{Kind: "wifi", Fields: map[string]string{"ssid": "Cafe"}, Style: map[string]string{"fg": "red", "bg": "nope", "size": "9"}}, []string{"fg", "bg", "size"}},
		{"unknown frame, gradient of one stop", Request{Kind: "wifi", Fields: map[string]string{"ssid": "Cafe"}, Style: map[string]string{"frame": "poster", "fg": "linear:123456"}}, []string{"frame", "fg"}},
		{"upi missing both", Request{Kind: "upi", Fields: map[string]string{"am": "12.5"}}, []string{"pa", "pn"}},
		{"empty text", Request{}, []string{"data"}},
		{"text too long at H", Request{Fields: map[string]string{"data": strings.Repeat("x", 2000)}, Style: map[string]string{"ec": "H"}}, []string{"ec"}},
		{"text too long at L", Request{Fields: map[string]string{"data": strings.Repeat("x", 4000)}}, []string{"data"}},
		{"unknown kind", Request{Kind: "fax"}, []string{""}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := Render(tc.req)
			if res.SVG != "" {
				t.Error("a form with errors still drew a code")
			}
			if len(res.Errors) != len(tc.want) {
				t.Errorf("errors %v; want one for each of %q", res.Errors, tc.want)
			}
			for _, c := range tc.want {
				if res.Errors[c] == "" {
					t.Errorf("no message for %q in %v", c, res.Errors)
				}
			}
		})
	}
}

func TestWarnings(t *testing.T) {
	for _, tc := range []struct {
		style map[string]string
		want  string // a word the warning must use; "" for none
	}{
		{map[string]string{}, ""},
		{map[string]string{"fg": "777777", "bg": "888888"}, "contrast"},
		{map[string]string{"margin": "1"}, "quiet zone"},
		{map[string]string{"fg": "ffffff", "bg": "000000"}, "inverted"},
		{map[string]string{"size": "64", "style": "dot"}, "px"},
	} {
		res := Render(Request{Fields: map[string]string{"data": "https://example.com/a/long/enough/path/to/need/version/four"}, Style: tc.style})
		if len(res.Errors) > 0 {
			t.Fatalf("%v: %v", tc.style, res.Errors)
		}
		joined := strings.Join(res.Warnings, " ")
		if tc.want == "" && joined != "" || !strings.Contains(joined, tc.want) {
			t.Errorf("%v: warnings %q; want one about %q", tc.style, res.Warnings, tc.want)
		}
	}
}

// The editor draws the code the API draws for the same values: its
// preview is the bytes of GET /api/v1/<kind>?format=svg with the form's
// fields and style, a kind's symbol rules included (swiss-qr's level and
// cross, epc's level), and its download the bytes of format=png.
func TestSameBytesAsTheAPI(t *testing.T) {
	h := api.New(api.Config{})
	get := func(target string) []byte {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", target, nil))
		if w.Code != 200 {
			t.Fatalf("GET %s: %d %s", target, w.Code, w.Body.Bytes())
		}
		return w.Body.Bytes()
	}
	swiss := map[string]string{"iban": "CH5800791123000889012", "name": "Robert Schneider AG", "street": "Rue du Lac", "houseno": "1268",
		"zip": "2501", "city": "Biel", "country": "CH", "amount": "3949.75", "currency": "CHF", "reftype": "NON"}
	for _, req := range []Request{
		{Fields: map[string]string{"data": "hello world"}, Style: map[string]string{"size": "300", "style": "dot", "eye": "circle", "fg": "1a237e"}},
		{Kind: "wifi", Fields: map[string]string{"ssid": "Cafe", "password": " edge spaces ", "security": "WPA"}, Style: map[string]string{"ec": "Q", "margin": "2"}},
		{Kind: "swiss-qr", Fields: swiss, Style: map[string]string{"ec": "H"}},
		{Kind: "epc", Fields: map[string]string{"name": "Red Cross", "iban": "DE89370400440532013000", "amount": "10"}, Style: map[string]string{"style": "rounded"}},
		{Kind: "vcard", Fields: map[string]string{"fn": "Ana", "ln": "Müller", "email": "ana@example.com"}},
	} {
		q := url.Values{}
		for k, v := range req.Fields {
			q.Set(k, v)
		}
		for k, v := range req.Style {
			q.Set(k, v)
		}
		path := "/api/v1/qr"
		if req.Kind != "" {
			path = "/api/v1/" + req.Kind
		}
		res := Render(req)
		if len(res.Errors) > 0 {
			t.Fatalf("%s: %v", path, res.Errors)
		}
		q.Set("format", "svg")
		if api := get(path + "?" + q.Encode()); res.SVG != string(api) {
			t.Errorf("%s: the editor's SVG is not the API's (%d and %d bytes)", path, len(res.SVG), len(api))
		}
		q.Set("format", "png")
		if png, _ := PNG(req); !bytes.Equal(png, get(path+"?"+q.Encode())) {
			t.Errorf("%s: the editor's PNG is not the API's", path)
		}
	}
}
