package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strings"

	"qrkeyless/core/batch"
	"qrkeyless/core/params"
	"qrkeyless/core/payload"
	"qrkeyless/core/render"
	"qrkeyless/core/scan"
	"qrkeyless/core/size"
)

type obj = map[string]any

// openAPI answers GET /openapi.json: OpenAPI 3.1, generated from the
// parameter tables and the payload registry, like every other list.
func (s *server) openAPI(w http.ResponseWriter, r *http.Request) {
	b, _ := json.Marshal(openAPIDoc())
	writeDoc(w, r, "application/json", b)
}

func paramSchema(p params.Param) obj {
	sc := obj{"type": p.Type}
	if p.Type == "integer" {
		sc["minimum"], sc["maximum"] = p.Min, p.Max
	}
	if p.Enum != nil {
		sc["enum"] = p.Enum()
	}
	if p.Default != "" {
		sc["default"] = p.Value(p.Default)
	}
	return sc
}

func queryParam(p params.Param, required bool) obj {
	desc := p.Help
	if len(p.Aliases) > 0 {
		desc += " Aliases: " + strings.Join(p.Aliases, ", ") + "."
	}
	return obj{"name": p.Name, "in": "query", "required": required, "description": desc, "schema": paramSchema(p), "example": p.Value(p.Example)}
}

func sharedParams() []obj {
	var out []obj
	for _, p := range params.Shared {
		out = append(out, queryParam(p, false))
	}
	return out
}

var problemRef = obj{"description": "Problem document with a fix", "content": obj{"application/problem+json": obj{"schema": obj{"$ref": "#/components/schemas/Problem"}}}}

func imageResponses() obj {
	content := obj{}
	for _, f := range render.Formats {
		content[f.ContentType] = obj{"schema": obj{"type": "string", "description": "format=" + f.Name}}
	}
	content["image/svg+xml"] = obj{"schema": obj{"type": "string", "description": "format=svg or svg-tiny"}}
	content["application/json"] = obj{"schema": obj{"$ref": "#/components/schemas/Matrix"}}
	return obj{"200": obj{"description": "The code in the requested format", "content": content}, "304": obj{"description": "Not modified (If-None-Match)"}, "400": problemRef}
}

func jsonResponse(desc, ref string) obj {
	return obj{"description": desc, "content": obj{"application/json": obj{"schema": obj{"$ref": "#/components/schemas/" + ref}}}}
}

func openAPIDoc() obj {
	paths := obj{
		"/api/v1/qr": obj{"get": obj{
			"summary": "Generate a QR code from text", "operationId": "generate",
			"parameters": append([]obj{queryParam(params.Data, true), queryParam(params.Verify, false)}, sharedParams()...),
			"responses":  imageResponses(),
		}},
		"/q/{file}": obj{"get": obj{
			"summary": "Generate a QR code, path style: /q/<percent-encoded data>.<png|svg|json|txt>", "operationId": "generatePath",
			"parameters": append([]obj{{"name": "file", "in": "path", "required": true, "schema": obj{"type": "string"}, "example": "hello%20world.png"}}, sharedParams()...),
			"responses":  imageResponses(),
		}},
		"/api/v1/types": obj{"get": obj{"summary": "Every typed payload kind with its field schema", "operationId": "types",
			"responses": obj{"200": obj{"description": "The kinds", "content": obj{"application/json": obj{"schema": obj{"type": "object"}}}}}}},
		"/api/v1/verify": obj{"get": obj{"summary": "Render, rasterize and decode a code; report whether it scans", "operationId": "verify",
			"parameters": append([]obj{queryParam(params.Data, true)}, sharedParams()...),
			"responses":  obj{"200": jsonResponse("The report", "VerifyReport"), "400": problemRef}}},
		"/api/v1/size": obj{"get": obj{"summary": "How large to print or show a code", "operationId": "size",
			"parameters": sizeParams(),
			"responses":  obj{"200": jsonResponse("The advice", "SizeAdvice"), "400": problemRef}}},
		"/api/v1/decode": obj{"post": obj{"summary": "Decode every QR code in an image", "operationId": "decode",
			"requestBody": obj{"required": true, "content": decodeBodies()},
			"responses":   obj{"200": jsonResponse("The codes found", "DecodeResult"), "400": problemRef, "413": problemRef, "415": problemRef, "422": problemRef}}},
		"/api/v1/qr/batch": obj{"post": obj{"summary": fmt.Sprintf("Generate up to %d codes", batch.MaxItems), "operationId": "batch",
			"requestBody": obj{"required": true, "content": obj{"application/json": obj{"schema": obj{"$ref": "#/components/schemas/BatchRequest"}}}},
			"responses": obj{"200": obj{"description": "Items in request order, or a zip of PNGs for output=zip", "content": obj{
				"application/json": obj{"schema": obj{"type": "object"}}, "application/zip": obj{"schema": obj{"type": "string", "format": "binary"}}}},
				"400": problemRef, "413": problemRef}}},
		"/api/mcp": obj{"post": obj{"summary": "MCP tool server (Streamable HTTP, stateless): qr_generate, qr_generate_typed, qr_decode, qr_verify, qr_batch, qr_size_recommend", "operationId": "mcp",
			"requestBody": obj{"content": obj{"application/json": obj{"schema": obj{"type": "object", "description": "JSON-RPC 2.0"}}}},
			"responses":   obj{"200": obj{"description": "JSON-RPC response, as JSON or text/event-stream"}}}},
	}
	for _, k := range payload.All() {
		ps := []obj{}
		for _, fd := range k.Fields {
			sc := obj{"type": "string"}
			if len(fd.Enum) > 0 {
				sc["enum"] = append(slices.Clone(fd.Enum), fd.Aliases...)
			}
			desc := fd.Label
			if fd.Help != "" {
				desc += ": " + fd.Help
			}
			if fd.Secret {
				desc += " Secret: the answer is not cached."
			}
			p := obj{"name": fd.Name, "in": "query", "required": fd.Required, "description": desc, "schema": sc}
			if fd.Example != "" {
				p["example"] = fd.Example
			}
			ps = append(ps, p)
		}
		ps = append(append(ps, queryParam(params.Verify, false)), sharedParams()...)
		paths["/api/v1/"+k.Name] = obj{"get": obj{"summary": k.Title + ": " + k.Help, "operationId": "typed_" + strings.ReplaceAll(k.Name, "-", "_"),
			"tags": []string{"typed"}, "parameters": ps, "responses": imageResponses()}}
	}
	str := obj{"type": "string"}
	return obj{
		"openapi": "3.1.0",
		"info": obj{"title": "Keyless QR code service", "version": "1.0.0",
			"description": "QR codes with no key, no signup, no watermark, nothing stored. Every 4xx is a problem document whose fix is a corrected call."},
		"servers": []obj{{"url": "/"}},
		"paths":   paths,
		"components": obj{"schemas": obj{
			"Problem": obj{"type": "object", "required": []string{"type", "title", "status", "detail", "fix"}, "properties": obj{
				"type": str, "title": str, "status": obj{"type": "integer"}, "detail": str, "field": str, "fix": obj{"type": "string", "description": "A corrected call, or one sentence of instruction"},
				"allowed": obj{"type": "array", "items": str}}},
			"Matrix": obj{"type": "object", "properties": obj{"version": obj{"type": "integer"}, "ec": str, "mask": obj{"type": "integer"},
				"size": obj{"type": "integer"}, "margin": obj{"type": "integer"}, "modules": obj{"type": "array", "items": obj{"type": "array", "items": obj{"type": "integer", "enum": []int{0, 1}}}}}},
			"VerifyReport": obj{"type": "object", "properties": obj{"scannable": obj{"type": "boolean"}, "decoded": obj{"type": "boolean"}, "camera": obj{"type": "boolean"},
				"version": obj{"type": "integer"}, "ec": str, "contrast": obj{"type": "number"}, "quiet_zone": obj{"type": "integer"}, "warnings": obj{"type": "array", "items": str}}},
			"SizeAdvice":   obj{"type": "object"},
			"DecodeResult": decodeResultSchema(),
			"BatchRequest": obj{"type": "object", "required": []string{"items"}, "properties": obj{
				"output": obj{"type": "string", "enum": batch.Outputs, "default": batch.Outputs[0]},
				"style":  obj{"type": "object", "description": "Shared rendering parameters by their query names"},
				"items": obj{"type": "array", "maxItems": batch.MaxItems, "items": obj{"type": "object", "properties": obj{
					"id": str, "data": str, "type": obj{"type": "string", "enum": kindNames()}, "fields": obj{"type": "object"}, "style": obj{"type": "object"}}}}}},
		}},
	}
}

// sizeParams documents GET /api/v1/size from core/size's table, which also
// reads the query and writes the qr_size_recommend tool's schema.
func sizeParams() []obj {
	var out []obj
	for _, p := range size.Params() {
		out = append(out, queryParam(p, false))
	}
	return out
}

// decodeResultSchema describes scan.Answer.
func decodeResultSchema() obj {
	str, integer := obj{"type": "string"}, obj{"type": "integer"}
	ec := obj{"type": "string", "enum": params.EC.Enum()}
	corners := obj{"type": "array", "minItems": 4, "maxItems": 4, "description": "Four outer corners [x, y] in image pixels, clockwise from the symbol's top-left",
		"items": obj{"type": "array", "minItems": 2, "maxItems": 2, "items": obj{"type": "number"}}}
	part := obj{"type": "object", "properties": obj{"index": integer, "total": integer, "version": integer, "ec": ec, "points": corners}}
	result := obj{"type": "object", "required": []string{"text", "bytes_base64", "version", "ec", "points", "kind", "fields"}, "properties": obj{
		"text": str, "bytes_base64": str, "version": integer, "ec": ec, "points": corners, "kind": str,
		"fields": obj{"type": "object", "additionalProperties": str},
		"parts":  obj{"type": "array", "items": part, "description": "Only for a structured-append sequence joined into one result (version, ec and points are then its first symbol's): each symbol found, in order"},
		"notes": obj{"type": "array", "description": "What the text held that the kind's builder would not write (a value left out, an unusual form); absent when nothing",
			"items": obj{"type": "object", "required": []string{"reason"}, "properties": obj{"field": str, "reason": str}}}}}
	return obj{"type": "object", "properties": obj{"count": integer, "results": obj{"type": "array", "items": result}}}
}

func decodeBodies() obj {
	out := obj{
		"multipart/form-data": obj{"schema": obj{"type": "object", "properties": obj{"file": obj{"type": "string", "format": "binary"}}}},
		"application/json": obj{"schema": obj{"type": "object", "properties": obj{"image": obj{"type": "string",
			"description": "data:image/png;base64,... or bare base64; standard or URL-safe alphabet, padding and line breaks optional"}}}},
	}
	for _, t := range scan.Types {
		out[t] = obj{"schema": obj{"type": "string", "format": "binary"}}
	}
	return out
}

func kindNames() []string {
	var names []string
	for _, k := range payload.All() {
		names = append(names, k.Name)
	}
	sort.Strings(names)
	return names
}
