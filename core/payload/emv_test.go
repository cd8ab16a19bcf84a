package payload

import (
	"fmt"
	"strings"
	"testing"

	"qrkeyless/core/emv"
)

var emvExamples = []example{
	// §2.35 pix: the BCB manual's static sample (CRC 1D3D) and docs/payloads.md's example with amount and txid.
	{kind: "pix", fields: Fields{"key": "123e4567-e12b-12d1-a456-426655440000", "name": "Fulano de Tal", "city": "BRASILIA"},
		text: "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D"},
	{kind: "pix", fields: Fields{"key": "+5561912345678", "name": "Loja Exemplo", "city": "São Paulo", "amount": "25.90", "txid": "PEDIDO42"},
		text:   "00020126360014br.gov.bcb.pix0114+5561912345678520400005303986540525.905802BR5912Loja Exemplo6009Sao Paulo62120508PEDIDO426304F715",
		parsed: Fields{"key": "+5561912345678", "name": "Loja Exemplo", "city": "Sao Paulo", "amount": "25.90", "txid": "PEDIDO42"}},

	// §2.36 promptpay: identical to promptpay-parse's published vector (CRC 42BE).
	{kind: "promptpay", fields: Fields{"target": "080-111-1111", "amount": "20.15"},
		text:   "00020101021229370016A0000006770101110113006680111111153037645802TH540520.15630442BE",
		parsed: Fields{"target": "0801111111", "amount": "20.15"}},

	// §2.37 paynow
	{kind: "paynow", fields: Fields{"proxytype": "uen", "proxy": "201403121W", "amount": "12.50", "reference": "INV-1001", "name": "ACME PTE LTD"},
		text: "00020101021226370009SG.PAYNOW010120210201403121W03010520400005303702540512.505802SG5912ACME PTE LTD6009Singapore62120108INV-10016304373C"},
}

func TestEMVExamples(t *testing.T) { checkExamples(t, emvExamples) }

// The CRC is over everything before it including "6304", as 4 upper-case
// hex digits (§2.35): check every built payload against emv.CRC of its body,
// and the fixed structure docs/payloads.md lists (00 first, 63 last).
func TestEMVStructure(t *testing.T) {
	for _, f := range []struct {
		kind   string
		fields Fields
	}{
		{"pix", Fields{"key": "123.456.789-09", "name": "José", "city": "Brasília", "description": "Pedido 42"}},
		{"promptpay", Fields{"target": "1234567890123"}},
		{"promptpay", Fields{"target": "+66 81 234 5678", "amount": "1"}},
		{"paynow", Fields{"proxytype": "mobile", "proxy": "9123 4567", "expiry": "2025-12-31"}},
	} {
		text, err := Build(f.kind, f.fields)
		if err != nil {
			t.Errorf("%s.Build(%q): %v", f.kind, f.fields, err)
			continue
		}
		body, crc := text[:len(text)-4], text[len(text)-4:]
		if !strings.HasPrefix(text, "000201") || !strings.HasSuffix(body, "6304") {
			t.Errorf("%s: %q is not 000201 … 6304XXXX", f.kind, text)
		}
		if _, ok := emv.Read(body[:len(body)-4]); !ok {
			t.Errorf("%s: %q has a TLV length that does not match its value", f.kind, text)
		}
		if want := fmt.Sprintf("%04X", emv.CRC(body)); crc != want {
			t.Errorf("%s: CRC %s, want %s", f.kind, crc, want)
		}
	}
}

func TestEMVRules(t *testing.T) {
	for _, c := range []struct {
		kind    string
		fields  Fields
		has     []string // TLV pieces the payload must hold
		wantErr string
	}{
		// promptpay: mobile 0XXXXXXXXX → 0066 + number without its 0 (13 digits), 13-digit id in 02, 15-digit e-wallet in 03; 010211 without an amount.
		{kind: "promptpay", fields: Fields{"target": "0812345678"}, has: []string{"010211", "01130066812345678"}},
		{kind: "promptpay", fields: Fields{"target": "1234567890123"}, has: []string{"02131234567890123"}},
		{kind: "promptpay", fields: Fields{"target": "123456789012345"}, has: []string{"0315123456789012345"}},
		// pix: txid defaults to ***; CPF without punctuation; e-mail and EVP keys in lower case; accents stripped.
		{kind: "pix", fields: Fields{"key": "123.456.789-09", "name": "José", "city": "Brasília"}, has: []string{"011112345678909", "5904Jose", "6008Brasilia", "62070503***"}},
		{kind: "pix", fields: Fields{"key": "Fulano@Example.com", "name": "F", "city": "X"}, has: []string{"0118fulano@example.com"}},
		{kind: "pix", fields: Fields{"key": "11.222.333/0001-81", "name": "F", "city": "X"}, has: []string{"011411222333000181"}},
		// paynow: a mobile proxy is +65 and type 0; without an amount the payer may edit it; expiry YYYYMMDD.
		{kind: "paynow", fields: Fields{"proxytype": "mobile", "proxy": "+65 9123 4567", "expiry": "2025-12-31"}, has: []string{"010211", "0009SG.PAYNOW010100211+659123456703011040820251231", "5902NA"}},
		{kind: "paynow", fields: Fields{"proxytype": "uen", "proxy": "201403121W", "amount": "1", "editable": "true"}, has: []string{"010212", "03011", "54041.00"}},
	} {
		text, err := Build(c.kind, c.fields)
		if err != nil {
			t.Errorf("%s.Build(%q): %v", c.kind, c.fields, err)
			continue
		}
		for _, h := range c.has {
			if !strings.Contains(text, h) {
				t.Errorf("%s.Build(%q) = %q, lacks %q", c.kind, c.fields, text, h)
			}
		}
	}
}

func TestEMVRefusals(t *testing.T) {
	pix := Fields{"key": "123e4567-e12b-12d1-a456-426655440000", "name": "Fulano de Tal", "city": "BRASILIA"}
	checkRefusals(t, []refusal{
		{"pix", with(pix, "key", ""), "key", "required"},
		{"pix", with(pix, "key", "123.456.789-08"), "key", "CPF check digits"},
		{"pix", with(pix, "key", "11.222.333/0001-80"), "key", "CNPJ check digits"},
		{"pix", with(pix, "key", "11111111111"), "key", "CPF"},
		{"pix", with(pix, "key", "+4915112345678"), "key", "+55"},
		{"pix", with(pix, "key", "hello"), "key", "not a Pix key"},
		{"pix", with(pix, "name", strings.Repeat("n", 26)), "name", "at most 25"},
		{"pix", with(pix, "city", "São José dos Campos"), "city", "at most 15"}, // 19 after stripping accents
		{"pix", with(pix, "name", "東京"), "name", "Latin"},
		{"pix", with(pix, "amount", "25.9.0"), "amount", "not a decimal"},
		{"pix", with(pix, "amount", "12345678901"), "amount", "at most 10 digits"}, // tag 54 is at most 13 characters
		{"pix", with(pix, "txid", "PEDIDO-42"), "txid", "letters and digits"},
		{"pix", with(pix, "description", strings.Repeat("d", 60)), "description", "99"}, // tag 26 would be 116
		{"promptpay", Fields{"target": "12345"}, "target", "not a PromptPay id"},
		{"promptpay", Fields{"target": "0801111111", "amount": "-1"}, "amount", "greater than 0"},
		{"paynow", Fields{"proxy": "201403121W"}, "proxytype", "required"},
		{"paynow", Fields{"proxytype": "nric", "proxy": "201403121W"}, "proxytype", "mobile or uen"},
		{"paynow", Fields{"proxytype": "mobile", "proxy": "201403121W"}, "proxy", "+65"},
		{"paynow", Fields{"proxytype": "uen", "proxy": "+6591234567"}, "proxy", "UEN"},
		{"paynow", Fields{"proxytype": "uen", "proxy": "201403121W", "expiry": "2025-13-01"}, "expiry", "date"},
		{"paynow", Fields{"proxytype": "uen", "proxy": "201403121W", "editable": "maybe"}, "editable", "true or false"},
		{"paynow", Fields{"proxytype": "uen", "proxy": "201403121W", "name": strings.Repeat("n", 26)}, "name", "at most 25"},
	})
}

func TestEMVScans(t *testing.T) {
	pixSample := emvExamples[0].text
	checkScans(t, []scan{
		{"pix", pixSample[:len(pixSample)-4] + "1D3E", nil},                   // wrong CRC
		{"pix", pixSample[:len(pixSample)-4] + "1d3d", emvExamples[0].fields}, // the CRC's hex digits in either case
		// A dynamic BR Code carries a URL in 25, no key.
		{"pix", emv.Payload(tlv("00", "01"), tlv("26", emv.Write(tlv("00", "br.gov.bcb.pix"), tlv("25", "pix.example.com/qr/v2/abc"))), tlv("52", "0000"), tlv("53", "986"), tlv("58", "BR"), tlv("59", "F"), tlv("60", "X"), tlv("62", emv.Write(tlv("05", "***")))), nil},
		{"promptpay", emvExamples[2].text, Fields{"target": "0801111111", "amount": "20.15"}},
		{"promptpay", emvExamples[3].text, nil}, // a PayNow code
		{"paynow", emvExamples[2].text, nil},
		// An SGQR with another scheme's template before PayNow's.
		{"paynow", emv.Payload(tlv("00", "01"), tlv("01", "11"), tlv("26", emv.Write(tlv("00", "com.example.wallet"), tlv("01", "X1"))),
			tlv("27", emv.Write(tlv("00", "SG.PAYNOW"), tlv("01", "2"), tlv("02", "201403121W"), tlv("03", "1"))),
			tlv("52", "0000"), tlv("53", "702"), tlv("58", "SG"), tlv("59", "ACME"), tlv("60", "Singapore")),
			Fields{"proxytype": "uen", "proxy": "201403121W", "name": "ACME"}},
	})
}

func FuzzEMVParse(f *testing.F) {
	var seeds []string
	for _, ex := range emvExamples {
		seeds = append(seeds, ex.text)
	}
	fuzzParsers(f, []string{"pix", "promptpay", "paynow"}, append(seeds, "000201", "0002016304", "00020126990014br.gov.bcb.pix6304")...)
}
