package payload

// The validation algorithms of payloads.md §0.6 and the amount rules of §0.7.
// A check returns the value in the form it takes inside a payload, or an
// error whose text is the Problem of the FieldError the kind reports.

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"math/bits"
	"strings"
	"unicode/utf8"

	"golang.org/x/crypto/sha3"
	"golang.org/x/text/encoding/charmap"
)

// ibanLength is the IBAN length of each country in the SWIFT IBAN registry.
var ibanLength = map[string]int{
	"AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22,
	"BH": 22, "BI": 27, "BR": 29, "BY": 28, "CH": 21, "CR": 22, "CY": 28, "CZ": 24,
	"DE": 22, "DJ": 27, "DK": 18, "DO": 28, "EE": 20, "EG": 29, "ES": 24, "FI": 18,
	"FK": 18, "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23, "GL": 18, "GR": 27,
	"GT": 28, "HN": 28, "HR": 21, "HU": 28, "IE": 22, "IL": 23, "IQ": 23, "IS": 26,
	"IT": 27, "JO": 30, "KW": 30, "KZ": 20, "LB": 28, "LC": 32, "LI": 21, "LT": 20,
	"LU": 20, "LV": 21, "LY": 25, "MC": 27, "MD": 24, "ME": 22, "MK": 19, "MN": 20,
	"MR": 27, "MT": 31, "MU": 30, "NI": 28, "NL": 18, "NO": 15, "OM": 23, "PK": 24,
	"PL": 28, "PS": 29, "PT": 25, "QA": 29, "RO": 24, "RS": 22, "RU": 33, "SA": 24,
	"SC": 31, "SD": 18, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "SO": 23, "ST": 25,
	"SV": 28, "TL": 23, "TN": 24, "TR": 26, "UA": 29, "VA": 22, "VG": 24, "XK": 20,
	"YE": 30,
}

// checkIBAN removes spaces, upper-cases s and checks it as an IBAN (ISO 13616):
// its shape, the length registered for its country, and the mod-97 check digits.
func checkIBAN(s string) (string, error) {
	s = strings.ToUpper(strings.ReplaceAll(s, " ", ""))
	if len(s) < 15 || len(s) > 34 || !isUpper(s[:2]) || !isDigits(s[2:4]) || !isUpperAlnum(s[4:]) {
		return "", errors.New("not an IBAN: two letters, two check digits, then 11 to 30 letters or digits")
	}
	want, ok := ibanLength[s[:2]]
	if !ok {
		return "", fmt.Errorf("%s is not a country with IBANs", s[:2])
	}
	if len(s) != want {
		return "", fmt.Errorf("a %s IBAN has %d characters, this one has %d", s[:2], want, len(s))
	}
	if mod97(s[4:]+s[:4]) != 1 {
		return "", errors.New("IBAN checksum does not match")
	}
	return s, nil
}

// checkBIC upper-cases s and checks it as an ISO 9362 BIC of 8 or 11 characters.
func checkBIC(s string) (string, error) {
	s = strings.ToUpper(strings.ReplaceAll(s, " ", ""))
	if (len(s) != 8 && len(s) != 11) || !isUpper(s[:6]) || !isUpperAlnum(s[6:]) {
		return "", errors.New("not a BIC: 8 or 11 characters, bank code and country in letters (e.g. COBADEFFXXX)")
	}
	return s, nil
}

// checkRF removes spaces, upper-cases s and checks it as an ISO 11649
// creditor reference: RF, two check digits, 1 to 21 letters or digits, mod 97 = 1.
func checkRF(s string) (string, error) {
	s = strings.ToUpper(strings.ReplaceAll(s, " ", ""))
	if len(s) < 5 || len(s) > 25 || s[:2] != "RF" || !isDigits(s[2:4]) || !isUpperAlnum(s[4:]) {
		return "", errors.New("not an ISO 11649 creditor reference: RF, two check digits, then 1 to 21 letters or digits")
	}
	if mod97(s[4:]+s[:4]) != 1 {
		return "", errors.New("creditor reference checksum does not match")
	}
	return s, nil
}

// mod97 is the ISO 7064 MOD 97-10 remainder of s, digits and upper-case
// letters (A=10 … Z=35), as IBAN and RF checks use it.
func mod97(s string) int {
	r := 0
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' {
			r = (r*100 + int(c-'A') + 10) % 97
		} else {
			r = (r*10 + int(c-'0')) % 97
		}
	}
	return r
}

// checkQRR removes spaces and checks s as a Swiss QR reference: 27 digits, the
// last being the mod-10 recursive check digit of the first 26.
func checkQRR(s string) (string, error) {
	s = strings.ReplaceAll(s, " ", "")
	if len(s) != 27 || !isDigits(s) {
		return "", errors.New("a QR reference has 27 digits")
	}
	if mod10r(s[:26]) != s[26]-'0' {
		return "", errors.New("QR reference check digit does not match")
	}
	return s, nil
}

// mod10r is the check digit of the digits s by the mod-10 recursive method of
// the Swiss payment standards.
func mod10r(s string) byte {
	table := [10]byte{0, 9, 4, 6, 8, 2, 7, 1, 3, 5}
	carry := byte(0)
	for i := 0; i < len(s); i++ {
		carry = table[(carry+s[i]-'0')%10]
	}
	return (10 - carry) % 10
}

// crc16 is CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no
// final xor), the checksum of EMV merchant-presented QR codes.
func crc16(s string) uint16 {
	crc := uint16(0xFFFF)
	for i := 0; i < len(s); i++ {
		crc ^= uint16(s[i]) << 8
		for range 8 {
			if crc&0x8000 != 0 {
				crc = crc<<1 ^ 0x1021
			} else {
				crc <<= 1
			}
		}
	}
	return crc
}

const bech32Chars = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"

// bech32Values maps s, lower-case, to 5-bit values; ok is false on a character
// outside the bech32 alphabet.
func bech32Values(s string) ([]byte, bool) {
	v := make([]byte, len(s))
	for i := 0; i < len(s); i++ {
		j := strings.IndexByte(bech32Chars, s[i])
		if j < 0 {
			return nil, false
		}
		v[i] = byte(j)
	}
	return v, true
}

// regroup converts groups of from bits to groups of to bits. When decoding
// (pad false) the leftover bits must be fewer than from and all zero.
func regroup(in []byte, from, to uint, pad bool) ([]byte, bool) {
	var acc, n uint // n bits of acc are pending
	var out []byte
	for _, v := range in {
		acc = acc<<from | uint(v)
		n += from
		for n >= to {
			n -= to
			out = append(out, byte(acc>>n&(1<<to-1)))
		}
	}
	if pad {
		if n > 0 {
			out = append(out, byte(acc<<(to-n)&(1<<to-1)))
		}
	} else if n >= from || acc&(1<<n-1) != 0 {
		return nil, false
	}
	return out, true
}

// checkSegwit checks addr as a segwit address whose human-readable part is hrp
// ("bc", "ltc"): bech32 for witness version 0 (BIP 173), bech32m for 1 to 16
// (BIP 350), with the program lengths those BIPs allow. It returns addr in
// lower case, the form BIP 21 URIs carry.
func checkSegwit(addr, hrp string) (string, error) {
	bad := fmt.Errorf("not a valid %s1… address", hrp)
	low := strings.ToLower(addr)
	if low != addr && strings.ToUpper(addr) != addr {
		return "", errors.New("address mixes upper and lower case")
	}
	if len(low) > 90 || !strings.HasPrefix(low, hrp+"1") {
		return "", bad
	}
	data, ok := bech32Values(low[len(hrp)+1:])
	if !ok || len(data) < 7 {
		return "", bad
	}
	sum := bech32Polymod(append(hrpExpand(hrp), data...))
	if sum != 1 && sum != 0x2bc830a3 {
		return "", errors.New("address checksum does not match")
	}
	ver := data[0]
	prog, ok := regroup(data[1:len(data)-6], 5, 8, false)
	if !ok || ver > 16 || len(prog) < 2 || len(prog) > 40 {
		return "", bad
	}
	if ver == 0 && (sum != 1 || len(prog) != 20 && len(prog) != 32) || ver > 0 && sum != 0x2bc830a3 {
		return "", bad
	}
	return low, nil
}

func hrpExpand(hrp string) []byte {
	v := make([]byte, 0, 2*len(hrp)+1)
	for i := 0; i < len(hrp); i++ {
		v = append(v, hrp[i]>>5)
	}
	v = append(v, 0)
	for i := 0; i < len(hrp); i++ {
		v = append(v, hrp[i]&31)
	}
	return v
}

func bech32Polymod(values []byte) uint32 {
	gen := [5]uint32{0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3}
	chk := uint32(1)
	for _, v := range values {
		top := chk >> 25
		chk = (chk&0x1ffffff)<<5 ^ uint32(v)
		for i := range 5 {
			if top>>i&1 == 1 {
				chk ^= gen[i]
			}
		}
	}
	return chk
}

// checkCashAddr checks s as a Bitcoin Cash CashAddr address, with or without
// its "bitcoincash:" prefix: checksum, a P2PKH (q…) or P2SH (p…) type, and a
// hash as long as the version byte says. It returns the address in lower
// case without the prefix.
func checkCashAddr(s string) (string, error) {
	const prefix = "bitcoincash"
	bad := errors.New("not a CashAddr address (q… or p…, optionally after bitcoincash:)")
	low := strings.ToLower(s)
	if low != s && strings.ToUpper(s) != s {
		return "", bad
	}
	if p, rest, ok := strings.Cut(low, ":"); ok {
		if p != prefix {
			return "", bad
		}
		low = rest
	}
	data, ok := bech32Values(low)
	if !ok || len(data) < 9 {
		return "", bad
	}
	in := make([]byte, 0, len(prefix)+1+len(data))
	for i := 0; i < len(prefix); i++ {
		in = append(in, prefix[i]&31)
	}
	in = append(append(in, 0), data...)
	if cashPolymod(in) != 0 {
		return "", errors.New("address checksum does not match")
	}
	payload, ok := regroup(data[:len(data)-8], 5, 8, false)
	if !ok || len(payload) < 1 {
		return "", bad
	}
	ver := payload[0]
	sizes := [8]int{20, 24, 28, 32, 40, 48, 56, 64}
	if ver>>3 > 1 || len(payload)-1 != sizes[ver&7] {
		return "", bad
	}
	return low, nil
}

func cashPolymod(values []byte) uint64 {
	gen := [5]uint64{0x98f2bc8e61, 0x79b76d99e2, 0xf33e5fb3c4, 0xae2eabe2a8, 0x1e4f43e470}
	c := uint64(1)
	for _, v := range values {
		top := c >> 35
		c = (c&0x07ffffffff)<<5 ^ uint64(v)
		for i := range 5 {
			if top>>i&1 == 1 {
				c ^= gen[i]
			}
		}
	}
	return c ^ 1
}

const base58Chars = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"

// base58Decode decodes s in Bitcoin's base58, each leading '1' standing for a zero byte.
func base58Decode(s string) ([]byte, bool) {
	var out []byte // big-endian, without the leading zeros
	zeros := 0
	for zeros < len(s) && s[zeros] == '1' {
		zeros++
	}
	for i := zeros; i < len(s); i++ {
		d := strings.IndexByte(base58Chars, s[i])
		if d < 0 {
			return nil, false
		}
		carry := d
		for j := len(out) - 1; j >= 0; j-- {
			carry += int(out[j]) * 58
			out[j] = byte(carry)
			carry >>= 8
		}
		for carry > 0 {
			out = append([]byte{byte(carry)}, out...)
			carry >>= 8
		}
	}
	return append(make([]byte, zeros), out...), true
}

// checkBase58 checks addr as a legacy base58check address: 25 bytes, one of
// the version bytes given, and a double-SHA-256 checksum.
func checkBase58(addr string, versions ...byte) error {
	if len(addr) > 40 {
		return errors.New("not a valid address")
	}
	b, ok := base58Decode(addr)
	if !ok || len(b) != 25 || !strings.ContainsRune(string(versions), rune(b[0])) {
		return errors.New("not a valid address")
	}
	h := sha256.Sum256(b[:21])
	h = sha256.Sum256(h[:])
	if string(h[:4]) != string(b[21:]) {
		return errors.New("address checksum does not match")
	}
	return nil
}

func keccak256(b []byte) []byte {
	h := sha3.NewLegacyKeccak256()
	h.Write(b)
	return h.Sum(nil)
}

// eip55 is the EIP-55 mixed-case form of a 0x-prefixed Ethereum address.
func eip55(addr string) string {
	hex := []byte(strings.ToLower(addr[2:]))
	hash := keccak256(hex)
	for i, c := range hex {
		if c >= 'a' && hash[i/2]>>(4*(1-i%2))&15 >= 8 {
			hex[i] = c - 'a' + 'A'
		}
	}
	return "0x" + string(hex)
}

// checkEthAddress checks s as 0x and 40 hex digits. All-lower or all-upper
// digits carry no checksum; mixed case must match its EIP-55 checksum.
func checkEthAddress(s string) error {
	if len(s) != 42 || s[:2] != "0x" || !isHex(s[2:]) {
		return errors.New("not an Ethereum address: 0x and 40 hex digits")
	}
	h := s[2:]
	if h != strings.ToLower(h) && h != strings.ToUpper(h) && eip55(s) != s {
		return &fixable{msg: "EIP-55 checksum does not match: the mixed case is wrong, or a digit is. The same digits in their checksum case are " + eip55(s) + "; copy the address from its source again if it was typed by hand", correction: eip55(s)}
	}
	return nil
}

// checkMonero checks s as a Monero main-net address: standard (prefix 18,
// 95 characters) or subaddress (42, starts 8), or integrated (19, 106
// characters), in Monero's block base58 with a Keccak-256 checksum.
func checkMonero(s string) error {
	if len(s) > 106 {
		return errors.New("not a Monero address")
	}
	b, ok := moneroBase58(s)
	if !ok || len(b) < 5 {
		return errors.New("not a Monero address")
	}
	switch {
	case (b[0] == 18 || b[0] == 42) && len(b) == 69, b[0] == 19 && len(b) == 77:
	default:
		return errors.New("not a Monero main-net address (standard 4…, subaddress 8…, or integrated)")
	}
	if string(keccak256(b[:len(b)-4])[:4]) != string(b[len(b)-4:]) {
		return errors.New("address checksum does not match")
	}
	return nil
}

// moneroBase58 decodes Monero's base58: 8-byte blocks written as 11
// characters each, the last, shorter block in as few characters as it needs.
func moneroBase58(s string) ([]byte, bool) {
	bytesFor := [12]int{0, -1, 1, 2, -1, 3, 4, 5, -1, 6, 7, 8} // by characters in the block
	var out []byte
	for len(s) > 0 {
		block := s[:min(11, len(s))]
		s = s[len(block):]
		n := bytesFor[len(block)]
		if n < 0 {
			return nil, false
		}
		var v uint64
		for i := 0; i < len(block); i++ {
			d := strings.IndexByte(base58Chars, block[i])
			if d < 0 {
				return nil, false
			}
			hi, lo := bits.Mul64(v, 58)
			v = lo + uint64(d)
			if hi != 0 || v < lo {
				return nil, false
			}
		}
		if n < 8 && v>>(8*n) != 0 {
			return nil, false
		}
		for i := n - 1; i >= 0; i-- {
			out = append(out, byte(v>>(8*i)))
		}
	}
	return out, true
}

// decimal reads s as an amount greater than zero with at most whole digits
// before the point and frac after it. It returns both digit runs, leading
// zeros of the whole part removed ("0" when there is none). Binary floats
// never touch an amount: rounding would change what is paid.
func decimal(s string, whole, frac int) (w, f string, err error) {
	switch {
	case s == "":
		return "", "", errors.New("amount is empty")
	case strings.HasPrefix(s, "-"):
		return "", "", errors.New("amount must be greater than 0")
	case strings.ContainsRune(s, ','):
		return "", "", errors.New("use . as the decimal separator and no thousands separator")
	case strings.ContainsAny(s, "eE"):
		return "", "", errors.New("write the amount without an exponent")
	}
	w, f, _ = strings.Cut(s, ".")
	if w == "" && f == "" || !isDigits(w) || !isDigits(f) {
		return "", "", errors.New("not a decimal number")
	}
	if len(f) > frac {
		down, up := roundings(w, f, frac)
		if frac == 0 {
			return "", "", &fixable{msg: fmt.Sprintf("amount must be a whole number: %s or %s?", down, up), choices: []string{down, up}}
		}
		return "", "", &fixable{msg: fmt.Sprintf("at most %d decimals: %s or %s?", frac, down, up), choices: []string{down, up}}
	}
	w = strings.TrimLeft(w, "0")
	if len(w) > whole {
		return "", "", fmt.Errorf("at most %d digits before the decimal point", whole)
	}
	if w == "" {
		w = "0"
	}
	if w == "0" && strings.Trim(f, "0") == "" {
		return "", "", errors.New("amount must be greater than 0")
	}
	return w, f, nil
}

// roundings returns the amount w.f cut to frac decimals and rounded up
// at the last one: the two amounts a caller who wrote too many decimals
// may have meant. Digits only: no float ever touches an amount.
func roundings(w, f string, frac int) (down, up string) {
	digits := []byte(strings.TrimLeft(w, "0") + f[:frac])
	if len(digits) == 0 {
		digits = []byte{'0'}
	}
	down = fixedPoint(string(digits), frac)
	i := len(digits) - 1
	for ; i >= 0 && digits[i] == '9'; i-- {
		digits[i] = '0'
	}
	if i < 0 {
		digits = append([]byte{'1'}, digits...)
	} else {
		digits[i]++
	}
	return down, fixedPoint(string(digits), frac)
}

// fixedPoint writes the digits of an amount with frac of them after the
// point.
func fixedPoint(digits string, frac int) string {
	for len(digits) <= frac {
		digits = "0" + digits
	}
	if frac == 0 {
		return digits
	}
	return digits[:len(digits)-frac] + "." + digits[len(digits)-frac:]
}

// fixed writes an amount read by decimal with exactly n decimals.
func fixed(w, f string, n int) string {
	return w + "." + f + strings.Repeat("0", n-len(f))
}

// plain writes an amount read by decimal with the decimals it was given.
func plain(w, f string) string {
	if f == "" {
		return w
	}
	return w + "." + f
}

// checkInteger checks s as a whole number greater than 0 of at most digits
// digits, leading zeros removed.
func checkInteger(s string, digits int) (string, error) {
	if !isDigits(s) || s == "" {
		return "", errors.New("must be a whole number written in digits")
	}
	if s = strings.TrimLeft(s, "0"); s == "" {
		return "", errors.New("must be greater than 0")
	}
	if len(s) > digits {
		return "", fmt.Errorf("at most %d digits", digits)
	}
	return s, nil
}

// isoDate reads a date given as YYYY-MM-DD (or YYYYMMDD) and returns its
// year, month and day digits; ok is false for anything else or no such day.
func isoDate(s string) (y, m, d string, ok bool) {
	if len(s) == 10 && s[4] == '-' && s[7] == '-' {
		s = s[:4] + s[5:7] + s[8:]
	}
	if len(s) != 8 || !isDigits(s) {
		return "", "", "", false
	}
	y, m, d = s[:4], s[4:6], s[6:]
	days := [13]int{0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}
	mi, di, yi := atoi(m), atoi(d), atoi(y)
	if mi < 1 || mi > 12 || di < 1 || di > days[mi] || mi == 2 && di == 29 && !(yi%4 == 0 && (yi%100 != 0 || yi%400 == 0)) {
		return "", "", "", false
	}
	return y, m, d, true
}

func atoi(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		n = n*10 + int(s[i]-'0')
	}
	return n
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func isUpper(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return true
}

func isUpperAlnum(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < 'A' || c > 'Z') && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}

func isAlnum(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; (c < 'a' || c > 'z') && (s[i] < '0' || s[i] > '9') {
			return false
		}
	}
	return true
}

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; (c < 'a' || c > 'f') && (s[i] < '0' || s[i] > '9') {
			return false
		}
	}
	return true
}

// isPrintableASCII reports whether s holds only the characters 0x20 to 0x7E.
func isPrintableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7E {
			return false
		}
	}
	return true
}

// latinBase holds, for each rune from U+00C0 to U+017F, the ASCII letter it
// is written with once its accent is dropped; '?' marks runes with none.
const latinBase = "" +
	"AAAAAA?CEEEEIIII" + "DNOOOOO?OUUUUY??" + "aaaaaa?ceeeeiiii" + "dnooooo?ouuuuy?y" +
	"AaAaAaCcCcCcCcDd" + "DdEeEeEeEeEeGgGg" + "GgGgHhHhIiIiIiIi" + "Ii??JjKkkLlLlLlL" +
	"lLlNnNnNnnNnOoOo" + "Oo??RrRrRrSsSsSs" + "SsTtTtTtUuUuUuUu" + "UuUuWwYyYZzZzZzs"

// vietBase is the base letter of U+1EA0 to U+1EF9, Vietnamese vowels with
// their tone marks (Ạ ạ ... ỹ), in order.
const vietBase = "AaAaAaAaAaAaAaAaAaAaAaAa" + "EeEeEeEeEeEeEeEe" + "IiIi" + "OoOoOoOoOoOoOoOoOoOoOoOo" + "UuUuUuUuUuUuUu" + "YyYyYyYy"

// foldLatin drops the accents of Latin letters ("São Paulo" → "Sao Paulo",
// "žluťoučký" → "zlutoucky") and writes ligatures as two letters. Runes it
// cannot fold are kept, so callers check the result against their charset.
func foldLatin(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r < 0xC0:
			b.WriteRune(r)
		case r <= 0x17F && latinBase[r-0xC0] != '?':
			b.WriteByte(latinBase[r-0xC0])
		case r >= 0x1EA0 && r <= 0x1EF9: // Vietnamese: a base vowel with a tone mark
			b.WriteByte(vietBase[r-0x1EA0])
		default:
			switch r {
			case 'Ơ':
				b.WriteByte('O')
			case 'ơ':
				b.WriteByte('o')
			case 'Ư':
				b.WriteByte('U')
			case 'ư':
				b.WriteByte('u')
			case 'Æ':
				b.WriteString("AE")
			case 'æ':
				b.WriteString("ae")
			case 'Þ':
				b.WriteString("TH")
			case 'þ':
				b.WriteString("th")
			case 'ß':
				b.WriteString("ss")
			case 'Ĳ':
				b.WriteString("IJ")
			case 'ĳ':
				b.WriteString("ij")
			case 'Œ':
				b.WriteString("OE")
			case 'œ':
				b.WriteString("oe")
			case 'Ș':
				b.WriteByte('S')
			case 'ș':
				b.WriteByte('s')
			case 'Ț':
				b.WriteByte('T')
			case 'ț':
				b.WriteByte('t')
			default:
				b.WriteRune(r)
			}
		}
	}
	return b.String()
}

// encodeCharmap writes the UTF-8 text s in the single-byte charset cm. When a
// rune has no byte there it returns that rune and ok false.
func encodeCharmap(cm *charmap.Charmap, s string) (out string, bad rune, ok bool) {
	b := make([]byte, 0, len(s))
	for _, r := range s {
		c, ok := cm.EncodeRune(r)
		if !ok || r == utf8.RuneError {
			return "", r, false
		}
		b = append(b, c)
	}
	return string(b), 0, true
}

// decodeCharmap reads s, bytes of the single-byte charset cm, as UTF-8 text.
func decodeCharmap(cm *charmap.Charmap, s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		b.WriteRune(cm.DecodeByte(s[i]))
	}
	return b.String()
}

// tooLong is the error for a text of n characters where max fit: its
// correction is the caller's own text cut to fit, never an example. A
// Money field's fix ignores it (a cut reference is another reference).
func tooLong(s string, max, n int) error {
	cut := []rune(s)[:max]
	return &fixable{msg: fmt.Sprintf("at most %d characters, this is %d", max, n), correction: strings.TrimSpace(string(cut))}
}

// hasNewline reports whether s would break a line-based payload.
func hasNewline(s string) bool { return strings.ContainsAny(s, "\r\n") }
