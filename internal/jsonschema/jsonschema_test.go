package jsonschema

import (
	"encoding/json"
	"testing"
)

type sample struct {
	Name    string            `json:"name" desc:"The name."`
	Level   string            `json:"level" schema:"enum=L|M|Q|H"`
	Corners [][2]float64      `json:"corners" schema:"minItems=4,maxItems=4"`
	Tags    map[string]string `json:"tags,omitempty"`
	Raw     json.RawMessage   `json:"raw,omitempty"`
	Bytes   []byte            `json:"bytes"`
	Next    *sample           `json:"-"`
	hidden  int
}

// TestFor: the schema of a type is what encoding/json writes of it, with
// the descriptions and rules of its tags.
func TestFor(t *testing.T) {
	got, _ := json.Marshal(ForValue[sample]())
	want := `{"additionalProperties":false,"properties":{` +
		`"bytes":{"contentEncoding":"base64","type":"string"},` +
		`"corners":{"items":{"items":{"type":"number"},"maxItems":2,"minItems":2,"type":"array"},"maxItems":4,"minItems":4,"type":"array"},` +
		`"level":{"enum":["L","M","Q","H"],"type":"string"},` +
		`"name":{"description":"The name.","type":"string"},` +
		`"raw":{},` +
		`"tags":{"additionalProperties":{"type":"string"},"type":"object"}},` +
		`"required":["name","level","corners","bytes"],"type":"object"}`
	if string(got) != want {
		t.Errorf("For(sample)\n got %s\nwant %s", got, want)
	}
}

// TestForEmbedded: an embedded struct's fields are written as members of
// the struct that embeds it, in its place, by encoding/json and by For
// alike: the schema is that of the same struct written out flat.
func TestForEmbedded(t *testing.T) {
	type head struct {
		A string `json:"a" desc:"A."`
		B int    `json:"b,omitempty" schema:"minimum=1"`
	}
	type embedding struct {
		head
		C bool `json:"c"`
	}
	type flat struct {
		A string `json:"a" desc:"A."`
		B int    `json:"b,omitempty" schema:"minimum=1"`
		C bool   `json:"c"`
	}
	e, _ := json.Marshal(embedding{head{"x", 2}, true})
	f, _ := json.Marshal(flat{"x", 2, true})
	if string(e) != string(f) {
		t.Errorf("encoding/json wrote %s, flat %s", e, f)
	}
	got, _ := json.Marshal(ForValue[embedding]())
	want, _ := json.Marshal(ForValue[flat]())
	if string(got) != string(want) {
		t.Errorf("For(embedding)\n got %s\nwant %s", got, want)
	}
}

// TestValue: a value's schema holds what is set and nothing else; a value
// of several types is anyOf of single types, never a list in "type".
func TestValue(t *testing.T) {
	tests := []struct {
		s    Schema
		want string
	}{
		{Value{Type: "integer", Min: Bound(64), Max: Bound(4096), Default: 512}.Schema(), `{"default":512,"maximum":4096,"minimum":64,"type":"integer"}`},
		{Value{Type: "number", Min: Bound(0.05)}.Schema(), `{"minimum":0.05,"type":"number"}`},
		{Value{Type: "string", Enum: []string{"a"}, WriteOnly: true, Examples: []any{"a"}}.Schema(), `{"enum":["a"],"examples":["a"],"type":"string","writeOnly":true}`},
		{Value{}.Schema(), `{}`},
		{Of("string", "number"), `{"anyOf":[{"type":"string"},{"type":"number"}]}`},
		{Map(Text(""), "d"), `{"additionalProperties":{"type":"string"},"description":"d","type":"object"}`},
		{Object(Schema{"a": Text("x")}, "a"), `{"properties":{"a":{"description":"x","type":"string"}},"required":["a"],"type":"object"}`},
	}
	for _, tt := range tests {
		if got, _ := json.Marshal(tt.s); string(got) != tt.want {
			t.Errorf("got %s, want %s", got, tt.want)
		}
	}
}
