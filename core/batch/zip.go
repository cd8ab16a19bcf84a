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
	"unicode"
	"unicode/utf8"

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

// fileName is id made safe as a file name on Windows, macOS and Linux,
// every script's letters kept: each run of characters a file system
// refuses or misreads (< > : " / \ | ? *, control and format characters,
// which include the bidirectional overrides that can disguise an
// extension) becomes one '_'; spaces and dots are trimmed from the ends
// (Windows drops trailing ones; a leading dot hides a file); a name
// Windows reserves for a device (CON, NUL, COM1 ...), alone or before a
// dot, gets a '_'; and it is cut to maxName bytes at a character's edge.
// (A loop, not a regexp: regexp would bring its Unicode tables into the
// Worker's start-up.)
func fileName(id string) string {
	var b strings.Builder
	run := false
	for _, r := range id {
		safe := r != utf8.RuneError && !strings.ContainsRune(`<>:"/\|?*`, r) && !unicode.IsControl(r) &&
			!unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp, unicode.Co, unicode.Cs)
		if safe {
			b.WriteRune(r)
		} else if !run {
			b.WriteByte('_')
		}
		run = !safe
	}
	name := strings.Trim(b.String(), " ._")
	if len(name) > maxName {
		cut := maxName
		for cut > 0 && !utf8.RuneStart(name[cut]) {
			cut--
		}
		name = strings.TrimRight(name[:cut], " ._")
	}
	stem, _, _ := strings.Cut(name, ".")
	if reserved(strings.TrimRight(stem, " ")) {
		name = stem + "_" + name[len(stem):]
	}
	return name
}

// maxName is the most bytes of a file's name taken from an id: with its
// number and extension it stays well under the 255 bytes most file
// systems allow.
const maxName = 120

// reserved reports whether Windows keeps name for a device, in any case:
// CON, PRN, AUX, NUL, CONIN$, CONOUT$, and COM and LPT followed by a
// digit or a superscript 1, 2 or 3.
func reserved(name string) bool {
	up := strings.ToUpper(name)
	switch up {
	case "CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$":
		return true
	}
	if len(up) < 4 || up[:3] != "COM" && up[:3] != "LPT" {
		return false
	}
	r, n := utf8.DecodeRuneInString(up[3:])
	return 3+n == len(up) && (r >= '0' && r <= '9' || r == '¹' || r == '²' || r == '³')
}

// Names gives files unique, safe names: an item's id made file-name safe
// (its number when nothing is left of it), and -2, -3 ... after a name
// already given. Names differing only in case are the same name, as on
// Windows and macOS.
type Names map[string]bool

// Name returns the name, without extension, of the file of the item with
// id, numbered number as its caller counts items.
func (used Names) Name(id, number string) string {
	name := fileName(id)
	if name == "" {
		name = number
	}
	for base, n := name, 2; used[strings.ToLower(name)]; n++ {
		name = fmt.Sprintf("%s-%d", base, n)
	}
	used[strings.ToLower(name)] = true
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
