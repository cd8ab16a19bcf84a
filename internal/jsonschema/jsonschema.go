// Package jsonschema writes JSON Schema (draft 2020-12, the dialect of
// OpenAPI 3.1 and MCP tool schemas): from a Go type, with each field's
// description from its `desc` tag, and from the description of one value
// (a query parameter, a tool argument, a payload field). It is the one
// schema writer of the service: the payload kinds' schemas, the OpenAPI
// description and the MCP tools' input and output schemas all come from
// it.
//
// The schemas are written for the common code generators as well as for
// validators: a value of several types is anyOf of single types, never a
// list in "type" (valid in 2020-12, refused by oapi-codegen).
package jsonschema

import (
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
)

// Schema is a JSON Schema object. Maps marshal with sorted keys, so the
// JSON written is the same every time.
type Schema = map[string]any

// Value describes one scalar value: a query parameter, a tool argument,
// a payload field. The zero value of each member is left out.
type Value struct {
	Type        string // "string", "integer", "number" or "boolean"
	Title       string
	Description string
	Format      string // a JSON Schema format: uri, email, date-time, date
	Pattern     string
	Enum        []string
	Min, Max    *float64 // bounds of a number
	Default     any
	Examples    []any
	WriteOnly   bool // a secret: sent, never given back
	Deprecated  bool
}

// Schema is v's JSON Schema.
func (v Value) Schema() Schema {
	s := Schema{}
	set := func(k string, x any, ok bool) {
		if ok {
			s[k] = x
		}
	}
	set("type", v.Type, v.Type != "")
	set("title", v.Title, v.Title != "")
	set("description", v.Description, v.Description != "")
	set("format", v.Format, v.Format != "")
	set("pattern", v.Pattern, v.Pattern != "")
	set("enum", v.Enum, v.Enum != nil)
	if v.Min != nil {
		s["minimum"] = number(*v.Min)
	}
	if v.Max != nil {
		s["maximum"] = number(*v.Max)
	}
	set("default", v.Default, v.Default != nil)
	set("examples", v.Examples, v.Examples != nil)
	set("writeOnly", true, v.WriteOnly)
	set("deprecated", true, v.Deprecated)
	return s
}

// number writes a bound as an integer when it is one, as people write it.
func number(f float64) any {
	if f == float64(int64(f)) {
		return int64(f)
	}
	return f
}

// Bound is a bound of Value.
func Bound(f float64) *float64 { return &f }

// Object is an object schema of props, each a member's Schema; required
// lists the members that must be there.
func Object(props Schema, required ...string) Schema {
	s := Schema{"type": "object", "properties": props}
	if len(required) > 0 {
		s["required"] = required
	}
	return s
}

// Map is an object schema whose members are all of schema values.
func Map(values Schema, description string) Schema {
	return With(Schema{"type": "object", "additionalProperties": values}, description)
}

// Array is an array schema of items.
func Array(items Schema, description string) Schema {
	return With(Schema{"type": "array", "items": items}, description)
}

// Of types is a value of any of the types: anyOf of single types.
func Of(types ...string) Schema {
	alts := make([]Schema, len(types))
	for i, t := range types {
		alts[i] = Schema{"type": t}
	}
	return Schema{"anyOf": alts}
}

// Text is a string with a description.
func Text(description string) Schema { return With(Schema{"type": "string"}, description) }

// With returns s with its description set, when description is not empty.
func With(s Schema, description string) Schema {
	if description != "" {
		s["description"] = description
	}
	return s
}

// For returns the schema of what encoding/json writes for a value of type
// t: the schemas of answers come from the types the handlers encode, so
// the two cannot drift. A struct field's `desc` tag is its description and
// its `schema` tag the rules its type does not say, comma-separated:
// enum=L|M|Q|H, minimum=1, maximum=40, minItems=4, maxItems=4. A field
// without omitempty is required; a struct allows no other members; an
// embedded struct's fields are members of the struct that embeds it.
func For(t reflect.Type) Schema {
	switch {
	case t == reflect.TypeFor[json.RawMessage]():
		return Schema{}
	case t.Kind() == reflect.Pointer:
		return For(t.Elem())
	case t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8:
		return Schema{"type": "string", "contentEncoding": "base64"}
	case t.Kind() == reflect.Slice:
		return Schema{"type": "array", "items": For(t.Elem())}
	case t.Kind() == reflect.Array:
		return Schema{"type": "array", "items": For(t.Elem()), "minItems": t.Len(), "maxItems": t.Len()}
	case t.Kind() == reflect.Map && t.Elem().Kind() == reflect.Interface:
		return Schema{"type": "object"}
	case t.Kind() == reflect.Map:
		return Schema{"type": "object", "additionalProperties": For(t.Elem())}
	case t.Kind() == reflect.Interface:
		return Schema{}
	case t.Kind() == reflect.Bool:
		return Schema{"type": "boolean"}
	case t.Kind() == reflect.String:
		return Schema{"type": "string"}
	case t.Kind() >= reflect.Int && t.Kind() <= reflect.Uint64:
		return Schema{"type": "integer"}
	case t.Kind() == reflect.Float32 || t.Kind() == reflect.Float64:
		return Schema{"type": "number"}
	case t.Kind() == reflect.Struct:
		props, required := Schema{}, []string{}
		members(t, props, &required)
		return Schema{"type": "object", "properties": props, "required": required, "additionalProperties": false}
	}
	panic("jsonschema: no schema for " + t.String())
}

// members adds the members encoding/json writes for struct type t to props
// and, those without omitempty, to required. An embedded struct (not a
// pointer) without a JSON name adds its members in its place, as
// encoding/json flattens it; a name met twice panics, where encoding/json
// would quietly write one of the two.
func members(t reflect.Type, props Schema, required *[]string) {
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		name, opts, _ := strings.Cut(tag, ",")
		switch {
		case f.Anonymous && name == "" && tag != "-" && f.Type.Kind() == reflect.Struct:
			members(f.Type, props, required)
			continue
		case !f.IsExported() || tag == "-":
			continue
		case name == "":
			name = f.Name
		}
		if _, twice := props[name]; twice {
			panic("jsonschema: " + t.String() + " has two members named " + name)
		}
		props[name] = rules(With(For(f.Type), f.Tag.Get("desc")), f.Tag.Get("schema"))
		if !strings.Contains(opts, "omitempty") {
			*required = append(*required, name)
		}
	}
}

// rules adds a `schema` tag's rules to s.
func rules(s Schema, tag string) Schema {
	for _, rule := range strings.Split(tag, ",") {
		k, v, ok := strings.Cut(rule, "=")
		switch {
		case !ok:
		case k == "enum":
			s[k] = strings.Split(v, "|")
		default:
			n, err := strconv.Atoi(v)
			if err != nil {
				panic("jsonschema: rule " + rule + " is not a number")
			}
			s[k] = n
		}
	}
	return s
}

// ForValue is For of v's type.
func ForValue[T any]() Schema { return For(reflect.TypeFor[T]()) }
