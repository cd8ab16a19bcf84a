// Package table reads a spreadsheet's export: comma-, semicolon- or
// tab-separated values with a header row, UTF-8 with or without a byte
// order mark, as spreadsheets write them. It guesses which column holds
// which field of a payload kind from the header's names, for the /batch
// page, whose rows become batch items.
package table

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"qrkeyless/core/payload"
)

// Table is a spreadsheet's export read: its header and its rows, every row
// as long as the header.
type Table struct {
	Header []string
	Rows   [][]string
	Line   []int // each row's number as the spreadsheet shows it: the header's is 1 when it is the first line
	Sep    rune  // the separator found: ',', ';' or '\t'
}

// MaxRows is the most rows a table may have, besides its header: a batch's
// items.
const MaxRows = 1000

// Read reads text, the whole file. The separator is the one of comma,
// semicolon and tab that the header line holds most of (outside quotes),
// a comma when it holds none. Blank rows are skipped but counted, as a
// spreadsheet numbers its rows (a quoted cell's line breaks are one row);
// a header cell left empty is named by its column's number.
func Read(text string) (Table, error) {
	text = strings.TrimPrefix(text, "\ufeff")
	if !utf8.ValidString(text) {
		return Table{}, errors.New("the file is not UTF-8 text: save it from the spreadsheet as CSV UTF-8")
	}
	t := Table{Sep: separator(text)}
	r := csv.NewReader(strings.NewReader(text))
	r.Comma, r.LazyQuotes, r.FieldsPerRecord = t.Sep, true, -1
	row, end := 0, 0 // the spreadsheet's row of the last record, and the file's line it ends on
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return Table{}, fmt.Errorf("the file cannot be read as a table: %w", err)
		}
		// encoding/csv skips an empty line, which a spreadsheet shows as
		// an empty row: count the lines between this record and the last.
		start, _ := r.FieldPos(0)
		last, _ := r.FieldPos(len(rec) - 1)
		row += start - end
		end = last + strings.Count(rec[len(rec)-1], "\n")
		if blank(rec) {
			continue
		}
		if t.Header == nil {
			t.Header = rec
			continue
		}
		if len(t.Rows) == MaxRows {
			return Table{}, fmt.Errorf("the file has more than %d rows under its header; a batch makes at most %d codes: split it", MaxRows, MaxRows)
		}
		t.Rows = append(t.Rows, rec)
		t.Line = append(t.Line, row)
	}
	if t.Header == nil {
		return Table{}, errors.New("the file is empty: it needs a header row and a row for each code")
	}
	width := len(t.Header)
	for _, row := range t.Rows {
		width = max(width, len(row))
	}
	for len(t.Header) < width {
		t.Header = append(t.Header, "")
	}
	for i, h := range t.Header {
		if t.Header[i] = strings.TrimSpace(h); t.Header[i] == "" {
			t.Header[i] = fmt.Sprintf("Column %d", i+1)
		}
	}
	for i, row := range t.Rows {
		for len(row) < width {
			row = append(row, "")
		}
		t.Rows[i] = row
	}
	if len(t.Rows) == 0 {
		return t, errors.New("the file has a header and no rows: add a row for each code")
	}
	return t, nil
}

// separator is the one of comma, semicolon and tab that the first line
// holds most of outside quotes.
func separator(text string) rune {
	counts := map[rune]int{}
	quoted := false
	for _, r := range text {
		switch {
		case r == '"':
			quoted = !quoted
		case quoted:
		case r == '\n':
			return best(counts)
		case r == ',' || r == ';' || r == '\t':
			counts[r]++
		}
	}
	return best(counts)
}

func best(counts map[rune]int) rune {
	sep := ','
	for _, r := range []rune{';', '\t'} {
		if counts[r] > counts[sep] {
			sep = r
		}
	}
	return sep
}

func blank(rec []string) bool {
	for _, s := range rec {
		if strings.TrimSpace(s) != "" {
			return false
		}
	}
	return true
}

// norm is a name as headers are compared: lower case letters and digits
// alone ("Network name" and "network_name" are one).
func norm(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Plain are the names a column of plain text or links goes by.
var Plain = []string{"data", "text", "url", "link", "content", "value", "payload", "qr"}

// Names are the names a column of names for files or labels goes by.
var Names = []string{"name", "id", "label", "title", "room", "sku", "asset", "tag", "code", "item"}

// Guess maps each field of k (the plain text's one field, "data", when
// k is nil) to the column whose header names it: by the field's name,
// its short name or its label, whole; else a header holding one of them
// as a word ("WiFi password"), or the first word of the label
// ("Network" for the network name). A column serves one field; a field no
// header names is left out, but for plain text, which takes the first
// column.
func Guess(header []string, k *payload.Kind) map[string]int {
	type field struct {
		name  string
		names []string
	}
	var fields []field
	if k == nil {
		fields = []field{{"data", Plain}}
	} else {
		for _, fd := range k.Fields {
			fields = append(fields, field{fd.Name, []string{fd.Name, fd.Short, fd.Label}})
		}
	}
	out := map[string]int{}
	taken := map[int]bool{}
	// Whole names first, for every field, then names within a header.
	for _, whole := range []bool{true, false} {
		for _, f := range fields {
			if _, done := out[f.name]; done {
				continue
			}
			if col := match(header, f.names, whole, taken); col >= 0 {
				out[f.name], taken[col] = col, true
			}
		}
	}
	if _, ok := out["data"]; k == nil && !ok && len(header) > 0 {
		out["data"] = 0
	}
	return out
}

// Column is the column whose header is one of names, whole; -1 when none
// is.
func Column(header []string, names []string) int {
	return match(header, names, true, nil)
}

func match(header, names []string, whole bool, taken map[int]bool) int {
	for _, n := range names {
		n = norm(n)
		if n == "" {
			continue
		}
		for i, h := range header {
			if taken[i] {
				continue
			}
			hn := norm(h)
			if hn == n || !whole && (len(n) >= 3 && hasWord(h, n) || len(hn) >= 4 && firstWord(label(names)) == hn) {
				return i
			}
		}
	}
	return -1
}

// label is the last of a field's names: its label ("Network name").
func label(names []string) string { return names[len(names)-1] }

// firstWord is the first word of s, normalised.
func firstWord(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return ""
	}
	return norm(f[0])
}

// hasWord reports whether header h holds word w (normalised) as a word of
// its own.
func hasWord(h, w string) bool {
	for _, part := range strings.FieldsFunc(h, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if norm(part) == w {
			return true
		}
	}
	return false
}
