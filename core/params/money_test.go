package params_test

import (
	"net/url"
	"strings"
	"testing"

	"qrkeyless/core/params"
	"qrkeyless/core/payload"
	"qrkeyless/core/request"
)

// No fix pays someone else or another sum. For every field of every
// payment kind that says who is paid, how much or against what reference,
// wrong values of the kinds people send (a digit off, one too many, a
// stray character, too many decimals, the wrong case) must give fixes
// that hold, for that field, the caller's own value corrected, a
// placeholder, or nothing, and leave every other money field as sent.
func TestFixesNeverInventMoneyOrAPayee(t *testing.T) {
	checked := 0
	for _, k := range payload.All() {
		base := url.Values{}
		for _, fd := range k.Fields {
			if fd.Required || fd.Money {
				base.Set(fd.Name, fd.Example)
			}
		}
		if !hasMoney(k) {
			continue
		}
		if _, p := params.ReadTyped(request.NewCall("/api/v1/"+k.Name, base), k); p != nil {
			t.Fatalf("%s: the examples are refused: %s", k.Name, p.Detail)
		}
		for _, fd := range k.Fields {
			if !fd.Money {
				continue
			}
			for _, bad := range wrongValues(fd) {
				q := url.Values{}
				for name, v := range base {
					q[name] = append([]string(nil), v...)
				}
				if bad == "" {
					q.Del(fd.Name)
				} else {
					q.Set(fd.Name, bad)
				}
				_, p := params.ReadTyped(request.NewCall("/api/v1/"+k.Name, q), k)
				if p == nil {
					continue
				}
				checked++
				fix, err := url.Parse(p.Fix)
				if err != nil {
					t.Errorf("%s %s=%q: fix %q is not a URL", k.Name, fd.Name, bad, p.Fix)
					continue
				}
				got := fix.Query()
				for _, other := range k.Fields {
					if !other.Money || !got.Has(other.Name) {
						continue
					}
					v, sent := got.Get(other.Name), q.Get(other.Name)
					switch {
					case v == sent, strings.HasPrefix(v, "<") && strings.HasSuffix(v, ">"):
					case other.Name == p.Field && strings.EqualFold(v, strings.TrimSpace(sent)):
						// the caller's value in its right case
					default:
						t.Errorf("%s %s=%q: the fix puts %s=%q where the caller sent %q: %s", k.Name, fd.Name, bad, other.Name, v, sent, p.Fix)
					}
				}
			}
		}
	}
	t.Logf("%d refused money values, no fix with another account or sum", checked)
	if checked < 100 {
		t.Errorf("only %d refusals checked; the table lost its cases", checked)
	}
}

func hasMoney(k *payload.Kind) bool {
	for _, fd := range k.Fields {
		if fd.Money {
			return true
		}
	}
	return false
}

// wrongValues are the mistakes made with a money field's value: none at
// all, a last character off by one (a checksum mismatch), one character
// too many, a stray letter, the wrong case, too many decimals, a comma.
func wrongValues(fd payload.Field) []string {
	ex := fd.Example
	out := []string{"", ex + "0", "x" + ex, strings.ToLower(ex), strings.ToUpper(ex), ex[:len(ex)-1]}
	if ex != "" {
		last := ex[len(ex)-1]
		switch {
		case last >= '0' && last < '9', last >= 'a' && last < 'z', last >= 'A' && last < 'Z':
			out = append(out, ex[:len(ex)-1]+string(last+1))
		default:
			out = append(out, ex[:len(ex)-1]+"1")
		}
	}
	if fd.Format == payload.FormatDecimal {
		out = append(out, "12.345", "1.123456789012345", "1,50", "-5", "0", "1e3")
	}
	if strings.HasPrefix(ex, "0x") && len(ex) == 42 {
		mixed := []byte(strings.ToLower(ex))
		for i := 2; i < len(mixed); i += 3 {
			if mixed[i] >= 'a' {
				mixed[i] -= 'a' - 'A'
			}
		}
		out = append(out, string(mixed))
	}
	return out
}
