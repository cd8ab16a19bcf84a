package templates

import (
	"strconv"
	"strings"

	"qrkeyless/core/payload"
	"qrkeyless/core/sheet"
)

// BatchKind is a kind as the /batch page maps columns to it: its fields'
// names and labels, which are required and which secret.
type BatchKind struct {
	Name   string       `json:"name"`
	Title  string       `json:"title"`
	Fields []BatchField `json:"fields"`
}

// BatchField is one field of a BatchKind.
type BatchField struct {
	Name     string `json:"name"`
	Label    string `json:"label"`
	Required bool   `json:"required,omitempty"`
	Secret   bool   `json:"secret,omitempty"`
}

// BatchKinds lists the kinds for the /batch page's script, plain text
// first (name "").
func BatchKinds(kinds []*payload.Kind) []BatchKind {
	out := []BatchKind{{Name: "", Title: "Text or link", Fields: []BatchField{{Name: "data", Label: "Text or link", Required: true}}}}
	for _, k := range kinds {
		bk := BatchKind{Name: k.Name, Title: k.Title}
		for _, fd := range k.Fields {
			bk.Fields = append(bk.Fields, BatchField{fd.Name, fd.Label, fd.Required, fd.Secret})
		}
		out = append(out, bk)
	}
	return out
}

// SheetControls are the label sheet's layout options, from core/sheet's
// parameters; preset has a last choice, custom, for a grid of one's own.
func SheetControls() []Control {
	var cs []Control
	for _, p := range sheet.Params {
		c := Control{Name: p.Name, Sheet: p.Name, Help: p.Help, Input: "number", Default: p.Default, Example: p.Example}
		switch p.Name {
		case sheet.PaperP.Name:
			c.Label, c.Input, c.Help = "Paper", "select", ""
			c.Options = []Option{{"a4", "A4 (210 x 297 mm)", ""}, {"letter", "US Letter (8.5 x 11 in)", ""}}
		case sheet.PresetP.Name:
			c.Label, c.Input = "Labels", "select"
			c.Help = "Presets have their stock's real margins and pitch. Print at 100%, not fit to page."
			for _, pr := range sheet.Presets {
				c.Options = append(c.Options, Option{pr.Name, pr.Short(), ""})
			}
			c.Options = append(c.Options, Option{"custom", "A grid of my own (below)", ""})
		case sheet.Columns.Name:
			c.Label, c.Help = "Columns", ""
		case sheet.Rows.Name:
			c.Label, c.Help = "Rows", ""
		case sheet.MarginX.Name:
			c.Label, c.Step, c.Help = "Side margins (mm)", "0.1", ""
		case sheet.MarginY.Name:
			c.Label, c.Step, c.Help = "Top and bottom margins (mm)", "0.1", ""
		case sheet.GapX.Name:
			c.Label, c.Step, c.Help = "Gap between columns (mm)", "0.1", ""
		case sheet.GapY.Name:
			c.Label, c.Step, c.Help = "Gap between rows (mm)", "0.1", ""
		case sheet.CodeMM.Name:
			c.Label, c.Step = "Code size (mm)", "0.5"
			c.Help = "The code's side, quiet zone included. Empty: the largest that fits the label."
		case sheet.CropMarks.Name:
			c.Label, c.Input, c.Help = "Crop marks", "checkbox", "Marks in the page margins at every label edge, for cutting plain paper."
		}
		if c.Input == "number" {
			c.Min, c.Max, c.Mode = strconv.Itoa(p.Min), strconv.Itoa(p.Max), "decimal"
			if p.Type == "integer" {
				c.Mode = "numeric"
			}
		}
		if strings.HasPrefix(c.Help, "A grid of your own") {
			c.Help = ""
		}
		cs = append(cs, c)
	}
	return cs
}
