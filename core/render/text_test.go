package render

import (
	"regexp"
	"strings"
	"testing"

	"qrkeyless/core/qr"
)

// readText turns a terminal output back into modules, dark true, by the
// rules a person reading the screen applies: a half block's drawn half is
// the SGR foreground (black), ansi's black background is dark, ascii's #
// is dark. Inverted outputs read back inverted.
func readText(t *testing.T, out, format string) [][]bool {
	t.Helper()
	var rows [][]bool
	sgr := regexp.MustCompile("\x1b\\[([0-9;]*)m")
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		switch format {
		case "utf8":
			if !strings.HasPrefix(line, "\x1b[30;47m") || !strings.HasSuffix(line, "\x1b[0m") {
				t.Fatalf("utf8 line %q: not black on white", line)
			}
			var top, bottom []bool
			for _, r := range strings.TrimSuffix(strings.TrimPrefix(line, "\x1b[30;47m"), "\x1b[0m") {
				top = append(top, r == '█' || r == '▀')
				bottom = append(bottom, r == '█' || r == '▄')
			}
			rows = append(rows, top, bottom)
		case "ansi":
			var row []bool
			dark := false
			for len(line) > 0 {
				if m := sgr.FindStringSubmatchIndex(line); m != nil && m[0] == 0 {
					switch line[m[2]:m[3]] {
					case "40":
						dark = true
					case "47":
						dark = false
					}
					line = line[m[1]:]
					continue
				}
				if !strings.HasPrefix(line, "  ") {
					t.Fatalf("ansi: %q", line)
				}
				row = append(row, dark)
				line = line[2:]
			}
			rows = append(rows, row)
		case "ascii":
			var row []bool
			for i := 0; i+1 < len(line); i += 2 {
				row = append(row, line[i:i+2] == "##")
			}
			rows = append(rows, row)
		}
	}
	return rows
}

func TestTextReadsBack(t *testing.T) {
	for _, text := range []string{"hi", "https://example.com/menu?t=123", strings.Repeat("A", 200)} {
		c, err := qr.Encode(text, qr.M)
		if err != nil {
			t.Fatal(err)
		}
		for _, format := range []string{"utf8", "ansi", "ascii"} {
			for _, invert := range []bool{false, true} {
				for _, margin := range []int{0, 1, 4} {
					rows := readText(t, string(Text(c, margin, format, invert)), format)
					n := c.Size + 2*margin
					if len(rows) < n || format == "utf8" && len(rows) != n+n%2 {
						t.Fatalf("%s margin %d: %d rows, want %d", format, margin, len(rows), n)
					}
					for y := 0; y < n; y++ {
						for x := 0; x < n; x++ {
							mx, my := x-margin, y-margin
							want := mx >= 0 && my >= 0 && mx < c.Size && my < c.Size && c.Dark(mx, my)
							if rows[y][x] != (want != invert) {
								t.Fatalf("%s invert %v margin %d: module (%d, %d) is %v", format, invert, margin, x, y, rows[y][x])
							}
						}
					}
				}
			}
		}
	}
}
