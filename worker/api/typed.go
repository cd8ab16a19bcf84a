package api

import (
	"encoding/json"
	"net/http"

	"qrkeyless/core/payload"
)

// typesAnswer is the body of GET /api/v1/types.
type typesAnswer struct {
	Count int        `json:"count" desc:"How many kinds there are."`
	Types []kindInfo `json:"types" desc:"Every kind, by name."`
}

// kindInfo is one entry of GET /api/v1/types.
type kindInfo struct {
	Name   string         `json:"name" desc:"The kind's name, as in its path."`
	Title  string         `json:"title" desc:"A short human name."`
	Help   string         `json:"help" desc:"What scanning the code does."`
	Path   string         `json:"path" desc:"The REST endpoint that makes it."`
	Editor string         `json:"editor" desc:"The editor page that makes it."`
	Schema map[string]any `json:"schema" desc:"The JSON Schema of its fields."`
}

// types answers GET /api/v1/types: every kind with its field schema.
func (s *server) types(w http.ResponseWriter, r *http.Request) {
	var list []kindInfo
	for _, k := range payload.All() {
		list = append(list, kindInfo{k.Name, k.Title, k.Help, "/api/v1/" + k.Name, "/" + k.Name, k.Schema()})
	}
	body, _ := json.Marshal(typesAnswer{len(list), list})
	writeDoc(w, r, "application/json", body)
}
