package api

import (
	"fmt"
	"net/http"
	"strings"

	"qrkeyless/core/batch"
	"qrkeyless/core/params"
	"qrkeyless/core/payload"
	"qrkeyless/core/render"
	"qrkeyless/worker/tools"
)

// llms answers GET /llms.txt (full=false) and /llms-full.txt: plain-text
// summaries for agents, generated from the same tables as everything else.
func (s *server) llms(full bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		writeDoc(w, r, "text/plain; charset=utf-8", []byte(llmsText(full)))
	}
}

// llmsText follows the llms.txt convention (llmstxt.org): an H1, a
// blockquote, free notes, then H2 sections whose every item is a markdown
// link with notes. The full file adds every kind's fields to its item.
func llmsText(full bool) string {
	var b strings.Builder
	b.WriteString(`# Keyless QR code service

> QR codes with no API key, no signup, no watermark, nothing stored. GET a URL, get a code.
> Every 4xx answer is a problem document (application/problem+json) whose "fix" is a corrected call.

Generate: GET /api/v1/qr?data=<text>&format=png (aliases of data: ` + strings.Join(params.Data.Aliases, ", ") + `), or path style GET /q/<percent-encoded text>.png (.` + strings.Join(render.Exts(), " .") + `).
Typed payloads: GET /api/v1/<kind>?<fields>, built exactly as scanners expect. Add verify=1 for the x-qr-version, x-qr-ec, x-qr-contrast and x-qr-verified headers.

Rendering parameters, on every generation endpoint (enum values in any case; an empty value means the default):
`)
	for _, p := range params.Shared {
		fmt.Fprintf(&b, "* %s", p.Name)
		if len(p.Aliases) > 0 {
			fmt.Fprintf(&b, " (%s)", strings.Join(p.Aliases, ", "))
		}
		fmt.Fprintf(&b, ": %s", p.Help)
		if p.Enum != nil {
			fmt.Fprintf(&b, " One of %s.", strings.Join(p.Enum(), ", "))
		}
		if p.Type == "integer" {
			fmt.Fprintf(&b, " %d to %d.", p.Min, p.Max)
		}
		if p.Default != "" {
			fmt.Fprintf(&b, " Default %s.", p.Default)
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, `
## API

- [Generate a code](/api/v1/qr?data=https%%3A%%2F%%2Fexample.com): GET /api/v1/qr?data=<text>, in any format: %s
- [Generate, path style](/q/hello%%20world.png): GET /q/<percent-encoded text>.png (.pdf and .eps for print)
- [In a terminal](/q/hello): curl <host>/q/hello prints the code (format=utf8; also ansi, ascii)
- [Branded code](/api/v1/qr?data=https%%3A%%2F%%2Fexample.com&frame=banner-bottom&frame_text=SCAN%%20ME&color=linear:0f2027,2c5364,135deg): a logo (logo=<data URI>), a frame with a call to action, gradients and eye colours, in png, svg and base64; a code whose own pixels change (logo, gradient, eye colours) is verified before it is served, and one that would not scan is a 422 whose fix is the nearest call that does (the largest logo_size that scans)
- [Generate with a JSON body](/openapi.json): POST /api/v1/qr with {"data":"...","logo":"data:image/png;base64,..."}: the GET parameters as fields, for a logo too large for a URL (up to 256 KiB)
- [Batch](/openapi.json): POST /api/v1/qr/batch with {"items":[{"data":"..."},{"type":"wifi","fields":{...}}]}, up to %d items, output %s (sheet: a PDF label sheet, "sheet":{"preset":"a4-3x7"}); the same from a spreadsheet in the browser at [/batch](/batch)
- [Decode](/openapi.json): POST /api/v1/decode with the image as the body (PNG, JPEG, GIF, WebP), a multipart field "file", or {"image":"data:..."}
- [Inspect](/inspect): POST /api/v1/inspect with an image as decode takes it: ISO/IEC 15415-style grades for each code (contrast, modulation, damage, nonuniformity, error correction left), quiet zone and module size, with causes and fixes; where nothing reads, where reading stopped (finder, grid, format, codewords); overlay=1 adds the picture with what was found marked. In the browser, nothing uploaded, at [/inspect](/inspect)
- [Verify](/api/v1/verify?data=https%%3A%%2F%%2Fexample.com&style=rounded): GET /api/v1/verify?data=...&<rendering parameters>: does the code scan; contrast, quiet zone, warnings
- [Size advice](/api/v1/size?data=https%%3A%%2F%%2Fexample.com&medium=poster): GET /api/v1/size?data=...&medium=poster: version, ec, the width to print in mm and pixels

## Moving from goQR, QuickChart or Google Charts

%s
## Machine-readable

- [API reference](/docs): every operation with its parameters, aliases, defaults, bounds, answers and problems, and an example to send from the page
- [OpenAPI 3.1 description](/openapi.json): every operation, parameter, status and header
- [Kinds and their fields](/api/v1/types): every typed kind with its JSON Schema
- [MCP tool server](/api/mcp): Streamable HTTP, stateless, no auth (POST JSON-RPC): %s
- [Every field of every kind](/llms-full.txt): this file with each kind's fields

## Kinds

`, strings.Join(render.FormatNames(), ", "), batch.MaxItems, strings.Join(batch.Outputs, ", "), compatLLMs(), strings.Join(tools.Names(), ", "))
	for _, k := range payload.All() {
		fmt.Fprintf(&b, "- [%s](/%s): %s API: GET /api/v1/%s", k.Title, k.Name, k.Help, k.Name)
		if full {
			b.WriteString(". Fields: ")
			for i, fd := range k.Fields {
				if i > 0 {
					b.WriteString("; ")
				}
				b.WriteString(fieldLine(fd))
			}
			b.WriteString(".")
		}
		b.WriteString("\n")
	}
	return b.String()
}

// fieldLine is one field of a kind, for llms-full.txt.
func fieldLine(fd payload.Field) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s", fd.Name, fd.Format)
	if fd.Required {
		b.WriteString(", required")
	}
	fmt.Fprintf(&b, ") %s", fd.Label)
	if fd.Help != "" {
		fmt.Fprintf(&b, ": %s", strings.TrimSuffix(fd.Help, "."))
	}
	if len(fd.Enum) > 0 {
		fmt.Fprintf(&b, ", one of %s", strings.Join(fd.Enum, ", "))
	}
	switch {
	case fd.Secret:
		b.WriteString(", secret: never cached or logged")
	case fd.Example != "":
		fmt.Fprintf(&b, ", e.g. %s", fd.Example)
	}
	// One line per kind: an example that holds a newline shows it escaped.
	return strings.ReplaceAll(b.String(), "\n", `\n`)
}
