package tools

import (
	"slices"
	"strings"

	"qrkeyless/core/batch"
	"qrkeyless/core/inspect"
	"qrkeyless/core/params"
	"qrkeyless/core/payload"
	"qrkeyless/core/scan"
	"qrkeyless/core/sheet"
	"qrkeyless/core/size"
	"qrkeyless/internal/jsonschema"
)

// The input schemas are read from the tables the REST API parses with
// (params.Shared, params.Data, the payload registry, batch.Outputs,
// size.Params), so a parameter added there reaches the tools too.
// None has anyOf, oneOf or allOf at the top level: some model APIs refuse
// tool schemas that do, so "this or that" is said in descriptions instead.

type schema = jsonschema.Schema

var (
	object = jsonschema.Object
	array  = jsonschema.Array
	str    = jsonschema.Text
)

// rendering returns the shared rendering parameters as properties, but the
// omitted ones.
func rendering(omit ...string) schema {
	props := schema{}
	for _, p := range params.Shared {
		if !slices.Contains(omit, p.Name) {
			props[p.Name] = p.Schema()
		}
	}
	return props
}

func generateInput() schema {
	props := rendering()
	props[params.Data.Name] = params.Data.Schema()
	format := props[params.Format.Name].(schema)
	format["description"] = "Output format. The result always holds the PNG image; any other format adds its body as text."
	return object(props, params.Data.Name)
}

func typedInput() schema {
	props := rendering()
	props["type"] = schema{"type": "string", "enum": payload.Names(), "description": "The payload kind; its fields are listed under fields."}
	props["fields"] = schema{"type": "object", "additionalProperties": schema{"type": "string"}, "description": fieldsHelp()}
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

func decodeInput() schema {
	return object(schema{
		"image": str("A PNG, JPEG, GIF or WebP file as base64, or as a data URI (data:image/png;base64,...). At most 16 MiB."),
	}, "image")
}

func inspectInput() schema {
	return object(schema{
		"image":   str("A picture of a QR code: a PNG, JPEG, GIF or WebP file as base64, or as a data URI (data:image/png;base64,...). At most 16 MiB."),
		"overlay": schema{"type": "boolean", "default": true, "description": "false leaves out the overlay image (the picture with what was found marked)."},
	}, "image")
}

func verifyInput() schema {
	props := rendering(params.Format.Name) // verify renders the picture, whatever the format
	props[params.Data.Name] = params.Data.Schema()
	return object(props, params.Data.Name)
}

func batchInput() schema {
	style := object(rendering(params.Format.Name))
	style["description"] = "Rendering parameters shared by every item (output decides the format)."
	itemStyle := object(rendering(params.Format.Name))
	itemStyle["description"] = "Rendering parameters of this item, over the shared ones."
	item := object(schema{
		"id":     str("Your label for the item, echoed in its result and used as its file name in a zip."),
		"data":   str("A plain item: the exact text to encode."),
		"type":   schema{"type": "string", "enum": payload.Names(), "description": "A typed item: the payload kind, as in qr_generate_typed."},
		"fields": schema{"type": "object", "additionalProperties": schema{"type": "string"}, "description": "A typed item's fields, as in qr_generate_typed."},
		"style":  itemStyle,
	})
	item["description"] = "A plain item (data) or a typed item (type and fields)."
	items := array(item, "The codes to render, in order.")
	items["minItems"], items["maxItems"] = 1, batch.MaxItems
	sheetObj := object(params.Properties(sheet.Params))
	sheetObj["description"] = "output sheet: the label sheet's layout. Left out: A4 labels of Avery L7160 (3 x 7)."
	return object(schema{
		"output": schema{"type": "string", "enum": batch.Outputs, "default": batch.Outputs[0], "description": "The shape of each result."},
		"style":  style,
		"sheet":  sheetObj,
		"items":  items,
	}, "items")
}

func sizeInput() schema { return object(params.Properties(size.Params())) }

// Output schemas: the client checks structuredContent against them, so they
// are written from the types the REST endpoints answer with.

func decodeOutput() schema { return jsonschema.ForValue[scan.Answer]() }

func verifyOutput() schema { return jsonschema.ForValue[scan.Report]() }

func inspectOutput() schema { return jsonschema.ForValue[inspect.Report]() }

func batchOutput() schema { return jsonschema.ForValue[batch.Response]() }

func sizeOutput() schema { return jsonschema.ForValue[size.Advice]() }
