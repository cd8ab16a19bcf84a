// Package e2e tests the running service over HTTP: the native server and the
// Worker under workerd (wrangler dev), both started by run.sh. Set
// QR_NATIVE_URL and/or QR_WORKERD_URL to run it; without them it skips.
package e2e

import (
	"encoding/json"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"
)

// targets returns the servers under test, by name.
func targets(t *testing.T) map[string]string {
	t.Helper()
	return servers(t, "QR_NATIVE_URL", "QR_WORKERD_URL")
}

// servers returns the native server and the Worker the two variables
// name, by name, and skips the test when neither is set.
func servers(t *testing.T, native, workerd string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for name, env := range map[string]string{"native": native, "workerd": workerd} {
		if u := os.Getenv(env); u != "" {
			out[name] = u
		}
	}
	if len(out) == 0 {
		t.Skipf("no server: run through e2e/run.sh (make test), or set %s / %s", native, workerd)
	}
	return out
}

// each runs f as a subtest against every target.
func each(t *testing.T, f func(t *testing.T, base string)) {
	for name, base := range targets(t) {
		t.Run(name, func(t *testing.T) { f(t, base) })
	}
}

var client = &http.Client{Timeout: 30 * time.Second}

type response struct {
	status int
	header http.Header
	body   []byte
}

func do(t *testing.T, method, url string, header map[string]string, body io.Reader) response {
	t.Helper()
	req, err := http.NewRequest(method, url, body)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	record(req, res, b)
	return response{res.StatusCode, res.Header, b}
}

// contractLog, when QR_CONTRACT_LOG names a file, receives every exchange
// as a line of JSON; e2e/contract/validate.mjs then checks each against the
// OpenAPI description.
var contractLog struct {
	sync.Mutex
	f *os.File
}

// record appends one exchange to the contract log, if there is one. A
// body is kept when it is text; an image only by its length.
func record(req *http.Request, res *http.Response, body []byte) {
	name := os.Getenv("QR_CONTRACT_LOG")
	if name == "" {
		return
	}
	contractLog.Lock()
	defer contractLog.Unlock()
	if contractLog.f == nil {
		f, err := os.OpenFile(name, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			panic(err)
		}
		contractLog.f = f
	}
	headers := map[string]string{}
	for k := range res.Header {
		headers[strings.ToLower(k)] = res.Header.Get(k)
	}
	rec := map[string]any{"source": "go", "method": req.Method, "url": req.URL.RequestURI(), "status": res.StatusCode, "headers": headers, "length": len(body)}
	if ct := res.Header.Get("Content-Type"); utf8.Valid(body) && !strings.HasPrefix(ct, "image/png") && !strings.HasPrefix(ct, "application/zip") {
		rec["body"] = string(body)
	}
	line, _ := json.Marshal(rec)
	contractLog.f.Write(append(line, '\n'))
}

func get(t *testing.T, url string) response { return do(t, "GET", url, nil, nil) }
