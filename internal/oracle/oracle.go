// Package oracle runs, for tests, coders of the QR family that are not
// ours: zxing-cpp's reader and writer (npm zxing-wasm, whose writer makes
// Micro QR and rMQR through zint) under node, and segno (Debian's
// python3-segno) under python3. make test installs both (the Makefile's
// node_modules and segno targets) and sets QR_ORACLES, under which a
// missing one fails the test; elsewhere the test is skipped and says what
// to install.
package oracle

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Matrix is a symbol's modules, dark true, row by row, quiet zone excluded.
type Matrix struct {
	W, H int
	Dark []bool
}

// At reports whether the module at column x, row y is dark.
func (m Matrix) At(x, y int) bool { return m.Dark[y*m.W+x] }

// String draws the matrix as rows of 1 and 0, for failure messages.
func (m Matrix) String() string {
	var b bytes.Buffer
	for y := 0; y < m.H; y++ {
		for x := 0; x < m.W; x++ {
			b.WriteByte("01"[btoi(m.At(x, y))])
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// root returns the repository's directory: the nearest with a go.mod.
func root(t testing.TB) string {
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("oracle: no go.mod above the working directory")
		}
		dir = parent
	}
}

// missing skips t, or fails it under make test (QR_ORACLES set), for a
// tool that is not installed. A skip is also written to the file
// QR_ORACLE_SKIPS names, when it names one: go test shows a passing
// package's skips only with -v, so make quick reads that file to say
// which tests ran without their oracle.
func missing(t testing.TB, what, install string) {
	t.Helper()
	if os.Getenv("QR_ORACLES") != "" {
		t.Fatalf("oracle: %s is missing (%s)", what, install)
	}
	if name := os.Getenv("QR_ORACLE_SKIPS"); name != "" {
		if f, err := os.OpenFile(name, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err == nil {
			fmt.Fprintf(f, "%s\t%s\t%s\n", what, install, t.Name())
			f.Close()
		}
	}
	t.Skipf("oracle: %s is missing; %s to run this test", what, install)
}

// run runs a command with req as JSON on its standard input and decodes
// its standard output as JSON into out.
func run(t testing.TB, cmd *exec.Cmd, req, out any) {
	t.Helper()
	in, err := json.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdin, cmd.Stdout, cmd.Stderr = bytes.NewReader(in), &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("oracle: %v: %v\n%s", cmd.Args, err, stderr.Bytes())
	}
	if err := json.Unmarshal(stdout.Bytes(), out); err != nil {
		t.Fatalf("oracle: %v: %v", cmd.Args, err)
	}
}

// zxing returns the command that runs zxing.mjs, or skips t.
func zxing(t testing.TB) *exec.Cmd {
	t.Helper()
	dir := root(t)
	if _, err := exec.LookPath("node"); err != nil {
		missing(t, "node", "install Node.js 20")
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "zxing-wasm")); err != nil {
		missing(t, "zxing-wasm", "run make node_modules")
	}
	cmd := exec.Command("node", filepath.Join(dir, "internal", "oracle", "zxing.mjs"))
	cmd.Dir = dir
	return cmd
}

// Found is a symbol zxing-cpp read.
type Found struct {
	Format  string // "QRCode", "MicroQRCode" or "RMQRCode"
	Text    string
	Bytes   []byte // the data as the symbol holds it
	Version string // "7", "M3", "R11x43"
	EC      string // "L", "M", "Q" or "H"
	Mask    int
	SeqSize int    // structured append: the number of symbols; -1 outside a sequence
	SeqIdx  int    // the index of this one
	SeqID   string // the parity, in decimal
}

// Read reads each picture (PNG, JPEG...) with zxing-cpp, try-harder,
// looking for QR, Micro QR and rMQR, and returns what it found in each.
func Read(t testing.TB, pictures [][]byte) [][]Found {
	t.Helper()
	if len(pictures) == 0 {
		return nil
	}
	cmd := zxing(t)
	req := struct {
		Read []string `json:"read"`
	}{}
	for _, p := range pictures {
		req.Read = append(req.Read, base64.StdEncoding.EncodeToString(p))
	}
	var out [][]struct {
		Format, Text, Bytes, Version, EC, SeqID string
		Mask, SeqSize, SeqIndex                 int
	}
	run(t, cmd, req, &out)
	found := make([][]Found, len(out))
	for i, rs := range out {
		for _, r := range rs {
			b, _ := base64.StdEncoding.DecodeString(r.Bytes)
			found[i] = append(found[i], Found{Format: r.Format, Text: r.Text, Bytes: b, Version: r.Version, EC: r.EC,
				Mask: r.Mask, SeqSize: r.SeqSize, SeqIdx: r.SeqIndex, SeqID: r.SeqID})
		}
	}
	return found
}

// Spec asks zxing-cpp's writer for a symbol: its format ("QRCode",
// "MicroQRCode", "RMQRCode"), text, and options ("version=3,ecLevel=M,
// dataMask=2"; for rMQR version is 1 to 32 in ISO/IEC 23941's order).
type Spec struct {
	Format  string `json:"format"`
	Text    string `json:"text"`
	Options string `json:"options"`
}

// Write makes each symbol with zxing-cpp's writer and returns its
// modules, or the writer's error.
func Write(t testing.TB, specs []Spec) ([]Matrix, []error) {
	t.Helper()
	cmd := zxing(t)
	var out []struct {
		Width, Height  int
		Modules, Error string
	}
	run(t, cmd, struct {
		Write []Spec `json:"write"`
	}{specs}, &out)
	ms, errs := make([]Matrix, len(out)), make([]error, len(out))
	for i, o := range out {
		if o.Error != "" {
			errs[i] = fmt.Errorf("zxing-cpp: %s", o.Error)
			continue
		}
		ms[i] = Matrix{W: o.Width, H: o.Height, Dark: make([]bool, len(o.Modules))}
		for j := range o.Modules {
			ms[i].Dark[j] = o.Modules[j] == '1'
		}
	}
	return ms, errs
}

// python is Debian's python3, where python3-segno installs segno.
const python = "/usr/bin/python3"

// segno returns the command that runs segnorun.py, or skips t.
func segno(t testing.TB) *exec.Cmd {
	t.Helper()
	if err := exec.Command(python, "-c", "import segno").Run(); err != nil {
		missing(t, "segno", "apt-get install python3-segno, or make segno")
	}
	return exec.Command(python, filepath.Join(root(t), "internal", "oracle", "segnorun.py"))
}

// SegnoSpec asks segno for one symbol: text (passed as bytes, so segno
// picks numeric, alphanumeric or byte mode from them), version ("M1" to
// "M4", "1" to "40"), error level ("" for M1's none) and mask (nil: the
// one segno chooses).
type SegnoSpec struct {
	Text    string
	Version string
	Error   string
	Mask    *int
}

// SegnoSymbol is a symbol segno made, or the reason it refused.
type SegnoSymbol struct {
	Version, Error string
	Mask           int
	Matrix         Matrix
	Err            error
}

type segnoOut struct {
	Version      string   `json:"version"`
	Error        *string  `json:"error"`
	Mask         int      `json:"mask"`
	Rows         []string `json:"rows"`
	ErrorMessage string   `json:"error_message"`
}

func (o segnoOut) symbol() SegnoSymbol {
	if o.ErrorMessage != "" {
		return SegnoSymbol{Err: fmt.Errorf("segno: %s", o.ErrorMessage)}
	}
	s := SegnoSymbol{Version: o.Version, Mask: o.Mask}
	if o.Error != nil {
		s.Error = *o.Error
	}
	s.Matrix = Matrix{W: len(o.Rows[0]), H: len(o.Rows)}
	for _, r := range o.Rows {
		for j := range r {
			s.Matrix.Dark = append(s.Matrix.Dark, r[j] == '1')
		}
	}
	return s
}

func nullable(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// Segno makes each symbol with segno.
func Segno(t testing.TB, specs []SegnoSpec) []SegnoSymbol {
	t.Helper()
	type spec struct {
		Text    string  `json:"text"`
		Version string  `json:"version"`
		Error   *string `json:"error"`
		Mask    *int    `json:"mask"`
	}
	var req struct {
		Make []spec `json:"make"`
	}
	for _, s := range specs {
		req.Make = append(req.Make, spec{base64.StdEncoding.EncodeToString([]byte(s.Text)), s.Version, nullable(s.Error), s.Mask})
	}
	var out []segnoOut
	run(t, segno(t), req, &out)
	syms := make([]SegnoSymbol, len(out))
	for i, o := range out {
		syms[i] = o.symbol()
	}
	return syms
}

// SeqSpec asks segno's make_sequence for a structured-append sequence of
// ASCII text: Count symbols, or the fewest at Version (segno's own rule
// for it), at error level Error and mask Mask (nil: segno's choice).
type SeqSpec struct {
	Text           string
	Count, Version int
	Error          string
	Mask           *int
}

// SegnoSequences makes each sequence with segno.
func SegnoSequences(t testing.TB, specs []SeqSpec) [][]SegnoSymbol {
	t.Helper()
	type spec struct {
		Text    string `json:"text"`
		Count   *int   `json:"count"`
		Version *int   `json:"version"`
		Error   string `json:"error"`
		Mask    *int   `json:"mask"`
	}
	var req struct {
		Sequence []spec `json:"sequence"`
	}
	for _, sp := range specs {
		s := spec{Text: base64.StdEncoding.EncodeToString([]byte(sp.Text)), Error: sp.Error, Mask: sp.Mask}
		if sp.Count > 0 {
			s.Count = &sp.Count
		}
		if sp.Version > 0 {
			s.Version = &sp.Version
		}
		req.Sequence = append(req.Sequence, s)
	}
	var out [][]segnoOut
	run(t, segno(t), req, &out)
	seqs := make([][]SegnoSymbol, len(out))
	for i, o := range out {
		for _, sym := range o {
			seqs[i] = append(seqs[i], sym.symbol())
		}
	}
	return seqs
}

// PDFPicture rasterizes the first page of a PDF with poppler's pdftoppm
// at dpi, as PNG (make print-tools installs it).
func PDFPicture(t testing.TB, pdf []byte, dpi int) []byte {
	t.Helper()
	if _, err := exec.LookPath("pdftoppm"); err != nil {
		missing(t, "pdftoppm", "apt-get install poppler-utils, or make print-tools")
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "in.pdf")
	if err := os.WriteFile(in, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("pdftoppm", "-png", "-singlefile", "-r", fmt.Sprint(dpi), in, filepath.Join(dir, "out"))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("oracle: pdftoppm: %v\n%s", err, out)
	}
	png, err := os.ReadFile(filepath.Join(dir, "out.png"))
	if err != nil {
		t.Fatal(err)
	}
	return png
}
