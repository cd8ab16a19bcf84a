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
