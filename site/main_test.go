package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"qrkeyless/core/payload"
)

// The site has a page for every kind of the registry, the free-text page,
// and the files those pages load.
func TestRun(t *testing.T) {
	out := t.TempDir()
	if err := run(out); err != nil {
		t.Fatal(err)
	}
	want := []string{"index.html", "app.js", "app.css", "verify-worker.js", "favicon.svg",
		"controls.js", "batch.html", "batch.js", "batch-worker.js", "inspect.html", "inspect.js", "inspect-worker.js", "docs.html", "docs.js"}
	for _, k := range payload.All() {
		want = append(want, k.Name+".html")
	}
	for _, name := range want {
		b, err := os.ReadFile(filepath.Join(out, name))
		if err != nil || len(b) == 0 {
			t.Errorf("%s: %v, %d bytes", name, err, len(b))
		}
	}
	batch, _ := os.ReadFile(filepath.Join(out, "batch.html"))
	if !strings.Contains(string(batch), `src="/batch.js"`) || strings.Contains(string(batch), "editor.wasm") {
		t.Error("batch.html does not load batch.js alone: editor.wasm is the editor's")
	}
	inspect, _ := os.ReadFile(filepath.Join(out, "inspect.html"))
	if !strings.Contains(string(inspect), `src="/inspect.js"`) || strings.Contains(string(inspect), "editor.wasm") {
		t.Error("inspect.html does not load inspect.js alone: editor.wasm is the editor's")
	}
	page, _ := os.ReadFile(filepath.Join(out, "wifi.html"))
	for _, ref := range []string{`src="/app.js"`, `src="/wasm_exec.js"`, `href="/editor.wasm"`, `href="/app.css"`} {
		if !strings.Contains(string(page), ref) {
			t.Errorf("wifi.html does not load %s", ref)
		}
	}
}
