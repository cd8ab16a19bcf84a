package payload

import (
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Kinds whose payload is a web link or plain text: url, text, bookmark,
// app, social, maps (docs/payloads.md §2.1, 2.2, 2.17, 2.18, 2.20, 2.21).

var utmKeys = []string{"utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "utm_id"}

func init() { register(urlKind, textKind, bookmarkKind, appKind, socialKind, mapsKind) }

// utm is one of the UTM fields of docs/payloads.md §2.1, which url appends to the
// query in utmKeys order, each replacing a parameter of the same name
// already in the link.
func utm(name, label, example string) Field {
	return Field{Name: name, Label: label, Format: FormatText, Example: example,
		Help: "Campaign tracking parameter added to the link's query."}
}

// linkField is the link that url and bookmark require, read by webLink.
func linkField(example, help string) Field {
	return Field{Name: "url", Label: "Link", Help: help, Required: true, Format: FormatURL, Example: example}
}

var urlKind = &Kind{
	Name:  "url",
	Title: "Link",
	Help:  "Opens a web page.",
	Fields: []Field{
		linkField("https://example.com/menu?table=12", "An http or https address; https:// is added when missing."),
		utm("utm_source", "UTM source", "qr"),
		utm("utm_medium", "UTM medium", "print"),
		utm("utm_campaign", "UTM campaign", "summer"),
		utm("utm_term", "UTM term", "menu"),
		utm("utm_content", "UTM content", "table-card"),
		utm("utm_id", "UTM campaign ID", "2025-07"),
	},
	Priority: PriorityURL,
	Build:    buildURL,
}

var textKind = &Kind{
	Name:  "text",
	Title: "Plain text",
	Help:  "Shows the text. Scanners may still offer an action for text that looks like a link, an e-mail address or a phone number.",
	Fields: []Field{
		{Name: "text", Label: "Text", Required: true, Format: FormatLongText, Example: "Hello, world",
			Help: "Encoded byte for byte as UTF-8, at most 2953 bytes."},
	},
	Priority: PriorityText,
	Build:    buildText,
}

// The title is optional and MEBKM:URL:...;; is written when it is empty.
var bookmarkKind = &Kind{
	Name:  "bookmark",
	Title: "Bookmark (MEBKM)",
	Help:  "Offers to open or bookmark a link under a title; legacy DoCoMo format, a plain link works on more phones.",
	Fields: []Field{
		linkField("https://example.com/docs", ""),
		{Name: "title", Label: "Title", Format: FormatText, Example: "Docs: start here"},
	},
	Build: buildBookmark,
}

var appKind = &Kind{
	Name:  "app",
	Title: "App store link",
	Help:  "Opens an app's page in the App Store or on Google Play; one code serves one store.",
	Fields: []Field{
		{Name: "platform", Label: "Store", Required: true, Format: FormatEnum, Enum: []string{"ios", "android"},
			Choices: []string{"App Store (iOS)", "Google Play (Android)"}, Example: "ios"},
		{Name: "id", Label: "App ID", Required: true, Format: FormatText, Example: "284882215",
			Help: "iOS: the numeric App Store ID (6-12 digits); Android: the package name, e.g. com.example.app."},
	},
	Priority: PriorityLink,
	Build:    buildApp,
}

var socialKind = &Kind{
	Name:  "social",
	Title: "Social profile",
	Help:  "Opens a profile page on a social network.",
	Fields: []Field{
		{Name: "network", Label: "Network", Required: true, Format: FormatEnum, Enum: socialNames(), Example: "instagram"},
		{Name: "handle", Label: "Handle", Required: true, Format: FormatText, Example: "nasa",
			Help: "The user name, with or without a leading @."},
	},
	Priority: PriorityLink,
	Build:    buildSocial,
}

// Google Maps links carry one search term, so with provider google a
// query together with coordinates is refused rather than one of them
// dropped; Apple shows the query as the label of the pin. Apple with
// coordinates and no query is ?ll=lat,lng alone.
var mapsKind = &Kind{
	Name:  "maps",
	Title: "Map location",
	Help:  "Opens a place or a search in Google Maps or Apple Maps.",
	Fields: []Field{
		{Name: "query", Label: "Place or address", Format: FormatText, Example: "Zurich main station",
			Help: "Free text to search for; give this or lat and lng."},
		latField,
		lngField,
		{Name: "provider", Label: "Maps app", Format: FormatEnum, Enum: []string{"google", "apple"}, Choices: []string{"Google Maps", "Apple Maps"}, Example: "google",
			Help: "google (default) or apple."},
	},
	AnyOf:    [][]string{{"query"}, {"lat", "lng"}},
	Priority: PriorityLink,
	Build:    buildMaps,
}

func buildURL(f Fields) (string, error) {
	link, err := webLink(f["url"])
	if err != nil {
		return "", fieldError("url", "url", err.Error())
	}
	set := map[string]bool{}
	var add []string
	for _, k := range utmKeys {
		if v := strings.TrimSpace(f[k]); v != "" {
			set[k] = true
			add = append(add, k+"="+pct(v))
		}
	}
	if len(add) == 0 {
		return link, nil
	}
	base, frag, hasFrag := strings.Cut(link, "#")
	path, query, _ := strings.Cut(base, "?")
	var params []string
	if query != "" {
		for _, p := range strings.Split(query, "&") {
			k, _, _ := strings.Cut(p, "=")
			if !set[pctDecode(k, true)] {
				params = append(params, p)
			}
		}
	}
	link = path + "?" + strings.Join(append(params, add...), "&")
	if hasFrag {
		link += "#" + frag
	}
	// Once more, since text after an '@' can complete ZXing's user-in-host
	// pattern ("/:x@" + "?utm_source=").
	return webLink(link)
}

// parseURL claims any http or https link without white space inside. The
// UTM parameters stay in the link, so that building it again gives the
// text that was scanned.
func parseURL(s string, _ *notes) (Fields, bool) {
	s = strings.TrimSpace(s)
	scheme, _, ok := strings.Cut(s, "://")
	if !ok || !strings.EqualFold(scheme, "http") && !strings.EqualFold(scheme, "https") ||
		strings.ContainsAny(s, " \t\r\n") {
		return nil, false
	}
	if _, err := webLink(s); err != nil {
		return nil, false
	}
	return Fields{"url": s}, true
}

func buildText(f Fields) (string, error) {
	s := f["text"]
	switch {
	case s == "":
		return "", fieldError("text", "text", "is required")
	case len(s) > 2953:
		return "", fieldError("text", "text", "is longer than 2953 bytes, the most a QR code holds")
	}
	return s, nil
}

func buildBookmark(f Fields) (string, error) {
	link, err := webLink(f["url"])
	if err != nil {
		return "", fieldError("bookmark", "url", err.Error())
	}
	s := "MEBKM:"
	if t := f["title"]; t != "" {
		s += "TITLE:" + meEscape(t) + ";"
	}
	return s + "URL:" + meEscape(link) + ";;", nil
}

func parseBookmark(s string, _ *notes) (Fields, bool) {
	body, ok := strings.CutPrefix(s, "MEBKM:")
	if !ok {
		return nil, false
	}
	f := Fields{}
	keys, vals := meSplit(body)
	for i, k := range keys {
		switch k {
		case "TITLE", "URL":
			if f[strings.ToLower(k)] == "" {
				f[strings.ToLower(k)] = meUnescape(vals[i])
			}
		}
	}
	return f, true
}

func buildApp(f Fields) (string, error) {
	if err := need("app", f, "platform", "id"); err != nil {
		return "", err
	}
	id := strings.TrimSpace(f["id"])
	switch strings.ToLower(strings.TrimSpace(f["platform"])) {
	case "ios":
		// App Store Connect shows the ID as "id284882215" in links; accept both.
		id = strings.TrimPrefix(id, "id")
		if len(id) < 6 || len(id) > 12 || !numeric(id) {
			return "", fieldError("app", "id", "must be the numeric App Store ID, 6 to 12 digits")
		}
		return "https://apps.apple.com/app/id" + id, nil
	case "android":
		if !isPackageName(id) {
			return "", &FieldError{Field: "id", Problem: "must be an Android package name such as com.example.app", Example: "com.example.app"}
		}
		return "https://play.google.com/store/apps/details?id=" + id, nil
	}
	return "", fieldError("app", "platform", "must be ios or android")
}

// isPackageName matches ^[a-zA-Z][a-zA-Z0-9_]*(\.[a-zA-Z][a-zA-Z0-9_]*)+$.
func isPackageName(s string) bool {
	parts := strings.Split(s, ".")
	if len(parts) < 2 {
		return false
	}
	for _, p := range parts {
		if p == "" || !isAlpha(p[0]) {
			return false
		}
		for i := 1; i < len(p); i++ {
			if !isAlpha(p[i]) && !isNum(p[i]) && p[i] != '_' {
				return false
			}
		}
	}
	return true
}

// parseApp reads store links as the stores print them too, e.g.
// https://apps.apple.com/ch/app/some-name/id284882215 and market://details?id=.
func parseApp(s string, _ *notes) (Fields, bool) {
	s = strings.TrimSpace(s)
	lower := strings.ToLower(s)
	var f Fields
	switch {
	case strings.HasPrefix(lower, "https://apps.apple.com/") || strings.HasPrefix(lower, "https://itunes.apple.com/"):
		path, _, _ := strings.Cut(s, "?")
		path = strings.TrimSuffix(path, "/")
		last := path[strings.LastIndexByte(path, '/')+1:]
		if !strings.HasPrefix(last, "id") {
			return nil, false
		}
		f = Fields{"platform": "ios", "id": last[2:]}
	case strings.HasPrefix(lower, "https://play.google.com/store/apps/details?") || strings.HasPrefix(lower, "market://details?"):
		_, query, _ := strings.Cut(s, "?")
		id := queryValue(query, "id", false)
		if id == "" {
			return nil, false
		}
		f = Fields{"platform": "android", "id": id}
	default:
		return nil, false
	}
	return f, true
}

type socialNetwork struct{ name, prefix, suffix string }

// socialNetworks holds the URL templates of docs/payloads.md §2.21 as
// prefix + handle + suffix.
var socialNetworks = []socialNetwork{
	{"instagram", "https://www.instagram.com/", "/"},
	{"x", "https://x.com/", ""},
	{"facebook", "https://www.facebook.com/", ""},
	{"linkedin", "https://www.linkedin.com/in/", ""},
	{"youtube", "https://www.youtube.com/@", ""},
	{"tiktok", "https://www.tiktok.com/@", ""},
	{"github", "https://github.com/", ""},
}

// socialNames are the networks social offers, in socialNetworks' order.
func socialNames() []string {
	out := make([]string, len(socialNetworks))
	for i, n := range socialNetworks {
		out[i] = n.name
	}
	return out
}

func buildSocial(f Fields) (string, error) {
	if err := need("social", f, "network", "handle"); err != nil {
		return "", err
	}
	h := strings.TrimPrefix(strings.TrimSpace(f["handle"]), "@")
	if !isHandle(h) {
		return "", fieldError("social", "handle", "must be 1 to 64 letters, digits, '.', '_' or '-'")
	}
	name := strings.ToLower(strings.TrimSpace(f["network"]))
	for _, n := range socialNetworks {
		if n.name == name {
			return n.prefix + h + n.suffix, nil
		}
	}
	return "", fieldError("social", "network", "must be one of instagram, x, facebook, linkedin, youtube, tiktok, github")
}

func isHandle(h string) bool {
	if h == "" || len(h) > 64 {
		return false
	}
	for i := 0; i < len(h); i++ {
		if c := h[i]; !isAlpha(c) && !isNum(c) && c != '.' && c != '_' && c != '-' {
			return false
		}
	}
	return true
}

// parseSocial reads the links buildSocial writes, with or without "www."
// and a trailing slash; a query or a deeper path is not a profile link.
func parseSocial(s string, _ *notes) (Fields, bool) {
	s = strings.TrimSpace(s)
	for _, n := range socialNetworks {
		for _, prefix := range []string{n.prefix, strings.Replace(n.prefix, "://www.", "://", 1)} {
			if len(s) < len(prefix) || !strings.EqualFold(s[:len(prefix)], prefix) {
				continue
			}
			h := strings.TrimSuffix(s[len(prefix):], "/")
			if isHandle(h) {
				return Fields{"network": n.name, "handle": h}, true
			}
		}
	}
	return nil, false
}

const googleMaps = "https://www.google.com/maps/search/?api=1&query="
const appleMaps = "https://maps.apple.com/?"

func buildMaps(f Fields) (string, error) {
	query := strings.TrimSpace(f["query"])
	var ll string
	if f["lat"] != "" || f["lng"] != "" {
		lat, lng, err := latLng("maps", f)
		if err != nil {
			return "", err
		}
		ll = lat + "," + lng
	}
	if query == "" && ll == "" {
		return "", fieldError("maps", "query", "is required, or lat and lng")
	}
	switch strings.ToLower(strings.TrimSpace(f["provider"])) {
	case "", "google":
		if query != "" && ll != "" {
			return "", &FieldError{Field: "query", Problem: "cannot be combined with lat and lng in a Google Maps link; clear one, or use provider apple"}
		}
		if ll != "" {
			return googleMaps + ll, nil
		}
		return googleMaps + pct(query), nil
	case "apple":
		switch {
		case ll == "":
			return appleMaps + "q=" + pct(query), nil
		case query == "":
			return appleMaps + "ll=" + ll, nil
		}
		return appleMaps + "ll=" + ll + "&q=" + pct(query), nil
	}
	return "", fieldError("maps", "provider", "must be google or apple")
}

func parseMaps(s string, _ *notes) (Fields, bool) {
	s = strings.TrimSpace(s)
	f := Fields{}
	switch {
	case strings.HasPrefix(s, googleMaps[:len(googleMaps)-len("api=1&query=")]):
		_, query, _ := strings.Cut(s, "?")
		if queryValue(query, "api", false) != "1" {
			return nil, false
		}
		// A raw comma between two numbers is a coordinate pair; a query
		// text has its commas encoded. Google documents '+' for spaces.
		raw := queryRaw(query, "query")
		if lat, lng, ok := strings.Cut(raw, ","); ok && isDecimal(lat) && isDecimal(lng) {
			f["lat"], f["lng"] = lat, lng
		} else {
			f["query"] = pctDecode(raw, true)
		}
	case strings.HasPrefix(s, appleMaps):
		query := s[len(appleMaps):]
		f["provider"] = "apple"
		if lat, lng, ok := strings.Cut(queryValue(query, "ll", false), ","); ok {
			f["lat"], f["lng"] = lat, lng
		}
		f["query"] = queryValue(query, "q", true)
	default:
		return nil, false
	}
	return f, true
}

// queryValue returns the decoded value of the first key=value pair of an
// URL query (without the '?') whose key is key; plus as for pctDecode.
func queryValue(query, key string, plus bool) string {
	return pctDecode(queryRaw(query, key), plus)
}

// queryRaw is queryValue without the decoding.
func queryRaw(query, key string) string {
	query, _, _ = strings.Cut(query, "#")
	for _, p := range strings.Split(query, "&") {
		k, v, _ := strings.Cut(p, "=")
		if strings.EqualFold(pctDecode(k, false), key) {
			return v
		}
	}
	return ""
}

// webLink normalises an http or https link as docs/payloads.md §2.1 asks, so
// that ZXing and phone cameras classify it as a URI: https:// is added
// when no scheme is given, the scheme is lower-cased, an IDN host becomes
// punycode, and every character ZXing does not allow raw in a URI (space,
// non-ASCII, " < > \ ^ ` { | }) is percent-encoded. Userinfo before the host
// is refused: scanners flag it as phishing. An '@' after the host that
// ZXing's "user in host" rule would misread (":x@y") becomes %40.
func webLink(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", errors.New("is required")
	}
	scheme, rest, ok := strings.Cut(s, "://")
	if !ok {
		if otherScheme(s) {
			return "", errors.New("must be an http or https link")
		}
		scheme, rest = "https", s
	}
	scheme = strings.ToLower(scheme)
	if scheme != "http" && scheme != "https" {
		return "", errors.New("must be an http or https link")
	}
	end := strings.IndexAny(rest, "/?#")
	if end < 0 {
		end = len(rest)
	}
	authority, tail := rest[:end], rest[end:]
	if strings.Contains(authority, "@") {
		return "", errors.New("must not carry user:password@ before the host; scanners treat that as phishing")
	}
	host, port := authority, ""
	if i := strings.LastIndexByte(authority, ':'); i >= 0 && !strings.HasSuffix(authority, "]") {
		host, port = authority[:i], authority[i+1:]
		if port == "" || len(port) > 5 || !numeric(port) {
			return "", errors.New("has a port that is not a number")
		}
		port = ":" + port
	}
	host, err := hostName(host)
	if err != nil {
		return "", err
	}
	tail = uriChars(tail)
	if userInHost(scheme + "://" + host + port + tail) {
		tail = strings.ReplaceAll(tail, "@", "%40")
	}
	return scheme + "://" + host + port + tail, nil
}

// otherScheme reports whether s starts with a URI scheme other than a
// host:port, such as mailto: or tel:.
func otherScheme(s string) bool {
	i := strings.IndexByte(s, ':')
	if i <= 0 || !isAlpha(s[0]) {
		return false
	}
	for j := 1; j < i; j++ {
		if c := s[j]; !isAlpha(c) && !isNum(c) && c != '+' && c != '-' && c != '.' {
			return false
		}
	}
	return i+1 >= len(s) || !isNum(s[i+1])
}

// hostName lower-cases a host and converts an IDN to punycode. IPv6
// literals in brackets pass as they are.
func hostName(h string) (string, error) {
	bad := errors.New("has no valid host name")
	if strings.HasPrefix(h, "[") && strings.HasSuffix(h, "]") {
		for i := 1; i < len(h)-1; i++ {
			if c := h[i]; !isHexByte(c) && c != ':' && c != '.' {
				return "", bad
			}
		}
		return strings.ToLower(h), nil
	}
	h = strings.TrimSuffix(strings.ToLower(h), ".")
	if h == "" || !utf8.ValidString(h) {
		return "", bad
	}
	labels := strings.Split(h, ".")
	for i, l := range labels {
		idn := false
		for _, r := range l {
			switch {
			case r >= utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsMark(r) || unicode.IsDigit(r)):
				idn = true
			case r >= utf8.RuneSelf || !isAlpha(byte(r)) && !isNum(byte(r)) && r != '-' && r != '_':
				return "", bad
			}
		}
		if l == "" {
			return "", bad
		}
		if idn {
			p, ok := punycode(l)
			if !ok {
				return "", bad
			}
			labels[i] = p
		}
	}
	return strings.Join(labels, "."), nil
}

// uriChars percent-encodes the bytes of the path, query and fragment that
// ZXing's URI check does not allow raw; a '%' not starting an escape is %25.
func uriChars(s string) string {
	return pctExcept(s, func(s string, i int) bool {
		c := s[i]
		return c == '%' && i+2 < len(s) && isHexByte(s[i+1]) && isHexByte(s[i+2]) ||
			c != '%' && (isAlpha(c) || isNum(c) || strings.IndexByte("-._~:/?#[]@!$&'()*+,;=", c) >= 0)
	})
}

// userInHost reports whether ZXing's anti-phishing pattern
// ":/*([^/@]+)@[^/]+" matches somewhere in s (URIResultParser); ZXing
// then returns TEXT instead of URI.
func userInHost(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] != ':' {
			continue
		}
		j := i + 1
		for j < len(s) && s[j] == '/' {
			j++
		}
		run := j
		for j < len(s) && s[j] != '/' && s[j] != '@' {
			j++
		}
		if j > run && j+1 < len(s) && s[j] == '@' && s[j+1] != '/' {
			return true
		}
	}
	return false
}

// punycode encodes one lower-case domain label as "xn--" + RFC 3492
// punycode. Labels are short (at most 63 octets), which keeps the
// arithmetic far from overflow.
func punycode(label string) (string, bool) {
	const (
		base, tmin, tmax, skew, damp = 36, 1, 26, 38, 700
	)
	runes := []rune(label)
	if len(runes) > 63 {
		return "", false
	}
	var out []byte
	for _, r := range runes {
		if r < 0x80 {
			out = append(out, byte(r))
		}
	}
	basic := len(out)
	if basic > 0 {
		out = append(out, '-')
	}
	digit := func(d int) byte {
		if d < 26 {
			return byte('a' + d)
		}
		return byte('0' + d - 26)
	}
	adapt := func(delta, points int, first bool) int {
		if first {
			delta /= damp
		} else {
			delta /= 2
		}
		delta += delta / points
		k := 0
		for delta > (base-tmin)*tmax/2 {
			delta /= base - tmin
			k += base
		}
		return k + (base-tmin+1)*delta/(delta+skew)
	}
	n, delta, bias := rune(0x80), 0, 72
	for h := basic; h < len(runes); {
		m := rune(utf8.MaxRune + 1)
		for _, r := range runes {
			if r >= n && r < m {
				m = r
			}
		}
		delta += int(m-n) * (h + 1)
		n = m
		for _, r := range runes {
			if r < n {
				delta++
			}
			if r != n {
				continue
			}
			q := delta
			for k := base; ; k += base {
				t := min(max(k-bias, tmin), tmax)
				if q < t {
					break
				}
				out = append(out, digit(t+(q-t)%(base-t)))
				q = (q - t) / (base - t)
			}
			out = append(out, digit(q))
			bias = adapt(delta, h+1, h == basic)
			delta = 0
			h++
		}
		delta++
		n++
	}
	if len(out)+4 > 63 {
		return "", false
	}
	return "xn--" + string(out), true
}

func isAlpha(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isNum(c byte) bool   { return '0' <= c && c <= '9' }

func numeric(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isNum(s[i]) {
			return false
		}
	}
	return s != ""
}
