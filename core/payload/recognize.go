package payload

import (
	"sort"
	"strings"
	"sync"
)

// Recognize names the kind of a scanned text and reads its fields: the
// inverse of Build, used by decode. Kinds are tried in Priority order, ties
// by name, and the first whose Parse accepts the text and whose Build
// accepts the fields wins. As in ZXing's parser chain (MEBKM, MECARD, MATMSG,
// VCARD, VEVENT, mailto, TEL, SMS, GEO, WIFI, URI), kinds with a header of
// their own come first, then links on known hosts, then any link, then text.
// Text that no kind claims is "text" with {"text": text}.
func Recognize(text string) (kind string, f Fields) {
	kind, f, _ = RecognizeNotes(text)
	return kind, f
}

// RecognizeNotes is Recognize that also returns the notes of the kind's
// parse (see Kind.ParseNotes): what the text held that the kind's Build
// would not have written, such as a value left out.
func RecognizeNotes(text string) (kind string, f Fields, _ []Note) {
	var ns notes // one list for every kind tried: see parse
	for _, k := range byPriority() {
		f, ok := k.parse(text, &ns) // when ok, Build accepts f: see settle
		if !ok {
			continue
		}
		if k.Name != "emv-merchant" {
			ns = append(ns, emvNotes(text)...) // every EMV code's data objects, by name
		}
		if len(ns) == 0 {
			return k.Name, f, nil // as ParseNotes: nil when there is nothing to say
		}
		return k.Name, f, ns
	}
	return "text", Fields{"text": text}, emvNotes(text)
}

// byPriority is the kinds in the order Recognize tries them, sorted once:
// kinds register in init, and every decoded code is recognized.
var byPriority = sync.OnceValue(func() []*Kind {
	out := append([]*Kind(nil), kinds...)
	sort.Slice(out, func(i, j int) bool {
		if out[i].Priority != out[j].Priority {
			return out[i].Priority < out[j].Priority
		}
		return out[i].Name < out[j].Name
	})
	return out
})

// HideSecrets returns text with the values of its secret fields replaced
// by placeholder, and whether it had any: the password of a WIFI: string,
// the secret of an otpauth:// link. When the text cannot be written again
// around the placeholder, all of it is replaced.
func HideSecrets(text, placeholder string) (string, bool) {
	k, f := secretsIn(text)
	if k == nil {
		return text, false
	}
	hidden := Fields{}
	for name, v := range f {
		hidden[name] = v
		if fd := k.Field(name); fd != nil && fd.Secret && v != "" {
			hidden[name] = placeholder
		}
	}
	if out, err := k.Build(hidden); err == nil && !containsAny(out, Secrets(text)) {
		return out, true
	}
	return placeholder, true
}

// Secrets returns the values of the secret fields text carries, if it is
// a payload of a kind that has them, read as leniently as decode reads
// it: an invalid password is still a password.
func Secrets(text string) []string {
	k, f := secretsIn(text)
	if k == nil {
		return nil
	}
	var out []string
	for _, fd := range k.Fields {
		if fd.Secret && f[fd.Name] != "" {
			out = append(out, f[fd.Name])
		}
	}
	return out
}

// secretsIn returns the kind text is a payload of, and its fields as
// read, when that kind has a secret field and text fills one.
func secretsIn(text string) (*Kind, Fields) {
	for _, k := range kinds {
		read := secretReaderOf(k.Name)
		if read == nil {
			continue
		}
		// A strict kind reads nothing it would not build, so its secrets
		// are those of its Parse; the others' as their reader finds them.
		var ns notes
		f, ok := read(text, &ns)
		if ok && k.strict {
			f, ok = k.settle(f, &ns)
		}
		if ok && k.HasSecret(f) {
			return k, f
		}
	}
	return nil, nil
}

func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}
