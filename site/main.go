// Command site writes the editor's static files: an HTML page per payload
// kind (<kind>.html, served at /<kind>) and the free-text page
// (index.html), each with its example code drawn in (what its program
// draws for the form as the page loads), the batch page (batch.html,
// /batch), the inspect page (inspect.html, /inspect), the API reference
// (docs.html, /docs, from the OpenAPI description worker/api writes), the
// scripts, styles and workers from site/static, the pictures of the style,
// eye, frame and fill choices, and a favicon (a code). The Makefile adds
// the four .wasm programs and wasm_exec.js, then the compressed copies
// (site/compress). (Frames are drawn by verify.wasm and batch.wasm, which
// carry their fonts: the site serves none.)
//
//	go run ./site -out build/site
package main

import (
	"context"
	"embed"
	"flag"
	"fmt"
	"image/color"
	"io/fs"
	"log"
	"os"
	"path/filepath"

	"github.com/a-h/templ"

	"qrkeyless/core/payload"
	"qrkeyless/core/qr"
	"qrkeyless/core/render"
	"qrkeyless/site/policy"
	"qrkeyless/templates"
	"qrkeyless/wasm/editor"
	"qrkeyless/worker/api"
)

//go:embed static
var static embed.FS

// reserved are first path segments a kind's page must not take: the API,
// the path-style codes, the paths of the APIs the service answers for
// (core/compat: /v1/..., /qr, /chart), and the site's own files and folders.
var reserved = map[string]bool{"api": true, "q": true, "index": true, "fonts": true, "gallery": true, "openapi": true, "llms": true, "batch": true, "inspect": true, "docs": true,
	"v1": true, "qr": true, "chart": true}

func main() {
	out := flag.String("out", "build/site", "directory to write into")
	flag.Parse()
	if err := run(*out); err != nil {
		log.Fatal(err)
	}
}

func run(out string) error {
	ref, err := templates.ReadReference(api.Description())
	if err != nil {
		return err
	}
	if err := templates.CheckNames(nil); err != nil {
		return err
	}
	index, err := example(nil)
	if err != nil {
		return err
	}
	pages := map[string]templ.Component{"index.html": templates.Index(payload.All(), index), "batch.html": templates.Batch(payload.All()), "inspect.html": templates.Inspect(), "docs.html": templates.Docs(ref)}
	for _, k := range payload.All() {
		if reserved[k.Name] {
			return fmt.Errorf("site: kind %q would take the path /%s, which the service uses", k.Name, k.Name)
		}
		if err := templates.CheckNames(k); err != nil {
			return err
		}
		svg, err := example(k)
		if err != nil {
			return err
		}
		pages[k.Name+".html"] = templates.Editor(k, svg)
	}
	for name, page := range pages {
		if err := writePage(filepath.Join(out, name), page); err != nil {
			return err
		}
	}
	files := map[string][]byte{}
	icon, err := qr.Encode("qrkeyless", qr.L)
	if err != nil {
		return err
	}
	pictures, err := templates.Pictures()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(out, "pictures"), 0o755); err != nil {
		return err
	}
	for path, b := range pictures {
		files[path[1:]] = b
	}
	files["favicon.svg"] = render.SVG(icon, render.Options{Size: 64, Margin: 1, FG: color.NRGBA{A: 255}, BG: color.NRGBA{255, 255, 255, 255}, Style: "rounded", Eye: "rounded"})
	err = fs.WalkDir(static, "static", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := static.ReadFile(path)
		files[path[len("static/"):]] = b
		return err
	})
	if err != nil {
		return err
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(out, name), b, 0o644); err != nil {
			return err
		}
	}
	// Last, from the pages as written: each page's policy holds the
	// hashes of its inline scripts.
	headers, err := policy.HeadersFile(os.DirFS(out))
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(out, "_headers"), headers, 0o644)
}

// example is the SVG of the example code of k's page (nil for /): what
// the page's program draws for its form as the page loads
// (templates.ExampleForm), drawn here by the same function, so that the
// page shows it before the program has loaded, or without JavaScript.
func example(k *payload.Kind) (string, error) {
	r := editor.Request{}
	if k != nil {
		r.Kind = k.Name
	}
	r.Fields, r.Style = templates.ExampleForm(k)
	res := editor.Render(r)
	if len(res.Errors) > 0 {
		return "", fmt.Errorf("site: the example of page /%s does not draw: %v", r.Kind, res.Errors)
	}
	return res.SVG, nil
}

func writePage(path string, page templ.Component) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := page.Render(context.Background(), f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
