package templates

import (
	_ "embed"
	"encoding/json"
	"strings"
)

// firstScript asks the API for a shared link's code as the page starts to
// be parsed, before the editor's program has loaded (docs/editor.md,
// "Loading"): first.js, inlined in the head of every editor page with
// the page's form written out for it (firstForm), since the form itself
// is not parsed yet.
//
//go:embed first.js
var firstScript string

// firstCode is first.js without its comment lines, which every page
// would carry.
var firstCode = func() string {
	var b strings.Builder
	for _, line := range strings.Split(strings.TrimSpace(firstScript), "\n") {
		if !strings.HasPrefix(strings.TrimSpace(line), "//") {
			b.WriteString(line + "\n")
		}
	}
	return strings.TrimSpace(b.String())
}()

// firstControl is a control of the form as first.js reads it: what
// app.js and controls.js read from its input elements.
type firstControl struct {
	Name     string   `json:"name"`
	Aliases  []string `json:"aliases,omitempty"`
	Field    string   `json:"field,omitempty"`
	Style    string   `json:"style,omitempty"`
	Input    string   `json:"input"`
	Default  string   `json:"default,omitempty"`
	Required bool     `json:"required,omitempty"`
	Unless   []rule   `json:"unless,omitempty"`
	Secret   bool     `json:"secret,omitempty"`
	Swatch   bool     `json:"swatch,omitempty"`
	Options  []string `json:"options,omitempty"`
}

// rule is a payload.Unless as the page writes it (data-unless): the field
// deciding, and its values that lift the need.
type rule struct {
	Field  string   `json:"field"`
	Values []string `json:"values"`
}

// firstForm is the page's inline script: first.js called with the form of
// the page: its
// kind, its controls with a query name (data-field or data-style) in the
// order of the page, and the gradient angle's default.
func firstForm(kind string, fields, styles []Control) string {
	var form struct {
		Kind     string         `json:"kind"`
		Controls []firstControl `json:"controls"`
		Angle    string         `json:"angle"`
	}
	form.Kind = kind
	for _, c := range append(append(append([]Control{}, fields...), group(styles, "style")...), group(styles, "brand")...) {
		if c.UI == "angle" {
			form.Angle = c.Default
		}
		if c.Field == "" && c.Style == "" {
			continue
		}
		fc := firstControl{Name: c.Name, Aliases: c.Aliases, Field: c.Field, Style: c.Style, Input: c.Input, Default: c.Default, Required: c.Required, Secret: c.Secret, Swatch: c.Swatch}
		for _, u := range c.Unless {
			fc.Unless = append(fc.Unless, rule{u.Field, u.Values})
		}
		for _, o := range c.Options {
			fc.Options = append(fc.Options, o.Value)
		}
		form.Controls = append(form.Controls, fc)
	}
	b, _ := json.Marshal(form) // strings, bools and lists: no error; <, > and & escaped, safe in a script
	return "<script>(" + firstCode + ")(" + string(b) + ");</script>"
}
