package e2e

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// TestUnknownMembers walks the OpenAPI description's JSON request bodies
// and, at every object that declares additionalProperties false, sends the
// operation's example with one member added that the object does not
// take: each must be a 400 that names the member and lists the ones the
// object takes, as the description lists them.
func TestUnknownMembers(t *testing.T) {
	each(t, func(t *testing.T, base string) {
		var doc map[string]any
		if err := json.Unmarshal(get(t, base+"/openapi.json").body, &doc); err != nil {
			t.Fatal(err)
		}
		schemas := doc["components"].(map[string]any)["schemas"].(map[string]any)
		resolve := func(s map[string]any) map[string]any {
			for s["$ref"] != nil {
				s = schemas[strings.TrimPrefix(s["$ref"].(string), "#/components/schemas/")].(map[string]any)
			}
			return s
		}
		tried := 0
		for path, ops := range doc["paths"].(map[string]any) {
			op, _ := ops.(map[string]any)["post"].(map[string]any)
			body, _ := op["requestBody"].(map[string]any)
			content, _ := body["content"].(map[string]any)
			media, _ := content["application/json"].(map[string]any)
			if media == nil || media["example"] == nil {
				continue
			}
			for _, c := range closedObjects(resolve, media["schema"].(map[string]any), nil) {
				tried++
				name := path + " at /" + strings.Join(c.at, "/")
				req := clone(media["example"])
				target := reach(req, c.at)
				target["zz_unknown"] = 1
				b, _ := json.Marshal(req)
				r := do(t, "POST", base+path, map[string]string{"Content-Type": "application/json"}, bytes.NewReader(b))
				if r.status != 400 {
					t.Errorf("%s: an unknown member got %d, want 400: %.300s", name, r.status, r.body)
					continue
				}
				p := problemOf(t, r, 400)
				if f, _ := p["field"].(string); !strings.HasSuffix(f, "zz_unknown") {
					t.Errorf("%s: field %q does not name the unknown member", name, f)
				}
				var allowed []string
				for _, a := range p["allowed"].([]any) {
					allowed = append(allowed, a.(string))
				}
				if !slices.Equal(allowed, c.members) {
					t.Errorf("%s: allowed %v, want the description's %v", name, allowed, c.members)
				}
				if fix, _ := p["fix"].(string); strings.Contains(fix, "zz_unknown") {
					t.Errorf("%s: the fix keeps the unknown member: %s", name, fix)
				}
			}
		}
		if tried < 5 {
			t.Errorf("%d closed objects found in the description's request bodies; the batch request alone has 3", tried)
		}
	})
}

// closed is an object of a request body that takes only its members: at
// is its place in the body ("items", "0" for an array's first item).
type closed struct {
	at      []string
	members []string
}

// closedObjects lists the objects of schema s, at and below at, whose
// additionalProperties is false.
func closedObjects(resolve func(map[string]any) map[string]any, s map[string]any, at []string) []closed {
	s = resolve(s)
	var out []closed
	props, _ := s["properties"].(map[string]any)
	if s["additionalProperties"] == false {
		var names []string
		for k := range props {
			names = append(names, k)
		}
		slices.Sort(names)
		out = append(out, closed{at, names})
	}
	for k, v := range props {
		out = append(out, closedObjects(resolve, v.(map[string]any), append(slices.Clip(at), k))...)
	}
	if items, ok := s["items"].(map[string]any); ok {
		out = append(out, closedObjects(resolve, items, append(slices.Clip(at), "0"))...)
	}
	return out
}

// reach returns the object at path in v, making the objects and the first
// array items that the example leaves out.
func reach(v any, path []string) map[string]any {
	m := v.(map[string]any)
	for i, k := range path {
		if k == "0" {
			continue
		}
		next := i+1 < len(path) && path[i+1] == "0"
		if next {
			arr, _ := m[k].([]any)
			if len(arr) == 0 {
				arr = []any{map[string]any{}}
				m[k] = arr
			}
			m = arr[0].(map[string]any)
			continue
		}
		child, ok := m[k].(map[string]any)
		if !ok {
			child = map[string]any{}
			m[k] = child
		}
		m = child
	}
	return m
}

// clone copies a decoded JSON value.
func clone(v any) any {
	b, _ := json.Marshal(v)
	var out any
	json.Unmarshal(b, &out)
	return out
}
