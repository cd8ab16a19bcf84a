package checksum

import (
	"encoding/hex"
	"errors"
	"strings"
	"testing"
)

// checkCase is one input to a check and what it must give: the normalized
// value, or an error whose text holds wantErr.
type checkCase struct {
	in, want, wantErr string
}

func runChecks(t *testing.T, name string, check func(string) (string, error), cases []checkCase) {
	t.Helper()
	for _, c := range cases {
		got, err := check(c.in)
		switch {
		case c.wantErr != "" && err == nil:
			t.Errorf("%s(%q) = %q, want error containing %q", name, c.in, got, c.wantErr)
		case c.wantErr != "" && !strings.Contains(err.Error(), c.wantErr):
			t.Errorf("%s(%q) error %q, want it to contain %q", name, c.in, err, c.wantErr)
		case c.wantErr == "" && err != nil:
			t.Errorf("%s(%q) error %v, want %q", name, c.in, err, c.want)
		case c.wantErr == "" && got != c.want:
			t.Errorf("%s(%q) = %q, want %q", name, c.in, got, c.want)
		}
	}
}

func TestIBAN(t *testing.T) {
	runChecks(t, "IBAN", IBAN, []checkCase{
		{in: "DE33 1002 0500 0001 1947 00", want: "DE33100205000001194700"}, // docs/payloads.md §2.30
		{in: "de89370400440532013000", want: "DE89370400440532013000"},
		{in: "CH5800791123000889012", want: "CH5800791123000889012"},
		{in: "CH4431999123000889012", want: "CH4431999123000889012"}, // a QR-IBAN
		{in: "BE72000000001616", want: "BE72000000001616"},
		{in: "SI56263300012039086", want: "SI56263300012039086"},
		{in: "CZ5855000000001265098001", want: "CZ5855000000001265098001"},
		{in: "GB82WEST12345698765432", want: "GB82WEST12345698765432"},
		{in: "NO9386011117947", want: "NO9386011117947"},
		{in: "DE89370400440532013001", wantErr: "checksum does not match"},    // last digit changed
		{in: "DE89370400440523013000", wantErr: "checksum does not match"},    // two digits swapped
		{in: "SI56011006001234567", wantErr: "checksum does not match"},       // QRCoder's sample, §2.33
		{in: "DE8937040044053201300", wantErr: "a DE IBAN has 22 characters"}, // one digit short
		{in: "XX89370400440532013000", wantErr: "not a country with IBANs"},
		{in: "DE89-3704-0044-0532-0130-00", wantErr: "not an IBAN"},
		{in: "", wantErr: "not an IBAN"},
	})
}

func TestBIC(t *testing.T) {
	runChecks(t, "BIC", BIC, []checkCase{
		{in: "COBADEFFXXX", want: "COBADEFFXXX"},
		{in: "BPOTBEB1", want: "BPOTBEB1"},
		{in: "bfswde33ber", want: "BFSWDE33BER"},
		{in: "COBADEFF1", wantErr: "not a BIC"},
		{in: "C0BADEFFXXX", wantErr: "not a BIC"}, // a digit in the bank code
		{in: "COBAD3FF", wantErr: "not a BIC"},    // a digit in the country
	})
}

func TestRF(t *testing.T) {
	runChecks(t, "RF", RF, []checkCase{
		{in: "RF18539007547034", want: "RF18539007547034"}, // docs/payloads.md §0.6
		{in: "RF18 5390 0754 7034", want: "RF18539007547034"},
		{in: "rf18539007547034", want: "RF18539007547034"},
		{in: "RF19539007547034", wantErr: "checksum does not match"},
		{in: "RF18539007547035", wantErr: "checksum does not match"},
		{in: "RF18", wantErr: "not an ISO 11649"},
		{in: "RF18539007547034539007547034", wantErr: "not an ISO 11649"}, // over 25
		{in: "XX18539007547034", wantErr: "not an ISO 11649"},
	})
}

func TestQRR(t *testing.T) {
	runChecks(t, "QRR", QRR, []checkCase{
		{in: "210000000003139471430009017", want: "210000000003139471430009017"}, // docs/payloads.md §0.6
		{in: "21 00000 00003 13947 14300 09017", want: "210000000003139471430009017"},
		{in: "210000000003139471430009018", wantErr: "check digit does not match"},
		{in: "210000000003139471430009071", wantErr: "check digit does not match"},
		{in: "21000000000313947143000901", wantErr: "27 digits"},
		{in: "21000000000313947143000901A", wantErr: "27 digits"},
	})
}

func TestSegwit(t *testing.T) {
	bc := func(s string) (string, error) { return Segwit(s, "bc") }
	runChecks(t, "Segwit bc", bc, []checkCase{
		{in: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", want: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"},
		// BIP 173 and BIP 350 test vectors.
		{in: "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4", want: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"},
		{in: "bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y", want: "bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y"},
		{in: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh", wantErr: "not a valid"},                                 // v0 with bech32m
		{in: "bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx", wantErr: "not a valid"}, // v1 with bech32, encoded in Python
		{in: "bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4", wantErr: "not a valid"},             // 'o' is not bech32
		{in: "BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R", wantErr: "not a valid"},             // version 17
		{in: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr", wantErr: "checksum does not match"},                     // last char changed
		{in: "bc1qAr0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", wantErr: "mixes upper and lower case"},
		{in: "ltc1qar0srrr7xfkvy5l643lydnw9re59gtzz24wl4s", wantErr: "not a valid"},
	})
	ltc := func(s string) (string, error) { return Segwit(s, "ltc") }
	runChecks(t, "Segwit ltc", ltc, []checkCase{
		{in: "ltc1qar0srrr7xfkvy5l643lydnw9re59gtzz24wl4s", want: "ltc1qar0srrr7xfkvy5l643lydnw9re59gtzz24wl4s"},
		{in: "ltc1qar0srrr7xfkvy5l643lydnw9re59gtzz24wl4t", wantErr: "checksum does not match"},
	})
}

func TestCashAddr(t *testing.T) {
	runChecks(t, "CashAddr", CashAddr, []checkCase{
		// The CashAddr specification's examples.
		{in: "bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a", want: "qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a"},
		{in: "qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a", want: "qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a"},
		{in: "BITCOINCASH:PPM2QSZNHKS23Z7629MMS6S4CWEF74VCWVN0H829PQ", want: "ppm2qsznhks23z7629mms6s4cwef74vcwvn0h829pq"},
		{in: "bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6c", wantErr: "checksum does not match"},
		{in: "bchtest:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a", wantErr: "not a CashAddr"},
		{in: "1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu", wantErr: "not a CashAddr"},
	})
}

func TestBase58Check(t *testing.T) {
	for _, c := range []struct {
		in       string
		versions []byte
		wantErr  string
	}{
		{"1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", []byte{0x00, 0x05}, ""},
		{"1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu", []byte{0x00, 0x05}, ""},
		{"3CWFddi6m4ndiGyKqzYvsFYagqDLPVMTzC", []byte{0x00, 0x05}, ""},
		{"1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb", []byte{0x00, 0x05}, "checksum does not match"},
		{"1A1zP1eP5QGefi2DMPTfTL5SLmv7Divf0a", []byte{0x00, 0x05}, "not a valid"}, // 0 is not base58
		// Litecoin addresses of the same hash, encoded with Python's hashlib.
		{"LW3ByJXVHpiJsuy3u2sdieFQkXHtuk93Yi", []byte{0x30, 0x32, 0x05}, ""},
		{"MJiPwX84iBe4WnFDwsYGgtnz1XonPhUqhf", []byte{0x30, 0x32, 0x05}, ""},
		{"LW3ByJXVHpiJsuy3u2sdieFQkXHtuk93Yi", []byte{0x00, 0x05}, "not a valid"}, // a Litecoin address is no Bitcoin one
	} {
		err := Base58Check(c.in, c.versions...)
		if (err == nil) != (c.wantErr == "") || err != nil && !strings.Contains(err.Error(), c.wantErr) {
			t.Errorf("Base58Check(%q) = %v, want %q", c.in, err, c.wantErr)
		}
	}
}

func TestKeccak256(t *testing.T) {
	// Keccak-256 (not SHA3-256) of the empty string.
	if got := hex.EncodeToString(keccak256(nil)); got != "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470" {
		t.Errorf("keccak256(\"\") = %s", got)
	}
}

func TestEthereum(t *testing.T) {
	for _, c := range []struct{ in, wantErr string }{
		// EIP-55's own examples.
		{"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", ""},
		{"0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359", ""},
		{"0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB", ""},
		{"0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb", ""},
		{"0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", ""},
		{"0x8e23ee67d1332ad560396262c48ffbb01f93d052", ""},                // all lower: no checksum
		{"0x8E23EE67D1332AD560396262C48FFBB01F93D052", ""},                // all upper: no checksum
		{"0xfb6916095ca1df60bb79Ce92cE3Ea74c37c5d359", "EIP-55 checksum"}, // EIP-681's sample, §0.6
		{"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD", "EIP-55 checksum"},
		{"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe", "not an Ethereum address"},
		{"5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed00", "not an Ethereum address"},
		{"0xgaAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "not an Ethereum address"},
	} {
		err := Ethereum(c.in)
		if (err == nil) != (c.wantErr == "") || err != nil && !strings.Contains(err.Error(), c.wantErr) {
			t.Errorf("Ethereum(%q) = %v, want %q", c.in, err, c.wantErr)
		}
	}
}

func TestMonero(t *testing.T) {
	const good = "46BeWrHpwXmHDpDEUmZBWZfoQpdc6HaERCNmx1pEYL2rAcuwufPN9rXHHtyUA4QVy66qeFQkn6sfK8aHYjA3jk3o1Bv16em" // docs/payloads.md §2.29
	for _, c := range []struct{ in, wantErr string }{
		{good, ""},
		{good[:94] + "n", "checksum does not match"},
		{good[:40] + "X" + good[41:], "checksum does not match"},
		{good[:94], "not a Monero"},
		{"1" + good[1:], "not a Monero"}, // another network byte
		{good + "1", "not a Monero"},
	} {
		err := Monero(c.in)
		if (err == nil) != (c.wantErr == "") || err != nil && !strings.Contains(err.Error(), c.wantErr) {
			t.Errorf("Monero(%.20q…) = %v, want %q", c.in, err, c.wantErr)
		}
	}
}

func TestEIP55(t *testing.T) {
	// EIP-55's own examples, from the same digits in lower case.
	for _, want := range []string{"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
		"0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB", "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb"} {
		if got := EIP55(strings.ToLower(want)); got != want {
			t.Errorf("EIP55(%s) = %s, want %s", strings.ToLower(want), got, want)
		}
	}
	// A mixed case that is wrong says which case is right.
	var ce *CaseError
	if err := Ethereum("0xfb6916095ca1df60bb79Ce92cE3Ea74c37c5d359"); !errors.As(err, &ce) || ce.Want != "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359" {
		t.Errorf("Ethereum(EIP-681's sample) = %v, want a CaseError naming 0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359", err)
	}
}

func TestBrazilianIDs(t *testing.T) {
	for _, c := range []struct {
		check func(string) bool
		in    string
		want  bool
	}{
		{CPF, "12345678909", true}, // the Receita Federal's worked example
		{CPF, "11144477735", true},
		{CPF, "12345678908", false}, // last digit changed
		{CPF, "12345678990", false}, // check digits swapped
		{CPF, "11111111111", false}, // one repeated digit: never issued
		{CPF, "1234567890", false},
		{CPF, "123.456.789-09", false}, // punctuation is the caller's to remove
		{CNPJ, "11222333000181", true},
		{CNPJ, "11222333000180", false},
		{CNPJ, "00000000000000", false},
		{CNPJ, "12ABC34501DE35", true}, // the Receita Federal's alphanumeric example, 12.ABC.345/01DE-35
		{CNPJ, "12ABC34501DE36", false},
		{CNPJ, "12abc34501DE35", false},
	} {
		if got := c.check(c.in); got != c.want {
			t.Errorf("check(%q) = %v, want %v", c.in, got, c.want)
		}
	}
}

func TestGTIN(t *testing.T) {
	for _, c := range []struct {
		in   string
		want byte
		ok   bool
	}{
		{"09506000134352", '2', true}, // GS1 Digital Link's example
		{"4006381333931", '1', true},  // EAN-13
		{"036000291452", '2', true},   // UPC-A
		{"96385074", '4', true},       // EAN-8
		{"4006381333932", '1', false},
		{"9", 0, false},
		{"400638133393X", 0, false},
	} {
		if want, ok := GTIN(c.in); want != c.want || ok != c.ok {
			t.Errorf("GTIN(%q) = %c, %v; want %c, %v", c.in, want, ok, c.want, c.ok)
		}
	}
}

// FuzzChecks feeds arbitrary text to every check: none may panic, and what
// one accepts it must accept again in the normalized form it returned.
func FuzzChecks(f *testing.F) {
	for _, s := range []string{"DE33 1002 0500 0001 1947 00", "RF18539007547034", "210000000003139471430009017",
		"bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", "bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a",
		"1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359", "12345678909", "09506000134352", "1\x00",
		"46BeWrHpwXmHDpDEUmZBWZfoQpdc6HaERCNmx1pEYL2rAcuwufPN9rXHHtyUA4QVy66qeFQkn6sfK8aHYjA3jk3o1Bv16em"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checks := map[string]func(string) (string, error){
			"iban": IBAN, "bic": BIC, "rf": RF, "qrr": QRR, "cashaddr": CashAddr,
			"bc": func(s string) (string, error) { return Segwit(s, "bc") },
		}
		for name, check := range checks {
			if out, err := check(s); err == nil {
				if again, err := check(out); err != nil || again != out {
					t.Errorf("%s accepts %q as %q but then %q, %v", name, s, out, again, err)
				}
			}
		}
		_ = Base58Check(s, 0, 5)
		_ = Ethereum(s)
		_ = Monero(s)
		_, _ = moneroBase58(s)
		_, _ = GTIN(s)
		_, _ = CPF(s), CNPJ(s)
	})
}
