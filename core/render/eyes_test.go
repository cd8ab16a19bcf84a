package render

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// Every eye has its place in the table of where eyes are safe, and the eye
// a refusal names instead is safe at every version.
func TestEyeVersions(t *testing.T) {
	for _, name := range EyeNames() {
		e, ok := eyeVersions[name]
		if !ok {
			t.Errorf("eye %s has no entry in eyeVersions", name)
			continue
		}
		if e.verified > e.served || e.served < 1 || e.served > 40 {
			t.Errorf("eye %s: served to version %d, verified to %d", name, e.served, e.verified)
		}
		if e.served < 40 {
			if ok, _, _ := EyeServed(e.nearest, 40); !ok || e.nearest == name {
				t.Errorf("eye %s: its nearest, %q, is not served at every version", name, e.nearest)
			}
		}
	}
}

// The table of docs/interface.md ("Styles and eyes") says where each eye
// is safe, as eyeVersions does.
func TestEyeTableDoc(t *testing.T) {
	b, err := os.ReadFile("../../docs/interface.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]string{}
	for _, line := range strings.Split(string(b), "\n") {
		if cells := strings.Split(line, "|"); len(cells) > 4 && strings.HasPrefix(line, "| `") {
			rows[strings.Trim(cells[1], " `")] = line
		}
	}
	for _, name := range EyeNames() {
		e := eyeVersions[name]
		row, ok := rows[name]
		if !ok {
			t.Errorf("docs/interface.md's eye table has no row for %s", name)
			continue
		}
		cells := strings.Split(row, "|")
		verified := "never"
		if e.verified > 0 {
			verified = fmt.Sprintf("1 to %d", e.verified)
		}
		if strings.TrimSpace(cells[2]) != fmt.Sprintf("1 to %d", e.served) || !strings.HasPrefix(strings.TrimSpace(cells[3]), verified) ||
			e.served < 40 && !strings.Contains(cells[4], "eye="+e.nearest) {
			t.Errorf("docs/interface.md's row for eye %s, %q, does not say drawn to %d, verified to %d, else eye=%s", name, row, e.served, e.verified, e.nearest)
		}
	}
}
