// Package batchjob is what the /batch page asks of the core, in plain Go
// values; wasm/batch carries them across syscall/js, in a web worker. The
// page reads a spreadsheet's export (Inspect), then makes a code of each
// row, one call a row so that it can show progress and stop (Open, Row),
// then the ZIP or the label sheet (Finish).
//
// A row is a batch item (core/batch.One): its fields, its caption (the
// frame text, which a sheet prints under the code) and the page's shared
// style go through the same reading, checks and fixes as
// POST /api/v1/qr/batch, and its code is verified as GET /api/v1/verify
// verifies. Nothing leaves the page: a password column reaches this
// program and no URL, link or request.
package batchjob

import (
	"context"
	"strconv"
	"strings"

	"qrkeyless/core/batch"
	"qrkeyless/core/generate"
	"qrkeyless/core/params"
	"qrkeyless/core/payload"
	"qrkeyless/core/request"
	"qrkeyless/core/sheet"
	"qrkeyless/core/table"
)

// Outputs are the page's outputs: a ZIP of PNG or SVG files, or a sheet.
var Outputs = []string{"png", "svg", "sheet"}

// Inspected is a file read: its columns, its rows, and the column each of
// the kind's fields is guessed to be in.
type Inspected struct {
	Header []string
	Rows   int
	Sep    string            // "comma", "semicolon" or "tab"
	Guess  map[string]string // by field name: the column's header
	Name   string            // the column guessed to name the files, or ""
	Error  string
}

// Inspect reads a file's text and guesses, for kind ("" for plain text),
// which column holds which field.
func Inspect(text, kind string) Inspected {
	t, err := table.Read(text)
	if err != nil {
		return Inspected{Error: err.Error()}
	}
	in := Inspected{Header: t.Header, Rows: len(t.Rows), Sep: map[rune]string{',': "comma", ';': "semicolon", '\t': "tab"}[t.Sep], Guess: map[string]string{}}
	k, _ := payload.Lookup(kind)
	for field, col := range table.Guess(t.Header, k) {
		in.Guess[field] = t.Header[col]
	}
	if col := table.Column(t.Header, table.Names); col >= 0 {
		in.Name = t.Header[col]
	}
	return in
}

// Setup is what the page asks for: the file, the kind, the columns, the
// style and the output.
type Setup struct {
	Text    string            // the file's text
	Kind    string            // a payload kind, or "" for plain text and links
	Columns map[string]string // by field name ("data" for plain text): the column's header
	Name    string            // the column files are named from; "" for row numbers
	Caption string            // the column printed under each code; "" for none
	Style   map[string]string // the style controls by their editor names, the logo's data URI included
	Output  string            // one of Outputs
	Sheet   map[string]string // the sheet's layout, by core/sheet's parameter names
}

// Job is a setup checked, making its rows.
type Job struct {
	table   table.Table
	kind    *payload.Kind
	cols    map[string]int // by field name: the column
	name    int            // -1 for none
	caption int            // -1 for none
	req     batch.Request
	layout  sheet.Layout
	output  string

	entries []batch.Entry // the zip's rows, in row order
	used    batch.Names   // their files' names
	labels  sheet.Labels  // the sheet's codes, in row order
}

// Opened is a setup read: the number of rows to make, or what is wrong,
// by control: a style control (editor names), a layout parameter, "file",
// "kind", "output", or "col-" and a field's name for its column.
type Opened struct {
	Rows   int
	Errors map[string]string
	Layout string  // the sheet in words
	Side   float64 // the sheet's code side, mm
}

// Open checks s and starts a job; the job is nil when Errors is not empty.
func Open(s Setup) (*Job, Opened) {
	errs := map[string]string{}
	j := &Job{name: -1, caption: -1, cols: map[string]int{}, output: s.Output, used: batch.Names{}}
	t, err := table.Read(s.Text)
	if err != nil {
		errs["file"] = err.Error()
	}
	j.table = t
	col := func(header string) int {
		for i, h := range t.Header {
			if h == header {
				return i
			}
		}
		return -1
	}
	fields := []payload.Field{{Name: "data", Label: "Text or link", Required: true}}
	if s.Kind != "" {
		k, ok := payload.Lookup(s.Kind)
		if !ok {
			errs["kind"] = "no kind of code is called " + strconv.Quote(s.Kind)
		} else {
			j.kind, fields = k, k.Fields
		}
	}
	if err == nil {
		for _, fd := range fields {
			h := s.Columns[fd.Name]
			switch c := col(h); {
			case h == "" && fd.Required:
				errs["col-"+fd.Name] = "choose the column that holds the " + strings.ToLower(fd.Label)
			case h == "":
			case c < 0:
				errs["col-"+fd.Name] = "the file has no column " + strconv.Quote(h)
			default:
				j.cols[fd.Name] = c
			}
		}
		for _, x := range []struct {
			header, key string
			to          *int
		}{{s.Name, "name", &j.name}, {s.Caption, "caption", &j.caption}} {
			if x.header == "" {
				continue
			}
			if *x.to = col(x.header); *x.to < 0 {
				errs[x.key] = "the file has no column " + strconv.Quote(x.header)
			}
		}
	}
	style, o := generate.ReadStyle(s.Style, errs)
	out := map[string]string{"png": "zip", "svg": "svg", "sheet": "sheet"}[s.Output]
	if out == "" {
		errs["output"] = "choose a ZIP of PNG files, a ZIP of SVG files or a label sheet"
	}
	j.req = batch.Request{Output: out, Style: map[string]any{}}
	for name := range style {
		j.req.Style[name] = style.Get(name)
	}
	var opened Opened
	if out == "sheet" {
		q := map[string][]string{}
		for k, v := range s.Sheet {
			if v != "" {
				q[k] = []string{v}
			}
		}
		if p := sheet.Check(request.NewCall("", style), o); p != nil {
			errs[params.ControlName(p.Field)] = p.Detail
		}
		l, p := sheet.Read(request.NewCall("", q))
		if p != nil {
			errs[p.Field] = p.Detail
			return nil, Opened{Errors: errs}
		}
		if err == nil && len(errs) == 0 {
			// Every code sits as if it had a caption when one has, as the
			// API decides it for the same items.
			items := make([]batch.Item, len(t.Rows))
			for i := range items {
				items[i] = j.Item(i)
			}
			l.Captions = batch.Captions(j.req, items)
			if p := l.Captioned(); l.Captions && p != nil {
				errs[p.Field] = p.Detail
			}
			j.layout, j.req.Layout = l, l
		}
		opened.Layout, opened.Side = l.Describe(), l.Side()
	}
	if len(errs) > 0 {
		return nil, Opened{Errors: errs}
	}
	opened.Rows = len(t.Rows)
	return j, opened
}

// Problem is what is wrong with a row: the API's problem document, and
// the columns it is about (their headers, joined by ", "), or else the
// page's control (its editor name) that would put it right.
type Problem struct {
	Field, Column, Control, Detail, Fix string
}

// Row is one row made.
type Row struct {
	Row     int    // its row as the spreadsheet numbers it: the header is row 1
	File    string // its file in the zip; "" on a sheet or when not made
	Version int
	EC      string
	Scans   bool
	Verdict string       // "yes", or why it may not scan
	Advice  sheet.Advice // on a sheet, when the code is too small to scan, and what would make it fit
	Error   *Problem
}

// Item is row i (from 0, under the header) as a batch item: each cell
// exactly as written, as the API takes a field's value (the field's own
// rules trim or keep its edge spaces, a Wi-Fi password keeps them), an
// empty cell left out.
func (j *Job) Item(i int) batch.Item {
	rec := j.table.Rows[i]
	it := batch.Item{}
	if j.kind != nil {
		it.Type, it.Fields = j.kind.Name, map[string]string{}
		for field, c := range j.cols {
			if rec[c] != "" {
				it.Fields[field] = rec[c]
			}
		}
	} else {
		it.Data = rec[j.cols["data"]]
	}
	if j.name >= 0 {
		it.ID = rec[j.name]
	}
	if j.caption >= 0 && rec[j.caption] != "" {
		it.Style = map[string]any{params.FrameText.Name: rec[j.caption]}
	}
	return it
}

// Row makes row i (from 0, under the header).
func (j *Job) Row(i int) Row {
	r := Row{Row: j.table.Line[i]}
	it := j.Item(i)
	e := batch.Entry{Item: strconv.Itoa(r.Row), Index: i, ID: it.ID, Kind: "text"}
	if j.kind != nil {
		e.Kind = j.kind.Name
	}
	ctx := context.Background()
	m, p := batch.One(ctx, j.req, it)
	if p != nil {
		r.Error = &Problem{Field: p.Field, Column: j.columns(p.Field), Detail: p.Detail, Fix: p.Fix}
		if r.Error.Column == "" && p.Field != "" {
			r.Error.Control = params.ControlName(p.Field)
		}
		e.Error = p
		j.entries = append(j.entries, e)
		return r
	}
	rep, _ := m.Code.Verify(ctx) // no plan in the browser: a verify is always allowed
	r.Version, r.EC, r.Scans = m.Code.QR.Version, m.Code.QR.Level.String(), rep.Scannable
	r.Verdict = "yes"
	if !rep.Scannable {
		r.Verdict = "no"
		if len(rep.Warnings) > 0 {
			r.Verdict = rep.Warnings[0]
		}
	}
	switch j.output {
	case "sheet":
		j.labels.Add(m.Code.QR, m.Code.Options.Render(), m.Code.Brand)
		r.Advice = m.Advice
	default:
		// Named by the name column, else by the row as the spreadsheet
		// numbers it.
		r.File = j.used.Name(it.ID, strconv.Itoa(r.Row)) + "." + j.output
		e.File, e.Body = r.File, m.Body
	}
	e.Version, e.EC, e.Scans = r.Version, r.EC, r.Verdict
	j.entries = append(j.entries, e)
	return r
}

// columns are the headers of the columns a problem's fields came from,
// joined by ", ": a payload too long names each field to shorten.
func (j *Job) columns(fields string) string {
	var out []string
	for _, f := range strings.Split(fields, ",") {
		if c := j.column(f); c != "" {
			out = append(out, c)
		}
	}
	return strings.Join(out, ", ")
}

// column is the header of the column a problem's field came from: a
// field's, the caption's for the frame text; "" for the shared style.
func (j *Job) column(field string) string {
	if c, ok := j.cols[field]; ok {
		return j.table.Header[c]
	}
	if field == params.FrameText.Name && j.caption >= 0 {
		return j.table.Header[j.caption]
	}
	if field == "data" && j.kind == nil {
		return j.table.Header[j.cols["data"]]
	}
	return ""
}

// Finish writes what the rows made: the label sheet's PDF, or the ZIP of
// the files with their manifest, as the API's output zip writes it
// (batch.Zip).
func (j *Job) Finish() (data []byte, name, mime string) {
	if j.output == "sheet" {
		name = "qr-labels.pdf"
		if j.layout.Test {
			name = "qr-labels-alignment-test.pdf"
		}
		return j.layout.PDF(&j.labels), name, "application/pdf"
	}
	return batch.Zip(j.entries), "qr-codes.zip", "application/zip"
}
