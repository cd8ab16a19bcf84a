package batch

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"qrkeyless/core/budget"
	"qrkeyless/core/problem"
	"qrkeyless/core/request"
	"qrkeyless/internal/hostile"
	"qrkeyless/internal/readback"
)

func run(t *testing.T, body string) Response {
	t.Helper()
	req, p := Parse([]byte(body))
	if p != nil {
		t.Fatalf("Parse: %v", p)
	}
	r, p := Run(context.Background(), req, "https://qr.example")
	if p != nil {
		t.Fatalf("Run: %v", p)
	}
	return r
}

func TestOutputs(t *testing.T) {
	body := `{"output":"%s","style":{"size":200,"color":"1a237e"},"items":[
		{"id":"a","data":"https://example.com/a"},
		{"id":"wifi","type":"wifi","fields":{"ssid":"Guest","security":"nopass"},"style":{"ec":"H"}}]}`
	for _, out := range []string{"url", "base64", "svg", "json"} {
		r := run(t, fmt.Sprintf(body, out))
		if r.Count != 2 || r.Items[0].ID != "a" || r.Items[1].ID != "wifi" {
			t.Fatalf("%s: %+v", out, r)
		}
		for i, want := range []string{"https://example.com/a", "WIFI:T:nopass;S:Guest;;"} {
			it := r.Items[i]
			if it.Error != nil || it.Payload != want {
				t.Fatalf("%s item %d: %+v", out, i, it)
			}
			switch out {
			case "url":
				if !strings.HasPrefix(it.URL, "https://qr.example/api/v1/") || !strings.Contains(it.URL, "size=200") {
					t.Errorf("url %q", it.URL)
				}
			case "base64":
				raw, _ := base64.StdEncoding.DecodeString(strings.TrimPrefix(it.Data, "data:image/png;base64,"))
				if got, err := readback.Text(raw); got != want {
					t.Errorf("base64 item %d decodes to %q, %v", i, got, err)
				}
			case "svg":
				if got, err := readback.Text([]byte(it.SVG)); got != want {
					t.Errorf("svg item %d decodes to %q, %v", i, got, err)
				}
			case "json":
				var m struct{ EC string }
				json.Unmarshal(it.Matrix, &m)
				if wantEC := map[int]string{0: "M", 1: "H"}[i]; m.EC != wantEC {
					t.Errorf("json item %d: ec %q, want %q (item style overrides shared)", i, m.EC, wantEC)
				}
			}
		}
	}
}

func TestItemErrorsDoNotFailOthers(t *testing.T) {
	r := run(t, `{"output":"base64","items":[
		{"id":"ok","data":"fine"},
		{"id":"nodata"},
		{"id":"badcolor","data":"x","style":{"color":"red"}},
		{"id":"missing","type":"wifi","fields":{"password":"abcdefgh"}},
		{"id":"unknown","type":"wfi","fields":{"ssid":"x"}},
		{"id":"iban","type":"epc","fields":{"name":"A","iban":"DE89370400440532013001"}}]}`)
	if r.Items[0].Error != nil || r.Items[0].Data == "" {
		t.Errorf("good item failed: %+v", r.Items[0].Error)
	}
	for i, field := range map[int]string{1: "data", 2: "color", 3: "ssid", 4: "type", 5: "iban"} {
		e := r.Items[i].Error
		if e == nil || e.Status != 400 || e.Field != field || e.Fix == "" {
			t.Errorf("item %d: %+v, want a 400 on %s", i, e, field)
		}
	}
	if !strings.HasPrefix(r.Items[4].Error.Fix, "/api/v1/wifi") {
		t.Errorf("unknown type fix %q", r.Items[4].Error.Fix)
	}
}

func TestSecretNeverInURL(t *testing.T) {
	r := run(t, `{"items":[{"type":"wifi","fields":{"ssid":"Home","password":"hunter2hunter2"}}]}`)
	b, _ := json.Marshal(r)
	if strings.Contains(string(b), "hunter2") || r.Items[0].Error == nil {
		t.Errorf("url output with a secret: %s", b)
	}
}

func TestParseLimits(t *testing.T) {
	items := strings.Repeat(`{"data":"x"},`, MaxItems+1)
	_, p := Parse([]byte(`{"items":[` + strings.TrimSuffix(items, ",") + `]}`))
	if p == nil || p.Status != 413 {
		t.Errorf("1001 items: %+v", p)
	}
	for body, status := range map[string]int{`{"items":[]}`: 400, `{"output":"gif","items":[{"data":"x"}]}`: 400, `not json`: 400, `{"itemz":[]}`: 400} {
		if _, p := Parse([]byte(body)); p == nil || p.Status != status {
			t.Errorf("%s: %+v", body, p)
		}
	}
}

func TestZip(t *testing.T) {
	r := run(t, `{"output":"zip","items":[{"id":"menu card","data":"a"},{"id":"menu card","data":"b"},{"data":"c"},{"id":"bad","data":"x","style":{"size":1}}]}`)
	z, err := zip.NewReader(bytes.NewReader(r.Zip()), int64(len(r.Zip())))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"menu card.png": "a", "menu card-2.png": "b", "3.png": "c"}
	for _, f := range z.File {
		// The DOS date unzip shows: a zero one reads 1980-00-00.
		if y, m, d := 1980+int(f.ModifiedDate>>9), int(f.ModifiedDate>>5&0xf), int(f.ModifiedDate&0x1f); y != 1980 || m != 1 || d != 1 {
			t.Errorf("%s is dated %d-%02d-%02d, want 1980-01-01", f.Name, y, m, d)
		}
		rc, _ := f.Open()
		b, _ := io.ReadAll(rc)
		switch f.Name {
		case "errors.json":
			if !strings.Contains(string(b), `"bad"`) {
				t.Errorf("errors.json: %s", b)
			}
			continue
		case "manifest.csv":
			// Every item, in order, the failed one with its problem.
			lines := strings.Split(strings.TrimSpace(string(b)), "\n")
			if len(lines) != 5 || lines[0] != "file,item,kind,version,ec,scans" || !strings.HasPrefix(lines[1], "menu card.png,0,text,1,M,") ||
				!strings.HasPrefix(lines[4], ",3,text,,,not made: size") {
				t.Errorf("manifest.csv:\n%s", b)
			}
			continue
		}
		if got, err := readback.Text(b); got != want[f.Name] {
			t.Errorf("%s decodes to %q, %v", f.Name, got, err)
		}
		delete(want, f.Name)
	}
	if len(want) > 0 {
		t.Errorf("missing from zip: %v", want)
	}
	if !bytes.Equal(r.Zip(), r.Zip()) {
		t.Error("zip is not deterministic")
	}
}

func fixOf(p *problem.Problem) string {
	if p == nil {
		return ""
	}
	return p.Fix
}

// FuzzBatch sends batch bodies through Parse and Run with a small draw
// budget: nothing panics, every refusal is a problem with a fix, every
// item answers or fails with a problem, and no answer repeats a secret.
func FuzzBatch(f *testing.F) {
	for _, seed := range []string{
		`{"items":[{"data":"hello"}]}`,
		`{"output":"zip","style":{"size":4096,"style":"organic","eye":"leaf"},"items":[{"data":"a"},{"data":"b"}]}`,
		`{"output":"base64","items":[{"type":"wifi","fields":{"ssid":"x","passwrd":"Hunter2Hunter2"}}]}`,
		`{"output":"url","items":[{"data":"WIFI:T:WPA;S:x;P:Hunter2Hunter2;;"}]}`,
		`{"items":[{"type":"wifi","fields":{"ssid":"x","password":"Hunter2Hunter2","colour":"red"}}]}`,
		`{"items":[{"type":"epc","fields":{"name":"x","iban":"DE89370400440532013001","amount":"12.345"}}]}`,
		`{"items":[]}`, `{"items":[{}]} trailing`, `{"items":[{"data":"x","style":{"size":[1]}}]}`,
		string(hostile.Batch(3, "svg")),
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, body string) {
		req, p := Parse([]byte(body))
		if p != nil {
			if p.Fix == "" || p.Status < 400 || p.Status > 499 {
				t.Fatalf("%q: problem %+v", body, p)
			}
			return
		}
		b := budget.New()
		b.Draw.Limit = 20_000_000 // 20 ms: each input stays cheap
		res, p := Run(budget.With(context.Background(), b), req, "https://qr.example")
		if b.Draw.Used > b.Draw.Limit || b.Answer.Used > b.Answer.Limit {
			t.Fatalf("%q: over budget: %s, %s", body, &b.Draw, &b.Answer)
		}
		if p != nil {
			if p.Status != 413 || p.Fix == "" {
				t.Fatalf("%q: problem %+v", body, p)
			}
			return
		}
		if res.Count != len(req.Items) || len(res.Items) != len(req.Items) {
			t.Fatalf("%q: %d results for %d items", body, len(res.Items), len(req.Items))
		}
		for _, it := range res.Items {
			if it.Error != nil && (it.Error.Fix == "" || it.Error.Status < 400 || it.Error.Status > 499) {
				t.Fatalf("%q: item error %+v", body, it.Error)
			}
			for _, link := range []string{it.URL, fixOf(it.Error)} {
				if u, err := url.Parse(link); err == nil && request.HasSecret(u.Query()) {
					t.Fatalf("%q: %s carries a secret", body, link)
				}
			}
		}
	})
}

// A file keeps its name as the cell writes it, in any script; only what
// Windows, macOS or Linux refuse or misread is replaced.
func TestFileName(t *testing.T) {
	for _, tt := range []struct{ id, want string }{
		{"menu card", "menu card"},
		{"Müller", "Müller"},
		{"Țepeș", "Țepeș"},
		{"佐藤", "佐藤"},
		{"Ελένη", "Ελένη"},
		{"Пётр", "Пётр"},
		{"a/../b", "a_.._b"},
		{`a<b>c:d"e\f|g?h*i`, "a_b_c_d_e_f_g_h_i"},
		{"Café №1", "Café №1"},
		{"  x  ", "x"},
		{"..hidden", "hidden"},
		{"trailing. . ", "trailing"},
		{"ok-1.2_3", "ok-1.2_3"},
		{"a\x00b", "a_b"},
		{"tab\tand\nline", "tab_and_line"},
		{"invoice\u202egnp.exe", "invoice_gnp.exe"}, // a right-to-left override would show it as ...exe.png
		{"CON", "CON_"},
		{"nul", "nul_"},
		{"Com1", "Com1_"},
		{"LPT¹", "LPT¹_"},
		{"con.txt", "con_.txt"},
		{"CONSOLE", "CONSOLE"},
		{"COM10", "COM10"},
		{strings.Repeat("é", 100), strings.Repeat("é", 60)}, // 120 bytes, whole letters
		{"\u200b", ""},
	} {
		if got := fileName(tt.id); got != tt.want {
			t.Errorf("fileName(%q) = %q, want %q", tt.id, got, tt.want)
		}
	}
	// Unique, whatever the case: Windows and macOS see Ab and AB as one.
	used := Names{}
	var got []string
	for _, id := range []string{"Ab", "AB", "ab-2", "佐藤", "佐藤", "", "CON"} {
		got = append(got, used.Name(id, "7"))
	}
	if want := "Ab AB-2 ab-2-2 佐藤 佐藤-2 7 CON_"; strings.Join(got, " ") != want {
		t.Errorf("names %q, want %q", strings.Join(got, " "), want)
	}
}

// A name outside ASCII is marked UTF-8 in the ZIP (the language encoding
// flag, bit 11 of the general purpose flags, APPNOTE 4.4.4), so that an
// unzip tool does not read it as code page 437.
func TestZipMarksUTF8Names(t *testing.T) {
	r := run(t, `{"output":"zip","items":[{"id":"Müller","data":"a"},{"id":"佐藤","data":"b"},{"id":"plain","data":"c"}]}`)
	data := r.Zip()
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	flags := map[string]bool{}
	for _, f := range z.File {
		flags[f.Name] = f.Flags&0x800 != 0
	}
	if want := map[string]bool{"Müller.png": true, "佐藤.png": true, "plain.png": false, "manifest.csv": false}; fmt.Sprint(flags) != fmt.Sprint(want) {
		t.Errorf("UTF-8 flags %v, want %v", flags, want)
	}
	// The local header says it too, not only the central directory.
	at := bytes.Index(data, []byte("佐藤.png"))
	if at < 30 || binary.LittleEndian.Uint16(data[at-30+6:])&0x800 == 0 {
		t.Error("佐藤.png's local header does not set bit 11")
	}
}

// A body of one object with thousands of names, or nested thousands deep,
// is refused before encoding/json reads it into maps.
func TestParseBoundsTheShape(t *testing.T) {
	wide := `{"items":[{"data":"a","fields":{` + strings.Repeat(`"k":"v",`, 2000) + `"k":"v"}}]}`
	deep := `{"items":[` + strings.Repeat("[", 100) + strings.Repeat("]", 100) + `]}`
	for name, body := range map[string]string{"wide": wide, "deep": deep} {
		_, p := Parse([]byte(body))
		if p == nil || p.Status != 400 || !strings.Contains(p.Detail, "at most 64 levels and 1024 members") {
			t.Errorf("%s: %+v", name, p)
		}
	}
}

// Output sheet lays the items that worked out on a label sheet; those
// that failed are named, and take no label.
func TestSheet(t *testing.T) {
	body := `{"output":"sheet","sheet":{"paper":"letter","crop_marks":true},"style":{"style":"rounded"},"items":[
		{"data":"a","style":{"frame_text":"Alpha"}},
		{"type":"wifi","fields":{"password":"abcdefgh"}},
		{"data":"b","style":{"frame":"box"}},
		{"data":"c"}]}`
	req, p := Parse([]byte(body))
	if p != nil {
		t.Fatal(p)
	}
	if req.Layout.Preset != "letter-3x10" || !req.Layout.CropMarks {
		t.Fatalf("layout %+v", req.Layout)
	}
	r, p := Run(context.Background(), req, "")
	if p != nil {
		t.Fatal(p)
	}
	pdf, failed, p := Sheet(context.Background(), req, r)
	if p != nil {
		t.Fatal(p)
	}
	if fmt.Sprint(failed) != "[1 2]" {
		t.Errorf("failed items %v, want [1 2]", failed)
	}
	if r.Items[2].Error.Field != "frame" || !strings.Contains(r.Items[2].Error.Fix, "frame=none") {
		t.Errorf("a frame on a sheet: %+v", r.Items[2].Error)
	}
	if !bytes.HasPrefix(pdf, []byte("%PDF-1.4")) || !bytes.Contains(pdf, []byte("/MediaBox [0 0 612 792]")) {
		t.Errorf("not a Letter PDF: %.80q", pdf)
	}
	for _, bad := range []struct{ body, field string }{
		{`{"output":"zip","sheet":{"paper":"a4"},"items":[{"data":"a"}]}`, "sheet"},
		{`{"output":"sheet","sheet":{"paper":"a3"},"items":[{"data":"a"}]}`, "paper"},
		{`{"output":"sheet","sheet":{"rows":[1]},"items":[{"data":"a"}]}`, "sheet.rows"},
	} {
		if _, p := Parse([]byte(bad.body)); p == nil || p.Field != bad.field {
			t.Errorf("%s: %v, want a problem with %s", bad.body, p, bad.field)
		}
	}
	req, _ = Parse([]byte(`{"output":"sheet","sheet":{"code_mm":34},"items":[{"data":"a","style":{"frame_text":"A"}}]}`))
	if _, p := Run(context.Background(), req, ""); p == nil || !strings.Contains(p.Fix, `"code_mm":"25.5"`) {
		t.Errorf("a caption under a code that fills the label: %v", p)
	}
}

// On a sheet each item that is too small to scan on its label says so,
// with what would make it fit: the layout's choices and its own (a lower
// error correction, shorter data in the field that makes it long). A
// sheet over MaxLabels labels is refused before any code is made.
func TestSheetAdvice(t *testing.T) {
	long := strings.Repeat("Desk 4, ring twice. ", 6)
	body := `{"output":"sheet","sheet":{"preset":"letter-3x10"},"items":[
		{"type":"wifi","fields":{"ssid":"Guest","password":"correct horse"},"style":{"frame_text":"Room 1"}},
		{"type":"vcard","fields":{"fn":"Ana","note":"` + long + `"},"style":{"ec":"H"}}]}`
	r := run(t, body)
	if wifi := r.Items[0].Advice; !strings.HasPrefix(wifi, "too small to scan from 0.15 m: its 29 modules need a code of 19.2 mm with the quiet zone, and this sheet's is 13.8 mm with its caption below it. It fits with any one of: caption_at=right (21.4 mm); no caption (21.4 mm); preset=letter-3x4") {
		t.Errorf("wifi: %s", wifi)
	}
	// Without captions a code is 21.4 mm: a contact's code at ec=H is too
	// dense for it, and a lower level or a shorter note would do.
	card := run(t, strings.Replace(body, `"style":{"frame_text":"Room 1"}`, `"style":{}`, 1)).Items[1].Advice
	if !regexp.MustCompile(`21\.4 mm without a caption\. It fits with any one of: .*; ec=[LMQ] \(\d+ modules: [\d.]+ mm\); note at most \d+ of its 120 bytes \(53 modules: 20\.2 mm\)$`).MatchString(card) {
		t.Errorf("vcard: %s", card)
	}
	// The advice of an item is One's too.
	req, _ := Parse([]byte(body))
	req.Layout.Captions = Captions(req, req.Items)
	for i, it := range req.Items {
		if m, p := One(context.Background(), req, it); p != nil || m.Advice.String() != r.Items[i].Advice {
			t.Errorf("item %d: One advises %q (%v)", i, m.Advice, p)
		}
	}
	items := strings.TrimSuffix(strings.Repeat(`{"data":"x"},`, 1000), ",")
	if _, p := Parse([]byte(`{"output":"sheet","sheet":{"copies":11},"items":[` + items + `]}`)); p == nil || p.Status != 413 || p.Fix != `"sheet":{"copies":"10"}` {
		t.Errorf("11,000 labels: %v", p)
	}
}

// A sheet's captions cost what setting them costs, as its plan says: a
// full page of Avery 5167's 80 labels, each captioned, is made within the
// draw budget, every code of it (a caption was once charged as a framed
// picture drawn and checked, 12 ms, and the 66th item on failed).
func TestSheetOfCaptionsFitsItsPlan(t *testing.T) {
	var items []string
	for i := range 80 {
		items = append(items, fmt.Sprintf(`{"data":"https://example.com/letter-4x20/%d","style":{"frame_text":"Item %d"}}`, i, i))
	}
	req, p := Parse([]byte(`{"output":"sheet","sheet":{"preset":"letter-4x20","caption_at":"right"},"items":[` + strings.Join(items, ",") + `]}`))
	if p != nil {
		t.Fatal(p)
	}
	b := budget.New()
	r, p := Run(budget.With(context.Background(), b), req, "")
	if p != nil {
		t.Fatal(p)
	}
	for i, it := range r.Items {
		if it.Error != nil {
			t.Fatalf("item %d: %v (%s)", i, it.Error, &b.Draw)
		}
	}
	if _, failed, p := Sheet(context.Background(), req, r); p != nil || len(failed) > 0 {
		t.Errorf("the sheet: %v, failed %v", p, failed)
	}
}

// One makes an item as Run does, with the same problem and fix.
func TestOneIsRun(t *testing.T) {
	body := `{"output":"zip","style":{"size":200},"items":[{"data":"hello"},{"type":"wifi","fields":{"password":"abcdefgh"}}]}`
	req, _ := Parse([]byte(body))
	r, p := Run(context.Background(), req, "")
	if p != nil {
		t.Fatal(p)
	}
	for i, it := range req.Items {
		m, p := One(context.Background(), req, it)
		if want := r.Items[i]; fmt.Sprint(p) != fmt.Sprint(want.Error) || !bytes.Equal(m.Body, want.png) {
			t.Errorf("item %d: One gave %v, Run %v", i, p, want.Error)
		}
	}
	if got, err := readback.Text(r.Items[0].png); got != "hello" {
		t.Errorf("item 0 reads %q, %v", got, err)
	}
}

// Every object of the body refuses a member it does not take, naming the
// member, the ones it takes and, for a near miss, the body corrected.
func TestParseUnknownMembers(t *testing.T) {
	for _, tt := range []struct {
		body, field, fix string
	}{
		{`{"itemz":[{"data":"a"}]}`, "itemz", `POST /api/v1/qr/batch with {"items":[{"data":"a"}]}`},
		{`{"items":[{"data":"a"}],"colour":"red"}`, "colour", `POST /api/v1/qr/batch with {"items":[{"data":"a"}]}`},
		{`{"items":[{"data":"a"},{"dat":"b"}]}`, "items[1].dat", `Send items[1] as {"data":"b"}`},
		{`{"output":"sheet","sheet":{"label":"3474"},"items":[{"data":"a"}]}`, "sheet.label", `"sheet":{}`},
		{`{"output":"sheet","sheet":{"prest":"3474"},"items":[{"data":"a"}]}`, "sheet.prest", `"sheet":{"preset":"3474"}`},
		// The member is refused before the sheet is found out of place.
		{`{"sheet":{"colums":3},"items":[{"data":"a"}]}`, "sheet.colums", `"sheet":{"columns":3}`},
	} {
		_, p := Parse([]byte(tt.body))
		if p == nil || p.Status != 400 || p.Field != tt.field || p.Fix != tt.fix || len(p.Allowed) == 0 {
			t.Errorf("%s: %+v, want field %s and fix %s", tt.body, p, tt.field, tt.fix)
			continue
		}
		if _, p := Parse([]byte(tt.body)); !strings.Contains(p.Detail, strings.Join(p.Allowed, ", ")) {
			t.Errorf("%s: the detail does not list what is taken: %s", tt.body, p.Detail)
		}
	}
}
