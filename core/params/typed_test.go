package params_test

import (
	"net/url"
	"strings"
	"testing"

	"qrkeyless/core/params"
	"qrkeyless/core/payload"
	"qrkeyless/core/request"
)

// An unknown kind's fix is a call to paste: the nearest kind with the
// caller's query (secrets redacted), or the list of kinds when no kind is
// near; the detail always names the list.
func TestUnknownKind(t *testing.T) {
	tests := []struct {
		name, query, fix string
	}{
		{"wfi", "ssid=x", "/api/v1/wifi?ssid=x"},
		{"WIFI", "", "/api/v1/wifi"},
		{"wfi", "ssid=x&password=hunter2hunter2", "/api/v1/wifi?password=%3Csecret%3E&ssid=x"},
		{"otpp", "secret=JBSWY3DPEHPK3PXP&account=a", "/api/v1/otp?account=a&secret=%3Csecret%3E"},
		{"vcrd", "password=hunter2", "/api/v1/vcard?password=%3Csecret%3E"}, // wifi's secret, whatever kind is near
		{"zzzzzzzz", "password=hunter2", params.TypesPath},
	}
	for _, tt := range tests {
		q, _ := url.ParseQuery(tt.query)
		p := params.UnknownKind(tt.name, request.NewCall("/api/v1/"+tt.name, q))
		if p.Status != 404 || p.Field != "type" || p.Fix != tt.fix {
			t.Errorf("params.UnknownKind(%q, %q) = %d %s fix %q; want 404 on type, fix %q", tt.name, tt.query, p.Status, p.Field, p.Fix, tt.fix)
		}
		if !strings.Contains(p.Detail, params.TypesPath) || !strings.Contains(p.Detail, tt.name) {
			t.Errorf("params.UnknownKind(%q): detail %q names neither the kind given nor %s", tt.name, p.Detail, params.TypesPath)
		}
		if strings.Contains(string(p.JSON()), "hunter2") || strings.Contains(string(p.JSON()), "JBSWY3DPEHPK3PXP") {
			t.Errorf("params.UnknownKind(%q): the problem echoes a secret: %s", tt.name, p.JSON())
		}
	}
}

// ReadTyped's problems: a missing field's fix sets its example, a wrong
// value's fix the builder's suggestion, and the call in every fix has its
// secrets redacted.
func TestReadTypedProblems(t *testing.T) {
	wifi, _ := payload.Lookup("wifi")
	epc, _ := payload.Lookup("epc")
	tests := []struct {
		kind         *payload.Kind
		query        string
		status       int
		field, fix   string
		detailHolds  string
		wantsNoStore bool
	}{
		{wifi, "password=secret123", 400, "ssid", "/api/v1/wifi?password=%3Csecret%3E&ssid=Cafe%20Guest", "required", true},
		{epc, "name=Red%20Cross&iban=DE89370400440532013001&amount=10", 400, "iban", "", "checksum", false},
		{wifi, "ssid=Home&sec=WEB", 400, "security", "", "WPA", false},
	}
	for _, tt := range tests {
		q, _ := url.ParseQuery(tt.query)
		typed, p := params.ReadTyped(request.NewCall("/api/v1/"+tt.kind.Name, q), tt.kind)
		if p == nil {
			t.Errorf("%s?%s: no problem", tt.kind.Name, tt.query)
			continue
		}
		if p.Status != tt.status || p.Field != tt.field || tt.fix != "" && p.Fix != tt.fix || !strings.Contains(p.Detail, tt.detailHolds) {
			t.Errorf("%s?%s: %d %s %q fix %q; want %d %s holding %q, fix %q", tt.kind.Name, tt.query, p.Status, p.Field, p.Detail, p.Fix, tt.status, tt.field, tt.detailHolds, tt.fix)
		}
		if typed.Secret != tt.wantsNoStore {
			t.Errorf("%s?%s: Secret = %v", tt.kind.Name, tt.query, typed.Secret)
		}
		if strings.Contains(p.Fix, "secret123") {
			t.Errorf("%s?%s: fix %q echoes the password", tt.kind.Name, tt.query, p.Fix)
		}
	}
}

// No fix pays someone else or another sum. For every field of every
// payment kind that says who is paid, how much or against what reference,
// wrong values of the kinds people send (a digit off, one too many, a
// stray character, too many decimals, the wrong case) must give fixes
// that hold, for that field, the caller's own value corrected, a
// placeholder, or nothing, and leave every other money field as sent.
func TestFixesNeverInventMoneyOrAPayee(t *testing.T) {
	checked := 0
	for _, k := range payload.All() {
		base := url.Values{}
		for _, fd := range k.Fields {
			if fd.Required || fd.Money {
				base.Set(fd.Name, fd.Example)
			}
		}
		if !hasMoney(k) {
			continue
		}
		if _, p := params.ReadTyped(request.NewCall("/api/v1/"+k.Name, base), k); p != nil {
			t.Fatalf("%s: the examples are refused: %s", k.Name, p.Detail)
		}
		for _, fd := range k.Fields {
			if !fd.Money {
				continue
			}
			for _, bad := range wrongValues(fd) {
				q := url.Values{}
				for name, v := range base {
					q[name] = append([]string(nil), v...)
				}
				if bad == "" {
					q.Del(fd.Name)
				} else {
					q.Set(fd.Name, bad)
				}
				_, p := params.ReadTyped(request.NewCall("/api/v1/"+k.Name, q), k)
				if p == nil {
					continue
				}
				checked++
				fix, err := url.Parse(p.Fix)
				if err != nil {
					t.Errorf("%s %s=%q: fix %q is not a URL", k.Name, fd.Name, bad, p.Fix)
					continue
				}
				got := fix.Query()
				for _, other := range k.Fields {
					if !other.Money || !got.Has(other.Name) {
						continue
					}
					v, sent := got.Get(other.Name), q.Get(other.Name)
					switch {
					case v == sent, strings.HasPrefix(v, "<") && strings.HasSuffix(v, ">"):
					case other.Name == p.Field && strings.EqualFold(v, strings.TrimSpace(sent)):
						// the caller's value in its right case
					default:
						t.Errorf("%s %s=%q: the fix puts %s=%q where the caller sent %q: %s", k.Name, fd.Name, bad, other.Name, v, sent, p.Fix)
					}
				}
			}
		}
	}
	t.Logf("%d refused money values, no fix with another account or sum", checked)
	if checked < 100 {
		t.Errorf("only %d refusals checked; the table lost its cases", checked)
	}
}

func hasMoney(k *payload.Kind) bool {
	for _, fd := range k.Fields {
		if fd.Money {
			return true
		}
	}
	return false
}

// wrongValues are the mistakes made with a money field's value: none at
// all, a last character off by one (a checksum mismatch), one character
// too many, a stray letter, the wrong case, too many decimals, a comma.
func wrongValues(fd payload.Field) []string {
	ex := fd.Example
	out := []string{"", ex + "0", "x" + ex, strings.ToLower(ex), strings.ToUpper(ex), ex[:len(ex)-1]}
	if ex != "" {
		last := ex[len(ex)-1]
		switch {
		case last >= '0' && last < '9', last >= 'a' && last < 'z', last >= 'A' && last < 'Z':
			out = append(out, ex[:len(ex)-1]+string(last+1))
		default:
			out = append(out, ex[:len(ex)-1]+"1")
		}
	}
	if fd.Format == payload.FormatDecimal {
		out = append(out, "12.345", "1.123456789012345", "1,50", "-5", "0", "1e3")
	}
	if strings.HasPrefix(ex, "0x") && len(ex) == 42 {
		mixed := []byte(strings.ToLower(ex))
		for i := 2; i < len(mixed); i += 3 {
			if mixed[i] >= 'a' {
				mixed[i] -= 'a' - 'A'
			}
		}
		out = append(out, string(mixed))
	}
	return out
}
