package tools

import (
	"maps"
	"slices"

	"qrkeyless/core/batch"
	"qrkeyless/core/inspect"
	"qrkeyless/core/params"
	"qrkeyless/core/scan"
	"qrkeyless/core/size"
	"qrkeyless/internal/jsonschema"
)

// The input schemas show the common call and no more: every model reads
// tools/list before its first call, so each schema costs every
// conversation its tokens (the budget is in bench/targets.mk and
// e2e/mcp/cost.mjs holds tools/list to it). The rest of what the REST
// API takes is accepted all the same, by the same parser, and described
// once, in the resources of resources.go: qr://parameters for every
// parameter, qr://kinds for the kinds and their fields.
//
// None has anyOf, oneOf or allOf at the top level: some model APIs refuse
// tool schemas that do, so "this or that" is said in descriptions instead.
// None says additionalProperties false: the parameters it does not list
// are as much a part of the tool as those it does.

type schema = jsonschema.Schema

var (
	object = jsonschema.Object
	str    = jsonschema.Text
)

// common are the rendering parameters a schema shows, by name, in this
// order: those people change on nearly every code.
var common = []params.Param{params.Format, params.Size, params.Color, params.BG, params.Style, params.Eye,
	params.EC, params.Frame, params.FrameText}

// short is a parameter's schema in a tool: its type, enum and bounds,
// and the description tools.json gives it where that is shorter than its
// REST help.
func short(p params.Param) schema {
	s := p.Schema()
	delete(s, "default")
	delete(s, "examples")
	if d := texts().Params[p.Name]; d != "" {
		s["description"] = d
	}
	return s
}

// rendering is the common rendering parameters as properties, but the
// omitted ones.
func rendering(omit ...string) schema {
	props := schema{}
	for _, p := range common {
		if !slices.Contains(omit, p.Name) {
			props[p.Name] = short(p)
		}
	}
	// A preset's names are in qr://presets with what each sets: an enum
	// here would cost every conversation their tokens.
	props[params.PresetP.Name] = str(texts().Params[params.PresetP.Name])
	return props
}

// kindProps are the properties that name a typed payload: its kind and
// its fields, each described in qr://kinds.
func kindProps() schema {
	return schema{
		"type":   str(texts().Params["type"]),
		"fields": jsonschema.Map(schema{"type": "string"}, texts().Params["fields"]),
	}
}

func generateInput() schema {
	props := rendering()
	props[params.Data.Name] = str(texts().Params["data"])
	props[params.Verify.Name] = schema{"type": "boolean", "description": texts().Params["verify"]}
	return object(props, params.Data.Name)
}

func typedInput() schema {
	props := rendering()
	maps.Copy(props, kindProps())
	props[params.Verify.Name] = schema{"type": "boolean", "description": texts().Params["verify"]}
	props[sealedArg] = str(texts().Params[sealedArg])
	return object(props, "type", "fields")
}

func decodeInput() schema {
	return object(schema{"image": str(texts().Params["image"])}, "image")
}

func inspectInput() schema {
	return object(schema{
		"image":   str(texts().Params["image"]),
		"overlay": schema{"type": "boolean", "description": texts().Params["overlay"]},
	}, "image")
}

func verifyInput() schema {
	// verify renders the picture, whatever the format, and judges the
	// code inside its frame.
	props := rendering(params.Format.Name, params.Frame.Name, params.FrameText.Name)
	props[params.Data.Name] = str(texts().Params["data"])
	return object(props, params.Data.Name)
}

// batchInput refers to qr_generate for the rendering parameters of the
// shared style and each item's, rather than repeat them.
func batchInput() schema {
	style := schema{"type": "object", "description": texts().Params["style_object"]}
	item := object(schema{
		"id":    str(texts().Params["id"]),
		"data":  str(texts().Params["data"]),
		"style": style,
	})
	maps.Copy(item["properties"].(schema), kindProps())
	items := jsonschema.Array(item, "")
	items["minItems"], items["maxItems"] = 1, batch.MaxItems
	return object(schema{
		"output": schema{"type": "string", "enum": batch.Outputs},
		"style":  style,
		"sheet":  schema{"type": "object", "description": texts().Params["sheet"]},
		"items":  items,
	}, "items")
}

func sizeInput() schema {
	props := schema{}
	for _, p := range size.Params() {
		props[p.Name] = short(p)
	}
	return object(props)
}

// Output schemas: the client checks structuredContent against them, so
// they are written from the types the answers are made of, kept to the
// top-level members and their types (compact): the members' meanings are
// in the REST description (/openapi.json), not in every conversation.

func generateOutput() schema { return compact(jsonschema.ForValue[Summary]()) }

func decodeOutput() schema { return compact(jsonschema.ForValue[scan.Answer]()) }

func verifyOutput() schema { return compact(jsonschema.ForValue[scan.Report]()) }

func inspectOutput() schema { return compact(jsonschema.ForValue[inspect.Report]()) }

func batchOutput() schema { return compact(jsonschema.ForValue[batch.Response]()) }

func sizeOutput() schema { return compact(jsonschema.ForValue[size.Advice]()) }

// compact keeps of an object schema each member's type (an array's,
// without its items' schema), so that it still holds every answer it
// held.
func compact(s schema) schema {
	props := schema{}
	for name, v := range s["properties"].(schema) {
		props[name] = typeOnly(v.(schema))
	}
	return schema{"type": "object", "properties": props}
}

// typeOnly is v's type, or the types of its anyOf.
func typeOnly(v schema) schema {
	if t, ok := v["type"]; ok {
		return schema{"type": t}
	}
	if alts, ok := v["anyOf"].([]any); ok {
		types := []any{}
		for _, a := range alts {
			if t, ok := a.(schema)["type"]; ok {
				types = append(types, t)
			}
		}
		if len(types) == len(alts) {
			return schema{"type": types}
		}
	}
	return schema{}
}
