package payload

import (
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// exampleFields builds k from the Example of every field. Some fields
// exclude each other (otp counter is for hotp, EPC reference or text), so
// an optional field the builder refuses is dropped and the build retried.
func exampleFields(k *Kind) (Fields, string, error) {
	f := Fields{}
	for _, fd := range k.Fields {
		f[fd.Name] = fd.Example
	}
	for {
		text, err := k.Build(f)
		if err == nil {
			return f, text, nil
		}
		var fe *FieldError
		if !errors.As(err, &fe) || f[fe.Field] == "" || k.Field(fe.Field).Required {
			return f, "", err
		}
		delete(f, fe.Field)
	}
}

// Every kind, this file's and the other payment kinds alike: the examples
// build, the text parses back to fields that build the same text, and
// Recognize names the kind.
func TestRegistryRoundTrip(t *testing.T) {
	if len(All()) < 21 {
		t.Fatalf("%d kinds registered, want at least the 21 of docs/payloads.md §2.1-2.21", len(All()))
	}
	for _, k := range All() {
		f, text, err := exampleFields(k)
		if err != nil {
			t.Errorf("%s: examples %q do not build: %v", k.Name, f, err)
			continue
		}
		back, ok := k.Parse(text)
		if !ok {
			t.Errorf("%s: Parse(%q) refused its own output", k.Name, text)
			continue
		}
		if again, err := k.Build(back); again != text || err != nil {
			t.Errorf("%s: Build(Parse(%q)) = %q, %v", k.Name, text, again, err)
		}
		if kind, _ := Recognize(text); kind != k.Name {
			t.Errorf("%s: Recognize(%q) = %q", k.Name, text, kind)
		}
	}
}

func TestRecognize(t *testing.T) {
	for _, ex := range examples {
		kind, f := Recognize(ex.text)
		want := ex.parsed
		if want == nil {
			want = ex.fields
		}
		if kind != ex.kind || !maps.Equal(f, want) {
			t.Errorf("Recognize(%q) = %s %q; want %s %q", ex.text, kind, f, ex.kind, want)
		}
	}
	// Texts ZXing reads as TEXT or as a bare URI (docs/payloads.md §0.5 and the
	// pitfalls), and links that only a more specific kind should claim.
	tests := []struct{ text, kind string }{
		{"wifi:T:WPA;S:x;P:abcdefgh;;", "text"},
		{"MECARD:TEL:123;;", "text"},
		{"MATMSG:TO:not-an-email;SUB:x;;", "text"},
		{"Mailto:info@example.com", "text"},
		{"BEGIN:VEVENT\r\nSUMMARY:x\r\nEND:VEVENT\r\n", "text"},
		{"geo:4.7e1,8.5", "text"},
		{"https://github.com/golang/go", "url"},
		{"https://www.youtube.com/watch?v=x", "url"},
		{"https://wa.me/41791234567", "whatsapp"},
		{"market://details?id=com.example.app", "app"},
		{"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//example//qr//EN\r\nBEGIN:VEVENT\r\nSUMMARY:Team sync\r\nDTSTART:20250701T070000Z\r\nDTEND:20250701T083000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n", "event"},
		{"sms:+41791234567?body=Hello%3A%20see%20you%20at%205%3F", "sms"},
		{"MMSTO:+41791234567:hi", "mms"},
		{"", "text"},
	}
	for _, tt := range tests {
		if kind, f := Recognize(tt.text); kind != tt.kind || kind == "text" && f["text"] != tt.text {
			t.Errorf("Recognize(%q) = %s %q; want %s", tt.text, kind, f, tt.kind)
		}
	}
}

func TestFieldMetadata(t *testing.T) {
	formats := []string{FormatText, FormatLongText, FormatURL, FormatEmail, FormatPhone, FormatDateTime,
		FormatDate, FormatDecimal, FormatInteger, FormatBool, FormatEnum}
	for _, k := range All() {
		if k.Title == "" || k.Help == "" || k.Build == nil || readerOf(k.Name) == nil || len(k.Fields) == 0 {
			t.Errorf("%s: title, help, build, parse and fields are all needed", k.Name)
		}
		names := map[string]bool{}
		for _, fd := range k.Fields {
			for _, n := range []string{fd.Name, fd.Short} {
				if n != "" && names[n] {
					t.Errorf("%s: field name %q used twice", k.Name, n)
				}
				names[n] = true
			}
			if fd.Label == "" || fd.Example == "" || !slices.Contains(formats, fd.Format) {
				t.Errorf("%s.%s: needs a label, an example and a known format (%q)", k.Name, fd.Name, fd.Format)
			}
			if len(fd.Enum) > 0 && !slices.Contains(fd.Enum, fd.Example) {
				t.Errorf("%s.%s: example %q is not one of %q", k.Name, fd.Name, fd.Example, fd.Enum)
			}
		}
		for _, set := range k.AnyOf {
			for _, n := range set {
				if k.Field(n) == nil {
					t.Errorf("%s: AnyOf names unknown field %q", k.Name, n)
				}
			}
		}
		for _, u := range k.Unless {
			for _, n := range append([]string{u.Field}, u.Needs...) {
				if k.Field(n) == nil {
					t.Errorf("%s: Unless names unknown field %q", k.Name, n)
				}
			}
		}
		for _, fd := range k.Fields {
			if len(fd.Aliases) > 0 && len(fd.Enum) == 0 {
				t.Errorf("%s.%s: aliases of no choice", k.Name, fd.Name)
			}
		}
	}
	wifi, _ := Lookup("wifi")
	if fd := wifi.Field("sec"); fd == nil || fd.Name != "security" {
		t.Errorf("wifi: the editor name sec does not find security")
	}
	for _, s := range []struct{ kind, field string }{{"wifi", "password"}, {"otp", "secret"}} {
		k, _ := Lookup(s.kind)
		if !k.Field(s.field).Secret || !k.HasSecret(Fields{s.field: "x"}) {
			t.Errorf("%s.%s must be secret", s.kind, s.field)
		}
	}
}

func TestSchema(t *testing.T) {
	for _, k := range All() {
		b, err := json.Marshal(k.Schema())
		if err != nil {
			t.Fatalf("%s: %v", k.Name, err)
		}
		var s struct {
			Schema     string `json:"$schema"`
			Type       string
			Required   []string
			Properties map[string]struct {
				Type, Title, Format string
				Enum, Examples      []string
				WriteOnly           bool
			}
			AnyOf []struct{ Required []string }
		}
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatalf("%s: %v", k.Name, err)
		}
		if s.Schema != "https://json-schema.org/draft/2020-12/schema" || s.Type != "object" || len(s.AnyOf) != len(k.AnyOf) {
			t.Errorf("%s: schema header %s", k.Name, b)
		}
		var required []string
		for _, fd := range k.Fields {
			p, ok := s.Properties[fd.Name]
			if !ok || p.Type != "string" || p.Title != fd.Label || p.WriteOnly != fd.Secret ||
				len(p.Examples) != 1 || p.Examples[0] != fd.Example || !slices.Equal(p.Enum, append(slices.Clone(fd.Enum), fd.Aliases...)) && fd.Format != FormatBool {
				t.Errorf("%s.%s: property %+v does not describe the field", k.Name, fd.Name, p)
			}
			if fd.Required {
				required = append(required, fd.Name)
			}
		}
		if len(s.Properties) != len(k.Fields) || !slices.Equal(s.Required, required) {
			t.Errorf("%s: %d properties, required %q; want %d, %q", k.Name, len(s.Properties), s.Required, len(k.Fields), required)
		}
	}
	wifi, _ := Lookup("wifi")
	b, _ := json.Marshal(wifi.Schema())
	for _, want := range []string{`"required":["ssid"]`, `"password":{"description":`, `"writeOnly":true`, `"enum":["WPA","WPA2","WPA3","WEP","nopass","SAE","WPA/WPA2","WPA2/WPA3","none","open"]`, `"hidden":{"description":`, `"enum":["true","false","1","0","yes","no","on","off"]`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("wifi schema lacks %s:\n%s", want, b)
		}
	}
	event, _ := Lookup("event")
	if b, _ := json.Marshal(event.Schema()); !strings.Contains(string(b), `"format":"date-time"`) || !strings.Contains(string(b), `"pattern":"^[0-9]+$"`) {
		t.Errorf("event schema lacks the date-time format or the integer pattern:\n%s", b)
	}
}

// FuzzParse: no parser panics, and whatever a parser accepts, its builder
// builds; Recognize's answer builds too. Parse never accepts what Build
// would not write without saying so: every value a kind's reader found
// and settle left out is in a note, no value is changed on the way, and a
// text Build writes as it is carries no note.
func FuzzParse(f *testing.F) {
	for _, ex := range examples {
		f.Add(ex.text)
	}
	for _, s := range []string{"WIFI:", "WIFI:S:\\", "MECARD:N:,;;", "BEGIN:VCARD\r\nN:\\", "BEGIN:VEVENT\r\nDTSTART:20250101\r\nDTEND:20241231\r\nEND:VEVENT",
		"geo:-,-", "mailto:%", "otpauth://totp/%3A?secret=A", "https://[::1]:99999/", "https://xn--/", "skype:live:?", "tel:", "https://wa.me/0",
		"WIFI:T:WPA;S:x;P:abcdefgh;H:PEAP;;", "WIFI:T:nopass;S:x;P:y;;", "geo:47.1,8.5,-3", "sms:+41791234567;body=x", "MECARD:N:A;EMAIL:x;;"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, k := range All() {
			fields, said, ok := k.ParseNotes(s)
			if !ok {
				continue
			}
			text, err := k.Build(fields)
			if err != nil {
				t.Errorf("%s.Parse(%q) = %q, but Build fails: %v", k.Name, s, fields, err)
			}
			if text == s && len(said) > 0 {
				t.Errorf("%s.ParseNotes(%q): Build writes the text as it is, yet notes %+v", k.Name, s, said)
			}
			checkNoted(t, k, s, fields, said)
		}
		if kind, fields := Recognize(s); kind != "text" {
			if _, err := Build(kind, fields); err != nil {
				t.Errorf("Recognize(%q) = %s %q, but Build fails: %v", s, kind, fields, err)
			}
		}
	})
}

// checkNoted compares what k's reader found in s with what ParseNotes
// kept: a value left out must be noted under its field, and a value kept
// must be the one read.
func checkNoted(t *testing.T, k *Kind, s string, kept Fields, said []Note) {
	t.Helper()
	var ns notes
	read, _ := readerOf(k.Name)(s, &ns)
	for name, v := range read {
		switch {
		case v == "":
		case kept[name] == "":
			if !slices.ContainsFunc(said, func(n Note) bool { return n.Field == name }) {
				t.Errorf("%s.ParseNotes(%q) left out %s=%q without a note (notes %+v)", k.Name, s, name, v, said)
			}
		case kept[name] != v:
			t.Errorf("%s.ParseNotes(%q) changed %s from %q to %q", k.Name, s, name, v, kept[name])
		}
	}
	for name := range kept {
		if _, ok := read[name]; !ok {
			t.Errorf("%s.ParseNotes(%q) made up %s", k.Name, s, name)
		}
	}
}

// FuzzBuild fills the fields of kind number n (of All), in order, with the
// NUL-separated parts of values. No builder panics; a failure is a
// *FieldError naming a field of the kind; and a built text parses back to
// fields that build it again.
func FuzzBuild(f *testing.F) {
	all := All()
	index := map[string]uint8{}
	for i, k := range all {
		index[k.Name] = uint8(i)
		var vals []string
		for _, fd := range k.Fields {
			vals = append(vals, fd.Example)
		}
		f.Add(uint8(i), strings.Join(vals, "\x00"))
	}
	for _, ex := range examples {
		k, _ := Lookup(ex.kind)
		var vals []string
		for _, fd := range k.Fields {
			vals = append(vals, ex.fields[fd.Name])
		}
		f.Add(index[ex.kind], strings.Join(vals, "\x00"))
	}
	f.Fuzz(func(t *testing.T, n uint8, values string) {
		k := all[int(n)%len(all)]
		fields := Fields{}
		for i, v := range strings.Split(values, "\x00") {
			if i < len(k.Fields) {
				fields[k.Fields[i].Name] = v
			}
		}
		text, err := k.Build(fields)
		if err != nil {
			var fe *FieldError
			if !errors.As(err, &fe) || k.Field(fe.Field) == nil {
				t.Errorf("%s.Build(%q): %v is not a *FieldError naming a field", k.Name, fields, err)
			}
			return
		}
		if !utf8.ValidString(values) {
			return // JSON and forms give UTF-8; other bytes need only not panic
		}
		back, ok := k.Parse(text)
		if !ok {
			t.Errorf("%s.Parse(%q) refused the text built from %q", k.Name, text, fields)
			return
		}
		if again, err := k.Build(back); again != text || err != nil {
			t.Errorf("%s: Build(%q) = %q, %v; want %q (from %q)", k.Name, back, again, err, text, fields)
		}
	})
}

// A form names each choice by Choices when a kind gives them: one name a
// value, each a different one.
func TestChoicesNameEveryValue(t *testing.T) {
	for _, k := range All() {
		for _, fd := range k.Fields {
			if fd.Choices == nil {
				continue
			}
			if len(fd.Choices) != len(fd.Enum) {
				t.Errorf("%s.%s: %d choices for %d values", k.Name, fd.Name, len(fd.Choices), len(fd.Enum))
			}
			seen := map[string]bool{}
			for _, c := range fd.Choices {
				if seen[c] || c == "" {
					t.Errorf("%s.%s: choice %q twice or empty", k.Name, fd.Name, c)
				}
				seen[c] = true
			}
		}
	}
}

// The spellings of yes and no that boolean fields and query flags take
// (docs/interface.md: 1, true, yes, on and 0, false, no, off, in any case), and
// empty for no; anything else is neither.
func TestParseBool(t *testing.T) {
	for _, c := range []struct {
		in      string
		yes, ok bool
	}{
		{"1", true, true}, {"true", true, true}, {"yes", true, true}, {"on", true, true},
		{"TRUE", true, true}, {" Yes ", true, true}, {"ON", true, true},
		{"0", false, true}, {"false", false, true}, {"no", false, true}, {"off", false, true},
		{"False", false, true}, {" NO", false, true}, {"", false, true}, {"  ", false, true},
		{"banana", false, false}, {"2", false, false}, {"y", false, false}, {"t", false, false}, {"yes please", false, false},
	} {
		if yes, ok := ParseBool(c.in); yes != c.yes || ok != c.ok {
			t.Errorf("ParseBool(%q) = %v, %v; want %v, %v", c.in, yes, ok, c.yes, c.ok)
		}
	}
	for i, v := range BoolValues {
		if yes, ok := ParseBool(v); !ok || yes != (i < len(BoolValues)/2) {
			t.Errorf("ParseBool(%q) = %v, %v: BoolValues lists the yeses first", v, yes, ok)
		}
	}
}
