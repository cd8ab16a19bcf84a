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
		if w, ok := sheetWords[p.Name]; ok {
			w.word(&c)
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

// sheetWords word the label sheet's options of SheetControls.
var sheetWords = map[string]wording{
	sheet.PaperP.Name: {Label: "Paper", Input: "select",
		Options: []Option{{"a4", "A4 (210 x 297 mm)", "", ""}, {"letter", "US Letter (8.5 x 11 in)", "", ""}}},
	sheet.PresetP.Name: {Label: "Labels", Input: "select", Options: presetOptions(),
		Help: "Presets have their stock's real margins, pitch and corners. Print at 100%, not fit to page."},
	sheet.Columns.Name: {Label: "Columns"},
	sheet.Rows.Name:    {Label: "Rows"},
	sheet.MarginX.Name: {Label: "Side margins (mm)", Step: "0.1"},
	sheet.MarginY.Name: {Label: "Top and bottom margins (mm)", Step: "0.1"},
	sheet.GapX.Name:    {Label: "Gap between columns (mm)", Step: "0.1"},
	sheet.GapY.Name:    {Label: "Gap between rows (mm)", Step: "0.1"},
	sheet.CodeMM.Name: {Label: "Code size (mm)", Step: "0.5",
		Help: "The code's side, quiet zone included. Empty: the largest that fits the label."},
	sheet.CaptionAtP.Name: {Label: "Caption goes", Input: "select",
		Help:    "Right of the code leaves a long label's whole height to the code.",
		Options: []Option{{sheet.Below, "Below the code", "", ""}, {sheet.Above, "Above the code", "", ""}, {sheet.Right, "Right of the code", "", ""}}},
	sheet.CodeAtP.Name: {Label: "Code sits", Input: "select",
		Help:    "At the label's centre, every code sits in the same place, caption or not; centred in the space the caption leaves, it can be larger.",
		Options: []Option{{sheet.OnLabel, "At the label's centre", "", ""}, {sheet.InSpace, "Centred in the space the caption leaves", "", ""}}},
	sheet.StartAt.Name: {Label: "Start at label", Help: "On a part-used sheet: the first label left, counted from 1 along the rows."},
	sheet.Copies.Name:  {Label: "Labels per row", Help: "How many labels each row of the file fills, one after another."},
	sheet.OffsetX.Name: {Label: "Printer offset right (mm)", Step: "0.1",
		Help: "When the printer prints off: moves everything right, left when negative. The alignment test shows by how much."},
	sheet.OffsetY.Name:   {Label: "Printer offset down (mm)", Step: "0.1", Help: "Moves everything down, up when negative."},
	sheet.CropMarks.Name: {Label: "Crop marks", Input: "checkbox", Help: "Marks in the page margins at every label edge, for cutting plain paper."},
	sheet.Guides.Name: {Label: "Label outlines and safe area", Input: "checkbox",
		Help: "For a proof on plain paper: each label's outline, corners rounded as the stock's, and the area the code and caption keep to."},
	sheet.Test.Name: {Label: "Alignment test page instead", Input: "checkbox",
		Help: "One page: the outlines, a cross at each label's centre and millimetre scales at the first label's corner. Print it on plain paper at 100% and hold it against a label sheet to the light: where the sheet's edges fall on the scales is the offset to set."},
}

// presetOptions are the label stocks of core/sheet, then a grid of one's own.
func presetOptions() []Option {
	var opts []Option
	for _, pr := range sheet.Presets {
		opts = append(opts, Option{pr.Name, pr.Short(), "", ""})
	}
	return append(opts, Option{"custom", "A grid of my own (below)", "", ""})
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
