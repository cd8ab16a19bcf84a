package generate

import (
	"context"
	"encoding/base64"
	"net/url"
	"slices"
	"strings"
	"testing"

	"qrkeyless/core/budget"
	"qrkeyless/core/params"
	"qrkeyless/core/payload"
	"qrkeyless/core/problem"
	"qrkeyless/core/render"
	"qrkeyless/internal/readback"
)

func call(path, query string) problem.Call {
	q, err := url.ParseQuery(query)
	if err != nil {
		panic(err)
	}
	return params.NewCall(path, q)
}

func kind(name string) *payload.Kind {
	k, _ := payload.Lookup(name)
	return k
}

// TestMake: a request made in a picture format decodes back, by a reader
// that is not ours, to exactly the payload it was read as.
func TestMake(t *testing.T) {
	tests := []struct {
		path, query string
		kind        *payload.Kind
		text        string
	}{
		{"/api/v1/qr", "data=https://example.com", nil, "https://example.com"},
		{"/api/v1/qr", "text=hello&format=svg&style=dot&eye=circle", nil, "hello"},
		{"/api/v1/qr", "data=hi&format=base64&color=1a237e", nil, "hi"},
		{"/api/v1/qr", "data=hi&frame=banner-bottom&frame_text=SCAN ME", nil, "hi"},
		{"/api/v1/qr", "data=hi&color=linear:000000,1a237e&format=svg", nil, "hi"},
		{"/api/v1/wifi", "ssid=Cafe&security=nopass", kind("wifi"), "WIFI:T:nopass;S:Cafe;;"},
		{"/api/v1/wifi", "ssid=Home&password=secret1234&format=svg", kind("wifi"), "WIFI:T:WPA;S:Home;P:secret1234;;"},
	}
	for _, tt := range tests {
		r, p := Read(call(tt.path, tt.query), tt.kind)
		if p != nil {
			t.Errorf("%s?%s: %s", tt.path, tt.query, p.JSON())
			continue
		}
		if r.Text != tt.text {
			t.Errorf("%s?%s: read %q, want %q", tt.path, tt.query, r.Text, tt.text)
		}
		_, body, p := r.Make(context.Background(), r.Options.Format)
		if p != nil {
			t.Errorf("%s?%s: %s", tt.path, tt.query, p.JSON())
			continue
		}
		if r.Options.Format.Name == "base64" {
			body, _ = base64.StdEncoding.DecodeString(strings.TrimPrefix(string(body), "data:image/png;base64,"))
		}
		got, err := readback.Text(body)
		if err != nil || got != tt.text {
			t.Errorf("%s?%s decodes to %q (%v), want %q", tt.path, tt.query, got, err, tt.text)
		}
	}
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

// TestMakeChecks: a branding that touches the code's pixels is verified
// before the bytes are given, and a logo too large to scan is a 422 whose
// fix is a smaller logo_size; a frame is drawn without a check.
func TestMakeChecks(t *testing.T) {
	png := render.Formats[0]
	r, _ := Read(call("/api/v1/qr", "data=https://example.com&ec=L&logo_size=0.4&logo="+url.QueryEscape(params.LogoExample)), nil)
	if _, _, p := r.Make(context.Background(), png); p == nil || p.Status != 422 || !strings.Contains(p.Fix, "logo_size=0.") {
		t.Fatalf("a 0.4 logo at ec=L: %v, want a 422 with a smaller logo_size", p)
	}
	f, _ := Read(call("/api/v1/qr", "data=hi&frame=box&frame_text=Menu"), nil)
	if f.Heavy() {
		t.Error("a frame alone is verified: it sits outside the quiet zone")
	}
	code, _, p := f.Make(context.Background(), png)
	if p != nil || code.Brand == nil {
		t.Fatalf("a framed code: %v", p)
	}
	if rep := code.Verify(context.Background()); !rep.Scannable {
		t.Errorf("a framed code's report: %+v", rep)
	}
}

// TestCharge: Make charges its estimate to the request's budget, and a
// request whose budget is spent is refused before anything is drawn.
func TestCharge(t *testing.T) {
	r, _ := Read(call("/api/v1/qr", "data=hi&size=1024&style=star"), nil)
	b := budget.New()
	ctx := budget.With(context.Background(), b)
	v, _ := r.Version()
	if _, _, p := r.Make(ctx, r.Options.Format); p != nil || b.Draw.Used != r.Cost(v, r.Options.Format) {
		t.Errorf("charged %d, want the estimate %d (%v)", b.Draw.Used, r.Cost(v, r.Options.Format), p)
	}
	b.Draw.Used = b.Draw.Limit
	if _, _, p := r.Make(ctx, r.Options.Format); p == nil || p.Status != 413 {
		t.Errorf("a spent budget: %v, want 413", p)
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
