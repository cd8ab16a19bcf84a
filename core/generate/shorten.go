package generate

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"qrkeyless/core/params"
	"qrkeyless/core/payload"
	"qrkeyless/core/qr"
)

// Cut is a field to shorten and how far: to at most Max bytes of its
// Now; Max 0 leaves it out.
type Cut struct {
	Field    string
	Max, Now int
}

// Shorten says which fields of r to shorten, and to how many bytes, for
// its payload to pass fits: the data of a plain call; of a typed one the
// longest field that can be shortened (free text, not a choice, a date,
// a secret or a field that says who is paid), and when shortening it is
// not enough, that field left out and the next longest shortened, and so
// on. The kind's builder writes every payload tried, escapes and all, so
// a budget is in the field's own bytes. Nil when no cut makes it pass.
func (r Request) Shorten(fits func(text string) bool) []Cut {
	if r.kind == nil {
		k := prefix(r.Text, fits)
		if k <= 0 {
			return nil
		}
		return []Cut{{params.Data.Name, k, len(r.Text)}}
	}
	var names []string
	for _, fd := range r.kind.Fields {
		if v := r.fields[fd.Name]; v != "" && cuttable(fd) {
			names = append(names, fd.Name)
		}
	}
	slices.SortStableFunc(names, func(a, b string) int { return cmp.Compare(len(r.fields[b]), len(r.fields[a])) })
	f := payload.Fields{}
	for k, v := range r.fields {
		f[k] = v
	}
	var cuts []Cut
	for _, name := range names {
		value := f[name]
		k := prefix(value, func(s string) bool {
			f[name] = s
			text, err := r.kind.Build(f)
			return err == nil && fits(text)
		})
		if k >= 0 {
			return append(cuts, Cut{name, k, len(value)})
		}
		// Not even without it: leave it out, if the builder allows.
		delete(f, name)
		if _, err := r.kind.Build(f); err != nil {
			f[name] = value
			continue
		}
		cuts = append(cuts, Cut{name, 0, len(value)})
	}
	return nil
}

// cuttable reports whether a field's value may be shortened to make its
// payload fit: free text, never a choice, a number, a date, a secret, or a
// field that says who is paid (shortened, it pays someone else).
func cuttable(fd payload.Field) bool {
	switch fd.Format {
	case "", payload.FormatText, payload.FormatLongText, payload.FormatURL, payload.FormatEmail:
		return !fd.Secret && !fd.Money && len(fd.Enum) == 0
	}
	return false
}

// prefix is the length in bytes of the longest prefix of s, cut at a
// character's edge, that passes ok: -1 when none does (the empty one
// included). ok is taken to pass every prefix shorter than one that
// passes, as a code's capacity does.
func prefix(s string, ok func(string) bool) int {
	var edges []int // every character's start, and the end
	for i := range s {
		edges = append(edges, i)
	}
	edges = append(edges, len(s))
	lo, hi := -1, len(edges)-1 // edges[lo] passes (or lo is -1); edges beyond hi fail
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if ok(s[:edges[mid]]) {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	if lo < 0 {
		return -1
	}
	return edges[lo]
}

// shortenFix is what a caller does with cuts, in one sentence; level is
// the error correction to use with them, or "" to keep the call's.
func shortenFix(cuts []Cut, level string) string {
	var parts []string
	for _, c := range cuts {
		if c.Max == 0 {
			parts = append(parts, "leave "+c.Field+" out")
		} else {
			parts = append(parts, fmt.Sprintf("shorten %s to at most %d bytes (it has %d)", c.Field, c.Max, c.Now))
		}
	}
	if level != "" {
		parts = append(parts, "use "+params.EC.Name+"="+level)
	}
	s := strings.Join(parts, ", and ")
	r, n := utf8.DecodeRuneInString(s)
	return strings.ToUpper(string(r)) + s[n:] + "."
}

// fields names the fields of cuts, as a problem's field does: comma
// separated, the one cut most first.
func fields(cuts []Cut) string {
	var names []string
	for _, c := range cuts {
		names = append(names, c.Field)
	}
	return strings.Join(names, ",")
}

// fitsAt says whether a payload text fits r's symbol at level l, read
// through r's symbol rules and controls as Encode reads it.
func (r Request) fitsAt(l qr.Level) func(text string) bool {
	return func(text string) bool {
		e, text, p := encoder(r.Call, r.Options, text)
		if p != nil {
			return false
		}
		e.Level = l
		_, err := e.Version(text)
		return err == nil
	}
}

// Within says whether a payload text fits r's symbol at r's level within
// version v, read through r's symbol rules and controls as Encode reads
// it: what a label of a given size holds (core/batch's advice).
func (r Request) Within(v int) func(text string) bool {
	return func(text string) bool {
		e, text, p := encoder(r.Call, r.Options, text)
		if p != nil {
			return false
		}
		if e.MaxVersion == 0 || e.MaxVersion > v {
			e.MaxVersion = v
		}
		got, err := e.Version(text)
		return err == nil && got <= v
	}
}
