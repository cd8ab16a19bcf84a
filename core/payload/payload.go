// Package payload is the registry of typed QR payload kinds: for each kind its
// fields, a builder from fields to the exact text scanners expect, and a parser
// from that text back to fields. Every list users see (REST endpoints, MCP
// schemas, editor forms, OpenAPI) is generated from this one registry.
//
// A kind is a package-level *Kind in its file, which that file's init
// registers. It gives its fields and Build; its reader (readerOf, in
// read.go) gives the fields as a text has them, valid or not, with notes
// on what it read differently from how Build writes it. Parse is the
// reader followed by settle, which leaves out and notes each optional
// value Build refuses, or refuses the whole text for a strict kind (a
// payment, which read without its amount would pay something else). Check digits are package checksum's, EMV codes
// package emv's.
package payload

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
)

// Fields holds the named string values of one payload.
type Fields map[string]string

// Field describes one named input of a kind.
type Field struct {
	Name     string   // query and JSON name, e.g. "ssid"
	Short    string   // shorter editor name when one is used, e.g. "sec" for security
	Label    string   // human label, e.g. "Network name"
	Help     string   // one sentence shown under the input
	Required bool     // the builder fails without it
	Format   string   // one of the Format* constants
	Enum     []string // allowed values, when the field is a choice; forms offer these
	Aliases  []string // other values Build takes for a choice (wifi: SAE for WPA3); named in Help, accepted by Schema
	Choices  []string // how a form names each of Enum's values, in order, when the value alone says too little
	Example  string   // a valid value, used in docs and in problem fixes
	Secret   bool     // never put in a URL, a log or a cache
	// Money marks a field that says who is paid, how much or against
	// what reference (an IBAN, an address, an amount). Its Example is
	// never offered in a fix: a fix that pastes another valid account or
	// sum makes a code that pays someone else. A fix holds the caller's
	// own value corrected, when that is certain, or a placeholder.
	Money bool
}

// required is fd needed by Build: a field that kinds share, for a kind
// that cannot do without it.
func required(fd Field) Field {
	fd.Required = true
	return fd
}

// Placeholder is what a fix writes for a field whose value only the
// caller can give: <your IBAN>.
func (fd Field) Placeholder() string { return "<your " + fd.Label + ">" }

// Field formats: they drive input types in the editor and JSON Schema formats.
const (
	FormatText     = "text"      // one line of text
	FormatLongText = "multiline" // text that may hold newlines
	FormatURL      = "url"
	FormatEmail    = "email"
	FormatPhone    = "tel"
	FormatDateTime = "date-time" // ISO 8601 with offset
	FormatDate     = "date"      // YYYY-MM-DD
	FormatDecimal  = "decimal"   // a decimal number written as a string
	FormatInteger  = "integer"
	FormatBool     = "boolean" // "true" or "false"
	FormatEnum     = "enum"    // one of Enum
)

// Kind is one typed payload: a path name, its fields, and the two directions.
type Kind struct {
	Name   string  // path name, e.g. "wifi" for /api/v1/wifi and the /wifi editor
	Title  string  // short human name, e.g. "Wi-Fi network"
	Help   string  // one sentence: what scanning the code does
	Fields []Field // in the order forms show them

	// Build turns fields into the payload text. Validation failures are
	// *FieldError values naming the field at fault.
	Build func(Fields) (string, error)

	// Priority orders Recognize: lower values are tried first, ties by name.
	// Leave it 0 when the kind's text starts with a scheme or header of its
	// own (WIFI:, upi://, BCD); a kind whose text another kind would also
	// accept sets PriorityLink, PriorityURL or PriorityText so that the more
	// specific kind is tried first.
	Priority int

	// AnyOf lists alternative sets of fields of which at least one set must
	// be given in full, for kinds that need "this or that" (vcard: fn or ln).
	// Fields marked Required are needed in addition. Schema emits it as anyOf.
	AnyOf [][]string

	// Unless lists fields needed unless another field has one of some
	// values (wifi: password, unless security is nopass). Schema emits
	// each as if/then.
	Unless []Unless

	// Symbol is what the kind's standard requires of the QR symbol; most
	// kinds require nothing.
	Symbol Symbol

	// strict makes settle refuse a text with an invalid optional field
	// rather than leave the field out: a payment read without its amount
	// or reference would pay something else.
	strict bool
}

// Note says what Parse read from a text that Build would not have written
// that way: a value it left out (a negative altitude, a non-boolean H: in
// a WIFI code) or a form it read as the one Build writes. RecognizeNotes
// hands them to decode, so that a parse never changes a payload silently.
type Note struct {
	Field  string `json:"field,omitempty" desc:"The field concerned; absent when the note is about the text as a whole."`
	Reason string `json:"reason" desc:"What was read differently, and why."`
}

// notes collects the notes of one parse.
type notes []Note

func (ns *notes) add(field, reason string) { *ns = append(*ns, Note{Field: field, Reason: reason}) }

// Unless makes the fields Needs required unless Field is left out or is
// one of Values ("" among them when an empty value lifts the need too).
type Unless struct {
	Field  string   // the deciding field, e.g. "security"
	Values []string // its values that lift the need, e.g. "nopass"
	Needs  []string // the fields needed otherwise, e.g. "password"
}

// Symbol is what a payment standard requires of the QR symbol that carries
// a kind's text, beyond the text itself. The zero value requires nothing.
type Symbol struct {
	EC         string `json:"ec,omitempty"`          // error-correction level, "L" to "H", that the standard fixes
	MinVersion int    `json:"min_version,omitempty"` // smallest QR version allowed, 1-40; 0 for no bound
	MaxVersion int    `json:"max_version,omitempty"` // largest QR version allowed, 1-40; 0 for no bound
	ECI        int    `json:"eci,omitempty"`         // ECI designator naming the charset of the text's bytes; 0 for none
	Mark       string `json:"mark,omitempty"`        // what render draws over the centre, e.g. "swiss-cross"
}

// Recognize priorities for kinds whose text overlaps with another kind's.
const (
	PriorityLink = 50  // an https link on a known host (wa.me, t.me, paypal.me), tried before url
	PriorityURL  = 90  // any http or https link
	PriorityText = 100 // any text at all
)

// FieldError says which field of a payload is wrong and how to put it right.
type FieldError struct {
	Field   string // the field's Name
	Problem string // what is wrong, e.g. "IBAN checksum does not match"
	Example string // a valid value to suggest in a fix; empty when the fix is to clear the field
	// Correction is the caller's own value put right, when the right form
	// is certain (an Ethereum address in its EIP-55 case); a fix prefers
	// it to Example.
	Correction string
	// Choices are the values the caller must choose between when the
	// right one is not certain (12.345 is 12.34 or 12.35).
	Choices []string
}

func (e *FieldError) Error() string { return e.Field + ": " + e.Problem }

// Field returns the named field of k, or nil.
func (k *Kind) Field(name string) *Field {
	for i := range k.Fields {
		if k.Fields[i].Name == name || (k.Fields[i].Short != "" && k.Fields[i].Short == name) {
			return &k.Fields[i]
		}
	}
	return nil
}

// HasSecret reports whether f carries a non-empty secret field of k.
func (k *Kind) HasSecret(f Fields) bool {
	for _, fd := range k.Fields {
		if fd.Secret && f[fd.Name] != "" {
			return true
		}
	}
	return false
}

var (
	kinds  []*Kind
	byName = map[string]*Kind{}
)

// register adds kinds to the registry. Each kind is a package-level
// value in its file, whose init registers the file's kinds in order.
func register(ks ...*Kind) {
	for _, k := range ks {
		if _, dup := byName[k.Name]; dup {
			panic("payload: kind registered twice: " + k.Name)
		}
		if k.Build == nil {
			panic("payload: kind without a builder: " + k.Name)
		}
		markMoney(k)
		kinds = append(kinds, k)
		byName[k.Name] = k
	}
}

// All returns every kind, sorted by name.
func All() []*Kind {
	out := append([]*Kind(nil), kinds...)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Names returns every kind's name, sorted, as the lists of kinds (an
// enum, a problem's allowed values) give them.
func Names() []string {
	var names []string
	for _, k := range All() {
		names = append(names, k.Name)
	}
	return names
}

// Sample returns the fields of k's example: every field at its Example,
// less the fields that conflict with others (of either-or fields, the
// ones Build names first are dropped), so that the set builds. The editor
// draws it while a form is empty.
func (k *Kind) Sample() Fields {
	f := Fields{}
	for _, fd := range k.Fields {
		if fd.Example != "" {
			f[fd.Name] = fd.Example
		}
	}
	for range k.Fields {
		if k.Build == nil {
			break
		}
		_, err := k.Build(f)
		var fe *FieldError
		if err == nil || !errors.As(err, &fe) || f[fe.Field] == "" {
			break
		}
		delete(f, fe.Field)
	}
	return f
}

// Lookup returns the kind with the given path name.
func Lookup(name string) (*Kind, bool) {
	k, ok := byName[name]
	return k, ok
}

// Parse reads a payload of this kind back into fields; ok is false when
// the text is not of this kind. When ok, Build of the result succeeds.
func (k *Kind) Parse(text string) (f Fields, ok bool) {
	f, _, ok = k.ParseNotes(text)
	return f, ok
}

// ParseNotes is Parse that also says what the text held that Build would
// not write: values left out because Build refuses them, and forms read as
// the ones Build writes. Notes are nil when the text is exactly what Build
// could have written; a strict kind, which refuses a text with any value
// Build refuses, notes only what its reader says.
func (k *Kind) ParseNotes(text string) (Fields, []Note, bool) {
	var ns notes
	f, ok := k.parse(text, &ns)
	if !ok {
		return nil, nil, false
	}
	return f, ns, true
}

// parse is ParseNotes writing the notes to *ns, which it empties first:
// RecognizeNotes tries every kind with one list, since a list of its own
// for each kind tried (escaping through read) was most of what
// recognizing a decoded text allocated.
func (k *Kind) parse(text string, ns *notes) (Fields, bool) {
	*ns = (*ns)[:0]
	f, ok := readerOf(k.Name)(text, ns)
	if !ok {
		return nil, false
	}
	return k.settle(f, ns)
}

// Build looks up kind and builds its payload from f.
func Build(kind string, f Fields) (string, error) {
	k, ok := byName[kind]
	if !ok {
		return "", fmt.Errorf("payload: unknown kind %q", kind)
	}
	return k.Build(f)
}

// fieldError is the *FieldError for a field of kind, suggesting the field's
// registered Example so that every fix shows a value known to work; for a
// Money field, whose fix must never be someone else's account, its
// Placeholder.
func fieldError(kind, field, problem string) *FieldError {
	e := &FieldError{Field: field, Problem: problem}
	if k, ok := byName[kind]; ok {
		if fd := k.Field(field); fd != nil {
			e.Example = fd.Example
			if fd.Money {
				e.Example = fd.Placeholder()
			}
		}
	}
	return e
}

// fieldErr is fieldError for a check's error, carrying the correction or
// the choices a *fixable error knows.
func fieldErr(kind, field string, err error) *FieldError {
	e := fieldError(kind, field, err.Error())
	var f *fixable
	if errors.As(err, &f) {
		e.Correction, e.Choices = f.correction, f.choices
	}
	return e
}

// fixable is a check's error that knows what the caller meant: the value
// corrected when that is certain, or the values to choose between.
type fixable struct {
	msg        string
	correction string
	choices    []string
}

func (e *fixable) Error() string { return e.msg }

// need reports the first of names that f leaves empty.
func need(kind string, f Fields, names ...string) error {
	for _, n := range names {
		if f[n] == "" {
			return fieldError(kind, n, "is required")
		}
	}
	return nil
}

// BoolValues are the spellings of yes and no that ParseBool reads: the
// yeses first, each beside the no at the same place among the noes (1
// and 0, true and false, yes and no, on and off as an HTML checkbox sends
// them). Boolean fields and query flags alike take them, and schemas and
// problems list them.
var BoolValues = []string{"1", "true", "yes", "on", "0", "false", "no", "off"}

// ParseBool reads s, in any case and with surrounding spaces, as a yes
// or a no in one of BoolValues' spellings; empty is no. ok is false for
// anything else.
func ParseBool(s string) (v, ok bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return false, true
	}
	i := slices.Index(BoolValues, s)
	return i >= 0 && i < len(BoolValues)/2, i >= 0
}

// flag reads a boolean field with ParseBool.
func flag(kind string, f Fields, name string) (bool, error) {
	v, ok := ParseBool(f[name])
	if !ok {
		return false, fieldError(kind, name, "must be true or false")
	}
	return v, nil
}

// choice reads a field that takes one of a few words, in any case and
// with edge spaces; an empty field is the first word, the default.
func choice(kind string, f Fields, name string, words ...string) (string, error) {
	v := strings.ToLower(strings.TrimSpace(f[name]))
	switch {
	case v == "":
		return words[0], nil
	case slices.Contains(words, v):
		return v, nil
	}
	return "", fieldError(kind, name, "must be "+strings.Join(words, " or "))
}

// settle makes fields as read from a text buildable: while Build names an
// optional field that is set, that field is left out and noted, so a
// scanned payload with one odd value (a malformed e-mail in a MECARD)
// still reads as its kind and says what it lost. Empty values are dropped
// first, so parsers need not check. It fails when a required field is at
// fault, when Build fails otherwise, and for a strict kind at any fault.
func (k *Kind) settle(f Fields, ns *notes) (Fields, bool) {
	for name, v := range f {
		if v == "" {
			delete(f, name)
		}
	}
	for range len(f) + 1 {
		_, err := k.Build(f)
		if err == nil {
			return f, true
		}
		fe, ok := err.(*FieldError)
		if !ok || f[fe.Field] == "" || k.strict {
			return nil, false
		}
		if fd := k.Field(fe.Field); fd == nil || fd.Required {
			return nil, false
		}
		delete(f, fe.Field)
		ns.add(fe.Field, "left out: "+fe.Problem)
	}
	return nil, false
}
