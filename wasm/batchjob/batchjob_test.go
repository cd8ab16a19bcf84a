package batchjob

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"qrkeyless/core/batch"
	"qrkeyless/core/params"
	"qrkeyless/internal/readback"
	"qrkeyless/worker/api"
)

const wifiCSV = "Room;SSID;Password;Security\n" +
	"101;Hotel Guest;correct horse 101;WPA\n" +
	"102;Hotel Guest;short;WPA\n" +
	"Lobby;Lobby \"Free\";;nopass\n" +
	"101;Hotel Guest;correct horse 103;WPA\n"

func TestInspect(t *testing.T) {
	in := Inspect("\ufeff"+wifiCSV, "wifi")
	if in.Error != "" || in.Rows != 4 || in.Sep != "semicolon" || in.Name != "Room" {
		t.Fatalf("%+v", in)
	}
	if fmt.Sprint(in.Guess) != "map[password:Password security:Security ssid:SSID]" {
		t.Errorf("guess %v", in.Guess)
	}
	if in := Inspect("a,b\n", ""); in.Error == "" {
		t.Error("a header without rows is not a batch")
	}
}

func run(t *testing.T, s Setup) ([]Row, []byte) {
	t.Helper()
	j, o := Open(s)
	if j == nil {
		t.Fatalf("Open: %v", o.Errors)
	}
	var rows []Row
	for i := range o.Rows {
		rows = append(rows, j.Row(i))
	}
	data, _, _ := j.Finish()
	return rows, data
}

var wifiSetup = Setup{
	Text: wifiCSV, Kind: "wifi", Name: "Room", Caption: "Room", Output: "png",
	Columns: map[string]string{"ssid": "SSID", "password": "Password", "security": "Security"},
	Style:   map[string]string{"size": "240", "style": "rounded"},
}

// Each row is a code in the zip under its own name, read back to its
// row's text; a bad row is listed with its column and the fix the API
// gives for the same item, and the rest are made.
func TestZip(t *testing.T) {
	rows, data := run(t, wifiSetup)
	want := []string{"WIFI:T:WPA;S:Hotel Guest;P:correct horse 101;;", "", `WIFI:T:nopass;S:Lobby \"Free\";;`, "WIFI:T:WPA;S:Hotel Guest;P:correct horse 103;;"}
	files := unzip(t, data)
	for i, r := range rows {
		if want[i] == "" {
			if r.Error == nil || r.Error.Column != "Password" || r.File != "" {
				t.Errorf("row %d: %+v", i, r)
			}
			continue
		}
		if r.Error != nil || !r.Scans || r.Verdict != "yes" {
			t.Fatalf("row %d: %+v %+v", i, r, r.Error)
		}
		if got, err := readback.Text(files[r.File]); got != want[i] {
			t.Errorf("%s reads %q, %v", r.File, got, err)
		}
	}
	if strings.Join([]string{rows[0].File, rows[2].File, rows[3].File}, " ") != "101.png Lobby.png 101-2.png" {
		t.Errorf("names %s %s %s", rows[0].File, rows[2].File, rows[3].File)
	}
	// The API, given the same item, says the same.
	req, _ := batch.Parse([]byte(`{"output":"zip","style":{"size":240,"style":"rounded"},"items":[{"id":"102","type":"wifi","fields":{"ssid":"Hotel Guest","password":"short","security":"WPA"},"style":{"frame_text":"102"}}]}`))
	api, _ := batch.Run(context.Background(), req, "")
	if e := api.Items[0].Error; e.Fix != rows[1].Error.Fix || e.Detail != rows[1].Error.Detail {
		t.Errorf("the page says %+v, the API %+v", rows[1].Error, e)
	}
	manifest := string(files["manifest.csv"])
	if !strings.HasPrefix(manifest, "file,item,kind,version,ec,scans\n101.png,2,wifi,") || strings.Contains(manifest, "horse") || strings.Contains(manifest, "short") {
		t.Errorf("manifest:\n%s", manifest)
	}
}

func unzip(t *testing.T, data []byte) map[string][]byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, f := range zr.File {
		r, _ := f.Open()
		out[f.Name], _ = io.ReadAll(r)
	}
	return out
}

func TestSheet(t *testing.T) {
	s := wifiSetup
	s.Output, s.Sheet = "sheet", map[string]string{"preset": "a4-3x7"}
	rows, data := run(t, s)
	if !bytes.HasPrefix(data, []byte("%PDF")) || rows[0].File != "" || rows[0].Advice.What != "" {
		t.Fatalf("%+v %.20q", rows[0], data)
	}
	// A logo from a file goes on every code: one image in the sheet, and
	// in each PNG of a zip, which still reads.
	logo := s
	logo.Style = map[string]string{"logo": params.LogoExample, "logo_size": "0.15"}
	rows, data = run(t, logo)
	if n := bytes.Count(data, []byte("/Subtype /Image")); n != 2 || !rows[0].Scans {
		t.Errorf("a logo on the sheet: %d images (want the colours and their mask), row %+v", n, rows[0])
	}
	logo.Output = "png"
	rows, data = run(t, logo)
	if got, err := readback.Text(unzip(t, data)[rows[0].File]); got != "WIFI:T:WPA;S:Hotel Guest;P:correct horse 101;;" {
		t.Errorf("a PNG with the logo reads %q, %v", got, err)
	}
	s.Sheet = map[string]string{"columns": "10", "rows": "20", "margin_x": "0", "margin_y": "0"}
	rows, _ = run(t, s)
	if !strings.HasPrefix(rows[0].Advice.What, "too small") {
		t.Errorf("a 10 mm code: %+v", rows[0])
	}
}

// What is wrong with the setup is said next to its control.
func TestOpenErrors(t *testing.T) {
	s := wifiSetup
	s.Style = map[string]string{"fg": "red", "frame": "box"}
	s.Output, s.Sheet = "sheet", map[string]string{"paper": "a3"}
	s.Columns = map[string]string{"password": "Pass"}
	_, o := Open(s)
	for _, key := range []string{"fg", "frame", "paper", "col-ssid", "col-password"} {
		if o.Errors[key] == "" {
			t.Errorf("no error for %s: %v", key, o.Errors)
		}
	}
}

// The same rows make the same codes on the /batch page as through
// POST /api/v1/qr/batch: every cell as written, a Wi-Fi password with
// edge spaces and every character the WIFI: form escapes kept, byte for
// byte. The page's files are read back by zxing-cpp; the API's answer
// gives the payload it encoded; both must be the text the Wi-Fi form
// writes for those fields (written out here by hand, escapes and all).
func TestRowsAreTheAPIs(t *testing.T) {
	rows := []struct{ ssid, password, want string }{
		{"Cafe", " leading space pw", "WIFI:T:WPA;S:Cafe;P: leading space pw;;"},
		{"Cafe", "trailing space pw ", "WIFI:T:WPA;S:Cafe;P:trailing space pw ;;"},
		{"Cafe", `say "hi" friend`, `WIFI:T:WPA;S:Cafe;P:say \"hi\" friend;;`},
		{"Cafe", "semi;colon,comma", `WIFI:T:WPA;S:Cafe;P:semi\;colon\,comma;;`},
		{"Cafe", `back\slash:colon`, `WIFI:T:WPA;S:Cafe;P:back\\slash\:colon;;`},
		{" Cafe ", "plainpassword", "WIFI:T:WPA;S: Cafe ;P:plainpassword;;"},
	}
	var csv strings.Builder
	csv.WriteString("SSID,Password\n")
	var items []string
	for _, r := range rows {
		fmt.Fprintf(&csv, "%s,%s\n", csvCell(r.ssid), csvCell(r.password))
		items = append(items, fmt.Sprintf(`{"type":"wifi","fields":{"ssid":%q,"password":%q}}`, r.ssid, r.password))
	}
	s := Setup{Text: csv.String(), Kind: "wifi", Output: "png", Columns: map[string]string{"ssid": "SSID", "password": "Password"}}
	page, data := run(t, s)
	files := unzip(t, data)

	body := `{"output":"base64","items":[` + strings.Join(items, ",") + `]}`
	w := httptest.NewRecorder()
	post := httptest.NewRequest("POST", "/api/v1/qr/batch", strings.NewReader(body))
	post.Header.Set("Content-Type", "application/json")
	api.New(api.Config{}).ServeHTTP(w, post)
	var answer batch.Response
	if err := json.Unmarshal(w.Body.Bytes(), &answer); err != nil || w.Code != 200 || len(answer.Items) != len(rows) {
		t.Fatalf("POST /api/v1/qr/batch: %d %s", w.Code, w.Body.Bytes())
	}
	for i, r := range rows {
		if page[i].Error != nil {
			t.Errorf("row %d: the page refused it: %+v", i+2, page[i].Error)
			continue
		}
		got, err := readback.Text(files[page[i].File])
		if err != nil || got != r.want {
			t.Errorf("row %d: the page's code reads %q (%v), want %q", i+2, got, err, r.want)
		}
		if a := answer.Items[i]; a.Error != nil || a.Payload != r.want {
			t.Errorf("item %d: the API encoded %q (%v), want %q", i, a.Payload, a.Error, r.want)
		}
	}
}

// csvCell quotes a cell as a spreadsheet writes one that holds a quote,
// a comma or an edge space.
func csvCell(s string) string {
	if strings.ContainsAny(s, "\",") || strings.TrimSpace(s) != s {
		return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
	}
	return s
}

// Rows are numbered as the spreadsheet shows them, the header being row
// 1, a blank row and a cell's line breaks counted: in the Row column, in
// the names of files named by row number and in manifest.csv. Names from
// a column keep their letters, in any script, and are unique whatever
// the case; the ZIP marks them UTF-8.
func TestRowsAsTheSpreadsheetNumbersThem(t *testing.T) {
	text := "Name,Link\n" +
		"Müller,https://example.com/1\n" +
		",\n" + // a blank row: row 3
		"\"佐藤\nTokyo\",https://example.com/2\n" + // one row of two lines: row 4
		"müller,https://example.com/3\n" +
		"CON,https://example.com/4\n"
	s := Setup{Text: text, Output: "png", Columns: map[string]string{"data": "Link"}}
	rows, data := run(t, s)
	var got []string
	for _, r := range rows {
		got = append(got, fmt.Sprintf("%d:%s", r.Row, r.File))
	}
	if want := "2:2.png 4:4.png 5:5.png 6:6.png"; strings.Join(got, " ") != want {
		t.Errorf("rows %s, want %s", strings.Join(got, " "), want)
	}
	s.Name = "Name"
	rows, data = run(t, s)
	got = got[:0]
	for _, r := range rows {
		got = append(got, r.File)
	}
	if want := "Müller.png 佐藤_Tokyo.png müller-2.png CON_.png"; strings.Join(got, " ") != want {
		t.Errorf("names %s, want %s", strings.Join(got, " "), want)
	}
	files := unzip(t, data)
	if m := string(files["manifest.csv"]); !strings.Contains(m, "\n佐藤_Tokyo.png,4,text,") || !strings.Contains(m, "\nCON_.png,6,text,") {
		t.Errorf("manifest:\n%s", m)
	}
	zr, _ := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	for _, f := range zr.File {
		if utf8 := f.Flags&0x800 != 0; utf8 != (f.Name == "Müller.png" || f.Name == "佐藤_Tokyo.png" || f.Name == "müller-2.png") {
			t.Errorf("%s: UTF-8 flag %v", f.Name, utf8)
		}
	}
}

// A contact whose note is too long names the Note column, and its fix
// says how many bytes the note may keep: the API's problem and fix for
// the same item.
func TestTooLongNamesTheColumn(t *testing.T) {
	note := strings.Repeat("Met at the fair; wants samples, prices\\terms. ", 100)
	text := "First,Mail,Notes\nAna,ana@example.com," + csvCell(note) + "\n"
	s := Setup{Text: text, Kind: "vcard", Output: "svg", Columns: map[string]string{"fn": "First", "email": "Mail", "note": "Notes"}}
	rows, _ := run(t, s)
	e := rows[0].Error
	if e == nil || e.Column != "Notes" || e.Field != "note" || !regexp.MustCompile(`^Shorten note to at most \d+ bytes \(it has 4600\), and use ec=L\.$`).MatchString(e.Fix) {
		t.Fatalf("%+v", e)
	}
	req, _ := batch.Parse([]byte(`{"output":"svg","items":[{"type":"vcard","fields":{"fn":"Ana","email":"ana@example.com","note":` + strconv.Quote(note) + `}}]}`))
	api, _ := batch.Run(context.Background(), req, "")
	if a := api.Items[0].Error; a == nil || a.Fix != e.Fix || a.Detail != e.Detail || a.Field != e.Field {
		t.Errorf("the page says %+v, the API %+v", e, a)
	}
}

// The page and the API make the same sheet from the same rows and
// options, byte for byte, and advise alike on each code; start_at,
// copies, the offset and where the caption goes included.
func TestSheetIsTheAPIs(t *testing.T) {
	for _, layout := range []map[string]string{
		{"preset": "letter-3x10"},
		{"preset": "a4-5x13", "start_at": "7", "copies": "2", "offset_x": "0.5", "offset_y": "-0.4", "caption_at": "right", "code_at": "space", "guides": "1"},
		{"preset": "a4-4x6-round", "test": "1"},
	} {
		s := wifiSetup
		s.Output, s.Sheet = "sheet", layout
		rows, pdf := run(t, s)
		var items []string
		for i := range rows {
			it := wifiItems[i]
			items = append(items, it)
		}
		sheetJSON, _ := json.Marshal(layout)
		req, p := batch.Parse([]byte(`{"output":"sheet","sheet":` + string(sheetJSON) + `,"style":{"size":240,"style":"rounded"},"items":[` + strings.Join(items, ",") + `]}`))
		if p != nil {
			t.Fatal(p)
		}
		res, p := batch.Run(context.Background(), req, "")
		if p != nil {
			t.Fatal(p)
		}
		api, _, p := batch.Sheet(context.Background(), req, res)
		if p != nil || !bytes.Equal(api, pdf) {
			t.Errorf("%v: the page's PDF (%d bytes) is not the API's (%d bytes, %v)", layout, len(pdf), len(api), p)
		}
		for i, r := range rows {
			if r.Advice.String() != res.Items[i].Advice {
				t.Errorf("%v row %d: the page advises %q, the API %q", layout, i, r.Advice.String(), res.Items[i].Advice)
			}
		}
	}
	// On Avery 5160 with captions the advice is one the label allows.
	s := wifiSetup
	s.Output, s.Sheet = "sheet", map[string]string{"preset": "letter-3x10"}
	rows, _ := run(t, s)
	if !strings.Contains(rows[0].Advice.String(), "It fits with any one of: caption_at=right (21.4 mm); no caption (21.4 mm)") {
		t.Errorf("5160: %s", rows[0].Advice)
	}
}

// wifiItems are wifiSetup's rows as the API's items.
var wifiItems = []string{
	`{"id":"101","type":"wifi","fields":{"ssid":"Hotel Guest","password":"correct horse 101","security":"WPA"},"style":{"frame_text":"101"}}`,
	`{"id":"102","type":"wifi","fields":{"ssid":"Hotel Guest","password":"short","security":"WPA"},"style":{"frame_text":"102"}}`,
	`{"id":"Lobby","type":"wifi","fields":{"ssid":"Lobby \"Free\"","security":"nopass"},"style":{"frame_text":"Lobby"}}`,
	`{"id":"101","type":"wifi","fields":{"ssid":"Hotel Guest","password":"correct horse 103","security":"WPA"},"style":{"frame_text":"101"}}`,
}
