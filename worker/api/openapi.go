package api

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image/color"
	"net/http"
	"slices"
	"sort"
	"strings"

	"qrkeyless/core/batch"
	"qrkeyless/core/inspect"
	"qrkeyless/core/params"
	"qrkeyless/core/payload"
	"qrkeyless/core/problem"
	"qrkeyless/core/qr"
	"qrkeyless/core/render"
	"qrkeyless/core/scan"
	"qrkeyless/core/sheet"
	"qrkeyless/core/size"
	"qrkeyless/internal/jsonschema"
	"qrkeyless/worker/tools"
)

type obj = map[string]any

// openAPI answers GET /openapi.json: OpenAPI 3.1, generated from the
// routes, the parameter tables, the payload registry and the types the
// handlers answer with, like every other list.
// The document is the same for the life of the program: it is built once.
func (s *server) openAPI(w http.ResponseWriter, r *http.Request) {
	s.openAPIOnce.Do(func() { s.openAPIJSON, _ = json.Marshal(s.openAPIDoc()) })
	writeDoc(w, r, "application/json", s.openAPIJSON)
}

// License is the service's licence, as the OpenAPI description, LICENSE and README state it.
const License = "MIT"

// openAPIDoc walks the routes: each carries its own operations (doc),
// keyed by path; the typed prefix /api/v1/ carries one per kind.
func (s *server) openAPIDoc() obj {
	paths := obj{}
	for _, rt := range s.routes {
		for path, op := range rt.doc() {
			paths[path] = withMethods(rt, op)
		}
	}
	// MCP's transport defines GET (a stream of server messages) and DELETE
	// (end a session); a stateless server has neither and says so.
	for _, m := range []string{"get", "delete"} {
		paths["/api/mcp"].(obj)[m] = obj{"operationId": "mcp" + strings.ToUpper(m[:1]) + m[1:], "tags": []string{"mcp"},
			"summary":   "Not offered: the server is stateless, with no stream to listen on and no session to end",
			"responses": obj{"405": ref("responses", "MethodNotAllowed"), "default": ref("responses", "Problem")}}
	}
	return obj{
		"openapi": "3.1.0",
		"info": obj{"title": "Keyless QR code service", "version": "1.0.0",
			"license": obj{"name": License, "identifier": License},
			"description": "QR codes with no key, no signup, no watermark, nothing stored.\n\n" +
				"Every 4xx is a problem document (application/problem+json, schema Problem) whose `fix` is a corrected call. " +
				"A path not listed here answers 404 and a method not listed 405 (with Allow), both as problem documents. " +
				"Every route answers OPTIONS (CORS preflight, 204) and HEAD where it answers GET.\n\n" +
				"Enum values are matched case-insensitively (`format=PNG` is `format=png`); the lists give the canonical spelling. " +
				"A parameter marked deprecated is an alias of the one its description names; give one spelling, not both. " +
				"An empty value (`color=`) means the parameter's default. Parameters the service does not know are ignored " +
				"(links carry tracking parameters), except near misses of a known name (`sise=`), which are a 400 naming it.\n\n" +
				"Fair use: a client that sends too many requests gets 429 with Retry-After; codes are cacheable forever (ETag, immutable)."},
		"servers":  []obj{{"url": "/"}},
		"security": []obj{}, // keyless: no scheme, on every operation
		"tags": []obj{
			{"name": "generate", "description": "Codes from text"},
			{"name": "typed", "description": "Codes from a typed payload's fields, built exactly as scanners expect"},
			{"name": "read", "description": "Decode, verify and size advice"},
			{"name": "discovery", "description": "What the service offers, for people and agents"},
			{"name": "mcp", "description": "The MCP tool server"},
			{"name": "compatibility", "description": "The URLs of goQR, QuickChart and the Google Chart API, answered as they are"},
		},
		"paths":      paths,
		"components": components(),
	}
}

// withMethods returns the path item for rt: get (and head), or post, as the
// route answers, and options on every route.
func withMethods(rt route, op obj) obj {
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
			head := obj{"operationId": id + "Head", "summary": "Headers of " + id + " without the body", "tags": op["tags"], "responses": headResponses(op["responses"].(obj))}
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
func headResponses(get obj) obj {
	out := obj{}
	for status, v := range get {
		r := v.(obj)
		if name, ok := r["$ref"].(string); ok { // a shared response: its headers, without its body
			r = clone(sharedResponses()[strings.TrimPrefix(name, "#/components/responses/")].(obj))
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

// problems are the problem responses of an operation, by status: every
// operation also has 429 (fair use) and a default problem.
func problems(statuses ...string) obj {
	out := obj{"429": ref("responses", "TooManyRequests"), "default": ref("responses", "Problem")}
	for _, s := range statuses {
		if s == "422 would-not-scan" { // a branded code that fails verification
			out["422"] = ref("responses", "WouldNotScan")
			continue
		}
		out[s] = ref("responses", problemNames[s])
	}
	return out
}

// generated are the problem statuses of a generation endpoint: a 422 when
// a branded code would not scan.
var generated = []string{"400", "422 would-not-scan"}

var problemNames = map[string]string{"400": "BadRequest", "403": "Forbidden", "405": "MethodNotAllowed", "413": "TooLarge", "415": "UnsupportedMediaType", "422": "NoCodeFound"}

func with(a, b obj) obj {
	out := clone(a)
	for k, v := range b {
		out[k] = v
	}
	return out
}

// The operations of the fixed routes; each route of New carries its own
// (route.doc), keyed by the path OpenAPI names it by.

func dataParams() []obj {
	return append([]obj{queryParam(params.Data, true, nil)}, aliasParams(params.Data, nil)...)
}

func generateDoc() map[string]obj {
	return map[string]obj{"/api/v1/qr": {"summary": "Generate a QR code from text", "operationId": "generate", "tags": []string{"generate"},
		"description": "A branded code (a gradient, eye colours, a logo, a frame or its text) is verified before it is served; one that would not scan is a 422 whose fix is the nearest call that does.",
		"parameters":  concat(dataParams(), []obj{verifyParam()}, sharedParams(nil, nil)),
		"responses":   with(imageResponses(true), problems(generated...)),
		"post": obj{"summary": "Generate a QR code from a JSON body of the GET parameters", "operationId": "generatePost", "tags": []string{"generate"},
			"description": "The parameters of GET /api/v1/qr as the fields of one JSON object (strings, numbers, booleans), for a logo too large for a URL (up to 256 KiB; the body up to 512 KiB). A fix is written as such a body: POST /api/v1/qr with {...}.",
			"requestBody": obj{"required": true, "content": obj{"application/json": obj{"schema": ref("schemas", "GenerateBody"),
				"example": obj{"data": "https://example.com", "frame": "banner-bottom", "frame_text": "SCAN ME", "logo": params.LogoExample}}}},
			"responses": with(imageResponses(true), problems("400", "413", "415", "422 would-not-scan"))}}}
}

func pathDoc() map[string]obj {
	return map[string]obj{"/q/{file}": {"summary": "Generate a QR code, path style: /q/<percent-encoded data>.<png|svg|json|txt>", "operationId": "generatePath", "tags": []string{"generate"},
		"description": "The extension chooses the format (" + strings.Join(render.Exts(), ", ") + "); a format parameter that disagrees is a 400. " +
			"The data is the path segment before the last dot, percent-decoded: a client encodes `hello world` as `hello%20world`. " +
			"Without an extension (no dot at all), a command-line client (curl, Wget, HTTPie, xh, or Accept: text/plain) gets format=utf8 and everything else PNG, with Vary: User-Agent, Accept.",
		"parameters": concat([]obj{{"name": "file", "in": "path", "required": true, "description": "The data, percent-encoded, then a dot and the extension; or the data alone, without a dot",
			"schema": obj{"type": "string", "pattern": `^([^.]+|.+\.(` + strings.Join(render.Exts(), "|") + `))$`}, "example": "hello world.svg"}},
			[]obj{verifyParam()}, sharedParams(nil, []string{params.Format.Name})),
		"responses": with(imageResponses(true), problems("400"))}}
}

func healthDoc() map[string]obj {
	return map[string]obj{"/api/v1/health": {"summary": "Liveness, and the instance's memory", "operationId": "health", "tags": []string{"discovery"},
		"responses": with(obj{"200": obj{"description": "The service answers", "headers": obj{"Cache-Control": ref("headers", "Cache-Control")},
			"content": jsonContent(ref("schemas", "Health"))}}, problems())}}
}

func typesDoc() map[string]obj {
	return map[string]obj{"/api/v1/types": {"summary": "Every typed payload kind with its field schema", "operationId": "types", "tags": []string{"discovery"},
		"responses": with(docResponses("application/json", ref("schemas", "Types")), problems("400"))}}
}

func verifyDoc() map[string]obj {
	return map[string]obj{"/api/v1/verify": {"summary": "Render, rasterize and decode a code; report whether it scans", "operationId": "verify", "tags": []string{"read"},
		"parameters": concat(dataParams(), sharedParams(nil, nil)),
		"responses":  with(cachedJSON("The report", ref("schemas", "VerifyReport")), problems("400"))}}
}

func sizeDoc() map[string]obj {
	return map[string]obj{"/api/v1/size": {"summary": "How large to print or show a code", "operationId": "size", "tags": []string{"read"},
		"description": "Give data or length (one of them), and distance_m or medium.",
		"parameters":  sizeParams(),
		"responses":   with(cachedJSON("The advice", ref("schemas", "SizeAdvice")), problems("400"))}}
}

func decodeDoc() map[string]obj {
	return map[string]obj{"/api/v1/decode": {"summary": "Decode every QR code in an image", "operationId": "decode", "tags": []string{"read"},
		"requestBody": obj{"required": true, "content": decodeBodies()},
		"responses": with(obj{"200": obj{"description": "The codes found", "headers": obj{"Cache-Control": ref("headers", "Cache-Control")},
			"content": jsonContent(ref("schemas", "DecodeResult"))}}, problems("400", "413", "415", "422"))}}
}

func inspectDoc() map[string]obj {
	bodies := decodeBodies()
	body := bodies["application/json"].(obj)
	schema := body["schema"].(obj)
	props := obj{"overlay": obj{"type": "boolean", "description": "true adds the overlay, as the query's overlay=1 does."}}
	for k, v := range schema["properties"].(obj) {
		props[k] = v
	}
	bodies["application/json"] = obj{"schema": with(schema, obj{"properties": props}), "example": body["example"]}
	return map[string]obj{"/api/v1/inspect": {"summary": "Grade every QR code in a picture (ISO/IEC 15415-style), or say where reading stopped", "operationId": "inspect", "tags": []string{"read"},
		"description": inspect.Method + " For each code: eight graded parameters, the quiet zone on each side, the module size, version, level, mask, the codewords corrected in each block, and causes with fixes. Where nothing reads: stopped_at (finder, grid, format or codewords) with causes. docs/inspect.md explains the grades.",
		"parameters":  []obj{queryParam(params.Overlay, false, nil)},
		"requestBody": obj{"required": true, "content": bodies},
		"responses": with(obj{"200": obj{"description": "The report: a code report for each code read, or where reading stopped", "headers": obj{"Cache-Control": ref("headers", "Cache-Control")},
			"content": jsonContent(ref("schemas", "InspectReport"))}}, problems("400", "413", "415"))}}
}

func batchDoc() map[string]obj {
	return map[string]obj{"/api/v1/qr/batch": {"summary": fmt.Sprintf("Generate up to %d codes", batch.MaxItems), "operationId": "batch", "tags": []string{"generate"},
		"requestBody": obj{"required": true, "content": obj{"application/json": obj{"schema": ref("schemas", "BatchRequest"),
			"example": obj{"output": "url", "items": []obj{{"id": "home", "data": "https://example.com"}, {"type": "wifi", "fields": obj{"ssid": "Cafe Guest", "security": "nopass"}}}}}}},
		"responses": with(obj{"200": obj{"description": "Items in request order; a zip of PNGs for output=zip; a PDF label sheet for output=sheet, on which the items that failed take no label",
			"headers": obj{"Cache-Control": ref("headers", "Cache-Control"), "x-qr-failed": obj{"description": "output=sheet: the indexes (from 0) of the items that failed; output json answers their problems",
				"schema": obj{"type": "string", "pattern": "^[0-9]+(,[0-9]+)*$"}}}, "content": obj{
				"application/json": obj{"schema": ref("schemas", "BatchResults")}, "application/zip": obj{"schema": obj{"type": "string", "format": "binary"}},
				"application/pdf": obj{"schema": obj{"type": "string", "format": "binary"}}}}},
			problems("400", "413", "415"))}}
}

func openAPIOpDoc() map[string]obj {
	return map[string]obj{"/openapi.json": {"summary": "This description", "operationId": "openapi", "tags": []string{"discovery"},
		"responses": with(docResponses("application/json", obj{"type": "object", "required": []string{"openapi", "info", "paths"},
			"properties": obj{"openapi": obj{"type": "string"}, "info": obj{"type": "object"}, "paths": obj{"type": "object"}}}), problems("400"))}}
}

func llmsDoc(full bool) func() map[string]obj {
	if full {
		return func() map[string]obj {
			return map[string]obj{"/llms-full.txt": {"summary": "llms.txt with every field of every kind", "operationId": "llmsFull", "tags": []string{"discovery"},
				"responses": with(docResponses("text/plain", obj{"type": "string"}), problems("400"))}}
		}
	}
	return func() map[string]obj {
		return map[string]obj{"/llms.txt": {"summary": "What the service does, for language models (llms.txt)", "operationId": "llms", "tags": []string{"discovery"},
			"responses": with(docResponses("text/plain", obj{"type": "string"}), problems("400"))}}
	}
}

// typedDoc documents the typed prefix: one operation per kind.
func typedDoc() map[string]obj {
	out := map[string]obj{}
	for _, k := range payload.All() {
		out["/api/v1/"+k.Name] = typedOperation(k)
	}
	return out
}

func concat(lists ...[]obj) []obj {
	var out []obj
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

func jsonContent(schema obj) obj { return obj{"application/json": obj{"schema": schema}} }

// cachedJSON is a 200 that is kept forever, or 304.
func cachedJSON(desc string, schema obj) obj {
	return obj{"200": obj{"description": desc, "headers": cacheHeaders(), "content": jsonContent(schema)}, "304": ref("responses", "NotModified")}
}

// docResponses are a discovery document's: revalidated by ETag.
func docResponses(contentType string, schema obj) obj {
	return obj{"200": obj{"description": "The document, kept for minutes and revalidated by its ETag", "headers": obj{
		"ETag": with(ref("headers", "ETag"), nil), "Cache-Control": ref("headers", "Cache-Control")},
		"content": obj{contentType: obj{"schema": schema}}}, "304": ref("responses", "NotModified")}
}

func cacheHeaders() obj {
	return obj{"ETag": ref("headers", "ETag"), "Cache-Control": ref("headers", "Cache-Control"), "Referrer-Policy": ref("headers", "Referrer-Policy"), "x-qr-cache": ref("headers", "x-qr-cache")}
}

// imageResponses are a generation endpoint's: the code in its format, with
// the verification headers when verify=1 asked for them.
func imageResponses(verify bool) obj {
	content := obj{}
	for _, f := range render.Formats {
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
	headers := cacheHeaders()
	for _, h := range symbolHeaders {
		headers[h.name] = ref("headers", h.name)
	}
	content["application/zip"] = obj{"schema": obj{"type": "string", "format": "binary", "description": "format=zip with parts: one PNG a part"}}
	if verify {
		for _, h := range []string{"x-qr-ec", "x-qr-contrast", "x-qr-verified"} {
			headers[h] = ref("headers", h)
		}
	}
	return obj{"200": obj{"description": "The code in the requested format. A code made from a secret (a wifi password) is sent no-store, no-referrer and without an ETag.",
		"headers": headers, "content": content}, "304": ref("responses", "NotModified")}
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
		var aliases []string
		for _, a := range p.Aliases {
			if slices.Contains(taken, a) {
				continue
			}
			aliases = append(aliases, a)
		}
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
	var taken []string
	for _, fd := range k.Fields {
		taken = append(taken, fd.Name)
		if fd.Short != "" {
			taken = append(taken, fd.Short)
		}
	}
	sample := obj{}
	for name, v := range k.Sample() {
		sample[name] = v
	}
	fields := obj{"name": "fields", "in": "query", "style": "form", "explode": true, "required": true,
		"description": "The kind's fields, each a query parameter of its own (" + k.Name + "?" + strings.Join(fieldNames(k), "=...&") + "=...).",
		"schema":      ref("schemas", kindSchemaName(k)), "example": sample}
	var skip []string
	if k.Symbol != (payload.Symbol{}) { // the standard fixes the symbol: no symbol controls
		for _, p := range params.SymbolParams {
			skip = append(skip, p.Name)
		}
	}
	return obj{"summary": k.Title + ": " + k.Help, "operationId": "typed_" + strings.ReplaceAll(k.Name, "-", "_"), "tags": []string{"typed"},
		"parameters": concat([]obj{fields, verifyParam()}, sharedParams(taken, skip)),
		"responses":  with(imageResponses(true), problems(generated...))}
}

func fieldNames(k *payload.Kind) []string {
	var out []string
	for _, fd := range k.Fields {
		out = append(out, fd.Name)
	}
	return out
}

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
			"example": obj{"image": "data:image/png;base64," + base64.StdEncoding.EncodeToString(examplePNG())}},
	}
	for _, t := range scan.Types {
		out[t] = obj{"schema": obj{"type": "string", "format": "binary"}}
	}
	return out
}

// examplePNG is a code to decode: "https://example.com" at 132 px, four
// pixels a module.
func examplePNG() []byte {
	c, err := qr.Encode(params.Data.Example, qr.M)
	if err != nil {
		panic(err)
	}
	return render.PNG(c, render.Options{Size: 132, Margin: 4, FG: color.NRGBA{A: 255}, BG: color.NRGBA{255, 255, 255, 255}, Style: "square", Eye: "square"})
}

// mcpDoc documents POST /api/mcp: JSON-RPC errors for what the
// protocol defines (a body that is not JSON, not a request, an unknown
// method), problem documents for what HTTP refuses before it.
func mcpDoc() map[string]obj {
	rpc := ref("schemas", "JSONRPCResponse")
	rpcError := obj{"description": "A JSON-RPC error (the body is not JSON, not one JSON-RPC message, or names no method this server has)",
		"content": jsonContent(ref("schemas", "JSONRPCError"))}
	return map[string]obj{"/api/mcp": {"summary": "MCP tool server (Streamable HTTP, stateless): " + strings.Join(tools.Names(), ", "), "operationId": "mcp", "tags": []string{"mcp"},
		"description": "One JSON-RPC message per POST, revisions 2025-11-25 and 2026-07-28. JSON-RPC failures are JSON-RPC error objects " +
			"(400 for a parse error or an invalid request, 404 for an unknown method); a failed tool call is a result with isError. " +
			"HTTP refusals before JSON-RPC (content type, size, a non-local Origin on a loopback server, GET or DELETE) are problem documents.",
		"requestBody": obj{"required": true, "content": obj{"application/json": obj{"schema": ref("schemas", "JSONRPCRequest"),
			"example": obj{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}}}},
		"responses": with(obj{
			"200": obj{"description": "The JSON-RPC response, as JSON or as one event of a text/event-stream, as Accept asks",
				"content": obj{"application/json": obj{"schema": rpc}, "text/event-stream": obj{"schema": obj{"type": "string"}}}},
			"202": obj{"description": "A notification or a response was accepted; no body"},
			"204": obj{"description": "A cancelled or empty exchange; no body"},
			"304": ref("responses", "NotModified"),
			"400": obj{"description": "A JSON-RPC error (the body is not JSON or not one JSON-RPC message; at 2026-07-28, a version, headers or _meta the server refuses), " +
				"or a problem document for a refusal before JSON-RPC (a protocol version header of no revision the server serves)",
				"content": obj{"application/json": obj{"schema": ref("schemas", "JSONRPCError")}, problem.ContentType: obj{"schema": ref("schemas", "Problem")}}},
			"404": rpcError,
		}, problems("403", "413", "415"))}}
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

func components() obj {
	str := obj{"type": "string"}
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
		"BatchRequest":  batchRequestSchema(),
		"GenerateBody":  generateBodySchema(),
		"JSONRPCRequest": obj{"type": "object", "required": []string{"jsonrpc", "method"}, "properties": obj{
			"jsonrpc": obj{"const": "2.0"}, "id": jsonschema.Of("string", "integer"), "method": str, "params": obj{"type": "object"}}},
		"JSONRPCResponse": obj{"type": "object", "required": []string{"jsonrpc", "id"}, "properties": obj{
			"jsonrpc": obj{"const": "2.0"}, "id": jsonschema.Of("string", "integer"), "result": obj{"type": "object"}, "error": ref("schemas", "JSONRPCErrorObject")},
			"oneOf": []obj{{"required": []string{"result"}}, {"required": []string{"error"}}}},
		"JSONRPCError": obj{"type": "object", "required": []string{"jsonrpc", "id", "error"}, "properties": obj{
			"jsonrpc": obj{"const": "2.0"}, "id": jsonschema.Of("string", "integer", "null"), "error": ref("schemas", "JSONRPCErrorObject")}},
		"JSONRPCErrorObject": obj{"type": "object", "required": []string{"code", "message"}, "properties": obj{
			"code": obj{"type": "integer"}, "message": str, "data": obj{}}},
	}
	for _, k := range payload.All() {
		schemas[kindSchemaName(k)] = fieldsSchema(k)
	}
	headers := obj{
		"ETag":            obj{"description": "Strong validator of the body; send it back as If-None-Match for a 304", "schema": str},
		"Cache-Control":   obj{"description": "immutable for a year for a code, minutes for a discovery document, no-store for a problem or a secret", "required": true, "schema": str},
		"Referrer-Policy": obj{"description": "no-referrer on an answer made from a secret, and on problems", "schema": obj{"type": "string", "const": "no-referrer"}},
		"x-qr-cache":      obj{"description": "hit when the edge cache answered, miss when Go did, bypass when the answer is never cached", "schema": obj{"type": "string", "enum": []string{"hit", "miss", "bypass"}}},
		"x-qr-ec":         obj{"description": "The error correction level (verify=1); none for Micro QR's M1", "schema": obj{"type": "string", "enum": append(params.EC.Enum(), "none")}},
		"x-qr-contrast":   obj{"description": "WCAG contrast of the colours, 1 to 21 (verify=1)", "schema": str},
		"x-qr-verified":   obj{"description": "Whether the code scans, as GET /api/v1/verify says (verify=1)", "schema": obj{"type": "string", "enum": []string{"true", "false"}}},
		"Retry-After":     obj{"description": "Seconds to wait", "required": true, "schema": obj{"type": "string", "pattern": "^[0-9]+$"}},
		"Allow":           obj{"description": "The methods the path answers", "required": true, "schema": str},
	}
	for _, h := range symbolHeaders {
		headers[h.name] = obj{"description": h.description, "required": true, "schema": h.schema}
	}
	return obj{
		"schemas":    schemas,
		"responses":  sharedResponses(),
		"parameters": sharedComponents(),
		"headers":    headers,
	}
}

// batchRequestSchema is as strict as core/batch's reader: known members
// only, strings as field values, at least one item.
func batchRequestSchema() obj {
	str := obj{"type": "string"}
	style := jsonschema.Map(jsonschema.Of("string", "number", "boolean"), "Rendering parameters by their query names (size, format, color, ...); values as strings or numbers")
	item := obj{"type": "object", "additionalProperties": false, "properties": obj{
		"id": str, "data": with(str, obj{"description": "Text to encode; or give type and fields"}),
		"type":   obj{"type": "string", "enum": kindNames()},
		"fields": obj{"type": "object", "additionalProperties": str, "description": "The kind's fields, as GET /api/v1/<type> takes them"},
		"style":  style},
		"oneOf": []obj{{"required": []string{"data"}}, {"required": []string{"type", "fields"}}}}
	layout := obj{}
	for _, p := range sheet.Params {
		layout[p.Name] = p.Schema()
	}
	return obj{"type": "object", "required": []string{"items"}, "additionalProperties": false, "properties": obj{
		"output": obj{"type": "string", "enum": batch.Outputs, "default": batch.Outputs[0]},
		"style":  style,
		"sheet": obj{"type": "object", "additionalProperties": false, "properties": layout,
			"description": "output sheet: the label sheet's layout (left out: A4 labels of Avery L7160, 3 x 7)"},
		"items": obj{"type": "array", "minItems": 1, "maxItems": batch.MaxItems, "items": item}}}
}

// generateBodySchema is the body of POST /api/v1/qr: GET /api/v1/qr's
// parameters (the canonical names; aliases are read too) as JSON fields,
// numbers also as strings.
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
	return obj{"type": "object", "required": []string{params.Data.Name}, "properties": props,
		"additionalProperties": jsonschema.Of("string", "number", "boolean"),
		"description":          "Fields the service does not know are ignored, except near misses of a known name, as in a query."}
}

func kindNames() []string {
	var names []string
	for _, k := range payload.All() {
		names = append(names, k.Name)
	}
	sort.Strings(names)
	return names
}

// sharedResponses are the responses operations refer to by name.
func sharedResponses() obj {
	problemJSON := func(desc string) obj {
		return obj{"description": desc, "headers": obj{"Cache-Control": ref("headers", "Cache-Control")},
			"content": obj{problem.ContentType: obj{"schema": ref("schemas", "Problem")}}}
	}
	return obj{
		"Problem":              problemJSON("A problem document: what went wrong and a corrected call"),
		"BadRequest":           problemJSON("A parameter or the body is wrong; fix is a corrected call"),
		"Forbidden":            problemJSON("Refused: a loopback server answers only local names and origins"),
		"MethodNotAllowed":     with(problemJSON("The path does not answer this method"), obj{"headers": obj{"Allow": ref("headers", "Allow"), "Cache-Control": ref("headers", "Cache-Control")}}),
		"TooLarge":             problemJSON("The body or the work it asks for is over a limit; fix says what fits"),
		"UnsupportedMediaType": problemJSON("The body's Content-Type is not one this endpoint reads"),
		"NoCodeFound":          problemJSON("The image holds no readable QR code"),
		"WouldNotScan":         problemJSON("The branded code would not scan; fix is the nearest call that does (the largest logo_size that scans, one colour for a gradient)"),
		"TooManyRequests":      with(problemJSON("Fair use: too many requests from one client"), obj{"headers": obj{"Retry-After": ref("headers", "Retry-After"), "Cache-Control": ref("headers", "Cache-Control")}}),
		"NotModified":          obj{"description": "Not modified: If-None-Match named the current ETag", "headers": obj{"ETag": ref("headers", "ETag")}},
	}
}
