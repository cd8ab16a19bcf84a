package scan_test

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"qrkeyless/core/generate"
	"qrkeyless/core/scan"
	"qrkeyless/core/verify"
	"qrkeyless/internal/fixture"
	"qrkeyless/internal/oracle"
)

// TestDecodeSequenceSheets: a structured-append sequence drawn as GET
// /api/v1/qr draws it (parts, parts_layout, size), in one row or in a
// grid, is read whole by Decode: one result, the text joined, every part
// in order. Rows of 8 and 16 symbols used to read nothing at most sizes
// (docs/symbols.md, Decoding them). zxing-cpp reads every part of the
// same pictures, so a miss here is ours.
func TestDecodeSequenceSheets(t *testing.T) {
	text := ""
	for i := 0; len(text) < 400; i++ {
		text += fmt.Sprintf("line %d of a long label; ", i)
	}
	tests := []struct {
		parts  int
		layout string
		sizes  []int
	}{
		{2, "row", []int{1400}},
		{5, "row", []int{1400, 2800}},
		{8, "row", []int{1400, 2000, 2400, 2800, 4096}},
		{16, "row", []int{1400, 2000, 2400, 2800, 4096}},
		{8, "grid", []int{1000, 2048, 2800, 4096}},
		{12, "grid", []int{1000, 2048, 4096}},
		{16, "grid", []int{1000, 1400, 2048, 2800, 4096}},
	}
	type drawn struct {
		name  string
		parts int
	}
	var ds []drawn
	var pics [][]byte
	for _, tt := range tests {
		for _, size := range tt.sizes {
			name := fmt.Sprintf("%d parts in a %s at %d px", tt.parts, tt.layout, size)
			q := url.Values{"data": {text}, "parts": {strconv.Itoa(tt.parts)}, "parts_layout": {tt.layout}, "size": {strconv.Itoa(size)}}
			r, p := generate.Read(fixture.Call("/api/v1/qr", q.Encode()), nil)
			if p != nil {
				t.Fatalf("%s: %s", name, p.JSON())
			}
			_, pic, p := verify.Make(context.Background(), r, r.Options.Format)
			if p != nil {
				t.Fatalf("%s: %s", name, p.JSON())
			}
			ds, pics = append(ds, drawn{name, tt.parts}), append(pics, pic)
			codes, err := scan.DecodeBytes(context.Background(), pic, scan.Limits{})
			if err != nil || len(codes) != 1 {
				t.Errorf("%s: %d results, %v", name, len(codes), err)
				continue
			}
			c := codes[0]
			var got []string
			for i, part := range c.Parts {
				got = append(got, strconv.Itoa(part.Index))
				if part.Index != i+1 || part.Total != tt.parts {
					t.Errorf("%s: part %d is %d of %d", name, i+1, part.Index, part.Total)
				}
			}
			if c.Text != text || len(c.Parts) != tt.parts {
				t.Errorf("%s: read parts %s, text %q", name, strings.Join(got, ","), c.Text)
			}
		}
	}
	for i, found := range oracle.Read(t, pics) {
		if len(found) != ds[i].parts {
			t.Errorf("%s: zxing-cpp read %d parts", ds[i].name, len(found))
		}
	}
}
