package api

import (
	"encoding/json"
	"net/http"
	"strings"

	"qrkeyless/core/params"
	"qrkeyless/core/payload"
)

// typed answers GET /api/v1/<kind>: it builds the kind's payload from the
// named fields, then renders it like /api/v1/qr.
func (s *server) typed(w http.ResponseWriter, r *http.Request) {
	call := params.NewCall(r.URL.Path, r.URL.Query())
	k, ok := payload.Lookup(strings.TrimPrefix(r.URL.Path, "/api/v1/"))
	if !ok {
		writeProblem(w, r, params.UnknownKind(strings.TrimPrefix(r.URL.Path, "/api/v1/"), call))
		return
	}
	s.generate(w, r, call, k)
}

// kindInfo is one entry of GET /api/v1/types.
type kindInfo struct {
	Name   string         `json:"name"`
	Title  string         `json:"title"`
	Help   string         `json:"help"`
	Path   string         `json:"path"`
	Editor string         `json:"editor"`
	Schema map[string]any `json:"schema"`
}

// types answers GET /api/v1/types: every kind with its field schema.
func (s *server) types(w http.ResponseWriter, r *http.Request) {
	var list []kindInfo
	for _, k := range payload.All() {
		list = append(list, kindInfo{k.Name, k.Title, k.Help, "/api/v1/" + k.Name, "/" + k.Name, k.Schema()})
	}
	body, _ := json.Marshal(map[string]any{"count": len(list), "types": list})
	writeDoc(w, r, "application/json", body)
}
