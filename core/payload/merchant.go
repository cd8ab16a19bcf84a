package payload

// EMVCo merchant-presented QR codes beyond pix, promptpay and paynow: a
// generic builder for any scheme a caller names (emv-merchant), and on it
// the national schemes of South-East Asia: VietQR (Vietnam, NAPAS), QRIS
// (Indonesia), DuitNow (Malaysia) and KHQR (Cambodia, Bakong). The layout
// is EMVCo's "QR Code Specification for Payment Systems, Merchant-Presented
// Mode" v1.1; docs/payloads.md §2.40-2.44 gives each scheme's rules and the
// published samples the tests reproduce.

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"qrkeyless/core/emv"
)

func init() { register(emvMerchantKind, vietqrKind, qrisKind, duitnowKind, khqrKind) }

// mccField is the ISO 18245 category (tag 52) that qris and duitnow
// require.
var mccField = Field{Name: "mcc", Label: "Merchant category code", Help: "ISO 18245, 4 digits.", Required: true, Format: FormatText, Example: "5812"}

// merchantName is tag 59 of a national scheme's code, as nameCity
// reads it.
func merchantName(label, example string) Field {
	return Field{Name: "name", Label: label, Help: "Up to 25 characters.", Required: true, Format: FormatText, Example: example}
}

// merchantCity is tag 60, as nameCity reads it.
func merchantCity(example string) Field {
	return Field{Name: "city", Label: "City", Help: "Up to 15 characters.", Required: true, Format: FormatText, Example: example}
}

// postalField is tag 61 where a scheme asks for a 5-digit postal code.
func postalField(example string) Field {
	return Field{Name: "postal", Label: "Postal code", Help: "5 digits.", Format: FormatText, Example: example}
}

var emvMerchantKind = &Kind{
	Name:     "emv-merchant",
	Title:    "EMV merchant code (any scheme)",
	Help:     "An EMVCo merchant-presented payment code for any scheme you name by its GUID or AID; banking apps of that scheme pay it.",
	Priority: PriorityEMV,
	Fields: []Field{
		{Name: "gui", Label: "Scheme GUID or AID", Help: "The merchant account template's identifier, sub-tag 00: a reverse domain (com.example.pay) or an AID (A000000727).", Required: true, Format: FormatText, Example: "com.example.pay"},
		{Name: "template", Label: "Template tag", Help: "Tag of the merchant account template, 02 to 51 (26 when not given; 02 to 25 are the card networks').", Format: FormatText, Example: "26"},
		{Name: "account", Label: "Account sub-fields", Help: "The template's other sub-fields as tag=value pairs separated by ;, e.g. 01=MERCHANT42;02=STORE7.", Required: true, Format: FormatText, Example: "01=MERCHANT42;02=STORE7"},
		{Name: "mcc", Label: "Merchant category code", Help: "ISO 18245, 4 digits; 0000 when not given.", Format: FormatText, Example: "5812"},
		{Name: "currency", Label: "Currency", Help: "ISO 4217: 3 digits (840) or letters (USD).", Required: true, Format: FormatText, Example: "840"},
		{Name: "amount", Label: "Amount", Help: "Leave empty to let the payer type it.", Format: FormatDecimal, Example: "12.50"},
		{Name: "country", Label: "Country", Help: "ISO 3166-1 alpha-2, e.g. US.", Required: true, Format: FormatText, Example: "US"},
		{Name: "name", Label: "Merchant name", Help: "Up to 25 characters; accents are dropped.", Required: true, Format: FormatText, Example: "CORNER CAFE"},
		{Name: "city", Label: "Merchant city", Help: "Up to 15 characters; accents are dropped.", Required: true, Format: FormatText, Example: "SPRINGFIELD"},
		{Name: "postal", Label: "Postal code", Help: "Up to 10 characters.", Format: FormatText, Example: "12345"},
		{Name: "bill", Label: "Bill number", Help: "Up to 25 characters (tag 62, 01).", Format: FormatText, Example: "INV1001"},
		{Name: "reference", Label: "Reference label", Help: "Up to 25 characters (tag 62, 05).", Format: FormatText, Example: "ORDER42"},
		{Name: "terminal", Label: "Terminal label", Help: "Up to 25 characters (tag 62, 07).", Format: FormatText, Example: "T01"},
		{Name: "purpose", Label: "Purpose", Help: "Up to 25 characters (tag 62, 08).", Format: FormatText, Example: "Lunch"},
		{Name: "dynamic", Label: "One-time code", Help: "true writes point of initiation 12 (a code for one payment), false 11 (reusable). Not set: 12 with an amount, 11 without.", Format: FormatBool, Example: "false"},
	},
	Build:  buildEMVMerchant,
	strict: true,
}

var vietqrKind = &Kind{
	Name:  "vietqr",
	Title: "VietQR transfer (Vietnam)",
	Help:  "A NAPAS VietQR code: Vietnamese banking apps transfer to the account, the amount and message filled in if given.",
	Fields: []Field{
		{Name: "bank", Label: "Bank BIN", Help: "The bank's 6-digit NAPAS BIN (acquirer id), e.g. 970436 for Vietcombank.", Required: true, Format: FormatText, Example: "970436"},
		{Name: "account", Label: "Account or card number", Help: "Up to 19 letters and digits.", Required: true, Format: FormatText, Example: "1012345678"},
		{Name: "service", Label: "Pay to", Help: "account (default) or card.", Format: FormatEnum, Enum: []string{"account", "card"}, Choices: []string{"Bank account", "Card number"}, Example: "account"},
		{Name: "amount", Label: "Amount (VND)", Help: "Whole dong; leave empty to let the payer type it.", Format: FormatInteger, Example: "50000"},
		{Name: "message", Label: "Message", Help: "Up to 25 characters; accents are dropped (tag 62, 08).", Format: FormatText, Example: "Thanh toan don 42"},
		{Name: "bill", Label: "Bill number", Help: "Up to 25 characters (tag 62, 01).", Format: FormatText, Example: "NPS6869"},
	},
	Build:  buildVietQR,
	strict: true,
}

var qrisKind = &Kind{
	Name:  "qris",
	Title: "QRIS payment (Indonesia)",
	Help:  "A QRIS merchant code: every Indonesian banking and e-wallet app pays the merchant, the amount filled in if given.",
	Fields: []Field{
		{Name: "acquirer", Label: "Acquirer domain", Help: "The merchant's payment provider, as its reverse domain, e.g. ID.CO.SHOPEE.WWW.", Required: true, Format: FormatText, Example: "ID.CO.SHOPEE.WWW"},
		{Name: "pan", Label: "Merchant PAN", Help: "16 to 19 digits starting 9360, from the provider.", Required: true, Format: FormatText, Example: "936009180000000018"},
		{Name: "merchantid", Label: "Merchant id", Help: "The provider's merchant id, up to 15 characters.", Required: true, Format: FormatText, Example: "123456789012345"},
		{Name: "nmid", Label: "NMID", Help: "National merchant id: ID and 13 digits.", Required: true, Format: FormatText, Example: "ID1020021234567"},
		{Name: "criteria", Label: "Merchant criteria", Help: "UMI micro, UKE small, UME medium, UBE large, URE regular.", Required: true, Format: FormatEnum, Enum: qrisCriteria, Choices: []string{"Micro (UMI)", "Small (UKE)", "Medium (UME)", "Large (UBE)", "Regular (URE)"}, Example: "UMI"},
		mccField,
		merchantName("Merchant name", "WARUNG MAKAN SEDERHANA"),
		merchantCity("JAKARTA"),
		required(postalField("10110")),
		{Name: "amount", Label: "Amount (IDR)", Help: "Whole rupiah; leave empty for a static code the payer types an amount into.", Format: FormatInteger, Example: "25000"},
		{Name: "terminal", Label: "Terminal label", Help: "Up to 25 characters (tag 62, 07).", Format: FormatText, Example: "A01"},
	},
	Build:  buildQRIS,
	strict: true,
}

var duitnowKind = &Kind{
	Name:  "duitnow",
	Title: "DuitNow QR (Malaysia)",
	Help:  "A DuitNow QR merchant code: Malaysian banking and e-wallet apps pay the merchant, the amount filled in if given.",
	Fields: []Field{
		{Name: "acquirer", Label: "Acquirer id", Help: "The acquiring institution's 6-digit PayNet participant code, e.g. 501664.", Required: true, Format: FormatText, Example: "501664"},
		{Name: "merchantid", Label: "Merchant id", Help: "The merchant's QR id with the acquirer, up to 28 letters and digits.", Required: true, Format: FormatText, Example: "123456789"},
		mccField,
		merchantName("Merchant name", "KEDAI KOPI ALI"),
		merchantCity("KUALA LUMPUR"),
		postalField("50450"),
		{Name: "amount", Label: "Amount (MYR)", Help: "Leave empty to let the payer type it.", Format: FormatDecimal, Example: "12.50"},
		{Name: "reference", Label: "Reference", Help: "Up to 25 characters (tag 62, 05).", Format: FormatText, Example: "INV1001"},
		{Name: "dynamic", Label: "One-time code", Help: "true writes point of initiation 12 (a code for one payment); PayNet's static codes, with an amount or not, are 11.", Format: FormatBool, Example: "false"},
	},
	Build:  buildDuitNow,
	strict: true,
}

var khqrKind = &Kind{
	Name:  "khqr",
	Title: "KHQR payment (Cambodia)",
	Help:  "A Bakong KHQR code: Cambodian banking apps pay the Bakong account, in riel or dollars, the amount filled in if given.",
	Fields: []Field{
		{Name: "account", Label: "Bakong account id", Help: "name@bank, up to 32 characters.", Required: true, Format: FormatText, Example: "jonhsmith@nbcq"},
		{Name: "type", Label: "Account type", Help: "individual (tag 29) or merchant (tag 30, needs a merchant id and bank); not set: merchant with a merchant id, else individual.", Format: FormatEnum, Enum: []string{"individual", "merchant"}, Choices: []string{"Individual", "Merchant"}, Example: "merchant"},
		{Name: "merchantid", Label: "Merchant id", Help: "Merchant accounts only: up to 32 characters.", Format: FormatText, Example: "123456"},
		{Name: "bank", Label: "Acquiring bank", Help: "Up to 32 characters; needed for a merchant account.", Format: FormatText, Example: "Dev Bank"},
		merchantName("Name", "Jonh Smith"),
		merchantCity("Phnom Penh"),
		{Name: "currency", Label: "Currency", Help: "KHR (default) or USD.", Format: FormatEnum, Enum: []string{"KHR", "USD"}, Example: "KHR"},
		{Name: "amount", Label: "Amount", Help: "KHR in whole riel, USD with up to 2 decimals; leave empty to let the payer type it.", Format: FormatDecimal, Example: "5000"},
		{Name: "bill", Label: "Bill number", Help: "Up to 25 characters (tag 62, 01).", Format: FormatText, Example: "INV-2026-001"},
		{Name: "expires", Label: "Expires", Help: "With an amount, required: when the one-time code stops being payable (tag 99, 01).", Format: FormatDateTime, Example: "2026-12-31T23:59:00+07:00"},
		{Name: "created", Label: "Created", Help: "With an amount: when the code was made (tag 99, 00); not set: a day before it expires.", Format: FormatDateTime, Example: "2026-12-31T12:00:00+07:00"},
	},
	Build:  buildKHQR,
	strict: true,
}

// PriorityEMV orders emv-merchant after every kind of a named scheme, so
// that it reads only the EMV codes none of them claims.
const PriorityEMV = 40

// buildEMVMerchant writes a code for any scheme: one merchant account
// template of the caller's, and the common data objects.
func buildEMVMerchant(f Fields) (string, error) {
	const kind = "emv-merchant"
	var m emv.Merchant
	gui := fv(f, "gui")
	if gui == "" || len(gui) > 32 || !isPrintableASCII(gui) {
		return "", fieldError(kind, "gui", "the scheme's GUID or AID is required: up to 32 characters, e.g. A000000727")
	}
	tag := fv(f, "template")
	if tag == "" {
		tag = "26"
	}
	if n, err := strconv.Atoi(tag); err != nil || len(tag) != 2 || n < 2 || n > 51 {
		return "", fieldError(kind, "template", "template must be a tag from 02 to 51, e.g. 26")
	}
	sub := []emv.Object{tlv("00", gui)}
	for _, pair := range strings.Split(fv(f, "account"), ";") {
		pair = strings.TrimSpace(pair)
		if pair == "" {
			continue
		}
		t, v, ok := strings.Cut(pair, "=")
		if !ok || len(t) != 2 || !isDigits(t) || t == "00" || v == "" || len(v) > 99 || !isPrintableASCII(v) {
			return "", fieldError(kind, "account", "account must be sub-fields as tag=value pairs separated by ;, tags 01 to 99, e.g. 01=0123456789;02=QRIBFTTA")
		}
		for _, o := range sub {
			if o.Tag == t {
				return "", fieldError(kind, "account", "sub-field "+t+" is given twice")
			}
		}
		sub = append(sub, tlv(t, v))
	}
	if len(sub) == 1 {
		return "", fieldError(kind, "account", "account needs at least one sub-field besides the GUID, e.g. 01=0123456789")
	}
	sort.Slice(sub, func(i, j int) bool { return sub[i].Tag < sub[j].Tag })
	if n := len(emv.Write(sub...)); n > 99 {
		return "", fieldError(kind, "account", fmt.Sprintf("the template is %d characters; at most 99 fit", n))
	}
	m.Accounts = []emv.Object{tlv(tag, emv.Write(sub...))}
	var err error
	if m.Category, err = mcc(kind, f, "0000"); err != nil {
		return "", err
	}
	cur, frac, err := currencyCode(kind, fv(f, "currency"))
	if err != nil {
		return "", err
	}
	m.Currency = cur
	if s := fv(f, "amount"); s != "" {
		if m.Amount, err = merchantAmount(kind, "amount", s, frac); err != nil {
			return "", err
		}
	}
	if c := strings.ToUpper(fv(f, "country")); len(c) != 2 || !isUpper(c) {
		return "", fieldError(kind, "country", "country must be 2 letters (ISO 3166-1), e.g. VN")
	} else {
		m.Country = c
	}
	if err = nameCity(kind, f, &m); err != nil {
		return "", err
	}
	if m.Postal, err = merchantText(kind, f, "postal", 10); err != nil {
		return "", err
	}
	for _, a := range []struct{ field, tag string }{{"bill", "01"}, {"reference", "05"}, {"terminal", "07"}, {"purpose", "08"}} {
		v, err := merchantText(kind, f, a.field, 25)
		if err != nil {
			return "", err
		}
		if v != "" {
			m.Additional = append(m.Additional, tlv(a.tag, v))
		}
	}
	dynamic, err := flagOr(kind, f, "dynamic", m.Amount != "")
	if err != nil {
		return "", err
	}
	m.Initiation = initiation(dynamic)
	return m.Payload(), nil
}

// readEMVMerchant reads any merchant-presented code whose layout the
// generic builder writes, and notes every data object by name; a wrong
// CRC is read, and noted, since a scanner that checks it refuses the code.
func readEMVMerchant(text string, ns *notes) (Fields, bool) {
	m, _, ok := emv.Parse(text)
	if !ok {
		return nil, false
	}
	*ns = append(*ns, emvNotes(text)...)
	f := Fields{"mcc": m["52"], "currency": m["53"], "amount": m["54"], "country": m["58"], "name": m["59"], "city": m["60"], "postal": m["61"]}
	switch poi := m["01"]; { // only where it differs from the default: 12 with an amount, 11 without
	case poi == "11" && m["54"] != "":
		f["dynamic"] = "false"
	case poi == "12" && m["54"] == "":
		f["dynamic"] = "true"
	}
	for tag := 2; tag <= 51; tag++ {
		v, ok := m[fmt.Sprintf("%02d", tag)]
		if !ok {
			continue
		}
		if f["gui"] != "" {
			ns.add("account", fmt.Sprintf("template %02d is left out: the builder writes one merchant account template", tag))
			continue
		}
		objs, ok := emv.Read(v)
		if !ok || len(objs) < 2 || objs[0].Tag != "00" {
			continue
		}
		var pairs []string
		for _, o := range objs[1:] {
			pairs = append(pairs, o.Tag+"="+o.Value)
		}
		f["gui"], f["account"] = objs[0].Value, strings.Join(pairs, ";")
		if tag != 26 {
			f["template"] = fmt.Sprintf("%02d", tag)
		}
	}
	if add, ok := m.Sub("62"); ok {
		f["bill"], f["reference"], f["terminal"], f["purpose"] = add["01"], add["05"], add["07"], add["08"]
	}
	return f, f["gui"] != ""
}

// VietQR: NAPAS's GUID and service codes (NAPAS VietQR specification).
const (
	napasGUID   = "A000000727"
	napasToAcct = "QRIBFTTA"
	napasToCard = "QRIBFTTC"
)

// buildVietQR writes a NAPAS VietQR code: tag 38 holds the bank's BIN and
// the account (or card) and the service code; VND, VN; the message in
// tag 62's purpose. NAPAS writes no merchant name or city (tags 59 and 60
// are optional in VietQR), and neither do we.
func buildVietQR(f Fields) (string, error) {
	const kind = "vietqr"
	bin := fv(f, "bank")
	if len(bin) != 6 || !isDigits(bin) {
		return "", fieldError(kind, "bank", "bank must be the 6-digit NAPAS BIN, e.g. 970436")
	}
	acct := strings.ReplaceAll(fv(f, "account"), " ", "")
	if acct == "" || len(acct) > 19 || !isAlnum(acct) {
		return "", fieldError(kind, "account", "account must be 1 to 19 letters and digits")
	}
	service := napasToAcct
	switch strings.ToLower(fv(f, "service")) {
	case "", "account":
	case "card":
		service = napasToCard
	default:
		return "", fieldError(kind, "service", "service must be account or card")
	}
	m := emv.Merchant{Initiation: emv.Static, Currency: "704", Country: "VN",
		Accounts: []emv.Object{tlv("38", emv.Write(tlv("00", napasGUID), tlv("01", emv.Write(tlv("00", bin), tlv("01", acct))), tlv("02", service)))}}
	if s := fv(f, "amount"); s != "" {
		var err error
		if m.Amount, err = merchantAmount(kind, "amount", s, 0); err != nil {
			return "", err
		}
		m.Initiation = emv.Dynamic
	}
	for _, a := range []struct{ field, tag string }{{"bill", "01"}, {"message", "08"}} {
		v, err := merchantText(kind, f, a.field, 25)
		if err != nil {
			return "", err
		}
		if v != "" {
			m.Additional = append(m.Additional, tlv(a.tag, v))
		}
	}
	return m.Payload(), nil
}

func parseVietQR(text string, _ *notes) (Fields, bool) {
	m, ok := emvParse(text)
	if !ok || m["53"] != "704" || m["58"] != "VN" {
		return nil, false
	}
	acc, ok := m.AccountAt("38", napasGUID)
	if !ok {
		return nil, false
	}
	ben, ok := acc.Sub("01")
	if !ok {
		return nil, false
	}
	f := Fields{"bank": ben["00"], "account": ben["01"], "amount": m["54"]}
	switch acc["02"] {
	case napasToAcct:
	case napasToCard:
		f["service"] = "card"
	default:
		return nil, false
	}
	if add, ok := m.Sub("62"); ok {
		f["message"], f["bill"] = add["08"], add["01"]
	}
	return f, true
}

// qrisCriteria are the merchant criteria of sub-tag 03: micro, small,
// medium, large and regular.
var qrisCriteria = []string{"UMI", "UKE", "UME", "UBE", "URE"}

// qrisGUID names QRIS's national template, tag 51 (ASPI, QRIS standard).
const qrisGUID = "ID.CO.QRIS.WWW"

// buildQRIS writes a QRIS code: the provider's template in tag 26 (its
// domain, the merchant PAN, its merchant id and the criteria) and the
// national one in tag 51 (the NMID and the criteria); IDR, ID. A code
// with an amount is dynamic (12).
func buildQRIS(f Fields) (string, error) {
	const kind = "qris"
	acq := strings.ToUpper(fv(f, "acquirer"))
	if !strings.Contains(acq, ".") || len(acq) > 32 || !isPrintableASCII(acq) || strings.ContainsAny(acq, " |") {
		return "", fieldError(kind, "acquirer", "acquirer must be the provider's reverse domain, e.g. ID.CO.BANKMANDIRI.WWW or COM.DOKU.WWW, up to 32 characters")
	}
	pan := fv(f, "pan")
	if len(pan) < 16 || len(pan) > 19 || !isDigits(pan) || !strings.HasPrefix(pan, "9360") {
		return "", fieldError(kind, "pan", "merchant PAN must be 16 to 19 digits starting 9360")
	}
	mid := fv(f, "merchantid")
	if mid == "" || len(mid) > 15 || !isAlnum(mid) {
		return "", fieldError(kind, "merchantid", "merchant id must be 1 to 15 letters and digits")
	}
	nmid := strings.ToUpper(fv(f, "nmid"))
	if len(nmid) != 15 || !strings.HasPrefix(nmid, "ID") || !isDigits(nmid[2:]) {
		return "", fieldError(kind, "nmid", "NMID must be ID and 13 digits, e.g. ID1020021234567")
	}
	crit := strings.ToUpper(fv(f, "criteria"))
	if !slices.Contains(qrisCriteria, crit) {
		return "", fieldError(kind, "criteria", "criteria must be UMI, UKE, UME, UBE or URE")
	}
	m := emv.Merchant{Initiation: emv.Static, Currency: "360", Country: "ID",
		Accounts: []emv.Object{
			tlv("26", emv.Write(tlv("00", acq), tlv("01", pan), tlv("02", mid), tlv("03", crit))),
			tlv("51", emv.Write(tlv("00", qrisGUID), tlv("02", nmid), tlv("03", crit))),
		}}
	var err error
	if m.Category, err = mcc(kind, f, ""); err != nil {
		return "", err
	}
	if s := fv(f, "amount"); s != "" {
		if m.Amount, err = merchantAmount(kind, "amount", s, 0); err != nil {
			return "", err
		}
		m.Initiation = emv.Dynamic
	}
	if err = nameCity(kind, f, &m); err != nil {
		return "", err
	}
	if m.Postal = fv(f, "postal"); len(m.Postal) != 5 || !isDigits(m.Postal) {
		return "", fieldError(kind, "postal", "postal code must be 5 digits")
	}
	term, err := merchantText(kind, f, "terminal", 25)
	if err != nil {
		return "", err
	}
	if term != "" {
		m.Additional = []emv.Object{tlv("07", term)}
	}
	return m.Payload(), nil
}

func parseQRIS(text string, _ *notes) (Fields, bool) {
	m, ok := emvParse(text)
	if !ok || m["53"] != "360" || m["58"] != "ID" {
		return nil, false
	}
	nat, ok := m.AccountAt("51", qrisGUID)
	if !ok {
		return nil, false
	}
	acq, ok := m.Sub("26")
	if !ok {
		return nil, false
	}
	f := Fields{"acquirer": acq["00"], "pan": acq["01"], "merchantid": acq["02"], "nmid": nat["02"], "criteria": nat["03"],
		"mcc": m["52"], "name": m["59"], "city": m["60"], "postal": m["61"], "amount": m["54"]}
	if add, ok := m.Sub("62"); ok {
		f["terminal"] = add["07"]
	}
	return f, true
}

// duitNowGUID is PayNet's application id for DuitNow QR, sub-tag 00 of
// the merchant account template in tag 26.
const duitNowGUID = "A0000006150001"

// buildDuitNow writes a DuitNow QR merchant code: PayNet's template in tag
// 26 with the acquirer's participant code and the merchant's account;
// MYR, MY. A code with an amount is dynamic (12).
func buildDuitNow(f Fields) (string, error) {
	const kind = "duitnow"
	acq := fv(f, "acquirer")
	if len(acq) != 6 || !isDigits(acq) {
		return "", fieldError(kind, "acquirer", "acquirer must be the 6-digit PayNet participant code")
	}
	mid := fv(f, "merchantid")
	if mid == "" || len(mid) > 28 || !isAlnum(mid) {
		return "", fieldError(kind, "merchantid", "merchant id must be 1 to 28 letters and digits")
	}
	m := emv.Merchant{Format: "02", Currency: "458", Country: "MY", Accounts: []emv.Object{tlv("26", emv.Write(tlv("00", duitNowGUID), tlv("01", acq), tlv("02", mid)))}}
	var err error
	if m.Category, err = mcc(kind, f, ""); err != nil {
		return "", err
	}
	if s := fv(f, "amount"); s != "" {
		if m.Amount, err = emvAmount(kind, s); err != nil {
			return "", err
		}
	}
	dynamic, err := flagOr(kind, f, "dynamic", false)
	if err != nil {
		return "", err
	}
	m.Initiation = initiation(dynamic)
	if err = nameCity(kind, f, &m); err != nil {
		return "", err
	}
	if m.Postal = fv(f, "postal"); m.Postal != "" && (len(m.Postal) != 5 || !isDigits(m.Postal)) {
		return "", fieldError(kind, "postal", "postal code must be 5 digits")
	}
	ref, err := merchantText(kind, f, "reference", 25)
	if err != nil {
		return "", err
	}
	if ref != "" {
		m.Additional = []emv.Object{tlv("05", ref)}
	}
	return m.Payload(), nil
}

func parseDuitNow(text string, _ *notes) (Fields, bool) {
	m, crcOK, ok := emv.Parse(text)
	if !ok || !crcOK || !strings.HasPrefix(text, "000202") || m["53"] != "458" || m["58"] != "MY" {
		return nil, false
	}
	acc, ok := m.AccountAt("26", duitNowGUID)
	if !ok {
		return nil, false
	}
	f := Fields{"acquirer": acc["01"], "merchantid": acc["02"], "mcc": m["52"], "name": m["59"], "city": m["60"], "postal": m["61"], "amount": m["54"]}
	if m["01"] == "12" {
		f["dynamic"] = "true"
	}
	if add, ok := m.Sub("62"); ok {
		f["reference"] = add["05"]
	}
	return f, true
}

// buildKHQR writes a Bakong KHQR code (NBC, KHQR specification): an
// individual account in tag 29, a merchant's in tag 30 with its merchant
// id and bank; KHR (116) or USD (840), KH. A code with an amount is
// dynamic (12). The creation timestamp of tag 99, which Bakong's own SDK
// adds, is left out: the same request must give the same code.
func buildKHQR(f Fields) (string, error) {
	const kind = "khqr"
	acct := fv(f, "account")
	if at := strings.Index(acct, "@"); at < 1 || at == len(acct)-1 || len(acct) > 32 || !isPrintableASCII(acct) || strings.ContainsAny(acct, " ") {
		return "", fieldError(kind, "account", "account must be a Bakong account id, name@bank, up to 32 characters")
	}
	sub := []emv.Object{tlv("00", acct)}
	tag := "29"
	typ := strings.ToLower(fv(f, "type"))
	if typ == "" && fv(f, "merchantid") != "" {
		typ = "merchant" // a merchant id says which
	}
	switch typ {
	case "", "individual":
		if s := fv(f, "merchantid"); s != "" {
			return "", fieldError(kind, "merchantid", "a merchant id is for a merchant account: set type=merchant or leave it out")
		}
	case "merchant":
		tag = "30"
		mid, err := merchantText(kind, f, "merchantid", 32)
		if err != nil || mid == "" {
			return "", orRequired(kind, "merchantid", "a merchant account's merchant id", err)
		}
		sub = append(sub, tlv("01", mid))
	default:
		return "", fieldError(kind, "type", "type must be individual or merchant")
	}
	bank, err := merchantText(kind, f, "bank", 32)
	if err != nil {
		return "", err
	}
	if tag == "30" && bank == "" {
		return "", fieldError(kind, "bank", "a merchant account needs its acquiring bank")
	}
	if bank != "" {
		sub = append(sub, tlv("02", bank))
	}
	m := emv.Merchant{Initiation: emv.Static, Category: "5999", Country: "KH", Accounts: []emv.Object{tlv(tag, emv.Write(sub...))}}
	frac := 0
	switch strings.ToUpper(fv(f, "currency")) {
	case "", "KHR":
		m.Currency = "116"
	case "USD":
		m.Currency, frac = "840", 2
	default:
		return "", fieldError(kind, "currency", "currency must be KHR or USD")
	}
	if s := fv(f, "amount"); s != "" {
		if m.Amount, err = merchantAmount(kind, "amount", s, frac); err != nil {
			return "", err
		}
		m.Initiation = emv.Dynamic
		stamps, err := khqrStamps(f)
		if err != nil {
			return "", err
		}
		m.Extra = []emv.Object{tlv("99", stamps)}
	} else if fv(f, "expires") != "" || fv(f, "created") != "" {
		return "", fieldError(kind, "expires", "a code without an amount is static and has no timestamps: give an amount or leave them out")
	}
	if err = nameCity(kind, f, &m); err != nil {
		return "", err
	}
	bill, err := merchantText(kind, f, "bill", 25)
	if err != nil {
		return "", err
	}
	if bill != "" {
		m.Additional = []emv.Object{tlv("01", bill)}
	}
	return m.Payload(), nil
}

// khqrStamps writes tag 99 of a dynamic KHQR: the creation and expiry
// times in milliseconds since 1970, 13 digits each. Bakong's SDK takes the
// creation time from the clock; here the caller gives both (or the expiry,
// and the creation is a day before it), so the same request gives the same
// code.
func khqrStamps(f Fields) (string, error) {
	const kind = "khqr"
	at := func(field string) (time.Time, error) {
		t, err := time.Parse(time.RFC3339, fv(f, field))
		if err != nil {
			return t, fieldError(kind, field, field+" must be a date and time with its offset, e.g. 2026-12-31T23:59:00+07:00")
		}
		if ms := t.UnixMilli(); ms < 1e12 || ms >= 1e13 {
			return t, fieldError(kind, field, field+" must be between 2001 and 2286")
		}
		return t, nil
	}
	if fv(f, "expires") == "" {
		return "", fieldError(kind, "expires", "a code with an amount is a one-time code: give when it expires")
	}
	expires, err := at("expires")
	if err != nil {
		return "", err
	}
	created := expires.Add(-24 * time.Hour)
	if fv(f, "created") != "" {
		if created, err = at("created"); err != nil {
			return "", err
		}
	}
	if !created.Before(expires) {
		return "", fieldError(kind, "created", "created must be before expires")
	}
	return emv.Write(tlv("00", fmt.Sprint(created.UnixMilli())), tlv("01", fmt.Sprint(expires.UnixMilli()))), nil
}

func parseKHQR(text string, _ *notes) (Fields, bool) {
	m, ok := emvParse(text)
	if !ok || m["58"] != "KH" {
		return nil, false
	}
	f := Fields{"name": m["59"], "city": m["60"], "amount": m["54"]}
	switch m["53"] {
	case "116":
	case "840":
		f["currency"] = "USD"
	default:
		return nil, false
	}
	sub, ok := m.Sub("29")
	if !ok || sub["00"] == "" {
		if sub, ok = m.Sub("30"); !ok || sub["00"] == "" {
			return nil, false
		}
		f["type"], f["merchantid"] = "merchant", sub["01"]
	}
	f["account"], f["bank"] = sub["00"], sub["02"]
	if add, ok := m.Sub("62"); ok {
		f["bill"] = add["01"]
	}
	if st, ok := m.Sub("99"); ok {
		for field, tag := range map[string]string{"created": "00", "expires": "01"} {
			if ms, err := strconv.ParseInt(st[tag], 10, 64); err == nil && len(st[tag]) == 13 {
				f[field] = time.UnixMilli(ms).UTC().Format(time.RFC3339Nano)
			}
		}
	}
	return f, true
}
