package api

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"qrkeyless/core/payload"
)

// typedGet answers GET target from a fresh handler.
func typedGet(t *testing.T, target string) *httptest.ResponseRecorder {
	t.Helper()
	w := httptest.NewRecorder()
	New(Config{}).ServeHTTP(w, httptest.NewRequest(http.MethodGet, "http://x"+target, nil))
	return w
}

// typedProblem reads w as a problem document of status code.
func typedProblem(t *testing.T, w *httptest.ResponseRecorder, code int) (p struct{ Detail, Field, Fix string }) {
	t.Helper()
	if w.Code != code || !strings.HasPrefix(w.Header().Get("Content-Type"), "application/problem+json") {
		t.Fatalf("status %d %q, want a %d problem: %s", w.Code, w.Header().Get("Content-Type"), code, w.Body)
	}
	if err := json.Unmarshal(w.Body.Bytes(), &p); err != nil {
		t.Fatal(err)
	}
	return p
}

// A request carrying a secret field is answered no-store and no-referrer,
// as docs/decisions.md (Secrets) asks, whether it succeeds or fails; a problem about it
// never echoes the secret.
func TestTypedSecretHeaders(t *testing.T) {
	for target, code := range map[string]int{
		"/api/v1/wifi?ssid=Home&password=hunter2hunter2":            200,
		"/api/v1/wifi?password=hunter2hunter2":                      400,
		"/api/v1/wifi?ssid=Home&password=hunter2hunter2&size=99999": 400,
		"/api/v1/otp?secret=JBSWY3DPEHPK3PXP&account=alice":         200,
	} {
		w := typedGet(t, target)
		h := w.Header()
		if w.Code != code || h.Get("Cache-Control") != "no-store" || h.Get("Referrer-Policy") != "no-referrer" || h.Get("ETag") != "" {
			t.Errorf("%s: %d, Cache-Control %q, Referrer-Policy %q, ETag %q; want %d, no-store, no-referrer, none",
				target, w.Code, h.Get("Cache-Control"), h.Get("Referrer-Policy"), h.Get("ETag"), code)
		}
		if code != 200 && strings.Contains(w.Body.String(), "hunter2") {
			t.Errorf("%s: the problem echoes the password: %s", target, w.Body)
		}
	}
}

// Bad input to typed endpoints, each answered with a problem whose fix works.
func TestTypedProblems(t *testing.T) {
	tests := []struct {
		target, field string
		code          int
		fixHas        string // the fix holds this
		detailHas     string // the detail holds this
	}{
		// Unknown kind: the fix is the nearest kind's call, the detail names the list.
		{"/api/v1/wfi?ssid=Guest&security=nopass", "type", 404, "/api/v1/wifi?security=nopass&ssid=Guest", "/api/v1/types"},
		// No kind near: the fix is the list itself.
		{"/api/v1/zzzzzzzz?ssid=Guest", "type", 404, "/api/v1/types", "/api/v1/types"},
		// Missing required field: field names it, the fix sets an example value.
		{"/api/v1/wifi?password=secret123", "ssid", 400, "ssid=Cafe%20Guest", "ssid"},
		{"/api/v1/url", "url", 400, "url=https", "url"},
		// Invalid value: the detail says what is wrong with it. An IBAN is
		// never replaced by another one: the fix holds a placeholder.
		{"/api/v1/epc?name=Red%20Cross&iban=DE89370400440532013001&amount=10", "iban", 400, "iban=%3Cyour%20IBAN%3E", "checksum"},
	}
	for _, tt := range tests {
		p := typedProblem(t, typedGet(t, tt.target), tt.code)
		if p.Field != tt.field || !strings.Contains(p.Fix, tt.fixHas) || !strings.Contains(p.Detail, tt.detailHas) {
			t.Errorf("%s: field %q, fix %q, detail %q; want field %q, a fix holding %q, a detail holding %q",
				tt.target, p.Field, p.Fix, p.Detail, tt.field, tt.fixHas, tt.detailHas)
		}
		if strings.Contains(p.Fix, "secret123") {
			t.Errorf("%s: fix %q echoes the password", tt.target, p.Fix)
		}
		w := typedGet(t, p.Fix)
		if strings.Contains(p.Fix, "%3Cyour%20") {
			// A placeholder is for the caller to fill in, not a value.
			if again := typedProblem(t, w, 400); again.Field != tt.field {
				t.Errorf("%s: its fix %s is refused on %q, not on the placeholder's %q", tt.target, p.Fix, again.Field, tt.field)
			}
			continue
		}
		if w.Code != 200 {
			t.Errorf("%s: its fix %s answers %d: %s", tt.target, p.Fix, w.Code, w.Body)
		}
	}
}

// GET /api/v1/types lists exactly the registry's kinds, which core/payload
// holds to the 44 of docs/payloads.md (TestRegistryIsPayloadsMd), each
// with its path and its fields' schema.
func TestTypesListsEveryKind(t *testing.T) {
	want := payload.Names()
	w := typedGet(t, "/api/v1/types")
	var body struct {
		Count int
		Types []struct {
			Name, Path string
			Schema     map[string]any
		}
	}
	if err := json.Unmarshal(w.Body.Bytes(), &body); w.Code != 200 || err != nil {
		t.Fatalf("%d %v", w.Code, err)
	}
	var got []string
	for _, k := range body.Types {
		got = append(got, k.Name)
		if k.Path != "/api/v1/"+k.Name || k.Schema["type"] != "object" {
			t.Errorf("%s: path %q, schema %v", k.Name, k.Path, k.Schema)
		}
	}
	slices.Sort(got)
	if body.Count != len(want) || !slices.Equal(got, want) {
		t.Errorf("types lists %d: %q; want the registry's %d: %q", body.Count, got, len(want), want)
	}
}
