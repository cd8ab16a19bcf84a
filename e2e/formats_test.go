package e2e

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"qrkeyless/core/render"
	"qrkeyless/internal/readback"
)

// rasters turn each format's answer into PNG pictures of the code that a
// reader can decode: a picture format as it is, a print format through
// the reader that prints it (poppler, Ghostscript), a matrix or a
// terminal's text drawn module by module. A format missing here fails
// TestEveryFormat: a new row of render.Formats needs a way to be read.
var rasters = map[string]func(t *testing.T, dir string, body []byte) []byte{
	"png":      func(t *testing.T, _ string, b []byte) []byte { return b },
	"gif":      func(t *testing.T, _ string, b []byte) []byte { return b }, // zxing-cpp reads GIF and JPEG itself
	"jpeg":     func(t *testing.T, _ string, b []byte) []byte { return b },
	"svg":      svgRaster,
	"svg-tiny": svgRaster,
	"base64": func(t *testing.T, _ string, b []byte) []byte {
		raw, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(string(b), "data:image/png;base64,"))
		if err != nil || !bytes.HasPrefix(b, []byte("data:image/png;base64,")) {
			t.Fatalf("not a PNG data URI: %.40q (%v)", b, err)
		}
		return raw
	},
	"pdf": func(t *testing.T, dir string, b []byte) []byte {
		return printed(t, dir, "code.pdf", b, "pdftoppm", "-r", "150", "-png", "-singlefile", "code.pdf", "code")
	},
	"eps": func(t *testing.T, dir string, b []byte) []byte {
		return printed(t, dir, "code.eps", b, "gs", "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-dEPSCrop", "-r150", "-sDEVICE=png16m", "-sOutputFile=code.png", "code.eps")
	},
	"json": func(t *testing.T, _ string, b []byte) []byte {
		var m struct {
			Modules [][]int `json:"modules"`
		}
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatalf("json: %v", err)
		}
		rows := make([][]bool, len(m.Modules))
		for y, row := range m.Modules {
			for _, v := range row {
				rows[y] = append(rows[y], v == 1)
			}
		}
		return drawModules(rows, 4)
	},
	"utf8":  terminalRaster,
	"ansi":  terminalRaster,
	"ascii": terminalRaster,
}

// TestEveryFormat walks render.Formats, the one table of writers the API,
// MCP and the docs list formats from: each row answers with its content
// type, reads back to the exact text with zxing-cpp, and is the same bytes
// twice and on both servers (natively and in WebAssembly).
func TestEveryFormat(t *testing.T) {
	servers := targets(t)
	for _, f := range render.Formats {
		t.Run(f.Name, func(t *testing.T) {
			raster, ok := rasters[f.Name]
			if !ok {
				t.Fatalf("no way to read format %s back: add one to rasters", f.Name)
			}
			var first []byte
			var files []string
			for name, base := range servers {
				target := base + "/api/v1/qr?data=" + url.QueryEscape(sample) + "&size=300&format=" + f.Name
				a, b := get(t, target), get(t, target)
				if a.status != 200 || a.header.Get("Content-Type") != f.ContentType {
					t.Fatalf("%s: %d %q, want 200 %q", name, a.status, a.header.Get("Content-Type"), f.ContentType)
				}
				if !bytes.Equal(a.body, b.body) {
					t.Errorf("%s: two answers to one request differ", name)
				}
				if first != nil && !bytes.Equal(first, a.body) {
					t.Errorf("%s answers other bytes than the other server", name)
				}
				first = a.body
				dir := t.TempDir()
				file := filepath.Join(dir, name+".png")
				if err := os.WriteFile(file, raster(t, dir, a.body), 0o644); err != nil {
					t.Fatal(err)
				}
				files = append(files, file)
			}
			for i, codes := range zxing(t, files...) {
				if len(codes) != 1 || codes[0].Text != sample {
					t.Errorf("%s: zxing-cpp reads %+v, want %q", files[i], codes, sample)
				}
			}
		})
	}
}

// zxingCode is a code as zxing-cpp reads it (e2e/zxing.mjs).
type zxingCode struct {
	Text  string `json:"text"`
	Bytes string `json:"bytes"` // hex
	ECI   bool   `json:"eci"`
	EC    string `json:"ec"`
}

// zxing reads the codes in picture files with zxing-cpp (e2e/zxing.mjs):
// for each file, the codes found in it.
func zxing(t *testing.T, files ...string) [][]zxingCode {
	t.Helper()
	out, err := exec.Command("node", append([]string{"zxing.mjs"}, files...)...).Output()
	if err != nil {
		t.Fatalf("node zxing.mjs: %v", err)
	}
	var codes [][]zxingCode
	if err := json.Unmarshal(out, &codes); err != nil || len(codes) != len(files) {
		t.Fatalf("zxing.mjs: %v: %.200s", err, out)
	}
	return codes
}

// svgRaster draws an SVG with oksvg, a renderer that is not ours.
func svgRaster(t *testing.T, _ string, b []byte) []byte {
	img, err := readback.SVG(b)
	if err != nil {
		t.Fatalf("svg: %v", err)
	}
	var buf bytes.Buffer
	png.Encode(&buf, img)
	return buf.Bytes()
}

// printed writes body to dir/name and runs a printing program in dir,
// which writes code.png.
func printed(t *testing.T, dir, name string, body []byte, prog string, args ...string) []byte {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), body, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(prog, args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v: %s", prog, err, out)
	}
	b, err := os.ReadFile(filepath.Join(dir, "code.png"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

var sgr = regexp.MustCompile(`\x1b\[([0-9;]*)m([^\x1b]*)`)

// terminalRaster reads the terminal formats back into modules, as a
// terminal shows them: utf8's half blocks in its black foreground, ansi's
// black background, ascii's #; and draws them.
func terminalRaster(t *testing.T, _ string, b []byte) []byte {
	var rows [][]bool
	for _, line := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
		switch {
		case strings.HasPrefix(line, "\x1b[30;47m"):
			var top, bottom []bool
			for _, c := range regexp.MustCompile(`\x1b\[[0-9;]*m`).ReplaceAllString(line, "") {
				top, bottom = append(top, c == '█' || c == '▀'), append(bottom, c == '█' || c == '▄')
			}
			rows = append(rows, top, bottom)
		case strings.Contains(line, "\x1b["):
			var row []bool
			dark := false
			for _, m := range sgr.FindAllStringSubmatch(line, -1) {
				dark = m[1] == "40" || m[1] != "47" && dark
				for range len(m[2]) / 2 {
					row = append(row, dark)
				}
			}
			rows = append(rows, row)
		default:
			var row []bool
			for i := 0; i+1 < len(line); i += 2 {
				row = append(row, line[i:i+2] == "##")
			}
			rows = append(rows, row)
		}
	}
	return drawModules(rows, 0)
}

// drawModules draws rows of modules (true for dark), 6 pixels each, with
// quiet modules of white round them.
func drawModules(rows [][]bool, quiet int) []byte {
	const px = 6
	n := 0
	for _, r := range rows {
		n = max(n, len(r))
	}
	side := (n + 2*quiet) * px
	img := image.NewGray(image.Rect(0, 0, side, (len(rows)+2*quiet)*px))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	for y, r := range rows {
		for x, dark := range r {
			for k := 0; dark && k < px*px; k++ {
				img.SetGray((x+quiet)*px+k%px, (y+quiet)*px+k/px, color.Gray{})
			}
		}
	}
	var buf bytes.Buffer
	png.Encode(&buf, img)
	return buf.Bytes()
}
