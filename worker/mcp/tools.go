package mcp

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"maps"
	"net/url"
	"slices"

	"qrkeyless/core/batch"
	"qrkeyless/core/brand"
	"qrkeyless/core/controls"
	"qrkeyless/core/params"
	"qrkeyless/core/payload"
	"qrkeyless/core/problem"
	"qrkeyless/core/render"
	"qrkeyless/core/scan"
	"qrkeyless/core/size"
)

// call is the body of a tool: its arguments in, a result or the problem
// with them out.
type call func(ctx context.Context, args map[string]any) (*Result, *problem.Problem)

// tool is one tool: what tools/list says of it, and what tools/call runs.
type tool struct {
	Tool    Tool
	Handler func(ctx context.Context, args any) *Result
}

// tools lists the six tools with their schemas and handlers.
func tools(limits scan.Limits) []tool {
	return []tool{
		{Tool: define("qr_generate", "Generate a QR code",
			"Encode text (a URL, any string) as a QR code. Returns the PNG image and the URL of the REST call that "+
				"renders the same code; for a format other than png, also that format's body as text (SVG markup, the "+
				"module matrix as JSON, or a data URI).",
			generateInput(), nil), Handler: run(generate)},
		{Tool: define("qr_generate_typed", "Generate a typed QR code",
			"Build the payload of a typed kind (wifi network, contact card, event, payment, ...) from named fields, "+
				"exactly as scanners expect it, and encode it. Returns the PNG image and the URL of the REST call "+
				"that renders the same code (secret fields such as a wifi password are left out of the URL).",
			typedInput(), nil), Handler: run(generateTyped)},
		{Tool: define("qr_decode", "Decode QR codes in an image",
			"Find and decode every QR code in a PNG, JPEG, GIF or WebP image given as base64 or a data URI. "+
				"Returns each code's text, version, error correction level, corners, and the typed payload "+
				"recognised from the text (e.g. a wifi network's fields).",
			decodeInput(), decodeOutput()), Handler: run(decoder(limits))},
		{Tool: define("qr_verify", "Check that a QR code scans",
			"Render the code qr_generate would, rasterize it, pass it through a phone-camera model and decode it. "+
				"Reports whether it scans, the contrast ratio, the quiet zone and warnings (low contrast, inverted "+
				"colors, a thin quiet zone, a shape that fails at small print sizes).",
			verifyInput(), verifyOutput()), Handler: run(verify)},
		{Tool: define("qr_batch", "Generate many QR codes",
			fmt.Sprintf("Render up to %d plain or typed codes in one call, with shared and per-item style. "+
				"output url (default) gives each code's REST URL, base64 a PNG data URI, svg the markup, json the "+
				"module matrix, zip one PNG per item as an embedded application/zip resource. An item that fails "+
				"carries its problem document and does not fail the others.", batch.MaxItems),
			batchInput(), batchOutput()), Handler: run(runBatch)},
		{Tool: define("qr_size_recommend", "Recommend a print or screen size",
			"How large to print or show a code so it scans. Give data (or length, its byte count) and distance_m "+
				"or medium; dpi and ec are optional. Returns the version and error correction level that fit, the "+
				"minimum size in mm and pixels, the module size, and the rule that decided it.",
			sizeInput(), sizeOutput()), Handler: run(recommend)},
	}
}

// define describes a tool. Every tool only computes: it reads nothing but
// its arguments, changes nothing, and gives the same answer every time.
func define(name, title, description string, input, output map[string]any) Tool {
	t := Tool{
		Name:        name,
		Title:       title,
		Description: description,
		InputSchema: mustJSON(input),
		Annotations: Annotations{Title: title, ReadOnlyHint: true, IdempotentHint: true},
	}
	if output != nil {
		t.OutputSchema = mustJSON(output)
	}
	return t
}

// run adapts a call to tools/call: a problem becomes a tool result with
// isError and the problem document as its text, never a JSON-RPC error,
// so that the model reads the fix.
func run(c call) func(ctx context.Context, arguments any) *Result {
	return func(ctx context.Context, arguments any) (res *Result) {
		defer func() {
			// A panic is a bug; answer it as one rather than let it end the
			// Worker's Go instance for every request that follows.
			if v := recover(); v != nil {
				res = problemResult(problem.Internal.Newf("", "Report the call; it should have worked or had a problem document.", "internal error: %v", v))
			}
		}()
		args, ok := arguments.(map[string]any)
		if arguments != nil && !ok {
			return problemResult(problem.BadBody.New("", "arguments must be a JSON object", `Send "arguments" as an object, e.g. {"data":"https://example.com"}.`))
		}
		res, p := c(ctx, args)
		if p != nil {
			return problemResult(params.Scrub(p, flat(args)))
		}
		return res
	}
}

// flat is the arguments as one query, a kind's fields included, for
// params.Scrub: whatever argument holds a secret, no problem repeats it.
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

func problemResult(p *problem.Problem) *Result {
	return &Result{IsError: true, Content: []Content{text(string(p.JSON()))}}
}

// structured returns v as structured content and, for clients that read
// only text, as JSON text.
func structured(v any) *Result {
	b := mustJSON(v)
	return &Result{StructuredContent: b, Content: []Content{text(string(b))}}
}

// briefLimit is the most JSON a result repeats as text: a batch of
// base64 PNGs can be megabytes, which the text part would send twice.
const briefLimit = 64 << 10

// structuredBrief is structured, but over briefLimit the text part says
// what the structured content holds instead of repeating it.
func structuredBrief(v any, summary string) *Result {
	res := structured(v)
	if len(res.StructuredContent) > briefLimit {
		res.Content = []Content{text(summary)}
	}
	return res
}

// mustJSON marshals our own values, which cannot fail, with & < > kept.
func mustJSON(v any) json.RawMessage {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err)
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// query turns tool arguments into the query the REST endpoint would get,
// so that they meet the same parser, aliases and problems: strings as they
// are, numbers in their shortest form, booleans as true or false.
func query(args map[string]any, skip ...string) (url.Values, *problem.Problem) {
	q := url.Values{}
	for _, name := range slices.Sorted(maps.Keys(args)) { // the first bad one, always the same
		if slices.Contains(skip, name) {
			continue
		}
		s, ok := params.Scalar(args[name])
		if !ok {
			return nil, problem.BadValue.Newf(name, "Give "+name+" as a string or a number.", "%s must be a string or a number", name)
		}
		q.Set(name, s)
	}
	return q, nil
}

// generate is qr_generate: GET /api/v1/qr as a tool.
func generate(ctx context.Context, args map[string]any) (*Result, *problem.Problem) {
	q, p := query(args)
	if p != nil {
		return nil, p
	}
	c := params.NewCall("/api/v1/qr", q)
	data, p := params.DataFromQuery(c)
	if p != nil {
		return nil, p
	}
	return picture(ctx, c, data, append(params.Data.Names(), params.Verify.Name)...)
}

// generateTyped is qr_generate_typed: GET /api/v1/<type> as a tool, the
// kind's fields given as an object beside the rendering parameters.
func generateTyped(ctx context.Context, args map[string]any) (*Result, *problem.Problem) {
	q, p := query(args, "type", "fields")
	if p != nil {
		return nil, p
	}
	fields, ok := args["fields"].(map[string]any)
	if args["fields"] != nil && !ok {
		return nil, problem.BadValue.New("fields", "fields must be an object of the kind's field names and values",
			`Give "fields" as an object, e.g. {"type":"wifi","fields":{"ssid":"Home","password":"..."}}.`)
	}
	for _, f := range slices.Sorted(maps.Keys(fields)) {
		s, ok := params.Scalar(fields[f])
		if !ok {
			return nil, problem.BadValue.Newf(f, "Give fields."+f+" as a string.", "fields.%s must be a string", f)
		}
		q.Set(f, s)
	}
	name, _ := args["type"].(string)
	k, ok := payload.Lookup(name)
	if !ok {
		// The REST answer is a 404 (the kind is a path there); here the
		// tool was found and an argument is wrong.
		nf := params.UnknownKind(name, params.NewCall("", q))
		p := problem.BadValue.New("type", nf.Detail, nf.Fix)
		if name == "" {
			p = problem.Missing.New("type", "type is required: the payload kind, e.g. wifi", `Set "type" to one of the kinds listed.`)
		}
		p.Allowed = kindNames()
		return nil, p
	}
	t, p := params.ReadTyped(params.NewCall("/api/v1/"+k.Name, q), k)
	if p != nil {
		return nil, p
	}
	return picture(ctx, t.Call, t.Text, t.Known...)
}

// picture renders text with the rendering parameters of c, as the REST
// endpoint c names would: the PNG as image content, then the absolute URL of
// c (with a note when it holds a secret, which the URL leaves out), then
// the body of any format but png.
func picture(ctx context.Context, c problem.Call, data string, known ...string) (*Result, *problem.Problem) {
	o, p := controls.Parse(c, known...)
	if p != nil {
		return nil, p
	}
	code, p := params.Encode(c, data, o)
	if p != nil {
		return nil, p
	}
	if p := params.Charge(ctx, code, o); p != nil {
		return nil, p
	}
	ro := o.Render()
	link := originOf(ctx) + c.With("", "")
	if params.HasSecret(c.Query) {
		link += "\nThe URL carries " + params.SecretPlaceholder + " in place of the secret; put the value back before using it, or keep the image."
	}
	if o.Branded() {
		// Verified before it is given, as on /api/v1/qr.
		k, _, p := brand.Checked(ctx, c, code, data, o)
		if p != nil {
			return nil, p
		}
		res := &Result{Content: []Content{image(base64.StdEncoding.EncodeToString(k.PNG()), "image/png"), text(link)}}
		if o.Format.Name == "svg" {
			res.Content = append(res.Content, text(string(k.SVG())))
		}
		return res, nil
	}
	res := &Result{Content: []Content{
		image(base64.StdEncoding.EncodeToString(render.PNG(code, ro)), "image/png"),
		text(link),
	}}
	switch f := o.Format; {
	case f.Name == "pdf": // binary: an embedded resource, as base64
		res.Content = append(res.Content, embedded(Resource{URI: "qr-code.pdf", MimeType: f.ContentType, Blob: base64.StdEncoding.EncodeToString(render.Bytes(code, ro, f.Name))}))
	case f.Name != "png":
		res.Content = append(res.Content, text(string(render.Bytes(code, ro, f.Name))))
	}
	return res, nil
}

// decoder returns qr_decode: POST /api/v1/decode as a tool, with the image
// as base64 text (tool arguments are JSON; MCP has no binary argument).
func decoder(limits scan.Limits) call {
	return func(ctx context.Context, args map[string]any) (*Result, *problem.Problem) {
		img, p := imageArg(args["image"])
		if p != nil {
			return nil, p
		}
		codes, err := scan.DecodeBytes(ctx, img, limits)
		if err != nil {
			return nil, scan.Problem(err, "image", imageFix)
		}
		return structured(scan.NewAnswer(codes)), nil
	}
}

const imageFix = `Give "image" as the file's bytes in base64, or as a data URI such as data:image/png;base64,iVBORw0KGgo...`

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

// verify is qr_verify: GET /api/v1/verify as a tool.
func verify(ctx context.Context, args map[string]any) (*Result, *problem.Problem) {
	q, p := query(args)
	if p != nil {
		return nil, p
	}
	c := params.NewCall("/api/v1/verify", q)
	data, p := params.DataFromQuery(c)
	if p != nil {
		return nil, p
	}
	o, p := controls.Parse(c, params.Data.Names()...)
	if p != nil {
		return nil, p
	}
	code, p := params.Encode(c, data, o)
	if p != nil {
		return nil, p
	}
	var rep scan.Report
	if o.Branded() {
		k, err := brand.New(code, o)
		if err != nil {
			return nil, brand.Refused(c, err)
		}
		rep = k.Verify(ctx, data)
	} else {
		rep = scan.Verify(ctx, code, data, o.Render())
	}
	if rep.Warnings == nil {
		rep.Warnings = []string{}
	}
	return structured(rep), nil
}

// runBatch is qr_batch: POST /api/v1/qr/batch as a tool, the arguments
// being the request body.
func runBatch(ctx context.Context, args map[string]any) (*Result, *problem.Problem) {
	req, p := batch.Parse(mustJSON(args))
	if p != nil {
		return nil, p
	}
	out, p := batch.Run(ctx, req, originOf(ctx))
	if p != nil {
		return nil, p
	}
	res := structuredBrief(out, fmt.Sprintf("%d items; the structured content holds them (too large to repeat as text).", out.Count))
	if req.Output == "zip" {
		res.Content = append(res.Content, embedded(Resource{
			URI: "qr-codes.zip", MimeType: "application/zip", Blob: base64.StdEncoding.EncodeToString(batch.Zip(out)),
		}))
	}
	return res, nil
}

// recommend is qr_size_recommend: GET /api/v1/size as a tool, its
// arguments read as that query by core/size.
func recommend(ctx context.Context, args map[string]any) (*Result, *problem.Problem) {
	q, p := query(args)
	if p != nil {
		return nil, p
	}
	a, p := size.Advise(params.NewCall("/api/v1/size", q))
	if p != nil {
		return nil, p
	}
	return structured(a), nil
}

func kindNames() []string {
	var names []string
	for _, k := range payload.All() {
		names = append(names, k.Name)
	}
	return names
}
