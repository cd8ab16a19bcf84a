package render

import (
	"strconv"
	"strings"
	"testing"

	"qrkeyless/core/qr"
	"qrkeyless/internal/oracle"
	"qrkeyless/internal/readback"
)

// TestPartsReadByZXing: a structured-append sequence drawn as one PNG,
// SVG or PDF, in a row or a grid, is read by zxing-cpp part by part, each
// with its index, the count and one parity, and the parts joined are the
// text.
func TestPartsReadByZXing(t *testing.T) {
	text := strings.Repeat("Parts of one text, side by side: ", 12)
	type drawn struct {
		n      int
		cols   int
		format string
	}
	var ds []drawn
	var pics [][]byte
	for _, n := range []int{2, 3, 5, 8, 16} {
		seq, err := qr.Encoder{Level: qr.M}.Sequence(text, n)
		if err != nil {
			t.Fatal(err)
		}
		for _, cols := range []int{n, PartsColumns(n, true)} {
			o := familyOptions("square")
			o.Margin = 4
			o.Size = 4 * cols * (seq[0].Width + 8)
			pics = append(pics, PartsPNG(seq, o, cols))
			ds = append(ds, drawn{n, cols, "png"})
			svg, err := readback.SVG(PartsSVG(seq, o, cols))
			if err != nil {
				t.Fatal(err)
			}
			pics = append(pics, pngOf(t, svg))
			ds = append(ds, drawn{n, cols, "svg"})
			pics = append(pics, oracle.PDFPicture(t, PartsPDF(seq, o, cols), 72))
			ds = append(ds, drawn{n, cols, "pdf"})
		}
	}
	for i, found := range oracle.Read(t, pics) {
		d := ds[i]
		parts := make([]string, d.n)
		id := ""
		for _, f := range found {
			if f.SeqSize != d.n || f.SeqIdx < 0 || f.SeqIdx >= d.n || id != "" && f.SeqID != id {
				t.Errorf("%d parts in %d columns, %s: read %+v", d.n, d.cols, d.format, f)
				continue
			}
			id, parts[f.SeqIdx] = f.SeqID, f.Text
		}
		if len(found) != d.n || strings.Join(parts, "") != text || id != strconv.Itoa(int(qr.Parity(text))) {
			t.Errorf("%d parts in %d columns, %s: zxing-cpp read %d symbols", d.n, d.cols, d.format, len(found))
		}
	}
}

func TestPartsColumns(t *testing.T) {
	for n, want := range map[int]int{2: 2, 3: 2, 4: 2, 5: 3, 8: 3, 9: 3, 10: 4, 16: 4} {
		if got := PartsColumns(n, true); got != want {
			t.Errorf("%d parts in a grid: %d columns, want %d", n, got, want)
		}
		if got := PartsColumns(n, false); got != n {
			t.Errorf("%d parts in a row: %d columns", n, got)
		}
	}
}
