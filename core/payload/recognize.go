package payload

import "sort"

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
func RecognizeNotes(text string) (kind string, f Fields, notes []Note) {
	for _, k := range byPriority() {
		if k.Parse == nil {
			continue
		}
		f, ns, ok := k.ParseNotes(text)
		if !ok {
			continue
		}
		if _, err := k.Build(f); err == nil {
			return k.Name, f, ns
		}
	}
	return "text", Fields{"text": text}, nil
}

func byPriority() []*Kind {
	out := append([]*Kind(nil), kinds...)
	sort.Slice(out, func(i, j int) bool {
		if out[i].Priority != out[j].Priority {
			return out[i].Priority < out[j].Priority
		}
		return out[i].Name < out[j].Name
	})
	return out
}
