package generate

import (
	"bytes"
	"context"
	"image/png"
	"net/url"
	"strings"
	"testing"

	"github.com/makiuchi-d/gozxing"
	zxqr "github.com/makiuchi-d/gozxing/qrcode"

	"qrkeyless/core/params"
	"qrkeyless/core/payload"
	"qrkeyless/core/problem"
	"qrkeyless/core/qr"
	"qrkeyless/core/render"
	"qrkeyless/core/scan"
)

// typed runs a typed request as every adapter does: the kind's fields,
// then the shared parameters, then the encoder, then the PNG renderer. It
// returns the code, the render options and what gozxing reads from the PNG.
func typed(t *testing.T, kind, query string) (*qr.Code, render.Options, scan.Code) {
	t.Helper()
	k, ok := payload.Lookup(kind)
	if !ok {
		t.Fatalf("no kind %s", kind)
	}
	r, p := Read(call("/api/v1/"+kind, query), k)
	if p != nil {
		t.Fatalf("%s?%s: %v", kind, query, p.Detail)
	}
	o := r.Options
	c, p := r.Encode()
	if p != nil {
		t.Fatalf("%s?%s: %v", kind, query, p.Detail)
	}
	ro := o.Render()
	codes, err := scan.DecodeBytes(context.Background(), render.PNG(c, ro), scan.Limits{})
	if err != nil || len(codes) != 1 {
		t.Fatalf("%s?%s: %d codes read back (%v)", kind, query, len(codes), err)
	}
	return c, ro, codes[0]
}

const (
	upnQuery = "amount=150.50&purpose=Payment+for+services&iban=SI56263300012039086&reference=SI00" +
		"&pname=Janez+Novak&paddr=Slovenska+cesta+1&pplace=1000+Ljubljana" +
		"&rname=Podjetje+d.o.o.&raddr=Tr%C5%BEa%C5%A1ka+cesta+10&rplace=2000+Maribor"
	epcQuery   = "name=Wikimedia+Foerdergesellschaft&iban=DE33+1002+0500+0001+1947+00&bic=BFSWDE33BER&amount=123.45&text=Spende+fuer+Wikipedia"
	swissQuery = "iban=CH5800791123000889012&name=Robert+Schneider+AG&street=Rue+du+Lac&houseno=1268&zip=2501&city=Biel&country=CH" +
		"&amount=3949.75&currency=CHF&dname=Pia+Rutschmann&dstreet=Marktgasse&dhouseno=28&dzip=9400&dcity=Rorschach&dcountry=CH" +
		"&reftype=NON&message=Bill+no.+3139+for+gardening+work+and+disposal+of+waste+material"
)

// Expected texts are the worked examples of docs/payloads.md §2.30, §2.31 and
// §2.33. The UPN recipient's street is "Tržaška" here, not the example's
// "Trzaska": the same number of characters, so the checksum stays 167, and
// it reads back as Unicode only if the symbol declares ISO-8859-2.
var (
	upnText = "UPNQR\n\n\n\n\nJanez Novak\nSlovenska cesta 1\n1000 Ljubljana\n00000015050\n\n\nOTHR\nPayment for services\n\n" +
		"SI56263300012039086\nSI00\nPodjetje d.o.o.\nTržaška cesta 10\n2000 Maribor\n167\n"
	epcText   = "BCD\n002\n1\nSCT\nBFSWDE33BER\nWikimedia Foerdergesellschaft\nDE33100205000001194700\nEUR123.45\n\n\nSpende fuer Wikipedia"
	swissText = "SPC\r\n0200\r\n1\r\nCH5800791123000889012\r\nS\r\nRobert Schneider AG\r\nRue du Lac\r\n1268\r\n2501\r\nBiel\r\nCH\r\n" +
		"\r\n\r\n\r\n\r\n\r\n\r\n\r\n3949.75\r\nCHF\r\nS\r\nPia Rutschmann\r\nMarktgasse\r\n28\r\n9400\r\nRorschach\r\nCH\r\nNON\r\n\r\n" +
		"Bill no. 3139 for gardening work and disposal of waste material\r\nEPD"
)

func TestKindSymbols(t *testing.T) {
	tests := []struct {
		name, kind, query string
		text              string // what a scanner reads
		minV, maxV        int    // the versions the standard allows
		mark              string
	}{
		// UPN QR: ISO-8859-2 with ECI, level M, version 15 (§2.33).
		{"upn", "upn", upnQuery, upnText, 15, 15, ""},
		{"upn, shaped modules", "upn", upnQuery + "&style=dot", upnText, 15, 15, ""},
		{"upn, explicit ec", "upn", upnQuery + "&ec=H", upnText, 15, 15, ""},
		// EPC: level M, version 13 at most (§2.30).
		{"epc", "epc", epcQuery, epcText, 1, 13, ""},
		{"epc, explicit ec", "epc", epcQuery + "&ec=L", epcText, 1, 13, ""},
		{"epc, shaped modules", "epc", epcQuery + "&style=rounded", epcText, 1, 13, ""},
		// Swiss QR-bill: level M and the Swiss cross (§2.31).
		{"swiss-qr", "swiss-qr", swissQuery, swissText, 1, 40, "swiss-cross"},
		{"swiss-qr, explicit ec", "swiss-qr", swissQuery + "&ec=Q", swissText, 1, 40, "swiss-cross"},
		{"swiss-qr, umlauts", "swiss-qr", strings.Replace(swissQuery, "city=Biel", "city=Z%C3%BCrich", 1),
			strings.Replace(swissText, "Biel", "Zürich", 1), 1, 40, "swiss-cross"},
	}
	for _, tt := range tests {
		c, ro, got := typed(t, tt.kind, tt.query)
		if got.Text != tt.text {
			t.Errorf("%s: scanner reads %q, want %q", tt.name, got.Text, tt.text)
		}
		if got.EC != "M" || c.Level != qr.M {
			t.Errorf("%s: error correction %s (code %v), want M", tt.name, got.EC, c.Level)
		}
		if got.Version < tt.minV || got.Version > tt.maxV || got.Version != c.Version {
			t.Errorf("%s: version %d (code %d), want %d to %d", tt.name, got.Version, c.Version, tt.minV, tt.maxV)
		}
		if ro.Mark != tt.mark {
			t.Errorf("%s: mark %q, want %q", tt.name, ro.Mark, tt.mark)
		}
	}
}

func TestNoSymbolOutsideTypedKinds(t *testing.T) {
	// The same payload text sent as data keeps the caller's settings: only
	// the typed endpoint knows the text is a payment code.
	for _, path := range []string{"/api/v1/qr", "/api/v1/verify", "/api/v1/wifi", "/api/v1/nosuchkind", ""} {
		c := problem.Call{Path: path, Query: url.Values{"ec": {"H"}}}
		o, p := params.Parse(c)
		if p != nil {
			t.Fatal(p)
		}
		code, p := encode(Request{Call: c, Text: epcText, Options: o})
		if p != nil {
			t.Fatal(p)
		}
		if code.Level != qr.H || code.ECI != 0 || o.Render().Mark != "" {
			t.Errorf("%q: level %v, ECI %d, mark %q; want the caller's H and neither", path, code.Level, code.ECI, o.Render().Mark)
		}
	}
}

func TestLongestUPNFitsVersion15(t *testing.T) {
	// Every field at the length the builder allows, in two-letter-per-byte
	// ISO-8859-2 text: a form the builder accepts must always encode.
	long := func(n int) string { return url.QueryEscape(strings.Repeat("ž", n)) }
	q := "amount=999999999.99&code=GDDS&deadline=2025-07-31&iban=SI56263300012039086&reference=SI00" +
		"&pname=" + long(33) + "&paddr=" + long(33) + "&pplace=" + long(33) + "&purpose=" + long(42) +
		"&rname=" + long(33) + "&raddr=" + long(33) + "&rplace=" + long(33)
	c, _, got := typed(t, "upn", q)
	if c.Version != 15 || !strings.Contains(got.Text, strings.Repeat("ž", 42)) {
		t.Errorf("version %d, read %q", c.Version, got.Text)
	}
}

func TestKindSymbolTooLong(t *testing.T) {
	// A kind that fixes the level cannot be fixed by a lower one: the only
	// way out is less data. 331 bytes is EPC's cap and 13-M's capacity.
	o := params.Options{EC: qr.H, Symbol: payload.Symbol{EC: "M", MaxVersion: 13}}
	p := func(n int) *problem.Problem {
		_, p := encode(Request{Call: problem.Call{Path: "/api/v1/epc"}, Text: strings.Repeat("a", n), Options: o})
		return p
	}
	if got := p(331); got != nil {
		t.Errorf("331 bytes: %v", got.Detail)
	}
	got := p(332)
	if got == nil {
		t.Fatal("332 bytes fit version 13-M")
	}
	if got.Field != "data" || got.Fix != "Shorten data to at most 331 bytes (it has 332)." || !strings.Contains(got.Detail, "version 13") {
		t.Errorf("field %q fix %q detail %q", got.Field, got.Fix, got.Detail)
	}
}

func TestSwissQRReadsRightWhereLatin1IsTheDefault(t *testing.T) {
	// ISO/IEC 18004 makes ISO-8859-1 the default charset of byte mode, and
	// some readers (PostFinance's scanner, as swissqrbill's users reported) follow it: they
	// read the UTF-8 of "Zürich" as "ZÃ¼rich" unless an ECI says UTF-8.
	q := strings.Replace(swissQuery, "city=Biel", "city=Z%C3%BCrich", 1)
	c, ro, _ := typed(t, "swiss-qr", q)
	img, err := png.Decode(bytes.NewReader(render.PNG(c, ro)))
	if err != nil {
		t.Fatal(err)
	}
	bmp, _ := gozxing.NewBinaryBitmapFromImage(img)
	res, err := zxqr.NewQRCodeReader().Decode(bmp, map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_CHARACTER_SET: "ISO-8859-1"})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.GetText(); !strings.Contains(got, "\r\nZürich\r\n") {
		t.Errorf("a Latin-1 reader reads %q", got)
	}
}
