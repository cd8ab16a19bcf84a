package emv

import (
	"slices"
	"strings"
	"testing"
)

// bcbSample is the static BR Code of the Banco Central do Brasil's manual
// (Pix's published example, CRC 1D3D).
const bcbSample = "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D"

func TestCRC(t *testing.T) {
	for _, c := range []struct {
		in   string
		want uint16
	}{
		{"123456789", 0x29B1}, // the CRC-16/CCITT-FALSE check value, docs/payloads.md §0.6
		{"", 0xFFFF},
		{bcbSample[:len(bcbSample)-4], 0x1D3D}, // BCB manual
	} {
		if got := CRC(c.in); got != c.want {
			t.Errorf("CRC(%q) = %04X, want %04X", c.in, got, c.want)
		}
	}
}

func TestRead(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []Object // nil: not a run of data objects
	}{
		{"", []Object{}},
		{"000201", []Object{{"00", "01"}}},
		{"0002010102115303986", []Object{{"00", "01"}, {"01", "11"}, {"53", "986"}}},
		{"6200", []Object{{"62", ""}}},
		{"0108ចន ស្មីន", []Object{{"01", "ចន ស្មីន"}}}, // a KHQR name: the length counts characters
		{"00020", nil},  // a value shorter than its length
		{"0002", nil},   // no value at all
		{"0A0201", nil}, // a tag that is not two digits
		{"00", nil},
	} {
		got, ok := Read(c.in)
		if ok != (c.want != nil) || !slices.Equal(got, c.want) {
			t.Errorf("Read(%q) = %q, %v; want %q", c.in, got, ok, c.want)
		}
	}
}

func TestParse(t *testing.T) {
	for _, c := range []struct {
		name, text string
		ok, crcOK  bool
	}{
		{"BCB sample", bcbSample, true, true},
		{"its CRC in lower case", bcbSample[:len(bcbSample)-4] + "1d3d", true, true},
		{"a wrong CRC", bcbSample[:len(bcbSample)-4] + "1D3E", true, false},
		// PayNet's DuitNow example 1, format 02.
		{"DuitNow", "00020201021126410014A000000615000101065016640209123456789520499995303458540510.005802MY5909QRCSDNBHD6005BANGI6304343F", true, true},
		{"format 03", "000203" + bcbSample[6:], false, false},
		{"no tag 63", bcbSample[:len(bcbSample)-8] + "6204ABCD", false, false},
		{"a tag twice", Payload(Object{"00", "01"}, Object{"53", "986"}, Object{"53", "986"}), false, false},
		{"too short", "0002016304", false, false},
	} {
		_, crcOK, ok := Parse(c.text)
		if ok != c.ok || crcOK != c.crcOK {
			t.Errorf("%s: Parse = crcOK %v, ok %v; want %v, %v", c.name, crcOK, ok, c.crcOK, c.ok)
		}
	}
	m, _, _ := Parse(bcbSample)
	if m["59"] != "Fulano de Tal" || m["60"] != "BRASILIA" || m["00"] != "" || m["63"] != "" {
		t.Errorf("Parse(BCB sample) = %q: tags 00 and 63 frame the data, they are not in it", m)
	}
	acc, ok := m.Account("BR.GOV.BCB.PIX")
	if !ok || acc["01"] != "123e4567-e12b-12d1-a456-426655440000" {
		t.Errorf("Account(BR.GOV.BCB.PIX) = %q, %v; want the key in sub-tag 01", acc, ok)
	}
	if _, ok := m.AccountAt("27", "br.gov.bcb.pix"); ok {
		t.Errorf("AccountAt(27) finds the account of tag 26")
	}
	if add, ok := m.Sub("62"); !ok || add["05"] != "***" {
		t.Errorf("Sub(62) = %q, %v; want reference label ***", add, ok)
	}
}

// Merchant writes the published samples of four schemes byte for byte.
func TestMerchant(t *testing.T) {
	for _, c := range []struct {
		name string
		m    Merchant
		want string
	}{
		{"Pix, the BCB manual's static code", Merchant{
			Accounts: []Object{{"26", "0014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000"}},
			Category: "0000", Currency: "986", Country: "BR", Name: "Fulano de Tal", City: "BRASILIA",
			Additional: []Object{{"05", "***"}},
		}, bcbSample},
		{"PromptPay, promptpay-parse's vector (the amount after the country)", Merchant{
			Initiation: Dynamic, Accounts: []Object{{"29", "0016A00000067701011101130066801111111"}},
			Currency: "764", Country: "TH", Extra: []Object{{"54", "20.15"}},
		}, "00020101021229370016A0000006770101110113006680111111153037645802TH540520.15630442BE"},
		{"DuitNow, PayNet's example 1", Merchant{
			Format: "02", Initiation: Static, Accounts: []Object{{"26", "0014A000000615000101065016640209123456789"}},
			Category: "9999", Currency: "458", Amount: "10.00", Country: "MY", Name: "QRCSDNBHD", City: "BANGI",
		}, "00020201021126410014A000000615000101065016640209123456789520499995303458540510.005802MY5909QRCSDNBHD6005BANGI6304343F"},
		{"KHQR, bakong-khqr's individual code", Merchant{
			Initiation: Static, Accounts: []Object{{"29", Write(Object{"00", "jonhsmith@nbcq"})}},
			Category: "5999", Currency: "116", Country: "KH", Name: "Jonh Smith", City: "Phnom Penh",
		}, "00020101021129180014jonhsmith@nbcq5204599953031165802KH5910Jonh Smith6010Phnom Penh6304856B"},
	} {
		if got := c.m.Payload(); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}

func TestDescribe(t *testing.T) {
	bad := bcbSample[:len(bcbSample)-4] + "0000"
	for _, c := range []struct {
		name, text string
		want       []string // lines Describe must give, in this order
	}{
		{"the BCB sample", bcbSample, []string{
			"tag 00, payload format indicator: 01",
			"tag 26, merchant account template: sub-tag 00 globally unique id: br.gov.bcb.pix; sub-tag 01: 123e4567-e12b-12d1-a456-426655440000",
			"tag 52, merchant category code: 0000",
			"tag 53, transaction currency: 986",
			"tag 62, additional data: sub-tag 05 reference label: ***",
			"tag 63, CRC: 1D3D",
		}},
		{"a wrong CRC", bad, []string{
			"the CRC (tag 63) is 0000; the data before it gives 1D3D: scanners that check it refuse the code",
			"tag 58, country code: BR",
		}},
		{"an unreserved template and a card network's account", Payload(Object{"00", "01"}, Object{"04", "4111"}, Object{"53", "986"}, Object{"85", Write(Object{"00", "x"})}),
			[]string{"tag 04, merchant account (card network): 4111", "tag 85, unreserved template: sub-tag 00 globally unique id: x"}},
	} {
		got := Describe(c.text)
		at := 0
		for _, w := range c.want {
			i := slices.Index(got[at:], w)
			if i < 0 {
				t.Errorf("%s: Describe lacks %q after line %d:\n%s", c.name, w, at, strings.Join(got, "\n"))
				break
			}
			at += i + 1
		}
	}
	if got := Describe("WIFI:S:x;;"); got != nil {
		t.Errorf("Describe(a WIFI code) = %q, want nil", got)
	}
}

// FuzzRead: no reader panics, and a run of ASCII objects Read accepts is
// written back by Write as it was.
func FuzzRead(f *testing.F) {
	for _, s := range []string{bcbSample, "000201", "0108ចន ស្មីន", "0099", "000201630400"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		objs, ok := Read(s)
		ascii := strings.IndexFunc(s, func(r rune) bool { return r > 0x7F }) < 0
		if ok && ascii && Write(objs...) != s {
			t.Errorf("Read(%q) = %q, which Write gives as %q", s, objs, Write(objs...))
		}
		if m, _, ok := Parse(s); ok {
			m.Account("x")
			m.Sub("62")
		}
		_ = Describe(s)
	})
}
