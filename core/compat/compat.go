// Package compat answers the URLs of three public QR code APIs as they
// are written in pages and spreadsheets: goQR's create-qr-code
// (api.qrserver.com), QuickChart's /qr, and the Google Chart API's QR
// code (/chart?cht=qr, a form QuickChart answers too). Moving is a change
// of host name.
//
// Each peer is a table of its parameters: what each becomes among this
// service's parameters, with the peer's default and bounds as its own
// documentation gives them (docs/compat.md, with the sources). Read turns
// a peer's query into a call of this service's, reads it with
// core/generate as /api/v1/qr is read, and then sets what no parameter of
// ours says: a size or quiet zone within the peer's bounds rather than
// ours, goQR's margin in pixels, a caption's letter size. Parameters a
// peer does not have are ignored, as the peers ignore them. A problem's
// fix is written back as the peer's own URL, corrected. The tables also
// describe the peers' parameters (Param.Schema), from which the OpenAPI
// description documents each peer's path.
package compat

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"qrkeyless/core/generate"
	"qrkeyless/core/params"
	"qrkeyless/core/problem"
	"qrkeyless/core/request"
)

// Peer is one API whose URLs the service answers.
type Peer struct {
	Name    string   // as its users know it: goQR
	Hosts   []string // the hosts its links name, which moving replaces
	Path    string   // the path, here as there
	Example string   // a request its documentation shows, path and query
	Docs    []string // where its behaviour is documented
	Formats []string // the formats (render.Formats' names) it answers in
	Params  []Param

	// plus: a '+' in a value is a plus, not a space. QuickChart reads its
	// query with decodeURIComponent (its index.js), so text=a+b is "a+b"
	// there; goQR and Google read '+' as a space, as forms do.
	plus bool

	// start sets the peer's defaults before any parameter is read.
	start func(t *translation)
	// dataParam names the parameter holding the text; sourceParam the one
	// naming the charset its bytes are in, "" where the peer has none.
	dataParam, sourceParam string
	// finish, where set, changes our parameters once all are read, before
	// the text is written in its charset.
	finish func(t *translation)
}

// Param is one parameter of a peer.
type Param struct {
	Name     string
	Required bool
	Type     string // "string" or "integer", as OpenAPI describes it
	Default  string // the peer's default, as a value of the parameter; "" for none
	Min, Max int    // an integer's bounds
	Enum     []string
	Pattern  string // a string's form, as a regular expression (OpenAPI)
	Example  string
	Help     string // what it is, at the peer
	Maps     string // what it becomes here, in words: `ec`, our parameter's name in backquotes

	// ours names the parameter of ours it carries, "" for one that sets
	// what no parameter of ours says (read says where it goes).
	ours string
	// read reads a value given (not empty) into the translation.
	read func(t *translation, pa Param, v string) *problem.Problem
	// unread writes a fixed value of ours (a problem's fix) as this
	// parameter's value, given the peer's query as sent; nil writes it
	// as it is.
	unread func(ours string, q url.Values) string
}

// into is a Param's read that reads a value with read and keeps it in
// the translation's field at gives: what no parameter of ours says.
func into[T any](at func(*translation) *T, read func(*translation, Param, string) (T, *problem.Problem)) func(*translation, Param, string) *problem.Problem {
	return func(t *translation, pa Param, v string) (p *problem.Problem) {
		*at(t), p = read(t, pa, v)
		return p
	}
}

// as is a Param's read that reads a value with read and sets the
// parameter of ours the Param carries (its ours) to what it gives.
func as(read func(*translation, Param, string) (string, *problem.Problem)) func(*translation, Param, string) *problem.Problem {
	return func(t *translation, pa Param, v string) *problem.Problem {
		ours, p := read(t, pa, v)
		if p == nil {
			t.ours.Set(pa.ours, ours)
		}
		return p
	}
}

// verbatim reads a value as it was sent.
func verbatim(_ *translation, _ Param, v string) (string, *problem.Problem) { return v, nil }

// keepData is the read of a peer's text: its bytes are kept as sent, to
// be read in their charset once every parameter is read.
func keepData(t *translation, _ Param, v string) *problem.Problem { t.data = v; return nil }

// Peers lists the peers, in the order the documentation gives them.
var Peers = []*Peer{GoQR, QuickChart, Google}

// translation is a peer's query being turned into a call of ours.
type translation struct {
	peer *Peer
	call problem.Call // the peer's call, for this package's problems
	ours url.Values   // our parameters

	// What no parameter of ours says, set on the options after reading.
	size, margin, border, caption int

	data    string // the data as sent, before it is read in its charset
	source  string // the charset the data's bytes are in: "" for UTF-8
	charset string // the charset the code is to be written in: "" for UTF-8
}

// Read reads a peer's query (as sent: rawQuery) into a request of the
// generation pipeline, as GET /api/v1/qr would be read, with the peer's
// defaults, bounds and size semantics.
func Read(p *Peer, rawQuery string) (generate.Request, *problem.Problem) {
	if n := strings.Count(rawQuery, "&") + 1; n > request.MaxPairs {
		return generate.Request{}, problem.BadValue.New("", fmt.Sprintf(
			"the query has %d parameters; at most %d are read", n, request.MaxPairs), "Send at most "+strconv.Itoa(request.MaxPairs)+" parameters.")
	}
	q := parse(rawQuery, p.plus)
	t := &translation{peer: p, call: request.NewCall(p.Path, q), ours: url.Values{}}
	p.start(t)
	for _, pa := range p.Params {
		v, pr := t.one(pa.Name)
		switch {
		case pr != nil:
			return generate.Request{}, pr
		case v == "" && pa.Required:
			return generate.Request{}, problem.Missing.New(pa.Name, fmt.Sprintf("%s is required: %s", pa.Name, strings.ToLower(pa.Help[:1])+pa.Help[1:]), t.call.With(pa.Name, pa.Example))
		case v == "":
			continue
		}
		if pr := pa.read(t, pa, v); pr != nil {
			return generate.Request{}, pr
		}
	}
	text, pr := t.text(p.dataParam, p.sourceParam)
	if pr != nil {
		return generate.Request{}, pr
	}
	if p.finish != nil {
		p.finish(t)
	}
	t.write(text)
	call := request.NewCall(p.Path, t.ours)
	ours := t.ours
	call.Write = func(fixed url.Values) string { return unread(p, q, ours, fixed) }
	req, pr := generate.Read(call, nil)
	if pr != nil {
		return req, pr
	}
	req.Options.Size, req.Options.Margin, req.Options.Border = t.size, t.margin, t.border
	req.Options.Brand.CaptionSize = t.caption
	req.Secret = req.Secret || request.HasSecret(q)
	return req, nil
}

// parse reads a raw query as the peers read theirs: pairs split at &
// only (a ';' is part of a value), '+' a space unless plus, and a '%'
// that starts no escape kept as it is (as PHP's urldecode keeps it).
func parse(raw string, plus bool) url.Values {
	q := url.Values{}
	for _, pair := range strings.Split(raw, "&") {
		if pair == "" {
			continue
		}
		name, value, _ := strings.Cut(pair, "=")
		name, value = unescape(name, plus), unescape(value, plus)
		q[name] = append(q[name], value)
	}
	return q
}

// unescape decodes %XX escapes, and '+' as a space unless plus; a '%'
// that starts no escape stays as it is.
func unescape(s string, plus bool) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '%' && i+2 < len(s) && isHex(s[i+1:i+3]):
			n, _ := strconv.ParseUint(s[i+1:i+3], 16, 8)
			b.WriteByte(byte(n))
			i += 2
		case c == '+' && !plus:
			b.WriteByte(' ')
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// one is the value of the peer's parameter name: two different values
// are a problem, whose fix keeps the first.
func (t *translation) one(name string) (string, *problem.Problem) {
	vs := t.call.Query[name]
	for _, v := range vs[min(1, len(vs)):] {
		if v != vs[0] {
			return "", problem.Conflict.New(name, fmt.Sprintf("%s=%q and %s=%q give two values; send one", name, t.call.Show(name, vs[0]), name, t.call.Show(name, v)), t.call.With(name, vs[0]))
		}
	}
	if len(vs) == 0 {
		return "", nil
	}
	return vs[0], nil
}

// unread writes the fix of a problem found among our parameters as the
// peer's URL: the query as sent, with each parameter whose value of ours
// the fix changed written anew. A fix that needs a parameter the peer
// has no name for is written as this service's own call, which works
// wherever the peer's does not.
func unread(p *Peer, sent, ours, fixed url.Values) string {
	out := url.Values{}
	for k, vs := range sent {
		for _, v := range vs {
			out.Add(k, request.RedactValue(k, v))
		}
	}
	var names []string
	for k := range ours {
		names = append(names, k)
	}
	for k := range fixed {
		if !ours.Has(k) {
			names = append(names, k)
		}
	}
	slices.Sort(names)
	for _, name := range names {
		if slices.Equal(ours[name], fixed[name]) {
			continue
		}
		i := slices.IndexFunc(p.Params, func(pa Param) bool { return pa.ours == name })
		if i < 0 {
			return "/api/v1/qr" + problem.Query(fixed)
		}
		pa := p.Params[i]
		if !fixed.Has(name) {
			out.Del(pa.Name)
			continue
		}
		v := fixed.Get(name)
		if pa.unread != nil {
			v = pa.unread(v, sent)
		}
		out.Set(pa.Name, v)
	}
	return p.Path + problem.Query(out)
}

// Param returns the peer's parameter called name.
func (p *Peer) Param(name string) (Param, bool) {
	for _, pa := range p.Params {
		if pa.Name == name {
			return pa, true
		}
	}
	return Param{}, false
}

// Schema is the JSON Schema of pa's value as the peer takes it: its type,
// choices, form, bounds and the peer's default, from which the OpenAPI
// description documents the peer's path.
func (pa Param) Schema() map[string]any {
	sc := map[string]any{"type": pa.Type}
	if pa.Enum != nil {
		sc["enum"] = pa.Enum
	}
	if pa.Pattern != "" {
		sc["pattern"] = pa.Pattern
	}
	if pa.Type == "integer" && pa.Max > 0 {
		sc["minimum"], sc["maximum"] = pa.Min, pa.Max
	}
	if pa.Default != "" {
		sc["default"] = pa.Value(pa.Default)
	}
	return sc
}

// Value is v, a default or an example, as the JSON value of pa's type.
func (pa Param) Value(v string) any {
	return params.Param{Type: pa.Type}.Value(v)
}
