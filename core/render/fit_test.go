package render

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// Every eye's own ball fits its ring in every style; a ball that does not
// fit is refused with one that does, unlike the ring's own where another
// fits; and the share refused is what docs/interface.md says.
func TestBallFits(t *testing.T) {
	refused, total := 0, 0
	for _, st := range styles {
		for _, e := range eyes {
			for _, b := range balls {
				o := Options{Style: st.name, Eye: e.name, Ball: b.name}
				ok, near := BallFits(o)
				total++
				switch {
				case b.name == e.ball && !ok:
					t.Errorf("%s/%s: its own ball %s does not fit", st.name, e.name, b.name)
				case ok:
					continue
				}
				refused++
				if near == b.name {
					t.Errorf("%s/%s+%s: refused, and the nearest named is itself", st.name, e.name, b.name)
				}
				if near != "" {
					if ok, _ := BallFits(Options{Style: st.name, Eye: e.name, Ball: near}); !ok {
						t.Errorf("%s/%s+%s: the nearest, %s, does not fit either", st.name, e.name, b.name, near)
					}
				}
			}
		}
	}
	t.Logf("%d of %d style, eye and ball combinations refused (%.1f%%)", refused, total, 100*float64(refused)/float64(total))
}

// A square eye has no diagonal error, and a ball that reaches less far into
// the corners than the ring's own has more than the own one has.
func TestDiagonalError(t *testing.T) {
	sq, rd := rings[partIndex(rings, "square")], balls[partIndex(balls, "rounded")]
	for _, tc := range []struct {
		ring, ball string
		lo, hi     float64
	}{
		{"square", "square", 0, 0.01},
		{"rounded", "rounded", 0.05, 0.2},
		{"circle", "square", 1, 2},
	} {
		got := diagonalError(rings[partIndex(rings, tc.ring)], balls[partIndex(balls, tc.ball)])
		if got < tc.lo || got > tc.hi {
			t.Errorf("%s ring, %s ball: diagonal error %.3f, want %g to %g", tc.ring, tc.ball, got, tc.lo, tc.hi)
		}
	}
	if a, b := diagonalError(sq, rd), diagonalError(sq, balls[0]); a <= b {
		t.Errorf("square ring: a rounded ball's error %.3f is not above a square one's %.3f", a, b)
	}
}

// docs/interface.md's style table has a row for every style with its
// eye_ball limit as the registry has it.
func TestStyleTableDoc(t *testing.T) {
	b, err := os.ReadFile("../../docs/interface.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string][]string{}
	for _, line := range strings.Split(string(b), "\n") {
		if cells := strings.Split(line, "|"); len(cells) == 5 && strings.HasPrefix(line, "| `") {
			rows[strings.Trim(cells[1], " `")] = cells
		}
	}
	for _, s := range styles {
		cells, ok := rows[s.name]
		if !ok || strings.TrimSpace(cells[3]) != strconv.FormatFloat(s.diagonal, 'g', -1, 64) {
			t.Errorf("docs/interface.md's style table has no row for %s with limit %g: %q", s.name, s.diagonal, cells)
		}
	}
}
