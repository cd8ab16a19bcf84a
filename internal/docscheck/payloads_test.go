package docscheck

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"qrkeyless/core/payload"
)

var (
	// kindHeading opens a kind's section: "### 2.3 `wifi`: Wi-Fi network".
	kindHeading = regexp.MustCompile("^### (2\\.\\d+) `([a-z0-9-]+)`")
	// exampleLine is a checked example: "- `{fields}` → `"text"`", or
	// "- `{fields}` → refused (`field`)".
	exampleLine = regexp.MustCompile("^- `(\\{.*\\})` → (?:`(\".*\")`|refused \\(`([a-z0-9_]+)`\\))")
)

// TestPayloadExamples: every example of docs/payloads.md is what the
// kind's builder writes (or refuses, naming the field), and every kind of
// the registry has its section there, with at least one example.
func TestPayloadExamples(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(root, "docs", "payloads.md"))
	if err != nil {
		t.Fatal(err)
	}
	examples := map[string]int{}
	var kind *payload.Kind
	fenced := false // inside a ``` block, which shows text and is not checked
	for n, line := range strings.Split(string(b), "\n") {
		n++
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
		}
		if fenced {
			continue
		}
		if m := kindHeading.FindStringSubmatch(line); m != nil {
			k, ok := payload.Lookup(m[2])
			if !ok {
				t.Errorf("docs/payloads.md:%d: §%s is about %q, which the registry does not hold", n, m[1], m[2])
			}
			if _, dup := examples[m[2]]; dup {
				t.Errorf("docs/payloads.md:%d: a second section for %s", n, m[2])
			}
			kind, examples[m[2]] = k, 0
			continue
		}
		if strings.HasPrefix(line, "## ") {
			kind = nil
		}
		m := exampleLine.FindStringSubmatch(line)
		if m == nil {
			if strings.HasPrefix(line, "- `{") {
				t.Errorf("docs/payloads.md:%d: an example the check cannot read: %s", n, line)
			}
			continue
		}
		if kind == nil {
			t.Errorf("docs/payloads.md:%d: an example outside a kind's section", n)
			continue
		}
		examples[kind.Name]++
		var fields payload.Fields
		if err := json.Unmarshal([]byte(m[1]), &fields); err != nil {
			t.Errorf("docs/payloads.md:%d: the fields are not a JSON object of strings: %v", n, err)
			continue
		}
		got, err := kind.Build(fields)
		if m[3] != "" {
			var fe *payload.FieldError
			if !errors.As(err, &fe) || fe.Field != m[3] {
				t.Errorf("docs/payloads.md:%d: %s %s: got %q, %v; the page says it is refused for %s", n, kind.Name, m[1], got, err, m[3])
			}
			continue
		}
		var want string
		if err := json.Unmarshal([]byte(m[2]), &want); err != nil {
			t.Errorf("docs/payloads.md:%d: the text is not a JSON string: %v", n, err)
			continue
		}
		if err != nil {
			t.Errorf("docs/payloads.md:%d: %s %s: %v; the page says it writes %s", n, kind.Name, m[1], err, m[2])
			continue
		}
		if got != want {
			gotJSON, _ := json.Marshal(got)
			t.Errorf("docs/payloads.md:%d: %s %s writes\n\t%s\nwhere the page says\n\t%s", n, kind.Name, m[1], gotJSON, m[2])
		}
	}
	for _, k := range payload.All() {
		switch n, ok := examples[k.Name]; {
		case !ok:
			t.Errorf("docs/payloads.md has no section for %s", k.Name)
		case n == 0:
			t.Errorf("docs/payloads.md's section for %s has no example", k.Name)
		}
	}
}
