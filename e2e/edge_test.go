package e2e

import (
	"bytes"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"qrkeyless/worker/api"
)

// address is a client address of this run, from the documentation range.
func address() string {
	b := make([]byte, 2)
	rand.Read(b)
	return fmt.Sprintf("2001:db8::%x", b)
}

// nonce keeps this run's codes out of the cache of earlier runs (wrangler
// dev keeps its cache in .wrangler/state between runs).
func nonce(t *testing.T) string {
	t.Helper()
	return strings.ToLower(rand.Text()[:10])
}

// The Worker's edge cache: the first of several spellings of one request
// draws the code, every later one, in any spelling, is answered from the
// cache with the same bytes and ETag; a conditional request gets a 304 from
// it; a secret or a problem is never kept. The native server has no cache
// and says so (miss every time) with the same bytes.
func TestEdgeCache(t *testing.T) {
	each(t, func(t *testing.T, base string) {
		cached := strings.HasSuffix(t.Name(), "workerd")
		n := nonce(t)
		spellings := []string{
			"/api/v1/qr?data=" + n,
			"/q/" + n + ".png",
			"/api/v1/qr?text=" + n + "&color=%23000000&bg=FFFFFF&format=png",
			"/api/v1/qr?utm_source=mail&content=" + n + "&fg=000000",
			"/api/v1/qr?margin=4&size=512&style=square&data=" + n,
		}
		var first response
		for i, path := range spellings {
			r := get(t, base+path)
			if r.status != 200 {
				t.Fatalf("%s: %d %s", path, r.status, r.body)
			}
			scan(t, r, n)
			want := "miss"
			if cached && i > 0 {
				want = "hit"
			}
			if got := r.header.Get("x-qr-cache"); got != want {
				t.Errorf("%s: x-qr-cache %q, want %q", path, got, want)
			}
			if r.header.Get("x-qr-key") != "" {
				t.Errorf("%s: the cache key leaked out in x-qr-key", path)
			}
			if i == 0 {
				first = r
				continue
			}
			if !bytes.Equal(r.body, first.body) || r.header.Get("ETag") != first.header.Get("ETag") {
				t.Errorf("%s: %d bytes, ETag %s; the first spelling gave %d bytes, ETag %s", path, len(r.body), r.header.Get("ETag"), len(first.body), first.header.Get("ETag"))
			}
			if r.header.Get("Content-Type") != "image/png" || !strings.Contains(r.header.Get("Cache-Control"), "immutable") {
				t.Errorf("%s: Content-Type %q, Cache-Control %q", path, r.header.Get("Content-Type"), r.header.Get("Cache-Control"))
			}
		}

		// Conditional and HEAD requests, from the cache.
		r := do(t, "GET", base+spellings[1], map[string]string{"If-None-Match": first.header.Get("ETag")}, nil)
		if r.status != 304 || len(r.body) != 0 {
			t.Errorf("If-None-Match with the ETag: %d, %d bytes; want 304 and none", r.status, len(r.body))
		}
		r = do(t, "HEAD", base+spellings[2], nil, nil)
		if r.status != 200 || len(r.body) != 0 || r.header.Get("ETag") != first.header.Get("ETag") {
			t.Errorf("HEAD: %d, %d bytes, ETag %s", r.status, len(r.body), r.header.Get("ETag"))
		}
		// A conditional request for a code not yet drawn is drawn, kept
		// whole and answered 304; the next plain request is a hit with the
		// body. The ETag comes from the native server: the same request
		// gives the same bytes on both.
		if native := targets(t)["native"]; cached && native != "" {
			m := "/api/v1/qr?format=svg&style=dot&data=" + nonce(t)
			want := get(t, native+m)
			r := do(t, "GET", base+m, map[string]string{"If-None-Match": want.header.Get("ETag")}, nil)
			if r.status != 304 || r.header.Get("x-qr-cache") != "miss" {
				t.Errorf("If-None-Match, not yet drawn: %d, x-qr-cache %q; want 304, miss", r.status, r.header.Get("x-qr-cache"))
			}
			r = get(t, base+m+"&size=512")
			if r.status != 200 || r.header.Get("x-qr-cache") != "hit" || !bytes.Equal(r.body, want.body) {
				t.Errorf("after a 304 miss: %d, x-qr-cache %q, %d bytes (native %d); want the whole code from the cache", r.status, r.header.Get("x-qr-cache"), len(r.body), len(want.body))
			}
		}

		// Typed kinds, verify and size advice are kept too.
		for _, path := range []string{
			"/api/v1/wifi?security=nopass&ssid=" + n,
			"/api/v1/verify?data=" + n + "&style=dot",
			"/api/v1/size?data=" + n + "&distance_m=2",
		} {
			a, b := get(t, base+path), get(t, base+path)
			if a.status != 200 || !bytes.Equal(a.body, b.body) {
				t.Errorf("%s: %d, then %d; bodies equal %v", path, a.status, b.status, bytes.Equal(a.body, b.body))
			}
			if want := map[bool]string{true: "hit", false: "miss"}[cached]; b.header.Get("x-qr-cache") != want {
				t.Errorf("%s, again: x-qr-cache %q, want %q", path, b.header.Get("x-qr-cache"), want)
			}
		}

		// Never kept: a secret, a problem.
		for _, path := range []string{
			"/api/v1/wifi?security=WPA&ssid=" + n + "&password=hunter2-" + n,
			"/api/v1/qr?data=" + n + "&password=hunter2",
			"/api/v1/qr?data=" + n + "&size=99999",
			"/api/v1/qr?data=" + n + "&colour=red",
		} {
			for i := range 3 {
				r := get(t, base+path)
				if got := r.header.Get("x-qr-cache"); got != "bypass" {
					t.Errorf("%s, request %d: x-qr-cache %q, want bypass", path, i+1, got)
				}
				if r.header.Get("Cache-Control") != "no-store" {
					t.Errorf("%s: Cache-Control %q", path, r.header.Get("Cache-Control"))
				}
			}
		}
	})
}

// Fair use: a client over a class's limit gets 429 with Retry-After and a
// fix, other clients and other classes do not, and the client gets its
// limit again once the window has passed. The client's address is the one
// Cloudflare puts in CF-Connecting-IP (wrangler dev takes it from the
// request) or, natively, the one a local proxy puts in X-Forwarded-For.
func TestFairUse(t *testing.T) {
	classes := map[string]struct {
		method, path, body string
		header             map[string]string
	}{
		"batch":  {"POST", "/api/v1/qr/batch", `{"items":[{"data":"fair"}]}`, map[string]string{"Content-Type": "application/json"}},
		"decode": {"POST", "/api/v1/decode", "not an image", map[string]string{"Content-Type": "image/png"}},
		"verify": {"GET", "/api/v1/qr?data=fair&verify=1", "", nil},
		"mcp": {"POST", "/api/mcp", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"qr_generate","arguments":{"data":"fair"}}}`,
			map[string]string{"Content-Type": "application/json", "Accept": "application/json, text/event-stream", "MCP-Protocol-Version": "2025-06-18"}},
		// goQR's read-qr-code: a decode by another path (core/compat)
		"decode /v1/read-qr-code/": {"POST", "/v1/read-qr-code/", "not an image", map[string]string{"Content-Type": "image/png"}},
	}
	each(t, func(t *testing.T, base string) {
		t.Parallel() // the targets at once: each class waits out a window
		header := "X-Forwarded-For"
		if strings.HasSuffix(t.Name(), "workerd") {
			header = "CF-Connecting-IP"
		}
		// The service's own table, which a unit test holds to wrangler.toml.
		for _, l := range api.Limits {
			paths := l.Paths
			if len(paths) == 0 {
				paths = []string{""}
			}
			for i, path := range paths { // a class of several paths shares one count
				c, ok := classes[l.Class+" "+path]
				if !ok && i == 0 {
					c, ok = classes[l.Class]
				}
				if !ok {
					continue
				}
				t.Run(l.Class+" "+path, func(t *testing.T) {
					t.Parallel()
					client := address()
					send := func(from string) response {
						h := map[string]string{header: from}
						for k, v := range c.header {
							h[k] = v
						}
						var body *strings.Reader
						if c.body != "" {
							body = strings.NewReader(c.body)
						}
						if body == nil {
							return do(t, c.method, base+c.path, h, nil)
						}
						return do(t, c.method, base+c.path, h, body)
					}
					// Windows are fixed, so a burst may straddle two: within
					// 2*limit+1 requests a 429 must come, after at least limit.
					allowed, refused := 0, response{}
					for range 2*l.Requests + 1 {
						r := send(client)
						if r.status == 429 {
							refused = r
							break
						}
						allowed++
					}
					if refused.status != 429 {
						t.Fatalf("%d %s requests from one address, no 429", allowed, l.Class)
					}
					if allowed < l.Requests {
						t.Errorf("429 after %d requests; the limit is %d", allowed, l.Requests)
					}
					var p struct{ Type, Detail, Fix string }
					json.Unmarshal(refused.body, &p)
					retry, err := strconv.Atoi(refused.header.Get("Retry-After"))
					if refused.header.Get("Content-Type") != "application/problem+json" || p.Type != "/problems/too-many-requests" || p.Fix == "" || err != nil || retry < 1 || retry > l.Period {
						t.Errorf("429: %s, Retry-After %q, %s", refused.header.Get("Content-Type"), refused.header.Get("Retry-After"), refused.body)
					}
					if !strings.Contains(p.Fix, fmt.Sprintf("%d %s requests every %d seconds", l.Requests, l.Class, l.Period)) {
						t.Errorf("the fix does not give the limit: %s", p.Fix)
					}
					if r := send(address()); r.status == 429 {
						t.Error("another address was refused")
					}
					time.Sleep(time.Duration(retry)*time.Second + 200*time.Millisecond)
					if r := send(client); r.status == 429 {
						t.Errorf("still refused %d s after Retry-After %d", retry, retry)
					}
				})
			}
		}
	})
}

// MCP requests that are not tool calls count as renders, which a client
// gets far more of: a session's handshake and listings never use up its
// calls.
func TestFairUseCountsToolCalls(t *testing.T) {
	each(t, func(t *testing.T, base string) {
		header := "X-Forwarded-For"
		if strings.HasSuffix(t.Name(), "workerd") {
			header = "CF-Connecting-IP"
		}
		client := address()
		h := map[string]string{header: client, "Content-Type": "application/json", "Accept": "application/json, text/event-stream", "MCP-Protocol-Version": "2025-06-18"}
		var wg sync.WaitGroup
		codes := make([]int, 40)
		for i := range codes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				codes[i] = do(t, "POST", base+"/api/mcp", h, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`)).status
			}()
		}
		wg.Wait()
		for i, c := range codes {
			if c != 200 {
				t.Fatalf("tools/list %d: %d", i+1, c)
			}
		}
	})
}
