package batch

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"qrkeyless/core/problem"
)

// Entry is one item as a ZIP of codes lists it: its file, when it was
// made, and its line of manifest.csv. The batch endpoint's output zip
// and the /batch page's download are both written from entries (Zip).
type Entry struct {
	Item    string           // the item as its caller counts it: its index in a batch call's items, its row in a spreadsheet (the header is row 1)
	Index   int              // its place among the entries, from 0, as errors.json gives it
	ID      string           // its id, as errors.json gives it
	File    string           // its file's name (Names), with the extension; "" when it failed
	Body    []byte           // its file
	Kind    string           // its payload kind; "text" for plain text
	Version int              // its symbol's version
	EC      string           // its symbol's error correction level
	Scans   string           // "yes", or why it may not scan; "" when it was not verified
	Error   *problem.Problem // why it was not made
}

// ZipDate is the date of every zip entry: the same items give the same
// bytes, and the earliest date a zip can hold is a real one (a zero
// header date reads as 1980-00-00).
var ZipDate = time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC)

// Zip writes the files of entries in order; manifest.csv, a line an
// entry, the failed ones included (file, item, kind, version, ec, scans,
// where scans says "not made:" and the problem of a failed one; never a
// field's value); and errors.json with the problem of each failed entry,
// when one failed.
func Zip(entries []Entry) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	add := func(name string, method uint16, body []byte) {
		w, _ := zw.CreateHeader(&zip.FileHeader{Name: name, Method: method, Modified: ZipDate})
		w.Write(body)
	}
	type failure struct {
		Index int              `json:"index"`
		ID    string           `json:"id,omitempty"`
		Error *problem.Problem `json:"error"`
	}
	var failed []failure
	manifest := [][]string{{"file", "item", "kind", "version", "ec", "scans"}}
	for _, e := range entries {
		if e.Error != nil {
			failed = append(failed, failure{e.Index, e.ID, e.Error})
			manifest = append(manifest, []string{"", e.Item, e.Kind, "", "", "not made: " + e.Error.Detail})
			continue
		}
		method := zip.Deflate
		if strings.HasSuffix(e.File, ".png") {
			method = zip.Store // PNG is compressed already
		}
		add(e.File, method, e.Body)
		manifest = append(manifest, []string{e.File, e.Item, e.Kind, strconv.Itoa(e.Version), e.EC, e.Scans})
	}
	var csvBuf bytes.Buffer
	csv.NewWriter(&csvBuf).WriteAll(manifest)
	add("manifest.csv", zip.Deflate, csvBuf.Bytes())
	if len(failed) > 0 {
		b, _ := json.MarshalIndent(failed, "", "  ")
		add("errors.json", zip.Deflate, b)
	}
	zw.Close()
	return buf.Bytes()
}

// fileName is id made safe as a file name: each run of characters other
// than A-Z, a-z, 0-9, '.', '_' and '-' becomes one '_', and dots and
// underscores are trimmed from the ends. (A loop, not a regexp: regexp
// would bring its Unicode tables into the Worker's start-up.)
func fileName(id string) string {
	var b strings.Builder
	run := false
	for _, r := range id {
		safe := r < 128 && (r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-')
		if safe {
			b.WriteRune(r)
		} else if !run {
			b.WriteByte('_')
		}
		run = !safe
	}
	return strings.Trim(b.String(), "._")
}

// Names gives files unique, safe names: an item's id made file-name safe
// (its number when nothing is left of it), and -2, -3 ... after a name
// already given.
type Names map[string]bool

// Name returns the name, without extension, of the file of the item with
// id, numbered number as its caller counts items.
func (used Names) Name(id, number string) string {
	name := fileName(id)
	if name == "" {
		name = number
	}
	for base, n := name, 2; used[name]; n++ {
		name = fmt.Sprintf("%s-%d", base, n)
	}
	used[name] = true
	return name
}

// Zip writes the answer of output zip: a PNG an item made, named by its
// id or its number from 1, with the manifest and errors.json (Zip).
func (r Response) Zip() []byte {
	used := Names{}
	entries := make([]Entry, len(r.Items))
	for i, it := range r.Items {
		e := it.entry
		e.Item, e.Index, e.ID, e.Error = strconv.Itoa(i), i, it.ID, it.Error
		if it.Error == nil {
			e.File, e.Body = used.Name(it.ID, strconv.Itoa(i+1))+".png", it.png
		}
		entries[i] = e
	}
	return Zip(entries)
}
