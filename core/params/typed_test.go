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
