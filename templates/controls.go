// Package templates holds the editor's pages as templ components (the
// .templ files; `go tool templ generate` writes the _templ.go files beside
// them) and the form model they render: every input is a Control read from
// the payload registry or from the shared rendering parameters, so adding
// a kind to core/payload adds its page and nothing else.
package templates

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/a-h/templ"
	xdraw "golang.org/x/image/draw"

	"qrkeyless/core/brand"
	"qrkeyless/core/frame"
	"qrkeyless/core/link"
	"qrkeyless/core/params"
	"qrkeyless/core/payload"
	"qrkeyless/core/qr"
	"qrkeyless/core/render"
	"qrkeyless/core/request"
)

// Control is one input of an editor form: a payload field or a style option.
type Control struct {
	Name     string   // query name in the page URL: the field's Short name or Name, or a style control
	Aliases  []string // other query names read when a URL is opened (the API's names and aliases)
	Field    string   // for a payload field, its Name: the key the browser program reads
	Style    string   // for a style option, its key: fg, bg, style, eye, ec, margin, size, frame, logo, ...
	UI       string   // for a control of the page alone (fill, fg2, angle), never a parameter: its key
	Sheet    string   // for a label sheet's layout option (the /batch page), its parameter's name
	Group    string   // "style", or "brand" for the branding (frame, colours, logo)
	Label    string
	Help     string
	Input    string // text, textarea, select, pictures (radio buttons with a picture each), checkbox, password, email, url, tel, date, number or file
	Mode     string // inputmode, for text inputs that take numbers
	Required bool
	Unless   []payload.Unless // the kind's rules that need this field unless another field has one of some values
	Secret   bool
	Options  []Option // the choices of a select
	Example  string   // drawn when the form is empty (the kind's Sample)
	Hint     string   // a value of the right form, shown as "e.g. …" in the empty input
	Default  string   // the value that is left out of the URL, and the input's initial value
	Min, Max string   // bounds of a number
	Step     string   // a number's step, when not whole
	Accept   string   // a file input's media types
	Swatch   bool     // a colour: a picker sits beside the text input
	ShownBy  string   // for a control of the page alone: the UI key of the checkbox that shows it (hidden until checked)
}

// Option is one choice of a select or of pictures.
type Option struct {
	Value, Label string
	Picture      string // SVG markup, for pictures
	Params       string // for a look, the parameters it sets, as a query
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
		for _, u := range k.Unless {
			if slices.Contains(u.Needs, fd.Name) {
				c.Unless = append(c.Unless, u)
			}
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
		Name:     params.DataField,
		Aliases:  params.Data.Aliases,
		Field:    params.DataField,
		Label:    "Text or link",
		Help:     "Exactly what the code holds: a link, a sentence, anything up to about 2,900 characters.",
		Input:    "textarea",
		Required: true,
		Example:  params.Data.Example,
		Hint:     params.Data.Example,
	}
}

// StyleControls returns the style and branding options of k's page (k
// is nil for /). A name that k's fields take (the bitcoin kinds have a
// field called label) is not taken as an alias of a style option.
func StyleControls(k *payload.Kind) []Control {
	var cs []Control
	taken := func(n string) bool { return k != nil && k.Field(n) != nil }
	for _, p := range params.StyleControls {
		name := params.ControlName(p.Name)
		c := Control{Name: name, Style: name, Help: p.Help, Input: "text", Default: p.Default, Group: "style"}
		for _, n := range p.Names() {
			if n != name && !taken(n) {
				c.Aliases = append(c.Aliases, n)
			}
		}
		if w, ok := styleWords[p.Name]; ok {
			w.word(&c)
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
				if p.Name == params.Frame.Name {
					f, _ := frame.Lookup(v)
					o.Label = f.Label
				}
				if p.Name == params.SymbolP.Name {
					o.Label = symbolLabels[v]
				}
				c.Options = append(c.Options, o)
			}
		}
		cs = append(cs, c)
		switch p.Name {
		case params.FrameTextColor.Name:
			cs = append(cs, fillControls()...) // the fill goes before the eyes' colours
		case params.EyeBallColor.Name:
			cs = append(cs, eyeControls()...)
		}
	}
	return cs
}

// wording is how the editor words a parameter's control: its label and
// help in a person's words (the API's help, p.Help, speaks of
// parameters), and where the parameter's type does not decide them, its
// input, step, bounds, media types, colour swatch and first choices.
type wording struct {
	Label, Help, Input string
	Step, Min, Max     string
	Accept             string
	Swatch             bool
	Options            []Option
	Brand              bool // a branding option: the brand group
}

// word gives c w's label and help (an empty help: none), its input where
// w names one, and its group where w is a branding option; c has no step,
// bounds, media types, swatch or choices of its own yet.
func (w wording) word(c *Control) {
	c.Label, c.Help, c.Input = w.Label, w.Help, cmp.Or(w.Input, c.Input)
	c.Step, c.Min, c.Max, c.Accept, c.Swatch = w.Step, w.Min, w.Max, w.Accept, w.Swatch
	c.Options = slices.Clone(w.Options)
	if w.Brand {
		c.Group = "brand"
	}
}

// styleWords word the style and branding options of StyleControls.
var styleWords = map[string]wording{
	params.SymbolP.Name: {Label: "Symbol", Input: "pictures",
		Help: "Micro QR is for tiny marks, rMQR for narrow labels: many phone cameras read only QR, so use them where a scanner that reads them (one built on zxing-cpp) will."},
	params.Style.Name: {Label: "Module shape", Input: "pictures"},
	params.Eye.Name:   {Label: "Finder eyes", Input: "pictures"},
	params.Ball.Name: {Label: "Eye balls", Input: "pictures", Options: []Option{{Value: "", Label: "The eye's own", Picture: picture(params.Ball.Name, "own")}},
		Help: "The ball inside each finder, chosen apart from its ring. A ball that does not fit the ring among these modules is refused with one that does."},
	params.Color.Name: {Label: "Foreground colour", Swatch: true, Help: "Hex RGB, RRGGBB or RRGGBBAA. Dark on light scans best."},
	params.BG.Name:    {Label: "Background colour", Swatch: true, Help: "Hex, or transparent."},
	params.EC.Name: {Label: "Error correction", Input: "select", Options: []Option{{Value: "", Label: "Automatic"}},
		Help: "Automatic is M, or H for shaped modules or a logo. Higher levels survive more damage and make a denser code."},
	params.Margin.Name: {Label: "Quiet zone (modules)", Input: "number", Help: "The blank border scanners need; 4 is the standard."},
	params.Size.Name:   {Label: "Size (pixels)", Input: "number", Help: "Width of the code, quiet zone included; a frame adds to it."},

	params.Frame.Name: {Brand: true, Label: "Frame", Input: "pictures"},
	params.FrameText.Name: {Brand: true, Label: "Frame text",
		Help: "A call to action, such as SCAN ME: at most 30 letters (Latin, Greek or Cyrillic). Without a frame, a caption under the code."},
	params.FrameColor.Name:     {Brand: true, Label: "Frame colour", Swatch: true, Help: "Hex. Empty: the code's colour."},
	params.FrameTextColor.Name: {Brand: true, Label: "Frame text colour", Swatch: true, Help: "Hex. Empty: white or black on a band, whichever shows more."},
	params.EyeColor.Name:       {Brand: true, Label: "Eye colour", Swatch: true, Help: "The three finder rings. Empty: the foreground colour."},
	params.EyeBallColor.Name:   {Brand: true, Label: "Eye ball colour", Swatch: true, Help: "The middle of each finder. Empty: the eye colour."},
	params.Logo.Name: {Brand: true, Label: "Logo", Input: "file", Accept: "image/svg+xml,image/png,image/jpeg,image/webp",
		Help: "An SVG, PNG, JPEG or WebP file from this device, up to 256 KiB. It stays in this page: it never enters the link or a request."},
	params.LogoSize.Name: {Brand: true, Label: "Logo size", Input: "number", Min: "0.05", Max: "0.4", Step: "0.01",
		Help: "The logo's width as a share of the code's. Too large to scan, and the code says so with the largest that does."},
	params.LogoMargin.Name: {Brand: true, Label: "Logo margin (modules)", Input: "number", Help: "Modules cleared round the logo."},
	params.LogoBG.Name:     {Brand: true, Label: "Logo plate", Swatch: true, Help: "Hex, or none. Empty: the background colour."},
	params.LogoShape.Name:  {Brand: true, Label: "Logo plate shape", Input: "select", Help: "A round or rounded plate clears fewer modules than a square one."},
	params.Outline.Name: {Brand: true, Label: "Outline", Input: "select",
		Help: "Circle: the code inside a circle of decorative modules, outside its quiet zone, where no scanner looks for data."},
	params.BGRadius.Name: {Brand: true, Label: "Rounded corners (modules)", Input: "number",
		Help: "Rounds the background's corners, leaving them transparent: at most 3.4 times the quiet zone."},
}

// swatchValue is a colour picker's first colour: the control's default,
// or black for one whose default is empty (the picker has no "none").
func swatchValue(c Control) string {
	if len(c.Default) == 6 {
		return "#" + c.Default
	}
	return "#000000"
}

// fillControls are the page's own controls for a gradient: its kind, its
// second colour and its angle, which app.js writes into the foreground
// colour (linear:<fg>,<fg2>,<angle>deg), the one parameter the API reads.
func fillControls() []Control {
	labels := map[string]string{"solid": "One colour", "linear": "Linear", "radial": "Radial"}
	fill := Control{Name: "fill", UI: "fill", Group: "brand", Label: "Fill", Input: "pictures", Default: "solid"}
	for _, v := range []string{"solid", "linear", "radial"} {
		fill.Options = append(fill.Options, Option{Value: v, Label: labels[v], Picture: picture("fill", v)})
	}
	return []Control{fill,
		{Name: "fg2", UI: "fg2", Group: "brand", Label: "Second colour", Input: "text", Swatch: true, Default: "2c5364",
			Help: "Where the gradient ends. Contrast is judged on its faintest colour."},
		{Name: "angle", UI: "angle", Group: "brand", Label: "Gradient angle (degrees)", Input: "number", Default: "180", Min: "0", Max: "359",
			Help: "0 runs up, 90 right, 180 down."},
	}
}

// eyeControls are the page's own controls of a colour per eye: a
// checkbox that shows the top-right and bottom-left eyes' ring and ball
// colours, which app.js writes with the eye colours above (the top-left
// eye's) into eye_color and eye_ball_color as three colours each
// (docs/interface.md, "Branding").
func eyeControls() []Control {
	cs := []Control{{Name: "eyes", UI: "eyes", Group: "brand", Label: "A colour for each eye", Input: "checkbox",
		Help: "The eye colours above paint the top-left eye; give the other two their own."}}
	for _, e := range []struct{ key, label, help string }{
		{params.EyeColor.Name + "2", "Top-right eye colour", "Empty: the top-left eye's."},
		{params.EyeColor.Name + "3", "Bottom-left eye colour", "Empty: the top-left eye's."},
		{params.EyeBallColor.Name + "2", "Top-right eye ball colour", "Empty: its eye's colour."},
		{params.EyeBallColor.Name + "3", "Bottom-left eye ball colour", "Empty: its eye's colour."},
	} {
		cs = append(cs, Control{Name: e.key, UI: e.key, Group: "brand", Label: e.label, Input: "text", Swatch: true, Help: e.help, ShownBy: "eyes"})
	}
	return cs
}

// LookControl is the row of looks above the style controls: each a preset
// (params.Presets) drawn whole, which sets the style and brand controls to
// its parameters when chosen (app.js). It is the page's alone: the link
// and the API hold the parameters it set, so a link made after it reads
// as any other, and one that says preset=NAME is read as the API reads it.
func LookControl() Control {
	c := Control{Name: params.PresetP.Name, UI: params.PresetP.Name, Group: "look", Label: "Look", Input: "pictures",
		Help:    "A starting point: each look sets the shape, colours and frame below, which you can then change.",
		Options: []Option{{Value: "", Label: "Plain", Picture: picture(params.PresetP.Name, "plain")}}}
	for _, p := range params.Presets {
		c.Options = append(c.Options, Option{Value: p.Name, Label: p.Title, Picture: picture(params.PresetP.Name, p.Name), Params: p.Query})
	}
	return c
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
	add("data-ui", c.UI)
	add("data-sheet", c.Sheet)
	add("data-alias", strings.Join(c.Aliases, " "))
	add("data-default", c.Default)
	add("data-example", c.Example)
	add("data-secret", c.Secret)
	add("required", c.Required)
	add("data-unless", unlessJSON(c.Unless))
	add("inputmode", c.Mode)
	add("min", c.Min)
	add("max", c.Max)
	add("step", c.Step)
	add("accept", c.Accept)
	if c.Input != "select" && c.Input != "checkbox" && c.Input != "pictures" && c.Input != "file" {
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
	if c.Secret || c.Input == "file" {
		describedBy += " p-" + c.Name
	}
	if c.Input != "pictures" { // the fieldset names the error
		add("aria-describedby", describedBy)
	}
	return a
}

// ExampleForm is the form of k's page (nil for /) as the page loads, as
// its program reads it (app.js's request, for an empty form): each field
// at its example, each style control at its default. What the program
// draws from it is the page's example code.
func ExampleForm(k *payload.Kind) (fields, style map[string]string) {
	cs := []Control{DataControl()}
	if k != nil {
		cs = FieldControls(k)
	}
	fields, style = map[string]string{}, map[string]string{}
	for _, c := range cs {
		fields[c.Field] = c.Example
	}
	for _, c := range StyleControls(k) {
		if c.Style != "" {
			style[c.Style] = c.Default
		}
	}
	return fields, style
}

// exampleLabel names the example code for a screen reader, as app.js's
// describe names it.
func exampleLabel(title string) string {
	what := "QR code"
	if title != "" {
		what = title + " QR code"
	}
	return "Example " + what + ", not yours: fill in the form to make your own"
}

// unlessJSON writes a field's Unless rules for app.js, which needs them to
// tell a link that makes a code from one that lacks a field (needed, in
// app.js): [{"field": the deciding field's name, "values": the values that
// lift the need}], or "" for none.
func unlessJSON(rules []payload.Unless) string {
	if len(rules) == 0 {
		return ""
	}
	out := make([]link.Rule, len(rules))
	for i, u := range rules {
		out[i] = link.Rule{Field: u.Field, Values: u.Values}
	}
	b, _ := json.Marshal(out) // strings only: no error
	return string(b)
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

// Pictures returns the pictures of the style, eye and eye-ball choices,
// PNG files by their paths on the site: each a small part of a code drawn
// by the core with that choice (the middle for a style, the top-left
// finder for an eye, and for a ball that finder's square ring round it),
// at twice the size a page shows it.
func Pictures() (map[string][]byte, error) {
	c, err := qr.Encode(pictureText, qr.L)
	if err != nil {
		return nil, err
	}
	const px = 10 // pixels a module
	out := map[string][]byte{}
	for _, p := range []params.Param{params.Style, params.Eye, params.Ball} {
		values := p.Enum()
		if p.Name == params.Ball.Name {
			values = append(values, "own")
		}
		for _, v := range values {
			o := render.Options{Size: px * c.Size, FG: color.NRGBA{A: 255}, BG: color.NRGBA{255, 255, 255, 255}, Style: "square", Eye: "square"}
			crop := image.Rect(0, 0, 7*px, 7*px)
			switch {
			case p.Name == params.Style.Name:
				o.Style, crop = v, image.Rect(11*px, 13*px, 17*px, 19*px)
			case p.Name == params.Eye.Name:
				o.Eye = v
			case v == "own": // the eye's own ball, whatever the eye: a square eye in grey
				o.FG = color.NRGBA{0x9e, 0x9e, 0x9e, 255}
			default: // the ball in a square ring
				o.Ball = v
			}
			img, err := png.Decode(bytes.NewReader(render.PNG(c, o)))
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
	if err := brandPictures(c, px, out); err != nil {
		return nil, err
	}
	return out, symbolPictures(out)
}

// symbolLabels name the symbols in the editor's words.
var symbolLabels = map[string]string{"qr": "QR", "micro": "Micro QR", "rmqr": "rMQR"}

// symbolPictures adds a picture of each symbol, whole: the smallest of
// each, on a square of the same side so that the page lays them out alike.
func symbolPictures(out map[string][]byte) error {
	const side = 80
	for _, s := range params.SymbolP.Enum() {
		sym, _ := qr.ParseSymbol(s)
		var c *qr.Code
		var err error
		switch sym {
		case qr.Micro:
			c, err = qr.MicroEncoder{Level: qr.L, Version: 2}.Encode("12345")
		case qr.RMQR:
			c, err = qr.RMQREncoder{Level: qr.M, Version: 3}.Encode("12345") // R7x77: long and low
		default:
			c, err = qr.Encode(pictureText, qr.L)
		}
		if err != nil {
			return err
		}
		o := render.Options{Size: side, Margin: 1, FG: color.NRGBA{A: 255}, BG: color.NRGBA{255, 255, 255, 255}, Style: "square", Eye: "square"}
		img, err := png.Decode(bytes.NewReader(render.PNG(c, o)))
		if err != nil {
			return err
		}
		dst := image.NewRGBA(image.Rect(0, 0, side, side))
		draw.Draw(dst, dst.Bounds(), image.White, image.Point{}, draw.Src)
		b := img.Bounds()
		at := image.Pt(0, (side-b.Dy())/2)
		draw.Draw(dst, b.Add(at), img, b.Min, draw.Src)
		var buf bytes.Buffer
		if err := png.Encode(&buf, dst); err != nil {
			return err
		}
		out[picture(params.SymbolP.Name, s)] = buf.Bytes()
	}
	return nil
}

// brandPictures adds the pictures of the frames (a small code in each,
// with a word of text), of the looks (a small code drawn whole with each
// preset) and of the fills (the middle of a code in one
// colour or a gradient), drawn by core/brand as the API draws them.
func brandPictures(c *qr.Code, px int, out map[string][]byte) error {
	shrink := func(img image.Image, side int) ([]byte, error) {
		b := img.Bounds()
		scale := float64(side) / float64(max(b.Dx(), b.Dy()))
		dst := image.NewRGBA(image.Rect(0, 0, side, side))
		draw.Draw(dst, dst.Bounds(), image.White, image.Point{}, draw.Src)
		w, h := int(float64(b.Dx())*scale), int(float64(b.Dy())*scale)
		x0, y0 := (side-w)/2, (side-h)/2
		xdraw.CatmullRom.Scale(dst, image.Rect(x0, y0, x0+w, y0+h), img, b, draw.Over, nil)
		var buf bytes.Buffer
		err := png.Encode(&buf, dst)
		return buf.Bytes(), err
	}
	for _, f := range frame.Frames {
		q := url.Values{"size": {"160"}, "margin": {"2"}, "frame": {f.Name}, "frame_text": {"SCAN"}, "color": {"1a237e"}}
		img, err := branded(c, q)
		if err != nil {
			return err
		}
		if out[picture(params.Frame.Name, f.Name)], err = shrink(img, 80); err != nil {
			return err
		}
	}
	for _, name := range append([]string{"plain"}, params.PresetNames()...) {
		q := url.Values{"size": {"240"}, "margin": {"2"}}
		if name != "plain" {
			q.Set(params.PresetP.Name, name)
		}
		img, err := branded(c, q)
		if err != nil {
			return err
		}
		if out[picture(params.PresetP.Name, name)], err = shrink(img, 128); err != nil {
			return err
		}
	}
	for _, fill := range []string{"solid", "linear", "radial"} {
		colour := map[string]string{"solid": "1a237e", "linear": "linear:c62828,1a237e,135deg", "radial": "radial:c62828,1a237e"}[fill]
		q := url.Values{"size": {strconv.Itoa(px * c.Size)}, "margin": {"0"}, "color": {colour}}
		img, err := branded(c, q)
		if err != nil {
			return err
		}
		var b bytes.Buffer
		if err := png.Encode(&b, img.(interface {
			SubImage(image.Rectangle) image.Image
		}).SubImage(image.Rect(0, 0, 12*px, 12*px))); err != nil {
			return err
		}
		out[picture("fill", fill)] = b.Bytes()
	}
	return nil
}

// branded draws c with the branding q asks for, as an image.
func branded(c *qr.Code, q url.Values) (image.Image, error) {
	o, p := params.Parse(request.NewCall("", q))
	if p != nil {
		return nil, p
	}
	k, err := brand.New(c, o)
	if err != nil {
		return nil, err
	}
	return png.Decode(bytes.NewReader(k.PNG()))
}

// picture is the path of a choice's picture.
func picture(param, value string) string { return "/pictures/" + param + "-" + value + ".png" }

// pictureText is encoded for the pictures: version 1, whose modules at
// (11, 13) to (16, 18) are dark alone, in runs and in blocks (chosen by a
// search over short texts).
const pictureText = "qr1136"

// group returns the controls of cs in the group named ("style" or "brand").
func group(cs []Control, name string) []Control {
	var out []Control
	for _, c := range cs {
		if c.Group == name {
			out = append(out, c)
		}
	}
	return out
}

// siteLink is a page of the site the header links to.
type siteLink struct{ path, label string }

var siteLinks = []siteLink{{"/", "Make a code"}, {"/batch", "Many codes"}, {"/inspect", "Why won't it scan?"}, {"/docs", "API reference"}}
