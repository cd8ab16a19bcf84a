package api

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// classCases are requests and the fair-use class each counts against.
var classCases = func() []struct{ method, target, mcpMethod, body, class string } {
	call := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"qr_generate","arguments":{"data":"x"}}}`
	list := `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`
	long := `{"jsonrpc":"2.0","id":1,"params":{"name":"qr_decode","arguments":{"image":"` + strings.Repeat("A", 5000) + `"}},"method":"tools/call"}`
	return []struct{ method, target, mcpMethod, body, class string }{
		{"POST", "/api/v1/decode", "", "", "decode"},
		{"POST", "/api/v1/inspect", "", "", "decode"},
		{"POST", "/api/v1/inspect?overlay=1", "", "", "decode"},
		{"GET", "/api/v1/inspect", "", "", "render"}, // a 405
		{"POST", "/api/v1/qr/batch", "", "", "batch"},
		{"POST", "/api/mcp", "", call, "mcp"},
		{"POST", "/api/mcp", "tools/call", call, "mcp"},
		{"POST", "/api/mcp", "", long, "mcp"}, // not read to its end
		{"POST", "/api/mcp", "", list, "render"},
		{"POST", "/api/mcp", "tools/list", list, "render"},
		{"POST", "/api/mcp", "", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`, "render"},
		{"GET", "/api/v1/verify?data=x", "", "", "verify"},
		{"GET", "/api/v1/qr?data=x&verify=1", "", "", "verify"},
		{"GET", "/api/v1/qr?data=x&verify=TRUE", "", "", "verify"},
		{"GET", "/api/v1/qr?data=x&verify=%20On%20", "", "", "verify"},
		{"GET", "/api/v1/qr?data=x&verify=yes", "", "", "verify"},
		{"HEAD", "/api/v1/verify?data=x", "", "", "verify"},
		{"GET", "/api/v1/qr?data=x&verify=0", "", "", "render"},
		{"GET", "/api/v1/qr?data=x&verify=off", "", "", "render"},
		{"GET", "/api/v1/qr?data=x&verify=maybe", "", "", "render"},
		{"GET", "/q/hello.png", "", "", "render"},
		{"GET", "/api/v1/wifi?ssid=x", "", "", "render"},
		{"GET", "/api/v1/decode", "", "", "render"}, // a 405, as cheap as a render
		// The peers' paths: goQR's read is a decode, the rest are renders.
		{"POST", "/v1/read-qr-code/", "", "", "decode"},
		{"GET", "/v1/create-qr-code/?data=x", "", "", "render"},
		{"GET", "/qr?text=x", "", "", "render"},
		{"GET", "/chart?cht=qr&chs=100x100&chl=x", "", "", "render"},
	}
}()

func TestClassOf(t *testing.T) {
	for _, tt := range classCases {
		r := httptest.NewRequest(tt.method, tt.target, strings.NewReader(tt.body))
		if tt.mcpMethod != "" {
			r.Header.Set("Mcp-Method", tt.mcpMethod)
		}
		head := peek(r)
		if got := classOf(r, head).Class; got != tt.class {
			t.Errorf("%s %s %.40s: class %s, want %s", tt.method, tt.target, tt.body, got, tt.class)
		}
		if rest, _ := io.ReadAll(r.Body); string(rest) != tt.body {
			t.Errorf("%s %s: the handler would read %d bytes of a %d-byte body", tt.method, tt.target, len(rest), len(tt.body))
		}
	}
}

// A client gets each class's limit per window, then 429s with a
// Retry-After to the window's end, then its limit again; another client,
// and this machine, are not held back by it.
func TestFairUse(t *testing.T) {
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	lm := &limiter{now: func() time.Time { return now }}
	req := func(from, target string, header ...string) *http.Request {
		r := httptest.NewRequest("POST", target, nil)
		r.RemoteAddr = from + ":4000"
		if len(header) == 2 {
			r.Header.Set(header[0], header[1])
		}
		return r
	}
	allow := func(r *http.Request) (Limit, bool, int) { return lm.allow(r, nil) }
	decode := Limits[0]
	for i := range decode.Requests {
		if _, ok, _ := allow(req("203.0.113.9", "/api/v1/decode")); !ok {
			t.Fatalf("request %d of %d refused", i+1, decode.Requests)
		}
	}
	now = now.Add(3 * time.Second)
	l, ok, retry := allow(req("203.0.113.9", "/api/v1/decode"))
	if ok || l.Class != "decode" || retry != decode.Period-3 {
		t.Fatalf("over the limit: ok %v, class %s, retry %d; want a refusal for %d s", ok, l.Class, retry, decode.Period-3)
	}
	if _, ok, _ := allow(req("203.0.113.9", "/v1/read-qr-code/")); ok {
		t.Error("goQR's read-qr-code was not counted with the decodes it is")
	}
	if _, ok, _ := allow(req("203.0.113.10", "/api/v1/decode")); !ok {
		t.Error("another client was refused")
	}
	if _, ok, _ := allow(req("203.0.113.9", "/api/v1/qr/batch")); !ok {
		t.Error("another class was refused")
	}
	for range 2 * decode.Requests {
		if _, ok, _ := allow(req("127.0.0.1", "/api/v1/decode")); !ok {
			t.Fatal("this machine was refused")
		}
	}
	if _, ok, _ := allow(req("127.0.0.1", "/api/v1/decode", "X-Forwarded-For", "203.0.113.9, 10.0.0.1")); ok {
		t.Error("a client behind a local proxy was not counted")
	}
	if _, ok, _ := allow(req("198.51.100.1", "/api/v1/decode", "X-Forwarded-For", "127.0.0.1")); !ok {
		t.Error("a remote client was refused; its X-Forwarded-For must not be trusted, and it has made no request")
	}
	now = now.Add(time.Duration(decode.Period) * time.Second)
	if _, ok, _ := allow(req("203.0.113.9", "/api/v1/decode")); !ok {
		t.Error("the client is still refused after the window")
	}
}

// The 429 through the handler: a problem document with Retry-After,
// under the policy of every API answer, though the API's handler never
// saw the request.
func TestFairUseAnswers429(t *testing.T) {
	h := FairUse(New(Config{}))
	var last *httptest.ResponseRecorder
	for range Limits[1].Requests + 1 {
		r := httptest.NewRequest("POST", "/api/v1/qr/batch", nil)
		last = httptest.NewRecorder()
		h.ServeHTTP(last, r)
	}
	if last.Code != 429 || last.Header().Get("Content-Type") != "application/problem+json" {
		t.Fatalf("got %d %s", last.Code, last.Body)
	}
	if s, err := strconv.Atoi(last.Header().Get("Retry-After")); err != nil || s < 1 || s > Limits[1].Period {
		t.Errorf("Retry-After %q", last.Header().Get("Retry-After"))
	}
	if !strings.Contains(last.Header().Get("Content-Security-Policy"), "sandbox") || last.Header().Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("a 429 without the API's policy: %v", last.Header())
	}
}

// wrangler.toml binds one Cloudflare rate limiter per class, with the
// numbers of Limits: the Worker and the native server hold clients alike.
func TestWranglerBindsTheLimits(t *testing.T) {
	toml, err := os.ReadFile("../../wrangler.toml")
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`(?s)\[\[ratelimits\]\]\s*name\s*=\s*"(\w+)"\s*namespace_id\s*=\s*"\d+"\s*\[ratelimits\.simple\]\s*limit\s*=\s*(\d+)\s*period\s*=\s*(\d+)`)
	found := map[string][2]int{}
	for _, m := range re.FindAllStringSubmatch(string(toml), -1) {
		n, _ := strconv.Atoi(m[2])
		p, _ := strconv.Atoi(m[3])
		found[m[1]] = [2]int{n, p}
	}
	for _, l := range Limits {
		if got, ok := found[l.Binding]; !ok || got != [2]int{l.Requests, l.Period} {
			t.Errorf("wrangler.toml binds %s as %v, want limit %d period %d", l.Binding, got, l.Requests, l.Period)
		}
	}
	bindings := map[string]bool{}
	for _, l := range Limits {
		bindings[l.Binding] = true
	}
	if len(found) != len(bindings) {
		t.Errorf("wrangler.toml has %d rate limiters, Limits %d bindings", len(found), len(bindings))
	}
}

// The Worker's entry counts requests before Go sees them, with its own
// classOf (worker/front.mjs) over the table Go gives it (Limit.Fields):
// run in Node on the same requests, it must pick Go's class for each.
func TestFrontClassOf(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: the Worker's entry is JavaScript")
	}
	front, err := filepath.Abs("../front.mjs")
	if err != nil {
		t.Fatal(err)
	}
	type request struct {
		Method  string            `json:"method"`
		URL     string            `json:"url"`
		Headers map[string]string `json:"headers"`
		Body    string            `json:"body,omitempty"`
	}
	var in struct {
		Limits   []map[string]any `json:"limits"`
		Requests []request        `json:"requests"`
	}
	for _, l := range Limits {
		in.Limits = append(in.Limits, l.Fields())
	}
	for _, tt := range classCases {
		r := request{Method: tt.method, URL: "https://qr.example" + tt.target, Headers: map[string]string{}, Body: tt.body}
		if tt.mcpMethod != "" {
			r.Headers["mcp-method"] = tt.mcpMethod
		}
		in.Requests = append(in.Requests, r)
	}
	stdin, _ := json.Marshal(in)
	script := `import { classOf } from ` + strconv.Quote("file://"+front) + `;
const chunks = []; for await (const c of process.stdin) chunks.push(c);
const { limits, requests } = JSON.parse(Buffer.concat(chunks));
const out = [];
for (const r of requests) out.push((await classOf(new Request(r.url, { method: r.method, headers: r.headers, body: r.body || undefined }), limits)).class);
console.log(JSON.stringify(out));`
	cmd := exec.Command(node, "--input-type=module", "-e", script)
	cmd.Stdin = bytes.NewReader(stdin)
	cmd.Stderr = os.Stderr
	got, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var classes []string
	if err := json.Unmarshal(got, &classes); err != nil || len(classes) != len(classCases) {
		t.Fatalf("node answered %q (%v)", got, err)
	}
	for i, tt := range classCases {
		if classes[i] != tt.class {
			t.Errorf("front.mjs: %s %s %.40s: class %s, Go's %s", tt.method, tt.target, tt.body, classes[i], tt.class)
		}
	}
}
