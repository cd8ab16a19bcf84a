package docscheck

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestLayoutTable: every folder of Go code, ours and outside third_party/,
// is named in docs/architecture.md's table of the layout, itself or as one
// of the folders a row groups, so a newcomer finds each package there.
func TestLayoutTable(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(root, "docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	named := map[string]bool{}
	cell := regexp.MustCompile("`([a-z0-9_./-]+)`")
	for _, line := range strings.Split(string(b), "\n") {
		first, _, ok := strings.Cut(strings.TrimPrefix(line, "| "), " |")
		if !ok || !strings.HasPrefix(line, "| `") {
			continue
		}
		for _, m := range cell.FindAllStringSubmatch(first, -1) {
			named[strings.TrimSuffix(m[1], "/")] = true
		}
	}
	var dirs []string
	for _, f := range files(t) {
		d := path.Dir(f)
		if strings.HasSuffix(f, ".go") && !strings.Contains("/"+d+"/", "/testdata/") && !strings.HasPrefix(d, "third_party/") && !slices.Contains(dirs, d) {
			dirs = append(dirs, d)
		}
	}
	if len(dirs) < 40 {
		t.Fatalf("%d folders of Go code found; the repository has more than 40", len(dirs))
	}
	for _, d := range dirs {
		// A folder is named by itself or by the row of a folder above it
		// that the row says holds it ("e2e/" holds e2e/mcp/go).
		found := false
		for p := d; p != "."; p = path.Dir(p) {
			if named[p] && (p == d || named[p+"/"] || groups[p]) {
				found = true
				break
			}
		}
		if !found {
			t.Errorf("docs/architecture.md's layout table does not name %s", d)
		}
	}
}

// groups are the rows that stand for everything under them: the suites'
// own modules and clients, the bench's peers and its report.
var groups = map[string]bool{"e2e": true, "bench": true, "third_party": true}
