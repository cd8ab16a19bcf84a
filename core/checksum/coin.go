package checksum

// Crypto-currency addresses: segwit (BIP 173, BIP 350), Bitcoin Cash's
// CashAddr, legacy base58check, Ethereum's EIP-55 case and Monero's own
// base58 with a Keccak-256 checksum.

import (
	"errors"
	"fmt"
	"math/bits"
	"strings"

	"golang.org/x/crypto/sha3"
)

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

// Segwit checks addr as a segwit address whose human-readable part is hrp
// ("bc", "ltc"): bech32 for witness version 0 (BIP 173), bech32m for 1 to 16
// (BIP 350), with the program lengths those BIPs allow. It returns addr in
// lower case, the form BIP 21 URIs carry.
func Segwit(addr, hrp string) (string, error) {
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

// bech32Polymod is BIP 173's checksum polynomial over values.
func bech32Polymod(values []byte) uint32 {
	return uint32(polymod(values, 30, [5]uint64{0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3}))
}

// cashPolymod is CashAddr's (a 40-bit BCH code over the same 5-bit
// values), with its final 1 taken off, so that a valid address gives 0.
func cashPolymod(values []byte) uint64 {
	return polymod(values, 40, [5]uint64{0x98f2bc8e61, 0x79b76d99e2, 0xf33e5fb3c4, 0xae2eabe2a8, 0x1e4f43e470}) ^ 1
}

// polymod is the remainder of values (5 bits each) by a BCH generator of
// bits bits, whose multiples of x^5 .. x^9 are gen, starting from 1: the
// checksum Bech32 and CashAddr share.
func polymod(values []byte, bits uint, gen [5]uint64) uint64 {
	c := uint64(1)
	for _, v := range values {
		top := c >> (bits - 5)
		c = (c&(1<<(bits-5)-1))<<5 ^ uint64(v)
		for i := range 5 {
			if top>>i&1 == 1 {
				c ^= gen[i]
			}
		}
	}
	return c
}

// CashAddr checks s as a Bitcoin Cash CashAddr address, with or without
// its "bitcoincash:" prefix: checksum, a P2PKH (q…) or P2SH (p…) type, and a
// hash as long as the version byte says. It returns the address in lower
// case without the prefix.
func CashAddr(s string) (string, error) {
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

// Base58Check checks addr as a legacy base58check address: 25 bytes, one of
// the version bytes given, and a double-SHA-256 checksum.
func Base58Check(addr string, versions ...byte) error {
	if len(addr) > 40 {
		return errors.New("not a valid address")
	}
	b, ok := base58Decode(addr)
	if !ok || len(b) != 25 || !strings.ContainsRune(string(versions), rune(b[0])) {
		return errors.New("not a valid address")
	}
	h := sum256(b[:21])
	h = sum256(h[:])
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

// EIP55 is the EIP-55 mixed-case form of a 0x-prefixed Ethereum address.
func EIP55(addr string) string {
	hex := []byte(strings.ToLower(addr[2:]))
	hash := keccak256(hex)
	for i, c := range hex {
		if c >= 'a' && hash[i/2]>>(4*(1-i%2))&15 >= 8 {
			hex[i] = c - 'a' + 'A'
		}
	}
	return "0x" + string(hex)
}

// CaseError is the error of an Ethereum address whose mixed case does not
// match its EIP-55 checksum.
type CaseError struct {
	Want string // the same digits in their checksum case
}

func (e *CaseError) Error() string {
	return "EIP-55 checksum does not match: the mixed case is wrong, or a digit is. The same digits in their checksum case are " + e.Want + "; copy the address from its source again if it was typed by hand"
}

// Ethereum checks s as 0x and 40 hex digits. All-lower or all-upper digits
// carry no checksum; mixed case must match its EIP-55 checksum, or the
// error is a *CaseError.
func Ethereum(s string) error {
	if len(s) != 42 || s[:2] != "0x" || !all(s[2:], hexDigits) {
		return errors.New("not an Ethereum address: 0x and 40 hex digits")
	}
	if h := s[2:]; h != strings.ToLower(h) && h != strings.ToUpper(h) {
		if want := EIP55(s); want != s {
			return &CaseError{Want: want}
		}
	}
	return nil
}

// Monero checks s as a Monero main-net address: standard (prefix 18,
// 95 characters) or subaddress (42, starts 8), or integrated (19, 106
// characters), in Monero's block base58 with a Keccak-256 checksum.
func Monero(s string) error {
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
