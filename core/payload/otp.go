package payload

import (
	"strconv"
	"strings"
)

// The otp kind (docs/payloads.md §2.19): Google Authenticator's Key URI,
// otpauth://totp/Issuer:account?secret=...&issuer=...

func init() { register(otpKind) }

// period belongs to totp and counter to hotp; giving either to the other
// type is an error rather than silently dropped. Defaults (SHA1, 6
// digits, 30 s) are left out of the URI.
var otpKind = &Kind{
	Name:  "otp",
	Title: "One-time password (2FA)",
	Help:  "Adds an account to an authenticator app (TOTP or HOTP).",
	Fields: []Field{
		{Name: "secret", Label: "Secret key", Required: true, Format: FormatText, Secret: true, Example: "JBSWY3DPEHPK3PXP",
			Help: "Base32 (A-Z, 2-7); spaces and = padding are removed. 16 characters or more is recommended."},
		{Name: "account", Label: "Account", Required: true, Format: FormatText, Example: "alice@example.com",
			Help: "Shown in the app, usually the user's e-mail; no ':'."},
		{Name: "issuer", Label: "Issuer", Format: FormatText, Example: "ACME Co",
			Help: "The service's name, strongly recommended; no ':'."},
		{Name: "type", Label: "Type", Format: FormatEnum, Enum: []string{"totp", "hotp"}, Choices: []string{"TOTP (time-based)", "HOTP (counter-based)"}, Example: "totp",
			Help: "totp (time-based, default) or hotp (counter-based)."},
		{Name: "algorithm", Label: "Algorithm", Format: FormatEnum, Enum: []string{"SHA1", "SHA256", "SHA512"}, Example: "SHA1",
			Help: "SHA1 (default) is the only one every app supports."},
		{Name: "digits", Label: "Digits", Format: FormatEnum, Enum: []string{"6", "8"}, Example: "6"},
		{Name: "period", Label: "Period", Format: FormatInteger, Example: "30",
			Help: "totp only: seconds a code is valid, default 30."},
		{Name: "counter", Label: "Counter", Format: FormatInteger, Example: "0",
			Help: "hotp only, and required there: the initial counter."},
	},
	Build: buildOTP,
}

// base32Secret upper-cases s and drops spaces and '=' padding; ok is false
// unless the rest is RFC 4648 base32 of a whole number of bytes.
func base32Secret(s string) (string, bool) {
	s = strings.ToUpper(strings.NewReplacer(" ", "", "=", "").Replace(strings.TrimSpace(s)))
	if s == "" || strings.Trim(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") != "" {
		return "", false
	}
	switch len(s) % 8 {
	case 1, 3, 6:
		return "", false
	}
	return s, true
}

func buildOTP(f Fields) (string, error) {
	if err := need("otp", f, "secret", "account"); err != nil {
		return "", err
	}
	secret, ok := base32Secret(f["secret"])
	if !ok {
		return "", fieldError("otp", "secret", "must be base32: letters A-Z and digits 2-7")
	}
	account, issuer := strings.TrimSpace(f["account"]), strings.TrimSpace(f["issuer"])
	switch {
	case account == "":
		return "", fieldError("otp", "account", "is required")
	case strings.Contains(account, ":"):
		return "", fieldError("otp", "account", "must not contain ':'")
	case strings.Contains(issuer, ":"):
		return "", fieldError("otp", "issuer", "must not contain ':'")
	}
	typ, err := choice("otp", f, "type", "totp", "hotp")
	if err != nil {
		return "", err
	}
	label := pct(account)
	q := "?secret=" + secret
	if issuer != "" {
		label = pct(issuer) + ":" + label
		q += "&issuer=" + pct(issuer)
	}
	switch alg := strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(f["algorithm"]), "-", "")); alg {
	case "", "SHA1":
	case "SHA256", "SHA512":
		q += "&algorithm=" + alg
	default:
		return "", fieldError("otp", "algorithm", "must be SHA1, SHA256 or SHA512")
	}
	switch d := strings.TrimSpace(f["digits"]); d {
	case "", "6":
	case "8":
		q += "&digits=8"
	default:
		return "", fieldError("otp", "digits", "must be 6 or 8")
	}
	period, counter := strings.TrimSpace(f["period"]), strings.TrimSpace(f["counter"])
	if typ == "totp" {
		if counter != "" {
			return "", &FieldError{Field: "counter", Problem: "applies to hotp only; clear it or set type to hotp"}
		}
		if period != "" {
			n, err := strconv.ParseUint(period, 10, 32)
			if err != nil || n == 0 {
				return "", fieldError("otp", "period", "must be a whole number of seconds, 1 or more")
			}
			if n != 30 {
				q += "&period=" + strconv.FormatUint(n, 10)
			}
		}
	} else {
		if period != "" {
			return "", &FieldError{Field: "period", Problem: "applies to totp only; clear it or set type to totp"}
		}
		n, err := strconv.ParseUint(counter, 10, 64)
		if err != nil {
			return "", &FieldError{Field: "counter", Problem: "is required for hotp: a whole number, 0 or more", Example: "0"}
		}
		q += "&counter=" + strconv.FormatUint(n, 10)
	}
	return "otpauth://" + typ + "/" + label + q, nil
}

// parseOTP prefers the issuer parameter to the label's prefix when both
// are present, as Google's Key URI format advises.
func parseOTP(s string, _ *notes) (Fields, bool) {
	rest, ok := cutFold(strings.TrimSpace(s), "otpauth://")
	if !ok {
		return nil, false
	}
	typ, rest, _ := strings.Cut(rest, "/")
	label, query, _ := strings.Cut(rest, "?")
	label = pctDecode(label, false)
	f := Fields{"type": strings.ToLower(typ), "account": label}
	if iss, acc, ok := strings.Cut(label, ":"); ok {
		f["issuer"], f["account"] = iss, strings.TrimLeft(acc, " ")
	}
	for _, k := range []string{"secret", "issuer", "algorithm", "digits", "period", "counter"} {
		if v := queryValue(query, k, false); v != "" {
			f[k] = v
		}
	}
	return f, true
}
