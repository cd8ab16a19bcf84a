package mcp_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"testing"

	"qrkeyless/core/batch"
	"qrkeyless/core/params"
	"qrkeyless/core/problem"
	"qrkeyless/core/scan"
	"qrkeyless/internal/hostile"
	"qrkeyless/internal/jsonschema"
	"qrkeyless/internal/readback"
	"qrkeyless/worker/api"
	"qrkeyless/worker/edge"
	"qrkeyless/worker/mcp"
)

// service is the whole API, as served: /api/mcp and the REST routes its
// results point at.
var service = api.New(api.Config{})

type message struct {
	ID     any             `json:"id"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// post sends body to h as a JSON-RPC POST and returns the recorded answer.
func post(h http.Handler, body, accept string) *httptest.ResponseRecorder {
	r := httptest.NewRequest("POST", "http://qr.test/api/mcp", strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Accept", accept)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

func rpc(t *testing.T, method string, params any) message {
	t.Helper()
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
	w := post(service, string(b), "application/json, text/event-stream")
	var m message
	if err := json.Unmarshal(w.Body.Bytes(), &m); err != nil {
		t.Fatalf("%s: %d %q: %v", method, w.Code, w.Body, err)
	}
	return m
}

type content struct {
	Type     string `json:"type"`
	Text     string `json:"text"`
	Data     string `json:"data"`
	MIMEType string `json:"mimeType"`
	Resource struct {
		MIMEType string `json:"mimeType"`
		Blob     string `json:"blob"`
	} `json:"resource"`
}

type result struct {
	Content    []content       `json:"content"`
	Structured json.RawMessage `json:"structuredContent"`
	IsError    bool            `json:"isError"`
}

func callTool(t *testing.T, name string, args any) result {
	t.Helper()
	m := rpc(t, "tools/call", map[string]any{"name": name, "arguments": args})
	if m.Error != nil {
		t.Fatalf("%s: JSON-RPC error %d %s", name, m.Error.Code, m.Error.Message)
	}
	var r result
	if err := json.Unmarshal(m.Result, &r); err != nil {
		t.Fatal(err)
	}
	return r
}

func get(t *testing.T, url string) []byte {
	t.Helper()
	w := httptest.NewRecorder()
	service.ServeHTTP(w, httptest.NewRequest("GET", url, nil))
	if w.Code != 200 {
		t.Fatalf("GET %s: %d %s", url, w.Code, w.Body)
	}
	return w.Body.Bytes()
}

func TestToolsAreListedWithSchemasFromTheTables(t *testing.T) {
	var list struct {
		Tools []struct {
			Name        string `json:"name"`
			InputSchema struct {
				Properties map[string]struct {
					Enum []string `json:"enum"`
				} `json:"properties"`
				Required []string `json:"required"`
			} `json:"inputSchema"`
			OutputSchema *json.RawMessage `json:"outputSchema"`
			Annotations  map[string]any   `json:"annotations"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(rpc(t, "tools/list", nil).Result, &list); err != nil {
		t.Fatal(err)
	}
	want := map[string]struct {
		required []string
		enums    map[string][]string
		output   bool
	}{
		"qr_generate":       {[]string{"data"}, map[string][]string{"style": params.Style.Enum(), "format": params.Format.Enum()}, true},
		"qr_generate_typed": {[]string{"type", "fields"}, map[string][]string{"eye": params.Eye.Enum()}, true},
		"qr_decode":         {[]string{"image"}, nil, true},
		"qr_inspect":        {[]string{"image"}, nil, true},
		"qr_verify":         {[]string{"data"}, map[string][]string{"ec": {"L", "M", "Q", "H"}}, true},
		"qr_batch":          {[]string{"items"}, map[string][]string{"output": batch.Outputs}, true},
		"qr_size_recommend": {nil, map[string][]string{"medium": {"business-card", "flyer", "poster", "billboard", "screen"}}, true},
	}
	if len(list.Tools) != len(want) {
		t.Errorf("%d tools, want %d", len(list.Tools), len(want))
	}
	for _, tool := range list.Tools {
		w, ok := want[tool.Name]
		if !ok {
			t.Errorf("unexpected tool %s", tool.Name)
			continue
		}
		if !slices.Equal(tool.InputSchema.Required, w.required) {
			t.Errorf("%s requires %v, want %v", tool.Name, tool.InputSchema.Required, w.required)
		}
		for prop, enum := range w.enums {
			if got := tool.InputSchema.Properties[prop].Enum; !slices.Equal(got, enum) {
				t.Errorf("%s.%s enum %v, want %v", tool.Name, prop, got, enum)
			}
		}
		if (tool.OutputSchema != nil) != w.output {
			t.Errorf("%s has output schema: %v, want %v", tool.Name, tool.OutputSchema != nil, w.output)
		}
		for hint, v := range map[string]bool{"readOnlyHint": true, "destructiveHint": false, "idempotentHint": true, "openWorldHint": false} {
			if tool.Annotations[hint] != v {
				t.Errorf("%s %s = %v, want %v", tool.Name, hint, tool.Annotations[hint], v)
			}
		}
	}
}

func TestImagesDecodeAndTheirURLsRenderTheSameBytes(t *testing.T) {
	for _, tc := range []struct {
		tool string
		args map[string]any
		text string // what the code must read as
	}{
		{"qr_generate", map[string]any{"data": "https://example.com/a b?c=d&e", "size": 256, "style": "rounded"}, "https://example.com/a b?c=d&e"},
		{"qr_generate", map[string]any{"data": "hello", "format": "svg"}, "hello"},
		// docs/payloads.md §2.3: an open network.
		{"qr_generate_typed", map[string]any{"type": "wifi", "fields": map[string]any{"ssid": "Guest", "security": "nopass"}}, "WIFI:T:nopass;S:Guest;;"},
		// docs/payloads.md §2.8: a phone number is tel:<number>.
		{"qr_generate_typed", map[string]any{"type": "phone", "fields": map[string]any{"number": "+15551234567"}, "color": "1a237e"}, "tel:+15551234567"},
	} {
		r := callTool(t, tc.tool, tc.args)
		if r.IsError || len(r.Content) < 2 || r.Content[0].Type != "image" || r.Content[0].MIMEType != "image/png" {
			t.Errorf("%s %v: want an image and a URL, got %+v", tc.tool, tc.args, r)
			continue
		}
		png, err := base64.StdEncoding.DecodeString(r.Content[0].Data)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := readback.Text(png); got != tc.text {
			t.Errorf("%s %v reads %q (%v), want %q", tc.tool, tc.args, got, err, tc.text)
		}
		url, ok := strings.CutPrefix(r.Content[1].Text, "http://qr.test/")
		if !ok {
			t.Errorf("%s: the URL %q is not absolute on the request's host", tc.tool, r.Content[1].Text)
			continue
		}
		body := get(t, "/"+url)
		if format, _ := tc.args["format"].(string); format != "" {
			if len(r.Content) != 3 || r.Content[2].Text != string(body) {
				t.Errorf("%s %v: the %s part is not what its URL answers", tc.tool, tc.args, format)
			}
		} else if !bytes.Equal(body, png) {
			t.Errorf("%s %v: %s renders other bytes than the image", tc.tool, tc.args, url)
		}
	}
}

func TestSecretsStayOutOfTheURL(t *testing.T) {
	r := callTool(t, "qr_generate_typed", map[string]any{"type": "wifi", "fields": map[string]any{"ssid": "Home", "password": "hunter2hunter2"}})
	png, _ := base64.StdEncoding.DecodeString(r.Content[0].Data)
	if got, _ := readback.Text(png); !strings.Contains(got, "P:hunter2hunter2;") {
		t.Errorf("the code reads %q, without the password", got)
	}
	if strings.Contains(r.Content[1].Text, "hunter2") {
		t.Errorf("the password is in the text: %s", r.Content[1].Text)
	}
}

// No tool result repeats a secret: not a typed call under any spelling of
// the secret field, not a wifi string given as data, not a batch item.
func TestNoResultRepeatsASecret(t *testing.T) {
	const pw = "Hunter2Hunter2!"
	wifi := "WIFI:T:WPA;S:Home;P:" + pw + ";;"
	calls := []struct {
		tool string
		args map[string]any
	}{
		{"qr_generate", map[string]any{"data": wifi}},
		{"qr_generate", map[string]any{"data": wifi, "color": "red"}},
		{"qr_generate", map[string]any{"data": wifi, "format": "svg"}},
		{"qr_verify", map[string]any{"data": wifi, "color": "red"}},
		{"qr_size_recommend", map[string]any{"data": wifi, "medium": "poster"}},
		{"qr_batch", map[string]any{"items": []any{map[string]any{"data": wifi}, map[string]any{"type": "wifi", "fields": map[string]any{"ssid": "x", "passwrd": pw}}}}},
		{"qr_batch", map[string]any{"output": "zip", "items": []any{map[string]any{"type": "wifi", "fields": map[string]any{"ssid": "x", "password": pw, "colour": "red"}}}}},
	}
	for _, name := range []string{"password", "Password", "PASSWORD", "passwrd", "passwd", "pass_word", "pwd"} {
		calls = append(calls,
			struct {
				tool string
				args map[string]any
			}{"qr_generate_typed", map[string]any{"type": "wifi", "fields": map[string]any{"ssid": "Home", name: pw}, "colour": "red"}},
			struct {
				tool string
				args map[string]any
			}{"qr_generate_typed", map[string]any{"type": "wif", "fields": map[string]any{"ssid": "Home", name: pw}}},
			struct {
				tool string
				args map[string]any
			}{"qr_generate_typed", map[string]any{"type": "wifi", "fields": map[string]any{"ssid": "Home", name: pw}}})
	}
	for _, c := range calls {
		m := rpc(t, "tools/call", map[string]any{"name": c.tool, "arguments": c.args})
		raw := string(m.Result)
		if zip := strings.Index(raw, `"blob"`); zip >= 0 {
			raw = raw[:zip] // the zip's PNGs hold the code itself, which must carry the password
		}
		for _, form := range []string{pw, "Hunter2Hunter2", "Hunter2Hunter2%21"} {
			if strings.Contains(raw, form) {
				t.Errorf("%s %v: the result repeats the secret: %.300s", c.tool, c.args, raw)
				break
			}
		}
	}
}

func TestBadArgumentsAreToolErrorsWithProblems(t *testing.T) {
	for _, tc := range []struct {
		tool   string
		args   any
		status int
		field  string
	}{
		{"qr_generate", map[string]any{"data": "hi", "color": "red"}, 400, "color"},
		{"qr_generate", map[string]any{}, 400, "data"},
		{"qr_generate", map[string]any{"data": "hi", "margin": 11}, 400, "margin"},
		{"qr_generate", map[string]any{"data": "hi", "size": []any{1}}, 400, "size"},
		{"qr_generate", []any{"hi"}, 400, ""},
		{"qr_generate", map[string]any{"data": strings.Repeat("9", 8000)}, 400, "data"},
		{"qr_generate_typed", map[string]any{"type": "wfi", "fields": map[string]any{}}, 400, "type"},
		{"qr_generate_typed", map[string]any{"type": "wifi", "fields": "ssid=Home"}, 400, "fields"},
		{"qr_generate_typed", map[string]any{"type": "event", "fields": map[string]any{"title": "Launch", "start": "tomorrow"}}, 400, "start"},
		{"qr_decode", map[string]any{"image": "aGVsbG8="}, 415, "image"},
		{"qr_decode", map[string]any{"image": "data:image/png,rawbytes"}, 400, "image"},
		{"qr_verify", map[string]any{"data": "hi", "ec": "X"}, 400, "ec"},
		{"qr_batch", map[string]any{"items": []any{}}, 400, "items"},
		{"qr_batch", map[string]any{"items": make([]any, batch.MaxItems+1)}, 413, "items"},
		{"qr_size_recommend", map[string]any{"data": "hi", "distance_m": 500}, 400, "distance_m"},
		{"qr_size_recommend", map[string]any{"length": "many", "medium": "flyer"}, 400, "length"},
	} {
		r := callTool(t, tc.tool, tc.args)
		var p struct {
			Status             int
			Field, Detail, Fix string
		}
		if !r.IsError || len(r.Content) != 1 || json.Unmarshal([]byte(r.Content[0].Text), &p) != nil {
			t.Errorf("%s %.80v: want an error result with a problem document, got %+v", tc.tool, tc.args, r)
			continue
		}
		if p.Status != tc.status || p.Field != tc.field || p.Detail == "" || p.Fix == "" {
			t.Errorf("%s %.80v: problem %+v, want status %d field %q", tc.tool, tc.args, p, tc.status, tc.field)
		}
	}
}

func TestDecodeReadsWhatGenerateWrote(t *testing.T) {
	png := get(t, "/api/v1/qr?data=MECARD%3AN%3ADoe%2CJane%3BTEL%3A%2B15551234567%3B%3B&size=300")
	for _, image := range []string{
		base64.StdEncoding.EncodeToString(png),
		"data:image/png;base64," + base64.StdEncoding.EncodeToString(png),
		base64.RawURLEncoding.EncodeToString(png),
	} {
		r := callTool(t, "qr_decode", map[string]any{"image": image})
		var out struct {
			Count   int
			Results []struct {
				Text, Kind string
				Fields     map[string]string
				Points     [][2]float64
			}
		}
		if r.IsError || json.Unmarshal(r.Structured, &out) != nil || out.Count != 1 {
			t.Fatalf("qr_decode: %+v", r)
		}
		c := out.Results[0]
		if c.Text != "MECARD:N:Doe,Jane;TEL:+15551234567;;" || c.Kind != "mecard" || c.Fields["ln"] != "Doe" || len(c.Points) != 4 {
			t.Errorf("qr_decode: %+v", c)
		}
	}
}

// qr_inspect grades what qr_generate drew, with the overlay as image
// content, and says what to fix in a code with a thin quiet zone.
func TestInspectGradesWhatGenerateWrote(t *testing.T) {
	png := get(t, "/api/v1/qr?data=https%3A%2F%2Fexample.com&size=300&margin=1")
	r := callTool(t, "qr_inspect", map[string]any{"image": base64.StdEncoding.EncodeToString(png)})
	var out struct {
		Count int
		Codes []struct {
			Text      string
			Letter    string
			QuietZone map[string]int `json:"quiet_zone"`
			Causes    []struct{ Parameter, Fix string }
		}
		Overlay string
	}
	if r.IsError || json.Unmarshal(r.Structured, &out) != nil || out.Count != 1 || out.Codes[0].Text != "https://example.com" {
		t.Fatalf("qr_inspect: %+v", r)
	}
	if out.Codes[0].QuietZone["top"] != 1 || len(out.Codes[0].Causes) == 0 || !strings.Contains(out.Codes[0].Causes[0].Fix, "margin=4") {
		t.Errorf("qr_inspect: %+v", out.Codes[0])
	}
	if len(r.Content) != 2 || r.Content[1].Type != "image" || r.Content[1].MIMEType != "image/png" || out.Overlay != "" {
		t.Errorf("qr_inspect: the overlay should be image content only: %d parts", len(r.Content))
	}
	r = callTool(t, "qr_inspect", map[string]any{"image": base64.StdEncoding.EncodeToString(png), "overlay": false})
	if len(r.Content) != 1 {
		t.Errorf("overlay false: %d parts", len(r.Content))
	}
	r = callTool(t, "qr_inspect", map[string]any{"image": "aGVsbG8="})
	if !r.IsError || !strings.Contains(r.Content[0].Text, `"status":415`) {
		t.Errorf("qr_inspect of text: %+v", r)
	}
}

func TestBatchZipIsAnEmbeddedResource(t *testing.T) {
	r := callTool(t, "qr_batch", map[string]any{"output": "zip", "items": []any{map[string]any{"id": "a", "data": "one"}}})
	if len(r.Content) != 2 || r.Content[1].Type != "resource" || r.Content[1].Resource.MIMEType != "application/zip" {
		t.Fatalf("qr_batch zip: %+v", r)
	}
	zip, _ := base64.StdEncoding.DecodeString(r.Content[1].Resource.Blob)
	if !bytes.HasPrefix(zip, []byte("PK\x03\x04")) {
		t.Errorf("the resource is not a zip: %q", zip[:min(len(zip), 8)])
	}
}

func TestMalformedJSONRPCGetsItsErrorCode(t *testing.T) {
	for _, tc := range []struct {
		body string
		code int
	}{
		{`{"jsonrpc":"2.0","id":1,"method":`, -32700},
		{``, -32700},
		{`[{"jsonrpc":"2.0","id":1,"method":"ping"}]`, -32600},
		{`"ping"`, -32600},
		{`{"id":1,"method":"ping"}`, -32600},
		{`{"jsonrpc":"2.0","id":[1],"method":"ping"}`, -32600},
		{`{"jsonrpc":"2.0","id":null,"method":"ping"}`, -32600},
		{`{"jsonrpc":"2.0","id":1,"method":true}`, -32600},
		{`{"jsonrpc":"2.0","id":1}`, -32600},
		{`{"jsonrpc":"1.0","id":"` + strings.Repeat("x", 300) + `","method":"ping"}`, -32600},
		{`{"jsonrpc":"2.0","id":1,"method":"resources/nope"}`, -32601},
		{`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"nope"}}`, -32602},
		{`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":["qr_generate"]}}`, -32602},
		{`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":"all"}`, -32602},
	} {
		w := post(service, tc.body, "application/json")
		var m message
		if err := json.Unmarshal(w.Body.Bytes(), &m); err != nil || m.Error == nil || m.Error.Code != tc.code {
			t.Errorf("%s: %d %s, want error %d", tc.body, w.Code, w.Body, tc.code)
		}
	}
}

func TestAnswersJSONOrAStreamAsAccepted(t *testing.T) {
	ping := `{"jsonrpc":"2.0","id":7,"method":"ping"}`
	for _, tc := range []struct{ accept, contentType string }{
		{"application/json, text/event-stream", "application/json"},
		{"", "application/json"},
		{"text/event-stream", "text/event-stream"},
		{"text/event-stream, application/json;q=0", "text/event-stream"},
	} {
		w := post(service, ping, tc.accept)
		body := w.Body.String()
		if ct := w.Header().Get("Content-Type"); w.Code != 200 || !strings.HasPrefix(ct, tc.contentType) {
			t.Errorf("Accept %q: %d %s, want %s", tc.accept, w.Code, ct, tc.contentType)
		}
		if tc.contentType == "text/event-stream" {
			body = strings.TrimSpace(strings.TrimPrefix(body, "event: message\ndata: "))
		}
		var m message
		if json.Unmarshal([]byte(body), &m) != nil || m.ID != float64(7) || m.Result == nil {
			t.Errorf("Accept %q: %q is not the ping's answer", tc.accept, w.Body)
		}
	}
}

func TestTransportRefusals(t *testing.T) {
	for _, tc := range []struct {
		method, contentType string
		body                io.Reader
		status              int
	}{
		{"GET", "", nil, 405},
		{"DELETE", "", nil, 405},
		{"POST", "text/plain", strings.NewReader("{}"), 415},
		// Over the limit, with no id before the image: nothing to answer
		// as JSON-RPC.
		{"POST", "application/json", io.MultiReader(strings.NewReader(`{"jsonrpc":"2.0","method":"tools/call","params":{"name":"qr_decode","arguments":{"image":"`),
			strings.NewReader(strings.Repeat("A", 23<<20)), strings.NewReader(`"}},"id":1}`)), 413},
	} {
		r := httptest.NewRequest(tc.method, "http://qr.test/api/mcp", tc.body)
		r.Header.Set("Content-Type", tc.contentType)
		r.ContentLength = -1 // make the server count, as for a chunked body
		w := httptest.NewRecorder()
		service.ServeHTTP(w, r)
		var p struct{ Status int }
		if w.Code != tc.status || json.Unmarshal(w.Body.Bytes(), &p) != nil || p.Status != tc.status {
			t.Errorf("%s %s: %d %.200s, want a %d problem", tc.method, tc.contentType, w.Code, w.Body, tc.status)
		}
	}
}

// TestTooLargeIsAnErrorOfTheCall: a message over the limit whose id comes
// first (as every SDK writes it) gets a JSON-RPC error with that id and the
// problem as its data, so that the client's session goes on; a client that
// sees an HTTP 413 instead ends its session for good (the official Go SDK)
// or reads no JSON at all (mcp-go's client).
func TestTooLargeIsAnErrorOfTheCall(t *testing.T) {
	for _, chunked := range []bool{false, true} {
		head := `{"jsonrpc":"2.0","id":"big-1","method":"tools/call","params":{"name":"qr_decode","arguments":{"image":"`
		body := head + strings.Repeat("A", 23<<20) + `"}}}`
		r := httptest.NewRequest("POST", "http://qr.test/api/mcp", strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		if chunked {
			r.ContentLength = -1
		}
		w := httptest.NewRecorder()
		service.ServeHTTP(w, r)
		var m struct {
			ID    string `json:"id"`
			Error struct {
				Code int
				Data struct{ Status int }
			} `json:"error"`
		}
		if w.Code != 200 || json.Unmarshal(w.Body.Bytes(), &m) != nil || m.ID != "big-1" || m.Error.Code != -32602 || m.Error.Data.Status != 413 {
			t.Errorf("chunked %v: %d %.300s, want a JSON-RPC error for id big-1 holding a 413 problem", chunked, w.Code, w.Body)
		}
	}
}

// FuzzMessage: no body makes /api/mcp answer 5xx or panic, and every answer
// is a JSON-RPC message or a problem document.
func FuzzMessage(f *testing.F) {
	for _, s := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"qr_generate","arguments":{"data":"hi","size":"1e9"}}}`,
		`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"qr_generate_typed","arguments":{"type":"wifi","fields":{"ssid":{"a":1}}}}}`,
		`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"qr_decode","arguments":{"image":"data:;base64,===="}}}`,
		`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"qr_batch","arguments":{"items":[{"type":"otp"}],"style":{"size":null}}}}`,
		`{"jsonrpc":"2.0","id":"x","method":"tools/call","params":{"name":"qr_size_recommend","arguments":{"length":-1,"dpi":1e300}}}`,
		`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}`,
		`{"jsonrpc":"2.0","id":1,"result":{}}`, `[]`, `{`, `null`,
	} {
		f.Add(s)
	}
	h := mcp.New(scan.Limits{}, "")
	f.Fuzz(func(t *testing.T, body string) {
		w := post(h, body, "application/json, text/event-stream")
		if w.Code >= 500 {
			t.Fatalf("%q: %d %s", body, w.Code, w.Body)
		}
		if w.Code == http.StatusAccepted {
			return
		}
		var m struct {
			JSONRPC string
			Fix     string
		}
		if err := json.Unmarshal(w.Body.Bytes(), &m); err != nil || m.JSONRPC != "2.0" && m.Fix == "" {
			t.Fatalf("%q: %d %q is neither JSON-RPC nor a problem", body, w.Code, w.Body)
		}
	})
}

// conforms lists where v breaks schema, for the part of JSON Schema the
// output schemas use (type, properties, required, additionalProperties,
// items, minItems, maxItems, enum). A client such as the official SDK
// rejects a result that breaks its tool's output schema.
func conforms(schema map[string]any, v any, at string) []string {
	var bad []string
	fail := func(format string, args ...any) { bad = append(bad, at+": "+fmt.Sprintf(format, args...)) }
	if enum, ok := schema["enum"].([]any); ok && !slices.Contains(enum, v) {
		fail("%v is not one of %v", v, enum)
	}
	switch schema["type"] {
	case "object":
		m, ok := v.(map[string]any)
		if !ok {
			fail("%v is not an object", v)
			break
		}
		for _, r := range anySlice(schema["required"]) {
			if _, ok := m[r.(string)]; !ok {
				fail("%s is missing", r)
			}
		}
		props, _ := schema["properties"].(map[string]any)
		for k, x := range m {
			if ps, ok := props[k].(map[string]any); ok {
				bad = append(bad, conforms(ps, x, at+"."+k)...)
			} else if as, ok := schema["additionalProperties"].(map[string]any); ok {
				bad = append(bad, conforms(as, x, at+"."+k)...)
			}
		}
	case "array":
		a, ok := v.([]any)
		if !ok {
			fail("%v is not an array", v)
			break
		}
		if n, ok := schema["minItems"].(float64); ok && float64(len(a)) < n {
			fail("%d items, fewer than %v", len(a), n)
		}
		if n, ok := schema["maxItems"].(float64); ok && float64(len(a)) > n {
			fail("%d items, more than %v", len(a), n)
		}
		for i, x := range a {
			if is, ok := schema["items"].(map[string]any); ok {
				bad = append(bad, conforms(is, x, fmt.Sprintf("%s[%d]", at, i))...)
			}
		}
	case "string":
		if _, ok := v.(string); !ok {
			fail("%v is not a string", v)
		}
	case "integer", "number":
		f, ok := v.(float64)
		if !ok || schema["type"] == "integer" && f != float64(int64(f)) {
			fail("%v is not an %s", v, schema["type"])
		}
	case "boolean":
		if _, ok := v.(bool); !ok {
			fail("%v is not a boolean", v)
		}
	}
	return bad
}

func anySlice(v any) []any { s, _ := v.([]any); return s }

// Every decode answer must meet qr_decode's output schema, a
// structured-append sequence (which gozxing's own join reports with no
// level, version or corners) included.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func TestDecodeAnswersMeetTheOutputSchema(t *testing.T) {
	var list struct {
		Tools []struct {
			Name         string         `json:"name"`
			OutputSchema map[string]any `json:"outputSchema"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(rpc(t, "tools/list", map[string]any{}).Result, &list); err != nil {
		t.Fatal(err)
	}
	var compact map[string]any
	for _, tool := range list.Tools {
		if tool.Name == "qr_decode" {
			compact = tool.OutputSchema
		}
	}
	// The tool's schema is compact (its members' types); the answer is
	// also held to the full schema of POST /api/v1/decode's answer.
	var schema map[string]any
	json.Unmarshal(must(json.Marshal(jsonschema.ForValue[scan.Answer]())), &schema)
	sa, err := os.ReadFile("../../core/scan/testdata/structured-append.png")
	if err != nil {
		t.Fatal(err)
	}
	webp, err := os.ReadFile("../../core/scan/testdata/code.webp")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		image []byte
		text  string
		parts int
	}{
		{"plain", get(t, "/api/v1/qr?data=hello&size=200"), "hello", 0},
		{"structured append", sa, "https://example.com", 2},
		{"webp", webp, "https://example.com/webp", 0},
	}
	for _, tt := range tests {
		r := callTool(t, "qr_decode", map[string]any{"image": base64.StdEncoding.EncodeToString(tt.image)})
		var out any
		if r.IsError || json.Unmarshal(r.Structured, &out) != nil {
			t.Fatalf("%s: %+v", tt.name, r)
		}
		for _, s := range []map[string]any{compact, schema} {
			for _, b := range conforms(s, out, "structuredContent") {
				t.Errorf("%s: %s", tt.name, b)
			}
		}
		var a scan.Answer
		json.Unmarshal(r.Structured, &a)
		if a.Count != 1 || a.Results[0].Text != tt.text || len(a.Results[0].Parts) != tt.parts {
			t.Errorf("%s: %s", tt.name, r.Structured)
		}
	}
	// The checker itself: what gozxing's join gave before must fail.
	joined := map[string]any{"count": 1.0, "results": []any{map[string]any{"text": "x", "bytes_base64": "", "version": 0.0, "symbol": "qr", "version_name": "1",
		"ec": "", "points": []any{}, "kind": "text", "fields": map[string]any{}}}}
	if len(conforms(schema, joined, "")) != 2 {
		t.Errorf("the schema accepts an empty ec or no corners: %v", conforms(schema, joined, ""))
	}
}

// FuzzToolArguments calls each tool with fuzzed arguments: nothing panics,
// every answer is JSON-RPC, and a refused call is an isError result
// holding a problem document with a fix.
func FuzzToolArguments(f *testing.F) {
	tools := []string{"qr_generate", "qr_generate_typed", "qr_decode", "qr_verify", "qr_batch", "qr_size_recommend", "qr_inspect"}
	for _, seed := range []struct {
		tool int
		args string
	}{
		{0, `{"data":"hi","size":4096,"style":"star","ec":"L"}`},
		{1, `{"type":"wifi","fields":{"ssid":"x","passwrd":"Hunter2Hunter2"}}`},
		{1, `{"type":"epc","fields":{"name":"x","iban":"DE89370400440532013001","amount":"12.345"}}`},
		{2, `{"image":"` + base64.StdEncoding.EncodeToString(hostile.FinderGrid(6)) + `"}`},
		{2, `{"image":"` + base64.StdEncoding.EncodeToString(hostile.WebP(6000, 6600)) + `"}`},
		{3, `{"data":"WIFI:T:WPA;S:x;P:Hunter2Hunter2;;","color":"red"}`},
		{4, string(hostile.Batch(5, "zip"))},
		{5, `{"length":-1,"dpi":0,"medium":"poster"}`},
		{0, strings.Repeat(`{"a":`, 100) + `1` + strings.Repeat(`}`, 100)},
	} {
		f.Add(seed.tool, seed.args)
	}
	h := mcp.New(scan.Limits{MaxPixels: 1 << 16}, "")
	f.Fuzz(func(t *testing.T, tool int, args string) {
		name := tools[(tool%len(tools)+len(tools))%len(tools)]
		body := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"` + name + `","arguments":` + args + `}}`
		w := post(h, body, "application/json")
		if w.Code >= 500 {
			t.Fatalf("%s %q: %d %s", name, args, w.Code, w.Body)
		}
		var m struct {
			JSONRPC string
			Result  *result
		}
		if err := json.Unmarshal(w.Body.Bytes(), &m); err != nil || m.JSONRPC != "2.0" {
			t.Fatalf("%s %q: %d %q is not JSON-RPC", name, args, w.Code, w.Body)
		}
		if m.Result == nil || !m.Result.IsError {
			return
		}
		var p struct {
			Status int
			Fix    string
		}
		if len(m.Result.Content) != 1 || json.Unmarshal([]byte(m.Result.Content[0].Text), &p) != nil || p.Fix == "" || p.Status < 400 || p.Status > 499 {
			t.Fatalf("%s %q: an error result without a problem: %s", name, args, w.Body)
		}
	})
}

// A print file comes back as an embedded resource with its bytes in
// base64, the same bytes GET /api/v1/qr answers; terminal text as text.
func TestGenerateForPrintAndTerminal(t *testing.T) {
	r := callTool(t, "qr_generate", map[string]any{"data": "print me", "format": "pdf", "size_mm": 30})
	if r.IsError || len(r.Content) != 3 || r.Content[2].Type != "resource" || r.Content[2].Resource.MIMEType != "application/pdf" {
		t.Fatalf("pdf: %+v", r)
	}
	pdf, err := base64.StdEncoding.DecodeString(r.Content[2].Resource.Blob)
	if err != nil || !bytes.Equal(pdf, get(t, "/api/v1/qr?data=print%20me&format=pdf&size_mm=30")) {
		t.Errorf("the tool's PDF (%v) is not the endpoint's", err)
	}
	r = callTool(t, "qr_generate", map[string]any{"data": "print me", "format": "ascii", "margin": 1})
	if r.IsError || len(r.Content) != 3 || !strings.HasPrefix(r.Content[2].Text, "  ") || !strings.Contains(r.Content[2].Text, "##############") {
		t.Errorf("ascii: %+v", r.Content)
	}
}

// On a loopback connection (go run ./worker, make dev), a foreign Host or
// Origin is a 403 problem, which stops DNS rebinding; a local one is
// served, and on any other connection any origin is.
func TestLoopbackRefusesForeignHostAndOrigin(t *testing.T) {
	loopback := &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 9900}
	public := &net.TCPAddr{IP: net.IPv4(203, 0, 113, 7), Port: 443}
	for _, tc := range []struct {
		local        net.Addr
		host, origin string
		status       int
	}{
		{loopback, "evil.example.com", "", 403},
		{loopback, "localhost:9900", "http://evil.example.com", 403},
		{loopback, "evil.example.com", "http://localhost:9900", 403},
		{loopback, "127.0.0.1:9900", "http://localhost:9900", 200},
		{loopback, "[::1]:9900", "", 200},
		{public, "evil.example.com", "http://evil.example.com", 200},
	} {
		r := httptest.NewRequest("POST", "http://"+tc.host+"/api/mcp", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
		r.Header.Set("Content-Type", "application/json")
		if tc.origin != "" {
			r.Header.Set("Origin", tc.origin)
		}
		w := httptest.NewRecorder()
		service.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), http.LocalAddrContextKey, tc.local)))
		if w.Code != tc.status || tc.status == 403 && w.Header().Get("Content-Type") != problem.ContentType {
			t.Errorf("Host %s, Origin %q on %s: %d %s %.200s, want %d", tc.host, tc.origin, tc.local, w.Code, w.Header().Get("Content-Type"), w.Body, tc.status)
		}
	}
}

// The Worker's entry first asks for the key of a 2026-07-28 tools/list
// alone, which it gets (204, nothing made) only for a request that passes
// every check; the whole answer carries the same key and an ETag, and a
// client holding that ETag gets 304.
func TestToolsListForTheEdgeCache(t *testing.T) {
	send := func(mode string, capabilities any, ifNoneMatch string) *httptest.ResponseRecorder {
		meta := map[string]any{"io.modelcontextprotocol/protocolVersion": "2026-07-28"}
		if capabilities != nil {
			meta["io.modelcontextprotocol/clientCapabilities"] = capabilities
		}
		b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": map[string]any{"_meta": meta}})
		r := httptest.NewRequest("POST", "http://qr.test/api/mcp", bytes.NewReader(b))
		r.Header.Set("Content-Type", "application/json")
		r.Header.Set("MCP-Protocol-Version", "2026-07-28")
		r.Header.Set("Mcp-Method", "tools/list")
		r.Header.Set("If-None-Match", ifNoneMatch)
		if mode != "" {
			r.Header.Set(edge.Header, mode)
		}
		w := httptest.NewRecorder()
		service.ServeHTTP(w, edge.FromEntry(r))
		return w
	}
	keyOnly := send("2", map[string]any{}, "")
	key := keyOnly.Header().Get(edge.KeyHeader)
	if keyOnly.Code != 204 || key == "" || keyOnly.Body.Len() != 0 {
		t.Fatalf("key alone: %d, key %q, %d bytes", keyOnly.Code, key, keyOnly.Body.Len())
	}
	if bad := send("2", nil, ""); bad.Code != 400 || bad.Header().Get(edge.KeyHeader) != "" {
		t.Errorf("key alone for a _meta without capabilities: %d, key %q; want the 400 and no key", bad.Code, bad.Header().Get(edge.KeyHeader))
	}
	whole := send("1", map[string]any{}, "")
	etag := whole.Header().Get("ETag")
	if whole.Code != 200 || whole.Header().Get(edge.KeyHeader) != key || etag == "" || !strings.Contains(whole.Body.String(), `"qr_generate"`) {
		t.Fatalf("whole answer: %d, key %q (want %q), ETag %q", whole.Code, whole.Header().Get(edge.KeyHeader), key, etag)
	}
	if plain := send("", map[string]any{}, ""); plain.Header().Get(edge.KeyHeader) != "" || plain.Header().Get("ETag") != etag {
		t.Errorf("not through the entry: key %q, ETag %q; want no key and ETag %s", plain.Header().Get(edge.KeyHeader), plain.Header().Get("ETag"), etag)
	}
	if held := send("", map[string]any{}, etag); held.Code != 304 {
		t.Errorf("If-None-Match %s: %d, want 304", etag, held.Code)
	}
}
