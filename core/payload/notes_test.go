package payload

import (
	"maps"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// swissVersion is the SIX sample bill of docs/payloads.md §2.31 with its
// version line replaced.
func swissVersion(v string) string {
	return strings.Replace(swissNON.text, "SPC\r\n0200\r\n", "SPC\r\n"+v+"\r\n", 1)
}

// Texts a scanner reads that Build would not write as they are: Parse
// mirrors the scanner (docs/payloads.md's pitfalls and "what readers
// disagree on") and says, in notes, what it read differently. want nil: not the
// kind at all; noted lists the Field of every note, in order.
func TestParseNotes(t *testing.T) {
	tests := []struct {
		kind, text string
		want       Fields
		noted      []string
	}{
		// §2.3, 6: ZXing reads a non-boolean H: as the EAP phase-2 method, so the network is not hidden.
		{"wifi", "WIFI:T:WPA;S:x;P:abcdefgh;H:PEAP;;", Fields{"ssid": "x", "password": "abcdefgh", "security": "WPA"}, []string{"hidden"}},
		{"wifi", "WIFI:T:WPA;S:x;P:abcdefgh;H:yes;;", Fields{"ssid": "x", "password": "abcdefgh", "security": "WPA"}, []string{"hidden"}},
		{"wifi", "WIFI:T:WPA;S:x;P:abcdefgh;H:TRUE;;", Fields{"ssid": "x", "password": "abcdefgh", "security": "WPA", "hidden": "true"}, nil},
		{"wifi", "WIFI:T:WPA;S:x;P:abcdefgh;H:false;;", Fields{"ssid": "x", "password": "abcdefgh", "security": "WPA"}, nil},
		// A password on an open network, and the WFA's R:1, which ZXing ignores.
		{"wifi", "WIFI:T:nopass;S:Guest;P:abcdefgh;;", Fields{"ssid": "Guest", "security": "nopass"}, []string{"password"}},
		{"wifi", "WIFI:T:WPA;R:1;S:Home6E;P:correct horse;;", Fields{"ssid": "Home6E", "password": "correct horse", "security": "WPA"}, []string{""}},
		// §2.16: ZXing reads a negative altitude, or a number it cannot read, as no geo: URI.
		{"geo", "geo:47.1,8.5,-3", nil, nil},
		{"geo", "geo:47.1,8.5,1.2.3", nil, nil},
		{"geo", "geo:47.1,8.5,-0", Fields{"lat": "47.1", "lng": "8.5", "alt": "-0"}, nil},
		{"geo", "geo:47.376887,8.541694,408", Fields{"lat": "47.376887", "lng": "8.541694", "alt": "408"}, nil},
		{"geo", "geo:0,0?q=Bahnhofstrasse%201%2C%20Z%C3%BCrich", Fields{"lat": "0", "lng": "0"}, []string{""}},
		// §2.9: ZXing drops a ;body= and reads &body= into the number, which is then no number.
		{"sms", "sms:+41791234567;body=Hello%20there", Fields{"number": "+41791234567"}, []string{"message"}},
		{"sms", "sms:+41791234567&body=Hello%20there", nil, nil},
		{"sms", "sms:+41791234567,+41791234568?body=Hi", Fields{"number": "+41791234567", "message": "Hi"}, []string{"number"}},
		{"sms", "sms:+41791234567?subject=S&body=Hi", Fields{"number": "+41791234567", "message": "Hi"}, []string{""}},
		{"phone", "tel:+1-201-555-0123;ext=1234", Fields{"number": "+1-201-555-0123"}, []string{"number"}},
		// §2.4: without FN, ZXing shows N as "prefix given additional family suffix".
		{"vcard", "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Doe;Jane;;Dr.;\r\nEND:VCARD\r\n", Fields{"fn": "Dr. Jane", "ln": "Doe"}, []string{"fn"}},
		{"vcard", "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Doe;Jane;Q;Dr.;Jr.\r\nEND:VCARD\r\n", Fields{"fn": "Dr. Jane Q", "ln": "Doe Jr."}, []string{"fn", "ln"}},
		// settle leaves out an optional value Build refuses, and says so.
		{"mecard", "MECARD:N:Jane Doe;MEMO:from segno;EMAIL:not-an-address;;", Fields{"fn": "Jane Doe", "note": "from segno"}, []string{"note", "email"}},
		// §2.31: the SwissQRBill decoder takes any 02xx version; nothing else is a QR-bill.
		{"swiss-qr", swissVersion("0201"), swissNON.fields, []string{""}},
		{"swiss-qr", swissVersion("0100"), nil, nil},
		{"swiss-qr", swissVersion("0300"), nil, nil},
		{"swiss-qr", swissVersion("02ab"), nil, nil},
		{"swiss-qr", swissNON.text + "\r\n", swissNON.fields, []string{""}},
		{"swiss-qr", swissNON.text, swissNON.fields, nil},
	}
	for _, tt := range tests {
		k, _ := Lookup(tt.kind)
		got, notes, ok := k.ParseNotes(tt.text)
		var noted []string
		for _, n := range notes {
			noted = append(noted, n.Field)
			if n.Reason == "" {
				t.Errorf("%s.ParseNotes(%q): note on %q gives no reason", tt.kind, tt.text, n.Field)
			}
		}
		slices.Sort(noted)
		want := slices.Sorted(slices.Values(tt.noted))
		if ok != (tt.want != nil) || ok && !maps.Equal(got, tt.want) || !slices.Equal(noted, want) {
			t.Errorf("%s.ParseNotes(%q) = %q, %v, notes %+v; want %q, notes on %q", tt.kind, tt.text, got, ok, notes, tt.want, tt.noted)
		}
		// Parse is ParseNotes without the notes.
		if f, ok2 := k.Parse(tt.text); ok2 != ok || !maps.Equal(f, got) {
			t.Errorf("%s.Parse(%q) = %q, %v; ParseNotes gave %q, %v", tt.kind, tt.text, f, ok2, got, ok)
		}
	}
}

// The vcard read from a card without FN builds the name ZXing showed.
func TestVCardNameAsShown(t *testing.T) {
	k, _ := Lookup("vcard")
	f, ok := k.Parse("BEGIN:VCARD\r\nVERSION:3.0\r\nN:Doe;Jane;;Dr.;\r\nEND:VCARD\r\n")
	text, err := k.Build(f)
	if !ok || err != nil || !strings.Contains(text, "\r\nFN:Dr. Jane Doe\r\n") {
		t.Errorf("built %q, %v; want FN:Dr. Jane Doe, the name ZXing shows", text, err)
	}
}

// Recognize and decode see the same notes, each on the field it is about:
// a negative altitude is text, as ZXing reads it; a dropped hidden flag is
// a wifi noted on hidden, a malformed e-mail a MECARD noted on email.
func TestRecognizeNotes(t *testing.T) {
	tests := []struct {
		text, kind string
		noted      []string // the fields the notes are about, in order
	}{
		{"geo:47.1,8.5,-3", "text", nil},
		{"WIFI:T:WPA;S:x;P:abcdefgh;H:PEAP;;", "wifi", []string{"hidden"}},
		{"WIFI:T:WPA;S:x;P:abcdefgh;;", "wifi", nil},
		{"MECARD:N:Doe,Jane;EMAIL:nope;;", "mecard", []string{"email"}},
	}
	for _, tt := range tests {
		kind, f, notes := RecognizeNotes(tt.text)
		kind2, f2 := Recognize(tt.text)
		var noted []string
		for _, n := range notes {
			noted = append(noted, n.Field)
		}
		if kind != tt.kind || !slices.Equal(noted, tt.noted) || kind2 != kind || !maps.Equal(f, f2) {
			t.Errorf("RecognizeNotes(%q) = %s %q %+v (Recognize: %s %q); want %s with notes on %q", tt.text, kind, f, notes, kind2, f2, tt.kind, tt.noted)
		}
	}
}

// EPC charset flags 3 to 8 (docs/payloads.md §2.30): the text is in the
// declared charset's bytes, and reads back, whether a scanner hands over
// those bytes or has already decoded them. The bytes were checked with
// Python's codecs.
func TestEPCCharsets(t *testing.T) {
	k, _ := Lookup("epc")
	tests := []struct{ charset, name, bytes string }{
		{"3", "Łódź", "\xa3\xf3d\xbc"},                   // ISO-8859-2
		{"4", "Ķegums", "\xd3egums"},                     // ISO-8859-4
		{"5", "Иван", "\xb8\xd2\xd0\xdd"},                // ISO-8859-5
		{"6", "Γιώργος", "\xc3\xe9\xfe\xf1\xe3\xef\xf2"}, // ISO-8859-7
		{"7", "Þórður", "\xde\xf3r\xf0ur"},               // ISO-8859-10
		{"8", "Œuvre à 5€", "\xbcuvre \xe0 5\xa4"},       // ISO-8859-15
	}
	for _, tt := range tests {
		f := Fields{"name": tt.name, "iban": "DE89370400440532013000", "charset": tt.charset}
		text, err := k.Build(f)
		want := "BCD\n002\n" + tt.charset + "\nSCT\n\n" + tt.bytes + "\nDE89370400440532013000"
		if err != nil || text != want {
			t.Errorf("charset %s: Build = %q, %v; want %q", tt.charset, text, err, want)
			continue
		}
		for _, scanned := range []string{text, strings.Replace(text, tt.bytes, tt.name, 1)} {
			if back, ok := k.Parse(scanned); !ok || !maps.Equal(back, f) {
				t.Errorf("charset %s: Parse(%q) = %q, %v; want %q", tt.charset, scanned, back, ok, f)
			}
		}
	}
	// A letter the declared charset lacks is refused, not replaced.
	for cs, name := range map[string]string{"3": "Иван", "5": "Łódź", "6": "Þórður", "8": "Ķegums"} {
		if _, err := k.Build(Fields{"name": name, "iban": "DE89370400440532013000", "charset": cs}); err == nil {
			t.Errorf("charset %s took %q", cs, name)
		}
	}
}

// The registry holds exactly the kinds of docs/payloads.md, named as its
// §2 headings name them ("### 2.1 `url`: a link" … "### 2.44 `khqr`"),
// read from the document itself.
func TestRegistryIsPayloadsMd(t *testing.T) {
	doc, err := os.ReadFile("../../docs/payloads.md")
	if err != nil {
		t.Fatal(err)
	}
	var headings []string
	for _, m := range regexp.MustCompile("(?m)^### 2\\.[0-9]+ `([a-z0-9-]+)`").FindAllSubmatch(doc, -1) {
		headings = append(headings, string(m[1]))
	}
	var got []string
	for _, k := range All() {
		got = append(got, k.Name)
	}
	if want := slices.Sorted(slices.Values(headings)); len(headings) < 44 || !slices.Equal(got, want) {
		t.Errorf("registry holds %d kinds %q; want the %d of docs/payloads.md %q", len(got), got, len(want), want)
	}
}
