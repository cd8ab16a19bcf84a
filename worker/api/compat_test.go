package api

import (
	"bytes"
	"encoding/json"
	"mime/multipart"
	"net/http/httptest"
	"strings"
	"testing"

	"qrkeyless/core/compat"
	"qrkeyless/internal/readback"
)

// The peers' paths are in the OpenAPI description as their own
// operations, tagged compatibility, with every parameter the peer's table
// has, and in llms.txt.
func TestCompatDocumented(t *testing.T) {
	doc := openAPI(t)
	paths := doc["paths"].(map[string]any)
	for _, p := range compat.Peers {
		get, _ := resolve(doc, paths[p.Path])["get"].(map[string]any)
		if get == nil || get["tags"].([]any)[0] != "compatibility" {
			t.Fatalf("%s: no GET tagged compatibility", p.Path)
		}
		var names []string
		for _, q := range get["parameters"].([]any) {
			names = append(names, q.(map[string]any)["name"].(string))
		}
		for _, pa := range p.Params {
			if !strings.Contains(" "+strings.Join(names, " ")+" ", " "+pa.Name+" ") {
				t.Errorf("%s: OpenAPI lacks %s", p.Path, pa.Name)
			}
		}
	}
	post, _ := paths[compat.GoQRRead].(map[string]any)["post"].(map[string]any)
	if post == nil || post["tags"].([]any)[0] != "compatibility" {
		t.Fatalf("%s: no POST tagged compatibility", compat.GoQRRead)
	}
	// goQR's error for an image without a code, as clients compare it: in
	// the description and in the answer's schema, word for word.
	answer, _ := json.Marshal(post["responses"].(map[string]any)["200"])
	if !strings.Contains(post["description"].(string), `"`+compat.NotFound+`"`) || !strings.Contains(string(answer), "goQR's error: "+compat.NotFound+`"`) {
		t.Errorf("%s does not give goQR's error %q word for word", compat.GoQRRead, compat.NotFound)
	}
	w := httptest.NewRecorder()
	New(Config{}).ServeHTTP(w, httptest.NewRequest("GET", "/llms.txt", nil))
	for _, p := range compat.Peers {
		for _, pa := range p.Params {
			if !strings.Contains(w.Body.String(), " "+pa.Name+" (") && !strings.Contains(w.Body.String(), " "+pa.Name+" →") {
				t.Errorf("llms.txt lacks %s's %s", p.Name, pa.Name)
			}
		}
	}
}

// goQR's paths answer with and without their trailing slash; other paths
// under them are not theirs.
func TestCompatPaths(t *testing.T) {
	h := New(Config{})
	for target, status := range map[string]int{
		"/v1/create-qr-code/?data=hi": 200, "/v1/create-qr-code?data=hi": 200, "/v1/create-qr-code/x?data=hi": 404,
		"/qr?text=hi": 200, "/qr/?text=hi": 404, "/chart?cht=qr&chs=100x100&chl=hi": 200,
		// A ';' is part of a value on the peers' paths, as there; ours
		// still read the query strictly.
		"/chart?cht=qr&chs=100x100&chl=WIFI:S:Cafe;T:nopass;;": 200, "/api/v1/qr?data=WIFI:S:Cafe;T:nopass;;": 400,
	} {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", target, nil))
		if w.Code != status {
			t.Errorf("%s: %d, want %d", target, w.Code, status)
		}
	}
	// A wifi password in the text: made, never kept, as on /api/v1/qr.
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/chart?cht=qr&chs=100x100&chl=WIFI:S:Cafe;T:WPA;P:hunter2hunter2;;", nil))
	if w.Code != 200 || w.Header().Get("Cache-Control") != "no-store" {
		t.Errorf("a secret: %d, Cache-Control %q", w.Code, w.Header().Get("Cache-Control"))
	}
}

// goQR's read-qr-code reads a code sent as multipart field file, beside
// other fields goQR's own form sends, into goQR's JSON.
func TestReadQRCode(t *testing.T) {
	h := New(Config{})
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/v1/create-qr-code/?data=HelloWorld&size=150x150&format=gif", nil))
	if text, err := readback.Text(w.Body.Bytes()); err != nil || text != "HelloWorld" {
		t.Fatalf("the code to read: %q %v", text, err)
	}
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	mw.WriteField("MAX_FILE_SIZE", "1048576")
	fw, _ := mw.CreateFormFile("file", "code.gif")
	fw.Write(w.Body.Bytes())
	mw.Close()
	r := httptest.NewRequest("POST", "/v1/read-qr-code/", &body)
	r.Header.Set("Content-Type", mw.FormDataContentType())
	w = httptest.NewRecorder()
	h.ServeHTTP(w, r)
	var got []compat.ReadResult
	if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil || w.Code != 200 {
		t.Fatalf("%d %s", w.Code, w.Body)
	}
	if len(got) != 1 || len(got[0].Symbol) != 1 || got[0].Symbol[0].Data == nil || *got[0].Symbol[0].Data != "HelloWorld" || got[0].Symbol[0].Error != nil {
		t.Errorf("answer %s", w.Body)
	}
	// An address is refused, in a form or in the query.
	for _, tt := range []struct{ target, ctype, body string }{
		{"/v1/read-qr-code/", "application/x-www-form-urlencoded", "fileurl=https%3A%2F%2Fexample.com%2Fa.png"},
		{"/v1/read-qr-code/?fileurl=https%3A%2F%2Fexample.com%2Fa.png", "image/png", ""},
	} {
		r := httptest.NewRequest("POST", tt.target, strings.NewReader(tt.body))
		r.Header.Set("Content-Type", tt.ctype)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != 400 || !strings.Contains(w.Body.String(), `"field":"fileurl"`) {
			t.Errorf("%s %s: %d %s", tt.target, tt.body, w.Code, w.Body)
		}
	}
}
