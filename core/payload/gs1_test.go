package payload

import (
	"strings"
	"testing"
)

// The examples of the GS1 Digital Link standard and of GS1's own syntax
// engine (github.com/gs1/gs1-syntax-engine, src/c-lib/dl.c, "Examples from
// DL specification" and its generation tests), byte for byte.
var gs1Examples = []example{
	{kind: "gs1-digital-link", fields: Fields{"gtin": "09520123456788"}, text: "https://id.gs1.org/01/09520123456788"},
	{kind: "gs1-digital-link", fields: Fields{"gtin": "09520123456788", "cpv": "2A"}, text: "https://id.gs1.org/01/09520123456788/22/2A"},
	{kind: "gs1-digital-link", fields: Fields{"gtin": "09520123456788", "lot": "ABC123"}, text: "https://id.gs1.org/01/09520123456788/10/ABC123"},
	{kind: "gs1-digital-link", fields: Fields{"gtin": "09520123456788", "serial": "12345"}, text: "https://id.gs1.org/01/09520123456788/21/12345"},
	{kind: "gs1-digital-link", fields: Fields{"gtin": "09520123456788", "lot": "ABC1", "serial": "12345", "expiry": "2018-04-26"},
		text: "https://id.gs1.org/01/09520123456788/10/ABC1/21/12345?17=180426"},
	{kind: "gs1-digital-link", fields: Fields{"gtin": "09520123456788", "netweight": "0.195"}, text: "https://id.gs1.org/01/09520123456788?3103=000195"},
	{kind: "gs1-digital-link", fields: Fields{"gtin": "12312312312326", "serial": "abc123"}, text: "https://id.gs1.org/01/12312312312326/21/abc123"},
	{kind: "gs1-digital-link", fields: Fields{"domain": "https://example.com", "gtin": "12312312312326", "cpv": "ABC", "lot": "DEF", "serial": "GHI", "extra": "95=INT"},
		text: "https://example.com/01/12312312312326/22/ABC/10/DEF/21/GHI?95=INT"},
	{kind: "gs1-digital-link", fields: Fields{"domain": "https://example.com", "gtin": "12312312312333", "lot": "ABC+123", "extra": "99=XYZ+QWERTY"},
		text: "https://example.com/01/12312312312333/10/ABC%2B123?99=XYZ%2BQWERTY"},
	{kind: "gs1-digital-link", fields: Fields{"domain": "https://a", "gtin": "12312312312333", "cpv": "TEST", "lot": "ABC", "serial": "XYZ"},
		text: "https://a/01/12312312312333/22/TEST/10/ABC/21/XYZ"},
	// A GTIN-13 is written as GTIN-14 (dl.c: 2112345678900 -> 02112345678900).
	{kind: "gs1-digital-link", fields: Fields{"gtin": "2112345678900"}, text: "https://id.gs1.org/01/02112345678900",
		parsed: Fields{"gtin": "02112345678900"}},
}

func TestGS1Examples(t *testing.T) { checkExamples(t, gs1Examples) }

// The standard's example with three attributes reads back whatever the
// query's order (ours writes them in a fixed order; the standard fixes none).
func TestGS1AttributeOrder(t *testing.T) {
	k, _ := Lookup("gs1-digital-link")
	f, ok := k.Parse("https://id.gs1.org/01/09520123456788?3103=000195&3922=0299&17=201225")
	want := Fields{"gtin": "09520123456788", "netweight": "0.195", "extra": "3922=0299", "expiry": "2020-12-25"}
	if !ok || len(f) != len(want) || f["netweight"] != "0.195" || f["extra"] != "3922=0299" || f["expiry"] != "2020-12-25" {
		t.Fatalf("parse: %v %v; want %v", f, ok, want)
	}
	if got, _ := k.Build(f); got != "https://id.gs1.org/01/09520123456788?17=201225&3103=000195&3922=0299" {
		t.Errorf("build: %s", got)
	}
}

// GS1 Digital Link refusals: the check digit, a qualifier's characters and
// length, a date, an AI in the query that belongs in the path.
func TestGS1Refusals(t *testing.T) {
	g := Fields{"gtin": "09506000134352"}
	checkRefusals(t, []refusal{
		{"gs1-digital-link", Fields{"lot": "ABC123"}, "gtin", "GTIN must be"}, // a qualifier without its primary key
		{"gs1-digital-link", with(g, "gtin", "09506000134353"), "gtin", "check digit is 2"},
		{"gs1-digital-link", with(g, "gtin", "950600013435"), "gtin", "check digit"}, // 12 digits, wrong check digit
		{"gs1-digital-link", with(g, "gtin", "123456789"), "gtin", "8, 12, 13 or 14"},
		{"gs1-digital-link", with(g, "lot", strings.Repeat("A", 21)), "lot", "at most 20"},
		{"gs1-digital-link", with(g, "serial", "AB CD"), "serial", "character set 82"},
		{"gs1-digital-link", with(g, "expiry", "2027-02-30x"), "expiry", "YYYY-MM-DD or YYMMDD"},
		{"gs1-digital-link", with(g, "expiry", "1999-12-31"), "expiry", "2000 to 2099"},
		{"gs1-digital-link", with(g, "netweight", "1000"), "netweight", "at most 3 digits"},
		{"gs1-digital-link", with(g, "extra", "21=XYZ"), "extra", "belongs in the path"},
		{"gs1-digital-link", with(g, "extra", "414=9506000000005"), "extra", "belongs in the path"},
		{"gs1-digital-link", with(g, "extra", "17=270630"), "extra", "give it as expiry"},
		{"gs1-digital-link", with(g, "extra", "3922"), "extra", "ai=value"},
		{"gs1-digital-link", with(g, "domain", "ftp://example.com"), "domain", "https URL"},
	})
}

// GS1 Digital Links read from any resolver; what the standard does not
// allow is not read as one.
func TestGS1Scans(t *testing.T) {
	checkScans(t, []scan{
		{"gs1-digital-link", "https://example.com/01/09506000134352/10/ABC%2F1", Fields{"domain": "https://example.com", "gtin": "09506000134352", "lot": "ABC/1"}},
		{"gs1-digital-link", "https://brand.example/products/01/09506000134352?17=270600", Fields{"domain": "https://brand.example/products", "gtin": "09506000134352", "expiry": "270600"}},
		{"gs1-digital-link", "https://id.gs1.org/01/09506000134352/17/270630", nil},                                   // 17 is a data attribute: not in the path
		{"gs1-digital-link", "https://id.gs1.org/01/09506000134352/21/1/10/A", nil},                                   // qualifiers out of order
		{"gs1-digital-link", "https://id.gs1.org/01/09506000134353", nil},                                             // wrong check digit
		{"gs1-digital-link", "https://id.gs1.org/414/9506000000005", nil},                                             // a GLN: not this kind's key
		{"gs1-digital-link", "https://id.gs1.org/01/9506000134352?linkType=gs1:pip", Fields{"gtin": "9506000134352"}}, // GTIN-13, a link type left out
		{"gs1-digital-link", "https://example.com/01/09520123456788?10=ABC123", nil},                                  // 10 belongs in the path
		{"gs1-digital-link", "https://id.gs1.org/01/09520123456788/10/ABC123?99=XYZ789&99=ABC", nil},                  // an AI twice
		{"gs1-digital-link", "https://id.gs1.org/01/09520123456788?99=", nil},                                         // an empty value
	})
}
