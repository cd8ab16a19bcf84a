package verify

import (
	"context"
	"encoding/base64"
	"net/url"
	"strings"
	"testing"

	"qrkeyless/core/budget"
	"qrkeyless/core/generate"
	"qrkeyless/core/params"
	"qrkeyless/core/payload"
	"qrkeyless/core/render"
	"qrkeyless/internal/fixture"
	"qrkeyless/internal/readback"
)

func kind(name string) *payload.Kind {
	k, _ := payload.Lookup(name)
	return k
}

func read(t *testing.T, path, query string, k *payload.Kind) generate.Request {
	t.Helper()
	r, p := generate.Read(fixture.Call(path, query), k)
	if p != nil {
		t.Fatalf("%s?%s: %s", path, query, p.JSON())
	}
	return r
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
		r := read(t, tt.path, tt.query, tt.kind)
		if r.Text != tt.text {
			t.Errorf("%s?%s: read %q, want %q", tt.path, tt.query, r.Text, tt.text)
		}
		_, body, p := Make(context.Background(), r, r.Options.Format)
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

// TestMakeChecks: a branding that touches the code's pixels is verified
// before the bytes are given, and a logo too large to scan is a 422 whose
// fix is a smaller logo_size; a frame is drawn without a check.
func TestMakeChecks(t *testing.T) {
	png := render.Formats[0]
	r := read(t, "/api/v1/qr", "data=https://example.com&ec=L&logo_size=0.4&logo="+url.QueryEscape(params.LogoExample), nil)
	if _, _, p := Make(context.Background(), r, png); p == nil || p.Status != 422 || !strings.Contains(p.Fix, "logo_size=0.") {
		t.Fatalf("a 0.4 logo at ec=L: %v, want a 422 with a smaller logo_size", p)
	}
	f := read(t, "/api/v1/qr", "data=hi&frame=box&frame_text=Menu", nil)
	if f.Heavy() {
		t.Error("a frame alone is verified: it sits outside the quiet zone")
	}
	code, _, p := Make(context.Background(), f, png)
	if p != nil || code.Brand == nil {
		t.Fatalf("a framed code: %v", p)
	}
	if rep, p := code.Verify(context.Background()); p != nil || !rep.Scannable {
		t.Errorf("a framed code's report: %+v", rep)
	}
}

// TestCharge: Make charges its estimate to the request's budget, and a
// request whose budget is spent is refused before anything is drawn.
func TestCharge(t *testing.T) {
	r := read(t, "/api/v1/qr", "data=hi&size=1024&style=star", nil)
	b := budget.New()
	ctx := budget.With(context.Background(), b)
	v, _ := r.Version()
	if _, _, p := Make(ctx, r, r.Options.Format); p != nil || b.Draw.Used != Cost(r, v, r.Options.Format) {
		t.Errorf("charged %d, want the estimate %d (%v)", b.Draw.Used, Cost(r, v, r.Options.Format), p)
	}
	b.Draw.Used = b.Draw.Limit
	if _, _, p := Make(ctx, r, r.Options.Format); p == nil || p.Status != 413 {
		t.Errorf("a spent budget: %v, want 413", p)
	}
}

// TestPresetsScan: every preset is served for a short link, a wifi code
// and a text long enough for version 20, and each picture reads back,
// by a reader that is not ours, to the text; the preset keeps to eyes
// drawn at every version, so length never refuses one.
func TestPresetsScan(t *testing.T) {
	texts := []string{"https://example.com", "WIFI:T:WPA;S:Cafe Guest;P:espresso-2026;;", strings.Repeat("https://example.com/menu?table=12&lang=en#", 12)}
	for _, pr := range params.Presets {
		for _, text := range texts {
			q := url.Values{"preset": {pr.Name}, "data": {text}, "size": {"1024"}}
			r, p := generate.Read(fixture.Call("/api/v1/qr", q.Encode()), nil)
			if p != nil {
				t.Errorf("preset=%s, %d bytes: %s", pr.Name, len(text), p.JSON())
				continue
			}
			_, body, p := Make(context.Background(), r, r.Options.Format)
			if p != nil {
				t.Errorf("preset=%s, %d bytes: refused: %s", pr.Name, len(text), p.JSON())
				continue
			}
			if got, err := readback.Text(body); err != nil || got != text {
				t.Errorf("preset=%s, %d bytes decodes to %q (%v)", pr.Name, len(text), got, err)
			}
		}
	}
}
