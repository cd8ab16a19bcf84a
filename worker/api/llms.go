package api

import (
	_ "embed"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
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

// llmsTemplate is llms.txt's prose: {name} marks where llmsText puts
// what the tables say.
//
//go:embed llms.txt
var llmsTemplate string

// llmsText follows the llms.txt convention (llmstxt.org): an H1, a
// blockquote, free notes, then H2 sections whose every item is a markdown
// link with notes. The full file adds every kind's fields to its item.
func llmsText(full bool) string {
	var ps, kinds strings.Builder
	for _, p := range params.Shared {
		fmt.Fprintf(&ps, "* %s", p.Name)
		if len(p.Aliases) > 0 {
			fmt.Fprintf(&ps, " (%s)", strings.Join(p.Aliases, ", "))
		}
		fmt.Fprintf(&ps, ": %s", p.Help)
		if p.Enum != nil {
			fmt.Fprintf(&ps, " One of %s.", strings.Join(p.Enum(), ", "))
		}
		if p.Type == "integer" {
			fmt.Fprintf(&ps, " %d to %d.", p.Min, p.Max)
		}
		if p.Default != "" {
			fmt.Fprintf(&ps, " Default %s.", p.Default)
		}
		ps.WriteString("\n")
	}
	for _, k := range payload.All() {
		fmt.Fprintf(&kinds, "- [%s](/%s): %s API: GET /api/v1/%s", k.Title, k.Name, k.Help, k.Name)
		if full {
			kinds.WriteString(". Fields: ")
			for i, fd := range k.Fields {
				if i > 0 {
					kinds.WriteString("; ")
				}
				kinds.WriteString(fieldLine(fd))
			}
			kinds.WriteString(".")
		}
		kinds.WriteString("\n")
	}
	var looks strings.Builder
	for _, p := range params.Presets {
		fmt.Fprintf(&looks, "- [%s](/api/v1/qr?%s): %s Sets %s.\n", p.Title, url.Values{"data": {"https://example.com"}, "preset": {p.Name}}.Encode(), p.Help, strings.ReplaceAll(p.Query, "&", ", "))
	}
	return strings.NewReplacer(
		"{presets}", looks.String(),
		"{data_aliases}", strings.Join(params.Data.Aliases, ", "),
		"{exts}", strings.Join(render.Exts(), " ."),
		"{parameters}", ps.String(),
		"{formats}", strings.Join(render.FormatNames(), ", "),
		"{max_items}", strconv.Itoa(batch.MaxItems),
		"{outputs}", strings.Join(batch.Outputs, ", "),
		"{peers}", compatLLMs(),
		"{tools}", strings.Join(tools.Names(), ", "),
		"{kinds}", kinds.String(),
	).Replace(llmsTemplate)
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
