// Package templates holds the editor's pages as templ components (the
// .templ files; `go tool templ generate` writes the _templ.go files beside
// them) and the form model they render: every input is a Control read from
// the payload registry or from the shared rendering parameters, so adding
// a kind to core/payload adds its page and nothing else.
package templates

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strings"

	"github.com/a-h/templ"

	"qrkeyless/core/frame"
	"qrkeyless/core/params"
	"qrkeyless/core/payload"
	"qrkeyless/core/qr"
	"qrkeyless/core/render"
	"qrkeyless/wasm/editor"
)

// Control is one input of an editor form: a payload field or a style option.
type Control struct {
	Name     string   // query name in the page URL: the field's Short name or Name, or a style control
	Aliases  []string // other query names read when a URL is opened (the API's names and aliases)
	Field    string   // for a payload field, its Name: the key the browser program reads
	Style    string   // for a style option, its key: fg, bg, style, eye, ec, margin, size, label or tpl
	Label    string
	Help     string
	Input    string // text, textarea, select, pictures (radio buttons with a picture each), checkbox, password, email, url, tel, date or number
	Mode     string // inputmode, for text inputs that take numbers
	Required bool
	Secret   bool
	Options  []Option // the choices of a select
	Example  string   // drawn when the form is empty (the kind's Sample)
	Hint     string   // a value of the right form, shown as "e.g. …" in the empty input
	Default  string   // the value that is left out of the URL, and the input's initial value
	Min, Max string   // bounds of a number
	Swatch   bool     // a colour: a picker sits beside the text input
}

// Option is one choice of a select or of pictures.
type Option struct {
	Value, Label string
	Picture      string // SVG markup, for pictures
}

// ID returns the element id of the control's input.
func (c Control) ID() string { return "c-" + c.Name }

// Key returns the name the browser program reads the control under.
func (c Control) Key() string {
	if c.Field != "" {
		return c.Field
	}
	return c.Style
}

// formatInputs maps field formats to input types; the rest are text inputs.
var formatInputs = map[string]string{
	payload.FormatLongText: "textarea",
	payload.FormatURL:      "url",
	payload.FormatEmail:    "email",
	payload.FormatPhone:    "tel",
	payload.FormatDate:     "date",
	payload.FormatBool:     "checkbox",
	payload.FormatEnum:     "select",
}

// FieldControls returns the inputs of k's fields, in the registry's order.
func FieldControls(k *payload.Kind) []Control {
	var cs []Control
	sample := k.Sample()
	for _, fd := range k.Fields {
		c := Control{
			Name:     fd.Name,
			Field:    fd.Name,
			Label:    fd.Label,
			Help:     fd.Help,
			Input:    "text",
			Required: fd.Required,
			Secret:   fd.Secret,
			Example:  sample[fd.Name],
			Hint:     fd.Example,
		}
		if fd.Short != "" {
			c.Name, c.Aliases = fd.Short, []string{fd.Name}
		}
		if in := formatInputs[fd.Format]; in != "" {
			c.Input = in
		}
		switch fd.Format {
		case payload.FormatDecimal:
			c.Mode = "decimal"
		case payload.FormatInteger:
			c.Mode = "numeric"
		}
		if len(fd.Enum) > 0 {
			c.Input = "select"
			if !fd.Required {
				c.Options = append(c.Options, Option{Value: "", Label: "Not set"}) // the help says what that means
			}
			for i, v := range fd.Enum {
				label := v
				if i < len(fd.Choices) {
					label = fd.Choices[i]
				}
				c.Options = append(c.Options, Option{Value: v, Label: label})
			}
		}
		if fd.Secret {
			// A password field shows no hint: dots or a sample secret
			// would read as a password already filled in.
			c.Input, c.Hint = "password", ""
		}
		cs = append(cs, c)
	}
	return cs
}

// DataControl is the one input of the free-text editor at /.
func DataControl() Control {
	return Control{
		Name:     editor.DataField,
		Aliases:  params.Data.Aliases,
		Field:    editor.DataField,
		Label:    "Text or link",
		Help:     "Exactly what the code holds: a link, a sentence, anything up to about 2,900 characters.",
		Input:    "textarea",
		Required: true,
		Example:  params.Data.Example,
		Hint:     params.Data.Example,
	}
}

// CaptionName is the query name of the caption under the code: label, as
// the editor's URLs write it, unless k has a field of that name (the
// bitcoin kinds do), which keeps it and leaves caption for the caption.
func CaptionName(k *payload.Kind) string {
	if k != nil && k.Field("label") != nil {
		return "caption"
	}
	return "label"
}

// StyleControls returns the style options of k's page (nil for /).
func StyleControls(k *payload.Kind) []Control {
	var cs []Control
	for _, p := range editor.StyleControls {
		name := editor.ControlName(p.Name)
		c := Control{Name: name, Style: name, Help: p.Help, Input: "text", Default: p.Default}
		for _, n := range p.Names() {
			if n != name {
				c.Aliases = append(c.Aliases, n)
			}
		}
		// Labels and help in the editor's words; the API's help (p.Help)
		// speaks of parameters.
		switch p.Name {
		case params.Style.Name:
			c.Label, c.Input, c.Help = "Module shape", "pictures", ""
		case params.Eye.Name:
			c.Label, c.Input, c.Help = "Finder eyes", "pictures", ""
		case params.Color.Name:
			c.Label, c.Swatch = "Foreground colour", true
			c.Help = "Hex RGB, RRGGBB or RRGGBBAA. Dark on light scans best."
		case params.BG.Name:
			c.Label, c.Swatch = "Background colour", true
			c.Help = "Hex, or transparent."
		case params.EC.Name:
			c.Label, c.Input = "Error correction", "select"
			c.Help = "Automatic is M, or H for shaped modules. Higher levels survive more damage and make a denser code."
			c.Options = []Option{{Value: "", Label: "Automatic"}}
		case params.Margin.Name:
			c.Label, c.Input = "Quiet zone (modules)", "number"
			c.Help = "The blank border scanners need; 4 is the standard."
		case params.Size.Name:
			c.Label, c.Input = "Size (pixels)", "number"
			c.Help = "Width of the code, quiet zone included; a label or template adds to it."
		}
		if p.Type == "integer" {
			c.Min, c.Max = fmt.Sprint(p.Min), fmt.Sprint(p.Max)
		}
		if p.Enum != nil {
			for _, v := range p.Enum() {
				o := Option{Value: v, Label: v}
				if c.Input == "pictures" {
					o.Picture = picture(p.Name, v)
				}
				c.Options = append(c.Options, o)
			}
		}
		cs = append(cs, c)
	}
	cs = append(cs,
		Control{Name: CaptionName(k), Style: "label", Label: "Label", Input: "text",
			Help: "A caption printed under the code, in the PNG and the SVG."},
		Control{Name: "tpl", Style: "tpl", Label: "Print template", Input: "select",
			Help: "Frames the code for print, titled with the kind of code: a " + templateHelp() + ".", Options: templateOptions()},
	)
	return cs
}

func templateOptions() []Option {
	opts := []Option{{Value: "", Label: "None"}}
	for _, t := range frame.Templates {
		opts = append(opts, Option{Value: t.Name, Label: t.Label})
	}
	return opts
}

// templateHelp lists the templates in words: "card with title or counter standee".
func templateHelp() string {
	var names []string
	for _, t := range frame.Templates {
		names = append(names, strings.ToLower(t.Label))
	}
	return strings.Join(names, " or ")
}

// CheckNames reports a query name used by two controls of one page, which
// would make its URLs ambiguous: a kind with a field named like a style
// option (size, fg, tpl) must not reach the site unnoticed.
func CheckNames(k *payload.Kind) error {
	var cs []Control
	if k == nil {
		cs = append(cs, DataControl())
	} else {
		cs = FieldControls(k)
	}
	cs = append(cs, StyleControls(k)...)
	seen := map[string]string{}
	for _, c := range cs {
		for _, n := range append([]string{c.Name}, c.Aliases...) {
			if other, dup := seen[n]; dup {
				return fmt.Errorf("templates: page %s: %q names both %s and %s", pageName(k), n, other, c.Label)
			}
			seen[n] = c.Label
		}
	}
	return nil
}

func pageName(k *payload.Kind) string {
	if k == nil {
		return "/"
	}
	return "/" + k.Name
}

// Attrs returns the attributes of the control's input element: its name
// (data-name for a secret),
// the keys the browser program reads (data-field or data-style, data-alias,
// data-default, data-example, data-secret) and what the browser needs for
// input and accessibility.
func (c Control) Attrs() templ.OrderedAttributes {
	a := templ.OrderedAttributes{}
	add := func(k string, v any) {
		if s, ok := v.(string); ok && s == "" {
			return
		}
		a = append(a, templ.KV(k, v))
	}
	if c.Input != "pictures" { // radio buttons: one per option, each in its label
		add("id", c.ID())
	}
	// A secret input has no name, so that no form submission can carry
	// it, whatever happens to the script that normally stops submission.
	if c.Secret {
		add("data-name", c.Name)
	} else {
		add("name", c.Name)
	}
	add("data-field", c.Field)
	add("data-style", c.Style)
	add("data-alias", strings.Join(c.Aliases, " "))
	add("data-default", c.Default)
	add("data-example", c.Example)
	add("data-secret", c.Secret)
	add("required", c.Required)
	add("inputmode", c.Mode)
	add("min", c.Min)
	add("max", c.Max)
	if c.Input != "select" && c.Input != "checkbox" && c.Input != "pictures" {
		if c.Hint != "" {
			add("placeholder", "e.g. "+c.Hint)
		}
		if c.Default != "" {
			add("value", c.Default)
		}
		add("autocomplete", "off")
		add("spellcheck", "false")
	}
	if c.Input == "checkbox" {
		add("value", "true")
	}
	describedBy := "e-" + c.Name
	if c.Help != "" {
		describedBy = "h-" + c.Name + " " + describedBy
	}
	if c.Secret {
		describedBy += " p-" + c.Name
	}
	if c.Input != "pictures" { // the fieldset names the error
		add("aria-describedby", describedBy)
	}
	return a
}

// SecretLabels lists the labels of k's secret fields, lower-cased for a sentence.
func SecretLabels(k *payload.Kind) []string {
	var s []string
	if k == nil {
		return nil
	}
	for _, fd := range k.Fields {
		if fd.Secret {
			s = append(s, strings.ToLower(fd.Label))
		}
	}
	return s
}

// isAre is the verb after a list of n things.
func isAre(list []string) string {
	if len(list) == 1 {
		return "is"
	}
	return "are"
}

// itThem is the pronoun for a list of n things.
func itThem(list []string) string {
	if len(list) == 1 {
		return "it"
	}
	return "them"
}

// secretNoteID is the id of the note saying that secrets are left out of
// the API URL and the curl line, or "" on a page with no secret.
func secretNoteID(secrets []string) string {
	if len(secrets) == 0 {
		return ""
	}
	return "secret-note"
}

// Pictures returns the pictures of the style and eye choices, PNG files
// by their paths on the site: each a small part of a code drawn by the
// core with that choice (the middle for a style, the top-left finder for
// an eye), at twice the size a page shows it.
func Pictures() (map[string][]byte, error) {
	c, err := qr.Encode(pictureText, qr.L)
	if err != nil {
		return nil, err
	}
	const px = 10 // pixels a module
	out := map[string][]byte{}
	for _, p := range []params.Param{params.Style, params.Eye} {
		for _, v := range p.Enum() {
			o := render.Options{Size: px * c.Size, FG: color.NRGBA{A: 255}, BG: color.NRGBA{255, 255, 255, 255}, Style: "square", Eye: "square"}
			crop := image.Rect(0, 0, 7*px, 7*px)
			if p.Name == params.Style.Name {
				o.Style, crop = v, image.Rect(11*px, 13*px, 17*px, 19*px)
			} else {
				o.Eye = v
			}
			img, err := png.Decode(bytes.NewReader(render.Bytes(c, o, "png")))
			if err != nil {
				return nil, err
			}
			var b bytes.Buffer
			if err := png.Encode(&b, img.(interface {
				SubImage(image.Rectangle) image.Image
			}).SubImage(crop)); err != nil {
				return nil, err
			}
			out[picture(p.Name, v)] = b.Bytes()
		}
	}
	return out, nil
}

// picture is the path of a choice's picture.
func picture(param, value string) string { return "/pictures/" + param + "-" + value + ".png" }

// pictureText is encoded for the pictures: version 1, whose modules at
// (11, 13) to (16, 18) are dark alone, in runs and in blocks (chosen by a
// search over short texts).
const pictureText = "qr1136"
