package payload

// Payment links: upi (docs/payloads.md §2.22), paypal (§2.23), bezahlcode (§2.24).

import (
	"net/url"
	"strings"
	"unicode/utf8"

	"qrkeyless/core/checksum"
)

func init() { register(upiKind, paypalKind, bezahlcodeKind) }

var upiKind = &Kind{
	Name:  "upi",
	Title: "UPI payment",
	Help:  "Opens a UPI app in India with the payee, and the amount if given, filled in.",
	Fields: []Field{
		{Name: "pa", Label: "UPI ID", Help: "The payee's virtual payment address, name@bank.", Required: true, Format: FormatText, Example: "acmestore@okhdfcbank"},
		{Name: "pn", Label: "Payee name", Help: "Shown to the payer; keep it under about 50 characters.", Required: true, Format: FormatText, Example: "Acme Store"},
		{Name: "am", Label: "Amount (INR)", Help: "Fixed amount in rupees; leave empty to let the payer type it.", Format: FormatDecimal, Example: "149.50"},
		{Name: "cu", Label: "Currency", Help: "UPI pays in rupees only.", Format: FormatEnum, Enum: []string{"INR"}, Example: "INR"},
		{Name: "tn", Label: "Note", Help: "Shown to the payer; apps cut it after about 50 characters.", Format: FormatText, Example: "Order A1023"},
		{Name: "tr", Label: "Transaction reference", Help: "Order or invoice number, up to 35 letters and digits; merchants need it.", Format: FormatText, Example: "A1023"},
		{Name: "mc", Label: "Merchant category code", Help: "Four-digit MCC (ISO 18245); merchants need it.", Format: FormatText, Example: "5411"},
		{Name: "tid", Label: "Transaction ID", Help: "Transaction id from the payee's PSP, up to 35 characters.", Format: FormatText, Example: "TXN0001"},
		{Name: "mam", Label: "Minimum amount", Help: "The least the payer may pay, in rupees.", Format: FormatDecimal, Example: "100.00"},
		{Name: "url", Label: "Details link", Help: "An https link to the order or bill.", Format: FormatURL, Example: "https://example.com/orders/A1023"},
	},
	Build:  buildUPI,
	strict: true,
}

var paypalKind = &Kind{
	Name:  "paypal",
	Title: "PayPal.Me link",
	Help:  "Opens PayPal to send money to a PayPal.Me user, the amount filled in if given.",
	Fields: []Field{
		{Name: "username", Label: "PayPal.Me name", Help: "The name after paypal.me/, up to 20 letters and digits.", Required: true, Format: FormatText, Example: "janedoe"},
		{Name: "amount", Label: "Amount", Help: "Leave empty to let the payer type it.", Format: FormatDecimal, Example: "12.50"},
		{Name: "currency", Label: "Currency", Help: "ISO 4217 code; without it PayPal uses the recipient's currency.", Format: FormatText, Example: "EUR"},
	},
	Build:    buildPayPal,
	strict:   true,
	Priority: PriorityLink,
}

var bezahlcodeKind = &Kind{
	Name:  "bezahlcode",
	Title: "BezahlCode transfer",
	Help:  "Fills in a SEPA transfer in the few German banking apps that still read BezahlCode; prefer epc.",
	Fields: []Field{
		sepaHolder("Recipient", "Max Mustermann"),
		sepaIBAN("DE89370400440532013000"),
		{Name: "bic", Label: "BIC", Format: FormatText, Example: "COBADEFFXXX"},
		{Name: "amount", Label: "Amount", Help: "Written with a decimal comma in the code.", Format: FormatDecimal, Example: "12.50"},
		{Name: "reason", Label: "Payment reference", Help: "Up to 140 characters.", Format: FormatText, Example: "Rechnung 42"},
		{Name: "currency", Label: "Currency", Help: "ISO 4217 code, EUR when empty.", Format: FormatText, Example: "EUR"},
	},
	Build:  buildBezahlCode,
	strict: true,
}

// fv is the named field with surrounding spaces removed.
func fv(f Fields, name string) string { return strings.TrimSpace(f[name]) }

// uriQuery splits a URI query into its parameters, percent-decoded with a
// '+' kept literal (RFC 3986; wallets read it that way). ok is false on a bad
// escape, a value that is not UTF-8, or a name given twice.
func uriQuery(q string) (map[string]string, bool) {
	m := map[string]string{}
	for _, p := range strings.Split(q, "&") {
		if p == "" {
			continue
		}
		k, v, _ := strings.Cut(p, "=")
		val, err := url.PathUnescape(v)
		if err != nil || !utf8.ValidString(val) {
			return nil, false
		}
		if _, dup := m[k]; dup {
			return nil, false
		}
		m[k] = val
	}
	return m, true
}

// isVPA matches a UPI virtual payment address, ^[A-Za-z0-9.\-_]{2,256}@[A-Za-z]{2,64}$.
func isVPA(s string) bool {
	user, bank, ok := strings.Cut(s, "@")
	if !ok || len(user) < 2 || len(user) > 256 || len(bank) < 2 || len(bank) > 64 {
		return false
	}
	return isAlnum(strings.NewReplacer(".", "", "-", "", "_", "").Replace(user)) && isAlnum(bank) && !strings.ContainsAny(bank, "0123456789")
}

// cmpAmount compares two amounts written by fixed with the same decimals.
func cmpAmount(a, b string) int {
	if len(a) != len(b) {
		return len(a) - len(b)
	}
	return strings.Compare(a, b)
}

// buildUPI writes an NPCI UPI deep link. The order is the one of docs/payloads.md:
// pa pn am mam cu tn tr mc tid url, empty parameters left out. pa keeps its
// raw @ as NPCI's samples do (ZXing then reads the code as text, not a URI);
// cu=INR is always written, as UPI apps expect it.
func buildUPI(f Fields) (string, error) {
	const kind = "upi"
	pa, pn := fv(f, "pa"), fv(f, "pn")
	switch {
	case pa == "":
		return "", fieldError(kind, "pa", "payee UPI ID is required")
	case !isVPA(pa):
		return "", fieldError(kind, "pa", "not a UPI ID: name@bank, with letters, digits, . - _ before the @ and letters after it")
	case pn == "":
		return "", fieldError(kind, "pn", "payee name is required")
	}
	var b strings.Builder
	b.WriteString("upi://pay?pa=" + pa + "&pn=" + pct(pn))
	var am string
	if s := fv(f, "am"); s != "" {
		w, fr, err := decimal(s, 10, 2)
		if err != nil {
			return "", fieldErr(kind, "am", err)
		}
		am = fixed(w, fr, 2)
		b.WriteString("&am=" + am)
	}
	if s := fv(f, "mam"); s != "" {
		w, fr, err := decimal(s, 10, 2)
		if err != nil {
			return "", fieldErr(kind, "mam", err)
		}
		mam := fixed(w, fr, 2)
		if am != "" && cmpAmount(mam, am) > 0 {
			return "", &FieldError{Field: "mam", Problem: "minimum amount is more than the amount"}
		}
		b.WriteString("&mam=" + mam)
	}
	if cu := fv(f, "cu"); cu != "" && !strings.EqualFold(cu, "INR") {
		return "", fieldError(kind, "cu", "UPI pays in INR only")
	}
	b.WriteString("&cu=INR")
	if tn := fv(f, "tn"); tn != "" {
		b.WriteString("&tn=" + pct(tn))
	}
	if tr := fv(f, "tr"); tr != "" {
		if len(tr) > 35 || !isAlnum(tr) {
			return "", fieldError(kind, "tr", "transaction reference must be 1 to 35 letters and digits")
		}
		b.WriteString("&tr=" + tr)
	}
	if mc := fv(f, "mc"); mc != "" {
		if len(mc) != 4 || !isDigits(mc) {
			return "", fieldError(kind, "mc", "merchant category code must be 4 digits")
		}
		b.WriteString("&mc=" + mc)
	}
	if tid := fv(f, "tid"); tid != "" {
		if utf8.RuneCountInString(tid) > 35 {
			return "", fieldError(kind, "tid", "transaction id must be at most 35 characters")
		}
		b.WriteString("&tid=" + pct(tid))
	}
	if u := fv(f, "url"); u != "" {
		p, err := url.Parse(u)
		if err != nil || p.Scheme != "https" || p.Host == "" {
			return "", fieldError(kind, "url", "must be an https:// link")
		}
		b.WriteString("&url=" + pct(u))
	}
	return b.String(), nil
}

// parseUPI reads a upi://pay link. Parameters this kind does not model
// (sign, mode, orgid, purpose…) are left out, and NPCI's sample "mam=null"
// counts as no minimum. cu is left out: INR is its only value.
func parseUPI(text string, _ *notes) (Fields, bool) {
	const prefix = "upi://pay?"
	if !startsFold(text, prefix) {
		return nil, false
	}
	q, ok := uriQuery(text[len(prefix):])
	if !ok {
		return nil, false
	}
	if q["mam"] == "null" {
		delete(q, "mam")
	}
	f := Fields{}
	for _, k := range []string{"pa", "pn", "am", "mam", "tn", "tr", "mc", "tid", "url"} {
		f[k] = q[k]
	}
	if cu := q["cu"]; cu != "" && !strings.EqualFold(cu, "INR") {
		return nil, false
	}
	return f, true
}

// buildPayPal writes https://paypal.me/<username>[/<amount>[<CUR>]]. The
// amount always has two decimals; a currency without an amount is refused
// rather than dropped, since PayPal.Me has no place for it.
func buildPayPal(f Fields) (string, error) {
	const kind = "paypal"
	user := fv(f, "username")
	if user == "" {
		return "", fieldError(kind, "username", "PayPal.Me name is required")
	}
	if len(user) > 20 || !isAlnum(user) {
		return "", fieldError(kind, "username", "PayPal.Me name must be 1 to 20 letters and digits")
	}
	out := "https://paypal.me/" + user
	amount, cur := fv(f, "amount"), strings.ToUpper(fv(f, "currency"))
	if cur != "" && (len(cur) != 3 || !isUpper(cur)) {
		return "", fieldError(kind, "currency", "currency must be a 3-letter ISO 4217 code")
	}
	if amount == "" {
		if cur != "" {
			return "", &FieldError{Field: "currency", Problem: "a currency needs an amount"}
		}
		return out, nil
	}
	w, fr, err := decimal(amount, 10, 2)
	if err != nil {
		return "", fieldErr(kind, "amount", err)
	}
	return out + "/" + fixed(w, fr, 2) + cur, nil
}

// parsePayPal reads a paypal.me link, with or without www. and a trailing
// slash; the query PayPal adds to shared links is ignored.
func parsePayPal(text string, _ *notes) (Fields, bool) {
	rest, ok := "", false
	for _, p := range []string{"https://paypal.me/", "https://www.paypal.me/", "http://paypal.me/", "http://www.paypal.me/"} {
		if startsFold(text, p) {
			rest, ok = text[len(p):], true
			break
		}
	}
	if !ok {
		return nil, false
	}
	if i := strings.IndexAny(rest, "?#"); i >= 0 {
		rest = rest[:i]
	}
	user, amount, _ := strings.Cut(strings.TrimSuffix(rest, "/"), "/")
	i := strings.IndexFunc(amount, func(r rune) bool { return r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' })
	cur := ""
	if i >= 0 {
		amount, cur = amount[:i], amount[i:]
	}
	return Fields{"username": user, "amount": amount, "currency": cur}, true
}

// buildBezahlCode writes a bank://singlepaymentsepa link. The amount field
// takes a point (like every other kind) or a comma; the code always gets the
// comma BezahlCode requires.
func buildBezahlCode(f Fields) (string, error) {
	const kind = "bezahlcode"
	name := fv(f, "name")
	switch {
	case name == "":
		return "", fieldError(kind, "name", "recipient name is required")
	case utf8.RuneCountInString(name) > 70:
		return "", fieldError(kind, "name", "recipient name must be at most 70 characters")
	case fv(f, "iban") == "":
		return "", fieldError(kind, "iban", "IBAN is required")
	}
	iban, err := checksum.IBAN(fv(f, "iban"))
	if err != nil {
		return "", fieldErr(kind, "iban", err)
	}
	out := "bank://singlepaymentsepa?name=" + pct(name) + "&iban=" + iban
	if s := fv(f, "bic"); s != "" {
		bic, err := checksum.BIC(s)
		if err != nil {
			return "", fieldErr(kind, "bic", err)
		}
		out += "&bic=" + bic
	}
	if s := fv(f, "amount"); s != "" {
		if strings.Count(s, ",") == 1 && !strings.Contains(s, ".") {
			s = strings.Replace(s, ",", ".", 1)
		}
		w, fr, err := decimal(s, 9, 2)
		if err != nil {
			return "", fieldErr(kind, "amount", err)
		}
		out += "&amount=" + strings.Replace(fixed(w, fr, 2), ".", ",", 1)
	}
	if s := fv(f, "reason"); s != "" {
		if utf8.RuneCountInString(s) > 140 {
			return "", fieldError(kind, "reason", "payment reference must be at most 140 characters")
		}
		out += "&reason=" + pct(s)
	}
	cur := strings.ToUpper(fv(f, "currency"))
	if cur == "" {
		cur = "EUR"
	}
	if len(cur) != 3 || !isUpper(cur) {
		return "", fieldError(kind, "currency", "currency must be a 3-letter ISO 4217 code")
	}
	return out + "&currency=" + cur, nil
}

// parseBezahlCode reads a bank://singlepaymentsepa link; the other BezahlCode
// authorities (direct debit, standing order, contact) are not this kind.
func parseBezahlCode(text string, _ *notes) (Fields, bool) {
	const prefix = "bank://singlepaymentsepa?"
	if !startsFold(text, prefix) {
		return nil, false
	}
	q, ok := uriQuery(text[len(prefix):])
	if !ok {
		return nil, false
	}
	f := Fields{"name": q["name"], "iban": q["iban"], "bic": q["bic"], "reason": q["reason"]}
	if a := q["amount"]; a != "" {
		f["amount"] = strings.Replace(a, ",", ".", 1)
	}
	if c := q["currency"]; c != "EUR" {
		f["currency"] = c
	}
	return f, true
}
