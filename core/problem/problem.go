// Package problem builds RFC 9457 problem documents whose fix field holds a
// corrected call, so that a client (or an agent) can repair a request by
// copying one string.
package problem

import (
	"bytes"
	"encoding/json"
	"net/url"
	"sort"
	"strings"
)

// ContentType is the media type of a problem document.
const ContentType = "application/problem+json"

// Problem is one problem document. Type, Title, Status, Detail and Fix are
// always present; Field names the parameter at fault when there is one.
type Problem struct {
	Type    string   `json:"type" desc:"The problem's type, /problems/<slug>."`
	Title   string   `json:"title" desc:"Short name of the problem."`
	Status  int      `json:"status" desc:"The HTTP status the REST call answers."`
	Detail  string   `json:"detail" desc:"What was not understood."`
	Field   string   `json:"field,omitempty" desc:"The parameter at fault; several, comma-separated, when each of them must change (the fields to shorten of a payload too long)."`
	Fix     string   `json:"fix" desc:"The corrected REST call, or an instruction."`
	Allowed []string `json:"allowed,omitempty" desc:"The accepted values, when they are a short list."`
}

func (p *Problem) Error() string { return p.Title + ": " + p.Detail }

// JSON returns the document as JSON, with & < > left as they are so the
// fix can be copied as it reads.
func (p *Problem) JSON() []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(p) // only strings, ints and slices: cannot fail
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// Kinds of problem, each with its status and title. The type URI is the
// relative reference /problems/<slug>, documented in docs/interface.md, "Errors".
var (
	BadValue    = kind{400, "invalid-parameter", "Invalid parameter"}
	Missing     = kind{400, "missing-parameter", "Missing parameter"}
	Conflict    = kind{400, "conflicting-parameters", "Conflicting parameters"}
	TooLong     = kind{400, "data-too-long", "Data too long"}
	BadBody     = kind{400, "invalid-body", "Invalid request body"}
	Forbidden   = kind{403, "forbidden", "Forbidden"}
	NotFound    = kind{404, "not-found", "Not found"}
	NotAllowed  = kind{405, "method-not-allowed", "Method not allowed"}
	TooLarge    = kind{413, "too-large", "Request too large"}
	Unsupported = kind{415, "unsupported-media-type", "Unsupported media type"}
	NoCode      = kind{422, "no-code-found", "No QR code found"}
	NoScan      = kind{422, "would-not-scan", "Code would not scan"} // a branded code that fails verification
	TooMany     = kind{429, "too-many-requests", "Too many requests"}
	Internal    = kind{500, "internal", "Internal error"} // a bug, never an answer to bad input
)

type kind struct {
	status int
	slug   string
	title  string
}

// New returns a problem of kind k about field; detail explains it, fix repairs it.
func (k kind) New(field, detail, fix string) *Problem {
	return &Problem{Type: "/problems/" + k.slug, Title: k.title, Status: k.status, Detail: detail, Field: field, Fix: fix}
}

// Call is a request being answered: its path and query. Fixes are built from
// it by changing one parameter and leaving the rest as the caller sent it.
type Call struct {
	Path  string
	Query url.Values

	// Write, when set, writes a corrected query back in the form the caller
	// used. A call whose path carries parameters (/q/<data>.<ext> carries
	// data and format) is checked as a query, but its fix must stay "the
	// same call corrected", not turn into another endpoint's URL.
	Write func(q url.Values) string

	// Redact, when set, rewrites every value a fix or a detail repeats,
	// so that none carries a secret (request.NewCall sets the service's
	// one rule). Query keeps the values as sent, for the work itself.
	Redact func(name, value string) string
}

// With returns the call as a path and query string with name set to value and
// the names in drop removed. Keys keep the caller's values; order is sorted so
// the same mistake gets the same fix.
func (c Call) With(name, value string, drop ...string) string {
	q := url.Values{}
	for k, v := range c.Query {
		q[k] = append([]string(nil), v...)
	}
	for _, d := range drop {
		q.Del(d)
	}
	if name != "" {
		q.Set(name, value)
	}
	for k, vs := range q {
		for i, v := range vs {
			vs[i] = c.Show(k, v)
		}
	}
	if c.Write != nil {
		return c.Write(q)
	}
	return c.Path + Query(q)
}

// Show returns a value as a problem may repeat it: redacted when the
// call's rule says it is, or holds, a secret.
func (c Call) Show(name, value string) string {
	if c.Redact == nil {
		return value
	}
	return c.Redact(name, value)
}

// Query writes q as "?" and its pairs sorted by key (or "" when q is empty),
// with %20 for spaces so the fix reads the way people type it.
func Query(q url.Values) string {
	if len(q) == 0 {
		return ""
	}
	keys := make([]string, 0, len(q))
	for k := range q {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		for _, v := range q[k] {
			if b.Len() == 0 {
				b.WriteByte('?')
			} else {
				b.WriteByte('&')
			}
			b.WriteString(escape(k))
			b.WriteByte('=')
			b.WriteString(escape(v))
		}
	}
	return b.String()
}

func escape(s string) string { return strings.ReplaceAll(url.QueryEscape(s), "+", "%20") }
