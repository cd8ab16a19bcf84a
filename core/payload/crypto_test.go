package payload

import "testing"

const (
	exXMR = "46BeWrHpwXmHDpDEUmZBWZfoQpdc6HaERCNmx1pEYL2rAcuwufPN9rXHHtyUA4QVy66qeFQkn6sfK8aHYjA3jk3o1Bv16em" // docs/payloads.md §2.29
	exETH = "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359"                                                      // docs/payloads.md §2.28
)

var cryptoExamples = []example{
	// §2.25 bitcoin
	{kind: "bitcoin", fields: Fields{"address": "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", "amount": "0.0015", "label": "Luke-Jr", "message": "Donation for project xyz"},
		text: "bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq?amount=0.0015&label=Luke-Jr&message=Donation%20for%20project%20xyz"}, // spec
	{kind: "bitcoin", fields: Fields{"address": "1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu", "amount": ".123"},
		text:   "bitcoin:1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu?amount=0.123", // rule §0.7: always a leading 0
		parsed: Fields{"address": "1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu", "amount": "0.123"}},
	{kind: "bitcoin", fields: Fields{"address": "BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ"},
		text:   "bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", // rule §2.25: keep it lower-case
		parsed: Fields{"address": "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"}},

	// §2.26 bitcoincash
	{kind: "bitcoincash", fields: Fields{"address": "bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a", "amount": "0.1"},
		text: "bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a?amount=0.1"}, // spec
	{kind: "bitcoincash", fields: Fields{"address": "qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a"},
		text:   "bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a", // rule: the prefix is the scheme, never twice
		parsed: Fields{"address": "bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a"}},

	// §2.27 litecoin
	{kind: "litecoin", fields: Fields{"address": "ltc1qar0srrr7xfkvy5l643lydnw9re59gtzz24wl4s", "amount": "0.25", "label": "Shop"},
		text: "litecoin:ltc1qar0srrr7xfkvy5l643lydnw9re59gtzz24wl4s?amount=0.25&label=Shop"}, // spec
	{kind: "litecoin", fields: Fields{"address": "LW3ByJXVHpiJsuy3u2sdieFQkXHtuk93Yi", "message": "Order 7"},
		text: "litecoin:LW3ByJXVHpiJsuy3u2sdieFQkXHtuk93Yi?message=Order%207"},

	// §2.28 ethereum: the three examples of docs/payloads.md.
	{kind: "ethereum", fields: Fields{"address": exETH, "chainid": "1", "value": "2014000000000000000"},
		text: "ethereum:0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359@1?value=2014000000000000000"},
	{kind: "ethereum", fields: Fields{"address": exETH, "value": "2014000000000000000"},
		text: "ethereum:0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359?value=2014000000000000000"},
	{kind: "ethereum", fields: Fields{"token": "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", "chainid": "1", "address": "0x8e23ee67d1332ad560396262c48ffbb01f93d052", "value": "1000000"},
		text: "ethereum:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48@1/transfer?address=0x8e23ee67d1332ad560396262c48ffbb01f93d052&uint256=1000000"},
	{kind: "ethereum", fields: Fields{"address": "Vitalik.eth"}, text: "ethereum:vitalik.eth", parsed: Fields{"address": "vitalik.eth"}}, // EIP-681: ENS name

	// §2.29 monero
	{kind: "monero", fields: Fields{"address": exXMR, "amount": "1.3", "recipient": "Raffael Herrmann", "description": "Donation"},
		text: "monero:" + exXMR + "?tx_amount=1.3&recipient_name=Raffael%20Herrmann&tx_description=Donation"}, // spec
	{kind: "monero", fields: Fields{"address": exXMR, "amount": "0.000000000001"}, text: "monero:" + exXMR + "?tx_amount=0.000000000001"}, // rule: 12 decimals
}

func TestCryptoExamples(t *testing.T) { checkExamples(t, cryptoExamples) }

func TestCryptoRefusals(t *testing.T) {
	checkRefusals(t, []refusal{
		{"bitcoin", Fields{}, "address", "required"},
		{"bitcoin", Fields{"address": "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr"}, "address", "checksum does not match"},
		{"bitcoin", Fields{"address": "1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggv"}, "address", "checksum does not match"},
		{"bitcoin", Fields{"address": "ltc1qar0srrr7xfkvy5l643lydnw9re59gtzz24wl4s"}, "address", "not a Bitcoin address"},
		{"bitcoin", Fields{"address": "LW3ByJXVHpiJsuy3u2sdieFQkXHtuk93Yi"}, "address", "not a Bitcoin address"},
		{"bitcoin", Fields{"address": "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", "amount": "0.000000001"}, "amount", "at most 8 decimals"},
		{"bitcoin", Fields{"address": "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", "amount": "1.5e-3"}, "amount", "exponent"},
		{"bitcoincash", Fields{"address": "bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6c"}, "address", "checksum does not match"},
		{"bitcoincash", Fields{"address": "1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu"}, "address", "not a CashAddr"},
		{"litecoin", Fields{"address": "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"}, "address", "not a Litecoin address"},
		{"litecoin", Fields{"address": "1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu"}, "address", "not a Litecoin address"},
		{"ethereum", Fields{"address": "0xfb6916095ca1df60bb79Ce92cE3Ea74c37c5d359"}, "address", "EIP-55"}, // EIP-681's own sample, §0.6
		{"ethereum", Fields{"address": "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d35"}, "address", "0x and 40 hex digits"},
		{"ethereum", Fields{"address": exETH, "value": "2.014e18"}, "value", "whole number"}, // §2.28: plain integers
		{"ethereum", Fields{"address": exETH, "value": "1.5"}, "value", "wei"},
		{"ethereum", Fields{"address": exETH, "value": "115792089237316195423570985008687907853269984665640564039457584007913129639936"}, "value", "256 bits"}, // 2^256
		{"ethereum", Fields{"address": exETH, "chainid": "0x1"}, "chainid", "whole number"},
		{"ethereum", Fields{"address": exETH, "token": "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eb48"}, "token", "EIP-55"},
		{"monero", Fields{"address": exXMR[:94] + "n"}, "address", "checksum does not match"},
		{"monero", Fields{"address": exXMR, "amount": "1.0000000000001"}, "amount", "at most 12 decimals"},
	})
}

func TestCryptoScans(t *testing.T) {
	checkScans(t, []scan{
		// Upper case saves space in alphanumeric mode and ZXing accepts it (§2.25).
		{"bitcoin", "BITCOIN:BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ?amount=0.0015",
			Fields{"address": "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", "amount": "0.0015"}},
		// Unknown req- parameters make wallets refuse the URI (BIP 21).
		{"bitcoin", "bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq?req-somethingyoudontunderstand=50", nil},
		{"bitcoin", "bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq?somethingelseyoudontget=999",
			Fields{"address": "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"}},
		{"bitcoin", "bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a", nil},
		// EIP-681 allows the exponent form; it is read as the integer it stands for.
		{"ethereum", "ethereum:pay-0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359@1?value=2.014e18&gas=21000",
			Fields{"address": exETH, "chainid": "1", "value": "2014000000000000000"}},
		{"ethereum", "ethereum:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48/approve?address=0x8e23ee67d1332ad560396262c48ffbb01f93d052", nil},
		{"ethereum", "ethereum:0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359?value=1.5", nil},
		// QRCoder's monero:// form, which ZXing also reads (§2.29).
		{"monero", "monero://" + exXMR + "?tx_amount=1.3", Fields{"address": exXMR, "amount": "1.3"}},
		{"monero", "monero:" + exXMR + "?tx_payment_id=0123456789abcdef", nil},
	})
}

func FuzzCryptoParse(f *testing.F) {
	var seeds []string
	for _, ex := range cryptoExamples {
		seeds = append(seeds, ex.text)
	}
	fuzzParsers(f, []string{"bitcoin", "bitcoincash", "litecoin", "ethereum", "monero"},
		append(seeds, "ethereum:0x@/?value=1e", "bitcoin:?amount=", "monero://")...)
}
