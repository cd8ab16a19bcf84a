package templates

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/a-h/templ"
	"golang.org/x/net/html"

	"qrkeyless/core/payload"
	"qrkeyless/core/sheet"
	"qrkeyless/worker/api"
)

func parse(t *testing.T, c templ.Component) *html.Node {
	t.Helper()
	var b bytes.Buffer
	if err := c.Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	doc, err := html.Parse(&b)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// wellFormed checks a page's ids are unique and every label and
// description points at an element that is there.
func wellFormed(t *testing.T, name string, doc *html.Node) {
	t.Helper()
	ids := map[string]int{}
	for _, n := range find(doc, func(n *html.Node) bool { _, ok := attr(n, "id"); return ok }) {
		id, _ := attr(n, "id")
		ids[id]++
	}
	for id, n := range ids {
		if n > 1 {
			t.Errorf("%s: id %q used %d times", name, id, n)
		}
	}
	for _, n := range find(doc, func(*html.Node) bool { return true }) {
		refs := strings.Fields(must(attr(n, "aria-describedby")) + " " + must(attr(n, "aria-labelledby")))
		if n.Data == "label" {
			refs = append(refs, must(attr(n, "for")))
		}
		for _, ref := range refs {
			if ref != "" && ids[ref] == 0 {
				t.Errorf("%s: <%s> refers to #%s, which is not on the page", name, n.Data, ref)
			}
		}
	}
}

// The reference holds every operation of the description, each of its
// parameters (an alias under the parameter it stands for, with its
// default and bounds), and every problem; its page is well formed.
func TestReferenceIsTheDescription(t *testing.T) {
	desc := api.Description()
	r, err := ReadReference(desc)
	if err != nil {
		t.Fatal(err)
	}
	var spec struct {
		Paths      map[string]map[string]specOp
		Components struct{ Parameters map[string]specParam }
	}
	if err := json.Unmarshal(desc, &spec); err != nil {
		t.Fatal(err)
	}
	ops := map[string]Op{}
	for _, g := range r.Groups {
		for _, p := range g.Paths {
			for _, o := range append(slices.Clone(p.Ops), p.Extra...) {
				ops[o.ID] = o
			}
		}
	}
	n := 0
	for path, item := range spec.Paths {
		for method, so := range item {
			n++
			o, ok := ops[so.OperationID]
			if !ok || o.Path != path || o.Method != strings.ToUpper(method) {
				t.Errorf("%s %s (%s) is not in the reference", method, path, so.OperationID)
				continue
			}
			if len(o.Answers) != len(so.Responses) {
				t.Errorf("%s: %d answers of %d", so.OperationID, len(o.Answers), len(so.Responses))
			}
			for _, p := range so.Parameters {
				if p.Ref != "" || p.Explode {
					continue
				}
				if !documents(o.Params, p.Name) {
					t.Errorf("%s: parameter %s is not in the reference", so.OperationID, p.Name)
				}
			}
		}
	}
	if n != r.Operations || n < 150 {
		t.Errorf("%d operations in the reference, %d in the description", r.Operations, n)
	}
	for name, p := range spec.Components.Parameters {
		if !documents(r.Rendering, name) {
			t.Errorf("rendering parameter %s is not in the reference", name)
		}
		for _, q := range r.Rendering {
			if q.Name == name && p.Schema.Maximum != nil && q.Max != scalar(*p.Schema.Maximum) {
				t.Errorf("%s: bound %s, the description says %v", name, q.Max, *p.Schema.Maximum)
			}
		}
	}
	wifi := ops["typed_wifi"]
	if !documents(wifi.Fields, "sec") || !documents(wifi.Fields, "password") || wifi.Try.Query == nil {
		t.Errorf("wifi's fields: %+v", wifi.Fields)
	}
	if len(r.Problems) < 8 || len(r.ProblemFields) != 7 {
		t.Errorf("%d problems, %d problem members", len(r.Problems), len(r.ProblemFields))
	}
	wellFormed(t, "/docs", parse(t, Docs(r)))
}

func documents(ps []Param, name string) bool {
	return slices.ContainsFunc(ps, func(p Param) bool { return p.Name == name || slices.Contains(p.Aliases, name) })
}

// The batch page offers every kind, every layout option of a sheet and
// the editor's style controls, and is well formed.
func TestBatchPage(t *testing.T) {
	doc := parse(t, Batch(payload.All()))
	wellFormed(t, "/batch", doc)
	kinds := find(doc, func(n *html.Node) bool {
		return n.Data == "option" && n.Parent != nil && must(attr(n.Parent, "id")) == "c-kind"
	})
	if len(kinds) != len(payload.All())+1 {
		t.Errorf("%d kinds offered", len(kinds))
	}
	for _, p := range sheet.Params {
		if len(find(doc, func(n *html.Node) bool { return must(attr(n, "data-sheet")) == p.Name })) != 1 {
			t.Errorf("the sheet's %s has no control", p.Name)
		}
	}
	for _, c := range StyleControls(nil) {
		if c.Input != "pictures" && len(find(doc, func(n *html.Node) bool { return must(attr(n, "id")) == c.ID() })) != 1 {
			t.Errorf("style control %s is not on the page", c.Name)
		}
	}
}
