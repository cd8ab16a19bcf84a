package api

import (
	"encoding/json"
	"net/http"
	"net/url"

	"qrkeyless/core/params"
)

// presetsAnswer is the body of GET /api/v1/presets.
type presetsAnswer struct {
	Count   int          `json:"count" desc:"How many presets there are."`
	Presets []presetInfo `json:"presets" desc:"Every preset, in the order the editor shows them."`
}

// presetInfo is one entry of GET /api/v1/presets.
type presetInfo struct {
	Name    string            `json:"name" desc:"The preset's name, the value of preset."`
	Title   string            `json:"title" desc:"A short human name."`
	Help    string            `json:"help" desc:"The place it is made for."`
	Params  map[string]string `json:"params" desc:"The parameters it sets; any of them given with the call wins."`
	Example string            `json:"example" desc:"A call that draws it."`
}

// presets answers GET /api/v1/presets: every preset with its parameters.
func (s *server) presets(w http.ResponseWriter, r *http.Request) {
	list := make([]presetInfo, 0, len(params.Presets))
	for _, p := range params.Presets {
		example := "/api/v1/qr?" + url.Values{"data": {"https://example.com"}, params.PresetP.Name: {p.Name}}.Encode()
		list = append(list, presetInfo{p.Name, p.Title, p.Help, p.Params(), example})
	}
	body, _ := json.Marshal(presetsAnswer{len(list), list})
	writeDoc(w, r, "application/json", body)
}
