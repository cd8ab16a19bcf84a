package payload

// Bank transfer codes: epc (docs/payloads.md §2.30), swiss-qr (§2.31), spd
// (§2.32), upn (§2.33), ru-payment (§2.34).
//
// Some of these declare a single-byte charset (EPC flags 2–8, UPN's
// ISO-8859-2, ru-payment's windows-1251 and KOI8-R). Their Build returns a Go
// string holding the bytes of that charset, not UTF-8, because the declared
// charset must equal the bytes in the symbol (§0.1); the QR encoder puts the
// string's bytes into byte mode as they are. Parse takes either those bytes
// or text a scanner has already decoded to UTF-8.
//
// Each kind's Symbol carries what its standard requires of the symbol. An
// ECI header names the charset to readers that honour it (ZXing does;
// without one it guesses), and is written where the standard or the
// readers it is tested with expect one:
//   - upn: ISO-8859-2 with ECI 4, level M, version 15, as the ZBS guide says.
//   - swiss-qr: level M, the Swiss cross, and ECI 26 for its UTF-8, as
//     QRCoder and swissqrbill write it: without it PostFinance's scanner
//     read the UTF-8 of "Zürich" as ISO-8859-1, "ZÃ¼rich" (reported to
//     swissqrbill's tracker by its users).
//   - epc: level M, at most version 13, and no ECI, even for charsets 2–8.
//     Line 3 is EPC069-12's charset declaration, and its 331-byte cap is
//     exactly what 13-M holds with no room for an ECI header; segno and
//     QRCoder write none, so that is what banking apps are tested with.
//     An ECI a reader lacks fails the whole symbol (gozxing has no 12,
//     ISO-8859-10) where a wrong guess spoils a few letters.
//   - ru-payment: nothing. GOST R 56042 asks no level or version, and
//     the charset is declared by the header digit; KOI8-R (3) has no ECI
//     in ZXing's table, and QRCoder writes none for windows-1251 (1, ECI
//     22) either, so an ECI for one of the two would only split readers.

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
	"qrkeyless/core/checksum"
)

func init() { register(epcKind, swissQRKind, spdKind, upnKind, ruPaymentKind) }

// sepaHolder is the name of the account a SEPA credit transfer pays, as
// epc and bezahlcode take it: at most 70 characters (EPC069-12).
func sepaHolder(label, example string) Field {
	return Field{Name: "name", Label: label, Help: "Name of the account holder, up to 70 characters.", Required: true, Format: FormatText, Example: example}
}

// sepaIBAN is the IBAN of that account, read by checksum.IBAN.
func sepaIBAN(example string) Field {
	return Field{Name: "iban", Label: "IBAN", Required: true, Format: FormatText, Example: example}
}

var epcKind = &Kind{
	Name:  "epc",
	Title: "SEPA transfer (GiroCode / EPC QR)",
	Help:  "Fills in a SEPA credit transfer in European banking apps.",
	Fields: []Field{
		sepaHolder("Beneficiary", "Wikimedia Foerdergesellschaft"),
		sepaIBAN("DE33100205000001194700"),
		{Name: "bic", Label: "BIC", Help: "Needed only with version 001.", Format: FormatText, Example: "BFSWDE33BER"},
		{Name: "amount", Label: "Amount (EUR)", Help: "0.01 to 999999999.99; leave empty to let the payer type it.", Format: FormatDecimal, Example: "123.45"},
		{Name: "purpose", Label: "Purpose code", Help: "Four-letter ISO 20022 purpose code, e.g. CHAR for a charity payment.", Format: FormatText, Example: "CHAR"},
		{Name: "reference", Label: "Creditor reference", Help: "ISO 11649 RF reference; give either this or a text.", Format: FormatText, Example: "RF18539007547034"},
		{Name: "text", Label: "Remittance text", Help: "Up to 140 characters; give either this or a reference.", Format: FormatText, Example: "Spende fuer Wikipedia"},
		{Name: "info", Label: "Note to payer", Help: "Shown to the payer, up to 70 characters.", Format: FormatText, Example: "Thank you"},
		{Name: "version", Label: "Version", Help: "002 (BIC optional) unless a bank asks for 001.", Format: FormatEnum, Enum: []string{"002", "001"},
			Choices: []string{"002 (BIC optional)", "001 (BIC required)"}, Example: "002"},
		{Name: "charset", Label: "Character set", Help: "1 UTF-8 (default); 2 to 8 the ISO-8859 sets 1, 2, 4, 5, 7, 10 and 15.", Format: FormatEnum, Enum: []string{"1", "2", "3", "4", "5", "6", "7", "8"},
			Choices: []string{"1: UTF-8", "2: ISO-8859-1", "3: ISO-8859-2", "4: ISO-8859-4", "5: ISO-8859-5", "6: ISO-8859-7", "7: ISO-8859-10", "8: ISO-8859-15"}, Example: "1"},
	},
	Build:  buildEPC,
	strict: true,
	Symbol: Symbol{EC: "M", MaxVersion: 13},
}

var swissQRKind = &Kind{
	Name:  "swiss-qr",
	Title: "Swiss QR-bill",
	Help:  "The payment part of a Swiss QR-bill, read by Swiss banking apps.",
	Fields: []Field{
		{Name: "iban", Label: "IBAN or QR-IBAN", Help: "A CH or LI account.", Required: true, Format: FormatText, Example: "CH5800791123000889012"},
		{Name: "name", Label: "Creditor name", Required: true, Format: FormatText, Example: "Robert Schneider AG"},
		{Name: "street", Label: "Creditor street", Format: FormatText, Example: "Rue du Lac"},
		{Name: "houseno", Label: "Creditor house number", Format: FormatText, Example: "1268"},
		{Name: "zip", Label: "Creditor postal code", Required: true, Format: FormatText, Example: "2501"},
		{Name: "city", Label: "Creditor town", Required: true, Format: FormatText, Example: "Biel"},
		{Name: "country", Label: "Creditor country", Help: "ISO 3166 two-letter code.", Required: true, Format: FormatText, Example: "CH"},
		{Name: "currency", Label: "Currency", Required: true, Format: FormatEnum, Enum: []string{"CHF", "EUR"}, Example: "CHF"},
		{Name: "amount", Label: "Amount", Help: "0.01 to 999999999.99; leave empty for the payer to fill in.", Format: FormatDecimal, Example: "3949.75"},
		{Name: "dname", Label: "Debtor name", Help: "Debtor fields are optional, but name, postal code, town and country go together.", Format: FormatText, Example: "Pia Rutschmann"},
		{Name: "dstreet", Label: "Debtor street", Format: FormatText, Example: "Marktgasse"},
		{Name: "dhouseno", Label: "Debtor house number", Format: FormatText, Example: "28"},
		{Name: "dzip", Label: "Debtor postal code", Format: FormatText, Example: "9400"},
		{Name: "dcity", Label: "Debtor town", Format: FormatText, Example: "Rorschach"},
		{Name: "dcountry", Label: "Debtor country", Format: FormatText, Example: "CH"},
		{Name: "reftype", Label: "Reference type", Help: "QRR with a QR-IBAN, SCOR for an RF reference, NON for none; chosen from the reference when not set.", Format: FormatEnum, Enum: []string{"QRR", "SCOR", "NON"},
			Choices: []string{"QRR: QR reference", "SCOR: creditor reference (RF)", "NON: none"}, Example: "SCOR"},
		{Name: "reference", Label: "Reference", Help: "27-digit QR reference (QR-IBAN) or RF creditor reference.", Format: FormatText, Example: "RF18539007547034"},
		{Name: "message", Label: "Message", Help: "Unstructured message; with bill information at most 140 characters.", Format: FormatText, Example: "Order of 15 June 2020"},
		{Name: "billinfo", Label: "Bill information", Help: "Structured bill information starting with //, e.g. //S1/….", Format: FormatText, Example: "//S1/10/10201409/11/200701/20/140.000-53/30/102673831/31/200615/32/7.7/33/7.7:139.40/40/0:30"},
		{Name: "alt1", Label: "Alternative procedure 1", Help: "Up to 100 characters.", Format: FormatText, Example: "eBill/B/41010560425610173"},
		{Name: "alt2", Label: "Alternative procedure 2", Help: "Up to 100 characters; needs alt1.", Format: FormatText, Example: "cdbk/some/values"},
	},
	Build:  buildSwissQR,
	strict: true,
	Symbol: Symbol{EC: "M", ECI: 26, Mark: "swiss-cross"},
}

var spdKind = &Kind{
	Name:  "spd",
	Title: "Czech QR payment (SPD)",
	Help:  "Fills in a payment in Czech and Slovak banking apps (QR Platba).",
	Fields: []Field{
		{Name: "acc", Label: "IBAN", Help: "IBAN, optionally followed by +BIC.", Required: true, Format: FormatText, Example: "CZ5855000000001265098001"},
		{Name: "amount", Label: "Amount", Help: "Up to 9999999.99.", Format: FormatDecimal, Example: "480.50"},
		{Name: "currency", Label: "Currency", Help: "ISO 4217 code, e.g. CZK.", Format: FormatText, Example: "CZK"},
		{Name: "message", Label: "Message", Help: "Up to 60 characters; written in capitals without accents so the code stays small.", Format: FormatText, Example: "PLATBA ZA ZBOZI"},
		{Name: "vs", Label: "Variable symbol", Help: "Up to 10 digits.", Format: FormatText, Example: "1234567890"},
		{Name: "ss", Label: "Specific symbol", Help: "Up to 10 digits.", Format: FormatText, Example: "1234"},
		{Name: "ks", Label: "Constant symbol", Help: "Up to 10 digits.", Format: FormatText, Example: "0308"},
		{Name: "rn", Label: "Recipient name", Help: "Up to 35 characters; written in capitals without accents.", Format: FormatText, Example: "ACME S.R.O."},
		{Name: "dt", Label: "Due date", Format: FormatDate, Example: "2025-07-01"},
	},
	Build:  buildSPD,
	strict: true,
}

var upnKind = &Kind{
	Name:  "upn",
	Title: "Slovenian UPN QR",
	Help:  "Fills in a UPN payment order in Slovenian banking apps.",
	Fields: []Field{
		{Name: "pname", Label: "Payer name", Format: FormatText, Example: "Janez Novak"},
		{Name: "paddr", Label: "Payer address", Format: FormatText, Example: "Slovenska cesta 1"},
		{Name: "pplace", Label: "Payer town", Format: FormatText, Example: "1000 Ljubljana"},
		{Name: "amount", Label: "Amount (EUR)", Help: "0.01 to 999999999.99.", Required: true, Format: FormatDecimal, Example: "150.50"},
		{Name: "code", Label: "Purpose code", Help: "Four-letter ISO 20022 purpose code, OTHR when empty.", Format: FormatText, Example: "OTHR"},
		{Name: "purpose", Label: "Purpose", Help: "Up to 42 characters.", Required: true, Format: FormatText, Example: "Payment for services"},
		{Name: "deadline", Label: "Payment deadline", Format: FormatDate, Example: "2025-07-31"},
		{Name: "iban", Label: "Recipient IBAN", Required: true, Format: FormatText, Example: "SI56263300012039086"},
		{Name: "reference", Label: "Recipient reference", Help: "Model and reference, e.g. SI00 123-456 or RF…; SI99 (none) when empty.", Format: FormatText, Example: "SI00"},
		{Name: "rname", Label: "Recipient name", Required: true, Format: FormatText, Example: "Podjetje d.o.o."},
		{Name: "raddr", Label: "Recipient address", Format: FormatText, Example: "Trzaska cesta 10"},
		{Name: "rplace", Label: "Recipient town", Format: FormatText, Example: "2000 Maribor"},
	},
	Build:  buildUPN,
	strict: true,
	Symbol: Symbol{EC: "M", MinVersion: 15, MaxVersion: 15, ECI: 4},
}

var ruPaymentKind = &Kind{
	Name:   "ru-payment",
	Title:  "Russian payment (GOST R 56042)",
	Help:   "Fills in a payment order in Russian banking apps.",
	Fields: ruFields(),
	Build:  buildRuPayment,
	strict: true,
}

// ruFields are ru-payment's fields: the five mandatory requisites, the
// optional ones in GOST order, and the charset.
func ruFields() []Field {
	ru := []Field{
		{Name: "name", Label: "Payee", Help: "Name of the recipient organisation, up to 160 characters.", Required: true, Format: FormatText, Example: "ООО «Три кита»"},
		{Name: "personalacc", Label: "Payee account", Help: "20-digit settlement account.", Required: true, Format: FormatText, Example: "40702810138250123017"},
		{Name: "bankname", Label: "Bank", Help: "Up to 45 characters.", Required: true, Format: FormatText, Example: "ПАО СБЕРБАНК"},
		{Name: "bic", Label: "Bank BIC", Help: "9 digits.", Required: true, Format: FormatText, Example: "044525225"},
		{Name: "correspacc", Label: "Correspondent account", Help: "20 digits.", Required: true, Format: FormatText, Example: "30101810400000000225"},
	}
	for _, o := range ruOptional {
		ru = append(ru, Field{Name: strings.ToLower(o.key), Label: o.label, Help: o.help, Format: o.format, Example: o.example})
	}
	return append(ru, Field{Name: "charset", Label: "Character set", Help: "1 windows-1251, 2 UTF-8, 3 KOI8-R.", Format: FormatEnum, Enum: []string{"2", "1", "3"},
		Choices: []string{"2: UTF-8", "1: windows-1251", "3: KOI8-R"}, Example: "2"})
}

// checkText checks a one-line free-text field of at most max characters.
func checkText(kind, field, s string, max int) error {
	if hasNewline(s) {
		return fieldError(kind, field, "must be a single line")
	}
	if n := utf8.RuneCountInString(s); n > max {
		return fieldErr(kind, field, tooLong(s, max, n))
	}
	return nil
}

// epcCharsets are the charsets of EPC line 3, flag 1 to 8; nil is UTF-8.
var epcCharsets = [8]*charmap.Charmap{nil, charmap.ISO8859_1, charmap.ISO8859_2, charmap.ISO8859_4,
	charmap.ISO8859_5, charmap.ISO8859_7, charmap.ISO8859_10, charmap.ISO8859_15}

// buildEPC writes the 12-line EPC069-12 text: LF-separated, empty optional
// lines kept, trailing empty lines and any trailing newline dropped, at most
// 331 bytes in the declared charset. The amount keeps the decimals given
// (EUR12.3 is as valid as EUR12.30).
func buildEPC(f Fields) (string, error) {
	const kind = "epc"
	version := fv(f, "version")
	if version == "" {
		version = "002"
	}
	if version != "001" && version != "002" {
		return "", fieldError(kind, "version", "version must be 001 or 002")
	}
	cs := fv(f, "charset")
	if cs == "" {
		cs = "1"
	}
	if len(cs) != 1 || cs < "1" || cs > "8" {
		return "", fieldError(kind, "charset", "charset must be a digit from 1 to 8")
	}
	bic := fv(f, "bic")
	if bic != "" {
		var err error
		if bic, err = checksum.BIC(bic); err != nil {
			return "", fieldErr(kind, "bic", err)
		}
	} else if version == "001" {
		return "", fieldError(kind, "bic", "version 001 needs a BIC")
	}
	name, text, info := fv(f, "name"), fv(f, "text"), fv(f, "info")
	if name == "" {
		return "", fieldError(kind, "name", "beneficiary name is required")
	}
	for _, c := range []struct {
		field, s string
		max      int
	}{{"name", name, 70}, {"text", text, 140}, {"info", info, 70}} {
		if err := checkText(kind, c.field, c.s, c.max); err != nil {
			return "", err
		}
	}
	if fv(f, "iban") == "" {
		return "", fieldError(kind, "iban", "IBAN is required")
	}
	iban, err := checksum.IBAN(fv(f, "iban"))
	if err != nil {
		return "", fieldErr(kind, "iban", err)
	}
	amount := ""
	if s := fv(f, "amount"); s != "" {
		w, fr, err := decimal(s, 9, 2)
		if err != nil {
			return "", fieldErr(kind, "amount", err)
		}
		amount = "EUR" + plain(w, fr)
	}
	purpose := strings.ToUpper(fv(f, "purpose"))
	if purpose != "" && (len(purpose) != 4 || !isUpper(purpose)) {
		return "", fieldError(kind, "purpose", "purpose code must be 4 letters, e.g. CHAR or GDDS")
	}
	ref := fv(f, "reference")
	if ref != "" {
		if ref, err = checksum.RF(ref); err != nil {
			return "", fieldErr(kind, "reference", err)
		}
		if text != "" {
			return "", &FieldError{Field: "text", Problem: "give either a reference or a text, not both"}
		}
	}
	lines := []string{"BCD", version, cs, "SCT", bic, name, iban, amount, purpose, ref, text, info}
	for lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	out := strings.Join(lines, "\n")
	if cm := epcCharsets[cs[0]-'1']; cm != nil {
		var bad rune
		var ok bool
		if out, bad, ok = encodeCharmap(cm, out); !ok {
			return "", fieldError(kind, fieldWith(f, bad, "name", "text", "info"),
				fmt.Sprintf("%q cannot be written in %s (charset %s); use charset 1 (UTF-8)", bad, cm, cs))
		}
	}
	if len(out) > 331 {
		return "", fieldError(kind, longest(f, "name", "text", "info"),
			fmt.Sprintf("the code would be %d bytes; EPC allows 331, so shorten the text", len(out)))
	}
	return out, nil
}

// fieldWith names the first of fields whose value holds r.
func fieldWith(f Fields, r rune, fields ...string) string {
	for _, name := range fields {
		if strings.ContainsRune(f[name], r) {
			return name
		}
	}
	return fields[0]
}

// longest names the field with the longest value, the one to shorten.
func longest(f Fields, fields ...string) string {
	best := fields[0]
	for _, name := range fields {
		if len(f[name]) > len(f[best]) {
			best = name
		}
	}
	return best
}

// headedLines splits text into its lines, LF or CRLF, when the first of
// them is head: the bank formats read here open with a line that names them.
func headedLines(text, head string) ([]string, bool) {
	if !strings.HasPrefix(text, head+"\n") && !strings.HasPrefix(text, head+"\r\n") {
		return nil, false
	}
	return strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n"), true
}

// cutBreak drops the empty last line that a line break after the last
// of at least n lines leaves, which the QR-bill and UPN readers accept
// though neither standard writes it; broke reports that there was one.
func cutBreak(lines []string, n int) (_ []string, broke bool) {
	if len(lines) > n && lines[len(lines)-1] == "" {
		return lines[:len(lines)-1], true
	}
	return lines, false
}

// parseEPC reads an EPC QR (LF or CRLF lines). Version 002 and charset 1,
// the defaults, are left out of the fields.
func parseEPC(text string, _ *notes) (Fields, bool) {
	lines, ok := headedLines(text, "BCD")
	if !ok {
		return nil, false
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) < 7 || len(lines) > 12 || lines[3] != "SCT" || len(lines[2]) != 1 || lines[2] < "1" || lines[2] > "8" {
		return nil, false
	}
	if cm := epcCharsets[lines[2][0]-'1']; cm != nil && !utf8.ValidString(text) {
		for i := range lines {
			lines[i] = decodeCharmap(cm, lines[i])
		}
	}
	lines = append(lines, make([]string, 12-len(lines))...)
	f := Fields{"version": lines[1], "charset": lines[2], "bic": lines[4], "name": lines[5], "iban": lines[6],
		"purpose": lines[8], "reference": lines[9], "text": lines[10], "info": lines[11]}
	if a := lines[7]; a != "" {
		if !strings.HasPrefix(a, "EUR") {
			return nil, false
		}
		f["amount"] = a[3:]
	}
	if f["version"] == "002" {
		delete(f, "version")
	}
	if f["charset"] == "1" {
		delete(f, "charset")
	}
	return f, true
}

// iso3166 holds every ISO 3166-1 alpha-2 code (and XK), two letters each, sorted.
const iso3166 = "" +
	"ADAEAFAGAIALAMAOAQARASATAUAWAXAZBABBBDBEBFBGBHBIBJBLBMBNBOBQBRBS" +
	"BTBVBWBYBZCACCCDCFCGCHCICKCLCMCNCOCRCUCVCWCXCYCZDEDJDKDMDODZECEE" +
	"EGEHERESETFIFJFKFMFOFRGAGBGDGEGFGGGHGIGLGMGNGPGQGRGSGTGUGWGYHKHM" +
	"HNHRHTHUIDIEILIMINIOIQIRISITJEJMJOJPKEKGKHKIKMKNKPKRKWKYKZLALBLC" +
	"LILKLRLSLTLULVLYMAMCMDMEMFMGMHMKMLMMMNMOMPMQMRMSMTMUMVMWMXMYMZNA" +
	"NCNENFNGNINLNONPNRNUNZOMPAPEPFPGPHPKPLPMPNPRPSPTPWPYQARERORSRURW" +
	"SASBSCSDSESGSHSISJSKSLSMSNSOSRSSSTSVSXSYSZTCTDTFTGTHTJTKTLTMTNTO" +
	"TRTTTVTWTZUAUGUMUSUYUZVAVCVEVGVIVNVUWFWSXKYEYTZAZMZW"

func isCountry(s string) bool {
	if len(s) != 2 || !isUpper(s) {
		return false
	}
	for i := 0; i < len(iso3166); i += 2 {
		if iso3166[i:i+2] == s {
			return true
		}
	}
	return false
}

// swissChar reports whether r is in the character set of the Swiss
// implementation guidelines: Basic Latin, Latin-1 Supplement, Latin
// Extended-A, Ș ș Ț ț and €.
func swissChar(r rune) bool {
	return r >= 0x20 && r <= 0x7E || r >= 0xA0 && r <= 0x17F || r >= 0x218 && r <= 0x21B || r == '€'
}

// swissAddress checks one structured (S) address block, the fields named by
// prefix ("" creditor, "d" debtor), and returns its 7 lines.
func swissAddress(f Fields, p, who string) ([]string, error) {
	const kind = "swiss-qr"
	name, street, no, zip, city, country := fv(f, p+"name"), fv(f, p+"street"), fv(f, p+"houseno"), fv(f, p+"zip"), fv(f, p+"city"), strings.ToUpper(fv(f, p+"country"))
	for _, c := range []struct {
		field, s, what string
		max            int
	}{{"name", name, "name", 70}, {"street", street, "", 70}, {"houseno", no, "", 16}, {"zip", zip, "postal code", 16}, {"city", city, "town", 35}} {
		if c.s == "" && c.what != "" {
			return nil, fieldError(kind, p+c.field, who+" "+c.what+" is required")
		}
		if err := checkText(kind, p+c.field, c.s, c.max); err != nil {
			return nil, err
		}
		for _, r := range c.s {
			if !swissChar(r) {
				return nil, fieldError(kind, p+c.field, fmt.Sprintf("%q is not allowed in a QR-bill", r))
			}
		}
	}
	if !isCountry(country) {
		return nil, fieldError(kind, p+"country", who+" country must be an ISO 3166 two-letter code, e.g. CH")
	}
	return []string{"S", name, street, no, zip, city, country}, nil
}

// buildSwissQR writes the QR-bill text of IG 2.3: 31 to 34 CRLF-separated
// lines, structured (S) addresses only, seven empty ultimate-creditor lines,
// no line break after the last element. When reftype is empty it follows the
// reference: QRR for a QR-IBAN, SCOR for an RF reference, else NON. The field
// limits keep the text under the 997 characters the guidelines allow.
func buildSwissQR(f Fields) (string, error) {
	const kind = "swiss-qr"
	if fv(f, "iban") == "" {
		return "", fieldError(kind, "iban", "IBAN is required")
	}
	iban, err := checksum.IBAN(fv(f, "iban"))
	if err != nil {
		return "", fieldErr(kind, "iban", err)
	}
	if iban[:2] != "CH" && iban[:2] != "LI" {
		return "", fieldError(kind, "iban", "a QR-bill needs a CH or LI IBAN")
	}
	iid, _ := strconv.Atoi(iban[4:9])
	qrIBAN := iid >= 30000 && iid <= 31999
	creditor, err := swissAddress(f, "", "creditor")
	if err != nil {
		return "", err
	}
	amount := ""
	if s := fv(f, "amount"); s != "" {
		w, fr, err := decimal(s, 9, 2)
		if err != nil {
			return "", fieldErr(kind, "amount", err)
		}
		amount = fixed(w, fr, 2)
	}
	cur := strings.ToUpper(fv(f, "currency"))
	if cur != "CHF" && cur != "EUR" {
		return "", fieldError(kind, "currency", "currency must be CHF or EUR")
	}
	debtor := make([]string, 7)
	for _, k := range []string{"dname", "dstreet", "dhouseno", "dzip", "dcity", "dcountry"} {
		if fv(f, k) != "" {
			if debtor, err = swissAddress(f, "d", "debtor"); err != nil {
				return "", err
			}
			break
		}
	}
	reftype, ref := strings.ToUpper(fv(f, "reftype")), fv(f, "reference")
	if reftype == "" {
		switch {
		case qrIBAN:
			reftype = "QRR"
		case ref != "":
			reftype = "SCOR"
		default:
			reftype = "NON"
		}
	}
	switch reftype {
	case "QRR":
		if !qrIBAN {
			return "", &FieldError{Field: "reftype", Problem: "QRR needs a QR-IBAN (institution id 30000 to 31999); use SCOR or NON"}
		}
		if ref == "" {
			return "", fieldError(kind, "reference", "a QR-IBAN needs a 27-digit QR reference")
		}
		if ref, err = checksum.QRR(ref); err != nil {
			return "", fieldError(kind, "reference", err.Error())
		}
	case "SCOR", "NON":
		if qrIBAN {
			return "", &FieldError{Field: "reftype", Problem: "a QR-IBAN needs reference type QRR", Example: "QRR"}
		}
		if reftype == "NON" && ref != "" {
			return "", &FieldError{Field: "reference", Problem: "reference type NON takes no reference"}
		}
		if reftype == "SCOR" {
			if ref == "" {
				return "", fieldError(kind, "reference", "reference type SCOR needs an RF creditor reference")
			}
			if _, qrr := checksum.QRR(ref); qrr == nil {
				return "", fieldError(kind, "reference", "this is a QR reference (27 digits), which only a QR-IBAN (institution id 30000 to 31999) takes; "+
					"this IBAN is a plain one: use the account's QR-IBAN, or an ISO 11649 creditor reference (RF…) instead")
			}
			if ref, err = checksum.RF(ref); err != nil {
				return "", fieldErr(kind, "reference", err)
			}
		}
	default:
		return "", fieldError(kind, "reftype", "reference type must be QRR, SCOR or NON")
	}
	msg, bill, alt1, alt2 := fv(f, "message"), fv(f, "billinfo"), fv(f, "alt1"), fv(f, "alt2")
	for _, c := range []struct {
		field, s string
		max      int
	}{{"message", msg, 140}, {"billinfo", bill, 140}, {"alt1", alt1, 100}, {"alt2", alt2, 100}} {
		if err := checkText(kind, c.field, c.s, c.max); err != nil {
			return "", err
		}
		for _, r := range c.s {
			if !swissChar(r) {
				return "", fieldError(kind, c.field, fmt.Sprintf("%q is not allowed in a QR-bill", r))
			}
		}
	}
	if utf8.RuneCountInString(msg)+utf8.RuneCountInString(bill) > 140 {
		return "", fieldError(kind, "message", "message and bill information together must be at most 140 characters")
	}
	if bill != "" && !strings.HasPrefix(bill, "//") {
		return "", fieldError(kind, "billinfo", "bill information starts with //, e.g. //S1/…")
	}
	if alt2 != "" && alt1 == "" {
		return "", &FieldError{Field: "alt2", Problem: "fill alternative procedure 1 first"}
	}
	lines := []string{"SPC", "0200", "1", iban}
	lines = append(lines, creditor...)
	lines = append(lines, make([]string, 7)...)
	lines = append(lines, amount, cur)
	lines = append(lines, debtor...)
	lines = append(lines, reftype, ref, msg, "EPD")
	switch {
	case alt1 != "":
		lines = append(lines, bill, alt1)
		if alt2 != "" {
			lines = append(lines, alt2)
		}
	case bill != "":
		lines = append(lines, bill)
	}
	return strings.Join(lines, "\r\n"), nil
}

// parseSwissQR reads a QR-bill (CRLF or LF lines). Like the SwissQRBill
// decoder it takes any version 02xx, which SIX keeps compatible, and one
// trailing line break; both are noted, since Build writes 0200 and no
// break (docs/payloads.md §2.31). Combined (K) addresses, no longer allowed
// since IG 2.3, are not parsed: they cannot be split into the structured
// fields.
func parseSwissQR(text string, ns *notes) (Fields, bool) {
	lines, ok := headedLines(text, "SPC")
	if !ok {
		return nil, false
	}
	lines, broke := cutBreak(lines, 31)
	if broke {
		ns.add("", "the line break after the last element is not written (IG 2.3 §4.2.3 does not allow it)")
	}
	if len(lines) < 31 || len(lines) > 34 || len(lines[1]) != 4 || !strings.HasPrefix(lines[1], "02") || !numeric(lines[1]) ||
		lines[2] != "1" || lines[4] != "S" || lines[30] != "EPD" {
		return nil, false
	}
	if lines[1] != "0200" {
		ns.add("", "version "+lines[1]+" is read as 0200, the version this service writes")
	}
	for _, l := range lines[11:18] {
		if l != "" {
			return nil, false
		}
	}
	lines = append(lines, make([]string, 34-len(lines))...)
	f := Fields{"iban": lines[3], "name": lines[5], "street": lines[6], "houseno": lines[7], "zip": lines[8],
		"city": lines[9], "country": lines[10], "amount": lines[18], "currency": lines[19],
		"reftype": lines[27], "reference": lines[28], "message": lines[29], "billinfo": lines[31],
		"alt1": lines[32], "alt2": lines[33]}
	switch lines[20] {
	case "S":
		for i, k := range []string{"dname", "dstreet", "dhouseno", "dzip", "dcity", "dcountry"} {
			f[k] = lines[21+i]
		}
	case "":
	default:
		return nil, false
	}
	return f, true
}

// spdText writes a free-text SPD value in capitals without accents, the
// form the Czech spec recommends so the code fits QR alphanumeric mode, and
// escapes '*' as %2A.
func spdText(kind, field, s string, max int) (string, error) {
	if err := checkText(kind, field, s, max); err != nil {
		return "", err
	}
	s = strings.ToUpper(foldLatin(s))
	if !isPrintableASCII(s) {
		return "", fieldError(kind, field, "use Latin letters, digits and punctuation only")
	}
	return strings.ReplaceAll(s, "*", "%2A"), nil
}

// buildSPD writes SPD*1.0*KEY:VALUE pairs in the order of docs/payloads.md's
// table (ACC AM CC MSG X-VS X-SS X-KS RN DT), with no '*' after the last.
func buildSPD(f Fields) (string, error) {
	const kind = "spd"
	acc := fv(f, "acc")
	if acc == "" {
		return "", fieldError(kind, "acc", "IBAN is required")
	}
	ibanPart, bicPart, hasBIC := strings.Cut(acc, "+")
	iban, err := checksum.IBAN(ibanPart)
	if err != nil {
		return "", fieldErr(kind, "acc", err)
	}
	acc = iban
	if hasBIC {
		bic, err := checksum.BIC(bicPart)
		if err != nil {
			return "", fieldErr(kind, "acc", err)
		}
		acc += "+" + bic
	}
	pairs := []string{"SPD", "1.0", "ACC:" + acc}
	if s := fv(f, "amount"); s != "" {
		w, fr, err := decimal(s, 7, 2)
		if err != nil {
			return "", fieldErr(kind, "amount", err)
		}
		pairs = append(pairs, "AM:"+fixed(w, fr, 2))
	}
	if s := strings.ToUpper(fv(f, "currency")); s != "" {
		if len(s) != 3 || !isUpper(s) {
			return "", fieldError(kind, "currency", "currency must be a 3-letter ISO 4217 code")
		}
		pairs = append(pairs, "CC:"+s)
	}
	if s := fv(f, "message"); s != "" {
		msg, err := spdText(kind, "message", s, 60)
		if err != nil {
			return "", err
		}
		pairs = append(pairs, "MSG:"+msg)
	}
	for _, c := range []struct{ field, key, what string }{{"vs", "X-VS", "variable"}, {"ss", "X-SS", "specific"}, {"ks", "X-KS", "constant"}} {
		if s := fv(f, c.field); s != "" {
			if len(s) > 10 || !isDigits(s) {
				return "", fieldError(kind, c.field, c.what+" symbol must be 1 to 10 digits")
			}
			pairs = append(pairs, c.key+":"+s)
		}
	}
	if s := fv(f, "rn"); s != "" {
		rn, err := spdText(kind, "rn", s, 35)
		if err != nil {
			return "", err
		}
		pairs = append(pairs, "RN:"+rn)
	}
	if s := fv(f, "dt"); s != "" {
		y, m, d, ok := isoDate(s)
		if !ok {
			return "", fieldError(kind, "dt", "due date must be a date, YYYY-MM-DD")
		}
		pairs = append(pairs, "DT:"+y+m+d)
	}
	return strings.Join(pairs, "*"), nil
}

// parseSPD reads an SPD 1.0 payment; keys this kind does not model (RF, NT,
// X-PER, CRC32…) are left out.
func parseSPD(text string, _ *notes) (Fields, bool) {
	if !strings.HasPrefix(text, "SPD*1.0*") {
		return nil, false
	}
	keys := map[string]string{"ACC": "acc", "AM": "amount", "CC": "currency", "MSG": "message",
		"X-VS": "vs", "X-SS": "ss", "X-KS": "ks", "RN": "rn", "DT": "dt"}
	f := Fields{}
	for _, p := range strings.Split(text[len("SPD*1.0*"):], "*") {
		if p == "" {
			continue
		}
		k, v, ok := strings.Cut(p, ":")
		if !ok {
			return nil, false
		}
		name, known := keys[k]
		if !known {
			continue
		}
		if _, dup := f[name]; dup {
			return nil, false
		}
		f[name] = strings.ReplaceAll(v, "%2A", "*")
	}
	if dt := f["dt"]; len(dt) == 8 {
		f["dt"] = dt[:4] + "-" + dt[4:6] + "-" + dt[6:]
	}
	return f, true
}

// buildUPN writes the 20 LF-terminated lines of a UPN QR in ISO-8859-2
// bytes; the last line is the length of lines 1–19 plus 19. Over-long
// values are refused, not cut as QRCoder does, so nothing is paid under a
// truncated name. An empty reference is SI99, the model for "no reference".
func buildUPN(f Fields) (string, error) {
	const kind = "upn"
	for _, c := range []struct {
		field string
		max   int
	}{{"pname", 33}, {"paddr", 33}, {"pplace", 33}, {"purpose", 42}, {"rname", 33}, {"raddr", 33}, {"rplace", 33}} {
		if err := checkText(kind, c.field, fv(f, c.field), c.max); err != nil {
			return "", err
		}
	}
	if fv(f, "amount") == "" {
		return "", fieldError(kind, "amount", "amount is required")
	}
	w, fr, err := decimal(fv(f, "amount"), 9, 2)
	if err != nil {
		return "", fieldErr(kind, "amount", err)
	}
	cents := strings.TrimLeft(w+fr+strings.Repeat("0", 2-len(fr)), "0")
	amount := strings.Repeat("0", 11-len(cents)) + cents
	code := strings.ToUpper(fv(f, "code"))
	if code == "" {
		code = "OTHR"
	}
	if len(code) != 4 || !isUpper(code) {
		return "", fieldError(kind, "code", "purpose code must be 4 letters, e.g. OTHR")
	}
	if fv(f, "purpose") == "" {
		return "", fieldError(kind, "purpose", "purpose is required")
	}
	deadline := ""
	if s := fv(f, "deadline"); s != "" {
		if len(s) == 10 && s[2] == '.' && s[5] == '.' {
			s = s[6:] + s[3:5] + s[:2]
		}
		y, m, d, ok := isoDate(s)
		if !ok {
			return "", fieldError(kind, "deadline", "deadline must be a date, YYYY-MM-DD")
		}
		deadline = d + "." + m + "." + y
	}
	if fv(f, "iban") == "" {
		return "", fieldError(kind, "iban", "recipient IBAN is required")
	}
	iban, err := checksum.IBAN(fv(f, "iban"))
	if err != nil {
		return "", fieldErr(kind, "iban", err)
	}
	ref, err := upnReference(fv(f, "reference"))
	if err != nil {
		return "", fieldErr(kind, "reference", err)
	}
	if fv(f, "rname") == "" {
		return "", fieldError(kind, "rname", "recipient name is required")
	}
	lines := []string{"UPNQR", "", "", "", "", fv(f, "pname"), fv(f, "paddr"), fv(f, "pplace"), amount, "", "",
		code, fv(f, "purpose"), deadline, iban, ref, fv(f, "rname"), fv(f, "raddr"), fv(f, "rplace")}
	for i, l := range lines {
		enc, bad, ok := encodeCharmap(charmap.ISO8859_2, l)
		if !ok {
			field := map[int]string{5: "pname", 6: "paddr", 7: "pplace", 12: "purpose", 16: "rname", 17: "raddr", 18: "rplace"}[i]
			return "", fieldError(kind, field, fmt.Sprintf("%q cannot be written in ISO-8859-2", bad))
		}
		lines[i] = enc
	}
	body := strings.Join(lines, "\n") + "\n"
	return body + fmt.Sprintf("%03d\n", len(body)), nil
}

// upnReference checks a UPN reference: SI and a two-digit model followed by
// digits and dashes, or an RF creditor reference; at most 26 characters.
func upnReference(s string) (string, error) {
	s = strings.ToUpper(strings.ReplaceAll(s, " ", ""))
	switch {
	case s == "":
		return "SI99", nil
	case strings.HasPrefix(s, "RF"):
		return checksum.RF(s)
	case len(s) < 4 || len(s) > 26 || s[:2] != "SI" || !isDigits(s[2:4]) || strings.Trim(s[4:], "0123456789-") != "":
		return "", errors.New("reference must be SI, a two-digit model, then digits and dashes (e.g. SI00 123-456), or an RF reference")
	case s[:4] == "SI99" && len(s) > 4:
		return "", errors.New("model SI99 means no reference; write SI99 alone")
	}
	return s, nil
}

// parseUPN reads a UPN QR, checking its length line. The payer's IBAN,
// deposit and withdrawal flags, payer reference, payment date and urgency
// (lines 2–5, 10–11) are not modelled and are left out.
func parseUPN(text string, _ *notes) (Fields, bool) {
	if !utf8.ValidString(text) {
		text = decodeCharmap(charmap.ISO8859_2, text)
	}
	lines, ok := headedLines(text, "UPNQR")
	if !ok {
		return nil, false
	}
	if lines, _ = cutBreak(lines, 20); len(lines) != 20 {
		return nil, false
	}
	n := 19
	for _, l := range lines[:19] {
		n += utf8.RuneCountInString(l)
	}
	if lines[19] != fmt.Sprintf("%03d", n) {
		return nil, false
	}
	amount := strings.TrimLeft(lines[8], "0")
	if len(lines[8]) != 11 || !isDigits(lines[8]) || amount == "" {
		return nil, false
	}
	amount = strings.Repeat("0", max(0, 3-len(amount))) + amount
	amount = amount[:len(amount)-2] + "." + amount[len(amount)-2:]
	deadline := lines[13]
	if len(deadline) == 10 && deadline[2] == '.' && deadline[5] == '.' {
		deadline = deadline[6:] + "-" + deadline[3:5] + "-" + deadline[:2]
	}
	return Fields{"pname": lines[5], "paddr": lines[6], "pplace": lines[7], "amount": amount,
		"code": lines[11], "purpose": lines[12], "deadline": deadline, "iban": lines[14], "reference": lines[15],
		"rname": lines[16], "raddr": lines[17], "rplace": lines[18]}, true
}

// ruOptional are the optional GOST R 56042 requisites this kind offers, in
// the standard's order; the field name is the key in lower case. The rest of
// the standard's long list (tax and utility details) is not offered.
var ruOptional = []struct {
	key, label, help, format, example string
	check                             func(string) bool
}{
	{"Sum", "Amount in kopecks", "A whole number of kopecks: 150000 is 1 500.00 RUB.", FormatInteger, "150000", nil},
	{"Purpose", "Purpose", "Up to 210 characters.", FormatText, "Оплата по счёту 17", nil},
	{"PayeeINN", "Payee INN", "10 or 12 digits.", FormatText, "7707083893", func(s string) bool { return isDigits(s) && (len(s) == 10 || len(s) == 12) }},
	{"PayerINN", "Payer INN", "10 or 12 digits.", FormatText, "500100732259", func(s string) bool { return isDigits(s) && (len(s) == 10 || len(s) == 12) }},
	{"KPP", "Payee KPP", "9 characters.", FormatText, "773601001", func(s string) bool { return len(s) == 9 && isUpperAlnum(s) }},
	{"CBC", "Budget classification code (KBK)", "20 characters.", FormatText, "18210102010011000110", func(s string) bool { return len(s) == 20 && isUpperAlnum(s) }},
	{"OKTMO", "OKTMO", "8 or 11 digits.", FormatText, "45382000", func(s string) bool { return isDigits(s) && (len(s) == 8 || len(s) == 11) }},
	{"LastName", "Payer last name", "", FormatText, "Иванов", nil},
	{"FirstName", "Payer first name", "", FormatText, "Иван", nil},
	{"MiddleName", "Payer middle name", "", FormatText, "Иванович", nil},
	{"PayerAddress", "Payer address", "", FormatText, "г. Москва, ул. Ленина, д. 1", nil},
	{"PersAcc", "Payer's account with the payee", "E.g. a utility customer number.", FormatText, "1234567", nil},
	{"UIN", "Payment identifier (UIN)", "Up to 25 letters and digits.", FormatText, "18810177190100000001", func(s string) bool { return len(s) <= 25 && isUpperAlnum(s) }},
}

// ruCharsets are the charsets of the ST0001 digit 1 to 3; nil is UTF-8.
var ruCharsets = [3]*charmap.Charmap{charmap.Windows1251, nil, charmap.KOI8R}

// ruAccount matches a Russian 20-digit account, ^[1-9]\d{4}[0-9ABCEHKMPTX]\d{14}$.
func ruAccount(s string) bool {
	return len(s) == 20 && s[0] != '0' && isDigits(s[:5]) && isDigits(s[6:]) && strings.IndexByte("0123456789ABCEHKMPTX", s[5]) >= 0
}

// buildRuPayment writes ST0001<charset><sep>Key=Value…, the five mandatory
// requisites first and then the optional ones in GOST order, without the
// trailing separator QRCoder adds. The separator is '|' unless a value
// holds one; then it is the first of QRCoder's candidates no value holds.
func buildRuPayment(f Fields) (string, error) {
	const kind = "ru-payment"
	cs := fv(f, "charset")
	if cs == "" {
		cs = "2"
	}
	if cs != "1" && cs != "2" && cs != "3" {
		return "", fieldError(kind, "charset", "charset must be 1 (windows-1251), 2 (UTF-8) or 3 (KOI8-R)")
	}
	name, acc, bank, bic, corr := fv(f, "name"), strings.ToUpper(fv(f, "personalacc")), fv(f, "bankname"), fv(f, "bic"), strings.ToUpper(fv(f, "correspacc"))
	switch {
	case name == "":
		return "", fieldError(kind, "name", "payee name is required")
	case !ruAccount(acc):
		return "", fieldError(kind, "personalacc", "payee account must be 20 digits")
	case bank == "":
		return "", fieldError(kind, "bankname", "bank name is required")
	case len(bic) != 9 || !isDigits(bic):
		return "", fieldError(kind, "bic", "bank BIC must be 9 digits")
	case !ruAccount(corr):
		return "", fieldError(kind, "correspacc", "correspondent account must be 20 digits")
	}
	if err := checkText(kind, "name", name, 160); err != nil {
		return "", err
	}
	if err := checkText(kind, "bankname", bank, 45); err != nil {
		return "", err
	}
	pairs := [][2]string{{"name", "Name=" + name}, {"personalacc", "PersonalAcc=" + acc}, {"bankname", "BankName=" + bank}, {"bic", "BIC=" + bic}, {"correspacc", "CorrespAcc=" + corr}}
	for _, o := range ruOptional {
		field := strings.ToLower(o.key)
		v := fv(f, field)
		if v == "" {
			continue
		}
		switch {
		case o.key == "Sum":
			var err error
			if v, err = checkInteger(v, 18); err != nil {
				return "", fieldError(kind, field, "amount in kopecks "+err.Error()+" (150000 is 1 500.00 RUB)")
			}
		case o.check != nil:
			if v = strings.ToUpper(v); !o.check(v) {
				return "", fieldError(kind, field, o.help)
			}
		}
		if err := checkText(kind, field, v, 210); err != nil {
			return "", err
		}
		pairs = append(pairs, [2]string{field, o.key + "=" + v})
	}
	sep := ""
	for _, c := range "|#;:^_~{}!$%&()*+,/@" {
		clash := false
		for _, p := range pairs {
			clash = clash || strings.ContainsRune(p[1], c)
		}
		if !clash {
			sep = string(c)
			break
		}
	}
	if sep == "" {
		return "", fieldError(kind, "purpose", "the values use every separator character GOST allows; remove some punctuation")
	}
	var b strings.Builder
	b.WriteString("ST0001" + cs)
	for i, p := range pairs {
		v := p[1]
		if cm := ruCharsets[cs[0]-'1']; cm != nil {
			enc, bad, ok := encodeCharmap(cm, v)
			if !ok {
				return "", fieldError(kind, p[0], fmt.Sprintf("%q cannot be written in %s (charset %s); use charset 2 (UTF-8)", bad, cm, cs))
			}
			v = enc
		}
		b.WriteString(sep + v)
		if i == 4 && b.Len() > 300 {
			return "", fieldError(kind, longest(f, "name", "bankname"), fmt.Sprintf("the mandatory part is %d bytes; GOST allows 300", b.Len()))
		}
	}
	return b.String(), nil
}

// parseRuPayment reads a GOST R 56042 payment; requisite names match
// without regard to case, unknown ones are left out, and a trailing
// separator is tolerated.
func parseRuPayment(text string, _ *notes) (Fields, bool) {
	if len(text) < 9 || !strings.HasPrefix(text, "ST0001") || text[6] < '1' || text[6] > '3' {
		return nil, false
	}
	cs := text[6:7]
	if cm := ruCharsets[cs[0]-'1']; cm != nil && !utf8.ValidString(text) {
		text = decodeCharmap(cm, text)
	}
	sep, size := utf8.DecodeRuneInString(text[7:])
	keys := map[string]string{"name": "name", "personalacc": "personalacc", "bankname": "bankname", "bic": "bic", "correspacc": "correspacc"}
	for _, o := range ruOptional {
		keys[strings.ToLower(o.key)] = strings.ToLower(o.key)
	}
	f := Fields{}
	for _, p := range strings.Split(text[7+size:], string(sep)) {
		if p == "" {
			continue
		}
		k, v, ok := strings.Cut(p, "=")
		if !ok {
			return nil, false
		}
		name, known := keys[strings.ToLower(k)]
		if !known {
			continue
		}
		if _, dup := f[name]; dup {
			return nil, false
		}
		f[name] = v
	}
	if cs != "2" {
		f["charset"] = cs
	}
	return f, true
}
