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
			c.Help = "Presets have their stock's real margins, pitch and corners. Print at 100%, not fit to page."
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
		case sheet.CaptionAtP.Name:
			c.Label, c.Input = "Caption goes", "select"
			c.Help = "Right of the code leaves a long label's whole height to the code."
			c.Options = []Option{{sheet.Below, "Below the code", ""}, {sheet.Above, "Above the code", ""}, {sheet.Right, "Right of the code", ""}}
		case sheet.CodeAtP.Name:
			c.Label, c.Input = "Code sits", "select"
			c.Help = "At the label's centre, every code sits in the same place, caption or not; centred in the space the caption leaves, it can be larger."
			c.Options = []Option{{sheet.OnLabel, "At the label's centre", ""}, {sheet.InSpace, "Centred in the space the caption leaves", ""}}
		case sheet.StartAt.Name:
			c.Label, c.Help = "Start at label", "On a part-used sheet: the first label left, counted from 1 along the rows."
		case sheet.Copies.Name:
			c.Label, c.Help = "Labels per row", "How many labels each row of the file fills, one after another."
		case sheet.OffsetX.Name:
			c.Label, c.Step = "Printer offset right (mm)", "0.1"
			c.Help = "When the printer prints off: moves everything right, left when negative. The alignment test shows by how much."
		case sheet.OffsetY.Name:
			c.Label, c.Step, c.Help = "Printer offset down (mm)", "0.1", "Moves everything down, up when negative."
		case sheet.CropMarks.Name:
			c.Label, c.Input, c.Help = "Crop marks", "checkbox", "Marks in the page margins at every label edge, for cutting plain paper."
		case sheet.Guides.Name:
			c.Label, c.Input, c.Help = "Label outlines and safe area", "checkbox", "For a proof on plain paper: each label's outline, corners rounded as the stock's, and the area the code and caption keep to."
		case sheet.Test.Name:
			c.Label, c.Input = "Alignment test page instead", "checkbox"
			c.Help = "One page: the outlines, a cross at each label's centre and millimetre scales at the first label's corner. Print it on plain paper at 100% and hold it against a label sheet to the light: where the sheet's edges fall on the scales is the offset to set."
		}
		if c.Input == "number" {
			c.Min, c.Max, c.Mode = strconv.Itoa(p.Min), strconv.Itoa(p.Max), "decimal"
			switch {
			case p.Min < 0: // a phone's decimal pad has no minus sign
				c.Mode = ""
			case p.Type == "integer":
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

// SheetGroup is a few of the sheet's controls under a heading.
type SheetGroup struct {
	Title    string
	Controls []Control
}

// SheetGroups are SheetControls in three groups, as a person decides
// them: the sheet of labels, the code and its caption on each, the
// printing.
func SheetGroups() []SheetGroup {
	groups := []SheetGroup{{Title: "Sheet"}, {Title: "Code and caption"}, {Title: "Printing"}}
	for _, c := range SheetControls() {
		g := 0
		switch c.Sheet {
		case sheet.CodeMM.Name, sheet.CaptionAtP.Name, sheet.CodeAtP.Name:
			g = 1
		case sheet.StartAt.Name, sheet.Copies.Name, sheet.OffsetX.Name, sheet.OffsetY.Name, sheet.CropMarks.Name, sheet.Guides.Name, sheet.Test.Name:
			g = 2
		}
		groups[g].Controls = append(groups[g].Controls, c)
	}
	return groups
}
