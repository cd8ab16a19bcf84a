package payload

// GS1 Digital Link: a product's GS1 identifiers as an https URI (GS1
// Digital Link URI Syntax 1.4), which a till reads as the barcode and a
// phone opens as a web page. docs/payloads.md §2.39 gives the rules and
// the standard's examples the tests reproduce.

import (
	"fmt"
	"net/url"
	"slices"
	"strings"

	"qrkeyless/core/checksum"
)

func init() { register(gs1Kind) }

// gs1Kind is the GS1 Digital Link kind.
var gs1Kind = &Kind{
	Name:     "gs1-digital-link",
	Title:    "GS1 Digital Link (product)",
	Help:     "A product's GTIN, with its batch, serial and dates, as a web link: tills read it as the barcode, phones open the product's page.",
	Priority: PriorityLink,
	Fields: []Field{
		{Name: "gtin", Label: "GTIN", Help: "8, 12, 13 or 14 digits with the check digit; written as GTIN-14.", Required: true, Format: FormatText, Example: "09506000134352"},
		{Name: "cpv", Label: "Consumer product variant", Help: "AI 22, up to 20 characters.", Format: FormatText, Example: "2A"},
		{Name: "lot", Label: "Batch or lot", Help: "AI 10, up to 20 characters.", Format: FormatText, Example: "ABC123"},
		{Name: "serial", Label: "Serial number", Help: "AI 21, up to 20 characters.", Format: FormatText, Example: "12345XYZ"},
		{Name: "expiry", Label: "Expiry date", Help: "AI 17: YYYY-MM-DD or YYMMDD (DD 00: the end of the month).", Format: FormatText, Example: "2027-06-30"},
		{Name: "bestbefore", Label: "Best before", Help: "AI 15: YYYY-MM-DD or YYMMDD.", Format: FormatText, Example: "2027-05-31"},
		{Name: "sellby", Label: "Sell by", Help: "AI 16: YYYY-MM-DD or YYMMDD.", Format: FormatText, Example: "2027-05-15"},
		{Name: "production", Label: "Production date", Help: "AI 11: YYYY-MM-DD or YYMMDD.", Format: FormatText, Example: "2026-11-01"},
		{Name: "netweight", Label: "Net weight (kg)", Help: "AI 3103: up to 999.999 kg.", Format: FormatDecimal, Example: "1.5"},
		{Name: "extra", Label: "Other data attributes", Help: "More AIs for the query, as ai=value pairs joined by &, e.g. 3922=1299.", Format: FormatText, Example: "30=12"},
		{Name: "domain", Label: "Resolver", Help: "https://id.gs1.org (default), or your own domain's resolver, with a path prefix if it has one.", Format: FormatURL, Example: "https://id.gs1.org"},
	},
	Build: buildGS1DL,
}

// gs1Resolver is GS1's global resolver, the default domain.
const gs1Resolver = "https://id.gs1.org"

// gs1AI describes an application identifier the kind writes or reads.
type gs1AI struct {
	ai, name, field string
	date            bool // YYMMDD
}

// gs1Qualifiers are GTIN's key qualifiers, in the order the path must
// give them (GS1 Digital Link URI Syntax, 01 with 22, 10, 21).
var gs1Qualifiers = []gs1AI{{"22", "consumer product variant", "cpv", false}, {"10", "batch or lot", "lot", false}, {"21", "serial number", "serial", false}}

// gs1Attributes are the data attributes with a field of their own, in the
// order the query gives them.
var gs1Attributes = []gs1AI{
	{"11", "production date", "production", true}, {"15", "best before date", "bestbefore", true},
	{"16", "sell by date", "sellby", true}, {"17", "expiry date", "expiry", true}, {"3103", "net weight (kg)", "netweight", false},
}

// gs1Names names AIs beyond those, for notes and refusals.
var gs1Names = names{
	{"01", "GTIN"}, {"00", "SSCC"}, {"253", "GDTI"}, {"255", "GCN"}, {"401", "GINC"}, {"402", "GSIN"}, {"414", "GLN"}, {"417", "party GLN"},
	{"8003", "GRAI"}, {"8004", "GIAI"}, {"8006", "ITIP"}, {"8010", "CPID"}, {"8013", "GMN"}, {"8017", "GSRN provider"}, {"8018", "GSRN recipient"},
	{"235", "third-party controlled serial"}, {"254", "GLN extension"}, {"7040", "UIC with extension"}, {"8011", "CPID serial"}, {"8019", "SRIN"}, {"8020", "payment slip reference"},
	{"30", "variable count"}, {"37", "count of trade items"}, {"3922", "price (2 decimals)"}, {"3932", "price with currency (2 decimals)"},
	{"12", "due date"}, {"13", "packaging date"}, {"7003", "expiration date and time"}, {"422", "country of origin"},
}

// gs1PathOnly are AIs that belong in a Digital Link's path (primary keys
// and key qualifiers), never in its query.
var gs1PathOnly = []string{"00", "01", "10", "21", "22", "235", "253", "254", "255", "401", "402", "414", "417", "7040", "8003", "8004", "8006", "8010", "8011", "8013", "8017", "8018", "8019", "8020"}

// gs1Value checks an AI value of GS1's character set 82 of at most max
// characters.
func gs1Value(kind, field, s string, max int) error {
	if len(s) > max {
		return fieldErr(kind, field, tooLong(s, max, len(s)))
	}
	for _, r := range s {
		if r > '~' || r < '!' || strings.ContainsRune("#$@[\\]^`{|}~", r) {
			return fieldError(kind, field, fmt.Sprintf("%q is not in GS1's character set 82 (letters, digits and !\"%%&'()*+,-./:;<=>?_)", r))
		}
	}
	return nil
}

// gs1Escape percent-encodes an AI value for a Digital Link: every
// character but letters, digits and - . _ ~ (RFC 3986's unreserved), as
// GS1's toolkit does.
func gs1Escape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// gs1Date reads YYYY-MM-DD or YYMMDD as YYMMDD (DD may be 00 in YYMMDD).
func gs1Date(kind, field, s string) (string, error) {
	if y, m, d, ok := isoDate(s); ok {
		if y < "2000" || y > "2099" {
			return "", fieldError(kind, field, "the year must be 2000 to 2099: GS1 dates have two digits for it")
		}
		return y[2:] + m + d, nil
	}
	if len(s) == 6 && isDigits(s) && s[2:4] >= "01" && s[2:4] <= "12" && s[4:] <= "31" {
		return s, nil
	}
	return "", fieldError(kind, field, "a date is YYYY-MM-DD or YYMMDD")
}

// buildGS1DL writes the Digital Link URI: resolver, /01/ and the GTIN-14,
// the qualifiers in order, then the data attributes as its query.
func buildGS1DL(f Fields) (string, error) {
	const kind = "gs1-digital-link"
	gtin := strings.ReplaceAll(fv(f, "gtin"), " ", "")
	if !isDigits(gtin) || !slices.Contains([]int{8, 12, 13, 14}, len(gtin)) {
		return "", fieldError(kind, "gtin", "GTIN must be 8, 12, 13 or 14 digits")
	}
	if want, ok := checksum.GTIN(gtin); !ok {
		e := fieldError(kind, "gtin", fmt.Sprintf("the check digit is %c, not %c: check the number on the pack", want, gtin[len(gtin)-1]))
		return "", e
	}
	domain := strings.TrimRight(fv(f, "domain"), "/")
	if domain == "" {
		domain = gs1Resolver
	}
	if u, err := url.Parse(domain); err != nil || u.Scheme != "https" && u.Scheme != "http" || u.Host == "" || u.RawQuery != "" || u.Fragment != "" || strings.Contains(u.Path, "/01/") {
		return "", fieldError(kind, "domain", "domain must be an https URL of a resolver, with an optional path prefix, e.g. https://id.gs1.org")
	}
	var b strings.Builder
	b.WriteString(domain + "/01/" + strings.Repeat("0", 14-len(gtin)) + gtin)
	for _, q := range gs1Qualifiers {
		v := fv(f, q.field)
		if v == "" {
			continue
		}
		if err := gs1Value(kind, q.field, v, 20); err != nil {
			return "", err
		}
		b.WriteString("/" + q.ai + "/" + gs1Escape(v))
	}
	var query []string
	for _, a := range gs1Attributes {
		v := fv(f, a.field)
		if v == "" {
			continue
		}
		var err error
		switch {
		case a.date:
			v, err = gs1Date(kind, a.field, v)
		case a.ai == "3103":
			var w, fr string
			if w, fr, err = decimal(v, 3, 3); err != nil {
				err = fieldErr(kind, a.field, err)
			} else {
				v = fmt.Sprintf("%06s", w+fr+strings.Repeat("0", 3-len(fr)))
			}
		}
		if err != nil {
			return "", err
		}
		query = append(query, a.ai+"="+v)
	}
	if s := fv(f, "extra"); s != "" {
		for _, pair := range strings.Split(s, "&") {
			ai, v, ok := strings.Cut(pair, "=")
			switch {
			case !ok || len(ai) < 2 || len(ai) > 4 || !isDigits(ai) || v == "":
				return "", fieldError(kind, "extra", "extra must be ai=value pairs joined by &, e.g. 3922=1299")
			case slices.Contains(gs1PathOnly, ai):
				return "", fieldError(kind, "extra", fmt.Sprintf("AI %s (%s) belongs in the path, not the query: %s", ai, gs1Name(ai), gs1PathFix(ai)))
			case gs1Attribute(ai) >= 0:
				return "", fieldError(kind, "extra", fmt.Sprintf("AI %s has a field of its own: give it as %s", ai, gs1Attributes[gs1Attribute(ai)].field))
			}
			if err := gs1Value(kind, "extra", v, 70); err != nil {
				return "", err
			}
			query = append(query, ai+"="+gs1Escape(v))
		}
	}
	if len(query) > 0 {
		b.WriteString("?" + strings.Join(query, "&"))
	}
	return b.String(), nil
}

// gs1Qualifier and gs1Attribute find an AI in their tables; -1 if absent.
func gs1Qualifier(ai string) int { return gs1Index(gs1Qualifiers, ai) }
func gs1Attribute(ai string) int { return gs1Index(gs1Attributes, ai) }

func gs1Index(table []gs1AI, ai string) int {
	for i, a := range table {
		if a.ai == ai {
			return i
		}
	}
	return -1
}

// gs1Name names an AI.
func gs1Name(ai string) string {
	if i := gs1Qualifier(ai); i >= 0 {
		return gs1Qualifiers[i].name
	}
	if i := gs1Attribute(ai); i >= 0 {
		return gs1Attributes[i].name
	}
	if n := gs1Names.of(ai); n != "" {
		return n
	}
	return "application identifier " + ai
}

// gs1PathFix says where a path AI goes instead.
func gs1PathFix(ai string) string {
	for _, q := range gs1Qualifiers {
		if q.ai == ai {
			return "give it as " + q.field
		}
	}
	return "a Digital Link of this kind has one primary key, the GTIN"
}

// readGS1DL reads a Digital Link on any resolver: the path from /01/ on
// (a prefix before it is part of the domain), the query's AIs; every AI
// is noted by name, and what the builder would not write is noted too.
func readGS1DL(text string, ns *notes) (Fields, bool) {
	u, err := url.Parse(text)
	if err != nil || u.Scheme != "https" && u.Scheme != "http" || u.Host == "" || u.Fragment != "" {
		return nil, false
	}
	path := u.EscapedPath()
	at := strings.Index(path, "/01/")
	if at < 0 {
		return nil, false
	}
	segs := strings.Split(path[at+1:], "/")
	if len(segs)%2 != 0 {
		return nil, false
	}
	f := Fields{"domain": u.Scheme + "://" + u.Host + path[:at]}
	if f["domain"] == gs1Resolver {
		delete(f, "domain")
	}
	last := -1
	for i := 0; i < len(segs); i += 2 {
		ai, raw := segs[i], segs[i+1]
		v, err := url.PathUnescape(raw)
		if err != nil {
			return nil, false
		}
		switch q := gs1Qualifier(ai); {
		case i == 0:
			if !isDigits(v) || !slices.Contains([]int{8, 12, 13, 14}, len(v)) {
				return nil, false
			}
			if len(v) != 14 {
				ns.add("gtin", "written as GTIN-14, as the standard asks")
			}
			f["gtin"] = v
		case q > last:
			f[gs1Qualifiers[q].field] = v
			last = q
		case q >= 0:
			return nil, false // a qualifier out of order or twice: not a Digital Link
		default:
			return nil, false // an AI the standard does not allow in the path
		}
		ns.add("", fmt.Sprintf("AI %s (%s): %s", ai, gs1Name(ai), v))
	}
	var extra []string
	seen := map[string]bool{}
	for _, pair := range strings.Split(u.RawQuery, "&") {
		if pair == "" {
			continue
		}
		k, raw, _ := strings.Cut(pair, "=")
		v, err := url.QueryUnescape(raw)
		numeric := isDigits(k) && len(k) >= 2 && len(k) <= 4
		switch {
		case err != nil:
			return nil, false
		case numeric && (v == "" || seen[k] || slices.Contains(gs1PathOnly, k) || strings.ContainsAny(v, "&=")):
			return nil, false // empty, given twice, a path AI in the query, or not writable as extra
		}
		seen[k] = true
		i := gs1Attribute(k)
		switch {
		case i >= 0 && gs1Attributes[i].ai == "3103" && len(v) == 6 && isDigits(v):
			w, fr := strings.TrimLeft(v[:3], "0"), strings.TrimRight(v[3:], "0")
			if w == "" {
				w = "0"
			}
			f["netweight"] = plain(w, fr)
		case i >= 0 && gs1Attributes[i].date && len(v) == 6 && isDigits(v) && v[4:] != "00":
			f[gs1Attributes[i].field] = "20" + v[:2] + "-" + v[2:4] + "-" + v[4:] // as the field is given; DD 00 stays YYMMDD
		case i >= 0:
			f[gs1Attributes[i].field] = v
		case numeric:
			extra = append(extra, k+"="+v)
		default:
			ns.add("", fmt.Sprintf("query parameter %s=%s is not an AI (a link type or a tracking parameter): left out", k, v))
			continue
		}
		ns.add("", fmt.Sprintf("AI %s (%s): %s", k, gs1Name(k), v))
	}
	if len(extra) > 0 {
		f["extra"] = strings.Join(extra, "&")
	}
	return f, true
}

// names is a small table of codes and their names.
type names []struct{ code, name string }

// of returns the name of code, or "".
func (ns names) of(code string) string {
	for _, n := range ns {
		if n.code == code {
			return n.name
		}
	}
	return ""
}
