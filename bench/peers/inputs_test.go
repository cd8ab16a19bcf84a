package main

import "testing"

// The tables name the groups by length; the inputs must have it.
func TestInputLengths(t *testing.T) {
	want := map[string]int{"url30": 30, "text300": 300, "text1200": 1200}
	seen := map[string]bool{}
	for _, in := range inputs {
		if n, ok := want[in.Group]; ok && len(in.Text) != n {
			t.Errorf("%s: %d bytes, want %d", in.Name, len(in.Text), n)
		}
		if seen[in.Text] {
			t.Errorf("%s repeats an earlier input", in.Name)
		}
		seen[in.Text] = true
	}
	if len(inputs) != 20 {
		t.Errorf("%d inputs, want 20", len(inputs))
	}
}
