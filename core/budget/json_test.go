package budget

import (
	"strings"
	"testing"
)

func TestJSONShape(t *testing.T) {
	for _, tt := range []struct {
		json           string
		depth, members int
	}{
		{`{}`, 1, 0},
		{`{"a":1}`, 1, 0}, // one member: no comma counted
		{`{"a":1,"b":2,"c":3}`, 1, 3},
		{`[1,2,3,4]`, 1, 0}, // array elements are not members
		{`{"a":[{"b":{"c":1,"d":2}}]}`, 4, 2},
		{`{"a":"{[,,,]}","b":"\"{"}`, 1, 2}, // brackets and commas in strings
		{strings.Repeat("[", 10000) + strings.Repeat("]", 10000), 10000, 0},
	} {
		d, m := JSONShape([]byte(tt.json))
		if d != tt.depth || m != tt.members {
			t.Errorf("JSONShape(%.40s) = %d, %d; want %d, %d", tt.json, d, m, tt.depth, tt.members)
		}
	}
}
