package params

import (
	"image/color"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"
)

// Every preset is a look of its own that the parser takes: no problem,
// and no two presets (nor a preset and the default) the same options.
func TestPresetsParse(t *testing.T) {
	if len(Presets) < 12 {
		t.Errorf("%d presets; at least 12 are promised", len(Presets))
	}
	def, _ := Parse(call(""))
	seen := map[string]string{def.Canonical(): "the default"}
	for _, pr := range Presets {
		o, p := Parse(call("preset=" + pr.Name))
		if p != nil {
			t.Errorf("preset=%s: %s (fix %s)", pr.Name, p.Detail, p.Fix)
			continue
		}
		if other, ok := seen[o.Canonical()]; ok {
			t.Errorf("preset=%s draws what %s draws", pr.Name, other)
		}
		seen[o.Canonical()] = pr.Name
		explicit, p := Parse(call(pr.Query))
		if p != nil || explicit.Canonical() != o.Canonical() {
			t.Errorf("preset=%s is not its own parameters: %q against %q", pr.Name, o.Canonical(), explicit.Canonical())
		}
		if pr.Title == "" || pr.Help == "" {
			t.Errorf("preset %s has no title or help", pr.Name)
		}
	}
}

func TestPresetOverrides(t *testing.T) {
	tests := []struct {
		query string
		check func(Options) bool
	}{
		{"preset=cafe", func(o Options) bool {
			return o.Style == "rounded" && o.FG == color.NRGBA{0x4e, 0x34, 0x2e, 255} && o.Brand.Frame == "banner-bottom" && o.Brand.FrameText == "MENU"
		}},
		{"preset=CAFE", func(o Options) bool { return o.Style == "rounded" }},
		// the call's own parameter wins, under its name or an alias
		{"preset=cafe&color=000000", func(o Options) bool { return o.FG == color.NRGBA{0, 0, 0, 255} && o.Style == "rounded" }},
		{"preset=cafe&fg=000000", func(o Options) bool { return o.FG == color.NRGBA{0, 0, 0, 255} }},
		{"preset=cafe&dots=dot", func(o Options) bool { return o.Style == "dot" }},
		{"preset=cafe&label=CARTE", func(o Options) bool { return o.Brand.FrameText == "CARTE" }},
		// given empty, the preset's value is cleared
		{"preset=cafe&frame_text=", func(o Options) bool { return o.Brand.FrameText == "" && o.Brand.Frame == "banner-bottom" }},
		{"preset=cafe&frame=none&frame_text=", func(o Options) bool { return !o.Branded() || o.Brand.Frame == "none" }},
	}
	for _, tt := range tests {
		o, p := Parse(call(tt.query))
		if p != nil {
			t.Errorf("%s: %s", tt.query, p.Detail)
			continue
		}
		if !tt.check(o) {
			t.Errorf("%s: got %s", tt.query, o.Canonical())
		}
	}
}

// An unknown preset is a 400 whose fix names the nearest and whose allowed
// list is every preset; the fix is the call itself with that preset.
func TestUnknownPreset(t *testing.T) {
	_, p := Parse(call("preset=cafee&data=x"))
	if p == nil || p.Status != 400 || p.Field != "preset" {
		t.Fatalf("preset=cafee: %+v", p)
	}
	if !strings.Contains(p.Fix, "preset=cafe&") && !strings.HasSuffix(p.Fix, "preset=cafe") {
		t.Errorf("fix %q does not name preset=cafe", p.Fix)
	}
	if !slices.Equal(p.Allowed, PresetNames()) {
		t.Errorf("allowed %v, want every preset", p.Allowed)
	}
}

// A fix written after a preset is applied is the whole look written out,
// with no preset left to bring back a parameter the fix drops.
func TestPresetFixIsExplicit(t *testing.T) {
	_, p := Parse(call("preset=cafe&size=9"))
	if p == nil {
		t.Fatal("size=9 passed")
	}
	fix, _ := url.ParseQuery(strings.SplitN(p.Fix, "?", 2)[1])
	if fix.Has("preset") || fix.Get("style") != "rounded" || fix.Get("frame_text") != "MENU" {
		t.Errorf("fix %q is not the preset written out", p.Fix)
	}
}

// docs/interface.md's preset table has every preset, with its parameters
// as the registry sets them.
func TestPresetTableDoc(t *testing.T) {
	b, err := os.ReadFile("../../docs/interface.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]string{}
	for _, line := range strings.Split(string(b), "\n") {
		if cells := strings.Split(line, "|"); len(cells) == 5 && strings.HasPrefix(line, "| `") {
			rows[strings.Trim(cells[1], " `")] = line
		}
	}
	for _, p := range Presets {
		row := rows[p.Name]
		if !strings.Contains(row, "`"+p.Query+"`") || !strings.Contains(row, p.Title) {
			t.Errorf("docs/interface.md's preset table has no row for %s with %s", p.Name, p.Query)
		}
	}
}
