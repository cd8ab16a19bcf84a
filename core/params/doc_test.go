package params

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// parametersDoc is docs/parameters.md: the parameter registry (Shared,
// Data, Verify) as tables, the one copy of the table in Markdown. /docs,
// /openapi.json and /llms.txt are written from the same registry when the
// service builds or starts.
func parametersDoc() string {
	var b strings.Builder
	b.WriteString(`# Rendering parameters

Written from the parameter registry (core/params: Shared, Data, Verify) by
` + "`QR_WRITE_DOCS=1 go test ./core/params -run TestParametersDoc`" + `; do not edit by hand:
TestParametersDoc fails when this file and the registry differ. The same registry writes the API
reference at /docs, /openapi.json and /llms.txt. What each value does in the picture, and how a
request is read (aliases, empty values, near misses), is in docs/interface.md.

## Every generation endpoint

GET and POST /api/v1/qr, GET /q/<data>.<ext>, GET /api/v1/<kind>, GET /api/v1/verify, a batch's ` + "`style`" + `,
and MCP's qr_generate, qr_generate_typed and qr_verify take these. Enum values match in any case.

`)
	table(&b, Shared)
	b.WriteString(`
## /api/v1/qr and /q/ only

`)
	table(&b, []Param{Data, Verify})
	return b.String()
}

func table(b *strings.Builder, ps []Param) {
	b.WriteString("| name | aliases | type | values | default | what it does |\n|---|---|---|---|---|---|\n")
	for _, p := range ps {
		var aliases, values []string
		for _, a := range p.Aliases {
			aliases = append(aliases, "`"+a+"`")
		}
		switch {
		case p.Enum != nil:
			for _, v := range p.Enum() {
				values = append(values, "`"+v+"`")
			}
		case p.Max > 0:
			values = append(values, fmt.Sprintf("%d to %d", p.Min, p.Max))
		}
		def := ""
		if p.Default != "" {
			def = "`" + p.Default + "`"
		}
		fmt.Fprintf(b, "| `%s` | %s | %s | %s | %s | %s |\n", p.Name, strings.Join(aliases, ", "), p.Type,
			strings.Join(values, ", "), def, strings.ReplaceAll(p.Help, "|", `\|`))
	}
}

// TestParametersDoc keeps docs/parameters.md the registry's table: every
// parameter, alias, bound, value and default as the server reads them.
// QR_WRITE_DOCS=1 writes the file instead.
func TestParametersDoc(t *testing.T) {
	const file = "../../docs/parameters.md"
	want := parametersDoc()
	if os.Getenv("QR_WRITE_DOCS") == "1" {
		if err := os.WriteFile(file, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("docs/parameters.md is not the parameter registry's table: run QR_WRITE_DOCS=1 go test ./core/params -run TestParametersDoc")
	}
	// The table holds what the server reads: each parameter's row names
	// its aliases, values and default (a check that does not trust the
	// writer above).
	rows := map[string]string{}
	for _, line := range strings.Split(string(got), "\n") {
		if cells := strings.Split(line, "|"); len(cells) > 6 && strings.HasPrefix(line, "| `") {
			rows[strings.Trim(cells[1], " `")] = line
		}
	}
	for _, p := range append(Shared, Data, Verify) {
		row, ok := rows[p.Name]
		if !ok {
			t.Errorf("docs/parameters.md has no row for %s", p.Name)
			continue
		}
		for _, a := range p.Aliases {
			if !strings.Contains(row, "`"+a+"`") {
				t.Errorf("docs/parameters.md: the row for %s lacks its alias %s", p.Name, a)
			}
		}
		if p.Default != "" && !strings.Contains(row, "`"+p.Default+"`") {
			t.Errorf("docs/parameters.md: the row for %s lacks its default %s", p.Name, p.Default)
		}
		if p.Enum != nil {
			for _, v := range p.Enum() {
				if !strings.Contains(row, "`"+v+"`") {
					t.Errorf("docs/parameters.md: the row for %s lacks the value %s", p.Name, v)
				}
			}
		}
	}
}
