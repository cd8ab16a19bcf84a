package link

import (
	"bytes"
	"encoding/json"
	"html"
	"strings"
)

// FormID is the id of the JSON block that holds an editor page's Form.
const FormID = "first-form"

// formOpen and scriptClose bound the Form's JSON block in a page.
const (
	formOpen    = `<script type="application/json" id="` + FormID + `">`
	scriptClose = `</script>`
)

// FormScript is the JSON block of f as a page carries it. json.Marshal
// writes <, > and & as \u003c, \u003e and \u0026, so nothing in it can
// close the script, an SVG included.
func FormScript(f Form) string {
	b, _ := json.Marshal(f) // strings, bools and lists: no error
	return formOpen + string(b) + scriptClose
}

// FormOf reads the Form of an editor page, and whether it has one.
func FormOf(page []byte) (Form, bool) {
	_, body, _, ok := cut(page, formOpen, scriptClose)
	var f Form
	if !ok || json.Unmarshal(body, &f) != nil {
		return Form{}, false
	}
	return f, true
}

// The code box as templates/pages.templ writes it on every editor page:
// the page's example code, shown at once on a page opened bare.
const (
	boxBaked  = `<div class="code-box baked">`
	tagOpen   = `<p class="code-tag" id="code-tag">`
	codeOpen  = `<div id="code" class="code" role="img" aria-label="`
	codeClose = `</div>`
	noteOpen  = `<p class="code-note" id="code-note">`
)

// Page returns an editor page with the link's code in it: svg, the answer
// of the API URL url (Form.CodeURL), in the code box in place of the
// example, as first.js puts a code it asked for there, and both in the
// page's Form, where first.js finds them before the box is parsed. ok is
// false for a page that is not an editor page as the site writes it.
func Page(page []byte, f Form, url, svg string) (out []byte, ok bool) {
	f.URL, f.Code = url, svg
	before, _, after, ok := cut(page, formOpen, scriptClose)
	if !ok {
		return nil, false
	}
	s := string(before) + FormScript(f) + string(after)
	label := "QR code"
	if f.Title != "" {
		label = f.Title + " QR code"
	}
	head, _, tail, ok := cut([]byte(s), codeOpen, codeClose)
	if !ok || strings.Count(s, boxBaked) != 1 || strings.Count(s, tagOpen) != 1 || strings.Count(s, noteOpen) != 1 {
		return nil, false
	}
	s = string(head) + codeOpen + html.EscapeString(label) + `">` + svg + codeClose + string(tail)
	s = strings.NewReplacer(
		boxBaked, `<div class="code-box">`,
		tagOpen, `<p class="code-tag" id="code-tag" hidden>`,
		noteOpen, `<p class="code-note" id="code-note" hidden>`,
	).Replace(s)
	return []byte(s), true
}

// cut splits b around the first span that starts with open and ends with
// the first close after it: what comes before open, what lies between,
// and what follows close.
func cut(b []byte, open, close string) (before, inside, after []byte, ok bool) {
	i := bytes.Index(b, []byte(open))
	if i < 0 {
		return nil, nil, nil, false
	}
	j := bytes.Index(b[i+len(open):], []byte(close))
	if j < 0 {
		return nil, nil, nil, false
	}
	start := i + len(open)
	return b[:i], b[start : start+j], b[start+j+len(close):], true
}
