package scan

import (
	"errors"
	"image/color"
	"maps"
	"testing"

	"qrkeyless/core/payload"
	"qrkeyless/core/qr"
	"qrkeyless/core/render"
)

// exampleFields returns fields for k from the examples its schema
// publishes, dropping any field the builder refuses in that company (a
// Google Maps link takes a query or coordinates, not both).
func exampleFields(k *payload.Kind) (payload.Fields, string, error) {
	f := payload.Fields{}
	for _, fd := range k.Fields {
		if fd.Example != "" {
			f[fd.Name] = fd.Example
		}
	}
	for range k.Fields {
		text, err := k.Build(f)
		var fe *payload.FieldError
		if err == nil || !errors.As(err, &fe) || f[fe.Field] == "" {
			return f, text, err
		}
		delete(f, fe.Field)
	}
	return f, "", errors.New("no consistent example")
}

// TestEveryKindScansBack: build -> render -> decode -> parse gives back the
// kind and the fields, for every kind of the registry.
func TestEveryKindScansBack(t *testing.T) {
	o := render.Options{Size: 600, Margin: 4, FG: color.NRGBA{A: 255}, BG: color.NRGBA{255, 255, 255, 255}, Style: "square", Eye: "square"}
	for _, k := range payload.All() {
		_, text, err := exampleFields(k)
		if err != nil {
			t.Errorf("%s: examples do not build: %v", k.Name, err)
			continue
		}
		c, err := qr.Encode(text, qr.M)
		if err != nil {
			t.Errorf("%s: %v", k.Name, err)
			continue
		}
		codes, err := Decode(render.Image(c, o), Options{})
		if err != nil || len(codes) != 1 {
			t.Errorf("%s: decode: %v", k.Name, err)
			continue
		}
		got := codes[0]
		if string(got.Bytes) != text {
			t.Errorf("%s: bytes %q, want %q", k.Name, got.Bytes, text)
		}
		want, ok := k.Parse(text)
		if !ok {
			t.Errorf("%s: its own text does not parse: %q", k.Name, text)
			continue
		}
		if got.Kind != k.Name || !maps.Equal(got.Fields, map[string]string(want)) {
			t.Errorf("%s: scanned as %s %v, want %v", k.Name, got.Kind, got.Fields, want)
		}
	}
}
