package problem

import (
	"encoding/json"
	"net/url"
	"testing"
)

func TestCallWith(t *testing.T) {
	c := Call{Path: "/api/v1/qr", Query: url.Values{"data": {"a b&c"}, "color": {"red"}, "size": {"99"}}}
	tests := []struct {
		name, value string
		drop        []string
		want        string
	}{
		{"color", "#ff0000", nil, "/api/v1/qr?color=%23ff0000&data=a%20b%26c&size=99"},
		{"", "", []string{"color"}, "/api/v1/qr?data=a%20b%26c&size=99"},
		{"fg", "000000", []string{"color", "size"}, "/api/v1/qr?data=a%20b%26c&fg=000000"},
	}
	for _, tt := range tests {
		if got := c.With(tt.name, tt.value, tt.drop...); got != tt.want {
			t.Errorf("With(%q, %q, %v) = %q, want %q", tt.name, tt.value, tt.drop, got, tt.want)
		}
		// The fix must parse back to what it says.
		u, err := url.Parse(c.With(tt.name, tt.value, tt.drop...))
		if err != nil || (tt.name != "" && u.Query().Get(tt.name) != tt.value) {
			t.Errorf("fix does not round-trip: %v %v", u, err)
		}
	}
	if c.Query.Get("color") != "red" {
		t.Error("With changed the caller's query")
	}
}

func TestDocumentShape(t *testing.T) {
	p := BadValue.New("color", "color \"red\" is not a hex color", "/api/v1/qr?color=ff0000")
	var m map[string]any
	if err := json.Unmarshal(p.JSON(), &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"type", "title", "status", "detail", "field", "fix"} {
		if _, ok := m[k]; !ok {
			t.Errorf("missing %q in %s", k, p.JSON())
		}
	}
	if m["status"].(float64) != 400 {
		t.Errorf("status %v", m["status"])
	}
	if _, ok := m["allowed"]; ok {
		t.Error("empty allowed list should be omitted")
	}
}
