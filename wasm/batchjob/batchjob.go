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
	"archive/zip"
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"strconv"
	"strings"

	"qrkeyless/core/batch"
	"qrkeyless/core/params"
	"qrkeyless/core/payload"
	"qrkeyless/core/sheet"
	"qrkeyless/core/table"
	"qrkeyless/wasm/editor"
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

	files    []file       // the zip's files, in row order
	used     batch.Names  // their names
	labels   sheet.Labels // the sheet's codes, in row order
	manifest [][]string
}

type file struct {
	name string
	body []byte
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
	call, o := editor.Style(s.Style, errs)
	out := map[string]string{"png": "zip", "svg": "svg", "sheet": "sheet"}[s.Output]
	if out == "" {
		errs["output"] = "choose a ZIP of PNG files, a ZIP of SVG files or a label sheet"
	}
	j.req = batch.Request{Output: out, Style: map[string]any{}}
	for name := range call.Query {
		j.req.Style[name] = call.Query.Get(name)
	}
	var opened Opened
	if out == "sheet" {
		q := map[string][]string{}
		for k, v := range s.Sheet {
			if v != "" {
				q[k] = []string{v}
			}
		}
		if p := sheet.Check(call, o); p != nil {
			errs[params.ControlName(p.Field)] = p.Detail
		}
		l, p := sheet.Read(params.NewCall("", q))
		if p != nil {
			errs[p.Field] = p.Detail
			return nil, Opened{Errors: errs}
		}
		captions := j.caption >= 0 || o.Brand.FrameText != ""
		if l.Code > 0 && captions && l.Code > l.Fit(true) {
			errs[sheet.CodeMM.Name] = fmt.Sprintf("%s mm leaves no room for the captions under the codes: at most %s mm does", strconv.FormatFloat(l.Code, 'f', -1, 64), strconv.FormatFloat(l.Fit(true), 'f', -1, 64))
		}
		j.layout, j.req.Layout = l, l
		opened.Layout, opened.Side = l.Describe(), l.Side(captions)
	}
	if len(errs) > 0 {
		return nil, Opened{Errors: errs}
	}
	opened.Rows = len(t.Rows)
	j.manifest = [][]string{{"file", "row", "kind", "version", "ec", "scans"}}
	return j, opened
}

// Problem is what is wrong with a row: the API's problem document, and
// the column it is about.
type Problem struct {
	Field, Column, Detail, Fix string
}

// Row is one row made.
type Row struct {
	Row     int    // its line in the spreadsheet: the header is row 1
	File    string // its file in the zip; "" on a sheet or when not made
	Version int
	EC      string
	Scans   bool
	Verdict string // "yes", or why it may not scan
	Advice  string // on a sheet, when the code is too small to scan
	Error   *Problem
}

// Row makes row i (from 0, under the header).
func (j *Job) Row(i int) Row {
	rec := j.table.Rows[i]
	r := Row{Row: i + 2}
	kindName := "text"
	it := batch.Item{}
	if j.kind != nil {
		kindName = j.kind.Name
		it.Type, it.Fields = j.kind.Name, map[string]string{}
		for field, c := range j.cols {
			if v := strings.TrimSpace(rec[c]); v != "" {
				it.Fields[field] = v
			}
		}
	} else {
		it.Data = rec[j.cols["data"]]
	}
	if j.name >= 0 {
		it.ID = rec[j.name]
	}
	if j.caption >= 0 {
		it.Style = map[string]any{params.FrameText.Name: strings.TrimSpace(rec[j.caption])}
	}
	ctx := context.Background()
	m, p := batch.One(ctx, j.req, it)
	if p != nil {
		r.Error = &Problem{Field: p.Field, Column: j.column(p.Field), Detail: p.Detail, Fix: p.Fix}
		j.manifest = append(j.manifest, []string{"", strconv.Itoa(r.Row), kindName, "", "", "not made: " + p.Detail})
		return r
	}
	rep := m.Code.Verify(ctx)
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
		j.labels.Add(m.Code)
		captions := j.caption >= 0 || m.Code.Options.Brand.FrameText != ""
		r.Advice = sheet.Advice(j.layout.Side(captions), m.Code.QR.Size, m.Code.Options.Margin)
	default:
		r.File = j.used.Name(it.ID, i) + "." + j.output
		j.files = append(j.files, file{r.File, m.Body})
	}
	j.manifest = append(j.manifest, []string{r.File, strconv.Itoa(r.Row), kindName, strconv.Itoa(r.Version), r.EC, r.Verdict})
	return r
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
// the files with manifest.csv (each row's file, row, kind, version, error
// correction and whether it scans; never a field's value).
func (j *Job) Finish() (data []byte, name, mime string) {
	if j.output == "sheet" {
		return j.layout.PDF(&j.labels), "qr-labels.pdf", "application/pdf"
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range j.files {
		method := zip.Deflate
		if j.output == "png" {
			method = zip.Store // PNG is compressed already
		}
		w, _ := zw.CreateHeader(&zip.FileHeader{Name: f.name, Method: method, Modified: batch.ZipDate})
		w.Write(f.body)
	}
	w, _ := zw.CreateHeader(&zip.FileHeader{Name: "manifest.csv", Method: zip.Deflate, Modified: batch.ZipDate})
	cw := csv.NewWriter(w)
	cw.WriteAll(j.manifest)
	zw.Close()
	return buf.Bytes(), "qr-codes.zip", "application/zip"
}
