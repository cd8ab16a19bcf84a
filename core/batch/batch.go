// Package batch renders many codes in one call: plain items (data) and typed
// items (type + fields), with shared and per-item rendering settings. An item
// that fails carries its problem document and does not fail the others.
package batch

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"qrkeyless/core/params"
	"qrkeyless/core/payload"
	"qrkeyless/core/problem"
	"qrkeyless/core/render"
)

// MaxItems is the most items one call may carry.
const MaxItems = 1000

// Outputs lists the output shapes; the first is the default.
var Outputs = []string{"url", "base64", "svg", "json", "zip"}

// Request is the body of POST /api/v1/qr/batch and the qr_batch tool.
type Request struct {
	Output string         `json:"output"`
	Style  map[string]any `json:"style"` // shared rendering parameters, by their query names
	Items  []Item         `json:"items"`
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
	ID      string           `json:"id,omitempty"`
	URL     string           `json:"url,omitempty"`
	Data    string           `json:"data,omitempty"` // data:image/png;base64,...
	SVG     string           `json:"svg,omitempty"`
	Matrix  json.RawMessage  `json:"matrix,omitempty"`
	Payload string           `json:"payload,omitempty"` // the encoded text
	Error   *problem.Problem `json:"error,omitempty"`
	png     []byte
}

// Response is the JSON answer for every output but zip.
type Response struct {
	Count int      `json:"count"`
	Items []Result `json:"items"`
}

const path = "/api/v1/qr/batch"

// Parse reads and checks a request body: its shape, the output, and the item
// count, before any item is rendered.
func Parse(body []byte) (Request, *problem.Problem) {
	var req Request
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return req, problem.BadBody.New("", "the body is not a batch request: "+err.Error(),
			`POST `+path+` with {"output":"url","style":{"size":300},"items":[{"id":"a","data":"https://example.com"}]}`)
	}
	if req.Output == "" {
		req.Output = Outputs[0]
	}
	if !contains(Outputs, req.Output) {
		p := problem.BadValue.Newf("output", `Set "output" to one of `+strings.Join(Outputs, ", ")+".",
			"output %q is not one of %s", req.Output, strings.Join(Outputs, ", "))
		p.Allowed = Outputs
		return req, p
	}
	switch n := len(req.Items); {
	case n == 0:
		return req, problem.BadBody.New("items", "items is empty", `Add items, e.g. "items":[{"data":"https://example.com"}]`)
	case n > MaxItems:
		return req, problem.TooLarge.Newf("items", fmt.Sprintf("Split the items into calls of at most %d.", MaxItems),
			"%d items; at most %d per call", n, MaxItems)
	}
	return req, nil
}

// Run renders every item of req. base is the absolute origin that url
// output prefixes (e.g. https://qr.example).
func Run(req Request, base string) Response {
	out := Response{Count: len(req.Items), Items: make([]Result, len(req.Items))}
	for i, it := range req.Items {
		out.Items[i] = item(req, it, base)
	}
	return out
}

func item(req Request, it Item, base string) Result {
	res := Result{ID: it.ID}
	q, p := query(req.Style, it.Style)
	if p != nil {
		res.Error = p
		return res
	}
	call := problem.Call{Path: "/api/v1/qr", Query: q}
	var text string
	secret := false
	known := append(params.Data.Names(), params.Verify.Name)
	switch {
	case it.Type != "":
		k, ok := payload.Lookup(it.Type)
		if !ok {
			res.Error = params.UnknownKind(it.Type, problem.Call{Query: q})
			res.Error.Status = 400 // an item, not a path: the request itself was found
			return res
		}
		call.Path = "/api/v1/" + k.Name
		for name, v := range it.Fields {
			q.Set(name, v)
		}
		t, p := params.ReadTyped(call, k)
		if p != nil {
			res.Error = p
			return res
		}
		text, secret, call, known = t.Text, t.Secret, t.Call, t.Known
	case it.Data != "":
		text = it.Data
		q.Set("data", text)
	default:
		res.Error = problem.Missing.New("data", `an item needs "data", or "type" and "fields"`, call.With("data", params.Data.Example))
		return res
	}
	o, p := params.Parse(call, known...)
	if p != nil {
		res.Error = p
		return res
	}
	c, p := params.Encode(call, text, o)
	if p != nil {
		res.Error = p
		return res
	}
	res.Payload = text
	ro := o.Render()
	switch req.Output {
	case "url":
		if secret {
			res.Payload = ""
			res.Error = problem.BadValue.New("output", "a url would carry this item's secret field in the clear",
				`Use "output":"base64" or "svg" for items with a password or key.`)
			return res
		}
		res.URL = base + call.With("", "")
	case "base64":
		res.Data = string(render.DataURI(render.PNG(c, ro)))
	case "svg":
		res.SVG = string(render.SVG(c, ro))
	case "json":
		res.Matrix = render.JSON(c, o.Margin)
	case "zip":
		res.png = render.PNG(c, ro)
	}
	return res
}

// query turns the shared and item style objects into query parameters,
// the item's values overriding the shared ones.
func query(shared, own map[string]any) (url.Values, *problem.Problem) {
	q := url.Values{}
	for _, style := range []map[string]any{shared, own} {
		for k, v := range style {
			switch v := v.(type) {
			case string:
				q.Set(k, v)
			case float64:
				q.Set(k, strconv.FormatFloat(v, 'f', -1, 64))
			case bool:
				q.Set(k, strconv.FormatBool(v))
			default:
				return nil, problem.BadValue.Newf("style."+k, `Give style values as strings or numbers, e.g. "style":{"size":300,"color":"1a237e"}.`,
					"style.%s must be a string or a number", k)
			}
		}
	}
	return q, nil
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// Zip writes one PNG per successful item, named by its id made file-name
// safe and unique (or by its index), and errors.json listing the failures.
func Zip(r Response) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	used := map[string]bool{}
	type failure struct {
		Index int              `json:"index"`
		ID    string           `json:"id,omitempty"`
		Error *problem.Problem `json:"error"`
	}
	var failed []failure
	for i, it := range r.Items {
		if it.Error != nil {
			failed = append(failed, failure{i, it.ID, it.Error})
			continue
		}
		name := strings.Trim(unsafeName.ReplaceAllString(it.ID, "_"), "._")
		if name == "" {
			name = strconv.Itoa(i + 1)
		}
		for base, n := name, 2; used[name]; n++ {
			name = fmt.Sprintf("%s-%d", base, n)
		}
		used[name] = true
		w, _ := zw.CreateHeader(&zip.FileHeader{Name: name + ".png", Method: zip.Store}) // PNG is compressed already
		w.Write(it.png)
	}
	if len(failed) > 0 {
		w, _ := zw.Create("errors.json")
		b, _ := json.MarshalIndent(failed, "", "  ")
		w.Write(b)
	}
	zw.Close()
	return buf.Bytes()
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
