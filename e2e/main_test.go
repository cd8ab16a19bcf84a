// Package e2e tests the running service over HTTP: the native server and the
// Worker under workerd (wrangler dev), both started by run.sh. Set
// QR_NATIVE_URL and/or QR_WORKERD_URL to run it; without them it skips.
package e2e

import (
	"io"
	"net/http"
	"os"
	"testing"
	"time"
)

// targets returns the servers under test, by name.
func targets(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	for name, env := range map[string]string{"native": "QR_NATIVE_URL", "workerd": "QR_WORKERD_URL"} {
		if u := os.Getenv(env); u != "" {
			out[name] = u
		}
	}
	if len(out) == 0 {
		t.Skip("no server: run through e2e/run.sh (make test), or set QR_NATIVE_URL / QR_WORKERD_URL")
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
	return response{res.StatusCode, res.Header, b}
}

func get(t *testing.T, url string) response { return do(t, "GET", url, nil, nil) }
