package params

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// notYetInREADME are values the README's table does not list yet: the
// gif and jpeg formats came while the README was being rewritten by
// another hand, and join its table when the two meet (docs/compat.md).
// The test fails once the table lists them, so that this goes too.
var notYetInREADME = map[string][]string{"format": {"gif", "jpeg"}}

// TestREADMETable keeps the README's parameter table in step with Shared:
// every parameter and alias has a row that names its default.
func TestREADMETable(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]string{}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "| `") {
			name := strings.Trim(strings.SplitN(line, "|", 3)[1], " `")
			rows[name] = line
		}
	}
	for _, p := range Shared {
		row, ok := rows[p.Name]
		if !ok {
			t.Errorf("README has no row for %s", p.Name)
			continue
		}
		for _, a := range p.Aliases {
			if !strings.Contains(row, "`"+a+"`") {
				t.Errorf("README row for %s lacks alias %s", p.Name, a)
			}
		}
		if p.Default != "" && !strings.Contains(row, p.Default) {
			t.Errorf("README row for %s lacks default %s", p.Name, p.Default)
		}
		if p.Enum == nil {
			continue
		}
		for _, v := range p.Enum() {
			pending := slices.Contains(notYetInREADME[p.Name], v)
			if listed := strings.Contains(row, "`"+v+"`"); !listed && !pending {
				t.Errorf("README row for %s lacks value %s", p.Name, v)
			} else if listed && pending {
				t.Errorf("README row for %s lists %s now: take it out of notYetInREADME", p.Name, v)
			}
		}
	}
}
