package api

import (
	"encoding/json"
	"testing"

	"qrkeyless/core/params"
	"qrkeyless/internal/readback"
)

// GET /api/v1/presets lists every preset with its parameters, and each
// one's example call draws a code that reads back to its data; a preset
// misspelt is a 400 whose fix names the nearest.
func TestPresets(t *testing.T) {
	w := typedGet(t, "/api/v1/presets")
	var list presetsAnswer
	if err := json.Unmarshal(w.Body.Bytes(), &list); err != nil || w.Code != 200 {
		t.Fatalf("%d %s", w.Code, w.Body)
	}
	if list.Count != len(params.Presets) || len(list.Presets) != list.Count {
		t.Fatalf("count %d, %d listed; the registry has %d", list.Count, len(list.Presets), len(params.Presets))
	}
	for _, p := range list.Presets {
		if len(p.Params) == 0 || p.Title == "" {
			t.Errorf("%s: no parameters or title", p.Name)
		}
		w := typedGet(t, p.Example)
		if w.Code != 200 || w.Header().Get("Content-Type") != "image/png" {
			t.Errorf("%s: %d %s", p.Example, w.Code, w.Body)
			continue
		}
		if got, err := readback.Text(w.Body.Bytes()); err != nil || got != "https://example.com" {
			t.Errorf("%s decodes to %q (%v)", p.Example, got, err)
		}
	}
	pr := typedProblem(t, typedGet(t, "/api/v1/qr?data=x&preset=shopp"), 400)
	if pr.Field != "preset" || pr.Fix != "/api/v1/qr?data=x&preset=shop" {
		t.Errorf("preset=shopp: field %q, fix %q", pr.Field, pr.Fix)
	}
}
