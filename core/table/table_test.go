package table

import (
	"fmt"
	"strings"
	"testing"

	"qrkeyless/core/payload"
)

func TestRead(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       string // the separator, header and rows, or the error
	}{
		{"comma", "ssid,password\nCafe,secret123\n", `',' ["ssid" "password"] [["Cafe" "secret123"]]`},
		{"excel in much of Europe: semicolons and a BOM", "\ufeffName;Link\r\nA;https://a.example/?x=1,2\r\n", `';' ["Name" "Link"] [["A" "https://a.example/?x=1,2"]]`},
		{"tab", "a\tb\n1\t2\n", `'\t' ["a" "b"] [["1" "2"]]`},
		{"quotes, a separator and a line break inside", "text,name\n\"Hello, \"\"world\"\"\nbye\",x\n", `',' ["text" "name"] [["Hello, \"world\"\nbye" "x"]]`},
		{"ragged rows and an empty header cell", "a,,c\n1\n1,2,3,4\n\n,,\n", `',' ["a" "Column 2" "c" "Column 4"] [["1" "" "" ""] ["1" "2" "3" "4"]]`},
		// Each row keeps the number the spreadsheet shows it under: a blank
		// row, an empty line (a blank row of one column) and a cell's line
		// breaks are counted as a spreadsheet counts them.
		{"rows numbered as the spreadsheet does", "\na,b\n1,2\n,\n\n\"x\ny\nz\",3\r\n4,5\n", `',' ["a" "b"] [["1" "2"] ["x\ny\nz" "3"] ["4" "5"]] [3 6 7]`},
		{"header only", "a,b\n", "the file has a header and no rows: add a row for each code"},
		{"empty", "\ufeff\n\n", "the file is empty: it needs a header row and a row for each code"},
		{"latin-1", "name\ncaf\xe9\n", "the file is not UTF-8 text: save it from the spreadsheet as CSV UTF-8"},
		{"too many", "a\n" + strings.Repeat("x\n", MaxRows+1), "the file has more than 1000 rows under its header; a batch makes at most 1000 codes: split it"},
	} {
		tb, err := Read(tc.text)
		got := ""
		if err != nil {
			got = err.Error()
		} else {
			got = fmt.Sprintf("%q %q %q", tb.Sep, tb.Header, tb.Rows)
			if strings.HasPrefix(tc.name, "rows numbered") {
				got += fmt.Sprint(" ", tb.Line)
			}
		}
		if got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.name, got, tc.want)
		}
	}
}

func TestGuess(t *testing.T) {
	wifi, _ := payload.Lookup("wifi")
	vcard, _ := payload.Lookup("vcard")
	for _, tc := range []struct {
		header []string
		kind   *payload.Kind
		want   string
	}{
		{[]string{"Room", "SSID", "WiFi Password", "Security"}, wifi, "map[password:2 security:3 ssid:1]"},
		{[]string{"Network name", "sec", "Pass"}, wifi, "map[security:1 ssid:0]"},
		{[]string{"Room", "Network", "Password"}, wifi, "map[password:2 ssid:1]"},
		{[]string{"Name", "Link"}, nil, "map[data:1]"},
		{[]string{"Asset", "Serial"}, nil, "map[data:0]"},
		{[]string{"First name", "Last name", "E-mail", "Phone"}, vcard, "map[email:2 fn:0 ln:1 phone:3]"},
	} {
		if got := fmt.Sprint(Guess(tc.header, tc.kind)); got != tc.want {
			t.Errorf("%v: got %s, want %s", tc.header, got, tc.want)
		}
	}
	if got := Column([]string{"Serial", "Asset tag", "Room"}, Names); got != 2 {
		t.Errorf("the name column of Serial, Asset tag, Room: %d", got)
	}
}
