package payload

import (
	"errors"
	"maps"
	"strings"
	"testing"
)

// The helpers below serve the tests of kinds 22-38 (pay, crypto, bank, emv,
// shadowsocks). Expected texts come from docs/payloads.md, or follow from a rule
// stated there and are marked with it; none is copied from the code.

// checkExamples builds each example and compares the text byte for byte,
// then parses the text back: the fields must be ex.parsed (the input as the
// kind normalises it; the input itself when nil) and build the same text.
func checkExamples(t *testing.T, table []example) {
	t.Helper()
	for _, ex := range table {
		k, ok := Lookup(ex.kind)
		if !ok {
			t.Fatalf("kind %q not registered", ex.kind)
		}
		got, err := k.Build(ex.fields)
		if err != nil {
			t.Errorf("%s.Build(%q): %v", ex.kind, ex.fields, err)
			continue
		}
		if got != ex.text {
			t.Errorf("%s.Build(%q)\n got %q\nwant %q", ex.kind, ex.fields, got, ex.text)
		}
		want := ex.parsed
		if want == nil {
			want = ex.fields
		}
		back, ok := k.Parse(ex.text)
		if !ok || !maps.Equal(back, want) {
			t.Errorf("%s.Parse(%q) = %q, %v; want %q", ex.kind, ex.text, back, ok, want)
			continue
		}
		if again, err := k.Build(back); again != ex.text || err != nil {
			t.Errorf("%s.Build(Parse(%q)) = %q, %v", ex.kind, ex.text, again, err)
		}
	}
}

// refusal is an input docs/payloads.md says to refuse, the field the error must
// name and words its problem must contain.
type refusal struct {
	kind    string
	fields  Fields
	field   string
	problem string
}

// checkMoneyFix checks the error on a Money field never suggests another
// valid value: its example is the field's placeholder, and a correction,
// when there is one, is accepted and differs from the caller's value only
// in case (an EIP-55 address).
func checkMoneyFix(t *testing.T, k *Kind, fields Fields, fe *FieldError) {
	t.Helper()
	fd := k.Field(fe.Field)
	if fe.Example != "" && fe.Example != fd.Placeholder() {
		t.Errorf("%s: the error on %s suggests %q, not the placeholder %q", k.Name, fe.Field, fe.Example, fd.Placeholder())
	}
	if fe.Correction == "" {
		return
	}
	if !strings.EqualFold(fe.Correction, strings.TrimSpace(fields[fe.Field])) {
		t.Errorf("%s: correction %q of %s is not the caller's %q", k.Name, fe.Correction, fe.Field, fields[fe.Field])
	}
	f := maps.Clone(fields)
	f[fe.Field] = fe.Correction
	if _, err := k.Build(f); err != nil {
		t.Errorf("%s: correction %s=%q is refused: %v", k.Name, fe.Field, fe.Correction, err)
	}
}

// checkRefusals checks each refusal fails with a *FieldError naming the
// field. When the error suggests an example, putting it in place of the bad
// value must clear that field's error, since problem documents offer it as
// the fix.
func checkRefusals(t *testing.T, table []refusal) {
	t.Helper()
	for _, r := range table {
		k, _ := Lookup(r.kind)
		out, err := k.Build(r.fields)
		var fe *FieldError
		if !errors.As(err, &fe) {
			t.Errorf("%s.Build(%q) = %q, %v; want a *FieldError on %s", r.kind, r.fields, out, err, r.field)
			continue
		}
		if fe.Field != r.field || !strings.Contains(fe.Problem, r.problem) {
			t.Errorf("%s.Build(%q): %+v; want field %q, problem with %q", r.kind, r.fields, fe, r.field, r.problem)
			continue
		}
		if fd := k.Field(fe.Field); fd.Money {
			checkMoneyFix(t, k, r.fields, fe)
			continue
		}
		if fe.Example == "" {
			continue
		}
		f := maps.Clone(r.fields)
		f[fe.Field] = fe.Example
		var fe2 *FieldError
		if _, err := k.Build(f); errors.As(err, &fe2) && fe2.Field == fe.Field {
			t.Errorf("%s: suggested %s=%q is refused too: %v", r.kind, fe.Field, fe.Example, err)
		}
	}
}

// scan is a text as a scanner reads it and the fields a kind's Parse must
// give; nil means the text is not of that kind.
type scan struct {
	kind, text string
	want       Fields
}

func checkScans(t *testing.T, table []scan) {
	t.Helper()
	for _, s := range table {
		k, _ := Lookup(s.kind)
		got, ok := k.Parse(s.text)
		if s.want == nil && ok || s.want != nil && (!ok || !maps.Equal(got, s.want)) {
			t.Errorf("%s.Parse(%q) = %q, %v; want %q", s.kind, s.text, got, ok, s.want)
		}
	}
}

// fuzzParsers runs the parsers of kinds on arbitrary text: none may panic,
// what one accepts must build, and building the fields read back from that
// text must give the same text again.
func fuzzParsers(f *testing.F, kinds []string, seeds ...string) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, name := range kinds {
			k, _ := Lookup(name)
			fields, ok := k.Parse(s)
			if !ok {
				continue
			}
			text, err := k.Build(fields)
			if err != nil {
				t.Fatalf("%s.Parse(%q) = %q, which does not build: %v", name, s, fields, err)
			}
			back, ok := k.Parse(text)
			if !ok {
				t.Fatalf("%s.Parse refuses %q, built from %q", name, text, fields)
			}
			if again, _ := k.Build(back); again != text {
				t.Fatalf("%s: %q builds %q, read back as %q, which builds %q", name, fields, text, back, again)
			}
		}
	})
}

var payExamples = []example{
	// §2.22 upi
	{kind: "upi", fields: Fields{"pa": "acmestore@okhdfcbank", "pn": "Acme Store", "am": "149.5", "tn": "Order A1023", "tr": "A1023", "mc": "5411"},
		text:   "upi://pay?pa=acmestore@okhdfcbank&pn=Acme%20Store&am=149.50&cu=INR&tn=Order%20A1023&tr=A1023&mc=5411", // spec
		parsed: Fields{"pa": "acmestore@okhdfcbank", "pn": "Acme Store", "am": "149.50", "tn": "Order A1023", "tr": "A1023", "mc": "5411"}},
	{kind: "upi", fields: Fields{"pa": "a.b@upi", "pn": "A+B & Co"}, text: "upi://pay?pa=a.b@upi&pn=A%2BB%20%26%20Co&cu=INR"}, // rule §0.2: + is %2B, space %20
	{kind: "upi", fields: Fields{"pa": "shop@ybl", "pn": "Shop", "am": "500", "mam": "100", "tid": "T 1", "url": "https://example.com/o?id=1"},
		text:   "upi://pay?pa=shop@ybl&pn=Shop&am=500.00&mam=100.00&cu=INR&tid=T%201&url=https%3A%2F%2Fexample.com%2Fo%3Fid%3D1", // rule: order as listed, 2 decimals
		parsed: Fields{"pa": "shop@ybl", "pn": "Shop", "am": "500.00", "mam": "100.00", "tid": "T 1", "url": "https://example.com/o?id=1"}},

	// §2.23 paypal
	{kind: "paypal", fields: Fields{"username": "janedoe", "amount": "12.50", "currency": "EUR"}, text: "https://paypal.me/janedoe/12.50EUR"}, // spec
	{kind: "paypal", fields: Fields{"username": "janedoe"}, text: "https://paypal.me/janedoe"},
	{kind: "paypal", fields: Fields{"username": "janedoe", "amount": "5"}, text: "https://paypal.me/janedoe/5.00", parsed: Fields{"username": "janedoe", "amount": "5.00"}},

	// §2.24 bezahlcode
	{kind: "bezahlcode", fields: Fields{"name": "Max Mustermann", "iban": "DE89370400440532013000", "bic": "COBADEFFXXX", "amount": "12.50", "reason": "Rechnung 42"},
		text: "bank://singlepaymentsepa?name=Max%20Mustermann&iban=DE89370400440532013000&bic=COBADEFFXXX&amount=12,50&reason=Rechnung%2042&currency=EUR"}, // spec
	{kind: "bezahlcode", fields: Fields{"name": "Max Mustermann", "iban": "DE89 3704 0044 0532 0130 00", "amount": "12,5"},
		text:   "bank://singlepaymentsepa?name=Max%20Mustermann&iban=DE89370400440532013000&amount=12,50&currency=EUR", // rule: a comma in the code
		parsed: Fields{"name": "Max Mustermann", "iban": "DE89370400440532013000", "amount": "12.50"}},
}

func TestPayExamples(t *testing.T) { checkExamples(t, payExamples) }

func TestPayRefusals(t *testing.T) {
	checkRefusals(t, []refusal{
		{"upi", Fields{"pn": "Acme Store"}, "pa", "required"},
		{"upi", Fields{"pa": "acmestore", "pn": "Acme Store"}, "pa", "not a UPI ID"},
		{"upi", Fields{"pa": "acme store@okhdfcbank", "pn": "Acme Store"}, "pa", "not a UPI ID"},
		{"upi", Fields{"pa": "acmestore@okhdfc1", "pn": "Acme Store"}, "pa", "not a UPI ID"}, // letters only after the @
		{"upi", Fields{"pa": "acmestore@okhdfcbank"}, "pn", "required"},                      // NPCI: mandatory
		{"upi", Fields{"pa": "acmestore@okhdfcbank", "pn": "A", "am": "149.555"}, "am", "at most 2 decimals"},
		{"upi", Fields{"pa": "acmestore@okhdfcbank", "pn": "A", "am": "12345678901"}, "am", "at most 10 digits"},
		{"upi", Fields{"pa": "acmestore@okhdfcbank", "pn": "A", "am": "0"}, "am", "greater than 0"},
		{"upi", Fields{"pa": "acmestore@okhdfcbank", "pn": "A", "cu": "USD"}, "cu", "INR only"},
		{"upi", Fields{"pa": "acmestore@okhdfcbank", "pn": "A", "mc": "541"}, "mc", "4 digits"},
		{"upi", Fields{"pa": "acmestore@okhdfcbank", "pn": "A", "tr": strings.Repeat("A", 36)}, "tr", "35"},
		{"upi", Fields{"pa": "acmestore@okhdfcbank", "pn": "A", "url": "http://example.com"}, "url", "https"},
		{"upi", Fields{"pa": "acmestore@okhdfcbank", "pn": "A", "am": "10", "mam": "20"}, "mam", "more than the amount"},
		{"paypal", Fields{"username": "jane.doe"}, "username", "letters and digits"},
		{"paypal", Fields{"username": "janedoe", "amount": "12.5.0"}, "amount", "not a decimal"},
		{"paypal", Fields{"username": "janedoe", "currency": "EUR"}, "currency", "needs an amount"},
		{"paypal", Fields{"username": "janedoe", "amount": "1", "currency": "EURO"}, "currency", "ISO 4217"},
		{"bezahlcode", Fields{"iban": "DE89370400440532013000"}, "name", "required"},
		{"bezahlcode", Fields{"name": "Max", "iban": "DE89370400440532013001"}, "iban", "checksum does not match"},
		{"bezahlcode", Fields{"name": "Max", "iban": "DE89370400440532013000", "bic": "COBADEFF1"}, "bic", "not a BIC"},
		{"bezahlcode", Fields{"name": "Max", "iban": "DE89370400440532013000", "amount": "1.234,50"}, "amount", "decimal separator"},
		{"bezahlcode", Fields{"name": "Max", "iban": "DE89370400440532013000", "reason": strings.Repeat("x", 141)}, "reason", "140"},
	})
}

func TestPayScans(t *testing.T) {
	checkScans(t, []scan{
		// The %40 form ZXing would read as a URI (§2.22).
		{"upi", "upi://pay?pa=acmestore%40okhdfcbank&pn=Acme%20Store&cu=INR", Fields{"pa": "acmestore@okhdfcbank", "pn": "Acme Store"}},
		// The raw spaces of careless generators (§2.22 pitfalls), and NPCI's mam=null.
		{"upi", "upi://pay?pa=acmestore@okhdfcbank&pn=Acme Store&am=149.50&cu=INR&mam=null", Fields{"pa": "acmestore@okhdfcbank", "pn": "Acme Store", "am": "149.50"}},
		{"upi", "UPI://pay?pa=x.y@okaxis&pn=X&mode=02&purpose=00", Fields{"pa": "x.y@okaxis", "pn": "X"}},
		{"upi", "upi://pay?pa=x.y@okaxis&pn=X&cu=USD", nil},
		{"upi", "upi://pay?pa=x.y@okaxis&pa=z@okaxis&pn=X", nil},
		{"upi", "upi://mandate?pa=x.y@okaxis&pn=X", nil},
		{"paypal", "https://www.paypal.me/janedoe/12.50EUR?country.x=DE", Fields{"username": "janedoe", "amount": "12.50", "currency": "EUR"}},
		{"paypal", "https://paypal.me/janedoe/", Fields{"username": "janedoe"}},
		{"paypal", "https://paypal.com/janedoe", nil},
		{"bezahlcode", "bank://singlepaymentsepa?name=Max&iban=DE89370400440532013000&amount=12,50&currency=EUR",
			Fields{"name": "Max", "iban": "DE89370400440532013000", "amount": "12.50"}},
		{"bezahlcode", "bank://singledirectdebitsepa?name=Max&iban=DE89370400440532013000", nil},
	})
}

func FuzzPayParse(f *testing.F) {
	var seeds []string
	for _, ex := range payExamples {
		seeds = append(seeds, ex.text)
	}
	fuzzParsers(f, []string{"upi", "paypal", "bezahlcode"}, append(seeds, "upi://pay?pa=%zz", "https://paypal.me//", "bank://singlepaymentsepa?amount=,")...)
}
