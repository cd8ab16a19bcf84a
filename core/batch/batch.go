// Package batch renders many codes in one call: plain items (data) and typed
// items (type + fields), with shared and per-item rendering settings. An item
// that fails carries its problem document and does not fail the others.
// Output "sheet" lays the codes out on a printable label sheet (core/sheet);
// output "zip" is written by Zip (zip.go), with a manifest. The /batch page
// makes its rows one at a time with One, as Run makes items, and writes
// its ZIP with the same Zip. Do is the whole call, body to answer, that
// POST /api/v1/qr/batch and the qr_batch tool make.
package batch

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"qrkeyless/core/brand"
	"qrkeyless/core/budget"
	"qrkeyless/core/generate"
	"qrkeyless/core/params"
	"qrkeyless/core/payload"
	"qrkeyless/core/problem"
	"qrkeyless/core/qr"
	"qrkeyless/core/render"
	"qrkeyless/core/request"
	"qrkeyless/core/sheet"
	"qrkeyless/core/verify"
)

// MaxItems is the most items one call may carry.
const MaxItems = 1000

// Outputs lists the output shapes; the first is the default.
var Outputs = []string{"url", "base64", "svg", "json", "zip", "sheet"}

// Request is the body of POST /api/v1/qr/batch and the qr_batch tool.
type Request struct {
	Output string         `json:"output"`
	Style  map[string]any `json:"style"`           // shared rendering parameters, by their query names
	Sheet  map[string]any `json:"sheet,omitempty"` // output sheet's layout, by core/sheet's parameter names
	Items  []Item         `json:"items"`

	Layout sheet.Layout `json:"-"` // Sheet read, for output sheet
}

// Item is one code: Data for a plain item, Type and Fields for a typed one.
type Item struct {
	ID     string            `json:"id,omitempty"`
	Data   string            `json:"data,omitempty"`
	Type   string            `json:"type,omitempty"`
	Fields map[string]string `json:"fields,omitempty"`
	Style  map[string]any    `json:"style,omitempty"` // overrides the shared style
}

// Result is one item's answer, in request order. Exactly one of URL, Data,
// SVG and Matrix is set, or Error.
type Result struct {
	ID      string           `json:"id,omitempty" desc:"The item's id."`
	URL     string           `json:"url,omitempty" desc:"output url: the absolute URL that renders the code."`
	Data    string           `json:"data,omitempty" desc:"output base64: the PNG as a data URI."`
	SVG     string           `json:"svg,omitempty" desc:"output svg: the SVG markup."`
	Matrix  json.RawMessage  `json:"matrix,omitempty" desc:"output json: the module matrix, as format=json gives it."`
	Payload string           `json:"payload,omitempty" desc:"The text encoded."`
	Advice  string           `json:"advice,omitempty" desc:"output sheet: when the code is too small to scan on its label from 15 cm, by how much, and the choices that would make it fit, each with the side it gives."`
	Error   *problem.Problem `json:"error,omitempty" desc:"The item's problem, when it failed; the others are made all the same."`
	png     []byte
	advice  sheet.Advice // output sheet: Advice in its parts
	entry   Entry        // output zip: the item's file and manifest line
}

// Response is the JSON answer for every output but zip and sheet.
type Response struct {
	Count int      `json:"count" desc:"How many items were sent."`
	Items []Result `json:"items" desc:"One result per item, in request order; a failed item carries error."`

	labels *sheet.Labels // output sheet: the codes made, in item order
	layout sheet.Layout  // and the sheet, its captions known
}

const path = "/api/v1/qr/batch"

// Parse reads and checks a request body: its shape, the output, and the item
// count, before any item is rendered.
func Parse(body []byte) (Request, *problem.Problem) {
	var req Request
	if d, m := budget.JSONShape(body); d > budget.MaxJSONDepth || m > budget.MaxJSONMembers {
		return req, problem.BadBody.New("", fmt.Sprintf(
			"the body nests %d levels deep and has an object of %d members; at most %d levels and %d members are read", d, m, budget.MaxJSONDepth, budget.MaxJSONMembers), example)
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		if p := unknownMember(body); p != nil {
			return req, p
		}
		return req, problem.BadBody.New("", "the body is not a batch request: "+err.Error(), example)
	}
	if _, err := dec.Token(); err != io.EOF {
		return req, problem.BadBody.New("", "the body goes on after the batch request's JSON object; send one object and nothing after it", example)
	}
	if req.Output == "" {
		req.Output = Outputs[0]
	}
	if !contains(Outputs, req.Output) {
		p := problem.BadValue.New("output", fmt.Sprintf(
			"output %q is not one of %s", req.Output, strings.Join(Outputs, ", ")), `Set "output" to one of `+strings.Join(Outputs, ", ")+".")
		p.Allowed = Outputs
		return req, p
	}
	if p := readLayout(&req); p != nil {
		return req, p
	}
	switch n := len(req.Items); {
	case n == 0:
		return req, problem.BadBody.New("items", "items is empty", `Add items, e.g. "items":[{"data":"https://example.com"}]`)
	case n > MaxItems:
		return req, problem.TooLarge.New("items", fmt.Sprintf(
			"%d items; at most %d per call", n, MaxItems), fmt.Sprintf("Split the items into calls of at most %d.", MaxItems))
	case req.Output == "sheet" && req.Layout.StartAt-1+n*req.Layout.Copies > MaxLabels:
		copies := max(1, (MaxLabels-req.Layout.StartAt+1)/n)
		return req, problem.TooLarge.New("sheet.copies", fmt.Sprintf(
			"%d items of %d copies fill %d labels; a sheet holds at most %d", n, req.Layout.Copies, req.Layout.StartAt-1+n*req.Layout.Copies, MaxLabels), sheetJSON(url.Values{sheet.Copies.Name: {strconv.Itoa(copies)}}))
	}
	return req, nil
}

// The members a request, an item and a sheet take.
var (
	requestMembers = params.Members(Request{})
	itemMembers    = params.Members(Item{})
	sheetMembers   = sheetNames()
)

func sheetNames() []string {
	var out []string
	for _, p := range sheet.Params {
		out = append(out, p.Names()...)
	}
	slices.Sort(out)
	return out
}

// unknownMember is the problem for a body that a strict reading refused
// for a member it does not know, at the top or in an item; nil for any
// other fault, which the strict reading's own error then names. It runs
// only once a body has been refused, so a good body is read once.
func unknownMember(body []byte) *problem.Problem {
	var top map[string]json.RawMessage
	if json.Unmarshal(body, &top) != nil {
		return nil
	}
	if k := params.Unknown(top, requestMembers); k != "" {
		fix := example
		if len(body) <= maxFixBody {
			fix = `POST ` + path + ` with ` + params.Without(top, k, requestMembers)
		}
		return params.UnknownMember("", k, requestMembers, fix)
	}
	var items []map[string]json.RawMessage
	if json.Unmarshal(top["items"], &items) != nil {
		return nil
	}
	for i, it := range items {
		if k := params.Unknown(it, itemMembers); k != "" {
			at := fmt.Sprintf("items[%d]", i)
			return params.UnknownMember(at, k, itemMembers, "Send "+at+" as "+params.Without(it, k, itemMembers))
		}
	}
	return nil
}

// maxFixBody is the longest body a fix repeats whole; a longer one's fix
// is the example call.
const maxFixBody = 2000

// example is the call a problem with the whole body at fault shows.
const example = `POST ` + path + ` with {"output":"url","style":{"size":300},"items":[{"id":"a","data":"https://example.com"}]}`

// MaxLabels is the most labels one sheet fills, copies and the labels
// start_at leaves blank included: each code is drawn once however many
// labels it fills, so labels cost a few bytes each.
const MaxLabels = 10000

// readLayout reads the sheet's layout: for output sheet, its options or
// the default sheet; for another output, none may be given.
func readLayout(req *Request) *problem.Problem {
	if k := params.Unknown(req.Sheet, sheetMembers); k != "" {
		return params.UnknownMember("sheet", k, sheetMembers, `"sheet":`+params.Without(req.Sheet, k, sheetMembers))
	}
	if req.Output != "sheet" {
		if len(req.Sheet) > 0 {
			return problem.BadValue.New("sheet", `"sheet" lays out output sheet, and output is `+strconv.Quote(req.Output),
				`Set "output":"sheet" for a printable label sheet, or leave "sheet" out.`)
		}
		return nil
	}
	q := url.Values{}
	if p := params.Object(req.Sheet, q, func(k string) *problem.Problem {
		return problem.BadValue.New("sheet."+k, fmt.Sprintf(
			"sheet.%s must be a string, a number or a boolean", k), `Give sheet values as strings, numbers or booleans, e.g. "sheet":{"preset":"a4-3x7","code_mm":30}.`)
	}); p != nil {
		return p
	}
	var p *problem.Problem
	req.Layout, p = sheet.Read(problem.Call{Path: path, Query: q, Write: sheetJSON})
	return p
}

// sheetJSON writes a layout's corrected query as the request's "sheet"
// member, the form its caller sent it in.
func sheetJSON(q url.Values) string {
	return `"sheet":` + params.ToJSON(q)
}

// Run renders every item of req within the request's budget (ctx). It
// reads every item first and adds up what making them all would cost
// (generate.Request.Cost), so a call over the draw budget is refused,
// 413, before any code is made; the fix says how many items fit, or what
// size would let all of them fit. The answer's bytes are charged as items
// are made, and a call whose answer would pass its limit is refused too.
// base is the absolute origin that url output prefixes (e.g.
// https://qr.example).
func Run(ctx context.Context, req Request, base string) (Response, *problem.Problem) {
	b := budget.From(ctx)
	f := format(req.Output)
	if p := afford(b, req, f); p != nil {
		return Response{}, p
	}
	plans := make([]plan, len(req.Items))
	costs := make([]budget.Drawing, len(req.Items))
	var total budget.Drawing
	for i, it := range req.Items {
		plans[i] = prepare(req, it)
		costs[i] = plans[i].cost(req.Output, f)
		total = total.Add(costs[i])
	}
	if req.Output == "sheet" {
		if req.Layout.Captions = captioned(plans); req.Layout.Captions {
			if p := req.Layout.Captioned(); p != nil {
				return Response{}, p
			}
		}
	}
	if ok, _ := b.Fits(total); !ok {
		return Response{}, tooMuchWork(b, req, plans, costs)
	}
	out := Response{Count: len(req.Items), Items: make([]Result, len(req.Items))}
	if req.Output == "sheet" {
		out.labels = &sheet.Labels{}
		out.layout = req.Layout
	}
	for i, pl := range plans {
		var code *verify.Code
		out.Items[i], code = pl.make(ctx, req, f, base)
		if code != nil && out.labels != nil {
			out.labels.Add(code.QR, code.Options.Render(), code.Brand)
		}
		if !b.Answer.Charge(out.Items[i].size()) {
			return Response{}, problem.TooLarge.New("items", fmt.Sprintf(
				"the answer would pass %d MiB at item %d; one answer holds at most %d MiB", budget.AnswerBytes>>20, i+1, budget.AnswerBytes>>20), fmt.Sprintf("Send at most %d items per call, or a smaller size or output.", max(1, i)))
		}
	}
	return out, nil
}

// Made is one item made by One.
type Made struct {
	Code   *verify.Code
	Body   []byte       // the code in the output's format (PNG for zip; none for sheet)
	Text   string       // the payload encoded
	Advice sheet.Advice // output sheet: Result's advice, in its parts
}

// One makes one item of req as Run makes each, with the same problems,
// fixes and advice, for a caller that makes them one at a time and shows
// each as it comes (the /batch page), having set req.Layout.Captions as
// Run sets it (Captions). Its budget is ctx's, as Run's.
func One(ctx context.Context, req Request, it Item) (Made, *problem.Problem) {
	pl := prepare(req, it)
	if pl.res.Error != nil {
		return Made{}, pl.res.Error
	}
	res, code := pl.make(ctx, req, format(req.Output), "")
	if res.Error != nil {
		return Made{}, res.Error
	}
	body := res.png
	switch req.Output {
	case "svg":
		body = []byte(res.SVG)
	case "base64":
		body = []byte(res.Data)
	case "json":
		body = res.Matrix
	}
	return Made{Code: code, Body: body, Text: res.Payload, Advice: res.advice}, nil
}

// Captions reports whether a sheet of req's items has captions, as Run
// decides it: some item that reads has a frame text, its own or the
// shared style's. Each code is then placed as if it had one.
func Captions(req Request, items []Item) bool {
	plans := make([]plan, len(items))
	for i, it := range items {
		plans[i] = prepare(req, it)
	}
	return captioned(plans)
}

func captioned(plans []plan) bool {
	for _, pl := range plans {
		if pl.res.Error == nil && pl.req.Options.Brand.FrameText != "" {
			return true
		}
	}
	return false
}

// format is the format an output draws each item in: none for url, whose
// items are links; PNG inside a zip; for a sheet, none but the code
// itself, drawn by core/sheet (its branding checked as the picture
// formats check it) and costed as SVG outlines: a sheet writes a dotted
// code's outlines in 3.3 ms natively, which SVG's estimate (3.0 ms)
// meets and a one-code PDF's (23.6 ms, a file each) does not.
func format(output string) *render.Format {
	switch output {
	case "zip":
		output = "png"
	case "sheet":
		f, _ := render.LookupFormat("svg")
		f.Writer, f.Brand = noBytes{}, noBytes{}
		return &f
	}
	f, ok := render.LookupFormat(output)
	if !ok {
		return nil
	}
	return &f
}

// noBytes writes nothing: a sheet's item is its code, laid out by
// core/sheet.
type noBytes struct{}

func (noBytes) Write(*qr.Code, render.Options) []byte            { return nil }
func (noBytes) WriteBrand(render.Branded, render.Options) []byte { return nil }

// plan is one item read and checked, before its code is made.
type plan struct {
	res     Result // the id, and the error when the item failed
	req     generate.Request
	version int
	q       url.Values // the item's parameters, for params.Scrub
}

// prepare reads an item: its parameters, its payload text and the version
// of its symbol, every problem included, without making the code.
func prepare(req Request, it Item) (pl plan) {
	pl.res.ID = it.ID
	pl.res.entry.Kind = "text"
	if it.Type != "" {
		pl.res.entry.Kind = it.Type
	}
	q, p := query(req.Style, it.Style)
	pl.q = q
	defer func() { request.Scrub(pl.res.Error, q) }() // errors.json and the JSON answer alike
	if p != nil {
		pl.res.Error = p
		return pl
	}
	path := "/api/v1/qr"
	var kind *payload.Kind
	switch {
	case it.Type != "":
		if kind, p = generate.KindArg(it.Type, q); p != nil {
			pl.res.Error = p
			return pl
		}
		path = "/api/v1/" + kind.Name
		for name, v := range it.Fields {
			q.Set(name, v)
		}
	case it.Data != "":
		q.Set(params.Data.Name, it.Data)
	default:
		pl.res.Error = problem.Missing.New("data", `an item needs "data", or "type" and "fields"`, request.NewCall(path, q).With("data", params.Data.Example))
		return pl
	}
	if pl.req, p = generate.Read(request.NewCall(path, q), kind); p != nil {
		pl.res.Error = p
		return pl
	}
	if req.Output == "sheet" {
		if pl.res.Error = sheet.Check(pl.req.Call, pl.req.Options); pl.res.Error != nil {
			return pl
		}
	}
	if pl.version, p = pl.req.Version(); p != nil {
		pl.res.Error = p
	}
	return pl
}

// cost is the estimated time of making the item's code in f (nil: a
// link, which only encodes) for output. A sheet draws a caption itself:
// only a branding that touches the code's pixels costs a branded one.
func (pl plan) cost(output string, f *render.Format) budget.Drawing {
	switch {
	case pl.res.Error != nil:
		return budget.Drawing{}
	case f == nil:
		return budget.Drawing{Ns: qr.Cost(pl.version)}
	case output == "sheet" && !pl.req.Options.Brand.Touches():
		g := *f
		g.Brand = nil
		w := verify.Work(pl.req, pl.version, g)
		w.Worker = budget.LabelCPU
		return w
	case output == "sheet":
		w := verify.Work(pl.req, pl.version, *f)
		w.Worker = budget.LabelCPU
		return w
	}
	return verify.Work(pl.req, pl.version, *f)
}

// make makes the planned item in req's output, drawn in f, and gives its
// code too (none for a link, or when it failed).
func (pl plan) make(ctx context.Context, req Request, f *render.Format, base string) (res Result, code *verify.Code) {
	output := req.Output
	res = pl.res
	if res.Error != nil {
		return res, nil
	}
	defer func() { request.Scrub(res.Error, pl.q) }()
	if f == nil { // url
		if pl.req.Secret {
			res.Error = problem.BadValue.New("output", "a url would carry this item's secret in the clear",
				`Use "output":"base64" or "svg" for items with a password or key.`)
			return res, nil
		}
		if _, p := pl.req.Encode(); p != nil {
			res.Error = p
			return res, nil
		}
		res.URL, res.Payload = base+pl.req.Call.With("", ""), pl.req.Text
		return res, nil
	}
	g := *f
	if output == "sheet" && !pl.req.Options.Brand.Touches() {
		// A caption, the only branding a sheet draws that leaves the
		// code's pixels alone, is set by core/sheet: no picture of it is
		// drawn and checked, as Make would charge for (a sheet of 75
		// captioned codes passed the draw budget that way). The code is
		// made plain, as its plan costs it, and its branding read.
		g.Brand = nil
	}
	code, body, p := verify.Make(ctx, pl.req, g)
	if p == nil && g.Brand == nil && f.Brand != nil && pl.req.Options.Branded() {
		var err error
		if code.Brand, err = brand.New(code.QR, pl.req.Options); err != nil {
			p = brand.Refused(pl.req.Call, err)
		}
	}
	if p != nil {
		res.Error = p
		return res, nil
	}
	res.Payload = pl.req.Text
	switch output {
	case "base64":
		res.Data = string(body)
	case "svg":
		res.SVG = string(body)
	case "json":
		res.Matrix = body
	case "zip":
		res.png = body
		res.entry.Version, res.entry.EC = code.QR.Version, code.QR.Level.String()
		if rep, ok := code.Verified(); ok {
			res.entry.Scans = "no"
			if rep.Scannable {
				res.entry.Scans = "yes"
			}
		}
	case "sheet":
		res.advice = pl.advice(req.Layout, code)
		res.Advice = res.advice.String()
	}
	return res, code
}

// size is about what the item adds to the answer, in bytes.
func (r Result) size() int64 {
	n := len(r.ID) + len(r.URL) + len(r.Data) + len(r.SVG) + len(r.Matrix) + len(r.Payload) + len(r.png) + 64
	if r.Error != nil {
		n += len(r.Error.JSON())
	}
	return int64(n)
}

// afford charges the plan's CPU for reading req's items, before any is
// read, or is the problem saying how many items fit: as many as could be
// read and made like the first. A call whose items, made like the first,
// would not fit is refused here too, before the rest are read.
func afford(b *budget.Budget, req Request, f *render.Format) *problem.Problem {
	n := int64(len(req.Items))
	if b.Plan == 0 || n == 0 {
		return nil
	}
	each := budget.ItemCPU + prepare(req, req.Items[0]).cost(req.Output, f).CPU()
	if n*each <= b.CPU.Left() && b.Afford(n*budget.ItemCPU) {
		return nil
	}
	fix := fmt.Sprintf("Send at most %d items per call", max(1, b.CPU.Left()/each))
	if req.Output != "url" {
		fix += `, or ask for "output": "url", which draws nothing`
	}
	return problem.TooLarge.New("items", fmt.Sprintf(
		"%s", b.Needs(fmt.Sprintf("making the %d items", n), n*each)), fix+"; or make them at /batch, which draws them on your own device with no limit.")
}

// tooMuchWork is the 413 for a call whose items would take more than the
// left of the draw budget: it says how many of them fit and, when the
// items draw pictures, the size at which all of them would.
func tooMuchWork(b *budget.Budget, req Request, plans []plan, costs []budget.Drawing) *problem.Problem {
	fit, sum := 0, budget.Drawing{}
	for _, c := range costs {
		if ok, _ := b.Fits(sum.Add(c)); !ok {
			break
		}
		sum = sum.Add(c)
		fit++
	}
	var total budget.Drawing
	for _, c := range costs {
		total = total.Add(c)
	}
	fix := fmt.Sprintf("Send at most %d items per call (the first %d fit)", max(1, fit), fit)
	if size := sizeThatFits(b, req.Output, plans); size > 0 {
		fix += fmt.Sprintf(", or all of them at \"size\": %d or less", size)
	}
	if _, byPlan := b.Fits(total); byPlan {
		if req.Output != "url" {
			fix += `, or ask for "output": "url", which draws nothing`
		}
		return problem.TooLarge.New("items", fmt.Sprintf(
			"%s", b.Needs(fmt.Sprintf("making the %d items", len(plans)), total.CPU())), fix+"; or make them at /batch, which draws them on your own device with no limit.")
	}
	png, _ := render.LookupFormat("png")
	return problem.TooLarge.New("items", fmt.Sprintf(
		"the %d items would take about %d ms to make; one call may take %d ms (at most %d codes of 512 px in the plain style)",
		len(plans), total.Ns/1e6, b.Draw.Left()/1e6, b.Draw.Left()/(qr.Cost(3)+render.Cost(3, render.Options{Size: 512}, png))), fix+".")
}

// sizeThatFits is the largest size, in steps of 64 pixels, at which every
// item of a picture output fits the budget; 0 when none does or the
// output draws no picture.
func sizeThatFits(b *budget.Budget, output string, plans []plan) int {
	if output != "base64" && output != "zip" {
		return 0
	}
	f := format(output)
	for size := params.MaxSize; size >= params.MinSize; size -= 64 {
		var sum budget.Drawing
		for _, pl := range plans {
			if pl.res.Error == nil && pl.req.Options.Size > size {
				pl.req.Options.Size = size
			}
			sum = sum.Add(pl.cost(output, f))
		}
		if ok, _ := b.Fits(sum); ok {
			return size
		}
	}
	return 0
}

// query turns the shared and item style objects into query parameters,
// the item's values overriding the shared ones.
func query(shared, own map[string]any) (url.Values, *problem.Problem) {
	q := url.Values{}
	for _, style := range []map[string]any{shared, own} {
		if p := params.Object(style, q, func(k string) *problem.Problem {
			return problem.BadValue.New("style."+k, fmt.Sprintf(
				"style.%s must be a string or a number", k), `Give style values as strings or numbers, e.g. "style":{"size":300,"color":"1a237e"}.`)
		}); p != nil {
			return nil, p
		}
	}
	return q, nil
}

// Sheet lays out the codes of a sheet's successful items on req's layout,
// in item order (or, with test, its alignment test), and returns the PDF
// and the indexes (from 0) of the items that failed, which take no label.
// The PDF is charged to ctx's answer budget.
func Sheet(ctx context.Context, req Request, r Response) ([]byte, []int, *problem.Problem) {
	var failed []int
	for i, it := range r.Items {
		if it.Error != nil {
			failed = append(failed, i)
		}
	}
	labels := r.labels
	if labels == nil {
		labels = &sheet.Labels{}
	}
	out := r.layout.PDF(labels)
	if !budget.From(ctx).Answer.Charge(int64(len(out))) {
		return nil, nil, problem.TooLarge.New("items", fmt.Sprintf(
			"the sheet would pass %d MiB; one answer holds at most %d MiB", budget.AnswerBytes>>20, budget.AnswerBytes>>20), "Send fewer items per call, or a plainer style.")
	}
	return out, failed, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Answer is what a batch call answers: the JSON response, or, for output
// zip or sheet, the file that is the answer instead, with its content type
// and name, and for a sheet the indexes (from 0) of the items that failed.
type Answer struct {
	Response
	File              []byte
	ContentType, Name string
	Failed            []int
}

// Do parses body, runs it and makes the file its output asks for: all of
// what POST /api/v1/qr/batch and the qr_batch tool do, each then writing
// the Answer its own way. base is as Run's.
func Do(ctx context.Context, body []byte, base string) (Answer, *problem.Problem) {
	req, p := Parse(body)
	if p != nil {
		return Answer{}, p
	}
	r, p := Run(ctx, req, base)
	if p != nil {
		return Answer{}, p
	}
	a := Answer{Response: r}
	switch req.Output {
	case "zip":
		a.File, a.ContentType, a.Name = r.Zip(), "application/zip", "qr-codes.zip"
	case "sheet":
		a.File, a.Failed, p = Sheet(ctx, req, r)
		a.ContentType, a.Name = "application/pdf", "qr-labels.pdf"
	}
	return a, p
}
