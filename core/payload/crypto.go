package payload

// Crypto-currency payment URIs: bitcoin (docs/payloads.md §2.25), bitcoincash
// (§2.26), litecoin (§2.27), ethereum (§2.28), monero (§2.29).

import (
	"errors"
	"math/big"
	"strings"

	"qrkeyless/core/checksum"
)

func init() { register(bitcoinKind, bitcoincashKind, litecoinKind, ethereumKind, moneroKind) }

var bitcoinKind = bip21Kind("bitcoin", "Bitcoin payment", "Bitcoin",
	"bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", "0.0015", bitcoinAddress)

// bitcoinAddress checks a Bitcoin address: bech32 (bc1…) or Base58Check.
func bitcoinAddress(a string) (string, error) {
	switch {
	case startsFold(a, "bc1"):
		return checksum.Segwit(a, "bc")
	case strings.HasPrefix(a, "1") || strings.HasPrefix(a, "3"):
		return a, checksum.Base58Check(a, 0x00, 0x05)
	}
	return "", errors.New("not a Bitcoin address: it starts with 1, 3 or bc1")
}

var bitcoincashKind = bip21Kind("bitcoincash", "Bitcoin Cash payment", "Bitcoin Cash",
	"bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a", "0.1", bitcoincashAddress)

// bitcoincashAddress checks a CashAddr address and writes it with its
// prefix.
func bitcoincashAddress(a string) (string, error) {
	a, err := checksum.CashAddr(a)
	return "bitcoincash:" + a, err
}

var litecoinKind = bip21Kind("litecoin", "Litecoin payment", "Litecoin",
	"ltc1qar0srrr7xfkvy5l643lydnw9re59gtzz24wl4s", "0.25", litecoinAddress)

// litecoinAddress checks a Litecoin address: bech32 (ltc1…) or Base58Check.
func litecoinAddress(a string) (string, error) {
	switch {
	case startsFold(a, "ltc1"):
		return checksum.Segwit(a, "ltc")
	case strings.HasPrefix(a, "L") || strings.HasPrefix(a, "M") || strings.HasPrefix(a, "3"):
		return a, checksum.Base58Check(a, 0x30, 0x32, 0x05)
	}
	return "", errors.New("not a Litecoin address: it starts with L, M, 3 or ltc1")
}

var ethereumKind = &Kind{
	Name:  "ethereum",
	Title: "Ethereum payment",
	Help:  "Opens a wallet to send ether, or an ERC-20 token when a token contract is given (EIP-681).",
	Fields: []Field{
		{Name: "address", Label: "Recipient address", Help: "0x and 40 hex digits (EIP-55 checksum when mixed case), or an ENS name.", Required: true, Format: FormatText, Example: "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359"},
		{Name: "chainid", Label: "Chain ID", Help: "1 for Ethereum main net; leave empty for the wallet's current chain.", Format: FormatInteger, Example: "1"},
		{Name: "value", Label: "Amount in base units", Help: "A whole number: wei for ether (1 ETH = 10^18 wei), or the token's base units.", Format: FormatInteger, Example: "2014000000000000000"},
		{Name: "token", Label: "Token contract", Help: "ERC-20 contract address; leave empty to send ether.", Format: FormatText, Example: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"},
	},
	Build:  buildEthereum,
	strict: true,
}

var moneroKind = &Kind{
	Name:  "monero",
	Title: "Monero payment",
	Help:  "Opens a Monero wallet with the address, and the amount if given, filled in.",
	Fields: []Field{
		{Name: "address", Label: "Address", Help: "Standard (4…), integrated, or subaddress (8…).", Required: true, Format: FormatText, Example: "46BeWrHpwXmHDpDEUmZBWZfoQpdc6HaERCNmx1pEYL2rAcuwufPN9rXHHtyUA4QVy66qeFQkn6sfK8aHYjA3jk3o1Bv16em"},
		{Name: "amount", Label: "Amount (XMR)", Help: "Up to 12 decimals.", Format: FormatDecimal, Example: "1.3"},
		{Name: "recipient", Label: "Recipient name", Format: FormatText, Example: "Raffael Herrmann"},
		{Name: "description", Label: "Description", Format: FormatText, Example: "Donation"},
	},
	Build:  buildMonero,
	strict: true,
}

// bip21Kind is a BIP 21 style kind: <scheme>:<address>[?amount=…&label=…&message=…].
// check validates an address and returns the form the fields hold; the URI
// writes it without any "<scheme>:" it carries, so a CashAddr prefix, which
// is the scheme, never appears twice. Amounts keep the decimals given (at
// most 8, never an exponent, always a leading 0); req-* parameters are never
// written, and a URI with one is not parsed, since wallets must refuse it.
func bip21Kind(scheme, title, coin, exAddr, exAmount string, check func(string) (string, error)) *Kind {
	build := func(f Fields) (string, error) {
		a := fv(f, "address")
		if a == "" {
			return "", fieldError(scheme, "address", coin+" address is required")
		}
		a, err := check(a)
		if err != nil {
			return "", fieldErr(scheme, "address", err)
		}
		var q []string
		if s := fv(f, "amount"); s != "" {
			w, fr, err := decimal(s, 8, 8)
			if err != nil {
				return "", fieldErr(scheme, "amount", err)
			}
			q = append(q, "amount="+plain(w, fr))
		}
		if s := fv(f, "label"); s != "" {
			q = append(q, "label="+pct(s))
		}
		if s := fv(f, "message"); s != "" {
			q = append(q, "message="+pct(s))
		}
		out := scheme + ":" + strings.TrimPrefix(a, scheme+":")
		if len(q) > 0 {
			out += "?" + strings.Join(q, "&")
		}
		return out, nil
	}
	return &Kind{
		Name:  scheme,
		Title: title,
		Help:  "Opens a " + coin + " wallet with the address, and the amount if given, filled in.",
		Fields: []Field{
			{Name: "address", Label: coin + " address", Required: true, Format: FormatText, Example: exAddr},
			{Name: "amount", Label: "Amount", Help: "In whole coins, up to 8 decimals.", Format: FormatDecimal, Example: exAmount},
			{Name: "label", Label: "Label", Help: "Name of the recipient.", Format: FormatText, Example: "Luke-Jr"},
			{Name: "message", Label: "Message", Help: "What the payment is for.", Format: FormatText, Example: "Donation for project xyz"},
		},
		Build:  build,
		strict: true,
	}
}

// maxUint256 is the largest amount an EIP-681 uint256 or wei value can hold.
var maxUint256 = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))

// ethTarget checks an address field: a hex address or an ENS name, which it
// lower-cases as ENS normalisation does.
func ethTarget(s string) (string, error) {
	if strings.HasPrefix(s, "0x") || !strings.Contains(s, ".") {
		err := checksum.Ethereum(s)
		if ce := (*checksum.CaseError)(nil); errors.As(err, &ce) {
			return s, &fixable{msg: err.Error(), correction: ce.Want}
		}
		return s, err
	}
	s = strings.ToLower(s)
	for _, label := range strings.Split(s, ".") {
		if label == "" || strings.Trim(label, "abcdefghijklmnopqrstuvwxyz0123456789-") != "" {
			return "", errors.New("not an ENS name: dot-separated labels of letters, digits and -")
		}
	}
	if len(s) > 255 {
		return "", errors.New("ENS name is too long")
	}
	return s, nil
}

// buildEthereum writes an EIP-681 URI: ethereum:<address>[@chain][?value=<wei>]
// for ether, ethereum:<token>[@chain]/transfer?address=<to>[&uint256=<units>]
// for an ERC-20 token. Values are plain integers, never the exponent form
// EIP-681 allows, because wallets differ on it.
func buildEthereum(f Fields) (string, error) {
	const kind = "ethereum"
	addr := fv(f, "address")
	if addr == "" {
		return "", fieldError(kind, "address", "recipient address is required")
	}
	addr, err := ethTarget(addr)
	if err != nil {
		return "", fieldErr(kind, "address", err)
	}
	chain := ""
	if s := fv(f, "chainid"); s != "" {
		if chain, err = checkInteger(s, 20); err != nil {
			return "", fieldError(kind, "chainid", "chain ID "+err.Error())
		}
		chain = "@" + chain
	}
	value := fv(f, "value")
	if value != "" {
		v, err := checkInteger(value, 78)
		if err != nil {
			return "", fieldError(kind, "value", "value is in base units (wei for ether), so it "+err.Error())
		}
		if n, _ := new(big.Int).SetString(v, 10); n.Cmp(maxUint256) > 0 {
			return "", fieldError(kind, "value", "value does not fit in 256 bits")
		}
		value = v
	}
	token := fv(f, "token")
	if token == "" {
		out := "ethereum:" + addr + chain
		if value != "" {
			out += "?value=" + value
		}
		return out, nil
	}
	if token, err = ethTarget(token); err != nil {
		return "", fieldErr(kind, "token", err)
	}
	out := "ethereum:" + token + chain + "/transfer?address=" + addr
	if value != "" {
		out += "&uint256=" + value
	}
	return out, nil
}

// parseEthereum reads an EIP-681 URI for a plain transfer or an ERC-20
// transfer; other contract calls are not this kind. A value in exponent form
// (2.014e18) is read as the integer it stands for; gas parameters are left out.
func parseEthereum(text string, _ *notes) (Fields, bool) {
	if !startsFold(text, "ethereum:") {
		return nil, false
	}
	rest, query, _ := strings.Cut(strings.TrimPrefix(text[len("ethereum:"):], "pay-"), "?")
	rest, fn, _ := strings.Cut(rest, "/")
	target, chain, _ := strings.Cut(rest, "@")
	q, ok := uriQuery(query)
	if !ok {
		return nil, false
	}
	f := Fields{"chainid": chain}
	switch fn {
	case "":
		f["address"], f["value"] = target, q["value"]
	case "transfer":
		f["token"], f["address"], f["value"] = target, q["address"], q["uint256"]
	default:
		return nil, false
	}
	if v := f["value"]; strings.ContainsAny(v, ".eE") {
		r, ok := new(big.Rat).SetString(v)
		if !ok || !r.IsInt() {
			return nil, false
		}
		f["value"] = r.Num().String()
	}
	return f, true
}

// buildMonero writes monero:<address>[?tx_amount=…][&recipient_name=…][&tx_description=…],
// the form of the Monero wallets (not QRCoder's monero://).
func buildMonero(f Fields) (string, error) {
	const kind = "monero"
	addr := fv(f, "address")
	if addr == "" {
		return "", fieldError(kind, "address", "Monero address is required")
	}
	if err := checksum.Monero(addr); err != nil {
		return "", fieldErr(kind, "address", err)
	}
	var q []string
	if s := fv(f, "amount"); s != "" {
		w, fr, err := decimal(s, 9, 12)
		if err != nil {
			return "", fieldErr(kind, "amount", err)
		}
		q = append(q, "tx_amount="+plain(w, fr))
	}
	if s := fv(f, "recipient"); s != "" {
		q = append(q, "recipient_name="+pct(s))
	}
	if s := fv(f, "description"); s != "" {
		q = append(q, "tx_description="+pct(s))
	}
	out := "monero:" + addr
	if len(q) > 0 {
		out += "?" + strings.Join(q, "&")
	}
	return out, nil
}

// parseMonero reads monero: URIs, and QRCoder's monero:// too. One with the
// deprecated tx_payment_id is not parsed: dropping the id would send money
// the recipient cannot match.
func parseMonero(text string, _ *notes) (Fields, bool) {
	if !startsFold(text, "monero:") {
		return nil, false
	}
	rest := strings.TrimPrefix(text[len("monero:"):], "//")
	addr, query, _ := strings.Cut(rest, "?")
	q, ok := uriQuery(query)
	if !ok || q["tx_payment_id"] != "" {
		return nil, false
	}
	return Fields{"address": addr, "amount": q["tx_amount"], "recipient": q["recipient_name"], "description": q["tx_description"]}, true
}

// bip21Reader is the reader of a bip21Kind: a URI of scheme whose address
// check accepts, with no req-* parameter.
func bip21Reader(scheme string, check func(string) (string, error)) reader {
	return func(text string, _ *notes) (Fields, bool) {
		if !startsFold(text, scheme+":") {
			return nil, false
		}
		addr, query, _ := strings.Cut(text[len(scheme)+1:], "?")
		q, ok := uriQuery(query)
		if !ok {
			return nil, false
		}
		for k := range q {
			if strings.HasPrefix(k, "req-") {
				return nil, false
			}
		}
		addr, err := check(addr)
		if err != nil {
			return nil, false
		}
		return Fields{"address": addr, "amount": q["amount"], "label": q["label"], "message": q["message"]}, true
	}
}
