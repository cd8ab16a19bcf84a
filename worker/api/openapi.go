package api

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"qrkeyless/core/batch"
	"qrkeyless/core/inspect"
	"qrkeyless/core/params"
	"qrkeyless/core/payload"
	"qrkeyless/core/problem"
	"qrkeyless/core/render"
	"qrkeyless/core/scan"
	"qrkeyless/core/sheet"
	"qrkeyless/core/size"
	"qrkeyless/internal/jsonschema"
	"qrkeyless/site/policy"
	"qrkeyless/worker/tools"
)

type obj = map[string]any

// fixedJSON is the description's static part: openapi.json's document
// (info, tags, the fixed headers, responses and JSON-RPC schemas) and, by
// path, what of each route's operations no table says (summaries, fixed
// responses). The code below adds what the registry says: parameters,
// formats, kinds and the schemas of the types the handlers answer with.
//
//go:embed openapi.json
var fixedJSON []byte

// fixed is openapi.json decoded afresh, since the description is built
// by adding to it.
func fixed() (document, operations obj) {
	var f struct{ Document, Operations obj }
	if err := json.Unmarshal(fixedJSON, &f); err != nil {
		panic(err) // openapi.json is part of the program
	}
	return f.Document, f.Operations
}

// openAPI answers GET /openapi.json: OpenAPI 3.1, generated from the
// routes, the parameter tables, the payload registry and the types the
// handlers answer with, like every other list.
// The document is the same for the life of the program: it is built once.
func (s *server) openAPI(w http.ResponseWriter, r *http.Request) {
	s.openAPIOnce.Do(func() { s.openAPIJSON, _ = json.Marshal(s.openAPIDoc()) })
	writeDoc(w, r, "application/json", s.openAPIJSON)
}

// openAPIDoc walks the routes: each carries its own operations (doc),
// keyed by path, over what openapi.json fixes for the path; a route
// without doc is openapi.json's alone. The typed prefix /api/v1/ carries
// one operation per kind, each over openapi.json's part for the prefix.
func (s *server) openAPIDoc() obj {
	doc, ops := fixed()
	paths := doc["paths"].(obj)
	fixedComponents := doc["components"].(obj)
	for k, v := range components() {
		c, _ := fixedComponents[k].(obj)
		fixedComponents[k] = merge(c, v.(obj))
	}
	shared := fixedComponents["responses"].(obj)
	for _, rt := range s.routes {
		byPath := map[string]obj{rt.path: {}}
		if rt.doc != nil {
			byPath = rt.doc()
		}
		for path, op := range byPath {
			fixedOp, ok := ops[path].(obj)
			if !ok { // a prefix's operations (the kinds') share its fixed part
				fixedOp, _ = ops[rt.path].(obj)
			}
			item, _ := paths[path].(obj)
			paths[path] = merge(item, withMethods(rt, merge(fixedOp, op), shared))
		}
	}
	// The browser policy of every answer, said once: on the shared
	// responses (after the HEAD operations copied theirs, which would
	// carry it a hundred times over) and in the description.
	var names []string
	for _, h := range policy.APIHeaders {
		names = append(names, "`"+h.Name+"`")
	}
	for name, r := range shared {
		r := clone(r.(obj))
		h, _ := r["headers"].(obj)
		r["headers"] = policyHeaders(clone(h))
		shared[name] = r
	}
	info := doc["info"].(obj)
	info["description"] = info["description"].(string) + "\n\nEvery answer carries the browser policy " + strings.Join(names, ", ") +
		" (components.headers): an SVG or a problem opened from this origin is a picture or text that runs nothing. The editor's pages carry their own (docs/decisions.md, \"Browser policy\")."
	return doc
}

// withMethods returns the path item for rt: get (and head), or post, as the
// route answers, and options on every route. shared are the responses
// operations refer to by name, whose headers a HEAD answers with.
func withMethods(rt route, op obj, shared obj) obj {
	item := obj{}
	id := op["operationId"].(string)
	for _, m := range rt.methods {
		if post, ok := op["post"].(obj); ok && m == "POST" {
			item["post"] = post // a GET and a POST of one path are two operations
			continue
		}
		get := clone(op)
		delete(get, "post")
		item[strings.ToLower(m)] = get
		if m == "GET" {
			head := obj{"operationId": id + "Head", "summary": "Headers of " + id + " without the body", "tags": op["tags"], "responses": headResponses(op["responses"].(obj), shared)}
			if ps, ok := op["parameters"]; ok {
				head["parameters"] = ps
			}
			item["head"] = head
		}
	}
	allow := strings.Join(rt.allow(), ", ")
	var inPath []obj // a templated path's parameters, which every operation on it declares
	ps, _ := op["parameters"].([]obj)
	for _, p := range ps {
		if p["in"] == "path" {
			inPath = append(inPath, p)
		}
	}
	options := obj{"operationId": id + "Options", "summary": "CORS preflight: " + allow, "tags": op["tags"],
		"responses": obj{"204": obj{"description": "The methods and headers a page may use", "headers": obj{
			"Access-Control-Allow-Methods": obj{"required": true, "schema": obj{"type": "string", "const": allow}},
			"Access-Control-Allow-Headers": obj{"required": true, "schema": obj{"type": "string"}},
			"Access-Control-Max-Age":       obj{"schema": obj{"type": "string"}},
		}}}}
	if inPath != nil {
		options["parameters"] = inPath
	}
	item["options"] = options
	return item
}

// headResponses are a GET's responses without their bodies.
func headResponses(get, shared obj) obj {
	out := obj{}
	for status, v := range get {
		r := v.(obj)
		if name, ok := r["$ref"].(string); ok { // a shared response: its headers, without its body
			r = clone(shared[strings.TrimPrefix(name, "#/components/responses/")].(obj))
		}
		if r["content"] != nil {
			r = clone(r)
			delete(r, "content")
		}
		out[status] = r
	}
	return out
}

// clone copies m's top level.
func clone(m obj) obj {
	out := make(obj, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// ref points at a component.
func ref(kind, name string) obj { return obj{"$ref": "#/components/" + kind + "/" + name} }

// with is a with b's members added, replacing a's.
func with(a, b obj) obj {
	out := clone(a)
	for k, v := range b {
		out[k] = v
	}
	return out
}

// merge is a with b's members added, an object that both have merged
// member by member: openapi.json's part of an operation with the code's.
func merge(a, b obj) obj {
	out := clone(a)
	for k, v := range b {
		x, ok1 := out[k].(obj)
		y, ok2 := v.(obj)
		if ok1 && ok2 {
			v = merge(x, y)
		}
		out[k] = v
	}
	return out
}

// The operations of the fixed routes, as far as tables make them; each
// route of New carries its own (route.doc), keyed by the path OpenAPI
// names it by, and openapi.json holds the rest.

func dataParams() []obj {
	return append([]obj{queryParam(params.Data, true, nil)}, aliasParams(params.Data, nil)...)
}

func generateDoc() map[string]obj {
	return map[string]obj{"/api/v1/qr": {
		"parameters": slices.Concat(dataParams(), []obj{verifyParam()}, sharedParams(nil, nil)),
		"responses":  imageResponses(),
		"post": obj{"requestBody": obj{"content": obj{"application/json": obj{
			"example": obj{"data": "https://example.com", "frame": "banner-bottom", "frame_text": "SCAN ME", "logo": params.LogoExample}}}},
			"responses": imageResponses()}}}
}

func pathDoc() map[string]obj {
	return map[string]obj{"/q/{file}": {
		"description": "The extension chooses the format (" + strings.Join(render.Exts(), ", ") + "); a format parameter that disagrees is a 400. " +
			"The data is the path segment before the last dot, percent-decoded: a client encodes `hello world` as `hello%20world`. " +
			"Without an extension (no dot at all), a command-line client (curl, Wget, HTTPie, xh, or Accept: text/plain) gets format=utf8 and everything else PNG, with Vary: User-Agent, Accept.",
		"parameters": slices.Concat([]obj{{"name": "file", "in": "path", "required": true, "description": "The data, percent-encoded, then a dot and the extension; or the data alone, without a dot",
			"schema": obj{"type": "string", "pattern": `^([^.]+|.+\.(` + strings.Join(render.Exts(), "|") + `))$`}, "example": "hello world.svg"}},
			[]obj{verifyParam()}, sharedParams(nil, []string{params.Format.Name})),
		"responses": imageResponses()}}
}

func verifyDoc() map[string]obj {
	return map[string]obj{"/api/v1/verify": {"parameters": slices.Concat(dataParams(), sharedParams(nil, nil))}}
}

func sizeDoc() map[string]obj {
	return map[string]obj{"/api/v1/size": {"parameters": sizeParams()}}
}

func decodeDoc() map[string]obj {
	return map[string]obj{"/api/v1/decode": {"requestBody": obj{"content": decodeBodies()}}}
}

func inspectDoc() map[string]obj {
	return map[string]obj{"/api/v1/inspect": {
		"description": inspect.Method + " For each code: eight graded parameters, the quiet zone on each side, the module size, version, level, mask, the codewords corrected in each block, and causes with fixes. Where nothing reads: stopped_at (finder, grid, format or codewords) with causes. docs/inspect.md explains the grades.",
		"parameters":  []obj{queryParam(params.Overlay, false, nil)},
		"requestBody": obj{"content": decodeBodies()}}} // and openapi.json's overlay
}

func batchDoc() map[string]obj {
	return map[string]obj{"/api/v1/qr/batch": {"summary": fmt.Sprintf("Generate up to %d codes", batch.MaxItems)}}
}

// typedDoc documents the typed prefix: one operation per kind.
func typedDoc() map[string]obj {
	out := map[string]obj{}
	for _, k := range payload.All() {
		out["/api/v1/"+k.Name] = typedOperation(k)
	}
	return out
}

// cacheHeaders are the headers of an answer kept at the edge and by clients.
func cacheHeaders() obj {
	return obj{"ETag": ref("headers", "ETag"), "Cache-Control": ref("headers", "Cache-Control"), "Referrer-Policy": ref("headers", "Referrer-Policy"), "x-qr-cache": ref("headers", "x-qr-cache")}
}

// policyHeaders adds to headers the browser policy every answer carries
// (site/policy). The description says so on its shared responses (the
// problems) and in its components; written out on every operation's
// answers too, they would add a quarter to its size.
func policyHeaders(headers obj) obj {
	for _, h := range policy.APIHeaders {
		headers[h.Name] = ref("headers", h.Name)
	}
	return headers
}

// imageResponses are a generation endpoint's: the code in its format, with
// the verification headers for when verify=1 asks for them.
func imageResponses() obj {
	content := formatContent(render.Formats)
	headers := cacheHeaders()
	for _, h := range symbolHeaders {
		headers[h.name] = ref("headers", h.name)
	}
	content["application/zip"] = obj{"schema": obj{"type": "string", "format": "binary", "description": "format=zip with parts: one PNG a part"}}
	for _, h := range []string{"x-qr-ec", "x-qr-contrast", "x-qr-verified"} {
		headers[h] = ref("headers", h)
	}
	return obj{"200": obj{"description": "The code in the requested format. A code made from a secret (a wifi password) is sent no-store, no-referrer and without an ETag.",
		"headers": headers, "content": content}, "304": ref("responses", "NotModified")}
}

// formatContent is the content of an answer in one of formats, by content
// type; formats of one type (utf8, ansi, ascii) share its entry.
func formatContent(formats []render.Format) obj {
	content := obj{}
	for _, f := range formats {
		ct, _, _ := strings.Cut(f.ContentType, ";")
		switch {
		case ct == "application/json":
			content[ct] = obj{"schema": obj{"oneOf": []any{ref("schemas", "Matrix"), ref("schemas", "PartsMatrix")}}}
		case content[ct] != nil:
			content[ct].(obj)["schema"].(obj)["description"] = content[ct].(obj)["schema"].(obj)["description"].(string) + " or " + f.Name
		case f.Binary:
			content[ct] = obj{"schema": obj{"type": "string", "format": "binary", "description": "format=" + f.Name}}
		default:
			content[ct] = obj{"schema": obj{"type": "string", "description": "format=" + f.Name}}
		}
	}
	return content
}

// paramSchema is p's value schema for an OpenAPI parameter, whose
// description and example sit on the parameter itself.
func paramSchema(p params.Param) obj {
	sc := p.Schema()
	delete(sc, "description")
	delete(sc, "examples")
	return sc
}

func queryParam(p params.Param, required bool, aliases []string) obj {
	desc := p.Help
	if len(aliases) > 0 {
		desc += " Aliases (deprecated): " + strings.Join(aliases, ", ") + "."
	}
	out := obj{"name": p.Name, "in": "query", "required": required, "description": desc, "schema": paramSchema(p)}
	if p.Example != "" {
		out["example"] = p.Value(p.Example)
	}
	return out
}

// aliasParams declares p's aliases, except those in taken (the names an
// endpoint uses for something else), as deprecated parameters.
func aliasParams(p params.Param, taken []string) []obj {
	var out []obj
	for _, a := range p.Aliases {
		if !slices.Contains(taken, a) {
			out = append(out, obj{"name": a, "in": "query", "deprecated": true, "description": "Alias of " + p.Name + ".", "schema": paramSchema(p)})
		}
	}
	return out
}

// sharedParams documents the rendering parameters with their aliases,
// leaving out the aliases in taken and the parameters in skip. Each is a
// reference to components.parameters, unless an alias is taken (otp's
// type), where its own description must not name that alias.
func sharedParams(taken, skip []string) []obj {
	var out []obj
	for _, p := range params.Shared {
		if slices.Contains(skip, p.Name) || slices.Contains(taken, p.Name) {
			continue
		}
		aliases := slices.DeleteFunc(slices.Clone(p.Aliases), func(a string) bool { return slices.Contains(taken, a) })
		if len(aliases) == len(p.Aliases) {
			out = append(out, ref("parameters", p.Name))
		} else {
			out = append(out, queryParam(p, false, aliases))
		}
		for _, a := range aliases {
			out = append(out, ref("parameters", a))
		}
	}
	return out
}

// sharedComponents are the parameters sharedParams refers to.
func sharedComponents() obj {
	out := obj{}
	for _, p := range params.Shared {
		out[p.Name] = queryParam(p, false, p.Aliases)
		for _, a := range aliasParams(p, nil) {
			out[a["name"].(string)] = a
		}
	}
	return out
}

// verifyParam is verify: a yes or no in any of params.BoolValues' spellings.
func verifyParam() obj {
	p := params.Verify
	return obj{"name": p.Name, "in": "query", "required": false, "description": p.Help,
		"schema": obj{"type": "string", "enum": params.BoolValues, "default": p.Default}, "example": p.Example}
}

// typedOperation documents GET /api/v1/<kind>: its fields as one exploded
// object parameter (each property is a query parameter of its own), so
// that the kind's either/or rules, patterns and formats are the schema's.
func typedOperation(k *payload.Kind) obj {
	var names, taken []string
	for _, fd := range k.Fields {
		names = append(names, fd.Name)
		taken = append(taken, fd.Name)
		if fd.Short != "" {
			taken = append(taken, fd.Short)
		}
	}
	fields := obj{"name": "fields", "in": "query", "style": "form", "explode": true, "required": true,
		"description": "The kind's fields, each a query parameter of its own (" + k.Name + "?" + strings.Join(names, "=...&") + "=...).",
		"schema":      ref("schemas", kindSchemaName(k)), "example": k.Sample()}
	var skip []string
	if k.Symbol != (payload.Symbol{}) { // the standard fixes the symbol: no symbol controls
		for _, p := range params.SymbolParams {
			skip = append(skip, p.Name)
		}
	}
	return obj{"summary": k.Title + ": " + k.Help, "operationId": "typed_" + strings.ReplaceAll(k.Name, "-", "_"),
		"parameters": slices.Concat([]obj{fields, verifyParam()}, sharedParams(taken, skip)),
		"responses":  imageResponses()}
}

// kindSchemaName names k's fields schema among the components: WifiFields.
func kindSchemaName(k *payload.Kind) string {
	var b strings.Builder
	for _, part := range strings.Split(k.Name, "-") {
		b.WriteString(strings.ToUpper(part[:1]) + part[1:])
	}
	return b.String() + "Fields"
}

// fieldsSchema is k's JSON Schema as a query: the same properties and
// rules as /api/v1/types gives, plus each field's short name (wifi's sec)
// as a deprecated alias; without additionalProperties, since the same
// query carries the rendering parameters.
func fieldsSchema(k *payload.Kind) obj {
	sc := obj(clone(k.Schema()))
	delete(sc, "$schema")
	delete(sc, "additionalProperties")
	props := clone(sc["properties"].(map[string]any))
	for _, fd := range k.Fields {
		if fd.Short != "" {
			alias := clone(props[fd.Name].(map[string]any))
			alias["deprecated"] = true
			alias["description"] = "Alias of " + fd.Name + "."
			props[fd.Short] = alias
		}
	}
	sc["properties"] = props
	if req, ok := sc["required"].([]string); ok && len(req) == 0 {
		delete(sc, "required")
	}
	return sc
}

// sizeParams documents GET /api/v1/size from core/size's table, which also
// reads the query and writes the qr_size_recommend tool's schema: each a
// query parameter of its own, none required by itself, since the call
// needs one of data and length (the operation's description says so; an
// either/or rule in a schema is what code generators choke on).
func sizeParams() []obj {
	var out []obj
	for _, p := range size.Params() {
		q := queryParam(p, false, p.Aliases)
		if p.Name == "length" || p.Name == "distance_m" {
			delete(q, "example") // the alternatives of data and medium: the examples make one call
		}
		out = append(append(out, q), aliasParams(p, nil)...)
	}
	return out
}

func decodeBodies() obj {
	out := obj{
		"multipart/form-data": obj{"schema": obj{"type": "object", "required": []string{"file"}, "properties": obj{"file": obj{"type": "string", "format": "binary"}}}},
		"application/json": obj{"schema": obj{"type": "object", "required": []string{"image"}, "additionalProperties": false, "properties": obj{"image": obj{"type": "string",
			"description": "data:image/png;base64,... or bare base64; standard or URL-safe alphabet, padding and line breaks optional"}}},
			"example": obj{"image": string(render.DataURI(examplePNG()))}},
	}
	for _, t := range scan.Types {
		out[t] = obj{"schema": obj{"type": "string", "format": "binary"}}
	}
	return out
}

// mcpDoc documents POST /api/mcp: openapi.json says the rest (JSON-RPC
// errors for what the protocol defines, problem documents for what HTTP
// refuses before it).
func mcpDoc() map[string]obj {
	return map[string]obj{"/api/mcp": {"summary": "MCP tool server (Streamable HTTP, stateless): " + strings.Join(tools.Names(), ", ")}}
}

// inspectReport is the schema of POST /api/v1/inspect's answer. Its
// stopped_at names its constants (x-enum-varnames): oapi-codegen names an
// enum's constants after their values, and "format" would be the type
// Format the format parameter already makes, a client that does not
// compile.
func inspectReport() jsonschema.Schema {
	s := jsonschema.ForValue[inspect.Report]()
	stop := s["properties"].(jsonschema.Schema)["stopped_at"].(jsonschema.Schema)
	var names []string
	for _, v := range stop["enum"].([]string) {
		names = append(names, "StoppedAt"+strings.ToUpper(v[:1])+v[1:])
	}
	stop["x-enum-varnames"] = names
	return s
}

// components are the components tables make; openapi.json has the rest.
func components() obj {
	schemas := obj{
		"Problem":       jsonschema.ForValue[problem.Problem](),
		"Matrix":        jsonschema.ForValue[render.Matrix](),
		"PartsMatrix":   jsonschema.ForValue[render.PartsMatrix](),
		"VerifyReport":  jsonschema.ForValue[scan.Report](),
		"SizeAdvice":    jsonschema.ForValue[size.Advice](),
		"DecodeResult":  jsonschema.ForValue[scan.Answer](),
		"InspectReport": inspectReport(),
		"BatchResults":  jsonschema.ForValue[batch.Response](),
		"Health":        jsonschema.ForValue[healthAnswer](),
		"Types":         jsonschema.ForValue[typesAnswer](),
		"Presets":       jsonschema.ForValue[presetsAnswer](),
		"BatchRequest":  batchRequestSchema(),
		"GenerateBody":  generateBodySchema(),
	}
	for _, k := range payload.All() {
		schemas[kindSchemaName(k)] = fieldsSchema(k)
	}
	headers := obj{"x-qr-ec": obj{"description": "The error correction level (verify=1); none for Micro QR's M1", "schema": obj{"type": "string", "enum": append(params.EC.Enum(), "none")}}}
	for _, h := range symbolHeaders {
		headers[h.name] = obj{"description": h.description, "required": true, "schema": h.schema}
	}
	for _, h := range policy.APIHeaders {
		headers[h.Name] = obj{"description": h.Why, "required": true, "schema": obj{"type": "string", "const": h.Value}}
	}
	return obj{"schemas": schemas, "parameters": sharedComponents(), "headers": headers}
}

// batchRequestSchema is as strict as core/batch's reader: known members
// only, strings as field values, at least one item (openapi.json); here
// what core/batch's tables say: the outputs, the sheet's parameters, the
// bound on items and the kinds.
func batchRequestSchema() obj {
	return obj{"properties": obj{
		"output": obj{"enum": batch.Outputs, "default": batch.Outputs[0]},
		"sheet":  obj{"properties": params.Properties(sheet.Params)},
		"items":  obj{"maxItems": batch.MaxItems, "items": obj{"properties": obj{"type": obj{"enum": payload.Names()}}}}}}
}

// generateBodySchema is the body of POST /api/v1/qr: GET /api/v1/qr's
// parameters (the canonical names; aliases are read too) as JSON fields,
// numbers also as strings; openapi.json says the rest.
func generateBodySchema() obj {
	props := obj{}
	for _, p := range append([]params.Param{params.Data, params.Verify}, params.Shared...) {
		// The default is said in words: a generator (openapi-typescript)
		// makes a member with a default one the caller must send.
		help := p.Help
		if p.Default != "" {
			help += " Default " + p.Default + "."
		}
		sc := paramSchema(p)
		delete(sc, "default")
		switch p.Type {
		case "integer", "number": // 300 or "300"
			sc = obj{"anyOf": []obj{sc, {"type": "string"}}}
		case "boolean":
			sc = jsonschema.Of("boolean", "string", "integer")
		}
		props[p.Name] = with(sc, obj{"description": help})
	}
	return obj{"properties": props}
}
