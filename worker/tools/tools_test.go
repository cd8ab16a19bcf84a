package tools

import (
	"encoding/json"
	"strings"
	"testing"

	"qrkeyless/core/scan"
)

// TestToolTexts holds tools.json to the tools: each tool has a title and a
// description, each entry names a tool, and no placeholder is left unfilled.
func TestToolTexts(t *testing.T) {
	var texts map[string]struct{ Title, Description string }
	if err := json.Unmarshal(toolsJSON, &texts); err != nil {
		t.Fatalf("tools.json: %v", err)
	}
	all := All(scan.Limits{})
	if len(all) != len(texts) {
		t.Errorf("%d tools, %d entries in tools.json", len(all), len(texts))
	}
	for _, st := range all {
		if _, ok := texts[st.Tool.Name]; !ok || st.Tool.Title == "" || len(st.Tool.Description) < 40 || strings.ContainsAny(st.Tool.Description, "{}") {
			t.Errorf("%s: title %q, description %q", st.Tool.Name, st.Tool.Title, st.Tool.Description)
		}
	}
}
