package scan

import (
	"errors"
	"image/color"
	"maps"
	"strings"
	"testing"
	"time"

	"golang.org/x/text/encoding/charmap"

	"qrkeyless/core/payload"
	"qrkeyless/core/qr"
	"qrkeyless/core/render"
)

// exampleFields returns fields for k from the examples its schema
// publishes, dropping any field the builder refuses in that company (a
// Google Maps link takes a query or coordinates, not both).
func exampleFields(k *payload.Kind) (payload.Fields, string, error) {
	f := payload.Fields{}
	for _, fd := range k.Fields {
		if fd.Example != "" {
			f[fd.Name] = fd.Example
		}
	}
	for range k.Fields {
		text, err := k.Build(f)
		var fe *payload.FieldError
		if err == nil || !errors.As(err, &fe) || f[fe.Field] == "" {
			return f, text, err
		}
		delete(f, fe.Field)
	}
	return f, "", errors.New("no consistent example")
}

// defaults are the field values each kind documents as its default: a
// payload does not say them, so a scan reads them as unset.
var defaults = map[string]payload.Fields{
	"bezahlcode":       {"currency": "EUR"},
	"emv-merchant":     {"template": "26"},
	"epc":              {"version": "002", "charset": "1"},
	"event":            {"allday": "false"},
	"facetime":         {"audio": "false"},
	"gs1-digital-link": {"domain": "https://id.gs1.org"},
	"khqr":             {"currency": "KHR", "type": "individual"},
	"duitnow":          {"dynamic": "false"},
	"maps":             {"provider": "google"},
	"otp":              {"algorithm": "SHA1", "digits": "6", "period": "30"},
	"paynow":           {"editable": "false"}, // with an amount; without one, true
	"ru-payment":       {"charset": "2"},
	"upi":              {"cu": "INR"},
	"vcard":            {"version": "3.0"},
	"vietqr":           {"service": "account"},
	"wifi":             {"hidden": "false"},
}

// normalised is what a scan of k built from in must read, by the rules each
// kind documents, worked out from the input rather than from Parse:
// defaults are unset, event times are in UTC, phone numbers lose their
// visual separators (wa.me its +), and the url kind's utm_* fields are part
// of the link.
func normalised(t *testing.T, k *payload.Kind, in payload.Fields, text string) payload.Fields {
	want := maps.Clone(in)
	for name, v := range defaults[k.Name] {
		if want[name] == v {
			delete(want, name)
		}
	}
	switch k.Name {
	case "event", "khqr":
		for _, name := range []string{"start", "end", "created", "expires"} {
			if v, ok := want[name]; ok && strings.Contains(v, "T") {
				at, err := time.Parse(time.RFC3339, v)
				if err != nil {
					t.Fatalf("event %s %q: %v", name, v, err)
				}
				want[name] = at.UTC().Format(time.RFC3339)
			}
		}
	case "phone", "sms", "mms", "whatsapp":
		n := strings.NewReplacer(" ", "", "(", "", ")", "", "-", "", ".", "").Replace(want["number"])
		if k.Name == "whatsapp" {
			n = strings.TrimPrefix(n, "+")
		}
		want["number"] = n
	case "url":
		want = payload.Fields{"url": text} // the link as built, tracking parameters and all
	}
	return want
}

// symbolEncoder is the encoder k's Symbol asks for: its level (M when it
// fixes none), version bounds and ECI.
func symbolEncoder(t *testing.T, k *payload.Kind) qr.Encoder {
	s, l := k.Symbol, qr.M
	if s.EC != "" {
		var ok bool
		if l, ok = qr.ParseLevel(s.EC); !ok {
			t.Fatalf("%s: EC %q", k.Name, s.EC)
		}
	}
	return qr.Encoder{Level: l, MinVersion: s.MinVersion, MaxVersion: s.MaxVersion, ECI: s.ECI}
}

// eciText is text, the bytes Build gives, as a reader that honours the
// ECI designator eci reads them: ISO-8859-2 for 4 (upn), else as they are.
func eciText(t *testing.T, eci int, text string) string {
	if eci != 4 {
		return text
	}
	s, err := charmap.ISO8859_2.NewDecoder().String(text)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestEveryKindScansBack: build -> render -> decode -> parse gives back the
// kind and the fields given, as the kind normalises them, for every kind of
// the registry, each in the symbol its standard asks for.
func TestEveryKindScansBack(t *testing.T) {
	o := render.Options{Size: 600, Margin: 4, FG: color.NRGBA{A: 255}, BG: color.NRGBA{255, 255, 255, 255}, Style: "square", Eye: "square"}
	for _, k := range payload.All() {
		in, text, err := exampleFields(k)
		if err != nil {
			t.Errorf("%s: examples do not build: %v", k.Name, err)
			continue
		}
		c, err := symbolEncoder(t, k).Encode(text)
		if err != nil {
			t.Errorf("%s: %v", k.Name, err)
			continue
		}
		codes, err := Decode(render.Image(c, o), Options{})
		if err != nil || len(codes) != 1 {
			t.Errorf("%s: decode: %v", k.Name, err)
			continue
		}
		got := codes[0]
		if s := k.Symbol; s.EC != "" && got.EC != s.EC || s.MinVersion > 0 && got.Version < s.MinVersion || s.MaxVersion > 0 && got.Version > s.MaxVersion {
			t.Errorf("%s: scanned a %d-%s symbol; the kind asks for %+v", k.Name, got.Version, got.EC, s)
		}
		if k.Symbol.ECI == 0 && string(got.Bytes) != text {
			t.Errorf("%s: bytes %q, want %q", k.Name, got.Bytes, text)
		}
		if got.Text != eciText(t, k.Symbol.ECI, text) {
			t.Errorf("%s: text %q, want %q", k.Name, got.Text, text)
		}
		want := normalised(t, k, in, text)
		if got.Kind != k.Name || !maps.Equal(got.Fields, map[string]string(want)) {
			t.Errorf("%s: scanned as %s %v, want %v", k.Name, got.Kind, got.Fields, want)
		}
	}
}

func TestDecodeSaysWhatAParseLeftOut(t *testing.T) {
	// A WIFI code with an EAP method: the wifi kind has no field for it,
	// so decode reads the network and says the method was left out.
	tests := []struct {
		text, kind, field string
		notes             bool
	}{
		{"WIFI:T:WPA;S:Home;P:correct horse;H:PEAP;;", "wifi", "ssid", true},
		{"WIFI:T:WPA;S:Home;P:correct horse;;", "wifi", "ssid", false},
	}
	for _, tt := range tests {
		codes, err := Decode(encode(t, tt.text, "M", nil), Options{})
		if err != nil || len(codes) != 1 {
			t.Fatalf("%q: %d codes, %v", tt.text, len(codes), err)
		}
		c := codes[0]
		if c.Kind != tt.kind || c.Fields[tt.field] == "" {
			t.Errorf("%q: kind %q fields %v", tt.text, c.Kind, c.Fields)
		}
		if got := len(c.Notes) > 0; got != tt.notes {
			t.Errorf("%q: notes %v, want some: %v", tt.text, c.Notes, tt.notes)
		}
	}
}
