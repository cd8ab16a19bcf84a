package payload

import (
	"strings"
	"unicode"
)

// Kinds that start a message or a call: email, matmsg, phone, sms, mms,
// whatsapp, telegram, facetime, skype (docs/payloads.md §2.6-2.14).

func init() {
	register(emailKind, matmsgKind, phoneKind, smsKind, mmsKind, whatsappKind, telegramKind, facetimeKind, skypeKind)
}

// dialField is the number a message kind calls or texts, read by
// numberField (whatsapp's by waNumber); help says what the kind makes of it.
func dialField(example, help string) Field {
	return Field{Name: "number", Label: "Phone number", Help: help, Format: FormatPhone, Example: example}
}

// subjectField is the subject line of a message kind.
func subjectField(example string) Field {
	return Field{Name: "subject", Label: "Subject", Format: FormatText, Example: example}
}

// messageField is the text of a message, under the name its kind's
// format gives it (body in e-mail, message in the rest).
func messageField(name, example string) Field {
	return Field{Name: name, Label: "Message", Format: FormatLongText, Example: example}
}

var emailKind = &Kind{
	Name:  "email",
	Title: "E-mail",
	Help:  "Opens a new e-mail with the recipient, subject and text filled in.",
	Fields: []Field{
		{Name: "to", Label: "To", Required: true, Format: FormatEmail, Example: "info@example.com",
			Help: "One address, or several separated by commas."},
		subjectField("Order #42 + gift"),
		messageField("body", "Hi,\nplease ship."),
		{Name: "cc", Label: "Cc", Format: FormatEmail, Example: "boss@example.com",
			Help: "One address, or several separated by commas."},
	},
	Build: buildEmail,
}

// Empty SUB: and BODY: fields are left out, as MECARD leaves out empty fields.
var matmsgKind = &Kind{
	Name:  "matmsg",
	Title: "E-mail (MATMSG)",
	Help:  "Opens a new e-mail, in the DoCoMo MATMSG format; the mailto: e-mail kind is more widely read.",
	Fields: []Field{
		{Name: "to", Label: "To", Required: true, Format: FormatEmail, Example: "info@example.com", Help: "One address."},
		subjectField("Order 42"),
		messageField("body", "Hi; see you: soon"),
	},
	Build: buildMatmsg,
}

var phoneKind = &Kind{
	Name:  "phone",
	Title: "Phone call",
	Help:  "Offers to call a number.",
	Fields: []Field{
		required(dialField("+41 44 668 18 00", "International form with + is best; spaces, dots, dashes and brackets are removed.")),
	},
	Build: buildPhone,
}

var smsKind = &Kind{
	Name:  "sms",
	Title: "Text message",
	Help:  "Opens a text message to the number with the message filled in.",
	Fields: []Field{
		required(dialField("+41 79 123 45 67", "")),
		messageField("message", "Hello: see you at 5?"),
	},
	Build: buildSMS,
}

var mmsKind = &Kind{
	Name:  "mms",
	Title: "Multimedia message",
	Help:  "Opens a message to the number with subject and text filled in; phones treat it like a text message.",
	Fields: []Field{
		required(dialField("+41791234567", "")),
		subjectField("Photo"),
		messageField("message", "See attached"),
	},
	Build: buildMMS,
}

var whatsappKind = &Kind{
	Name:  "whatsapp",
	Title: "WhatsApp chat",
	Help:  "Opens a WhatsApp chat with the number, the message filled in; without a number WhatsApp asks whom to send it to.",
	Fields: []Field{
		dialField("+41 79 123 45 67", "Full international number; +, spaces and dashes are removed."),
		messageField("message", "Hi! Is the table free @ 8pm?"),
	},
	AnyOf:    [][]string{{"number"}, {"message"}},
	Priority: PriorityLink,
	Build:    buildWhatsApp,
}

var telegramKind = &Kind{
	Name:  "telegram",
	Title: "Telegram",
	Help:  "Opens a Telegram user, channel or bot.",
	Fields: []Field{
		{Name: "username", Label: "Username", Required: true, Format: FormatText, Example: "durov",
			Help: "5 to 32 letters, digits and underscores, with or without a leading @."},
	},
	Priority: PriorityLink,
	Build:    buildTelegram,
}

var facetimeKind = &Kind{
	Name:  "facetime",
	Title: "FaceTime call",
	Help:  "Starts a FaceTime call on an iPhone, iPad or Mac.",
	Fields: []Field{
		{Name: "target", Label: "Number or e-mail", Required: true, Format: FormatText, Example: "+41791234567",
			Help: "An international phone number with + or an e-mail address."},
		{Name: "audio", Label: "Audio only", Format: FormatBool, Example: "false"},
	},
	Build: buildFaceTime,
}

var skypeKind = &Kind{
	Name:  "skype",
	Title: "Skype",
	Help:  "Calls or chats with a Skype user (legacy: consumer Skype closed in May 2025).",
	Fields: []Field{
		{Name: "username", Label: "Skype name", Required: true, Format: FormatText, Example: "echo123",
			Help: "6 to 32 characters starting with a letter, or live:..."},
		{Name: "action", Label: "Action", Format: FormatEnum, Enum: []string{"call", "chat"}, Choices: []string{"Call", "Chat"}, Example: "call",
			Help: "call (default) or chat."},
	},
	Build: buildSkype,
}

// isAddrSpec is the practical e-mail check of docs/payloads.md §2.6:
// ^[^@\s]+@[^@\s]+\.[A-Za-z]{2,}$.
func isAddrSpec(s string) bool {
	local, domain, ok := strings.Cut(s, "@")
	if !ok || local == "" || strings.Contains(domain, "@") || strings.IndexFunc(s, unicode.IsSpace) >= 0 {
		return false
	}
	dot := strings.LastIndexByte(domain, '.')
	if dot <= 0 || len(domain)-dot-1 < 2 {
		return false
	}
	for i := dot + 1; i < len(domain); i++ {
		if !isAlpha(domain[i]) {
			return false
		}
	}
	return true
}

// addrList splits a comma list of e-mail addresses; ok is false when one
// of them is not an address.
func addrList(s string) (list []string, ok bool) {
	for _, a := range strings.Split(s, ",") {
		a = strings.TrimSpace(a)
		if !isAddrSpec(a) {
			return nil, false
		}
		list = append(list, a)
	}
	return list, true
}

// mailtoAddrs percent-encodes addresses for mailto:, keeping '@' and the
// separating ',' raw (RFC 6068); '+' becomes %2B, which ZXing would
// otherwise decode as a space.
func mailtoAddrs(list []string) string {
	enc := make([]string, len(list))
	for i, a := range list {
		enc[i] = strings.ReplaceAll(pct(a), "%40", "@")
	}
	return strings.Join(enc, ",")
}

// crlf writes every newline of s as CR LF, as RFC 6068 §5 asks of a body.
func crlf(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	return strings.ReplaceAll(s, "\n", "\r\n")
}

func buildEmail(f Fields) (string, error) {
	if err := need("email", f, "to"); err != nil {
		return "", err
	}
	to, ok := addrList(f["to"])
	if !ok {
		return "", fieldError("email", "to", "must be an e-mail address, or several separated by commas")
	}
	s := "mailto:" + mailtoAddrs(to)
	sep := "?"
	if strings.TrimSpace(f["cc"]) != "" {
		cc, ok := addrList(f["cc"])
		if !ok {
			return "", fieldError("email", "cc", "must be an e-mail address, or several separated by commas")
		}
		s += sep + "cc=" + mailtoAddrs(cc)
		sep = "&"
	}
	if v := f["subject"]; v != "" {
		s += sep + "subject=" + pct(v)
		sep = "&"
	}
	if v := f["body"]; v != "" {
		s += sep + "body=" + pct(crlf(v))
	}
	return s, nil
}

// parseEmail reads mailto: in the two cases ZXing accepts. A '+' stays a
// plus, as RFC 6068 and mail clients read it.
func parseEmail(s string, _ *notes) (Fields, bool) {
	rest, ok := strings.CutPrefix(s, "mailto:")
	if !ok {
		if rest, ok = strings.CutPrefix(s, "MAILTO:"); !ok {
			return nil, false
		}
	}
	addrs, query, _ := strings.Cut(rest, "?")
	f := Fields{"to": pctDecode(addrs, false)}
	query, _, _ = strings.Cut(query, "#")
	for _, p := range strings.Split(query, "&") {
		k, v, _ := strings.Cut(p, "=")
		v = pctDecode(v, false)
		switch key := strings.ToLower(pctDecode(k, false)); key {
		case "to", "cc":
			if f[key] != "" {
				v = f[key] + "," + v
			}
			f[key] = v
		case "subject":
			f["subject"] = v
		case "body":
			f["body"] = strings.ReplaceAll(v, "\r\n", "\n")
		}
	}
	return f, true
}

func buildMatmsg(f Fields) (string, error) {
	to := strings.TrimSpace(f["to"])
	switch {
	case to == "":
		return "", fieldError("matmsg", "to", "is required")
	case !isAddrSpec(to):
		return "", fieldError("matmsg", "to", "must be one e-mail address")
	}
	s := "MATMSG:TO:" + meEscape(to) + ";"
	if v := f["subject"]; v != "" {
		s += "SUB:" + meEscape(v) + ";"
	}
	if v := f["body"]; v != "" {
		s += "BODY:" + meEscape(v) + ";"
	}
	return s + ";", nil
}

func parseMatmsg(s string, _ *notes) (Fields, bool) {
	body, ok := strings.CutPrefix(s, "MATMSG:")
	if !ok {
		return nil, false
	}
	f := Fields{}
	keys, vals := meSplit(body)
	for i, k := range keys {
		name := map[string]string{"TO": "to", "SUB": "subject", "BODY": "body"}[k]
		if name != "" && f[name] == "" {
			f[name] = meUnescape(vals[i])
		}
	}
	return f, true
}

// dialNumber strips the visual separators (space, ( ) - .) from a phone
// number and checks ^\+?[0-9]{3,15}$ (docs/payloads.md §2.8).
func dialNumber(s string) (string, bool) {
	n := strings.Map(func(r rune) rune {
		switch r {
		case ' ', '\t', '(', ')', '-', '.':
			return -1
		}
		return r
	}, strings.TrimSpace(s))
	digits := strings.TrimPrefix(n, "+")
	return n, len(digits) >= 3 && len(digits) <= 15 && numeric(digits)
}

func numberField(kind string, f Fields) (string, error) {
	if err := need(kind, f, "number"); err != nil {
		return "", err
	}
	n, ok := dialNumber(f["number"])
	if !ok {
		return "", fieldError(kind, "number", "must be a phone number of 3 to 15 digits, best in international form with +")
	}
	return n, nil
}

func buildPhone(f Fields) (string, error) {
	n, err := numberField("phone", f)
	if err != nil {
		return "", err
	}
	return "tel:" + n, nil
}

// parsePhone reads tel: and TEL:. RFC 3966 parameters such as ;ext=,
// which the phone kind cannot carry, are left out and noted.
func parsePhone(s string, ns *notes) (Fields, bool) {
	rest, ok := strings.CutPrefix(s, "tel:")
	if !ok {
		if rest, ok = strings.CutPrefix(s, "TEL:"); !ok {
			return nil, false
		}
	}
	n, params, cut := strings.Cut(rest, ";")
	if cut {
		ns.add("number", ";"+params+" is not kept; the phone kind writes the number only")
	}
	return Fields{"number": pctDecode(n, false)}, true
}

// buildSMS writes SMSTO:, the one form whose body both iOS and Android
// pre-fill; the message follows the number verbatim.
func buildSMS(f Fields) (string, error) {
	n, err := numberField("sms", f)
	if err != nil {
		return "", err
	}
	if m := f["message"]; m != "" {
		return "SMSTO:" + n + ":" + m, nil
	}
	return "SMSTO:" + n, nil
}

// parseSMS reads SMSTO: and the RFC 5724 sms: form, keeping the first
// number of a list. The iOS-style sms:<number>;body=… loses its body, as
// in ZXing, and sms:<number>&body=… is no number at all (docs/payloads.md §2.9).
func parseSMS(s string, ns *notes) (Fields, bool) {
	if rest, ok := cutAnyPrefix(s, "SMSTO:", "smsto:"); ok {
		n, m, _ := strings.Cut(rest, ":")
		return Fields{"number": n, "message": m}, true
	}
	if rest, ok := cutAnyPrefix(s, "sms:", "SMS:"); ok {
		f := smsURI(rest, ns)
		if f["subject"] != "" {
			ns.add("", "subject= is not kept; an SMS has no subject (the mms kind has one)")
			delete(f, "subject")
		}
		return f, true
	}
	return nil, false
}

// smsURI reads the part of an sms: or mms: URI after the scheme, noting
// the numbers after the first and any ;parameters, which it leaves out.
func smsURI(rest string, ns *notes) Fields {
	nums, query, _ := strings.Cut(rest, "?")
	n, more, list := strings.Cut(nums, ",")
	if list {
		ns.add("number", "only the first number is kept, not "+more)
	}
	n, params, cut := strings.Cut(n, ";")
	switch {
	case cut && strings.HasPrefix(strings.ToLower(params), "body="):
		ns.add("message", ";"+params+" is not kept: scanners drop a ;body= (ZXing does); ?body= is the form they read")
	case cut:
		ns.add("", ";"+params+" after the number is not kept")
	}
	f := Fields{"number": pctDecode(n, false)}
	if v := queryValue(query, "subject", false); v != "" {
		f["subject"] = v
	}
	if v := queryValue(query, "body", false); v != "" {
		f["message"] = v
	}
	return f
}

func cutAnyPrefix(s string, prefixes ...string) (string, bool) {
	for _, p := range prefixes {
		if rest, ok := strings.CutPrefix(s, p); ok {
			return rest, true
		}
	}
	return "", false
}

func buildMMS(f Fields) (string, error) {
	n, err := numberField("mms", f)
	if err != nil {
		return "", err
	}
	s, sep := "mms:"+n, "?"
	if v := f["subject"]; v != "" {
		s += sep + "subject=" + pct(v)
		sep = "&"
	}
	if v := f["message"]; v != "" {
		s += sep + "body=" + pct(v)
	}
	return s, nil
}

func parseMMS(s string, ns *notes) (Fields, bool) {
	if rest, ok := cutAnyPrefix(s, "MMSTO:", "mmsto:"); ok {
		n, m, _ := strings.Cut(rest, ":")
		return Fields{"number": n, "message": m}, true
	}
	if rest, ok := cutAnyPrefix(s, "mms:", "MMS:"); ok {
		return smsURI(rest, ns), true
	}
	return nil, false
}

// waNumber writes a number as wa.me wants it: international digits with
// no +, no leading 00 or 0, no separators, ^[1-9][0-9]{6,14}$.
func waNumber(s string) (string, bool) {
	n, _ := dialNumber(s)
	switch {
	case strings.HasPrefix(n, "+"):
		n = n[1:]
	case strings.HasPrefix(n, "00"):
		n = n[2:]
	case strings.HasPrefix(n, "0"):
		n = n[1:]
	}
	return n, len(n) >= 7 && len(n) <= 15 && numeric(n) && n[0] != '0'
}

func buildWhatsApp(f Fields) (string, error) {
	num, msg := strings.TrimSpace(f["number"]), f["message"]
	if num == "" && msg == "" {
		return "", fieldError("whatsapp", "number", "is required, or a message")
	}
	s := "https://wa.me/"
	if num != "" {
		n, ok := waNumber(num)
		if !ok {
			return "", fieldError("whatsapp", "number", "must be a full international number, 7 to 15 digits with the country code")
		}
		s += n
	}
	if msg != "" {
		s += "?text=" + pct(msg)
	}
	return s, nil
}

// parseWhatsApp also reads the api.whatsapp.com/send?phone= form.
func parseWhatsApp(s string, _ *notes) (Fields, bool) {
	s = strings.TrimSpace(s)
	var num, query string
	switch {
	case startsFold(s, "https://wa.me/") || startsFold(s, "http://wa.me/"):
		num, query, _ = strings.Cut(s[strings.Index(s, "wa.me/")+len("wa.me/"):], "?")
		num = strings.TrimSuffix(num, "/")
	case startsFold(s, "https://api.whatsapp.com/send"):
		_, query, _ = strings.Cut(s, "?")
		num = queryValue(query, "phone", false)
	default:
		return nil, false
	}
	f := Fields{}
	if num != "" {
		f["number"] = num
	}
	if m := queryValue(query, "text", true); m != "" {
		f["message"] = m
	}
	return f, true
}

func startsFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// isTelegramName matches ^[A-Za-z][A-Za-z0-9_]{3,30}[A-Za-z0-9]$.
func isTelegramName(u string) bool {
	if len(u) < 5 || len(u) > 32 || !isAlpha(u[0]) || u[len(u)-1] == '_' {
		return false
	}
	for i := 1; i < len(u); i++ {
		if !isAlpha(u[i]) && !isNum(u[i]) && u[i] != '_' {
			return false
		}
	}
	return true
}

func buildTelegram(f Fields) (string, error) {
	if err := need("telegram", f, "username"); err != nil {
		return "", err
	}
	u := strings.TrimPrefix(strings.TrimSpace(f["username"]), "@")
	if !isTelegramName(u) {
		return "", fieldError("telegram", "username", "must be 5 to 32 letters, digits or underscores, starting with a letter")
	}
	return "https://t.me/" + u, nil
}

// parseTelegram reads t.me and telegram.me profile links; a start
// parameter or other query is not kept.
func parseTelegram(s string, _ *notes) (Fields, bool) {
	s = strings.TrimSpace(s)
	for _, p := range []string{"https://t.me/", "http://t.me/", "https://telegram.me/", "http://telegram.me/"} {
		if startsFold(s, p) {
			u, _, _ := strings.Cut(s[len(p):], "?")
			return Fields{"username": strings.TrimSuffix(u, "/")}, true
		}
	}
	return nil, false
}

// buildFaceTime percent-encodes an e-mail target (@ as %40) so that ZXing
// reads a URI rather than a phishing-looking text.
func buildFaceTime(f Fields) (string, error) {
	if err := need("facetime", f, "target"); err != nil {
		return "", err
	}
	audio, err := flag("facetime", f, "audio")
	if err != nil {
		return "", err
	}
	scheme := "facetime:"
	if audio {
		scheme = "facetime-audio:"
	}
	t := strings.TrimSpace(f["target"])
	if strings.Contains(t, "@") {
		if !isAddrSpec(t) {
			return "", fieldError("facetime", "target", "must be an e-mail address or an international phone number")
		}
		return scheme + pct(t), nil
	}
	n, ok := dialNumber(t)
	if !ok || !strings.HasPrefix(n, "+") || len(n) < 8 || n[1] == '0' {
		return "", fieldError("facetime", "target", "must be an international phone number with + and country code, or an e-mail address")
	}
	return scheme + n, nil
}

func parseFaceTime(s string, _ *notes) (Fields, bool) {
	f := Fields{}
	rest, ok := cutFold(s, "facetime-audio:")
	if ok {
		f["audio"] = "true"
	} else if rest, ok = cutFold(s, "facetime:"); !ok {
		return nil, false
	}
	f["target"] = pctDecode(strings.TrimPrefix(rest, "//"), false)
	return f, true
}

func cutFold(s, prefix string) (string, bool) {
	if startsFold(s, prefix) {
		return s[len(prefix):], true
	}
	return "", false
}

// isSkypeName matches ^[A-Za-z][A-Za-z0-9.,\-_]{5,31}$ or live: followed
// by 1-64 of the same characters (Microsoft account names).
func isSkypeName(u string) bool {
	rest, live := strings.CutPrefix(u, "live:")
	if live {
		if rest == "" || len(rest) > 64 {
			return false
		}
	} else if len(u) < 6 || len(u) > 32 || !isAlpha(u[0]) {
		return false
	}
	for i := 0; i < len(rest); i++ {
		if c := rest[i]; !isAlpha(c) && !isNum(c) && !strings.ContainsRune(".,-_", rune(c)) {
			return false
		}
	}
	return true
}

func buildSkype(f Fields) (string, error) {
	if err := need("skype", f, "username"); err != nil {
		return "", err
	}
	u := strings.TrimSpace(f["username"])
	if !isSkypeName(u) {
		return "", fieldError("skype", "username", "must be 6 to 32 letters, digits or . , - _ starting with a letter, or live:...")
	}
	action, err := choice("skype", f, "action", "call", "chat")
	if err != nil {
		return "", err
	}
	return "skype:" + u + "?" + action, nil
}

func parseSkype(s string, _ *notes) (Fields, bool) {
	rest, ok := cutFold(s, "skype:")
	if !ok {
		return nil, false
	}
	u, query, _ := strings.Cut(rest, "?")
	f := Fields{"username": strings.TrimPrefix(u, "//")}
	if action, _, _ := strings.Cut(query, "&"); action != "" {
		f["action"] = action
	}
	return f, true
}
