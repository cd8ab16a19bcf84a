package payload

// EMV merchant-presented QR codes: pix (docs/payloads.md §2.35), promptpay
// (§2.36), paynow (§2.37), and the checks of the fields every EMV kind
// shares. Package emv writes and reads the codes themselves.

import (
	"fmt"
	"strings"

	"qrkeyless/core/checksum"
	"qrkeyless/core/emv"
)

func init() { register(pixKind, promptpayKind, paynowKind) }

var pixKind = &Kind{
	Name:  "pix",
	Title: "Pix payment (Brazil)",
	Help:  "A static Pix BR Code: Brazilian banking apps pay the key, the amount filled in if given.",
	Fields: []Field{
		{Name: "key", Label: "Pix key", Help: "CPF, CNPJ, e-mail, phone (+55…) or random key (UUID).", Required: true, Format: FormatText, Example: "123e4567-e12b-12d1-a456-426655440000"},
		{Name: "name", Label: "Recipient name", Help: "Up to 25 characters; accents are dropped.", Required: true, Format: FormatText, Example: "Fulano de Tal"},
		{Name: "city", Label: "Recipient city", Help: "Up to 15 characters; accents are dropped.", Required: true, Format: FormatText, Example: "BRASILIA"},
		{Name: "amount", Label: "Amount (BRL)", Help: "Leave empty to let the payer type it.", Format: FormatDecimal, Example: "25.90"},
		{Name: "txid", Label: "Transaction id", Help: "Up to 25 letters and digits.", Format: FormatText, Example: "PEDIDO42"},
		{Name: "description", Label: "Description", Help: "Shown to the payer.", Format: FormatText, Example: "Pedido 42"},
	},
	Build:  buildPix,
	strict: true,
}

var promptpayKind = &Kind{
	Name:  "promptpay",
	Title: "PromptPay payment (Thailand)",
	Help:  "A Thai QR Payment code: Thai banking apps pay the PromptPay id, the amount filled in if given.",
	Fields: []Field{
		{Name: "target", Label: "PromptPay id", Help: "Mobile number (0…), 13-digit national or tax id, or 15-digit e-wallet id.", Required: true, Format: FormatText, Example: "0801111111"},
		{Name: "amount", Label: "Amount (THB)", Help: "Leave empty to let the payer type it.", Format: FormatDecimal, Example: "20.15"},
	},
	Build:  buildPromptPay,
	strict: true,
}

var paynowKind = &Kind{
	Name:  "paynow",
	Title: "PayNow payment (Singapore)",
	Help:  "An SGQR PayNow code: Singapore banking apps pay the mobile number or UEN.",
	Fields: []Field{
		{Name: "proxytype", Label: "Pay to", Help: "mobile for a phone number, uen for a business.", Required: true, Format: FormatEnum, Enum: []string{"mobile", "uen"},
			Choices: []string{"Mobile number", "UEN (business)"}, Example: "uen"},
		{Name: "proxy", Label: "Mobile number or UEN", Help: "+65 and 8 digits, or the UEN.", Required: true, Format: FormatText, Example: "201403121W"},
		{Name: "amount", Label: "Amount (SGD)", Help: "Leave empty to let the payer type it.", Format: FormatDecimal, Example: "12.50"},
		{Name: "editable", Label: "Amount editable", Help: "The payer may change the amount; always so when there is no amount.", Format: FormatBool, Example: "false"},
		{Name: "expiry", Label: "Expiry date", Format: FormatDate, Example: "2025-12-31"},
		{Name: "reference", Label: "Bill reference", Help: "Up to 25 characters.", Format: FormatText, Example: "INV-1001"},
		{Name: "name", Label: "Merchant name", Help: "Up to 25 characters; NA when empty.", Format: FormatText, Example: "ACME PTE LTD"},
	},
	Build:  buildPayNow,
	strict: true,
}

// emvParse reads a merchant-presented payload a scheme's app pays: EMVCo's
// format 01 and a CRC that matches.
func emvParse(text string) (emv.Tags, bool) {
	m, crcOK, ok := emv.Parse(text)
	return m, ok && crcOK && strings.HasPrefix(text, "000201")
}

// emvNotes is emv.Describe as notes: what decode says of any EMV code,
// whichever kind reads it (or none).
func emvNotes(text string) []Note {
	var out []Note
	for _, r := range emv.Describe(text) {
		out = append(out, Note{Reason: r})
	}
	return out
}

// tlv is the data object tag holding value.
func tlv(tag, value string) emv.Object { return emv.Object{Tag: tag, Value: value} }

// initiation is the point of initiation of a code for one payment
// (dynamic) or for any number.
func initiation(dynamic bool) string {
	if dynamic {
		return emv.Dynamic
	}
	return emv.Static
}

// emvText folds accents and checks s is printable ASCII of at most max
// characters, so the TLV length equals the bytes (docs/payloads.md §2.35).
func emvText(kind, field, s string, max int) (string, error) {
	s = foldLatin(s)
	if !isPrintableASCII(s) {
		return "", fieldError(kind, field, "use Latin letters, digits and punctuation only")
	}
	if len(s) > max {
		return "", fieldErr(kind, field, tooLong(s, max, len(s)))
	}
	return s, nil
}

// emvAmount checks a tag 54 amount and writes it with 2 decimals (at most 13 characters).
func emvAmount(kind, s string) (string, error) {
	w, fr, err := decimal(s, 10, 2)
	if err != nil {
		return "", fieldErr(kind, "amount", err)
	}
	return fixed(w, fr, 2), nil
}

// currencies are the ISO 4217 letter codes of the schemes' regions, and a
// few others, with the numeric codes tag 53 holds and their decimals. (The
// small tables here are slices, not maps: a map literal costs the
// editor's WebAssembly code to build, a slice is data.)
var currencies = []struct {
	code, num string
	frac      int
}{
	{"AUD", "036", 2}, {"BRL", "986", 2}, {"CAD", "124", 2}, {"CHF", "756", 2}, {"CNY", "156", 2},
	{"EUR", "978", 2}, {"GBP", "826", 2}, {"HKD", "344", 2}, {"IDR", "360", 0}, {"INR", "356", 2},
	{"JPY", "392", 0}, {"KHR", "116", 0}, {"KRW", "410", 0}, {"LAK", "418", 0}, {"MMK", "104", 0},
	{"MYR", "458", 2}, {"PHP", "608", 2}, {"SGD", "702", 2}, {"THB", "764", 2}, {"USD", "840", 2},
	{"VND", "704", 0},
}

// currencyCode reads an ISO 4217 code, letters or digits, as its numeric
// code and the decimals an amount in it may have (2 for a numeric code
// the table lacks).
func currencyCode(kind, s string) (num string, frac int, err error) {
	s = strings.ToUpper(s)
	for _, c := range currencies {
		if c.code == s || c.num == s {
			return c.num, c.frac, nil
		}
	}
	if len(s) == 3 && isDigits(s) {
		return s, 2, nil
	}
	return "", 0, fieldError(kind, "currency", "currency must be an ISO 4217 code: 3 digits (704) or letters (VND)")
}

// merchantAmount checks an amount for tag 54 with at most frac decimals,
// written as given (no padding: 50000 stays 50000), at most 13 characters.
func merchantAmount(kind, field, s string, frac int) (string, error) {
	w, f, err := decimal(s, 12-frac, frac)
	if err != nil {
		return "", fieldErr(kind, field, err)
	}
	out := plain(w, f)
	if len(out) > 13 {
		return "", fieldError(kind, field, "amount must be at most 13 characters")
	}
	return out, nil
}

// merchantText checks an optional text field: printable ASCII after
// accents are folded, at most max characters.
func merchantText(kind string, f Fields, field string, max int) (string, error) {
	s := fv(f, field)
	if s == "" {
		return "", nil
	}
	return emvText(kind, field, s, max)
}

// mcc checks a merchant category code: 4 digits, 0000 when def is and the
// field is empty.
func mcc(kind string, f Fields, def string) (string, error) {
	s := fv(f, "mcc")
	if s == "" {
		s = def
	}
	if len(s) != 4 || !isDigits(s) {
		return "", fieldError(kind, "mcc", "merchant category code must be 4 digits (ISO 18245), e.g. 5812 for restaurants")
	}
	return s, nil
}

// flagOr is flag with def for an empty field.
func flagOr(kind string, f Fields, field string, def bool) (bool, error) {
	if fv(f, field) == "" {
		return def, nil
	}
	return flag(kind, f, field)
}

// nameCity reads tags 59 and 60, which every scheme here requires:
// printable ASCII after accents are folded, at most 25 and 15 characters.
func nameCity(kind string, f Fields, m *emv.Merchant) error {
	var err error
	if m.Name, err = emvText(kind, "name", fv(f, "name"), 25); err != nil || m.Name == "" {
		return orRequired(kind, "name", "merchant name", err)
	}
	if m.City, err = emvText(kind, "city", fv(f, "city"), 15); err != nil || m.City == "" {
		return orRequired(kind, "city", "merchant city", err)
	}
	return nil
}

// orRequired is err, or the error of a required field left empty.
func orRequired(kind, field, what string, err error) error {
	if err != nil {
		return err
	}
	return fieldError(kind, field, what+" is required")
}

// pixKey checks a Pix key and returns it in the form the DICT directory
// holds: CPF and CNPJ as bare digits (punctuation removed, check digits
// verified; CNPJ may be the alphanumeric form Brazil introduces in 2026),
// e-mail and random keys in lower case, phone as +55 and digits.
func pixKey(s string) (string, error) {
	switch {
	case strings.Contains(s, "@"):
		s = strings.ToLower(s)
		local, domain, _ := strings.Cut(s, "@")
		if len(s) > 77 || local == "" || !strings.Contains(domain, ".") || !isPrintableASCII(s) || strings.ContainsAny(s, " ") {
			return "", fmt.Errorf("not a valid e-mail key (at most 77 characters)")
		}
		return s, nil
	case strings.HasPrefix(s, "+"):
		s = strings.NewReplacer(" ", "", "-", "", "(", "", ")", "").Replace(s)
		if !strings.HasPrefix(s, "+55") || len(s) < 13 || len(s) > 14 || !isDigits(s[1:]) {
			return "", fmt.Errorf("a phone key is +55, the area code and the number")
		}
		return s, nil
	case len(s) == 36 && strings.Count(s, "-") == 4 && s[8] == '-' && s[13] == '-' && s[18] == '-' && s[23] == '-' && isHex(strings.ReplaceAll(s, "-", "")):
		return strings.ToLower(s), nil
	}
	d := strings.ToUpper(strings.NewReplacer(".", "", "-", "", "/", "", " ", "").Replace(s))
	switch {
	case len(d) == 11 && isDigits(d):
		if !checksum.CPF(d) {
			return "", fmt.Errorf("CPF check digits do not match")
		}
		return d, nil
	case len(d) == 14 && isUpperAlnum(d[:12]) && isDigits(d[12:]):
		if !checksum.CNPJ(d) {
			return "", fmt.Errorf("CNPJ check digits do not match")
		}
		return d, nil
	}
	return "", fmt.Errorf("not a Pix key: a CPF, CNPJ, e-mail, +55 phone number or random key")
}

// buildPix writes a static BR Code. Name and city lose their accents, since
// the TLV lengths must count bytes. An empty txid is written *** ("none"),
// as the BCB manual asks.
func buildPix(f Fields) (string, error) {
	const kind = "pix"
	if fv(f, "key") == "" {
		return "", fieldError(kind, "key", "Pix key is required")
	}
	key, err := pixKey(fv(f, "key"))
	if err != nil {
		return "", fieldErr(kind, "key", err)
	}
	if fv(f, "name") == "" {
		return "", fieldError(kind, "name", "recipient name is required")
	}
	m := emv.Merchant{Category: "0000", Currency: "986", Country: "BR"}
	if m.Name, err = emvText(kind, "name", fv(f, "name"), 25); err != nil {
		return "", err
	}
	if fv(f, "city") == "" {
		return "", fieldError(kind, "city", "recipient city is required")
	}
	if m.City, err = emvText(kind, "city", fv(f, "city"), 15); err != nil {
		return "", err
	}
	account := []emv.Object{tlv("00", "br.gov.bcb.pix"), tlv("01", key)}
	if s := fv(f, "description"); s != "" {
		desc, err := emvText(kind, "description", s, 99)
		if err != nil {
			return "", err
		}
		account = append(account, tlv("02", desc))
		if n := len(emv.Write(account...)); n > 99 {
			return "", fieldError(kind, "description", fmt.Sprintf("key and description together are %d characters; shorten the description to fit 99", n))
		}
	}
	m.Accounts = []emv.Object{tlv("26", emv.Write(account...))}
	if s := fv(f, "amount"); s != "" {
		if m.Amount, err = emvAmount(kind, s); err != nil {
			return "", err
		}
	}
	txid := fv(f, "txid")
	if txid == "***" {
		txid = ""
	}
	if len(txid) > 25 || !isAlnum(txid) {
		return "", fieldError(kind, "txid", "transaction id must be up to 25 letters and digits")
	}
	if txid == "" {
		txid = "***"
	}
	m.Additional = []emv.Object{tlv("05", txid)}
	return m.Payload(), nil
}

// parsePix reads a static BR Code. A dynamic one (a URL in sub-tag 25
// instead of a key) is not this kind: it has no key to show.
func parsePix(text string, _ *notes) (Fields, bool) {
	m, ok := emvParse(text)
	if !ok || m["58"] != "BR" || m["53"] != "986" {
		return nil, false
	}
	acc, ok := m.Account("br.gov.bcb.pix")
	if !ok {
		return nil, false
	}
	f := Fields{"key": acc["01"], "description": acc["02"], "name": m["59"], "city": m["60"], "amount": m["54"]}
	if add, ok := m.Sub("62"); ok && add["05"] != "***" {
		f["txid"] = add["05"]
	}
	return f, true
}

// promptPayID returns the sub-tag and value of a PromptPay id: a mobile
// number (0… or +66…) becomes 0066 and the number without its 0, 13
// digits; a 13-digit national or tax id and a 15-digit e-wallet id stay.
func promptPayID(s string) (tag, id string, ok bool) {
	s = strings.NewReplacer("-", "", " ", "").Replace(s)
	if strings.HasPrefix(s, "+66") {
		s = "0" + s[3:]
	}
	switch {
	case !isDigits(s):
		return "", "", false
	case len(s) == 10 && s[0] == '0':
		return "01", "0066" + s[1:], true
	case len(s) == 13:
		return "02", s, true
	case len(s) == 15:
		return "03", s, true
	}
	return "", "", false
}

// buildPromptPay writes a Thai QR Payment code. Point of initiation is 11
// (static) without an amount and 12 with one, the convention of
// dtinth/promptpay-qr that banking apps expect.
func buildPromptPay(f Fields) (string, error) {
	const kind = "promptpay"
	if fv(f, "target") == "" {
		return "", fieldError(kind, "target", "PromptPay id is required")
	}
	tag, id, ok := promptPayID(fv(f, "target"))
	if !ok {
		return "", fieldError(kind, "target", "not a PromptPay id: a mobile number 0XXXXXXXXX, a 13-digit national or tax id, or a 15-digit e-wallet id")
	}
	m := emv.Merchant{Initiation: emv.Static, Accounts: []emv.Object{tlv("29", emv.Write(tlv("00", "A000000677010111"), tlv(tag, id)))},
		Currency: "764", Country: "TH"}
	if s := fv(f, "amount"); s != "" {
		a, err := emvAmount(kind, s)
		if err != nil {
			return "", err
		}
		// After the country, as dtinth/promptpay-qr writes it.
		m.Initiation, m.Extra = emv.Dynamic, []emv.Object{tlv("54", a)}
	}
	return m.Payload(), nil
}

// parsePromptPay reads a PromptPay credit-transfer code (AID
// A000000677010111); bill payments (tag 30) are not this kind.
func parsePromptPay(text string, _ *notes) (Fields, bool) {
	m, ok := emvParse(text)
	if !ok || m["53"] != "764" {
		return nil, false
	}
	acc, ok := m.Sub("29")
	if !ok || acc["00"] != "A000000677010111" {
		return nil, false
	}
	target := acc["01"]
	switch {
	case target != "":
		if len(target) != 13 || !strings.HasPrefix(target, "0066") {
			return nil, false
		}
		target = "0" + target[4:]
	case acc["02"] != "":
		target = acc["02"]
	default:
		target = acc["03"]
	}
	return Fields{"target": target, "amount": m["54"]}, true
}

// buildPayNow writes an SGQR PayNow code. editable defaults to true without
// an amount (the payer must be able to type one) and false with one, which
// reproduces docs/payloads.md's example; name defaults to NA.
func buildPayNow(f Fields) (string, error) {
	const kind = "paynow"
	var ptype string
	switch strings.ToLower(fv(f, "proxytype")) {
	case "mobile":
		ptype = "0"
	case "uen":
		ptype = "2"
	case "":
		return "", fieldError(kind, "proxytype", "proxy type is required: mobile or uen")
	default:
		return "", fieldError(kind, "proxytype", "proxy type must be mobile or uen")
	}
	proxy := strings.ToUpper(strings.NewReplacer(" ", "", "-", "").Replace(fv(f, "proxy")))
	switch {
	case proxy == "":
		return "", fieldError(kind, "proxy", "mobile number or UEN is required")
	case ptype == "0":
		if len(proxy) == 8 && isDigits(proxy) {
			proxy = "+65" + proxy
		}
		if len(proxy) != 11 || !strings.HasPrefix(proxy, "+65") || !isDigits(proxy[1:]) {
			return "", fieldError(kind, "proxy", "a PayNow mobile number is +65 and 8 digits")
		}
	case len(proxy) < 9 || len(proxy) > 10 || !isUpperAlnum(proxy) || !isUpper(proxy[len(proxy)-1:]):
		return "", fieldError(kind, "proxy", "a UEN is 9 or 10 letters and digits ending in a letter, e.g. 201403121W")
	}
	m := emv.Merchant{Category: "0000", Currency: "702", Country: "SG", Name: "NA", City: "Singapore"}
	if s := fv(f, "amount"); s != "" {
		var err error
		if m.Amount, err = emvAmount(kind, s); err != nil {
			return "", err
		}
	}
	m.Initiation = initiation(m.Amount != "")
	editable := m.Amount == ""
	if s := fv(f, "editable"); s != "" {
		var ok bool
		if editable, ok = ParseBool(s); !ok {
			return "", fieldError(kind, "editable", "editable must be true or false")
		}
	}
	account := []emv.Object{tlv("00", "SG.PAYNOW"), tlv("01", ptype), tlv("02", proxy), tlv("03", "0")}
	if editable {
		account[3].Value = "1"
	}
	if s := fv(f, "expiry"); s != "" {
		y, mo, d, ok := isoDate(s)
		if !ok {
			return "", fieldError(kind, "expiry", "expiry must be a date, YYYY-MM-DD")
		}
		account = append(account, tlv("04", y+mo+d))
	}
	m.Accounts = []emv.Object{tlv("26", emv.Write(account...))}
	if s := fv(f, "name"); s != "" {
		var err error
		if m.Name, err = emvText(kind, "name", s, 25); err != nil {
			return "", err
		}
	}
	if s := fv(f, "reference"); s != "" {
		ref, err := emvText(kind, "reference", s, 25)
		if err != nil {
			return "", err
		}
		m.Additional = []emv.Object{tlv("01", ref)}
	}
	return m.Payload(), nil
}

// parsePayNow reads a PayNow code, also from an SGQR that carries other
// schemes' templates beside it. editable is given only where it differs
// from the default, and name only when it is not NA.
func parsePayNow(text string, _ *notes) (Fields, bool) {
	m, ok := emvParse(text)
	if !ok || m["53"] != "702" {
		return nil, false
	}
	acc, ok := m.Account("SG.PAYNOW")
	if !ok {
		return nil, false
	}
	f := Fields{"proxy": acc["02"], "amount": m["54"]}
	switch acc["01"] {
	case "0":
		f["proxytype"] = "mobile"
	case "2":
		f["proxytype"] = "uen"
	default:
		return nil, false
	}
	switch editable := acc["03"]; {
	case editable == "1" && m["54"] != "":
		f["editable"] = "true"
	case editable == "0" && m["54"] == "":
		f["editable"] = "false"
	}
	if e := acc["04"]; len(e) == 8 {
		f["expiry"] = e[:4] + "-" + e[4:6] + "-" + e[6:]
	} else if e != "" {
		return nil, false
	}
	if m["59"] != "NA" {
		f["name"] = m["59"]
	}
	if add, ok := m.Sub("62"); ok {
		f["reference"] = add["01"]
	}
	return f, true
}
