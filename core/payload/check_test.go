package payload

import (
	"strings"
	"testing"
)

func TestDecimal(t *testing.T) {
	for _, c := range []struct {
		in          string
		whole, frac int
		want        string // plain form, or the error text
		ok          bool
	}{
		{"149.5", 10, 2, "149.5", true},
		{"0.0015", 8, 8, "0.0015", true},
		{".5", 8, 8, "0.5", true}, // a leading 0 is always written, §0.7
		{"007.10", 9, 2, "7.10", true},
		{"999999999.99", 9, 2, "999999999.99", true},
		{"1000000000", 9, 2, "at most 9 digits before the decimal point", false},
		{"12.345", 9, 2, "at most 2 decimals", false},
		{"12,50", 9, 2, "use . as the decimal separator", false},
		{"1e3", 9, 2, "without an exponent", false},
		{"-5", 9, 2, "greater than 0", false},
		{"0", 9, 2, "greater than 0", false},
		{"0.00", 9, 2, "greater than 0", false},
		{".", 9, 2, "not a decimal number", false},
		{"1 000", 9, 2, "not a decimal number", false},
		{"", 9, 2, "amount is empty", false},
	} {
		w, f, err := decimal(c.in, c.whole, c.frac)
		switch {
		case c.ok && (err != nil || plain(w, f) != c.want):
			t.Errorf("decimal(%q) = %q, %v; want %q", c.in, plain(w, f), err, c.want)
		case !c.ok && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("decimal(%q) error %v, want %q", c.in, err, c.want)
		}
	}
	if w, f, _ := decimal("149.5", 10, 2); fixed(w, f, 2) != "149.50" {
		t.Errorf("fixed(149.5) = %q, want 149.50", fixed(w, f, 2))
	}
}

func TestFoldLatin(t *testing.T) {
	for in, want := range map[string]string{
		"São Paulo":         "Sao Paulo",
		"Platba za zboží":   "Platba za zbozi",
		"Příliš žluťoučký":  "Prilis zlutoucky",
		"Łódź Straße Œuvre": "Lodz Strasse OEuvre",
		"Ærø Ținut":         "AEro Tinut",
		"€ 5":               "€ 5", // kept: callers reject what is left over
	} {
		if got := foldLatin(in); got != want {
			t.Errorf("foldLatin(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestIsoDate(t *testing.T) {
	for in, ok := range map[string]bool{
		"2025-07-01": true, "20250701": true, "2024-02-29": true,
		"2025-02-29": false, "2025-13-01": false, "2025-7-1": false, "01.07.2025": false, "1900-02-29": false,
	} {
		if _, _, _, got := isoDate(in); got != ok {
			t.Errorf("isoDate(%q) ok = %v, want %v", in, got, ok)
		}
	}
}

// FuzzChecks feeds arbitrary text to the amount, date and text checks:
// none may panic, and an amount decimal accepts it accepts again in the
// form it returned.
func FuzzChecks(f *testing.F) {
	for _, s := range []string{"12.50", ".5", "007.10", "1\x00", "2024-02-29", "20250701", "Příliš žluťoučký"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		_ = foldLatin(s)
		_, _, _, _ = isoDate(s)
		if w, fr, err := decimal(s, 9, 2); err == nil {
			if w2, f2, err := decimal(plain(w, fr), 9, 2); err != nil || w2 != w || f2 != fr {
				t.Errorf("decimal accepts %q as %s but not again", s, plain(w, fr))
			}
		}
	})
}
