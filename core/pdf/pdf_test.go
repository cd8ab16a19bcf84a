package pdf

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"testing"
)

// Every object the cross-reference table lists starts where it says, the
// trailer names the root, and startxref points at the table: what a reader
// follows to find anything.
func TestCrossReference(t *testing.T) {
	w := New()
	root := w.Object("<< /Type /Catalog /Pages 2 0 R >>")
	pages := w.Reserve() // written after the stream that follows it
	w.Stream("/Type /XObject", bytes.Repeat([]byte("0 0 m 1 1 l\n"), 100))
	w.Fill(pages, "<< /Type /Pages /Kids [] /Count 0 >>")
	b := w.Bytes(root)
	m := regexp.MustCompile(`startxref\n(\d+)\n%%EOF\n$`).FindSubmatch(b)
	if m == nil {
		t.Fatalf("no startxref at the end: %q", b[len(b)-40:])
	}
	xref, _ := strconv.Atoi(string(m[1]))
	if !bytes.HasPrefix(b[xref:], []byte("xref\n0 4\n")) {
		t.Fatalf("startxref %d points at %q", xref, b[xref:xref+10])
	}
	entries := regexp.MustCompile(`(\d{10}) 00000 n `).FindAllSubmatch(b[xref:], -1)
	if len(entries) != 3 {
		t.Fatalf("%d entries", len(entries))
	}
	for i, e := range entries {
		off, _ := strconv.Atoi(string(e[1]))
		if want := fmt.Sprintf("%d 0 obj\n", i+1); !bytes.HasPrefix(b[off:], []byte(want)) {
			t.Errorf("object %d: offset %d holds %q", i+1, off, b[off:off+12])
		}
	}
	if !bytes.Contains(b, []byte("/Root 1 0 R")) || !bytes.Contains(b, []byte("<< /Type /XObject /Length ")) {
		t.Errorf("trailer or stream dictionary: %q", b)
	}
}

func TestNum(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		want string
	}{{0, "0"}, {-0.0001, "0"}, {1.23456, "1.235"}, {-2.5, "-2.5"}, {841.8897637795276, "841.89"}, {100, "100"}} {
		if got := Num(tc.v); got != tc.want {
			t.Errorf("Num(%v) = %q, want %q", tc.v, got, tc.want)
		}
	}
}
