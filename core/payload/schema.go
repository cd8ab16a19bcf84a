package payload

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
func (k *Kind) Schema() map[string]any {
	props := make(map[string]any, len(k.Fields))
	required := []string{}
	for _, fd := range k.Fields {
		p := map[string]any{"type": "string", "title": fd.Label}
		if fd.Help != "" {
			p["description"] = fd.Help
		}
		if v := jsonFormats[fd.Format]; v != "" {
			p["format"] = v
		}
		if v := jsonPatterns[fd.Format]; v != "" {
			p["pattern"] = v
		}
		switch {
		case len(fd.Enum) > 0:
			p["enum"] = append([]string(nil), fd.Enum...)
		case fd.Format == FormatBool:
			p["enum"] = []string{"true", "false"}
		}
		if fd.Example != "" {
			p["examples"] = []string{fd.Example}
		}
		if fd.Secret {
			p["writeOnly"] = true
		}
		props[fd.Name] = p
		if fd.Required {
			required = append(required, fd.Name)
		}
	}
	s := map[string]any{
		"$schema":              "https://json-schema.org/draft/2020-12/schema",
		"title":                k.Title,
		"type":                 "object",
		"properties":           props,
		"required":             required,
		"additionalProperties": false,
	}
	if k.Help != "" {
		s["description"] = k.Help
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
