// Package request holds what the service asks of every request before any
// parameter is read: its query is read strictly (ParseQuery), and its
// secrets never leave in a problem, a fix or a URL (NewCall, Scrub).
//
// The service's one rule for secrets: every problem document, fix and URL
// it writes, on every path (REST, /q/, batch, MCP, 404 and 405), goes
// through a problem.Call made by NewCall, whose Redact is RedactValue; and
// every answer made from a request that holds a secret is no-store.
package request

import (
	"net/url"
	"strings"

	"qrkeyless/core/params"
	"qrkeyless/core/payload"
	"qrkeyless/core/problem"
)

// SecretPlaceholder stands in for a secret value in a fix: the service never
// echoes a password back, so the caller puts their own in again.
const SecretPlaceholder = "<secret>"

// secretWords are parts of a name that say its value is a secret, however
// the rest is spelled: userpass, wifi_pwd, PSK.
var secretWords = []string{"pass", "pwd", "secret", "psk"}

// IsSecret reports whether a parameter name names a secret: a field the
// payload registry marks secret (the wifi password, the OTP secret) in any
// case or misspelt within the distance of a near miss (passwrd, Secrte),
// or any name holding one of secretWords. It errs towards secrecy: a
// value wrongly hidden costs a retype, a value wrongly shown leaks.
func IsSecret(name string) bool {
	n := strings.ToLower(name)
	for _, w := range secretWords {
		if strings.Contains(n, w) {
			return true
		}
	}
	for _, s := range secretFields {
		if params.NearMiss(n, []string{s}) != "" || n == s {
			return true
		}
	}
	return false
}

// secretFields are the names of every kind's secret fields.
var secretFields = func() []string {
	var names []string
	for _, k := range payload.All() {
		for _, fd := range k.Fields {
			if fd.Secret {
				names = append(names, fd.Name)
				if fd.Short != "" {
					names = append(names, fd.Short)
				}
			}
		}
	}
	return names
}()

// RedactValue returns value as a problem or a URL may repeat it:
// SecretPlaceholder for a secret name, and a text holding a payload with
// a secret (a WIFI: string in data) with that secret replaced.
func RedactValue(name, value string) string {
	if value == "" {
		return value
	}
	if IsSecret(name) {
		return SecretPlaceholder
	}
	v, _ := payload.HideSecrets(value, SecretPlaceholder)
	return v
}

// NewCall is the call of a request to path with query q, carrying the
// service's secret rule: every fix built from it is redacted.
func NewCall(path string, q url.Values) problem.Call {
	return problem.Call{Path: path, Query: q, Redact: RedactValue}
}

// HasSecret reports whether q holds a secret: a non-empty value under a
// secret name, or a value whose text is a payload with a secret. An
// answer made from such a request is sent no-store and no-referrer, and
// never as a URL.
func HasSecret(q url.Values) bool {
	for name, vs := range q {
		for _, v := range vs {
			if v != "" && RedactValue(name, v) != v {
				return true
			}
		}
	}
	return false
}

// Scrub is the last guard before a problem leaves: it replaces any secret
// of q that its detail or fix still repeats, in the forms a URL writes it:
// values under secret names, and the secrets inside a payload text.
// Secrets shorter than four characters are left to NewCall's rule, which
// hides them by name: replacing "a" everywhere would garble the fix.
func Scrub(p *problem.Problem, q url.Values) *problem.Problem {
	if p == nil {
		return nil
	}
	for name, vs := range q {
		for _, v := range vs {
			secrets := payload.Secrets(v)
			if IsSecret(name) {
				secrets = append(secrets, v)
			}
			for _, s := range secrets {
				if len(s) < 4 {
					continue
				}
				for _, form := range []string{s, url.QueryEscape(s), url.PathEscape(s), strings.ReplaceAll(url.QueryEscape(s), "+", "%20")} {
					p.Detail = strings.ReplaceAll(p.Detail, form, SecretPlaceholder)
					p.Fix = strings.ReplaceAll(p.Fix, form, SecretPlaceholder)
					p.Field = strings.ReplaceAll(p.Field, form, SecretPlaceholder)
				}
			}
		}
	}
	return p
}
