package payload

import (
	"slices"

	"qrkeyless/internal/jsonschema"
)

// jsonFormats maps field formats to JSON Schema "format" values; formats
// JSON Schema has no word for get a pattern (below) or nothing.
var jsonFormats = map[string]string{
	FormatURL:      "uri",
	FormatEmail:    "email",
	FormatDateTime: "date-time",
	FormatDate:     "date",
}

var jsonPatterns = map[string]string{
	FormatDecimal: `^-?[0-9]+(\.[0-9]+)?$`,
	FormatInteger: `^[0-9]+$`,
}

// Schema returns the JSON Schema (draft 2020-12) of k's fields as an
// object: every property a string with title, description, format or
// pattern, enum and examples; secret fields are writeOnly. It is the one
// description GET /api/v1/types, the MCP tool schemas and OpenAPI share.
// Maps marshal with sorted keys, so the JSON is deterministic.
func (k *Kind) Schema() jsonschema.Schema {
	props := make(jsonschema.Schema, len(k.Fields))
	required := []string{}
	for _, fd := range k.Fields {
		v := jsonschema.Value{Type: "string", Title: fd.Label, Description: fd.Help, Format: jsonFormats[fd.Format],
			Pattern: jsonPatterns[fd.Format], WriteOnly: fd.Secret}
		switch {
		case len(fd.Enum) > 0:
			// The aliases join the enum so that a client validating against
			// the schema never refuses a value the API takes; forms still
			// offer only Enum. Other spellings in another case (wpa2) are a
			// leniency of the builders the schema does not describe.
			v.Enum = append(slices.Clone(fd.Enum), fd.Aliases...)
		case fd.Format == FormatBool:
			v.Enum = append([]string{"true", "false"}, boolAliases...)
		}
		if fd.Example != "" {
			v.Examples = []any{fd.Example}
		}
		props[fd.Name] = v.Schema()
		if fd.Required {
			required = append(required, fd.Name)
		}
	}
	s := jsonschema.With(jsonschema.Object(props), k.Help)
	s["$schema"] = "https://json-schema.org/draft/2020-12/schema"
	s["title"] = k.Title
	s["required"] = required
	s["additionalProperties"] = false
	if len(k.Unless) > 0 {
		s["allOf"] = unlessSchema(k.Unless)
	}
	if len(k.AnyOf) > 0 {
		alts := make([]any, len(k.AnyOf))
		for i, set := range k.AnyOf {
			alts[i] = map[string]any{"required": append([]string(nil), set...)}
		}
		s["anyOf"] = alts
	}
	return s
}

// unlessSchema writes each Unless as if/then: if the deciding field is
// given with a value outside Values, the fields Needs are required.
func unlessSchema(rules []Unless) []any {
	out := make([]any, len(rules))
	for i, u := range rules {
		out[i] = map[string]any{
			"if": map[string]any{
				"required":   []string{u.Field},
				"properties": map[string]any{u.Field: map[string]any{"not": map[string]any{"enum": slices.Clone(u.Values)}}},
			},
			"then": map[string]any{"required": slices.Clone(u.Needs)},
		}
	}
	return out
}
