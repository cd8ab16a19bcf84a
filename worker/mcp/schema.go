package mcp

import (
	"slices"
	"strings"

	"qrkeyless/core/batch"
	"qrkeyless/core/params"
	"qrkeyless/core/payload"
	"qrkeyless/core/sheet"
	"qrkeyless/core/size"
)

// The input schemas are read from the tables the REST API parses with
// (params.Shared, params.Data, the payload registry, batch.Outputs,
// size.Params), so a parameter added there reaches the tools too.
// None has anyOf, oneOf or allOf at the top level: some model APIs refuse
// tool schemas that do, so "this or that" is said in descriptions instead.

func object(props map[string]any, required ...string) map[string]any {
	s := map[string]any{"type": "object", "properties": props}
	if len(required) > 0 {
		s["required"] = required
	}
	return s
}

func typ(t, description string) map[string]any {
	return map[string]any{"type": t, "description": description}
}

func array(items map[string]any, description string) map[string]any {
	return map[string]any{"type": "array", "items": items, "description": description}
}

// param is the JSON Schema of one parameter of the REST tables.
func param(p params.Param) map[string]any {
	s := typ(p.Type, p.Help)
	if p.Type == "integer" && p.Max > 0 {
		s["minimum"], s["maximum"] = p.Min, p.Max
	}
	if p.Enum != nil {
		s["enum"] = p.Enum()
	}
	if p.Default != "" {
		s["default"] = p.Value(p.Default)
	}
	if p.Example != "" {
		s["examples"] = []any{p.Value(p.Example)}
	}
	return s
}

// rendering returns the shared rendering parameters as properties, but the
// omitted ones.
func rendering(omit ...string) map[string]any {
	props := map[string]any{}
	for _, p := range params.Shared {
		if !slices.Contains(omit, p.Name) {
			props[p.Name] = param(p)
		}
	}
	return props
}

func generateInput() map[string]any {
	props := rendering()
	props[params.Data.Name] = param(params.Data)
	format := props[params.Format.Name].(map[string]any)
	format["description"] = "Output format. The result always holds the PNG image; any other format adds its body as text."
	return object(props, params.Data.Name)
}

func typedInput() map[string]any {
	props := rendering()
	props["type"] = map[string]any{"type": "string", "enum": kindNames(), "description": "The payload kind; its fields are listed under fields."}
	props["fields"] = map[string]any{"type": "object", "additionalProperties": map[string]any{"type": "string"}, "description": fieldsHelp()}
	return object(props, "type", "fields")
}

// fieldsHelp lists every kind's fields in one description: a full schema
// per kind would put tens of kilobytes into every model's context.
func fieldsHelp() string {
	var b strings.Builder
	b.WriteString("The fields of the kind named by type, as strings. * marks a required field; | separates allowed values; " +
		"a format is given in parentheses. The full schema of each kind is at GET /api/v1/types.")
	for _, k := range payload.All() {
		b.WriteString("\n" + k.Name + " (" + k.Title + "): ")
		for i, f := range k.Fields {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(f.Name)
			if f.Required {
				b.WriteString("*")
			}
			switch {
			case len(f.Enum) > 0:
				b.WriteString(" " + strings.Join(f.Enum, "|"))
			case f.Format == payload.FormatBool:
				b.WriteString(" true|false")
			case f.Format != payload.FormatText && f.Format != payload.FormatLongText && f.Format != payload.FormatEnum && f.Format != "":
				b.WriteString(" (" + f.Format + ")")
			}
			if f.Secret {
				b.WriteString(" (secret)")
			}
		}
		if len(k.AnyOf) > 0 {
			sets := make([]string, len(k.AnyOf))
			for i, set := range k.AnyOf {
				sets[i] = strings.Join(set, "+")
			}
			b.WriteString("; needs " + strings.Join(sets, " or "))
		}
	}
	return b.String()
}

func decodeInput() map[string]any {
	return object(map[string]any{
		"image": typ("string", "A PNG, JPEG, GIF or WebP file as base64, or as a data URI (data:image/png;base64,...). At most 16 MiB."),
	}, "image")
}

func verifyInput() map[string]any {
	props := rendering(params.Format.Name) // verify renders the picture, whatever the format
	props[params.Data.Name] = param(params.Data)
	return object(props, params.Data.Name)
}

func batchInput() map[string]any {
	style := object(rendering(params.Format.Name))
	style["description"] = "Rendering parameters shared by every item (output decides the format)."
	itemStyle := object(rendering(params.Format.Name))
	itemStyle["description"] = "Rendering parameters of this item, over the shared ones."
	item := object(map[string]any{
		"id":     typ("string", "Your label for the item, echoed in its result and used as its file name in a zip."),
		"data":   typ("string", "A plain item: the exact text to encode."),
		"type":   map[string]any{"type": "string", "enum": kindNames(), "description": "A typed item: the payload kind, as in qr_generate_typed."},
		"fields": map[string]any{"type": "object", "additionalProperties": map[string]any{"type": "string"}, "description": "A typed item's fields, as in qr_generate_typed."},
		"style":  itemStyle,
	})
	item["description"] = "A plain item (data) or a typed item (type and fields)."
	items := array(item, "The codes to render, in order.")
	items["minItems"], items["maxItems"] = 1, batch.MaxItems
	layout := map[string]any{}
	for _, p := range sheet.Params {
		layout[p.Name] = param(p)
	}
	sheetObj := object(layout)
	sheetObj["description"] = "output sheet: the label sheet's layout. Leave it out for A4 labels of Avery L7160 (3 x 7)."
	return object(map[string]any{
		"output": map[string]any{"type": "string", "enum": batch.Outputs, "default": batch.Outputs[0], "description": "The shape of each result."},
		"style":  style,
		"sheet":  sheetObj,
		"items":  items,
	}, "items")
}

func sizeInput() map[string]any {
	props := map[string]any{}
	for _, p := range size.Params() {
		props[p.Name] = param(p)
	}
	return object(props)
}

// Output schemas: the client checks structuredContent against them, so they
// describe exactly the JSON the REST endpoints answer.

var problemSchema = object(map[string]any{
	"type":    typ("string", "The problem's type, /problems/<slug>."),
	"title":   typ("string", "Short name of the problem."),
	"status":  typ("integer", "The HTTP status the REST call answers."),
	"detail":  typ("string", "What was not understood."),
	"field":   typ("string", "The parameter at fault."),
	"fix":     typ("string", "The corrected REST call, or an instruction."),
	"allowed": array(typ("string", ""), "The accepted values, when they are a short list."),
}, "type", "title", "status", "detail", "fix")

var ecSchema = map[string]any{"type": "string", "enum": params.EC.Enum(), "description": "Error correction level."}

func decodeOutput() map[string]any {
	point := array(typ("number", ""), "x, y in image pixels.")
	point["minItems"], point["maxItems"] = 2, 2
	corners := func(description string) map[string]any {
		c := array(point, description)
		c["minItems"], c["maxItems"] = 4, 4
		return c
	}
	part := object(map[string]any{
		"index":   typ("integer", "Position in the sequence, from 1."),
		"total":   typ("integer", "Symbols in the sequence; fewer parts than this means some were not found."),
		"version": typ("integer", "Symbol version, 1 to 40."),
		"ec":      ecSchema,
		"points":  corners("The symbol's four outer corners, clockwise from its own top-left."),
	}, "index", "total", "version", "ec", "points")
	result := object(map[string]any{
		"text":         typ("string", "The content as text."),
		"bytes_base64": typ("string", "The content's bytes before any charset guess, in base64."),
		"version":      typ("integer", "Symbol version, 1 to 40; for a structured-append sequence, its first symbol's."),
		"ec":           ecSchema,
		"points":       corners("The symbol's four outer corners, clockwise from its own top-left; for a sequence, its first symbol's."),
		"kind":         typ("string", "The payload kind recognised from the text; text when none claims it."),
		"fields":       map[string]any{"type": "object", "additionalProperties": map[string]any{"type": "string"}, "description": "That kind's fields read back from the text."},
		"parts":        array(part, "Only for a structured-append sequence joined into one result: each symbol found, in sequence order."),
		"notes": array(object(map[string]any{
			"field":  typ("string", "The field concerned; absent when the note is about the text as a whole."),
			"reason": typ("string", "What was read differently, and why."),
		}, "reason"), "What the text held that the kind's builder would not write (a value left out, an unusual form); absent when nothing."),
	}, "text", "bytes_base64", "version", "ec", "points", "kind", "fields")
	return object(map[string]any{
		"count":   typ("integer", "How many codes were found."),
		"results": array(result, "Every code found, in reading order."),
	}, "count", "results")
}

func verifyOutput() map[string]any {
	return object(map[string]any{
		"scannable":  typ("boolean", "Decoded exactly, also through the camera model, dark on light with enough contrast."),
		"decoded":    typ("boolean", "The rendered image decodes to exactly the data."),
		"camera":     typ("boolean", "It still decodes after the phone-camera model (blur, noise, about 2.5 pixels a module)."),
		"version":    typ("integer", "Symbol version."),
		"ec":         ecSchema,
		"contrast":   typ("number", "WCAG contrast ratio of foreground to background, 1 to 21."),
		"quiet_zone": typ("integer", "Quiet zone in modules."),
		"warnings":   array(typ("string", ""), "Plain words; empty when there is nothing to say."),
	}, "scannable", "decoded", "camera", "version", "ec", "contrast", "quiet_zone", "warnings")
}

func batchOutput() map[string]any {
	item := object(map[string]any{
		"id":      typ("string", "The item's id."),
		"url":     typ("string", "output url: the absolute URL that renders the code."),
		"data":    typ("string", "output base64: the PNG as a data URI."),
		"svg":     typ("string", "output svg: the SVG markup."),
		"matrix":  typ("object", "output json: the module matrix, as format=json gives it."),
		"payload": typ("string", "The text encoded."),
		"error":   problemSchema,
	})
	return object(map[string]any{
		"count": typ("integer", "How many items were sent."),
		"items": array(item, "One result per item, in request order; a failed item carries error."),
	}, "count", "items")
}

func sizeOutput() map[string]any {
	return object(map[string]any{
		"version":         typ("integer", "The symbol version the data needs."),
		"ec":              ecSchema,
		"modules":         typ("integer", "Modules per side, quiet zone excluded."),
		"distance_m":      typ("number", "The scanning distance used, in metres."),
		"dpi":             typ("integer", "The resolution of the pixel figures."),
		"module_mm":       typ("number", "One module's side in mm."),
		"symbol_mm":       typ("number", "The code without its quiet zone, in mm: the rule's width rounded up to whole pixels a module."),
		"min_size_mm":     typ("number", "The width to print: the code with its 4-module quiet zone, in mm."),
		"module_px":       typ("integer", "Whole pixels per module at dpi."),
		"min_size_px":     typ("integer", "The size= to ask for, quiet zone included."),
		"rule":            typ("string", "The rule that decided the size, with the least width it asks for."),
		"print":           typ("string", "What to do, in one sentence: the width to print, quiet zone included, in mm and pixels."),
		"recommended_url": typ("string", "A PNG call at min_size_px, when data is given and it fits 4096 px."),
	}, "version", "ec", "modules", "distance_m", "dpi", "module_mm", "symbol_mm", "min_size_mm", "module_px", "min_size_px", "rule", "print")
}
