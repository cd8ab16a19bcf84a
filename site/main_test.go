package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"qrkeyless/core/link"
	"qrkeyless/core/payload"
	"qrkeyless/internal/readback"
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
	for _, ref := range []string{`src="/app.js"`, `src="/wasm_exec.js"`, `href: '/editor.wasm'`, `href="/app.css"`, `href="/controls.js"`} {
		if !strings.Contains(string(page), ref) {
			t.Errorf("wifi.html does not load %s", ref)
		}
	}
}

// Every editor page comes with its example code in its code box, which a
// reader decodes (the e2e suite checks it is the program's drawing); the
// wifi page's holds its sample network, as payloads are written for it.
func TestExampleCodes(t *testing.T) {
	for name, b := range editorPages(t) {
		_, box, _ := strings.Cut(string(b), `id="code"`)
		svg := box[strings.Index(box, "<svg"):]
		svg = svg[:strings.Index(svg, "</svg>")+len("</svg>")]
		text, err := readback.Text([]byte(svg))
		if err != nil || text == "" {
			t.Errorf("%s: its example code does not read: %v", name, err)
		}
		if want := "WIFI:T:WPA;S:Cafe Guest;P:correct horse;;"; name == "wifi.html" && text != want {
			t.Errorf("wifi.html: its example holds %q; want %q", text, want)
		}
	}
}

// Every editor page, as the site writes it (minified), can be sent with a
// shared link's code in it (core/link, Page; site/serve): its
// form reads back, and the code replaces the example in its code box.
func TestPagesTakeALinksCode(t *testing.T) {
	const code = `<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0h1"/></svg>`
	for name, page := range editorPages(t) {
		form, ok := link.FormOf(page)
		if !ok || len(form.Controls) == 0 {
			t.Errorf("%s: no form to read a link with", name)
			continue
		}
		got, ok := link.Page(page, form, "/api/v1/x?format=svg", code)
		if !ok {
			t.Errorf("%s: the link's code cannot be put in the page", name)
			continue
		}
		s := string(got)
		if strings.Count(s, code) != 1 || strings.Contains(s, `class="code-box baked"`) || !strings.Contains(s, `id="code-note" hidden`) {
			t.Errorf("%s: the code box with the link's code is not as first.js leaves it", name)
		}
		if back, _ := link.FormOf(got); back.Code != code || back.URL != "/api/v1/x?format=svg" {
			t.Errorf("%s: the page's form does not carry the code for first.js", name)
		}
	}
}

// editorPages builds the site and returns its editor pages by file name:
// the free-text page and one for every kind.
func editorPages(t *testing.T) map[string][]byte {
	t.Helper()
	out := t.TempDir()
	if err := run(out); err != nil {
		t.Fatal(err)
	}
	pages := map[string][]byte{}
	for _, k := range append([]*payload.Kind{{Name: "index"}}, payload.All()...) {
		b, err := os.ReadFile(filepath.Join(out, k.Name+".html"))
		if err != nil {
			t.Fatal(err)
		}
		pages[k.Name+".html"] = b
	}
	return pages
}
