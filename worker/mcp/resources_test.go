package mcp_test

import (
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"

	"qrkeyless/core/params"
	"qrkeyless/core/payload"
	"qrkeyless/core/size"
	"qrkeyless/internal/readback"
	"qrkeyless/worker/tools"
)

type readResult struct {
	Contents []struct {
		URI      string         `json:"uri"`
		MIMEType string         `json:"mimeType"`
		Text     string         `json:"text"`
		Meta     map[string]any `json:"_meta"`
	} `json:"contents"`
}

func read(t *testing.T, uri string) (readResult, *message) {
	t.Helper()
	m := rpc(t, "resources/read", map[string]any{"uri": uri})
	var r readResult
	if m.Error != nil {
		return r, &m
	}
	if err := json.Unmarshal(m.Result, &r); err != nil || len(r.Contents) != 1 {
		t.Fatalf("resources/read %s: %s %v", uri, m.Result, err)
	}
	return r, nil
}

// TestResourcesDescribeWhatTheSchemasLeaveOut: the resources the
// instructions name are listed and read, and between them they name every
// parameter and every kind's fields.
func TestResourcesDescribeWhatTheSchemasLeaveOut(t *testing.T) {
	var init struct {
		Instructions string `json:"instructions"`
	}
	json.Unmarshal(rpc(t, "initialize", map[string]any{"protocolVersion": "2025-11-25", "capabilities": map[string]any{},
		"clientInfo": map[string]any{"name": "t", "version": "1"}}).Result, &init)
	var list struct {
		Resources []struct{ URI, MIMEType string } `json:"resources"`
	}
	json.Unmarshal(rpc(t, "resources/list", map[string]any{}).Result, &list)
	listed := map[string]string{}
	for _, r := range list.Resources {
		listed[r.URI] = r.MIMEType
	}
	for _, uri := range []string{tools.KindsURI, tools.ParametersURI, tools.PresetsURI} {
		if listed[uri] != "application/json" || !strings.Contains(init.Instructions, uri) {
			t.Errorf("%s: listed as %q; named in the instructions: %v", uri, listed[uri], strings.Contains(init.Instructions, uri))
		}
	}
	if listed[tools.ViewURI] != tools.ViewMIMEType {
		t.Errorf("the view is listed as %q", listed[tools.ViewURI])
	}

	r, _ := read(t, tools.KindsURI)
	var kinds []tools.Kind
	json.Unmarshal([]byte(r.Contents[0].Text), &kinds)
	if len(kinds) != len(payload.All()) {
		t.Errorf("qr://kinds lists %d kinds, want %d", len(kinds), len(payload.All()))
	}
	for _, k := range payload.All() {
		uri := tools.KindsURI + "/" + k.Name
		if listed[uri] != "application/json" {
			t.Errorf("%s is not listed", uri)
		}
		r, _ := read(t, uri)
		var schema struct {
			Properties map[string]any `json:"properties"`
		}
		json.Unmarshal([]byte(r.Contents[0].Text), &schema)
		for _, f := range k.Fields {
			if schema.Properties[f.Name] == nil {
				t.Errorf("%s has no field %s", uri, f.Name)
			}
		}
	}
	if _, m := read(t, tools.KindsURI+"/nosuchkind"); m == nil {
		t.Errorf("qr://kinds/nosuchkind reads")
	}

	r, _ = read(t, tools.PresetsURI)
	var looks []struct {
		Name   string            `json:"name"`
		Params map[string]string `json:"params"`
	}
	json.Unmarshal([]byte(r.Contents[0].Text), &looks)
	if len(looks) != len(params.Presets) {
		t.Errorf("qr://presets lists %d presets, the registry has %d", len(looks), len(params.Presets))
	}
	for i, l := range looks {
		if i < len(params.Presets) && (l.Name != params.Presets[i].Name || len(l.Params) == 0) {
			t.Errorf("qr://presets entry %d: %s with %d parameters, want %s", i, l.Name, len(l.Params), params.Presets[i].Name)
		}
	}

	r, _ = read(t, tools.ParametersURI)
	var ref struct {
		Rendering struct {
			Parameters map[string]any `json:"parameters"`
		} `json:"rendering"`
		Size  map[string]any `json:"qr_size_recommend"`
		Batch struct {
			Sheet struct {
				Properties map[string]any `json:"properties"`
			} `json:"sheet"`
		} `json:"qr_batch"`
	}
	json.Unmarshal([]byte(r.Contents[0].Text), &ref)
	for _, p := range params.Shared {
		if ref.Rendering.Parameters[p.Name] == nil {
			t.Errorf("qr://parameters does not describe %s", p.Name)
		}
	}
	for _, p := range size.Params() {
		if ref.Size[p.Name] == nil {
			t.Errorf("qr://parameters does not describe qr_size_recommend's %s", p.Name)
		}
	}
	if len(ref.Batch.Sheet.Properties) < 10 {
		t.Errorf("qr://parameters describes %d sheet parameters", len(ref.Batch.Sheet.Properties))
	}
}

// TestTheViewIsDeclared: the generation tools and qr_inspect name the
// view, which is served as an MCP App's HTML.
func TestTheViewIsDeclared(t *testing.T) {
	var list struct {
		Tools []struct {
			Name string `json:"name"`
			Meta struct {
				UI struct {
					ResourceURI string `json:"resourceUri"`
				} `json:"ui"`
			} `json:"_meta"`
		} `json:"tools"`
	}
	json.Unmarshal(rpc(t, "tools/list", map[string]any{}).Result, &list)
	for _, tool := range list.Tools {
		want := ""
		if tool.Name == "qr_generate" || tool.Name == "qr_generate_typed" || tool.Name == "qr_inspect" {
			want = tools.ViewURI
		}
		if tool.Meta.UI.ResourceURI != want {
			t.Errorf("%s: _meta.ui.resourceUri %q, want %q", tool.Name, tool.Meta.UI.ResourceURI, want)
		}
	}
	r, _ := read(t, tools.ViewURI)
	c := r.Contents[0]
	if c.MIMEType != tools.ViewMIMEType || !strings.HasPrefix(c.Text, "<!doctype html>") || c.Meta["ui"] == nil {
		t.Errorf("the view: %s, %.40q, _meta %v", c.MIMEType, c.Text, c.Meta)
	}
}

type summary struct {
	tools.Summary
	Args map[string]any `json:"args"`
}

func summaryOf(t *testing.T, r result) summary {
	t.Helper()
	var s summary
	if r.IsError || json.Unmarshal(r.Structured, &s) != nil {
		t.Fatalf("no summary: %+v", r)
	}
	return s
}

// TestTheSummarySaysWhatWasDrawn: the structured content of a generation
// tells the code's version, level, text and URLs; verify adds the
// verdict; a secret is in none of it, and the sealed value in its place
// redraws the same code.
func TestTheSummarySaysWhatWasDrawn(t *testing.T) {
	s := summaryOf(t, callTool(t, "qr_generate", map[string]any{"data": "hello", "size": 256}))
	if s.Symbol != "qr" || s.Version != "1" || s.Level != "M" || s.Text != "hello" || s.URL != "http://qr.test/api/v1/qr?data=hello&size=256" ||
		s.Editor != "http://qr.test/?data=hello&size=256" || s.Scannable != nil || s.Args["size"] != "256" {
		t.Errorf("qr_generate: %+v", s)
	}
	s = summaryOf(t, callTool(t, "qr_generate", map[string]any{"data": "hello", "verify": true, "color": "777777"}))
	if s.Scannable == nil || s.Contrast < 4 || s.Contrast > 5 {
		t.Errorf("qr_generate with verify: %+v", s)
	}

	const password = "hunter2hunter2"
	args := map[string]any{"type": "wifi", "fields": map[string]any{"ssid": "Home", "password": password}, "style": "dot"}
	r := callTool(t, "qr_generate_typed", args)
	s = summaryOf(t, r)
	if strings.Contains(string(r.Structured), "hunter2") || s.Sealed == "" || s.Text != "WIFI:T:WPA;S:Home;P:<secret>;;" ||
		!strings.HasPrefix(s.Editor, "http://qr.test/wifi?") || strings.Contains(s.Editor, "password") {
		t.Errorf("qr_generate_typed wifi: %s", r.Structured)
	}
	// The view's redraw: the arguments it was given back, in another
	// colour, with sealed for the password.
	redraw := s.Args
	redraw["sealed"], redraw["color"] = s.Sealed, "1a237e"
	again := callTool(t, "qr_generate_typed", redraw)
	png, _ := base64.StdEncoding.DecodeString(again.Content[0].Data)
	if got, err := readback.Text(png); got != "WIFI:T:WPA;S:Home;P:"+password+";;" {
		t.Errorf("the redraw reads %q (%v): %+v", got, err, again)
	}
	args["color"] = "1a237e"
	if first := callTool(t, "qr_generate_typed", args); first.Content[0].Data != again.Content[0].Data {
		t.Errorf("the redraw with sealed draws another code than the call with the password")
	}
	for _, bad := range []any{s.Sealed[:len(s.Sealed)-3], "", 42} {
		redraw["sealed"] = bad
		r := callTool(t, "qr_generate_typed", redraw)
		if !r.IsError || !strings.Contains(r.Content[0].Text, `"field":"sealed"`) {
			t.Errorf("sealed %v: %+v", bad, r)
		}
	}
	redraw["sealed"], redraw["type"] = s.Sealed, "otp"
	if r := callTool(t, "qr_generate_typed", redraw); !r.IsError {
		t.Errorf("a wifi password sealed opens for otp: %+v", r)
	}
}
