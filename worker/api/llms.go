package api

import (
	"fmt"
	"net/http"
	"strings"

	"qrkeyless/core/batch"
	"qrkeyless/core/params"
	"qrkeyless/core/payload"
	"qrkeyless/core/render"
)

// llms answers GET /llms.txt (full=false) and /llms-full.txt: plain-text
// summaries for agents, generated from the same tables as everything else.
func (s *server) llms(full bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		writeDoc(w, r, "text/plain; charset=utf-8", []byte(llmsText(full)))
	}
}

func llmsText(full bool) string {
	var b strings.Builder
	b.WriteString(`# Keyless QR code service

> QR codes with no API key, no signup, no watermark, nothing stored. GET a URL, get a code.
> Every 4xx answer is a problem document (application/problem+json) whose "fix" is a corrected call.

## Generate
- GET /api/v1/qr?data=<text>&format=png : the code for any text (aliases of data: text, content, url, q)
- GET /q/<percent-encoded text>.png : the same, path style (.png .svg .json .txt)
- GET /api/v1/<kind>?<fields> : a typed payload (wifi, vcard, upi, epc, ...) built exactly as scanners expect
- POST /api/v1/qr/batch : up to ` + fmt.Sprint(batch.MaxItems) + ` items, output ` + strings.Join(batch.Outputs, ", ") + `
- Add verify=1 to get x-qr-version, x-qr-ec, x-qr-contrast, x-qr-verified headers

## Read and check
- POST /api/v1/decode : image body (PNG, JPEG, GIF, WebP), multipart field "file", or {"image":"data:..."}
- GET /api/v1/verify?data=...&<rendering parameters> : does the code scan; contrast, quiet zone, warnings
- GET /api/v1/size?data=...&medium=poster : version, ec, minimum size in mm and pixels

## Machine-readable
- /openapi.json : OpenAPI 3.1
- /api/v1/types : every kind with its JSON Schema
- /api/mcp : MCP tool server (Streamable HTTP, no auth): qr_generate, qr_generate_typed, qr_decode, qr_verify, qr_batch, qr_size_recommend

## Rendering parameters (every generation endpoint)
`)
	for _, p := range params.Shared {
		fmt.Fprintf(&b, "- %s", p.Name)
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
	fmt.Fprintf(&b, "\nFormats: %s.\n\n## Kinds\n", strings.Join(render.FormatNames(), ", "))
	for _, k := range payload.All() {
		fmt.Fprintf(&b, "- /api/v1/%s: %s. %s\n", k.Name, k.Title, k.Help)
		if !full {
			continue
		}
		for _, fd := range k.Fields {
			req := ""
			if fd.Required {
				req = ", required"
			}
			fmt.Fprintf(&b, "  - %s (%s%s): %s", fd.Name, fd.Format, req, fd.Label)
			if fd.Help != "" {
				fmt.Fprintf(&b, ". %s", fd.Help)
			}
			if len(fd.Enum) > 0 {
				fmt.Fprintf(&b, " One of %s.", strings.Join(fd.Enum, ", "))
			}
			if fd.Example != "" && !fd.Secret {
				fmt.Fprintf(&b, " Example: %s", fd.Example)
			}
			if fd.Secret {
				b.WriteString(" Secret: never cached or logged.")
			}
			b.WriteString("\n")
		}
	}
	if !full {
		b.WriteString("\n/llms-full.txt lists every field of every kind.\n")
	}
	return b.String()
}
