// Package tools holds the service's seven MCP tools, declared with
// mark3labs/mcp-go's tool API: their input schemas read from the tables
// the REST API reads (schema.go), their output schemas from the types the
// REST endpoints answer with, their titles and descriptions from
// tools.json, and each an adapter over the same core calls as its REST
// endpoint. A bad argument is a tool result holding the
// problem document the REST call would give, never a JSON-RPC error.
// worker/mcp serves them at /api/mcp.
package tools

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"maps"
	"net/url"
	"strconv"
	"strings"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"qrkeyless/core/batch"
	gen "qrkeyless/core/generate"
	"qrkeyless/core/inspect"
	"qrkeyless/core/params"
	"qrkeyless/core/payload"
	"qrkeyless/core/problem"
	"qrkeyless/core/render"
	"qrkeyless/core/request"
	"qrkeyless/core/scan"
	"qrkeyless/core/size"
	"qrkeyless/core/verify"
)

// call is the body of a tool: its arguments in, a result or the problem
// with them out.
type call func(ctx context.Context, args map[string]any) (*mcp.CallToolResult, *problem.Problem)

// All returns the seven tools. limits bound the images qr_decode and
// qr_inspect take, as they bound POST /api/v1/decode and /api/v1/inspect;
// seal makes and opens the sealed values of the generation tools'
// results (seal.go).
func All(limits scan.Limits, seal *Sealer) []server.ServerTool {
	return []server.ServerTool{
		withView(define("qr_generate", generateInput(), generateOutput(), generator(seal, false))),
		withView(define("qr_generate_typed", typedInput(), generateOutput(), generator(seal, true))),
		define("qr_decode", decodeInput(), decodeOutput(), decoder(limits)),
		withView(define("qr_inspect", inspectInput(), inspectOutput(), inspector(limits))),
		define("qr_verify", verifyInput(), verifyOutput(), verifyTool),
		define("qr_batch", batchInput(), batchOutput(), runBatch),
		define("qr_size_recommend", sizeInput(), sizeOutput(), recommend),
	}
}

// prose is tools.json: what a model reads, kept as data beside the
// schemas and calls the code makes. {max_items} in a description is
// batch.MaxItems, {kinds} in the instructions the number of kinds.
type prose struct {
	Instructions string
	Tools        map[string]struct{ Title, Description string }
	Params       map[string]string // a tool argument's description, by name
}

//go:embed tools.json
var toolsJSON []byte

var texts = sync.OnceValue(func() prose {
	var p prose
	json.Unmarshal(toolsJSON, &p) // tools.json is part of the program: TestToolTexts
	return p
})

// Instructions is the server's instructions to the model: what the tools
// are for and where the rest of the parameters are described.
func Instructions() string {
	return strings.ReplaceAll(texts().Instructions, "{kinds}", strconv.Itoa(len(payload.All())))
}

// Names names the tools.
func Names() []string {
	var names []string
	for _, t := range All(scan.Limits{}, nil) {
		names = append(names, t.Tool.Name)
	}
	return names
}

// define declares a tool, with its title and description from tools.json.
// Every tool only computes: it reads nothing but its arguments, changes
// nothing, and gives the same answer every time.
func define(name string, input, output schema, c call) server.ServerTool {
	title := texts().Tools[name].Title
	description := strings.ReplaceAll(texts().Tools[name].Description, "{max_items}", strconv.Itoa(batch.MaxItems))
	opts := []mcp.ToolOption{mcp.WithDescription(description),
		mcp.WithReadOnlyHintAnnotation(true), mcp.WithDestructiveHintAnnotation(false),
		mcp.WithIdempotentHintAnnotation(true), mcp.WithOpenWorldHintAnnotation(false)}
	if output != nil {
		opts = append(opts, mcp.WithRawOutputSchema(marshal(output)))
	}
	t := mcp.NewToolWithRawSchema(name, description, marshal(input))
	for _, o := range opts {
		o(&t)
	}
	t.Title = title
	return server.ServerTool{Tool: t, Handler: run(c)}
}

// run adapts a call to tools/call: a problem becomes a tool result with
// isError and the problem document as its text, never a JSON-RPC error,
// so that the model reads the fix; the fix is absolute, as the result's
// URL is.
func run(c call) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
		defer func() {
			// A panic is a bug; answer it as one rather than let it end the
			// Worker's Go instance for every request that follows.
			if v := recover(); v != nil {
				res = problemResult(ctx, problem.Internal.New("", fmt.Sprintf("internal error: %v", v), "Report the call; it should have worked or had a problem document."))
			}
		}()
		args, ok := req.Params.Arguments.(map[string]any)
		if req.Params.Arguments != nil && !ok {
			return problemResult(ctx, problem.BadBody.New("", "arguments must be a JSON object", `Send "arguments" as an object, e.g. {"data":"https://example.com"}.`)), nil
		}
		res, p := c(ctx, args)
		if p != nil {
			return problemResult(ctx, request.Scrub(p, flat(args))), nil
		}
		return res, nil
	}
}

// flat is the arguments as one query, a kind's fields included, for
// request.Scrub: whatever argument holds a secret, no problem repeats it.
func flat(args map[string]any) url.Values {
	q := url.Values{}
	for name, v := range args {
		if s, ok := params.Scalar(v); ok {
			q.Add(name, s)
		}
	}
	if fields, ok := args["fields"].(map[string]any); ok {
		for name, v := range fields {
			if s, ok := params.Scalar(v); ok {
				q.Add(name, s)
			}
		}
	}
	return q
}

// problemResult is a tool result with isError holding p, its fix made
// absolute when it is a path of the service.
func problemResult(ctx context.Context, p *problem.Problem) *mcp.CallToolResult {
	if strings.HasPrefix(p.Fix, "/") {
		fixed := *p
		fixed.Fix = originOf(ctx) + p.Fix
		p = &fixed
	}
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{mcp.NewTextContent(string(p.JSON()))}}
}

// briefLimit is the most JSON a result repeats as text: a batch of
// base64 PNGs can be megabytes, which the text part would send twice.
const briefLimit = 64 << 10

// structured returns v as structured content and, for clients that read
// only text, as JSON text; given a summary, a result over briefLimit says
// what the structured content holds instead of repeating it.
func structured(v any, summary string) *mcp.CallToolResult {
	b := marshal(v)
	text := string(b)
	if summary != "" && len(b) > briefLimit {
		text = summary
	}
	return &mcp.CallToolResult{StructuredContent: json.RawMessage(b), Content: []mcp.Content{mcp.NewTextContent(text)}}
}

// query turns tool arguments into the query the REST endpoint would get,
// so that they meet the same parser, aliases and problems.
func query(args map[string]any, skip ...string) (url.Values, *problem.Problem) {
	rest := maps.Clone(args)
	for _, name := range skip {
		delete(rest, name)
	}
	q := url.Values{}
	return q, params.Object(rest, q, func(name string) *problem.Problem {
		return problem.BadValue.New(name, fmt.Sprintf("%s must be a string or a number", name), "Give "+name+" as a string or a number.")
	})
}

// generator returns qr_generate (GET /api/v1/qr as a tool) or, typed,
// qr_generate_typed (GET /api/v1/<type>, the kind's fields given as an
// object beside the rendering parameters). A sealed argument puts back
// the secrets an earlier result sealed.
func generator(seal *Sealer, typed bool) call {
	return func(ctx context.Context, args map[string]any) (*mcp.CallToolResult, *problem.Problem) {
		sealed, isString := args[sealedArg].(string)
		if _, given := args[sealedArg]; given && (!isString || sealed == "") {
			return nil, problem.BadValue.New(sealedArg, "sealed must be the sealed value of an earlier result, a string", sealFix)
		}
		skip := []string{sealedArg}
		if typed {
			skip = append(skip, "type", "fields")
		}
		q, p := query(args, skip...)
		if p != nil {
			return nil, p
		}
		var kind *payload.Kind
		path := "/api/v1/qr"
		if typed {
			if kind, p = typedQuery(args, q); p != nil {
				return nil, p
			}
			path = "/api/v1/" + kind.Name
		}
		if sealed != "" {
			secrets, err := seal.Open(sealed, path)
			if err != nil {
				return nil, problem.BadValue.New(sealedArg, err.Error(), sealFix)
			}
			for name, v := range secrets {
				q[name] = v
			}
		}
		return picture(ctx, request.NewCall(path, q), kind, seal)
	}
}

// sealFix is the fix of a sealed value that does not open.
const sealFix = "Call again with the secret fields themselves in place of sealed."

// typedQuery adds a typed call's fields to q and returns its kind.
func typedQuery(args map[string]any, q url.Values) (*payload.Kind, *problem.Problem) {
	fields, ok := args["fields"].(map[string]any)
	if args["fields"] != nil && !ok {
		return nil, problem.BadValue.New("fields", "fields must be an object of the kind's field names and values",
			`Give "fields" as an object, e.g. {"type":"wifi","fields":{"ssid":"Home","password":"..."}}.`)
	}
	if p := params.Object(fields, q, func(f string) *problem.Problem {
		return problem.BadValue.New(f, fmt.Sprintf("fields.%s must be a string", f), "Give fields."+f+" as a string.")
	}); p != nil {
		return nil, p
	}
	name, _ := args["type"].(string)
	return gen.KindArg(name, q)
}

// picture renders the call as the REST endpoint it names would: the PNG
// as image content, then the absolute URL of the call (with a note when
// it holds a secret, which the URL leaves out), then the body of any
// format but png: a binary one (PDF) as an embedded resource, the others
// as text. Its structured content is the code's Summary.
func picture(ctx context.Context, call problem.Call, kind *payload.Kind, seal *Sealer) (*mcp.CallToolResult, *problem.Problem) {
	req, p := gen.Read(call, kind)
	if p != nil {
		return nil, p
	}
	f := req.Options.Format
	code, body, p := verify.Make(ctx, req, f)
	if p != nil {
		return nil, p
	}
	sum, p := summarize(ctx, req, code, kind, seal)
	if p != nil {
		return nil, p
	}
	link := sum.URL
	if request.HasSecret(req.Call.Query) {
		link += "\nThe URL carries " + request.SecretPlaceholder + " in place of the secret; put the value back before using it, or keep the image."
	}
	zipped := req.Options.Family.Zip // format=zip: a sequence's parts, one PNG each
	png := body
	if f.Name != "png" || zipped {
		if p := verify.Charge(ctx, req, code.QR, render.Formats[0]); p != nil {
			return nil, p
		}
		png = code.Bytes(render.Formats[0])
	}
	res := &mcp.CallToolResult{StructuredContent: sum, Content: []mcp.Content{
		mcp.NewImageContent(base64.StdEncoding.EncodeToString(png), "image/png"), mcp.NewTextContent(link)}}
	switch {
	case zipped:
		res.Content = append(res.Content, resource("qr-codes.zip", verify.ContentType(f, true), body))
	case f.Name == "png":
	case f.Binary: // an embedded resource, as base64
		res.Content = append(res.Content, resource("qr-code."+f.Ext, f.ContentType, body))
	default:
		res.Content = append(res.Content, mcp.NewTextContent(string(body)))
	}
	return res, nil
}

// resource is a file as an embedded resource, base64.
func resource(uri, mimeType string, body []byte) mcp.EmbeddedResource {
	return mcp.NewEmbeddedResource(mcp.BlobResourceContents{URI: uri, MIMEType: mimeType, Blob: base64.StdEncoding.EncodeToString(body)})
}

// decoder returns qr_decode: POST /api/v1/decode as a tool, with the image
// as base64 text (tool arguments are JSON; MCP has no binary argument).
func decoder(limits scan.Limits) call {
	return func(ctx context.Context, args map[string]any) (*mcp.CallToolResult, *problem.Problem) {
		img, p := imageArg(args["image"])
		if p != nil {
			return nil, p
		}
		codes, err := scan.DecodeBytes(ctx, img, limits)
		if err != nil {
			return nil, scan.Problem(err, "image", imageFix)
		}
		return structured(scan.NewAnswer(codes), ""), nil
	}
}

const imageFix = `Give "image" as the file's bytes in base64, or as a data URI such as data:image/png;base64,iVBORw0KGgo...`

// inspector returns qr_inspect: POST /api/v1/inspect as a tool; the
// overlay (unless overlay is false) comes as image content rather than
// as a data URI in the report.
func inspector(limits scan.Limits) call {
	return func(ctx context.Context, args map[string]any) (*mcp.CallToolResult, *problem.Problem) {
		img, p := imageArg(args["image"])
		if p != nil {
			return nil, p
		}
		overlay := true
		if v, ok := args["overlay"]; ok {
			b, isBool := v.(bool)
			if !isBool {
				return nil, problem.BadValue.New("overlay", "overlay must be true or false", `Give "overlay" as true or false.`)
			}
			overlay = b
		}
		rep, err := inspect.Bytes(ctx, img, limits, overlay)
		if err != nil {
			return nil, scan.Problem(err, "image", imageFix)
		}
		png := rep.OverlayPNG()
		rep.Overlay = ""
		res := structured(rep, "")
		if overlay {
			res.Content = append(res.Content, mcp.NewImageContent(base64.StdEncoding.EncodeToString(png), "image/png"))
		}
		return res, nil
	}
}

// imageArg reads the image argument: base64 or a data URI, in every
// spelling POST /api/v1/decode takes in its JSON body (see
// scan.DecodeDataURI).
func imageArg(v any) ([]byte, *problem.Problem) {
	s, ok := v.(string)
	if !ok || s == "" {
		return nil, problem.Missing.New("image", "image is required: a PNG, JPEG, GIF or WebP file as base64 or a data URI", imageFix)
	}
	img, err := scan.DecodeDataURI(s)
	if err != nil {
		return nil, problem.BadValue.New("image", err.Error(), imageFix)
	}
	return img, nil
}

// verifyTool is qr_verify: GET /api/v1/verify as a tool.
func verifyTool(ctx context.Context, args map[string]any) (*mcp.CallToolResult, *problem.Problem) {
	q, p := query(args)
	if p != nil {
		return nil, p
	}
	req, p := gen.ReadVerify(request.NewCall("/api/v1/verify", q))
	if p != nil {
		return nil, p
	}
	code, p := verify.Draw(req)
	if p != nil {
		return nil, p
	}
	rep, p := code.Verify(ctx)
	if p != nil {
		return nil, p
	}
	return structured(rep, ""), nil
}

// runBatch is qr_batch: POST /api/v1/qr/batch as a tool, the arguments
// being the request body.
func runBatch(ctx context.Context, args map[string]any) (*mcp.CallToolResult, *problem.Problem) {
	a, p := batch.Do(ctx, marshal(args), originOf(ctx))
	if p != nil {
		return nil, p
	}
	res := structured(a.Response, fmt.Sprintf("%d items; the structured content holds them (too large to repeat as text).", a.Count))
	if a.File != nil {
		res.Content = append(res.Content, resource(a.Name, a.ContentType, a.File))
	}
	return res, nil
}

// recommend is qr_size_recommend: GET /api/v1/size as a tool, its
// arguments read as that query by core/size.
func recommend(ctx context.Context, args map[string]any) (*mcp.CallToolResult, *problem.Problem) {
	q, p := query(args)
	if p != nil {
		return nil, p
	}
	a, p := size.Advise(request.NewCall("/api/v1/size", q))
	if p != nil {
		return nil, p
	}
	return structured(a, ""), nil
}

// marshal writes our own values as JSON, which cannot fail, with & < >
// kept as they are.
func marshal(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err)
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

type originKey struct{}

// WithOrigin returns ctx carrying the scheme and host the request was
// made to, against which results' URLs and fixes are written.
func WithOrigin(ctx context.Context, origin string) context.Context {
	return context.WithValue(ctx, originKey{}, origin)
}

// originOf returns the origin ctx carries, or "" outside a request.
func originOf(ctx context.Context) string {
	s, _ := ctx.Value(originKey{}).(string)
	return s
}
