package tools

import (
	"context"
	_ "embed"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"qrkeyless/core/batch"
	"qrkeyless/core/params"
	"qrkeyless/core/payload"
	"qrkeyless/core/sheet"
	"qrkeyless/core/size"
	"qrkeyless/internal/jsonschema"
)

// The resources say once what the tool schemas leave out (schema.go): a
// model reads one when it needs it, and pays for none before. Each is
// JSON, written from the tables the REST API reads.

// The resources' URIs.
const (
	KindsURI      = "qr://kinds"
	ParametersURI = "qr://parameters"
	PresetsURI    = "qr://presets"
	ViewURI       = "ui://qrkeyless/view.html"
)

// ViewMIMEType is the MIME type of an MCP App's view (the ext-apps
// specification of 2026-01-26, "UI Resource Format").
const ViewMIMEType = "text/html;profile=mcp-app"

// Resources returns the resources: the kinds, each kind, the parameters
// and the chat's view.
func Resources() []server.ServerResource {
	rs := []server.ServerResource{
		jsonResource(KindsURI, "kinds", "The typed kinds: name, title and fields (* required) of each; qr://kinds/<name> has a kind's full schema.", kinds),
		jsonResource(ParametersURI, "parameters", "Every parameter of every tool, with its type, bounds, choices, default and meaning: the REST query parameters.", parameters),
		jsonResource(PresetsURI, "presets", "The named looks preset takes: name, title, what each is for and the parameters it sets (any given with the call wins).", presets),
	}
	for _, k := range payload.All() {
		rs = append(rs, jsonResource(KindsURI+"/"+k.Name, k.Name, k.Title+": the fields of qr_generate_typed's fields, as a JSON Schema.",
			func() any { return k.Schema() }))
	}
	view := mcp.NewResource(ViewURI, "view", mcp.WithResourceDescription("The code drawn in the chat, restyled there: the MCP App view of qr_generate, qr_generate_typed and qr_inspect."),
		mcp.WithMIMEType(ViewMIMEType))
	view.Meta = &mcp.Meta{AdditionalFields: map[string]any{"ui": viewMeta}}
	rs = append(rs, server.ServerResource{Resource: view, Handler: func(context.Context, mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
		return []mcp.ResourceContents{mcp.TextResourceContents{URI: ViewURI, MIMEType: ViewMIMEType, Text: viewPage(), Meta: map[string]any{"ui": viewMeta}}}, nil
	}})
	return rs
}

// Templates returns the resource template of a kind's schema, for the
// clients that read templates rather than the list.
func Templates() []server.ServerResourceTemplate {
	t := mcp.NewResourceTemplate(KindsURI+"/{kind}", "kind", mcp.WithTemplateDescription("A kind's fields as a JSON Schema, e.g. qr://kinds/wifi."),
		mcp.WithTemplateMIMEType("application/json"))
	return []server.ServerResourceTemplate{{Template: t, Handler: func(_ context.Context, r mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
		name := strings.TrimPrefix(r.Params.URI, KindsURI+"/")
		k, ok := payload.Lookup(name)
		if !ok {
			return nil, fmt.Errorf("no kind %q: qr://kinds lists them", name)
		}
		return []mcp.ResourceContents{mcp.TextResourceContents{URI: r.Params.URI, MIMEType: "application/json", Text: string(marshal(k.Schema()))}}, nil
	}}}
}

// jsonResource is a resource whose text is the JSON of value().
func jsonResource(uri, name, description string, value func() any) server.ServerResource {
	r := mcp.NewResource(uri, name, mcp.WithResourceDescription(description), mcp.WithMIMEType("application/json"))
	return server.ServerResource{Resource: r, Handler: func(context.Context, mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
		return []mcp.ResourceContents{mcp.TextResourceContents{URI: uri, MIMEType: "application/json", Text: string(marshal(value()))}}, nil
	}}
}

// Kind is a kind as qr://kinds lists it.
type Kind struct {
	Name   string `json:"name"`
	Title  string `json:"title"`
	Fields string `json:"fields"` // e.g. "ssid*, password (secret), security WPA|WEP|nopass"
	URI    string `json:"uri"`
}

func kinds() any {
	var out []Kind
	for _, k := range payload.All() {
		out = append(out, Kind{Name: k.Name, Title: k.Title, Fields: fieldsLine(k), URI: KindsURI + "/" + k.Name})
	}
	return out
}

// fieldsLine lists k's fields in one line: * marks a required field, |
// separates allowed values, a format is given in parentheses.
func fieldsLine(k *payload.Kind) string {
	var b strings.Builder
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
	return b.String()
}

// presets is qr://presets: every preset and its parameters.
func presets() any {
	type preset struct {
		Name   string            `json:"name"`
		Title  string            `json:"title"`
		Help   string            `json:"help"`
		Params map[string]string `json:"params"`
	}
	list := make([]preset, len(params.Presets))
	for i, p := range params.Presets {
		list[i] = preset{p.Name, p.Title, p.Help, p.Params()}
	}
	return list
}

// parameters is qr://parameters: for each tool, every argument it takes,
// with the REST description of each and the names it also answers to.
func parameters() any {
	withAliases := func(ps []params.Param) jsonschema.Schema {
		props := jsonschema.Schema{}
		for _, p := range ps {
			s := p.Schema()
			if len(p.Aliases) > 0 {
				s["aliases"] = p.Aliases
			}
			props[p.Name] = s
		}
		return props
	}
	rendering := withAliases(params.Shared)
	sealed := jsonschema.Text("An earlier result's structuredContent.sealed: the call's secrets, sealed by the service, put back in their place.")
	return map[string]any{
		"rendering": map[string]any{
			"tools":      "qr_generate, qr_generate_typed, qr_verify (all but format), qr_batch's style and each item's style (all but format)",
			"parameters": rendering,
		},
		"qr_generate": jsonschema.Schema{
			"data": params.Data.Schema(), "verify": jsonschema.Text(params.Verify.Help), "sealed": sealed,
		},
		"qr_generate_typed": jsonschema.Schema{
			"type":   jsonschema.Text("The kind: one of qr://kinds."),
			"fields": jsonschema.Text("The kind's fields, an object of strings: qr://kinds/<type>."),
			"verify": jsonschema.Text(params.Verify.Help), "sealed": sealed,
		},
		"qr_verify": jsonschema.Schema{"data": params.Data.Schema()},
		"qr_batch": jsonschema.Schema{
			"output": jsonschema.Schema{"type": "string", "enum": batch.Outputs, "default": batch.Outputs[0],
				"description": "url: each code's REST URL; base64: a PNG data URI; svg; json: the module matrix; zip: one PNG an item; sheet: a PDF of labels."},
			"items": jsonschema.Text(fmt.Sprintf("1 to %d items, each {id, data} or {id, type, fields}, with an optional style.", batch.MaxItems)),
			"sheet": jsonschema.Schema{"type": "object", "properties": withAliases(sheet.Params),
				"description": "output sheet: the label sheet's layout. Left out: A4 labels of Avery L7160 (3 x 7)."},
		},
		"qr_size_recommend": withAliases(size.Params()),
		"qr_inspect":        jsonschema.Schema{"overlay": jsonschema.Schema{"type": "boolean", "default": true, "description": "false leaves out the overlay image."}},
	}
}
