package templates

import (
	_ "embed"
	"strings"

	"qrkeyless/core/link"
	"qrkeyless/core/params"
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

// firstForm is the page's form as first.js reads it, and first.js
// called with it: its kind, title, its controls with a query name
// (data-field or data-style) in the order of the page, and the gradient
// angle's default. The form is a JSON block of its own (link.FormID), so
// that a server can send the page with a link's code in it (link.Page).
func firstForm(kind, title string, fields, styles []Control) string {
	form := link.Form{Kind: kind, Title: title, Looks: map[string]string{}}
	for _, p := range params.Presets {
		form.Looks[p.Name] = p.Query
	}
	for _, c := range append(append(append([]Control{}, fields...), group(styles, "style")...), group(styles, "brand")...) {
		if c.UI == "angle" {
			form.Angle = c.Default
		}
		if c.Field == "" && c.Style == "" {
			continue
		}
		fc := link.Control{Name: c.Name, Aliases: c.Aliases, Field: c.Field, Style: c.Style, Input: c.Input, Default: c.Default, Required: c.Required, Secret: c.Secret, Swatch: c.Swatch}
		for _, u := range c.Unless {
			fc.Unless = append(fc.Unless, link.Rule{Field: u.Field, Values: u.Values})
		}
		for _, o := range c.Options {
			fc.Options = append(fc.Options, o.Value)
		}
		form.Controls = append(form.Controls, fc)
	}
	return link.FormScript(form) + "<script>(" + firstCode + ")(JSON.parse(document.getElementById('" + link.FormID + "').textContent));</script>"
}
