package batch

import (
	"bytes"
	"context"
	"testing"
)

// TestDo answers each output as a caller receives it: json as the
// response alone, zip and sheet as a file of their own type, a sheet with
// the items that failed named.
func TestDo(t *testing.T) {
	for _, c := range []struct {
		output, contentType, magic string
		failed                     []int
	}{
		{output: "url"},
		{output: "zip", contentType: "application/zip", magic: "PK\x03\x04"},
		{output: "sheet", contentType: "application/pdf", magic: "%PDF-", failed: []int{1}},
	} {
		body := `{"output":"` + c.output + `","items":[{"data":"hello"},{"type":"wifi","fields":{"security":"WPA"}}]}`
		a, p := Do(context.Background(), []byte(body), "https://qr.example")
		if p != nil {
			t.Fatalf("%s: %s", c.output, p.Detail)
		}
		if a.Count != 2 || a.Items[0].Error != nil || a.Items[1].Error == nil {
			t.Errorf("%s: %d items, want the first made and the second failed: %+v", c.output, a.Count, a.Items)
		}
		if a.ContentType != c.contentType || !bytes.HasPrefix(a.File, []byte(c.magic)) || (c.magic == "") != (a.File == nil) {
			t.Errorf("%s: a %q file starting %q, want %q starting %q", c.output, a.ContentType, a.File[:min(len(a.File), 8)], c.contentType, c.magic)
		}
		if len(a.Failed) != len(c.failed) || len(c.failed) > 0 && a.Failed[0] != c.failed[0] {
			t.Errorf("%s: failed %v, want %v", c.output, a.Failed, c.failed)
		}
	}
	if _, p := Do(context.Background(), []byte(`{"items":[]}`), ""); p == nil {
		t.Error("an empty batch was answered")
	}
}
