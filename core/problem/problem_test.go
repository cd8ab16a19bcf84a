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

func TestCallWithWrite(t *testing.T) {
	// A call whose path carries a parameter writes its fixes in its own form.
	c := Call{Path: "/api/v1/qr", Query: url.Values{"data": {"hi"}, "style": {"stars"}},
		Write: func(q url.Values) string {
			d := q.Get("data")
			q.Del("data")
			return "/q/" + d + ".png" + Query(q)
		}}
	tests := []struct {
		name, value string
		drop        []string
		want        string
	}{
		{"style", "star", nil, "/q/hi.png?style=star"},
		{"", "", []string{"style"}, "/q/hi.png"},
		{"data", "ho", nil, "/q/ho.png?style=stars"},
	}
	for _, tt := range tests {
		if got := c.With(tt.name, tt.value, tt.drop...); got != tt.want {
			t.Errorf("With(%q, %q, %v) = %q, want %q", tt.name, tt.value, tt.drop, got, tt.want)
		}
	}
	if c.Query.Get("data") != "hi" || c.Query.Get("style") != "stars" {
		t.Error("With let Write change the caller's query")
	}
}

func TestQuery(t *testing.T) {
	tests := []struct {
		q    url.Values
		want string
	}{
		{nil, ""},
		{url.Values{}, ""},
		{url.Values{"b": {"2"}, "a": {"x y", "+"}}, "?a=x%20y&a=%2B&b=2"},
	}
	for _, tt := range tests {
		if got := Query(tt.q); got != tt.want {
			t.Errorf("Query(%v) = %q, want %q", tt.q, got, tt.want)
		}
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
