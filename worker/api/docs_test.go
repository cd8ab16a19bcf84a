package api

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	"qrkeyless/core/params"
	"qrkeyless/core/payload"
)

// TestPublishedDocs checks that /openapi.json and /llms*.txt describe every
// route, parameter and kind the service has.
func TestPublishedDocs(t *testing.T) {
	h := New(nil)
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
		if rt.path == "/api/v1/" || rt.path == "/api/v1/health" || strings.HasPrefix(rt.path, "/llms") || rt.path == "/openapi.json" {
			continue
		}
		p := rt.path
		if p == "/q/" {
			p = "/q/{file}"
		}
		if doc.Paths[p] == nil {
			t.Errorf("openapi lacks %s", p)
		}
	}
	full := get("/llms-full.txt")
	for _, k := range payload.All() {
		if doc.Paths["/api/v1/"+k.Name] == nil {
			t.Errorf("openapi lacks kind %s", k.Name)
		}
		if !strings.Contains(full, "/api/v1/"+k.Name+":") {
			t.Errorf("llms-full.txt lacks kind %s", k.Name)
		}
		for _, fd := range k.Fields {
			if !strings.Contains(full, "  - "+fd.Name+" (") {
				t.Errorf("llms-full.txt lacks %s.%s", k.Name, fd.Name)
			}
		}
	}
	short := get("/llms.txt")
	for _, p := range params.Shared {
		if !strings.Contains(short, "- "+p.Name) {
			t.Errorf("llms.txt lacks parameter %s", p.Name)
		}
	}
}

// TestOpenAPIValuesHaveTheirTypes checks that every query parameter's
// default and example in /openapi.json is a JSON value of the parameter's
// schema type (an integer is 300, not "300"): generated clients and
// validators read them as such.
func TestOpenAPIValuesHaveTheirTypes(t *testing.T) {
	w := httptest.NewRecorder()
	New(nil).ServeHTTP(w, httptest.NewRequest("GET", "/openapi.json", nil))
	var doc struct {
		Paths map[string]map[string]struct {
			Parameters []struct {
				Name    string `json:"name"`
				Example any    `json:"example"`
				Schema  struct {
					Type    string `json:"type"`
					Default any    `json:"default"`
				} `json:"schema"`
			} `json:"parameters"`
		} `json:"paths"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	isType := func(typ string, v any) bool {
		switch x := v.(type) {
		case nil:
			return true // not given
		case float64:
			return typ == "number" || typ == "integer" && x == float64(int64(x))
		case bool:
			return typ == "boolean"
		case string:
			return typ == "string"
		}
		return false
	}
	checked := 0
	for path, ops := range doc.Paths {
		for method, op := range ops {
			for _, p := range op.Parameters {
				if !isType(p.Schema.Type, p.Schema.Default) || !isType(p.Schema.Type, p.Example) {
					t.Errorf("%s %s ?%s: type %s, default %#v, example %#v", method, path, p.Name, p.Schema.Type, p.Schema.Default, p.Example)
				}
				if p.Schema.Type == "integer" && p.Schema.Default != nil {
					checked++
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no integer parameter with a default: the document's shape has changed")
	}
}
