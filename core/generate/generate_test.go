package generate

import (
	"net/url"
	"slices"
	"strings"
	"testing"

	"qrkeyless/core/payload"
	"qrkeyless/core/problem"
	"qrkeyless/internal/fixture"
)

var call = fixture.Call

func kind(name string) *payload.Kind {
	k, _ := payload.Lookup(name)
	return k
}

// TestRead: every door spells the same request its own way; the request
// read is the same, and so is its edge-cache key. A secret marks it.
func TestRead(t *testing.T) {
	a, _ := Read(call("/api/v1/qr", "data=hi&color=%23000000&dots=dot"), nil)
	b, _ := Read(call("/api/v1/qr", "text=hi&fg=000&style=dot&ec=H"), nil)
	if !slices.Equal(a.Key("code"), b.Key("code")) {
		t.Errorf("two spellings of one code have keys %q and %q", a.Key("code"), b.Key("code"))
	}
	if slices.Equal(a.Key("code"), a.Key("verify")) {
		t.Error("a code and its verification share a key")
	}
	w, p := Read(call("/api/v1/wifi", "ssid=Home&password=secret1234"), kind("wifi"))
	if p != nil || !w.Secret {
		t.Errorf("a wifi password: secret %v, problem %v", w.Secret, p)
	}
	if _, p := Read(call("/api/v1/qr", "data=hi&verify=maybe"), nil); p == nil || p.Field != "verify" {
		t.Errorf("verify=maybe: %v, want a problem about verify", p)
	}
	// GET /api/v1/verify does not read a verify flag: its answer is the check.
	if _, p := ReadVerify(call("/api/v1/verify", "data=hi&verify=maybe")); p != nil {
		t.Errorf("ReadVerify read the verify flag: %s", p.JSON())
	}
	if _, p := Read(call("/api/v1/qr", "size=300"), nil); p == nil || p.Status != 400 || !strings.Contains(p.Fix, "data=") {
		t.Errorf("no data: %v, want a 400 whose fix adds data", p)
	}
}

// TestKindArg: a kind named by an argument is a 400 listing the kinds,
// with the nearest kind as its fix.
func TestKindArg(t *testing.T) {
	if k, p := KindArg("wifi", nil); p != nil || k.Name != "wifi" {
		t.Errorf("wifi: %v %v", k, p)
	}
	p := func(name string) *problem.Problem { _, p := KindArg(name, url.Values{"ssid": {"x"}}); return p }
	if q := p("wiif"); q == nil || q.Status != 400 || !strings.Contains(q.Fix, "/api/v1/wifi") || !slices.Contains(q.Allowed, "vcard") {
		t.Errorf("wiif: %+v", q)
	}
	if q := p(""); q == nil || q.Type != problem.Missing.New("", "", "").Type {
		t.Errorf("no type: %+v", q)
	}
}
