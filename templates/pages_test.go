package templates

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"qrkeyless/core/payload"
	"qrkeyless/core/render"
)

// page renders a kind's editor and parses it as a browser would.
func page(t *testing.T, k *payload.Kind) *html.Node {
	t.Helper()
	var b bytes.Buffer
	if err := Editor(k, "").Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	doc, err := html.Parse(&b)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func attr(n *html.Node, name string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == name {
			return a.Val, true
		}
	}
	return "", false
}

// find returns the elements under n for which ok holds, in document order.
func find(n *html.Node, ok func(*html.Node) bool) []*html.Node {
	var out []*html.Node
	for c := range n.Descendants() {
		if c.Type == html.ElementNode && ok(c) {
			out = append(out, c)
		}
	}
	return out
}

// Every field of every kind is on its page: labelled, marked required when
// the builder needs it, with the input type of its format and the allowed
// values of its enum; a secret has no name, so no form submission can
// carry it.
func TestEveryFieldHasAnInput(t *testing.T) {
	wantType := map[string]string{
		payload.FormatText: "text", payload.FormatURL: "url", payload.FormatEmail: "email",
		payload.FormatPhone: "tel", payload.FormatDate: "date", payload.FormatBool: "checkbox",
		payload.FormatDecimal: "text", payload.FormatInteger: "text", payload.FormatDateTime: "text",
	}
	for _, k := range payload.All() {
		t.Run(k.Name, func(t *testing.T) {
			doc := page(t, k)
			for _, fd := range k.Fields {
				inputs := find(doc, func(n *html.Node) bool { v, _ := attr(n, "data-field"); return v == fd.Name })
				if len(inputs) != 1 {
					t.Fatalf("field %s: %d inputs", fd.Name, len(inputs))
				}
				in := inputs[0]
				id, _ := attr(in, "id")
				labels := find(doc, func(n *html.Node) bool { v, _ := attr(n, "for"); return n.Data == "label" && v == id })
				if len(labels) != 1 || !strings.Contains(text(labels[0]), fd.Label) {
					t.Errorf("field %s: no label %q for #%s", fd.Name, fd.Label, id)
				}
				if _, req := attr(in, "required"); req != fd.Required {
					t.Errorf("field %s: required=%v; the registry says %v", fd.Name, req, fd.Required)
				}
				name, named := attr(in, "name")
				switch {
				case fd.Secret && (named || in.Data != "input"):
					t.Errorf("secret field %s is a named <%s>", fd.Name, in.Data)
				case fd.Secret:
					if typ, _ := attr(in, "type"); typ != "password" {
						t.Errorf("secret field %s has type %q", fd.Name, typ)
					}
				case fd.Short != "" && name != fd.Short, fd.Short == "" && name != fd.Name:
					t.Errorf("field %s (short %q) is named %q", fd.Name, fd.Short, name)
				case len(fd.Enum) > 0:
					if in.Data != "select" {
						t.Fatalf("enum field %s is a <%s>", fd.Name, in.Data)
					}
					if values := options(in); !slices.Equal(values, fd.Enum) {
						t.Errorf("field %s offers %q; the registry allows %q", fd.Name, values, fd.Enum)
					}
				case fd.Format == payload.FormatLongText:
					if in.Data != "textarea" {
						t.Errorf("multiline field %s is a <%s>", fd.Name, in.Data)
					}
				default:
					if typ, _ := attr(in, "type"); in.Data != "input" || typ != wantType[fd.Format] {
						t.Errorf("field %s (%s) is <%s type=%q>", fd.Name, fd.Format, in.Data, typ)
					}
				}
				for _, ref := range strings.Fields(must(attr(in, "aria-describedby"))) {
					if len(find(doc, func(n *html.Node) bool { v, _ := attr(n, "id"); return v == ref })) != 1 {
						t.Errorf("field %s is described by #%s, which is not on the page", fd.Name, ref)
					}
				}
			}
		})
	}
}

// A field that a rule of its kind needs unless another field has one of
// some values (payload.Unless) says so to app.js, which reads it to tell a
// link that makes a code from one that lacks a field: the wifi password,
// unless security is nopass.
func TestUnlessRules(t *testing.T) {
	type rule struct {
		Field  string   `json:"field"`
		Values []string `json:"values"`
	}
	for _, k := range payload.All() {
		doc := page(t, k)
		for _, fd := range k.Fields {
			var want []rule
			for _, u := range k.Unless {
				if slices.Contains(u.Needs, fd.Name) {
					want = append(want, rule{u.Field, u.Values})
				}
			}
			in := find(doc, func(n *html.Node) bool { v, _ := attr(n, "data-field"); return v == fd.Name })[0]
			v, has := attr(in, "data-unless")
			if has != (len(want) > 0) {
				t.Errorf("%s %s: data-unless %q; want rules %v", k.Name, fd.Name, v, want)
				continue
			}
			var got []rule
			if has && (json.Unmarshal([]byte(v), &got) != nil || !reflect.DeepEqual(got, want)) {
				t.Errorf("%s %s: data-unless %q; want %v", k.Name, fd.Name, v, want)
			}
		}
	}
	wifi, _ := payload.Lookup("wifi")
	in := find(page(t, wifi), func(n *html.Node) bool { v, _ := attr(n, "data-field"); return v == "password" })[0]
	if v, _ := attr(in, "data-unless"); !strings.Contains(v, `"field":"security"`) || !strings.Contains(v, `"nopass"`) {
		t.Errorf("wifi password: data-unless %q", v)
	}
}

func must(s string, _ bool) string { return s }

func text(n *html.Node) string {
	var b strings.Builder
	for c := range n.Descendants() {
		if c.Type == html.TextNode {
			b.WriteString(c.Data)
		}
	}
	return b.String()
}

// Ids are unique on every page, or labels and error messages would attach
// to the wrong input.
func TestUniqueIDs(t *testing.T) {
	for _, k := range payload.All() {
		seen := map[string]bool{}
		for _, n := range find(page(t, k), func(n *html.Node) bool { _, ok := attr(n, "id"); return ok }) {
			id, _ := attr(n, "id")
			if seen[id] {
				t.Errorf("/%s: id %q used twice", k.Name, id)
			}
			seen[id] = true
		}
	}
}

func TestCheckNames(t *testing.T) {
	for _, k := range payload.All() {
		if err := CheckNames(k); err != nil {
			t.Error(err)
		}
	}
	if err := CheckNames(nil); err != nil {
		t.Error(err)
	}
	clash := &payload.Kind{Name: "poster", Fields: []payload.Field{{Name: "size", Label: "Poster size"}}}
	if err := CheckNames(clash); err == nil || !strings.Contains(err.Error(), `"size"`) {
		t.Errorf("a field named size passed: %v", err)
	}
}

// The frame's text reads the editor's old caption links (label=...) as
// well, except on the bitcoin pages, whose field called label keeps it.
func TestFrameTextAliases(t *testing.T) {
	for name, label := range map[string]bool{"bitcoin": false, "wifi": true, "upi": true} {
		k, ok := payload.Lookup(name)
		if !ok {
			t.Fatalf("no kind %s", name)
		}
		doc := page(t, k)
		texts := find(doc, func(n *html.Node) bool { v, _ := attr(n, "data-style"); return v == "frame_text" })
		if len(texts) != 1 {
			t.Fatalf("/%s: %d frame text inputs", name, len(texts))
		}
		alias, _ := attr(texts[0], "data-alias")
		if strings.Contains(" "+alias+" ", " label ") != label {
			t.Errorf("/%s: frame_text aliases %q; label among them: %v, want %v", name, alias, !label, label)
		}
	}
}

// options returns the values of a select's options, "" (a default) left out.
func options(sel *html.Node) []string {
	var values []string
	for _, o := range find(sel, func(n *html.Node) bool { return n.Data == "option" }) {
		if v, _ := attr(o, "value"); v != "" {
			values = append(values, v)
		}
	}
	return values
}

// The module shapes and eyes offered are exactly the core's, in its order,
// on every page, each a radio button with a picture of the core's: a style
// added to render shows up in the editor, and the editor offers nothing
// render would refuse.
func TestStyleOptionsAreTheCores(t *testing.T) {
	want := map[string][]string{"style": render.StyleNames(), "eye": render.EyeNames(), "eye_ball": append([]string{""}, render.BallNames()...)}
	pictures, err := Pictures()
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := Index(payload.All(), "").Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	index, err := html.Parse(&b)
	if err != nil {
		t.Fatal(err)
	}
	docs := map[string]*html.Node{"/": index}
	for _, k := range payload.All() {
		docs["/"+k.Name] = page(t, k)
	}
	for path, doc := range docs {
		for key, names := range want {
			radios := find(doc, func(n *html.Node) bool {
				v, _ := attr(n, "data-style")
				typ, _ := attr(n, "type")
				return n.Data == "input" && typ == "radio" && v == key
			})
			var got []string
			for _, r := range radios {
				v, _ := attr(r, "value")
				got = append(got, v)
				imgs := find(r.Parent, func(n *html.Node) bool { return n.Data == "img" })
				if len(imgs) != 1 || pictures[must(attr(imgs[0], "src"))] == nil {
					t.Errorf("%s: %s %s has no picture of its own", path, key, v)
				}
			}
			if !slices.Equal(got, names) {
				t.Errorf("%s: %s offers %q; render has %q", path, key, got, names)
			}
		}
	}
}

// On a page with a secret, the note that it is left out of the API URL
// describes the API URL and the curl line (aria-describedby) and sits
// between them; a page without one has no note and no dangling reference.
func TestSecretNoteDescribesTheAPIURL(t *testing.T) {
	for _, k := range payload.All() {
		doc := page(t, k)
		byID := func(id string) *html.Node {
			if n := find(doc, func(n *html.Node) bool { v, _ := attr(n, "id"); return v == id }); len(n) == 1 {
				return n[0]
			}
			return nil
		}
		note := byID("secret-note")
		secrets := SecretLabels(k)
		if (note != nil) != (len(secrets) > 0) {
			t.Errorf("/%s: secrets %q, note %v", k.Name, secrets, note != nil)
			continue
		}
		for _, id := range []string{"share", "api", "curl"} {
			for _, ref := range strings.Fields(must(attr(byID(id), "aria-describedby"))) {
				if byID(ref) == nil {
					t.Errorf("/%s: #%s is described by #%s, which is not on the page", k.Name, id, ref)
				}
			}
		}
		if note == nil {
			continue
		}
		for _, id := range []string{"api", "curl"} {
			if !slices.Contains(strings.Fields(must(attr(byID(id), "aria-describedby"))), "secret-note") {
				t.Errorf("/%s: #%s is not described by the secret note", k.Name, id)
			}
		}
		var order []string
		for n := range doc.Descendants() {
			if id, _ := attr(n, "id"); id == "api" || id == "secret-note" || id == "curl" {
				order = append(order, id)
			}
		}
		if !slices.Equal(order, []string{"api", "secret-note", "curl"}) {
			t.Errorf("/%s: the note is not between the API URL and the curl line: %v", k.Name, order)
		}
		for _, s := range secrets {
			if txt := text(note); !strings.Contains(txt, s) || !strings.Contains(txt, "left out of the API URL") {
				t.Errorf("/%s: the note does not say the %s is left out of the API URL: %q", k.Name, s, txt)
			}
		}
	}
}

// Every style, branding and label sheet option has the editor's words: a
// parameter added to core/params' StyleControls or to core/sheet's Params
// without an entry in styleWords or sheetWords would be an input without
// a label, under the API's help.
func TestEveryOptionIsWorded(t *testing.T) {
	for _, c := range append(StyleControls(nil), SheetControls()...) {
		if c.UI == "" && c.Label == "" {
			t.Errorf("%s has no label: it is not in styleWords or sheetWords", c.Name)
		}
	}
}
