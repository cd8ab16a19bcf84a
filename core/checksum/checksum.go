// Package checksum checks the identifiers payment codes carry, by their
// shape and, where they have them, their check digits: bank accounts,
// banks and references (IBAN, BIC, ISO 11649, the Swiss QR reference),
// Brazilian tax ids (CPF, CNPJ), GTINs and crypto-currency addresses
// (segwit, CashAddr, base58check, EIP-55, Monero). A check that
// normalises returns the value in the form a payload carries it; every
// error's text is a sentence a caller can act on.
package checksum

import (
	"errors"
	"fmt"
	"strings"
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

// IBAN removes spaces, upper-cases s and checks it as an IBAN (ISO 13616):
// its shape, the length registered for its country, and the mod-97 check digits.
func IBAN(s string) (string, error) {
	s = strings.ToUpper(strings.ReplaceAll(s, " ", ""))
	if len(s) < 15 || len(s) > 34 || !all(s[:2], upper) || !all(s[2:4], digits) || !all(s[4:], upperDigits) {
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

// BIC upper-cases s and checks it as an ISO 9362 BIC of 8 or 11 characters.
func BIC(s string) (string, error) {
	s = strings.ToUpper(strings.ReplaceAll(s, " ", ""))
	if (len(s) != 8 && len(s) != 11) || !all(s[:6], upper) || !all(s[6:], upperDigits) {
		return "", errors.New("not a BIC: 8 or 11 characters, bank code and country in letters (e.g. COBADEFFXXX)")
	}
	return s, nil
}

// RF removes spaces, upper-cases s and checks it as an ISO 11649
// creditor reference: RF, two check digits, 1 to 21 letters or digits, mod 97 = 1.
func RF(s string) (string, error) {
	s = strings.ToUpper(strings.ReplaceAll(s, " ", ""))
	if len(s) < 5 || len(s) > 25 || s[:2] != "RF" || !all(s[2:4], digits) || !all(s[4:], upperDigits) {
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

// QRR removes spaces and checks s as a Swiss QR reference: 27 digits, the
// last being the mod-10 recursive check digit of the first 26.
func QRR(s string) (string, error) {
	s = strings.ReplaceAll(s, " ", "")
	if len(s) != 27 || !all(s, digits) {
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

// CPF reports whether d is a Brazilian CPF as bare digits: 11 of them, the
// last two its mod-11 check digits. Numbers of one repeated digit pass the
// arithmetic but are not issued, so they fail.
func CPF(d string) bool {
	if len(d) != 11 || !all(d, digits) || strings.Count(d, d[:1]) == 11 {
		return false
	}
	for n := 9; n <= 10; n++ {
		sum := 0
		for i := 0; i < n; i++ {
			sum += int(d[i]-'0') * (n + 1 - i)
		}
		if byte(sum*10%11%10) != d[n]-'0' {
			return false
		}
	}
	return true
}

// CNPJ reports whether d is a Brazilian CNPJ without punctuation: 12
// letters or digits (the alphanumeric form Brazil introduces in 2026) and
// two mod-11 check digits, each character counting as its ASCII code
// minus 48. Numbers of one repeated character fail.
func CNPJ(d string) bool {
	if len(d) != 14 || !all(d[:12], upperDigits) || !all(d[12:], digits) || strings.Count(d, d[:1]) == 14 {
		return false
	}
	weights := []int{6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2}
	for n := 12; n <= 13; n++ {
		sum := 0
		for i := 0; i < n; i++ {
			sum += int(d[i]-'0') * weights[i+13-n]
		}
		dv := 11 - sum%11
		if dv >= 10 {
			dv = 0
		}
		if byte(dv) != d[n]-'0' {
			return false
		}
	}
	return true
}

// GTIN returns the check digit the digits d (a GTIN-8, -12, -13 or -14,
// check digit last) must end in, and whether they do (GS1 General
// Specifications 7.9.1: weights 3 and 1 from the right). ok is false for
// anything but two or more digits.
func GTIN(d string) (want byte, ok bool) {
	if len(d) < 2 || !all(d, digits) {
		return 0, false
	}
	sum := 0
	for i := len(d) - 2; i >= 0; i-- {
		w := 1
		if (len(d)-2-i)%2 == 0 {
			w = 3
		}
		sum += int(d[i]-'0') * w
	}
	want = byte('0' + (10-sum%10)%10)
	return want, d[len(d)-1] == want
}

// Character classes for all.
const (
	digits      = "0123456789"
	upper       = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	upperDigits = upper + digits
	hexDigits   = digits + "abcdefABCDEF"
)

// all reports whether every character of s is in set.
func all(s, set string) bool { return strings.Trim(s, set) == "" }
