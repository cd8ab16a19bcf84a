package payload

// Shadowsocks server links, SIP002 (docs/payloads.md §2.38).

import (
	"encoding/base64"
	"fmt"
	"net/netip"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ssMethods are the AEAD ciphers offered, the classic ones first.
var ssMethods = []string{"chacha20-ietf-poly1305", "aes-256-gcm", "aes-128-gcm", "xchacha20-ietf-poly1305",
	"2022-blake3-aes-128-gcm", "2022-blake3-aes-256-gcm", "2022-blake3-chacha20-poly1305"}

// ssKeyLen is the key length in bytes of each Shadowsocks 2022 cipher, whose
// password is a base64 key of exactly that length.
var ssKeyLen = map[string]int{
	"2022-blake3-aes-128-gcm":       16,
	"2022-blake3-aes-256-gcm":       32,
	"2022-blake3-chacha20-poly1305": 32,
}

func init() { register(shadowsocksKind) }

var shadowsocksKind = &Kind{
	Name:  "shadowsocks",
	Title: "Shadowsocks server",
	Help:  "Adds a Shadowsocks server to a client app (SIP002 link).",
	Fields: []Field{
		{Name: "method", Label: "Cipher", Help: "An AEAD cipher; the 2022 ciphers take a base64 key as password.", Required: true, Format: FormatEnum,
			Enum: ssMethods, Example: "aes-256-gcm"},
		{Name: "password", Label: "Password", Required: true, Format: FormatText, Example: "s3cr3t:pw", Secret: true},
		{Name: "host", Label: "Server", Help: "Host name, IPv4 or IPv6 address.", Required: true, Format: FormatText, Example: "192.0.2.10"},
		{Name: "port", Label: "Port", Help: "1 to 65535.", Required: true, Format: FormatInteger, Example: "8388"},
		{Name: "tag", Label: "Name", Help: "Shown in the client's server list.", Format: FormatText, Example: "Home SS"},
		{Name: "plugin", Label: "Plugin", Help: "Plugin and its options, separated by ;.", Format: FormatText, Example: "obfs-local;obfs=http;obfs-host=example.com"},
	},
	Build:  buildShadowsocks,
	strict: true,
}

// ssHost checks a server host and returns it as a URI writes it: IPv6 in brackets.
func ssHost(h string) (string, bool) {
	if strings.HasPrefix(h, "[") && strings.HasSuffix(h, "]") {
		h = h[1 : len(h)-1]
	}
	// netip rather than net keeps package net out of the browser program;
	// net.ParseIP is exactly ParseAddr without a zone.
	if ip, err := netip.ParseAddr(h); err == nil && ip.Zone() == "" {
		if strings.Contains(h, ":") {
			return "[" + h + "]", true
		}
		return h, true
	}
	if len(h) > 253 {
		return "", false
	}
	for _, label := range strings.Split(h, ".") {
		if label == "" || len(label) > 63 || !isAlnum(strings.NewReplacer("-", "", "_", "").Replace(label)) {
			return "", false
		}
	}
	return h, true
}

// buildShadowsocks writes a SIP002 link. The user info is unpadded base64url
// of method:password for the classic AEAD ciphers and percent-encoded plain
// text for the 2022 ciphers, as SIP002 asks; the password is never trimmed.
func buildShadowsocks(f Fields) (string, error) {
	const kind = "shadowsocks"
	method, password := strings.ToLower(fv(f, "method")), f["password"]
	if method == "" {
		return "", fieldError(kind, "method", "cipher is required")
	}
	if !slices.Contains(ssMethods, method) {
		return "", fieldError(kind, "method", "not a supported AEAD cipher, e.g. aes-256-gcm or chacha20-ietf-poly1305")
	}
	if password == "" {
		return "", fieldError(kind, "password", "password is required")
	}
	if hasNewline(password) || !utf8.ValidString(password) {
		return "", fieldError(kind, "password", "password must be a single line of text")
	}
	userinfo := base64.RawURLEncoding.EncodeToString([]byte(method + ":" + password))
	if n, ok := ssKeyLen[method]; ok {
		// Multi-user servers take several keys joined by ':'.
		for _, k := range strings.Split(password, ":") {
			if b, err := base64.StdEncoding.DecodeString(k); err != nil || len(b) != n {
				// No example: a key copied from an error message is no secret.
				return "", &FieldError{Field: "password", Problem: fmt.Sprintf("a %s password is a base64 key of %d bytes; make one with: openssl rand -base64 %d", method, n, n)}
			}
		}
		userinfo = pct(method) + ":" + pct(password)
	}
	if fv(f, "host") == "" {
		return "", fieldError(kind, "host", "server is required")
	}
	host, ok := ssHost(fv(f, "host"))
	if !ok {
		return "", fieldError(kind, "host", "not a host name or IP address (write international names in punycode, xn--…)")
	}
	port, err := strconv.Atoi(fv(f, "port"))
	if err != nil || port < 1 || port > 65535 || !isDigits(fv(f, "port")) {
		return "", fieldError(kind, "port", "port must be a number from 1 to 65535")
	}
	out := "ss://" + userinfo + "@" + host + ":" + strconv.Itoa(port)
	if s := fv(f, "plugin"); s != "" {
		out += "/?plugin=" + pct(s)
	}
	if s := fv(f, "tag"); s != "" {
		out += "#" + pct(s)
	}
	return out, nil
}

// parseShadowsocks reads a SIP002 link, or the legacy form
// ss://base64(method:password@host:port)#tag that QRCoder and older
// clients write, in any base64 alphabet, padded or not.
func parseShadowsocks(text string, _ *notes) (Fields, bool) {
	if !startsFold(text, "ss://") {
		return nil, false
	}
	rest, frag, _ := strings.Cut(text[len("ss://"):], "#")
	tag, err := url.PathUnescape(frag)
	if err != nil {
		return nil, false
	}
	f := Fields{"tag": tag}
	at := strings.LastIndex(rest, "@")
	if at < 0 {
		plain, ok := ssBase64(rest)
		if at = strings.LastIndex(plain, "@"); !ok || at < 0 {
			return nil, false
		}
		rest = plain
	} else {
		hostport, query, _ := strings.Cut(rest[at+1:], "?")
		q, ok := uriQuery(query)
		if !ok {
			return nil, false
		}
		f["plugin"] = q["plugin"]
		userinfo := rest[:at]
		if strings.Contains(userinfo, ":") {
			if userinfo, err = url.PathUnescape(userinfo); err != nil {
				return nil, false
			}
		} else if userinfo, ok = ssBase64(userinfo); !ok {
			return nil, false
		}
		rest = userinfo + "@" + strings.TrimSuffix(hostport, "/")
		at = len(userinfo)
	}
	method, password, ok := strings.Cut(rest[:at], ":")
	if !ok {
		return nil, false
	}
	hostport := rest[at+1:]
	colon := strings.LastIndex(hostport, ":")
	if colon < 0 {
		return nil, false
	}
	f["method"], f["password"], f["host"], f["port"] = method, password, hostport[:colon], hostport[colon+1:]
	return f, true
}

// ssBase64 decodes s in whichever base64 alphabet and padding it uses.
func ssBase64(s string) (string, bool) {
	s = strings.TrimRight(s, "=")
	for _, enc := range []*base64.Encoding{base64.RawURLEncoding, base64.RawStdEncoding} {
		if b, err := enc.DecodeString(s); err == nil && utf8.Valid(b) {
			return string(b), true
		}
	}
	return "", false
}
