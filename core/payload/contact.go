package payload

import (
	"slices"
	"strings"
)

// Contact cards: vcard and mecard (docs/payloads.md §2.4, 2.5).

func init() { register(vcardKind, mecardKind) }

// The fields vcard and mecard share, under the names both builders read.
var (
	cardFirst = Field{Name: "fn", Label: "First name", Format: FormatText, Example: "Jane"}
	cardLast  = Field{Name: "ln", Label: "Last name", Format: FormatText, Example: "Doe"}
	cardEmail = Field{Name: "email", Label: "E-mail", Format: FormatEmail, Example: "jane@example.com"}
	cardURL   = Field{Name: "url", Label: "Website", Format: FormatURL, Example: "https://example.com"}
)

// fn and ln are first and last name (docs/payloads.md §2.4); FN is "fn ln".
// A card with only org is allowed, for companies: its FN is the org.
// ADR uses TYPE=WORK in 3.0 and TYPE=work in 4.0, like TEL.
var vcardKind = &Kind{
	Name:  "vcard",
	Title: "Contact card (vCard)",
	Help:  "Adds a contact to the address book.",
	Fields: []Field{
		cardFirst,
		cardLast,
		{Name: "org", Label: "Organisation", Format: FormatText, Example: "Acme, Inc."},
		{Name: "title", Label: "Job title", Format: FormatText, Example: "CTO"},
		{Name: "phone", Label: "Mobile phone", Format: FormatPhone, Example: "+41446681800"},
		{Name: "phone2", Label: "Work phone", Format: FormatPhone, Example: "+41446681801"},
		cardEmail,
		cardURL,
		{Name: "street", Label: "Street", Format: FormatText, Example: "Bahnhofstrasse 1"},
		{Name: "city", Label: "City", Format: FormatText, Example: "Zürich"},
		{Name: "region", Label: "Region", Format: FormatText, Example: "ZH"},
		{Name: "zip", Label: "Postal code", Format: FormatText, Example: "8001"},
		{Name: "country", Label: "Country", Format: FormatText, Example: "Switzerland"},
		{Name: "note", Label: "Note", Format: FormatLongText, Example: "Met at QR-Conf; bring slides"},
		{Name: "version", Label: "vCard version", Format: FormatEnum, Enum: []string{"3.0", "4.0"}, Example: "3.0",
			Help: "3.0 (default) is read by the most phones."},
	},
	AnyOf: [][]string{{"fn"}, {"ln"}, {"org"}},
	Build: buildVCard,
}

var mecardKind = &Kind{
	Name:  "mecard",
	Title: "Contact card (MECARD)",
	Help:  "Adds a contact to the address book, in the compact DoCoMo MECARD format.",
	Fields: []Field{
		cardFirst,
		cardLast,
		{Name: "phone", Label: "Phone", Format: FormatPhone, Example: "+41446681800"},
		cardEmail,
		cardURL,
		{Name: "note", Label: "Note", Format: FormatLongText, Example: "Desk 4; ring twice"},
	},
	AnyOf: [][]string{{"fn"}, {"ln"}},
	Build: buildMecard,
}

// cardPhone checks a phone value of a contact card: digits with the
// visual characters + space ( ) - . allowed, kept as written.
func cardPhone(s string) (string, bool) {
	s = strings.TrimSpace(s)
	_, ok := dialNumber(s)
	return s, ok && strings.Trim(s, "+0123456789 ()-.") == ""
}

// contactChecks validates the fields vcard and mecard share and returns
// the url normalised.
func contactChecks(kind string, f Fields, phones ...string) (link string, err error) {
	for _, p := range phones {
		if f[p] != "" {
			if _, ok := cardPhone(f[p]); !ok {
				return "", fieldError(kind, p, "must be a phone number: digits with + space ( ) - . only")
			}
		}
	}
	if e := strings.TrimSpace(f["email"]); e != "" && !isAddrSpec(e) {
		return "", fieldError(kind, "email", "must be an e-mail address")
	}
	if f["url"] != "" {
		if link, err = webLink(f["url"]); err != nil {
			return "", fieldErr(kind, "url", err)
		}
	}
	return link, nil
}

func buildVCard(f Fields) (string, error) {
	fn, ln, org := strings.TrimSpace(f["fn"]), strings.TrimSpace(f["ln"]), strings.TrimSpace(f["org"])
	if fn == "" && ln == "" && org == "" {
		return "", fieldError("vcard", "fn", "is required, or ln (or org for a company card)")
	}
	v4 := false
	switch strings.TrimSpace(f["version"]) {
	case "", "3.0":
	case "4.0":
		v4 = true
	default:
		return "", fieldError("vcard", "version", "must be 3.0 or 4.0")
	}
	link, err := contactChecks("vcard", f, "phone", "phone2")
	if err != nil {
		return "", err
	}
	types := [3]string{"TEL;TYPE=CELL:", "TEL;TYPE=WORK,VOICE:", "EMAIL;TYPE=INTERNET:"}
	adr, version := "ADR;TYPE=WORK:", "3.0"
	if v4 {
		types = [3]string{"TEL;TYPE=cell:", "TEL;TYPE=work,voice:", "EMAIL:"}
		adr, version = "ADR;TYPE=work:", "4.0"
	}
	formatted := strings.TrimSpace(fn + " " + ln)
	if formatted == "" {
		formatted = org
	}
	var w contentLines
	w.line("BEGIN:VCARD")
	w.line("VERSION:" + version)
	w.line("N:" + icalEscape(ln) + ";" + icalEscape(fn) + ";;;")
	w.line("FN:" + icalEscape(formatted))
	if org != "" {
		w.line("ORG:" + icalEscape(org))
	}
	if v := strings.TrimSpace(f["title"]); v != "" {
		w.line("TITLE:" + icalEscape(v))
	}
	for i, name := range []string{"phone", "phone2"} {
		if v, _ := cardPhone(f[name]); v != "" {
			w.line(types[i] + v)
		}
	}
	if v := strings.TrimSpace(f["email"]); v != "" {
		w.line(types[2] + v)
	}
	if link != "" {
		w.line("URL:" + link)
	}
	parts := []string{"", ""}
	hasAdr := false
	for _, name := range []string{"street", "city", "region", "zip", "country"} {
		v := strings.TrimSpace(f[name])
		hasAdr = hasAdr || v != ""
		parts = append(parts, icalEscape(v))
	}
	if hasAdr {
		w.line(adr + strings.Join(parts, ";"))
	}
	if v := f["note"]; v != "" {
		w.line("NOTE:" + icalEscape(v))
	}
	w.line("END:VCARD")
	return w.String(), nil
}

// contentLine splits "group.NAME;PARAM=x:value" into the upper-case name,
// the parameters and the value.
func contentLine(line string) (name, params, value string) {
	head, value, ok := strings.Cut(line, ":")
	if !ok {
		return "", "", ""
	}
	name, params, _ = strings.Cut(head, ";")
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	return strings.ToUpper(name), params, value
}

// parseVCard reads the properties the vcard kind has. A TEL typed WORK
// fills phone2, any other the first free of phone and phone2. Versions
// other than 3.0 and 4.0 read as 3.0; quoted-printable 2.1 values are not
// decoded.
func parseVCard(s string, ns *notes) (Fields, bool) {
	lines := contentSplit(strings.TrimLeft(s, "\ufeff \t\r\n"))
	if len(lines) == 0 || !strings.EqualFold(lines[0], "BEGIN:VCARD") {
		return nil, false
	}
	f := Fields{}
	first := func(name, v string) {
		if f[name] == "" {
			f[name] = v
		}
	}
	var formatted string
	closed := false
lines:
	for _, line := range lines[1:] {
		name, params, value := contentLine(line)
		switch name {
		case "END":
			if strings.EqualFold(value, "VCARD") {
				closed = true
				break lines
			}
		case "VERSION":
			if value == "4.0" {
				f["version"] = "4.0"
			}
		case "N":
			if f["fn"] == "" && f["ln"] == "" {
				f["fn"], f["ln"] = vcardName(value, ns)
			}
		case "FN":
			formatted = icalUnescape(value)
		case "ORG", "TITLE", "NOTE":
			first(strings.ToLower(name), icalUnescape(value))
		case "EMAIL":
			first("email", value)
		case "URL":
			first("url", icalUnescape(value))
		case "TEL":
			if len(value) >= 4 && strings.EqualFold(value[:4], "tel:") {
				value = value[4:]
			}
			p := strings.ToUpper(params)
			if strings.Contains(p, "WORK") && !strings.Contains(p, "CELL") {
				first("phone2", value)
			} else if f["phone"] == "" {
				f["phone"] = value
			} else {
				first("phone2", value)
			}
		case "ADR":
			c := splitEscaped(value, ';')
			for i, field := range []string{"street", "city", "region", "zip", "country"} {
				if i+2 < len(c) {
					first(field, icalUnescape(c[i+2]))
				}
			}
		}
	}
	if !closed {
		return nil, false
	}
	if f["fn"] == "" && f["ln"] == "" && formatted != "" && formatted != f["org"] {
		f["fn"] = formatted
	}
	return f, true
}

// vcardName reads an N value (family; given; additional; prefixes;
// suffixes) into first and last name. The vcard kind writes only family
// and given, so prefixes and middle names go before the given name and
// suffixes after the family name: the name Build then writes in FN is the
// one ZXing shows for a card without FN, "prefix given additional family
// suffix" (docs/payloads.md §2.4, N:Doe;Jane;;Dr.; reads "Dr. Jane Doe").
func vcardName(value string, ns *notes) (fn, ln string) {
	c := make([]string, 5)
	for i, v := range splitEscaped(value, ';') {
		if i < len(c) {
			c[i] = strings.TrimSpace(icalUnescape(v))
		}
	}
	join := func(parts ...string) string {
		return strings.Join(slices.DeleteFunc(parts, func(s string) bool { return s == "" }), " ")
	}
	if c[2] != "" || c[3] != "" {
		ns.add("fn", "N's prefix and middle names are read into the first name: "+join(c[3], c[1], c[2]))
	}
	if c[4] != "" {
		ns.add("ln", "N's suffix is read into the last name: "+join(c[0], c[4]))
	}
	return join(c[3], c[1], c[2]), join(c[0], c[4])
}

// buildMecard strips commas from the name parts: ZXing swaps "Last,First"
// at the first comma after unescaping, so an escaped comma in a name would
// still break the name apart (docs/payloads.md §2.5).
func buildMecard(f Fields) (string, error) {
	noComma := func(s string) string { return strings.TrimSpace(strings.ReplaceAll(s, ",", "")) }
	fn, ln := noComma(f["fn"]), noComma(f["ln"])
	if fn == "" && ln == "" {
		return "", fieldError("mecard", "fn", "is required, or ln")
	}
	link, err := contactChecks("mecard", f) // phone is checked below, by DoCoMo's rule
	if err != nil {
		return "", err
	}
	name := meEscape(ln) + "," + meEscape(fn)
	if fn == "" || ln == "" {
		name = meEscape(ln + fn)
	}
	s := "MECARD:N:" + name + ";"
	if f["phone"] != "" {
		// DoCoMo phones take 1 to 24 digits in TEL, so separators go.
		n, _ := dialNumber(f["phone"])
		if d := strings.TrimPrefix(n, "+"); len(d) > 24 || !numeric(d) {
			return "", fieldError("mecard", "phone", "must be a phone number of 1 to 24 digits, optionally with a leading +")
		}
		s += "TEL:" + n + ";"
	}
	if v := strings.TrimSpace(f["email"]); v != "" {
		s += "EMAIL:" + meEscape(v) + ";"
	}
	if link != "" {
		s += "URL:" + meEscape(link) + ";"
	}
	if v := f["note"]; v != "" {
		s += "NOTE:" + meEscape(v) + ";"
	}
	return s + ";", nil
}

// parseMecard needs N:, as ZXing does. A name without a comma is read as
// the first name; segno's MEMO: is read as the note.
func parseMecard(s string, ns *notes) (Fields, bool) {
	body, ok := strings.CutPrefix(s, "MECARD:")
	if !ok {
		return nil, false
	}
	f := Fields{}
	var memo string
	keys, vals := meSplit(body)
	for i, k := range keys {
		v := vals[i]
		switch k {
		case "N":
			if _, seen := f["fn"]; seen {
				continue
			}
			parts := splitEscaped(v, ',')
			if len(parts) == 1 {
				f["fn"], f["ln"] = meUnescape(v), ""
			} else {
				f["ln"], f["fn"] = meUnescape(parts[0]), meUnescape(strings.Join(parts[1:], ","))
			}
		case "TEL", "EMAIL", "URL", "NOTE":
			name := map[string]string{"TEL": "phone", "EMAIL": "email", "URL": "url", "NOTE": "note"}[k]
			if f[name] == "" {
				f[name] = meUnescape(v)
			}
		case "MEMO":
			memo = meUnescape(v)
		}
	}
	if _, seen := f["fn"]; !seen {
		return nil, false
	}
	if f["note"] == "" && memo != "" {
		f["note"] = memo
		ns.add("note", "MEMO: is read as the note; the mecard kind writes NOTE:, which ZXing reads and MEMO: it ignores")
	}
	return f, true
}
