package tools

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"qrkeyless/core/scan"
)

// TestToolTexts holds tools.json to the tools: each tool has a title and a
// description, each entry names a tool, no placeholder is left unfilled,
// and every argument a schema describes from tools.json has its text.
func TestToolTexts(t *testing.T) {
	var p prose
	if err := json.Unmarshal(toolsJSON, &p); err != nil {
		t.Fatalf("tools.json: %v", err)
	}
	all := All(scan.Limits{}, nil)
	if len(all) != len(p.Tools) {
		t.Errorf("%d tools, %d entries in tools.json", len(all), len(p.Tools))
	}
	for _, st := range all {
		if _, ok := p.Tools[st.Tool.Name]; !ok || st.Tool.Title == "" || len(st.Tool.Description) < 40 || strings.ContainsAny(st.Tool.Description, "{}") {
			t.Errorf("%s: title %q, description %q", st.Tool.Name, st.Tool.Title, st.Tool.Description)
		}
	}
	for _, c := range common {
		if p.Params[c.Name] == "" {
			t.Errorf("tools.json has no text for %s, which the schemas show", c.Name)
		}
	}
	if i := Instructions(); strings.ContainsAny(i, "{}") || !strings.Contains(i, KindsURI) || !strings.Contains(i, ParametersURI) {
		t.Errorf("the instructions %q do not name the resources", i)
	}
}

// TestSealOpensWhatItSealed: a sealed value opens to what was sealed, the
// same call seals to the same bytes, and a value changed, sealed for
// another kind or by another key opens to nothing.
func TestSealOpensWhatItSealed(t *testing.T) {
	s := NewSealer("k1")
	secrets := url.Values{"password": {"correct horse"}}
	v := s.Seal(secrets, "/api/v1/wifi")
	if v != s.Seal(secrets, "/api/v1/wifi") || strings.Contains(v, "horse") {
		t.Errorf("Seal is %q, then %q", v, s.Seal(secrets, "/api/v1/wifi"))
	}
	if got, err := s.Open(v, "/api/v1/wifi"); err != nil || got.Get("password") != "correct horse" {
		t.Errorf("Open: %v, %v", got, err)
	}
	changed := v[:len(v)-2] + map[bool]string{true: "AA", false: "BB"}[!strings.HasSuffix(v, "AA")]
	for name, tc := range map[string]struct {
		s           *Sealer
		value, for_ string
	}{
		"changed":      {s, changed, "/api/v1/wifi"},
		"another kind": {s, v, "/api/v1/otp"},
		"another key":  {NewSealer("k2"), v, "/api/v1/wifi"},
		"random key":   {NewSealer(""), v, "/api/v1/wifi"},
		"not sealed":   {s, "correct horse", "/api/v1/wifi"},
		"empty":        {s, sealPrefix, "/api/v1/wifi"},
	} {
		if got, err := tc.s.Open(tc.value, tc.for_); err == nil {
			t.Errorf("%s: opened to %v", name, got)
		}
	}
}
