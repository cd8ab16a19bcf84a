package request

import (
	"fmt"
	"net/url"
	"slices"
	"strings"

	"qrkeyless/core/params"
	"qrkeyless/core/payload"
	"qrkeyless/core/problem"
)

// MaxPairs is the most name=value pairs a query may hold. The widest
// typed kind takes 27 names besides the shared parameters; a query of
// thousands is not a mistake a person makes.
const MaxPairs = 200

// ParseQuery reads a raw query string strictly. net/url drops what it
// cannot read (a pair holding ';', a broken %-escape, every pair past
// 10,000) and the caller would get a default picture with no word of
// it; here each is a problem that names the pair, whose fix is the call
// to path with that pair repaired.
func ParseQuery(path, raw string) (url.Values, *problem.Problem) {
	pairs := strings.Split(raw, "&")
	if raw == "" {
		pairs = nil
	}
	if len(pairs) > MaxPairs {
		return nil, problem.BadValue.New("", fmt.Sprintf(
			"the query has %d parameters; at most %d are read", len(pairs), MaxPairs), fmt.Sprintf("Send at most %d parameters; a batch (POST /api/v1/qr/batch) takes many codes in one call.", MaxPairs))
	}
	q := url.Values{}
	for i, pair := range pairs {
		if pair == "" {
			continue
		}
		if strings.Contains(pair, ";") {
			fixed := strings.Join(append(append(pairs[:i:i], semicolons(pair)...), pairs[i+1:]...), "&")
			return nil, problem.BadValue.New(pairName(pair), fmt.Sprintf(
				"the pair %q holds a ';', which is not a separator here; separate parameters with & and write a ';' inside a value as %%3B", showPair(pair)), fixCall(path, fixed))
		}
		name, value, _ := strings.Cut(pair, "=")
		k, err1 := url.QueryUnescape(name)
		v, err2 := url.QueryUnescape(value)
		if err1 != nil || err2 != nil {
			fixed := strings.Join(append(append(pairs[:i:i], escapeStrayPercents(pair)), pairs[i+1:]...), "&")
			return nil, problem.BadValue.New(pairName(pair), fmt.Sprintf(
				"the pair %q has a %% that does not start a %%-escape (two hex digits); write %% itself as %%25", showPair(pair)), fixCall(path, fixed))
		}
		q[k] = append(q[k], v)
	}
	return q, nil
}

// semicolons repairs a pair holding semicolons. When every piece after a
// semicolon is a name=value pair of a parameter the service knows, they
// were separators, as some clients still write them (size=300;format=svg);
// otherwise they are part of the value (a WIFI: string, text), and are
// written %3B. Trailing semicolons are dropped (color=f00;).
func semicolons(pair string) []string {
	pieces := strings.Split(strings.TrimRight(pair, ";"), ";")
	for _, p := range pieces[1:] {
		name, _, ok := strings.Cut(p, "=")
		if !ok || !knownName(name) {
			return []string{strings.ReplaceAll(strings.TrimRight(pair, ";"), ";", "%3B")}
		}
	}
	return pieces
}

// knownName reports whether name is a parameter of some endpoint: a
// shared one, data, verify, a field of a kind.
func knownName(name string) bool {
	for _, p := range append(params.Shared, params.Data, params.Verify) {
		if slices.Contains(p.Names(), name) {
			return true
		}
	}
	for _, k := range payload.All() {
		if k.Field(name) != nil {
			return true
		}
	}
	return false
}

// escapeStrayPercents writes every % that does not start a valid escape
// as %25.
func escapeStrayPercents(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && (i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2])) {
			b.WriteString("%25")
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// showPair is a raw pair as a detail repeats it: as sent, unless it holds
// a secret.
func showPair(pair string) string {
	for name, vs := range Lenient(pair) {
		for _, v := range vs {
			if RedactValue(name, v) != v {
				return pairName(pair) + "=" + SecretPlaceholder
			}
		}
	}
	return pair
}

// pairName is the parameter name of a raw pair, as well as it can be read.
func pairName(pair string) string {
	name, _, _ := strings.Cut(pair, "=")
	name, _, _ = strings.Cut(name, ";")
	if k, err := url.QueryUnescape(name); err == nil {
		return k
	}
	return name
}

// fixCall is path with the repaired raw query, written as every fix is:
// sorted, with secrets redacted.
func fixCall(path, raw string) string {
	return NewCall(path, Lenient(raw)).With("", "")
}

// Lenient reads a raw query as well as it can, never failing: pairs split
// at &, a semicolon kept in its value, a broken escape kept as written. It
// is for what a problem repeats of a query that ParseQuery refused, never
// for the work itself.
func Lenient(raw string) url.Values {
	q := url.Values{}
	for _, pair := range strings.FieldsFunc(raw, func(r rune) bool { return r == '&' }) {
		name, value, _ := strings.Cut(pair, "=")
		if k, err := url.QueryUnescape(name); err == nil {
			name = k
		}
		if v, err := url.QueryUnescape(value); err == nil {
			value = v
		}
		q[name] = append(q[name], value)
	}
	return q
}
