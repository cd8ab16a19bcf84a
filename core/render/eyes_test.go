package render

import (
	"cmp"
	"fmt"
	"os"
	"strings"
	"testing"
)

// Every ring and ball is safe somewhere, verified no further than drawn,
// and the one a refusal names instead is safe at every version; every eye
// is made of a registered ring and ball.
func TestEyeVersions(t *testing.T) {
	for _, ps := range [][]part{rings, balls} {
		for _, e := range ps {
			if e.verified > e.served || e.served < 1 || e.served > 40 {
				t.Errorf("%s: served to version %d, verified to %d", e.name, e.served, e.verified)
			}
			if n := ps[partIndex(ps, e.nearest)]; e.served < 40 && (n.name != e.nearest || n.served < 40) {
				t.Errorf("%s: its nearest, %q, is not served at every version", e.name, e.nearest)
			}
		}
	}
	for _, e := range eyes {
		if rings[partIndex(rings, e.ring)].name != e.ring || balls[partIndex(balls, e.ball)].name != e.ball {
			t.Errorf("eye %s: ring %q or ball %q is not registered", e.name, e.ring, e.ball)
		}
	}
	for _, eye := range EyeNames() {
		for _, ball := range append(BallNames(), "") {
			ok, served, ne, nb := EyeServed(eye, ball, 40)
			if !ok && (served >= 40 || EyeVerified(ne, nb) < 40) {
				t.Errorf("eye %s, ball %q: refused at 40 (served to %d), nearest eye %s ball %q verified to %d", eye, ball, served, ne, nb, EyeVerified(ne, nb))
			}
		}
	}
}

// The tables of docs/interface.md ("Styles and eyes") say where each eye
// with its own ball, and each ball, is safe, as the registries do.
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
	check := func(key, param, ball string, eye string) {
		_, served, _, _ := EyeServed(eye, ball, 1)
		verified := EyeVerified(eye, ball)
		_, _, ne, nb := EyeServed(eye, ball, 40)
		near := param + "=" + ne
		if param == "eye_ball" {
			near = param + "=" + cmp.Or(nb, OwnBall(ne))
		}
		row, ok := rows[key]
		if !ok {
			t.Errorf("docs/interface.md's eye tables have no row for %s", key)
			return
		}
		cells := strings.Split(row, "|")
		want := "never"
		if verified > 0 {
			want = fmt.Sprintf("1 to %d", verified)
		}
		if strings.TrimSpace(cells[2]) != fmt.Sprintf("1 to %d", served) || !strings.HasPrefix(strings.TrimSpace(cells[3]), want) ||
			served < 40 && !strings.Contains(cells[4], near) {
			t.Errorf("docs/interface.md's row for %s, %q, does not say drawn to %d, verified to %d, else %s", key, row, served, verified, near)
		}
	}
	for _, name := range EyeNames() {
		check(name, "eye", "", name)
	}
	for _, name := range BallNames() {
		check("eye_ball="+name, "eye_ball", name, "square")
	}
}
