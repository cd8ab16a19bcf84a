package payload

import (
	"strings"
	"testing"
)

// Refusals of the EMV merchant kinds: each scheme's rules (lengths,
// character sets, mandatory tags), named on the field at fault.
func TestMerchantRefusals(t *testing.T) {
	generic := Fields{"gui": "com.example.pay", "account": "01=MERCHANT42", "currency": "840", "country": "US", "name": "CORNER CAFE", "city": "SPRINGFIELD"}
	viet := Fields{"bank": "970436", "account": "1012345678"}
	qris := Fields{"acquirer": "ID.CO.BANKMANDIRI.WWW", "pan": "9360000812345678901", "merchantid": "123456789012345", "nmid": "ID1020021234567",
		"criteria": "UMI", "mcc": "5812", "name": "WARUNG", "city": "JAKARTA", "postal": "10110"}
	duit := Fields{"acquirer": "890053", "merchantid": "0000000000012345", "mcc": "5812", "name": "KEDAI", "city": "KUALA LUMPUR"}
	kh := Fields{"account": "jonhsmith@nbcq", "name": "Jonh Smith", "city": "Phnom Penh"}
	checkRefusals(t, []refusal{
		{"emv-merchant", with(generic, "gui", ""), "gui", "required"},
		{"emv-merchant", with(generic, "template", "52"), "template", "02 to 51"},
		{"emv-merchant", with(generic, "account", "MERCHANT42"), "account", "tag=value"},
		{"emv-merchant", with(generic, "account", "00=X"), "account", "tag=value"},
		{"emv-merchant", with(generic, "account", "01=A;01=B"), "account", "twice"},
		{"emv-merchant", with(generic, "account", "01="+strings.Repeat("9", 90)), "account", "at most 99"},
		{"emv-merchant", with(generic, "currency", "dollars"), "currency", "ISO 4217"},
		{"emv-merchant", with(generic, "country", "USA"), "country", "2 letters"},
		{"emv-merchant", with(generic, "mcc", "581"), "mcc", "4 digits"},
		{"emv-merchant", with(generic, "name", strings.Repeat("n", 26)), "name", "at most 25"},
		{"emv-merchant", with(generic, "city", "東京"), "city", "Latin"},
		{"emv-merchant", with(generic, "currency", "VND", "amount", "500.5"), "amount", "whole number"}, // dong have no minor unit
		{"emv-merchant", with(generic, "dynamic", "maybe"), "dynamic", "true or false"},
		{"vietqr", with(viet, "bank", "97043"), "bank", "6-digit"},
		{"vietqr", with(viet, "account", strings.Repeat("1", 20)), "account", "1 to 19"},
		{"vietqr", with(viet, "service", "wallet"), "service", "account or card"},
		{"vietqr", with(viet, "amount", "10000.50"), "amount", "whole number"},
		{"vietqr", with(viet, "message", "Thanh toan don hang so 42 ngay mai"), "message", "at most 25"},
		{"qris", with(qris, "acquirer", "BANKMANDIRI"), "acquirer", "ID.CO."},
		{"qris", with(qris, "pan", "1234567890123456"), "pan", "9360"},
		{"qris", with(qris, "nmid", "ID12345"), "nmid", "13 digits"},
		{"qris", with(qris, "criteria", "BIG"), "criteria", "UMI"},
		{"qris", with(qris, "mcc", ""), "mcc", "4 digits"}, // mandatory in QRIS
		{"qris", with(qris, "postal", ""), "postal", "5 digits"},
		{"qris", with(qris, "amount", "1500.75"), "amount", "whole number"},
		{"duitnow", with(duit, "acquirer", "89005"), "acquirer", "6-digit"},
		{"duitnow", with(duit, "merchantid", "ABC-123"), "merchantid", "letters and digits"},
		{"duitnow", with(duit, "amount", "12.505"), "amount", "at most 2 decimals"},
		{"khqr", with(kh, "account", "jonhsmith"), "account", "name@bank"},
		{"khqr", with(kh, "type", "merchant"), "merchantid", "required"},
		{"khqr", with(kh, "type", "merchant", "merchantid", "123456"), "bank", "acquiring bank"},
		{"khqr", with(kh, "type", "individual", "merchantid", "123456"), "merchantid", "type=merchant"},
		{"khqr", with(kh, "merchantid", "123456"), "bank", "acquiring bank"}, // a merchant id makes it a merchant account
		{"khqr", with(kh, "currency", "EUR"), "currency", "KHR or USD"},
		{"khqr", with(kh, "amount", "100.5"), "amount", "whole number"}, // riel
		{"khqr", with(kh, "currency", "USD", "amount", "1.005"), "amount", "at most 2 decimals"},
	})
}

// Decoding any EMV code names every data object; a wrong CRC is read by
// emv-merchant and said, since scanners that check it refuse the code.
func TestEMVNotes(t *testing.T) {
	k, _ := Lookup("vietqr")
	text, err := k.Build(Fields{"bank": "970436", "account": "1012345678", "amount": "50000"})
	if err != nil {
		t.Fatal(err)
	}
	kind, _, ns := RecognizeNotes(text)
	if kind != "vietqr" {
		t.Fatalf("read as %s", kind)
	}
	var all []string
	for _, n := range ns {
		all = append(all, n.Reason)
	}
	joined := strings.Join(all, "\n")
	for _, want := range []string{"tag 38, merchant account template: sub-tag 00 globally unique id: A000000727", "tag 53, transaction currency: 704", "tag 54, transaction amount: 50000", "tag 63, CRC:"} {
		if !strings.Contains(joined, want) {
			t.Errorf("notes lack %q:\n%s", want, joined)
		}
	}
	// A wrong CRC: VietQR refuses it and the generic kind cannot write it
	// (no merchant name), so it reads as text, with the diagnosis.
	bad := text[:len(text)-4] + "0000"
	kind, _, ns = RecognizeNotes(bad)
	if kind != "text" || len(ns) < 2 || !strings.Contains(ns[0].Reason, "the CRC (tag 63) is 0000; the data before it gives "+text[len(text)-4:]) {
		t.Errorf("a wrong CRC: read as %s, notes %v", kind, ns)
	}
	// One the generic kind can write reads as emv-merchant, with the same diagnosis.
	g, _ := Lookup("emv-merchant")
	text, _ = g.Build(g.Sample())
	bad = text[:len(text)-4] + "0000"
	kind, f, ns := RecognizeNotes(bad)
	if kind != "emv-merchant" || f["gui"] != "com.example.pay" || len(ns) < 2 || !strings.Contains(ns[0].Reason, "the CRC (tag 63) is 0000") {
		t.Errorf("a wrong CRC: read as %s %v, notes %v", kind, f, ns)
	}
}

// Published samples, byte for byte (docs/payloads.md §2.41-2.44 cites each):
// the NAPAS VietQR specification's test vectors (§6.1.2-6.1.4, as quoted in
// github.com/subiz/vietqr's vietqr_test.go) and two libraries' READMEs;
// three static QRIS codes published by QRIS libraries (real merchants, not
// a specification: Bank Indonesia publishes none); PayNet's DuitNow QR
// examples 1 and 2 (docs.developer.paynet.my, merchant-presented mode);
// the two static KHQR codes of NBC's bakong-khqr 1.0.20.
var merchantExamples = []example{
	{kind: "vietqr", fields: Fields{"bank": "970403", "account": "9704031101234567", "service": "card"}, // NAPAS 6.1.2
		text: "00020101021138600010A00000072701300006970403011697040311012345670208QRIBFTTC53037045802VN63044F52"},
	{kind: "vietqr", fields: Fields{"bank": "970403", "account": "0011012345678", "amount": "180000", "bill": "NPS6869", "message": "thanh toan don hang"}, // NAPAS 6.1.3
		text: "00020101021238570010A00000072701270006970403011300110123456780208QRIBFTTA530370454061800005802VN62340107NPS68690819thanh toan don hang63042E2E"},
	{kind: "vietqr", fields: Fields{"bank": "970403", "account": "9704031101234567", "service": "card", "amount": "180000", "bill": "NPS6869", "message": "thanh toan don hang"}, // NAPAS 6.1.4
		text: "00020101021238600010A00000072701300006970403011697040311012345670208QRIBFTTC530370454061800005802VN62340107NPS68690819thanh toan don hang6304A203"},
	{kind: "vietqr", fields: Fields{"bank": "970415", "account": "0011001932418", "amount": "120000", "message": "ủng hộ lũ lụt"}, // subiz/vietqr README: accents dropped
		text:   "00020101021238570010A00000072701270006970415011300110019324180208QRIBFTTA530370454061200005802VN62170813ung ho lu lut6304C15C",
		parsed: Fields{"bank": "970415", "account": "0011001932418", "amount": "120000", "message": "ung ho lu lut"}},
	{kind: "vietqr", fields: Fields{"bank": "970416", "account": "257678859", "amount": "1000", "message": "Chuyen tien"}, // xuannghia/vietnam-qr-pay README
		text: "00020101021238530010A0000007270123000697041601092576788590208QRIBFTTA5303704540410005802VN62150811Chuyen tien6304BBB8"},
	{kind: "vietqr", fields: Fields{"bank": "970403", "account": "0011012345678"}, // NAPAS 6.1.1 as libraries write it (NAPAS's own printed string has a length typo)
		text: "00020101021138570010A00000072701270006970403011300110123456780208QRIBFTTA53037045802VN63049E6F"},

	{kind: "qris", fields: Fields{"acquirer": "ID.CO.SHOPEE.WWW", "pan": "936009180000000018", "merchantid": "18", "criteria": "UBE", "nmid": "ID2019002291555",
		"mcc": "8398", "name": "Baznas", "city": "Jakarta Pusat", "postal": "10340", "terminal": "A01"}, // pub.dev qris README
		text: "00020101021126550016ID.CO.SHOPEE.WWW01189360091800000000180202180303UBE51440014ID.CO.QRIS.WWW0215ID20190022915550303UBE5204839853033605802ID5906Baznas6013Jakarta Pusat61051034062070703A016304A402"},
	{kind: "qris", fields: Fields{"acquirer": "COM.DOKU.WWW", "pan": "936008990000002475", "merchantid": "2475", "criteria": "URE", "nmid": "ID1020039293482",
		"mcc": "5399", "name": "GUREUM SHOP", "city": "JAKARTA PUSAT", "postal": "10640", "terminal": "A01"}, // purnama/spring-qris test
		text: "00020101021126530012COM.DOKU.WWW0118936008990000002475020424750303URE51440014ID.CO.QRIS.WWW0215ID10200392934820303URE5204539953033605802ID5911GUREUM SHOP6013JAKARTA PUSAT61051064062070703A016304455C"},
	{kind: "qris", fields: Fields{"acquirer": "ID.DANA.WWW", "pan": "936009153872583491", "merchantid": "872583491", "criteria": "UMI", "nmid": "ID1025390504849",
		"mcc": "4814", "name": "Fulung Store", "city": "Kota Palembang", "postal": "30111"}, // pub.dev qris_parser README
		text: "00020101021126570011ID.DANA.WWW011893600915387258349102098725834910303UMI51440014ID.CO.QRIS.WWW0215ID10253905048490303UMI5204481453033605802ID5912Fulung Store6014Kota Palembang61053011163047279"},

	{kind: "duitnow", fields: Fields{"acquirer": "501664", "merchantid": "123456789", "mcc": "9999", "amount": "10.00", "name": "QRCSDNBHD", "city": "BANGI"}, // PayNet example 1
		text: "00020201021126410014A000000615000101065016640209123456789520499995303458540510.005802MY5909QRCSDNBHD6005BANGI6304343F"},
	{kind: "duitnow", fields: Fields{"acquirer": "501664", "merchantid": "123456789", "mcc": "0000", "amount": "10.00", "name": "AUSERNAME", "city": "BANGI"}, // PayNet example 2
		text: "00020201021126410014A000000615000101065016640209123456789520400005303458540510.005802MY5909AUSERNAME6005BANGI63043A23"},

	{kind: "khqr", fields: Fields{"account": "jonhsmith@nbcq", "name": "Jonh Smith", "city": "Phnom Penh"}, // bakong-khqr generateIndividual
		text: "00020101021129180014jonhsmith@nbcq5204599953031165802KH5910Jonh Smith6010Phnom Penh6304856B"},
	{kind: "khqr", fields: Fields{"account": "jonhsmith@devb", "type": "merchant", "merchantid": "123456", "bank": "Dev Bank", "currency": "USD", "name": "Jonh Smith", "city": "Phnom Penh"}, // bakong-khqr generateMerchant
		text: "00020101021130400014jonhsmith@devb01061234560208Dev Bank5204599953038405802KH5910Jonh Smith6010Phnom Penh630484CA"},
}

func TestMerchantExamples(t *testing.T) { checkExamples(t, merchantExamples) }

// Published codes the builders do not write byte for byte still read as
// their kind: KHQR's dynamic samples (bakong-khqr's README and tests,
// with tag 99's times), DuitNow's JomPAY example with its integrity tag 82.
func TestMerchantScans(t *testing.T) {
	checkScans(t, []scan{
		{"khqr", "00020101021230190015john_smith@devb5204599953038405405500.05802KH5910John Smith6010Phnom Penh62640111Invoice#0690314Coffee Khlaing0727Cooooooooooooooooooounter 299340013172734056490701131727340624907630458D8", nil}, // a merchant without its merchant id: not valid KHQR
		{"khqr", "00020101021229460015john_smith@devb0111855122334550208Dev Bank52045999530384054031005802KH5910John Smith6010PHNOM PENH62670106#123450211855122334550311Coffee Shop0709Cashier_10810Buy coffee64280002km0108ចន ស្មីន0206ភ្នំពញ993400131726821915797011317268220357976304B73E",
			Fields{"account": "john_smith@devb", "bank": "Dev Bank", "currency": "USD", "amount": "100", "name": "John Smith", "city": "PHNOM PENH", "bill": "#12345",
				"created": "2024-09-20T08:45:15.797Z", "expires": "2024-09-20T08:47:15.797Z"}},
		{"duitnow", "00020201021126360014A00000061500010106898989020412345204111153034585802MY5903TNB6002KL610559200621790130124007552406823231d4db4506dc9852b1c21c74be148b8363045DFB",
			Fields{"acquirer": "898989", "merchantid": "1234", "mcc": "1111", "name": "TNB", "city": "KL", "postal": "59200"}},
		{"qris", "00020101021126640018ID.CO.ASTRAPAY.WWW011893600822321000024002092100002400303UBE51440014ID.CO.QRIS.WWW0215ID20210662463920303UBE5204581253033605802ID5913TEST MERCHANT6007Jakarta61054433562080704AP016304A79C", nil}, // published with a wrong CRC
	})
}
