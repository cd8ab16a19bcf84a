package payload

import (
	"bytes"
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// compileSchema compiles k's schema with a JSON Schema 2020-12 validator.
func compileSchema(t *testing.T, k *Kind) *jsonschema.Schema {
	t.Helper()
	b, err := json.Marshal(k.Schema())
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource(k.Name+".json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(k.Name + ".json")
	if err != nil {
		t.Fatalf("%s: schema does not compile: %v", k.Name, err)
	}
	return s
}

func instance(f Fields) map[string]any {
	m := map[string]any{}
	for k, v := range f {
		m[k] = v
	}
	return m
}

// The schema never refuses what the builder takes: every kind's examples,
// and every value of a choice, canonical or alias, in their company.
func TestSchemaAcceptsWhatBuilds(t *testing.T) {
	for _, k := range All() {
		s := compileSchema(t, k)
		f, _, err := exampleFields(k)
		if err != nil {
			t.Fatalf("%s: %v", k.Name, err)
		}
		if err := s.Validate(instance(f)); err != nil {
			t.Errorf("%s: the schema refuses the examples %q: %v", k.Name, f, err)
		}
		for _, fd := range k.Fields {
			// Aliases and the spellings of a boolean must be taken as values
			// of the field; a canonical value may still be refused in the
			// examples' company (QRR needs a QR-IBAN).
			taken := fd.Aliases
			if fd.Format == FormatBool {
				taken = BoolValues
			}
			for _, v := range append(slices.Clone(fd.Enum), taken...) {
				g, err := buildWith(k, f, fd.Name, v)
				var fe *FieldError
				if err != nil && slices.Contains(taken, v) && errors.As(err, &fe) && fe.Field == fd.Name {
					t.Errorf("%s.%s=%q: the schema lists it, Build refuses it: %v", k.Name, fd.Name, v, err)
				}
				if err != nil {
					continue
				}
				if err := s.Validate(instance(g)); err != nil {
					t.Errorf("%s: %q builds, the schema refuses it: %v", k.Name, g, err)
				}
			}
		}
	}
}

// buildWith sets name to v in a copy of f and builds it, dropping any other
// optional field the builder refuses in that company (an open network
// takes no password), as exampleFields does.
func buildWith(k *Kind, f Fields, name, v string) (Fields, error) {
	g := maps.Clone(f)
	g[name] = v
	for range len(g) + 1 {
		_, err := k.Build(g)
		var fe *FieldError
		if err == nil || !errors.As(err, &fe) || fe.Field == name || g[fe.Field] == "" || k.Field(fe.Field).Required {
			return g, err
		}
		delete(g, fe.Field)
	}
	return g, errors.New("no consistent fields")
}

// wifi's password is required unless security is nopass (docs/payloads.md §1):
// the schema's if/then says so, for every security value it lists.
func TestWifiSchemaPasswordRule(t *testing.T) {
	k, _ := Lookup("wifi")
	s := compileSchema(t, k)
	open := []string{"nopass", "none", "open"}
	securities := append([]string{""}, k.Field("security").Enum...)
	securities = append(securities, k.Field("security").Aliases...)
	for _, sec := range securities {
		for _, pw := range []string{"", "correct horse"} {
			f := Fields{"ssid": "Home"}
			if sec != "" {
				f["security"] = sec
			}
			if pw != "" {
				f["password"] = pw
			}
			_, buildErr := k.Build(f)
			schemaErr := s.Validate(instance(f))
			if buildErr == nil && schemaErr != nil {
				t.Errorf("%q builds, the schema refuses it: %v", f, schemaErr)
			}
			needs := sec != "" && !slices.Contains(open, sec) && pw == ""
			if needs && (schemaErr == nil || buildErr == nil) {
				t.Errorf("%q: a %s network without a password: schema error %v, build error %v; want both", f, sec, schemaErr, buildErr)
			}
		}
	}
}
