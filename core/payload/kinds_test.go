package payload

import (
	"errors"
	"maps"
	"strings"
	"testing"
	"unicode/utf8"
)

// example is one payload of docs/payloads.md: fields in, the exact text out,
// and the fields Parse reads back from that text (the input as the kind
// normalises it; nil when equal to the input).
type example struct {
	kind   string
	fields Fields
	text   string
	parsed Fields
}

// examples holds the worked examples of docs/payloads.md §2.1-2.21 (marked
// "spec") and payloads that follow directly from a rule stated there
// (marked with the rule). Expected texts are copied from the document (its
// worked examples come from the formats' own documents and ZXing runs),
// never from the code.
var examples = []example{
	// §2.1 url
	{kind: "url", fields: Fields{"url": "https://example.com/menu?table=12"}, text: "https://example.com/menu?table=12"}, // spec
	{kind: "url", fields: Fields{"url": "https://bücher.example/straße"}, text: "https://xn--bcher-kva.example/stra%C3%9Fe", // spec: the converted IRI
		parsed: Fields{"url": "https://xn--bcher-kva.example/stra%C3%9Fe"}},
	{kind: "url", fields: Fields{"url": "example.com/menu"}, text: "https://example.com/menu", // rule: prepend https://
		parsed: Fields{"url": "https://example.com/menu"}},
	{kind: "url", fields: Fields{"url": "https://example.com/a b?q=x y"}, text: "https://example.com/a%20b?q=x%20y", // rule: no raw space
		parsed: Fields{"url": "https://example.com/a%20b?q=x%20y"}},
	{kind: "url", fields: Fields{"url": "https://example.com/menu?table=12&utm_source=old", "utm_source": "qr code", "utm_medium": "print"},
		text:   "https://example.com/menu?table=12&utm_source=qr%20code&utm_medium=print", // rule: %20, never +
		parsed: Fields{"url": "https://example.com/menu?table=12&utm_source=qr%20code&utm_medium=print"}},
	{kind: "url", fields: Fields{"url": "https://example.com/?t=10:30&m=a@b"}, text: "https://example.com/?t=10:30&m=a%40b", // rule: ZXing's user-in-host check
		parsed: Fields{"url": "https://example.com/?t=10:30&m=a%40b"}},
	{kind: "url", fields: Fields{"url": "https://example.com/:x@", "utm_source": "qr"}, text: "https://example.com/:x%40?utm_source=qr",
		parsed: Fields{"url": "https://example.com/:x%40?utm_source=qr"}},

	// §2.2 text
	{kind: "text", fields: Fields{"text": "Hello, world"}, text: "Hello, world"}, // spec

	// §2.3 wifi
	{kind: "wifi", fields: Fields{"ssid": `Café "Net";1`, "password": `p@ss:w0rd,\x`, "security": "WPA2", "hidden": "true"},
		text:   `WIFI:T:WPA;S:Café \"Net\"\;1;P:p@ss\:w0rd\,\\x;H:true;;`, // spec
		parsed: Fields{"ssid": `Café "Net";1`, "password": `p@ss:w0rd,\x`, "security": "WPA", "hidden": "true"}},
	{kind: "wifi", fields: Fields{"ssid": "Guest", "security": "nopass"}, text: "WIFI:T:nopass;S:Guest;;"},                                           // spec
	{kind: "wifi", fields: Fields{"ssid": "Home6E", "password": "correct horse", "security": "WPA3"}, text: "WIFI:T:SAE;S:Home6E;P:correct horse;;"}, // spec
	{kind: "wifi", fields: Fields{"ssid": "Home6E", "password": "correct horse", "security": "SAE"}, text: "WIFI:T:SAE;S:Home6E;P:correct horse;;",
		parsed: Fields{"ssid": "Home6E", "password": "correct horse", "security": "WPA3"}},
	{kind: "wifi", fields: Fields{"ssid": "CAFE", "password": "12345678"}, text: "WIFI:T:WPA;S:CAFE;P:12345678;;", // rule: never quote hex, default WPA
		parsed: Fields{"ssid": "CAFE", "password": "12345678", "security": "WPA"}},
	{kind: "wifi", fields: Fields{"ssid": "Lobby", "security": "open", "hidden": "false"}, text: "WIFI:T:nopass;S:Lobby;;", // rule: open -> nopass, H only when true
		parsed: Fields{"ssid": "Lobby", "security": "nopass"}},

	// §2.4 vcard
	{kind: "vcard", fields: Fields{"fn": "Jane", "ln": "Doe", "org": "Acme, Inc.", "title": "CTO", "phone": "+41446681800", "phone2": "+41446681801",
		"email": "jane@example.com", "url": "https://example.com", "street": "Bahnhofstrasse 1", "city": "Zürich", "region": "ZH", "zip": "8001",
		"country": "Switzerland", "note": "Met at QR-Conf; bring slides\nline 2"},
		text: "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Doe;Jane;;;\r\nFN:Jane Doe\r\nORG:Acme\\, Inc.\r\nTITLE:CTO\r\nTEL;TYPE=CELL:+41446681800\r\nTEL;TYPE=WORK,VOICE:+41446681801\r\nEMAIL;TYPE=INTERNET:jane@example.com\r\nURL:https://example.com\r\nADR;TYPE=WORK:;;Bahnhofstrasse 1;Zürich;ZH;8001;Switzerland\r\nNOTE:Met at QR-Conf\\; bring slides\\nline 2\r\nEND:VCARD\r\n"}, // spec
	{kind: "vcard", fields: Fields{"fn": "Jane", "ln": "Doe", "phone": "+41446681800", "email": "jane@example.com", "version": "4.0"},
		text: "BEGIN:VCARD\r\nVERSION:4.0\r\nN:Doe;Jane;;;\r\nFN:Jane Doe\r\nTEL;TYPE=cell:+41446681800\r\nEMAIL:jane@example.com\r\nEND:VCARD\r\n"}, // spec

	// §2.5 mecard
	{kind: "mecard", fields: Fields{"fn": "Jane", "ln": "Doe", "phone": "+41446681800", "email": "jane@example.com", "url": "https://example.com", "note": "Desk 4; ring twice"},
		text: `MECARD:N:Doe,Jane;TEL:+41446681800;EMAIL:jane@example.com;URL:https\://example.com;NOTE:Desk 4\; ring twice;;`}, // spec
	{kind: "mecard", fields: Fields{"fn": "John", "ln": "Doe, Jr."}, text: `MECARD:N:Doe Jr.,John;;`, // rule: strip commas from name parts
		parsed: Fields{"fn": "John", "ln": "Doe Jr."}},
	{kind: "mecard", fields: Fields{"fn": "Jane", "ln": "Doe", "note": "call TEL:123"}, text: `MECARD:N:Doe,Jane;NOTE:call TEL\:123;;`}, // rule: escape ':' against prefix injection

	// §2.6 email
	{kind: "email", fields: Fields{"to": "info@example.com", "subject": "Order #42 + gift", "body": "Hi,\nplease ship.", "cc": "boss@example.com"},
		text: "mailto:info@example.com?cc=boss@example.com&subject=Order%20%2342%20%2B%20gift&body=Hi%2C%0D%0Aplease%20ship."}, // spec
	{kind: "email", fields: Fields{"to": "a+b@example.com, c@example.com"}, text: "mailto:a%2Bb@example.com,c@example.com", // rule: keep @ and , raw, a literal plus is %2B
		parsed: Fields{"to": "a+b@example.com,c@example.com"}},

	// §2.7 matmsg
	{kind: "matmsg", fields: Fields{"to": "info@example.com", "subject": "Order 42", "body": "Hi; see you: soon"},
		text: `MATMSG:TO:info@example.com;SUB:Order 42;BODY:Hi\; see you\: soon;;`}, // spec

	// §2.8 phone
	{kind: "phone", fields: Fields{"number": "+41 44 668 18 00"}, text: "tel:+41446681800", parsed: Fields{"number": "+41446681800"}}, // spec

	// §2.9 sms
	{kind: "sms", fields: Fields{"number": "+41 79 123 45 67", "message": "Hello: see you at 5?"}, text: "SMSTO:+41791234567:Hello: see you at 5?", // spec
		parsed: Fields{"number": "+41791234567", "message": "Hello: see you at 5?"}},
	{kind: "sms", fields: Fields{"number": "+41791234567"}, text: "SMSTO:+41791234567"}, // rule: SMSTO:<number> without message

	// §2.10 mms
	{kind: "mms", fields: Fields{"number": "+41791234567", "subject": "Photo", "message": "See attached"}, text: "mms:+41791234567?subject=Photo&body=See%20attached"}, // spec

	// §2.11 whatsapp
	{kind: "whatsapp", fields: Fields{"number": "+41 79 123 45 67", "message": "Hi! Is the table free @ 8pm?"},
		text:   "https://wa.me/41791234567?text=Hi%21%20Is%20the%20table%20free%20%40%208pm%3F", // spec
		parsed: Fields{"number": "41791234567", "message": "Hi! Is the table free @ 8pm?"}},
	{kind: "whatsapp", fields: Fields{"message": "Hi there"}, text: "https://wa.me/?text=Hi%20there"}, // rule: no number
	{kind: "whatsapp", fields: Fields{"number": "0041 79 123 45 67"}, text: "https://wa.me/41791234567", // rule: strip leading 00
		parsed: Fields{"number": "41791234567"}},

	// §2.12 telegram
	{kind: "telegram", fields: Fields{"username": "@durov"}, text: "https://t.me/durov", parsed: Fields{"username": "durov"}}, // spec

	// §2.13 facetime
	{kind: "facetime", fields: Fields{"target": "+41791234567"}, text: "facetime:+41791234567"},           // spec
	{kind: "facetime", fields: Fields{"target": "jane@example.com"}, text: "facetime:jane%40example.com"}, // spec
	{kind: "facetime", fields: Fields{"target": "jane@example.com", "audio": "true"}, text: "facetime-audio:jane%40example.com"},

	// §2.14 skype
	{kind: "skype", fields: Fields{"username": "echo123"}, text: "skype:echo123?call", parsed: Fields{"username": "echo123", "action": "call"}}, // spec
	{kind: "skype", fields: Fields{"username": "live:.cid.1234abcd", "action": "chat"}, text: "skype:live:.cid.1234abcd?chat"},

	// §2.15 event
	{kind: "event", fields: Fields{"title": "Team sync", "start": "2025-07-01T09:00:00+02:00", "end": "2025-07-01T10:30:00+02:00",
		"location": "Room 4, HQ", "description": "Agenda: Q3; budget", "reminder": "15"},
		text: "BEGIN:VEVENT\r\nSUMMARY:Team sync\r\nDTSTART:20250701T070000Z\r\nDTEND:20250701T083000Z\r\nLOCATION:Room 4\\, HQ\r\nDESCRIPTION:Agenda: Q3\\; budget\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Team sync\r\nTRIGGER:-PT15M\r\nEND:VALARM\r\nEND:VEVENT\r\n", // spec
		parsed: Fields{"title": "Team sync", "start": "2025-07-01T07:00:00Z", "end": "2025-07-01T08:30:00Z",
			"location": "Room 4, HQ", "description": "Agenda: Q3; budget", "reminder": "15"}},
	{kind: "event", fields: Fields{"title": "Company holiday", "start": "2025-08-01", "end": "2025-08-01", "allday": "true"},
		text: "BEGIN:VEVENT\r\nSUMMARY:Company holiday\r\nDTSTART;VALUE=DATE:20250801\r\nDTEND;VALUE=DATE:20250802\r\nEND:VEVENT\r\n"}, // spec
	{kind: "event", fields: Fields{"title": "Company holiday", "start": "2025-08-01", "allday": "true"}, // rule: no end -> start + 1 day
		text:   "BEGIN:VEVENT\r\nSUMMARY:Company holiday\r\nDTSTART;VALUE=DATE:20250801\r\nDTEND;VALUE=DATE:20250802\r\nEND:VEVENT\r\n",
		parsed: Fields{"title": "Company holiday", "start": "2025-08-01", "end": "2025-08-01", "allday": "true"}},

	// §2.16 geo
	{kind: "geo", fields: Fields{"lat": "47.376887", "lng": "8.541694"}, text: "geo:47.376887,8.541694"},                   // spec
	{kind: "geo", fields: Fields{"lat": "47.376887", "lng": "8.541694", "alt": "408"}, text: "geo:47.376887,8.541694,408"}, // spec
	{kind: "geo", fields: Fields{"lat": "+47.376887", "lng": "8.5416940"}, text: "geo:47.376887,8.541694", // rule: no +, plain decimals
		parsed: Fields{"lat": "47.376887", "lng": "8.541694"}},
	{kind: "geo", fields: Fields{"lat": "-33.856784449", "lng": "151.21529675"}, text: "geo:-33.8567844,151.2152968", // rule: at most 7 decimals
		parsed: Fields{"lat": "-33.8567844", "lng": "151.2152968"}},

	// §2.17 maps
	{kind: "maps", fields: Fields{"lat": "47.376887", "lng": "8.541694"}, text: "https://www.google.com/maps/search/?api=1&query=47.376887,8.541694"},                     // spec
	{kind: "maps", fields: Fields{"lat": "47.376887", "lng": "8.541694", "query": "HQ", "provider": "apple"}, text: "https://maps.apple.com/?ll=47.376887,8.541694&q=HQ"}, // spec
	{kind: "maps", fields: Fields{"query": "Bahnhofstrasse 1, Zürich"}, text: "https://www.google.com/maps/search/?api=1&query=Bahnhofstrasse%201%2C%20Z%C3%BCrich"},      // rule: pct(query)

	// §2.18 bookmark
	{kind: "bookmark", fields: Fields{"url": "https://example.com/docs", "title": "Docs: start here"}, text: `MEBKM:TITLE:Docs\: start here;URL:https\://example.com/docs;;`}, // spec

	// §2.19 otp
	{kind: "otp", fields: Fields{"secret": "JBSW Y3DP EHPK 3PXP", "account": "alice@example.com", "issuer": "ACME Co"},
		text:   "otpauth://totp/ACME%20Co:alice%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=ACME%20Co", // spec
		parsed: Fields{"secret": "JBSWY3DPEHPK3PXP", "account": "alice@example.com", "issuer": "ACME Co", "type": "totp"}},
	{kind: "otp", fields: Fields{"secret": "JBSWY3DPEHPK3PXP", "account": "alice@example.com", "issuer": "ACME Co", "type": "hotp", "digits": "8", "counter": "0"},
		text: "otpauth://hotp/ACME%20Co:alice%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=ACME%20Co&digits=8&counter=0"}, // spec
	{kind: "otp", fields: Fields{"secret": "jbswy3dpehpk3pxp====", "account": "alice@example.com"}, // rule: always emit the account label
		text:   "otpauth://totp/alice%40example.com?secret=JBSWY3DPEHPK3PXP",
		parsed: Fields{"secret": "JBSWY3DPEHPK3PXP", "account": "alice@example.com", "type": "totp"}},

	// §2.20 app
	{kind: "app", fields: Fields{"platform": "ios", "id": "284882215"}, text: "https://apps.apple.com/app/id284882215"},                                  // spec
	{kind: "app", fields: Fields{"platform": "android", "id": "com.example.app"}, text: "https://play.google.com/store/apps/details?id=com.example.app"}, // spec

	// §2.21 social
	{kind: "social", fields: Fields{"network": "instagram", "handle": "@nasa"}, text: "https://www.instagram.com/nasa/", parsed: Fields{"network": "instagram", "handle": "nasa"}}, // spec
	{kind: "social", fields: Fields{"network": "youtube", "handle": "nasa"}, text: "https://www.youtube.com/@nasa"},                                                                // spec (pitfall)
	{kind: "social", fields: Fields{"network": "tiktok", "handle": "nasa"}, text: "https://www.tiktok.com/@nasa"},                                                                  // spec (pitfall)
	{kind: "social", fields: Fields{"network": "linkedin", "handle": "jane-doe"}, text: "https://www.linkedin.com/in/jane-doe"},
}

func TestExamples(t *testing.T) { checkExamples(t, examples) }

// rejects are inputs docs/payloads.md says to refuse; each must fail with a
// *FieldError naming the field and offering an example, or, where the
// field conflicts with another (clear), offering none: the fix is to drop it.
var rejects = []struct {
	kind   string
	fields Fields
	field  string
	clear  bool
}{
	{"url", Fields{"url": "https://bank.example@evil.example/"}, "url", false}, // userinfo: phishing
	{"url", Fields{"url": "ftp://example.com/file"}, "url", false},
	{"url", Fields{"url": "mailto:info@example.com"}, "url", false},
	{"url", Fields{}, "url", false},
	{"url", Fields{"url": "https:///path"}, "url", false},
	{"url", Fields{"url": "ü ß0000"}, "url", false}, // a space in an IDN host
	{"text", Fields{"text": ""}, "text", false},
	{"text", Fields{"text": strings.Repeat("x", 2954)}, "text", false},
	{"wifi", Fields{"ssid": "", "password": "correct horse"}, "ssid", false},
	{"wifi", Fields{"ssid": strings.Repeat("é", 17), "password": "correct horse"}, "ssid", false}, // 34 bytes
	{"wifi", Fields{"ssid": "x", "password": "short12"}, "password", false},
	{"wifi", Fields{"ssid": "x", "password": strings.Repeat("z", 64)}, "password", false}, // 64 but not hex
	{"wifi", Fields{"ssid": "x", "security": "WPA"}, "password", false},                   // no empty P: with WPA
	{"wifi", Fields{"ssid": "x", "security": "WEP", "password": "123456"}, "password", false},
	{"wifi", Fields{"ssid": "x", "security": "nopass", "password": "correct horse"}, "password", true},
	{"wifi", Fields{"ssid": "x", "security": "WPA2-EAP", "password": "correct horse"}, "security", false},
	{"wifi", Fields{"ssid": "x", "password": "correct horse", "hidden": "maybe"}, "hidden", false},
	{"vcard", Fields{"title": "CTO"}, "fn", false},
	{"vcard", Fields{"fn": "Jane", "version": "2.1"}, "version", false},
	{"vcard", Fields{"fn": "Jane", "email": "jane.example.com"}, "email", false},
	{"vcard", Fields{"fn": "Jane", "phone": "call me"}, "phone", false},
	{"vcard", Fields{"fn": "Jane", "url": "https://user:pw@example.com"}, "url", false},
	{"mecard", Fields{"phone": "+41446681800"}, "fn", false}, // N: is mandatory
	{"mecard", Fields{"fn": "Jane", "phone": "0800-CALL-NOW"}, "phone", false},
	{"email", Fields{"to": "not-an-email"}, "to", false},
	{"email", Fields{"to": "a@b@example.com"}, "to", false},
	{"email", Fields{"to": "info@example.com", "cc": "boss"}, "cc", false},
	{"matmsg", Fields{"to": "not-an-email"}, "to", false},
	{"matmsg", Fields{"to": "a@example.com,b@example.com"}, "to", false},
	{"phone", Fields{"number": "12"}, "number", false},
	{"phone", Fields{"number": "+41 44 668 18 00 ext 5"}, "number", false},
	{"sms", Fields{"number": "+41:79", "message": "x"}, "number", false},
	{"mms", Fields{"subject": "x"}, "number", false},
	{"whatsapp", Fields{}, "number", false},
	{"whatsapp", Fields{"number": "12345"}, "number", false},
	{"telegram", Fields{"username": "@abc"}, "username", false},     // too short
	{"telegram", Fields{"username": "1durov"}, "username", false},   // must start with a letter
	{"telegram", Fields{"username": "durov_"}, "username", false},   // must not end with _
	{"facetime", Fields{"target": "0791234567"}, "target", false},   // not E.164
	{"facetime", Fields{"target": "jane@example"}, "target", false}, // not an address
	{"skype", Fields{"username": "echo"}, "username", false},
	{"skype", Fields{"username": "echo123", "action": "video"}, "action", false},
	{"event", Fields{"start": "2025-07-01T09:00:00+02:00"}, "title", false},
	{"event", Fields{"title": "x", "start": "2025-07-01T09:00:00"}, "start", false}, // no offset
	{"event", Fields{"title": "x", "start": "2025-07-01T09:00:00+02:00", "end": "2025-07-01T08:00:00+02:00"}, "end", false},
	{"event", Fields{"title": "x", "start": "2025-08-02", "end": "2025-08-01", "allday": "true"}, "end", false},
	{"event", Fields{"title": "x", "start": "01.08.2025", "allday": "true"}, "start", false},
	{"event", Fields{"title": "x", "start": "2025-07-01T09:00:00Z", "reminder": "-5"}, "reminder", false},
	{"event", Fields{"title": "x", "start": "2025-07-01T09:00:00Z", "reminder": "15m"}, "reminder", false},
	{"geo", Fields{"lat": "4.7e1", "lng": "8.5"}, "lat", false}, // no exponent
	{"geo", Fields{"lat": "91", "lng": "8.5"}, "lat", false},
	{"geo", Fields{"lat": "47.1", "lng": "-180.5"}, "lng", false},
	{"geo", Fields{"lat": "47.1", "lng": "8.5", "alt": "-3"}, "alt", false}, // ZXing needs alt >= 0
	{"geo", Fields{"lat": "47,1", "lng": "8.5"}, "lat", false},
	{"maps", Fields{}, "query", false},
	{"maps", Fields{"lat": "47.1"}, "lng", false},
	{"maps", Fields{"query": "HQ", "lat": "47.1", "lng": "8.5"}, "query", true}, // google takes one search term
	{"maps", Fields{"query": "HQ", "provider": "bing"}, "provider", false},
	{"bookmark", Fields{"title": "x"}, "url", false},
	{"otp", Fields{"secret": "JBSWY3DP!", "account": "alice"}, "secret", false},
	{"otp", Fields{"secret": "JBSWY3DPE", "account": "alice"}, "secret", false}, // 9 chars: not whole bytes
	{"otp", Fields{"secret": "JBSWY3DPEHPK3PXP", "account": "alice:work"}, "account", false},
	{"otp", Fields{"secret": "JBSWY3DPEHPK3PXP", "account": "alice", "issuer": "ACME:Co"}, "issuer", false},
	{"otp", Fields{"secret": "JBSWY3DPEHPK3PXP", "account": "alice", "type": "hotp"}, "counter", false},
	{"otp", Fields{"secret": "JBSWY3DPEHPK3PXP", "account": "alice", "counter": "3"}, "counter", true},
	{"otp", Fields{"secret": "JBSWY3DPEHPK3PXP", "account": "alice", "type": "hotp", "counter": "3", "period": "60"}, "period", true},
	{"otp", Fields{"secret": "JBSWY3DPEHPK3PXP", "account": "alice", "digits": "7"}, "digits", false},
	{"otp", Fields{"secret": "JBSWY3DPEHPK3PXP", "account": "alice", "algorithm": "MD5"}, "algorithm", false},
	{"app", Fields{"platform": "ios", "id": "com.example.app"}, "id", false},
	{"app", Fields{"platform": "android", "id": "example"}, "id", false},
	{"app", Fields{"platform": "windows", "id": "284882215"}, "platform", false},
	{"social", Fields{"network": "instagram", "handle": "nasa/evil"}, "handle", false},
	{"social", Fields{"network": "myspace", "handle": "nasa"}, "network", false},
}

func TestRejects(t *testing.T) {
	for _, r := range rejects {
		k, _ := Lookup(r.kind)
		out, err := k.Build(r.fields)
		var fe *FieldError
		if !errors.As(err, &fe) {
			t.Errorf("%s.Build(%q) = %q, %v; want a *FieldError", r.kind, r.fields, out, err)
			continue
		}
		if fe.Field != r.field || fe.Problem == "" || (fe.Example == "") != r.clear {
			t.Errorf("%s.Build(%q): error %+v; want field %q with a problem and an example unless cleared (%v)", r.kind, r.fields, fe, r.field, r.clear)
		}
	}
}

// The example a FieldError suggests must itself be accepted in place of
// the bad value, since it ends up in the problem document's fix; without
// an example, clearing the field must do.
func TestRejectExampleFixes(t *testing.T) {
	for _, r := range rejects {
		k, _ := Lookup(r.kind)
		_, err := k.Build(r.fields)
		var fe *FieldError
		if !errors.As(err, &fe) {
			continue
		}
		if k.Field(fe.Field).Money {
			checkMoneyFix(t, k, r.fields, fe)
			continue
		}
		f := maps.Clone(r.fields)
		f[fe.Field] = fe.Example // clearing the field when there is no example
		_, err2 := k.Build(f)
		var fe2 *FieldError
		if errors.As(err2, &fe2) && fe2.Field == fe.Field {
			t.Errorf("%s: fix %s=%q for %q is refused too: %v", r.kind, fe.Field, fe.Example, r.fields, err2)
		}
	}
}

// Scanned texts: what each parser reads, including the forms ZXing reads
// that the builders do not write (docs/payloads.md pitfalls and alternatives).
func TestParseScanned(t *testing.T) {
	tests := []struct {
		kind, text string
		want       Fields // nil: not this kind
	}{
		{"wifi", "WIFI:T:WPA;R:1;S:Home6E;P:correct horse;;", Fields{"ssid": "Home6E", "password": "correct horse", "security": "WPA"}},
		{"wifi", `WIFI:S:"CAFE";T:WPA;P:12345678;H:false;;`, Fields{"ssid": `"CAFE"`, "password": "12345678", "security": "WPA"}},
		{"wifi", "WIFI:T:WPA;S:x;P:abcdefgh;H:true;", Fields{"ssid": "x", "password": "abcdefgh", "security": "WPA", "hidden": "true"}},
		{"wifi", "WIFI:T:nopass;S:a%3Bb;;", Fields{"ssid": "a%3Bb", "security": "nopass"}}, // no percent-decoding
		{"wifi", "WIFI:T:WPA;S:x;P:abcdefgh;ijkl;;", Fields{"ssid": "x", "password": "abcdefgh", "security": "WPA"}},
		{"wifi", "WIFI:S:Guest;;", Fields{"ssid": "Guest", "security": "nopass"}},
		{"wifi", "wifi:T:WPA;S:x;P:abcdefgh;;", nil},
		{"wifi", "WIFI:T:WPA2-EAP;S:corp;E:PEAP;I:bob;P:secret12;;", nil},
		{"mecard", "MECARD:TEL:123;;", nil},
		{"mecard", `MECARD:N:Doe,Jane;NOTE:call TEL:123;;`, Fields{"fn": "Jane", "ln": "Doe", "note": "call TEL:123"}},
		{"mecard", "MECARD:N:Jane Doe;MEMO:from segno;EMAIL:not-an-address;;", Fields{"fn": "Jane Doe", "note": "from segno"}},
		{"mecard", "MECARD+\r\nN:Doe, John\r\nTEL:+4912345\r\n", nil},
		{"matmsg", "MATMSG:TO:not-an-email;SUB:x;;", nil},
		{"email", "Mailto:info@example.com", nil},
		{"email", "MAILTO:info@example.com?subject=Order+42", Fields{"to": "info@example.com", "subject": "Order+42"}},
		{"email", "mailto:?to=info@example.com&bcc=x@example.com", Fields{"to": "info@example.com"}},
		{"phone", "TEL:+41 44 668 18 00", Fields{"number": "+41 44 668 18 00"}},
		{"phone", "tel:+1-201-555-0123;ext=1234", Fields{"number": "+1-201-555-0123"}},
		{"sms", "sms:+41791234567?body=Hello%3A%20see%20you%20at%205%3F", Fields{"number": "+41791234567", "message": "Hello: see you at 5?"}},
		{"sms", "smsto:+41791234567", Fields{"number": "+41791234567"}},
		{"mms", "MMSTO:+41791234567:See attached", Fields{"number": "+41791234567", "message": "See attached"}},
		{"whatsapp", "https://api.whatsapp.com/send?phone=41791234567&text=Hi+there", Fields{"number": "41791234567", "message": "Hi there"}},
		{"telegram", "https://t.me/durov?start=42", Fields{"username": "durov"}},
		{"telegram", "https://t.me/+41791234567", nil},
		{"facetime", "facetime-audio:jane@example.com", Fields{"target": "jane@example.com", "audio": "true"}},
		{"event", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//example//qr//EN\r\nBEGIN:VEVENT\r\nSUMMARY:Team sync\r\nDTSTART:20250701T070000Z\r\nDTEND:20250701T083000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
			Fields{"title": "Team sync", "start": "2025-07-01T07:00:00Z", "end": "2025-07-01T08:30:00Z"}},
		{"event", "BEGIN:VEVENT\r\nSUMMARY:x\r\nDTSTART:2025-07-01T09:00:00+02:00\r\nEND:VEVENT\r\n", nil},
		{"event", "BEGIN:VEVENT\r\nSUMMARY:x\r\nEND:VEVENT\r\n", nil},
		{"event", "BEGIN:VEVENT\r\nSUMMARY:x\r\nDTSTART;TZID=Europe/Zurich:20250701T090000\r\nEND:VEVENT\r\n", // read as UTC, like ZXing
			Fields{"title": "x", "start": "2025-07-01T09:00:00Z"}},
		{"event", "BEGIN:VEVENT\r\nSUMMARY:Dentist\r\nDTSTART:20250701T070000Z\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Dentist\r\nTRIGGER:-PT1H30M\r\nEND:VALARM\r\nEND:VEVENT\r\n",
			Fields{"title": "Dentist", "start": "2025-07-01T07:00:00Z", "reminder": "90"}}, // the alarm's DESCRIPTION does not leak
		{"geo", "geo:47.376887,8.541694;u=35", nil},
		{"geo", "geo:+47.376887,8.541694", nil},
		{"geo", "GEO:47.1,8.5", Fields{"lat": "47.1", "lng": "8.5"}},
		{"geo", "geo:0,0?q=Bahnhofstrasse%201%2C%20Z%C3%BCrich", Fields{"lat": "0", "lng": "0"}},
		{"maps", "https://www.google.com/maps/search/?api=1&query=Zurich+HB", Fields{"query": "Zurich HB"}},
		{"maps", "https://maps.apple.com/?q=HQ", Fields{"query": "HQ", "provider": "apple"}},
		{"otp", "otpauth://totp/ACME%20Co:alice@example.com?secret=JBSWY3DPEHPK3PXP&issuer=ACME%20Co",
			Fields{"secret": "JBSWY3DPEHPK3PXP", "account": "alice@example.com", "issuer": "ACME Co", "type": "totp"}},
		{"otp", "otpauth://totp/ACME:alice?secret=JBSWY3DPEHPK3PXP&issuer=ACME%20Co&period=30",
			Fields{"secret": "JBSWY3DPEHPK3PXP", "account": "alice", "issuer": "ACME Co", "type": "totp", "period": "30"}},
		{"app", "market://details?id=com.example.app", Fields{"platform": "android", "id": "com.example.app"}},
		{"app", "https://apps.apple.com/ch/app/some-name/id284882215?l=de", Fields{"platform": "ios", "id": "284882215"}},
		{"social", "https://instagram.com/nasa", Fields{"network": "instagram", "handle": "nasa"}},
		{"social", "https://github.com/golang/go", nil},
		{"url", "https://example.com/a b", nil},
		{"url", "example.com/menu", nil}, // ZXing guesses http://; docs/payloads.md §2.1 says not to rely on it
		{"text", "", nil},
	}
	for _, tt := range tests {
		k, _ := Lookup(tt.kind)
		got, ok := k.Parse(tt.text)
		if ok != (tt.want != nil) || ok && !maps.Equal(got, tt.want) {
			t.Errorf("%s.Parse(%q) = %q, %v; want %q", tt.kind, tt.text, got, ok, tt.want)
		}
	}
}

// A long UTF-8 value is folded at 75 octets with CRLF and a space, never
// inside a character, and reads back whole (docs/payloads.md §0.4, §2.15).
func TestFolding(t *testing.T) {
	desc := "Ein sehr langer Beschreibungstext mit Umlauten äöü, der über 75 Oktette hinausgeht, damit gefaltet wird."
	k, _ := Lookup("event")
	text, err := k.Build(Fields{"title": "Workshop", "start": "2025-07-01T07:00:00Z", "end": "2025-07-01T15:00:00Z", "description": desc})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "\r\n ") {
		t.Errorf("no folded line in %q", text)
	}
	for _, line := range strings.Split(strings.TrimSuffix(text, "\r\n"), "\r\n") {
		if len(line) > 75 || !utf8.ValidString(line) || strings.ContainsAny(line, "\r\n") {
			t.Errorf("bad physical line %q (%d octets)", line, len(line))
		}
	}
	f, ok := k.Parse(text)
	if !ok || f["description"] != desc {
		t.Errorf("Parse read description %q, want %q", f["description"], desc)
	}
	if f["start"] != "2025-07-01T07:00:00Z" || f["end"] != "2025-07-01T15:00:00Z" {
		t.Errorf("Parse read %q..%q, want 07:00Z..15:00Z", f["start"], f["end"])
	}
}

// Vectors from RFC 3492 §7.1 (B) and well-known IDNs, cross-checked with
// Python's punycode codec. A label whose encoding is longer than the 63
// octets DNS allows (RFC 1035) is refused, and so is a link to its host.
func TestPunycode(t *testing.T) {
	long := strings.Repeat("a", 55)
	for _, tt := range []struct {
		label, want string // want is empty for a label that is refused
	}{
		{"münchen", "xn--mnchen-3ya"},
		{"日本語", "xn--wgv71a119e"},
		{"他们为什么不说中文", "xn--ihqwcrb4cv8a8dqg056pqjye"},
		{"παράδειγμα", "xn--hxajbheg2az3al"},
		{"ü", "xn--tda"},
		{long + "ü", "xn--" + long + "-8yf"}, // 63 octets
		{long + "aü", ""},                    // 64
		{strings.Repeat("ü", 64), ""},
	} {
		if got, ok := punycode(tt.label); got != tt.want || ok != (tt.want != "") {
			t.Errorf("punycode(%q) = %q, %v; want %q", tt.label, got, ok, tt.want)
		}
	}
	k, _ := Lookup("url")
	if got, _ := k.Build(Fields{"url": "HTTPS://München.example:8443/a?b=ü#c"}); got != "https://xn--mnchen-3ya.example:8443/a?b=%C3%BC#c" {
		t.Errorf("IRI -> URI gave %q", got)
	}
	if got, err := k.Build(Fields{"url": "https://" + long + "aü.example/"}); err == nil {
		t.Errorf("a host label of 64 octets gave %q, want it refused", got)
	}
}

// ZXing's "user in host" check, on the examples of docs/payloads.md §0.2.
func TestUserInHost(t *testing.T) {
	for s, want := range map[string]bool{
		"https://bank@evil/":                                    true,
		"https://bank.example@evil.example/":                    true,
		"otpauth://totp/Iss:alice@example.com":                  true,
		"upi://pay?pa=x@y":                                      true,
		"ethereum:0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359@1": true,
		"ss://YWVzOnB3@host:8388":                               true,
		"facetime-audio:jane@example.com":                       true,
		"https://www.youtube.com/@nasa":                         false,
		"otpauth://totp/Iss:alice%40example.com":                false,
		"mailto:info@example.com":                               true,
		"https://example.com/menu?table=12":                     false,
	} {
		if got := userInHost(s); got != want {
			t.Errorf("userInHost(%q) = %v, want %v", s, got, want)
		}
	}
}

// The editor draws a kind's Sample when its form is empty: it must build,
// and keep every example but those of fields that exclude others.
func TestSampleBuilds(t *testing.T) {
	for _, k := range All() {
		f := k.Sample()
		text, err := k.Build(f)
		if err != nil || text == "" {
			t.Errorf("%s: its sample %q does not build: %q, %v", k.Name, f, text, err)
			continue
		}
		var dropped []string
		for _, fd := range k.Fields {
			if _, in := f[fd.Name]; fd.Example != "" && !in {
				dropped = append(dropped, fd.Name)
			}
		}
		if len(dropped) > 1 {
			t.Errorf("%s: its sample leaves out %v", k.Name, dropped)
		}
	}
}
