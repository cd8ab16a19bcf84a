package e2e

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"qrkeyless/internal/readback"
)

type typesDoc struct {
	Count int `json:"count"`
	Types []struct {
		Name   string `json:"name"`
		Path   string `json:"path"`
		Schema struct {
			Properties map[string]struct {
				Examples  []string `json:"examples"`
				WriteOnly bool     `json:"writeOnly"`
			} `json:"properties"`
			Required []string `json:"required"`
		} `json:"schema"`
	} `json:"types"`
}

func types(t *testing.T, base string) typesDoc {
	t.Helper()
	var doc typesDoc
	r := get(t, base+"/api/v1/types")
	if err := json.Unmarshal(r.body, &doc); err != nil || r.status != 200 {
		t.Fatalf("types: %d %v", r.status, err)
	}
	return doc
}

// TestEveryKindRenders builds every kind from the example values its schema
// publishes for the required fields (all fields when none is required) and
// decodes the image.
func TestEveryKindRenders(t *testing.T) {
	each(t, func(t *testing.T, base string) {
		doc := types(t, base)
		if doc.Count < 32 || doc.Count != len(doc.Types) {
			t.Errorf("types lists %d kinds (count %d), want at least 32", len(doc.Types), doc.Count)
		}
		for _, k := range doc.Types {
			q := url.Values{"size": {"400"}}
			for name, p := range k.Schema.Properties {
				if len(p.Examples) > 0 && (len(k.Schema.Required) == 0 || contains(k.Schema.Required, name)) {
					q.Set(name, p.Examples[0])
				}
			}
			r := get(t, base+k.Path+"?"+q.Encode())
			if r.status == 400 { // examples of exclusive fields (maps: query or lat+lng); the fix settles it
				r = followFix(t, base, r)
			}
			if r.status != 200 {
				t.Errorf("%s with its examples: %d %s", k.Name, r.status, r.body)
				continue
			}
			if text, err := readback.Text(r.body); err != nil || text == "" {
				t.Errorf("%s: does not decode: %v", k.Name, err)
			}
		}
	})
}

func TestWifi(t *testing.T) {
	each(t, func(t *testing.T, base string) {
		// docs/payloads.md §2.3's first example, byte for byte.
		q := url.Values{"ssid": {`Café "Net";1`}, "password": {`p@ss:w0rd,\x`}, "security": {"WPA2"}, "hidden": {"true"}}
		r := get(t, base+"/api/v1/wifi?"+q.Encode())
		scan(t, r, `WIFI:T:WPA;S:Café \"Net\"\;1;P:p@ss\:w0rd\,\\x;H:true;;`)
		if cc := r.header.Get("Cache-Control"); cc != "no-store" {
			t.Errorf("secret request cached: %q", cc)
		}
		if r.header.Get("Referrer-Policy") != "no-referrer" || r.header.Get("ETag") != "" {
			t.Errorf("Referrer-Policy %q, ETag %q", r.header.Get("Referrer-Policy"), r.header.Get("ETag"))
		}
		// The editor's short name for security.
		scan(t, get(t, base+"/api/v1/wifi?ssid=Guest&sec=nopass"), "WIFI:T:nopass;S:Guest;;")
		// A problem about a secret-bearing request never echoes the secret.
		bad := get(t, base+"/api/v1/wifi?ssid=Home&password=hunter2hunter2&size=99999")
		if bad.status != 400 || strings.Contains(string(bad.body), "hunter2") {
			t.Errorf("problem echoes the password: %s", bad.body)
		}
	})
}

func TestOTPType(t *testing.T) {
	each(t, func(t *testing.T, base string) {
		// otp's field type shares its name with an alias of format; on this
		// endpoint it is the OTP type (docs/payloads.md §2.19's HOTP example).
		q := url.Values{"secret": {"JBSWY3DPEHPK3PXP"}, "account": {"alice@example.com"}, "issuer": {"ACME Co"},
			"type": {"hotp"}, "digits": {"8"}, "counter": {"0"}, "format": {"svg"}}
		r := get(t, base+"/api/v1/otp?"+q.Encode())
		if ct := r.header.Get("Content-Type"); !strings.HasPrefix(ct, "image/svg+xml") {
			t.Errorf("Content-Type %q, want SVG", ct)
		}
		scan(t, r, "otpauth://hotp/ACME%20Co:alice%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=ACME%20Co&digits=8&counter=0")
	})
}

func TestTypedProblems(t *testing.T) {
	each(t, func(t *testing.T, base string) {
		p := problemOf(t, get(t, base+"/api/v1/wfi?ssid=x"), 404)
		if fix := p["fix"].(string); !strings.HasPrefix(fix, "/api/v1/wifi") || !strings.Contains(p["detail"].(string), "/api/v1/types") {
			t.Errorf("unknown kind: fix %q detail %q", fix, p["detail"])
		}
		r := get(t, base+"/api/v1/wifi?password=secret123")
		p = problemOf(t, r, 400)
		if p["field"] != "ssid" || !strings.Contains(p["fix"].(string), "ssid=") {
			t.Errorf("missing ssid: %v", p)
		}
		r = get(t, base+"/api/v1/epc?name=Red+Cross&iban=DE89370400440532013001&amount=10")
		p = problemOf(t, r, 400)
		if p["field"] != "iban" || !strings.Contains(strings.ToLower(p["detail"].(string)), "checksum") {
			t.Errorf("bad IBAN: %v", p)
		}
		// Never another account: the fix leaves a placeholder for the
		// caller's own IBAN, which is not a value to follow.
		if fix := p["fix"].(string); !strings.Contains(fix, "iban=%3Cyour%20IBAN%3E") {
			t.Errorf("bad IBAN: fix %q, want a placeholder in place of the IBAN", fix)
		}
		r = get(t, base+"/api/v1/url")
		problemOf(t, r, 400)
		followFix(t, base, r)
	})
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
