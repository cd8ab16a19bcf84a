package api

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/image/draw"

	"qrkeyless/internal/readback"
)

// free is the free plan's setting, QR_CPU_MS=10, as the Worker runs by
// default.
var free = New(Config{CPU: 10 * time.Millisecond})

// planned answers one request on the free plan.
func planned(method, target, contentType string, body []byte) *httptest.ResponseRecorder {
	w := httptest.NewRecorder()
	r := httptest.NewRequest(method, "http://qr.test"+target, bytes.NewReader(body))
	if contentType != "" {
		r.Header.Set("Content-Type", contentType)
	}
	free.ServeHTTP(w, r)
	return w
}

// planProblem is the problem of a request the plan refused: a 413 whose
// detail names the plan's CPU and whose fix offers the device and the paid
// plan, besides what fits.
func planProblem(t *testing.T, w *httptest.ResponseRecorder) (detail, fix string) {
	t.Helper()
	var p struct{ Detail, Fix string }
	if w.Code != http.StatusRequestEntityTooLarge || json.Unmarshal(w.Body.Bytes(), &p) != nil {
		t.Fatalf("status %d, want a 413 problem: %.300s", w.Code, w.Body)
	}
	if !strings.Contains(p.Detail, "10 ms of CPU a request (QR_CPU_MS)") {
		t.Errorf("the detail does not name the plan: %s", p.Detail)
	}
	if !strings.Contains(p.Fix, "own device") {
		t.Errorf("the fix does not offer the person's own device: %s", p.Fix)
	}
	return p.Detail, p.Fix
}

// callIn is the first API call a fix spells out.
var callIn = regexp.MustCompile(`/api/v1/[^ ;]+`)

// TestPlanMakeAndVerify: on the free plan a code or a verification too
// heavy for 10 ms of CPU is refused before it is made, and the call its
// fix spells out fits and gives the code of the same data.
func TestPlanMakeAndVerify(t *testing.T) {
	tests := []struct{ target, fixHas string }{
		{"/api/v1/qr?data=https://example.com&size=2048", "size="},
		{"/api/v1/qr?data=https://example.com&eye_color=cc0000", "plain code"},
		{"/api/v1/qr?data=https://example.com&fg=linear:000000,2c5364&size=300", "plain code"},
		{"/api/v1/verify?data=https://example.com&size=1024", "size="},
		{"/api/v1/qr?data=https://example.com&size=1024&verify=1", "size="},
	}
	for _, tt := range tests {
		_, fix := planProblem(t, planned("GET", tt.target, "", nil))
		if !strings.Contains(fix, tt.fixHas) {
			t.Errorf("%s: fix %q does not offer %q", tt.target, fix, tt.fixHas)
		}
		call := callIn.FindString(fix)
		if call == "" {
			t.Errorf("%s: no call in the fix %q", tt.target, fix)
			continue
		}
		w := planned("GET", call, "", nil)
		if w.Code != 200 {
			t.Errorf("%s: the fix's call %s answers %d: %.300s", tt.target, call, w.Code, w.Body)
			continue
		}
		if strings.HasPrefix(call, "/api/v1/qr") {
			if got, err := readback.Text(w.Body.Bytes()); err != nil || got != "https://example.com" {
				t.Errorf("%s: the fix's code reads %q (%v)", call, got, err)
			}
		}
	}
	// What fits is made as without a plan: the same bytes.
	for _, target := range []string{"/api/v1/qr?data=https://example.com", "/api/v1/qr?data=hi&style=rounded&eye=circle", "/api/v1/qr?data=hi&format=svg"} {
		w, unplanned := planned("GET", target, "", nil), answer(New(Config{}), "GET", target)
		if w.Code != 200 || !bytes.Equal(w.Body.Bytes(), unplanned.Body.Bytes()) {
			t.Errorf("%s on the plan: %d, %d bytes; without it %d bytes", target, w.Code, w.Body.Len(), unplanned.Body.Len())
		}
	}
}

// TestPlanDecode: a picture too large to read in 10 ms of CPU is refused
// before it is unpacked, with the size that fits; scaled to that size it
// is read.
func TestPlanDecode(t *testing.T) {
	big := answer(New(Config{}), "GET", "/api/v1/qr?data=https://example.com/plan&size=1600")
	_, fix := planProblem(t, planned("POST", "/api/v1/decode", "image/png", big.Body.Bytes()))
	m := regexp.MustCompile(`at most (\d+) x (\d+) pixels`).FindStringSubmatch(fix)
	if m == nil {
		t.Fatalf("the fix names no size: %s", fix)
	}
	side, _ := strconv.Atoi(m[1])
	img, err := png.Decode(bytes.NewReader(big.Body.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	small := image.NewGray(image.Rect(0, 0, side, side))
	draw.ApproxBiLinear.Scale(small, small.Bounds(), img, img.Bounds(), draw.Src, nil)
	var buf bytes.Buffer
	png.Encode(&buf, small)
	w := planned("POST", "/api/v1/decode", "image/png", buf.Bytes())
	if w.Code != 200 || !strings.Contains(w.Body.String(), "https://example.com/plan") {
		t.Errorf("scaled to %d px as the fix says: %d %.300s", side, w.Code, w.Body)
	}
}

// TestPlanBatch: a batch too heavy for 10 ms of CPU is refused with how
// many items fit; that many are made, and output url makes all of them.
func TestPlanBatch(t *testing.T) {
	items := make([]string, 100)
	for i := range items {
		items[i] = fmt.Sprintf(`{"data":"https://example.com/%d"}`, i)
	}
	body := func(n int, output string) []byte {
		return []byte(`{"output":"` + output + `","items":[` + strings.Join(items[:n], ",") + `]}`)
	}
	detail, fix := planProblem(t, planned("POST", "/api/v1/qr/batch", "application/json", body(100, "base64")))
	m := regexp.MustCompile(`Send at most (\d+) items per call`).FindStringSubmatch(fix)
	if m == nil || !strings.Contains(fix, `"output": "url"`) {
		t.Fatalf("the fix names no item count or url output: %s (%s)", fix, detail)
	}
	n, _ := strconv.Atoi(m[1])
	if n < 1 || n >= 100 {
		t.Fatalf("%d items fit, want between 1 and 99", n)
	}
	// url draws nothing: more items fit, as many as its own refusal says.
	urls := 100
	if w := planned("POST", "/api/v1/qr/batch", "application/json", body(100, "url")); w.Code != 200 {
		_, fix := planProblem(t, w)
		m := regexp.MustCompile(`Send at most (\d+) items per call`).FindStringSubmatch(fix)
		if m == nil {
			t.Fatalf("url output's fix names no count: %s", fix)
		}
		urls, _ = strconv.Atoi(m[1])
	}
	if urls <= n {
		t.Errorf("%d items fit as url, no more than the %d as base64", urls, n)
	}
	for _, tt := range []struct {
		n      int
		output string
	}{{n, "base64"}, {urls, "url"}} {
		w := planned("POST", "/api/v1/qr/batch", "application/json", body(tt.n, tt.output))
		var got struct {
			Items []struct {
				Data, URL string
				Error     any
			}
		}
		if w.Code != 200 || json.Unmarshal(w.Body.Bytes(), &got) != nil || len(got.Items) != tt.n {
			t.Errorf("%d items as %s: %d %.300s", tt.n, tt.output, w.Code, w.Body)
			continue
		}
		if tt.output == "base64" {
			pic, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(got.Items[tt.n-1].Data, "data:image/png;base64,"))
			if text, rerr := readback.Text(pic); err != nil || rerr != nil || text != fmt.Sprintf("https://example.com/%d", tt.n-1) {
				t.Errorf("the last item reads %q (%v %v)", text, err, rerr)
			}
		} else if got.Items[tt.n-1].URL == "" {
			t.Errorf("url output gave no url: %.200s", w.Body)
		}
	}
}

// TestPlanTools: the MCP tools are sized to the plan as the endpoints
// are: a call too heavy for it is a tool error (isError) that names the
// plan and says what fits, and what fits is answered.
func TestPlanTools(t *testing.T) {
	big := answer(New(Config{}), "GET", "/api/v1/qr?data=hi&size=1600")
	image := `"data:image/png;base64,` + base64.StdEncoding.EncodeToString(big.Body.Bytes()) + `"`
	tests := []struct {
		name, args string
		refused    bool
	}{
		{"qr_generate", `{"data":"https://example.com"}`, false},
		{"qr_generate", `{"data":"https://example.com","eye_color":"cc0000"}`, true},
		{"qr_generate", `{"data":"https://example.com","size":2048}`, true},
		// The SVG fits; the PNG the chat is shown beside it would not.
		{"qr_generate", `{"data":"https://example.com","format":"svg","size":4096}`, true},
		{"qr_generate", `{"data":"https://example.com","format":"svg"}`, false},
		{"qr_verify", `{"data":"https://example.com","size":1024}`, true},
		{"qr_verify", `{"data":"hi","size":256}`, false},
		{"qr_decode", `{"image":` + image + `}`, true},
		{"qr_batch", `{"output":"base64","items":[` + strings.Repeat(`{"data":"hi"},`, 49) + `{"data":"hi"}]}`, true},
		{"qr_batch", `{"output":"url","items":[` + strings.Repeat(`{"data":"hi"},`, 49) + `{"data":"hi"}]}`, false},
	}
	for _, tt := range tests {
		body := `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"` + tt.name + `","arguments":` + tt.args + `}}`
		w := httptest.NewRecorder()
		r := httptest.NewRequest("POST", "http://qr.test/api/mcp", strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		r.Header.Set("Accept", "application/json, text/event-stream")
		r.Header.Set("MCP-Protocol-Version", "2025-11-25")
		free.ServeHTTP(w, r)
		var got struct {
			Result struct {
				IsError bool
				Content []struct{ Text string }
			}
		}
		if w.Code != 200 || json.Unmarshal(w.Body.Bytes(), &got) != nil {
			t.Errorf("%s %.60s: %d %.300s", tt.name, tt.args, w.Code, w.Body)
			continue
		}
		text := ""
		for _, c := range got.Result.Content {
			text += c.Text
		}
		if got.Result.IsError != tt.refused || tt.refused && !strings.Contains(text, "QR_CPU_MS") {
			t.Errorf("%s %.60s: isError %v, want %v: %.300s", tt.name, tt.args, got.Result.IsError, tt.refused, text)
		}
	}
}
