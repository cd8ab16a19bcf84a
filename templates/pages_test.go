package templates

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"qrkeyless/core/payload"
)

// page renders a kind's editor and parses it as a browser would.
func page(t *testing.T, k *payload.Kind) *html.Node {
	t.Helper()
	var b bytes.Buffer
	if err := Editor(k).Render(context.Background(), &b); err != nil {
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
					var values []string
					for _, o := range find(in, func(n *html.Node) bool { return n.Data == "option" }) {
						if v, _ := attr(o, "value"); v != "" {
							values = append(values, v)
						}
					}
					if !slices.Equal(values, fd.Enum) {
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

// The bitcoin kinds have a field called label, so their caption is caption.
func TestCaptionName(t *testing.T) {
	for name, want := range map[string]string{"bitcoin": "caption", "wifi": "label", "upi": "label"} {
		k, ok := payload.Lookup(name)
		if !ok {
			t.Fatalf("no kind %s", name)
		}
		doc := page(t, k)
		captions := find(doc, func(n *html.Node) bool { v, _ := attr(n, "data-style"); return v == "label" })
		if len(captions) != 1 || must(attr(captions[0], "name")) != want {
			t.Errorf("/%s: caption input %v; want one named %s", name, captions, want)
		}
	}
}
