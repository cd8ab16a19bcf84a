package api

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"testing"

	"qrkeyless/core/params"
	"qrkeyless/core/payload"
	"qrkeyless/core/render"
)

// writeGolden rewrites testdata/golden.json from the handler as it is.
// The corpus was taken before the pipeline moved into core/generate, and
// stands for "the same request gives the same bytes": run with -golden only
// when a change of answer is intended, and say which in the commit.
var writeGolden = flag.Bool("golden", false, "rewrite testdata/golden.json")

// goldenRequest is one request of the corpus.
type goldenRequest struct {
	Method string            `json:"method"`
	Target string            `json:"target"`
	Header map[string]string `json:"header,omitempty"`
	Body   []byte            `json:"body,omitempty"` // base64 in the file: a decode body is binary
}

// goldenAnswer is what the corpus keeps of an answer: the status, the
// headers a client reads, and a digest of the body (JSON bodies are
// digested in a canonical form, so key order does not count).
type goldenAnswer struct {
	Status int               `json:"status"`
	Header map[string]string `json:"header"`
	Body   string            `json:"body"` // sha256, 16 bytes in hex
	Len    int               `json:"len,omitempty"`
}

// goldenHeaders are the headers the corpus compares.
var goldenHeaders = []string{"Content-Type", "Cache-Control", "ETag", "Vary", "Referrer-Policy", "x-qr-cache",
	"x-qr-version", "x-qr-ec", "x-qr-contrast", "x-qr-verified", "Content-Disposition", "Allow"}

// goldenRequests is the corpus: formats, styles and eyes, colours, the
// symbol and print controls, every kind at its sample, branding, path
// style, verify, size, decode, batch in every output, MCP tool calls, and
// problems of each sort.
func goldenRequests() []goldenRequest {
	var rs []goldenRequest
	get := func(target string) { rs = append(rs, goldenRequest{Method: "GET", Target: target}) }
	post := func(target, contentType, body string, header ...string) {
		h := map[string]string{"Content-Type": contentType}
		for i := 0; i+1 < len(header); i += 2 {
			h[header[i]] = header[i+1]
		}
		rs = append(rs, goldenRequest{Method: "POST", Target: target, Header: h, Body: []byte(body)})
	}
	for _, f := range render.FormatNames() {
		get("/api/v1/qr?data=https%3A%2F%2Fexample.com&format=" + f)
		get("/api/v1/qr?data=hello%20world&size=200&format=" + f + "&margin=2")
	}
	for _, s := range render.StyleNames() {
		for _, e := range render.EyeNames() {
			get("/api/v1/qr?data=https%3A%2F%2Fexample.com%2Fmenu&size=256&style=" + s + "&eye=" + e)
		}
		get("/api/v1/qr?data=style&format=svg&style=" + s)
		get("/api/v1/qr?data=style&format=pdf&style=" + s + "&eye=circle")
	}
	for _, b := range render.BallNames() {
		get("/api/v1/qr?data=https%3A%2F%2Fexample.com%2Fmenu&size=256&eye=rounded&eye_ball=" + b)
	}
	get("/api/v1/qr?data=ball&format=svg&style=dot&eye=circle&eye_ball=cut")
	get("/api/v1/qr?data=ball&style=dot&eye=square&eye_ball=circle") // refused: the nearest that fits
	for _, q := range []string{
		"color=1a237e&bg=fff", "color=%23f00&bg=transparent", "fg=336699&light=ffeecc", "color=777", "color=fff&bg=000",
		"ec=L", "ec=q", "ec=H&margin=0", "quiet=10&size=64", "size=4096", "width=333",
		"version=7", "version=5!", "mask=3", "eci=iso-8859-1&data=caf%C3%A9", "boost=1", "mode=byte", "mode=kanji&data=%E6%BC%A2%E5%AD%97",
		"format=pdf&size_mm=40&cmyk=1", "format=eps&size_in=1.5", "format=svg&size_mm=30", "dpi=300", "format=utf8&invert=1", "format=ascii",
		"frame=banner-bottom&frame_text=SCAN%20ME", "frame=box&frame_text=Menu", "frame=rounded", "frame=banner-top&frame_text=Hi&frame_color=1a237e",
		"frame=bubble&frame_text=Scan", "frame=card&frame_text=Guest%20Wi-Fi", "frame=standee&frame_text=Order%20here", "label=Hello",
		"color=linear:0f2027,2c5364,135deg", "color=radial:0f2027,2c5364&format=svg", "eye_color=c62828", "eye_color=c62828&eye_ball_color=1565c0&style=dot",
		"logo=" + url.QueryEscape(params.LogoExample), "logo=" + url.QueryEscape(params.LogoExample) + "&format=svg&logo_size=0.25&logo_margin=2",
		"logo=" + url.QueryEscape(params.LogoExample) + "&logo_bg=none&ec=H", "verify=1", "verify=1&style=dot", "verify=1&frame=box&frame_text=Hi",
		"verify=1&color=linear:000000,333333", "format=base64&frame=box",
	} {
		if !strings.Contains(q, "data=") {
			q = "data=https%3A%2F%2Fexample.com&" + q
		}
		get("/api/v1/qr?" + q)
	}
	// Every kind at its sample, then rendered otherwise, then verified.
	for _, k := range payload.All() {
		q := url.Values{}
		for name, v := range k.Sample() {
			q.Set(name, v)
		}
		get("/api/v1/" + k.Name + "?" + q.Encode())
		q.Set("format", "svg")
		q.Set("style", "rounded")
		get("/api/v1/" + k.Name + "?" + q.Encode())
		q.Del("format")
		q.Set("verify", "1")
		get("/api/v1/" + k.Name + "?" + q.Encode())
	}
	for _, t := range []string{
		"/q/hello.png", "/q/hello%20world.svg?color=f00", "/q/hi.json", "/q/hi.txt", "/q/hi.pdf", "/q/hi.eps", "/q/hi.png?verify=1",
		"/q/hi", "/q/hi.gif", "/q/example.com", "/q/hi.png?format=svg", "/q/hi.png?text=ho", "/q/.png",
	} {
		get(t)
	}
	rs = append(rs, goldenRequest{Method: "GET", Target: "/q/hello", Header: map[string]string{"User-Agent": "curl/8.0"}})
	rs = append(rs, goldenRequest{Method: "HEAD", Target: "/api/v1/qr?data=head"})
	rs = append(rs, goldenRequest{Method: "OPTIONS", Target: "/api/v1/qr"})
	rs = append(rs, goldenRequest{Method: "DELETE", Target: "/api/v1/qr?data=x"})
	rs = append(rs, goldenRequest{Method: "GET", Target: "/api/v1/qr/batch"})
	rs = append(rs, goldenRequest{Method: "GET", Target: "/api/v1/decode"})
	// Problems of each sort.
	for _, t := range []string{
		"/api/v1/qr", "/api/v1/qr?data=", "/api/v1/qr?data=hi&size=5000", "/api/v1/qr?data=hi&size=abc", "/api/v1/qr?data=hi&colour=f00",
		"/api/v1/qr?data=hi&sise=300", "/api/v1/qr?data=hi&color=zzz", "/api/v1/qr?data=hi&style=stars", "/api/v1/qr?data=hi&eye=leef",
		"/api/v1/qr?data=hi&text=ho", "/api/v1/qr?data=hi&size=300;x", "/api/v1/qr?data=hi&size=%zz300", "/api/v1/qr?data=" + strings.Repeat("x", 3000),
		"/api/v1/qr?data=" + strings.Repeat("x", 2400), "/api/v1/qr?data=hi&ec=X", "/api/v1/qr?data=hi&format=gif", "/api/v1/qr?data=hi&verify=maybe",
		"/api/v1/qr?data=hi&size_mm=40", "/api/v1/qr?data=hi&dpi=300&format=svg", "/api/v1/qr?data=hi&cmyk=1", "/api/v1/qr?data=hi&invert=1",
		"/api/v1/qr?data=hi&version=41", "/api/v1/qr?data=hi&version=1!&data=" + strings.Repeat("y", 100), "/api/v1/qr?data=hi&eci=klingon",
		"/api/v1/qr?data=hi&mode=numeric", "/api/v1/qr?data=hi&frame=box&frame_text=%E4%BD%A0%E5%A5%BD", "/api/v1/qr?data=hi&frame_text_color=eeeeee&frame=banner-bottom&frame_text=x",
		"/api/v1/qr?data=hi&logo=https%3A%2F%2Fexample.com%2Flogo.png", "/api/v1/qr?data=hi&logo=" + url.QueryEscape(params.LogoExample) + "&logo_size=0.4&ec=L",
		"/api/v1/qr?data=hi&format=pdf&logo=" + url.QueryEscape(params.LogoExample), "/api/v1/qr?data=hi&color=linear:eeeeee,ffffff",
		"/api/v1/wifi", "/api/v1/wifi?ssid=Home&password=secret1234&security=WPA&hidden=maybe", "/api/v1/wifi?ssid=Home&password=a&password=b",
		"/api/v1/wiif?ssid=x", "/api/v1/nothing", "/api/v1/epc?name=A&iban=DE00&amount=1", "/api/v1/epc?name=Red%20Cross&iban=DE89370400440532013000&amount=1&version=5",
		"/api/v1/vcard", "/api/v1/upi?pa=x", "/nope", "/api/v1/verify", "/api/v1/verify?data=hi&size=0", "/api/v1/size", "/api/v1/size?data=hi&medium=moon",
	} {
		get(t)
	}
	// The peers' paths (compat.go): each format and charset, a caption,
	// the defaults, problems.
	for _, t := range []string{
		"/v1/create-qr-code/?data=HelloWorld&size=100x100", "/v1/create-qr-code/?data=HelloWorld", "/v1/create-qr-code?data=HelloWorld",
		"/v1/create-qr-code/?data=HelloWorld&format=gif", "/v1/create-qr-code/?data=HelloWorld&format=jpg&color=255-0-0&bgcolor=ff0",
		"/v1/create-qr-code/?data=HelloWorld&format=svg&margin=10&qzone=2", "/v1/create-qr-code/?data=HelloWorld&format=eps&size=300x200",
		"/v1/create-qr-code/?data=H%E4llo&charset-source=ISO-8859-1&charset-target=ISO-8859-1&ecc=H", "/v1/create-qr-code/?data=%E4",
		"/v1/create-qr-code/?data=x&size=5000x5000", "/v1/create-qr-code/?size=10x10",
		"/qr?text=Hello+world", "/qr?text=Hello%20world&size=300&margin=1&dark=1a237e&light=fff8e1&ecLevel=Q", "/qr?text=x&format=svg",
		"/qr?text=x&format=base64&caption=Scan%20me&captionFontSize=16", "/qr?text=x&centerImageUrl=https%3A%2F%2Fexample.com%2Fa.png",
		"/qr?text=x&logo=" + url.QueryEscape(params.LogoExample) + "&centerImageSizeRatio=0.15", "/qr?text=x&light=0000",
		"/chart?cht=qr&chs=150x150&chl=Hello%20world", "/chart?cht=qr&chs=200x200&chl=%E3%81%93%E3%82%93&choe=Shift_JIS&chld=M|2",
		"/chart?cht=qr&chs=200x200&chl=%E6%9D%B1%E4%BA%AC%20Tokyo&choe=Shift_JIS", "/chart?cht=qr&chs=200x200&chl=%C3%A9t%C3%A9&choe=ISO-8859-1",
		"/chart?cht=p3&chs=250x100&chd=t:60,40", "/chart?cht=qr&chl=x", "/v1/read-qr-code/",
	} {
		get(t)
	}
	post("/v1/read-qr-code/", "image/png", string(examplePNG()))
	post("/v1/read-qr-code/", "application/x-www-form-urlencoded", "fileurl=https%3A%2F%2Fexample.com%2Fa.png")
	// Verify, size.
	for _, q := range []string{"data=hi", "data=hi&style=dot&eye=leaf", "data=hi&color=777&bg=888", "data=hi&color=fff&bg=000", "data=hi&margin=0",
		"data=https%3A%2F%2Fexample.com&logo=" + url.QueryEscape(params.LogoExample), "data=hi&frame=box&frame_text=Hi"} {
		get("/api/v1/verify?" + q)
	}
	for _, q := range []string{"data=https%3A%2F%2Fexample.com&distance_m=2", "length=300&medium=poster", "data=hi&medium=business-card&dpi=600&ec=H"} {
		get("/api/v1/size?" + q)
	}
	// POST /api/v1/qr with a JSON body.
	post("/api/v1/qr", "application/json", `{"data":"https://example.com","frame":"banner-bottom","frame_text":"SCAN ME"}`)
	post("/api/v1/qr", "application/json", `{"data":"hi","size":300,"verify":true}`)
	post("/api/v1/qr", "application/json", `{"data":"hi","logo":"`+params.LogoExample+`","logo_size":0.25}`)
	post("/api/v1/qr", "application/json", `{"data":"hi","sise":300}`)
	post("/api/v1/qr", "text/plain", `data=hi`)
	post("/api/v1/qr", "application/json", `[1,2]`)
	// Decode: a code of ours, and images that are not.
	post("/api/v1/decode", "image/png", string(examplePNG()))
	post("/api/v1/decode", "application/json", `{"image":"data:image/png;base64,`+base64PNG()+`"}`)
	post("/api/v1/decode", "image/png", "not a png")
	post("/api/v1/decode", "text/plain", "x")
	// Batch in every output, with a failing item.
	items := `[{"id":"home","data":"https://example.com"},{"id":"wifi","type":"wifi","fields":{"ssid":"Cafe","security":"nopass"}},` +
		`{"id":"bad","type":"wifi","fields":{}},{"id":"styled","data":"x","style":{"style":"dot","color":"1a237e"}},{"id":"home","data":"dup"}]`
	for _, o := range []string{"url", "base64", "svg", "json", "zip"} {
		post("/api/v1/qr/batch", "application/json", `{"output":"`+o+`","style":{"size":200},"items":`+items+`}`)
	}
	post("/api/v1/qr/batch", "application/json", `{"output":"base64","items":[{"data":"x","style":{"frame":"box","frame_text":"Hi"}},{"data":"y","style":{"logo":"`+params.LogoExample+`"}}]}`)
	post("/api/v1/qr/batch", "application/json", `{"output":"url","items":[{"type":"wifi","fields":{"ssid":"S","password":"secretpass"}}]}`)
	post("/api/v1/qr/batch", "application/json", `{"output":"pdf","items":[{"data":"x"}]}`)
	post("/api/v1/qr/batch", "application/json", `{"items":[]}`)
	post("/api/v1/qr/batch", "application/json", `{"items":[{"data":"x"}],"extra":1}`)
	post("/api/v1/qr/batch", "application/json", `{"items":[{"data":"x","style":{"size":[1]}}]}`)
	// MCP: every tool, at the handshake revision (no session is kept).
	mcp := func(name, args string) {
		post("/api/mcp", "application/json", `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"`+name+`","arguments":`+args+`}}`,
			"Accept", "application/json, text/event-stream", "MCP-Protocol-Version", "2025-11-25")
	}
	mcp("qr_generate", `{"data":"https://example.com"}`)
	mcp("qr_generate", `{"data":"hi","format":"svg","style":"dot"}`)
	mcp("qr_generate", `{"data":"hi","format":"pdf"}`)
	mcp("qr_generate", `{"data":"hi","format":"json","size":100}`)
	mcp("qr_generate", `{"data":"hi","frame":"box","frame_text":"Hi"}`)
	mcp("qr_generate", `{"data":"hi","size":99999}`)
	mcp("qr_generate_typed", `{"type":"wifi","fields":{"ssid":"Home","password":"secret1234"}}`)
	mcp("qr_generate_typed", `{"type":"wiif","fields":{}}`)
	mcp("qr_generate_typed", `{"type":"vcard","fields":{"fn":"Ann","tel":"+15551234567"},"format":"svg"}`)
	mcp("qr_decode", `{"image":"data:image/png;base64,`+base64PNG()+`"}`)
	mcp("qr_decode", `{"image":"bm90IGFuIGltYWdl"}`)
	mcp("qr_verify", `{"data":"hi","style":"star","eye":"circle"}`)
	mcp("qr_batch", `{"output":"svg","items":`+items+`}`)
	mcp("qr_batch", `{"output":"zip","items":[{"data":"a"},{"data":"b"}]}`)
	mcp("qr_size_recommend", `{"data":"https://example.com","medium":"poster"}`)
	mcp("qr_nope", `{}`)
	return rs
}

func base64PNG() string {
	var b bytes.Buffer
	b.Write(render.DataURI(examplePNG()))
	return strings.TrimPrefix(b.String(), "data:image/png;base64,")
}

// digest is the corpus's digest of a body: a JSON body parsed and written
// again (keys sorted), any other body as it is.
func digest(contentType string, body []byte) string {
	if strings.Contains(contentType, "json") && !strings.Contains(contentType, "event-stream") {
		var v any
		if json.Unmarshal(body, &v) == nil {
			body, _ = json.Marshal(v)
		}
	}
	sum := sha256.Sum256(body)
	return hex.EncodeToString(sum[:16])
}

func goldenAnswerOf(h http.Handler, gr goldenRequest) goldenAnswer {
	r := httptest.NewRequest(gr.Method, "http://qr.test"+gr.Target, bytes.NewReader(gr.Body))
	for k, v := range gr.Header {
		r.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	a := goldenAnswer{Status: w.Code, Header: map[string]string{}, Len: w.Body.Len()}
	for _, name := range goldenHeaders {
		if v := w.Header().Values(name); len(v) > 0 {
			a.Header[name] = strings.Join(v, ", ")
		}
	}
	a.Body = digest(w.Header().Get("Content-Type"), w.Body.Bytes())
	if strings.Contains(w.Header().Get("Content-Type"), "json") {
		a.Len = 0 // JSON is compared parsed (digest): its spacing and key order are no one's concern
	}
	return a
}

// TestGolden: every request of the corpus gets the answer it got before
// the pipeline was moved into core/generate: same status, headers and bytes.
func TestGolden(t *testing.T) {
	// A seal key of its own: unset, a process seals with a random one.
	h := New(Config{SealKey: "golden"})
	reqs := goldenRequests()
	type entry struct {
		Request goldenRequest `json:"request"`
		Answer  goldenAnswer  `json:"answer"`
	}
	const file = "testdata/golden.json"
	if *writeGolden {
		var out []entry
		for _, gr := range reqs {
			out = append(out, entry{gr, goldenAnswerOf(h, gr)})
		}
		b, _ := json.MarshalIndent(out, "", " ")
		if err := os.WriteFile(file, b, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %d answers", len(out))
		return
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var want []entry
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	if len(want) < 300 {
		t.Fatalf("the corpus holds %d requests; it should hold a few hundred", len(want))
	}
	for _, e := range want {
		got := goldenAnswerOf(h, e.Request)
		if g, w := fmt.Sprint(got), fmt.Sprint(e.Answer); g != w {
			t.Errorf("%s %s:\n got %s\nwant %s", e.Request.Method, e.Request.Target, g, w)
		}
	}
}
