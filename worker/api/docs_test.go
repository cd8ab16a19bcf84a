package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"qrkeyless/core/params"
	"qrkeyless/core/payload"
)

// TestPublishedDocs checks that /openapi.json and /llms*.txt describe every
// route, parameter and kind the service has.
func TestPublishedDocs(t *testing.T) {
	h := New(Config{})
	get := func(path string) string {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", path, nil))
		if w.Code != 200 {
			t.Fatalf("%s: %d", path, w.Code)
		}
		return w.Body.String()
	}
	var doc struct {
		OpenAPI string                    `json:"openapi"`
		Paths   map[string]map[string]any `json:"paths"`
	}
	if err := json.Unmarshal([]byte(get("/openapi.json")), &doc); err != nil || doc.OpenAPI != "3.1.0" {
		t.Fatalf("openapi: %v %q", err, doc.OpenAPI)
	}
	srv := h.(*server)
	for _, rt := range srv.routes {
		if rt.path == "/api/v1/" {
			continue
		}
		p := rt.path
		if p == "/q/" {
			p = "/q/{file}"
		}
		for _, m := range append(rt.methods, "OPTIONS") {
			if doc.Paths[p][strings.ToLower(m)] == nil {
				t.Errorf("openapi lacks %s %s", m, p)
			}
		}
		if slices.Contains(rt.methods, "GET") && doc.Paths[p]["head"] == nil {
			t.Errorf("openapi lacks HEAD %s", p)
		}
	}
	full := get("/llms-full.txt")
	for _, k := range payload.All() {
		if doc.Paths["/api/v1/"+k.Name] == nil {
			t.Errorf("openapi lacks kind %s", k.Name)
		}
		if !strings.Contains(full, "API: GET /api/v1/"+k.Name+".") {
			t.Errorf("llms-full.txt lacks kind %s", k.Name)
		}
		for _, fd := range k.Fields {
			if !strings.Contains(full, " "+fd.Name+" (") {
				t.Errorf("llms-full.txt lacks %s.%s", k.Name, fd.Name)
			}
		}
	}
	short := get("/llms.txt")
	for _, p := range params.Shared {
		if !strings.Contains(short, "* "+p.Name) {
			t.Errorf("llms.txt lacks parameter %s", p.Name)
		}
	}
	for _, text := range []string{short, full} {
		links := checkLLMSText(t, text)
		for _, want := range []string{"/openapi.json", "/api/v1/types", "/llms-full.txt", "/wifi"} {
			if !slices.Contains(links, want) {
				t.Errorf("llms.txt links no %s", want)
			}
		}
	}
}

// llmsLink is an item of an llms.txt section, as the reference parser
// (llms_txt2ctx) reads it.
var llmsLink = regexp.MustCompile(`^-\s*\[([^\]]+)\]\(([^)]+)\)(?::\s*(.*))?$`)

// checkLLMSText checks text against the llms.txt convention (an H1, a
// blockquote, notes, then H2 sections of link items) and returns the links.
func checkLLMSText(t *testing.T, text string) []string {
	t.Helper()
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	if !strings.HasPrefix(lines[0], "# ") || lines[1] != "" || !strings.HasPrefix(lines[2], "> ") {
		t.Errorf("llms.txt does not open with an H1 and a blockquote: %q", lines[:3])
	}
	var links []string
	inSection := false
	for i, l := range lines {
		switch {
		case strings.HasPrefix(l, "## "):
			inSection = true
		case !inSection || l == "":
		case llmsLink.MatchString(l):
			links = append(links, llmsLink.FindStringSubmatch(l)[2])
		default:
			t.Errorf("llms.txt line %d is in a section but not a link item: %q", i+1, l)
		}
	}
	return links
}

// openAPI returns the handler's /openapi.json, decoded.
func openAPI(t *testing.T) map[string]any {
	t.Helper()
	w := httptest.NewRecorder()
	New(Config{}).ServeHTTP(w, httptest.NewRequest("GET", "/openapi.json", nil))
	var doc map[string]any
	if err := json.Unmarshal(w.Body.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	return doc
}

// resolve follows v's $ref, if it has one, within doc.
func resolve(doc map[string]any, v any) map[string]any {
	m, _ := v.(map[string]any)
	r, ok := m["$ref"].(string)
	if !ok {
		return m
	}
	var at any = doc
	for _, part := range strings.Split(strings.TrimPrefix(r, "#/"), "/") {
		at = at.(map[string]any)[strings.ReplaceAll(strings.ReplaceAll(part, "~1", "/"), "~0", "~")]
	}
	return resolve(doc, at)
}

// operations calls f with every operation of doc.
func eachOperation(doc map[string]any, f func(path, method string, op map[string]any)) {
	paths := doc["paths"].(map[string]any)
	for _, path := range slices.Sorted(maps.Keys(paths)) {
		for method, op := range paths[path].(map[string]any) {
			f(path, method, op.(map[string]any))
		}
	}
}

// TestOpenAPIValuesHaveTheirTypes checks that every query parameter's
// default and example in /openapi.json is a JSON value of the parameter's
// schema type (an integer is 300, not "300"): generated clients and
// validators read them as such.
func TestOpenAPIValuesHaveTheirTypes(t *testing.T) {
	doc := openAPI(t)
	isType := func(typ any, v any) bool {
		switch x := v.(type) {
		case nil:
			return true // not given
		case float64:
			return typ == "number" || typ == "integer" && x == float64(int64(x))
		case bool:
			return typ == "boolean"
		case string:
			return typ == "string"
		case map[string]any:
			return typ == "object" || typ == nil
		}
		return false
	}
	checked := 0
	eachOperation(doc, func(path, method string, op map[string]any) {
		ps, _ := op["parameters"].([]any)
		for _, v := range ps {
			p := resolve(doc, v)
			sc := resolve(doc, p["schema"])
			if !isType(sc["type"], sc["default"]) || !isType(sc["type"], p["example"]) {
				t.Errorf("%s %s ?%s: type %s, default %#v, example %#v", method, path, p["name"], sc["type"], sc["default"], p["example"])
			}
			if sc["type"] == "integer" && sc["default"] != nil {
				checked++
			}
		}
	})
	if checked == 0 {
		t.Fatal("no integer parameter with a default: the document's shape has changed")
	}
}

// TestOpenAPIDeclaresProblems checks that every operation but a CORS
// preflight declares the problems it can answer: a 4XX, 429 (fair use) and
// a default, each a problem document.
func TestOpenAPIDeclaresProblems(t *testing.T) {
	doc := openAPI(t)
	eachOperation(doc, func(path, method string, op map[string]any) {
		if method == "options" {
			return
		}
		res := op["responses"].(map[string]any)
		four := false
		for status := range res {
			four = four || status[0] == '4'
		}
		if !four || res["default"] == nil {
			t.Errorf("%s %s: responses %v: no 4XX or no default", method, path, slices.Sorted(maps.Keys(res)))
		}
		if method != "head" && path != "/api/mcp" || method == "post" {
			if res["429"] == nil {
				t.Errorf("%s %s: no 429", method, path)
			}
		}
		c := resolve(doc, res["default"])["content"]
		switch {
		case method == "head" && c != nil: // a HEAD answer has no body; a generated client would wait for one
			t.Errorf("%s %s: the default has a body", method, path)
		case method != "head" && (c == nil || c.(map[string]any)["application/problem+json"] == nil):
			t.Errorf("%s %s: the default is not a problem document", method, path)
		}
	})
}

// TestOpenAPIExamplesWork sends every operation's examples as they are,
// each parameter's example and the request body's, and expects success:
// what a reader copies from the description must work.
func TestOpenAPIExamplesWork(t *testing.T) {
	doc := openAPI(t)
	h := New(Config{})
	tried := 0
	eachOperation(doc, func(path, method string, op map[string]any) {
		if method != "get" && method != "post" || path == "/api/mcp" && method != "post" {
			return
		}
		q := url.Values{}
		target := path
		ps, _ := op["parameters"].([]any)
		for _, v := range ps {
			p := resolve(doc, v)
			if p["deprecated"] == true || p["example"] == nil {
				continue
			}
			switch ex := p["example"].(type) {
			case map[string]any: // an exploded object: each property is a parameter
				for k, v := range ex {
					q.Set(k, fmt.Sprint(v))
				}
			default:
				if p["in"] == "path" {
					target = strings.Replace(target, "{"+p["name"].(string)+"}", url.PathEscape(fmt.Sprint(ex)), 1)
				} else {
					q.Set(p["name"].(string), fmt.Sprint(ex))
				}
			}
		}
		var body io.Reader
		req := httptest.NewRequest(strings.ToUpper(method), target+"?"+q.Encode(), nil)
		if rb, ok := op["requestBody"].(map[string]any); ok {
			for ct, v := range rb["content"].(map[string]any) {
				if ex, ok := v.(map[string]any)["example"]; ok {
					b, _ := json.Marshal(ex)
					body = bytes.NewReader(b)
					req = httptest.NewRequest("POST", target, body)
					req.Header.Set("Content-Type", ct)
				}
			}
			if body == nil {
				t.Errorf("%s %s: no request body example", method, path)
				return
			}
		}
		req.Header.Set("Accept", "application/json, text/event-stream")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if w.Code != 200 {
			t.Errorf("%s %s, its examples as they are: %d %s", method, req.URL, w.Code, w.Body)
		}
		tried++
	})
	if tried < 40 {
		t.Fatalf("only %d operations tried", tried)
	}
}

// TestEitherOrIsDeclared checks that a kind which refuses a call with only
// its required fields says why in its schema (anyOf, allOf or oneOf): the
// description must not promise that such a call works.
func TestEitherOrIsDeclared(t *testing.T) {
	h := New(Config{})
	declared := 0
	for _, k := range payload.All() {
		q := url.Values{}
		sample := k.Sample()
		for _, fd := range k.Fields {
			if fd.Required {
				q.Set(fd.Name, sample[fd.Name])
			}
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", "/api/v1/"+k.Name+"?"+q.Encode(), nil))
		sc := k.Schema()
		rules := sc["anyOf"] != nil || sc["allOf"] != nil || sc["oneOf"] != nil
		if w.Code != 200 && !rules {
			t.Errorf("%s with its required fields only (%s): %d, and its schema declares no rule: %s", k.Name, q.Encode(), w.Code, w.Body)
		}
		if rules {
			declared++
		}
	}
	if declared == 0 {
		t.Fatal("no kind declares an either/or rule")
	}
}

// TestOpenAPIFixedPartsAreRoutes holds openapi.json to the route table:
// each operation it fixes is a path the description has or the prefix of
// a route's operations (the kinds'), so none is left behind when a route
// goes, and each route it alone describes has its operationId there.
func TestOpenAPIFixedPartsAreRoutes(t *testing.T) {
	paths := openAPI(t)["paths"].(map[string]any)
	_, ops := fixed()
	s := New(Config{}).(*server)
	for path := range ops {
		if paths[path] == nil && !slices.ContainsFunc(s.routes, func(rt route) bool { return rt.path == path }) {
			t.Errorf("openapi.json describes %s, which no route answers", path)
		}
	}
	for _, rt := range s.routes {
		if op, _ := ops[rt.path].(map[string]any); rt.doc == nil && (op == nil || op["operationId"] == nil) {
			t.Errorf("%s has no doc and no operation in openapi.json", rt.path)
		}
	}
}
