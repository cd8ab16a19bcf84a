package e2e

import (
	"bytes"
	"strings"
	"testing"
)

// A header value with a comma in it reaches the handler whole, as net/http
// gives it natively: syumai/workers v0.33.0 split every value on commas,
// so the Worker's handlers saw the first piece only (docs/stack.md,
// "Patched copies").
func TestHeaderValuesWhole(t *testing.T) {
	each(t, func(t *testing.T, base string) {
		n := nonce(t)
		// /q/<data> without an extension draws text for a terminal and PNG
		// for anything that accepts images; the first piece alone,
		// text/plain, would mean a terminal.
		browser := do(t, "GET", base+"/q/"+n, map[string]string{"Accept": "text/plain, image/png", "User-Agent": "Mozilla/5.0"}, nil)
		scan(t, browser, n)
		terminal := do(t, "GET", base+"/q/"+n, map[string]string{"Accept": "text/plain", "User-Agent": "Mozilla/5.0"}, nil)
		if ct := terminal.header.Get("Content-Type"); terminal.status != 200 || !strings.HasPrefix(ct, "text/plain") {
			t.Errorf("Accept: text/plain: %d %q, want the terminal's text", terminal.status, ct)
		}

		// MCP answers JSON to a client that accepts it beside an event
		// stream, in either order, and a stream to one that accepts only that.
		ping := []byte(`{"jsonrpc":"2.0","id":1,"method":"ping"}`)
		for accept, want := range map[string]string{
			"text/event-stream, application/json": "application/json",
			"application/json, text/event-stream": "application/json",
			"text/event-stream":                   "text/event-stream",
		} {
			r := do(t, "POST", base+"/api/mcp", map[string]string{"Content-Type": "application/json", "Accept": accept, "MCP-Protocol-Version": "2025-11-25"}, bytes.NewReader(ping))
			if ct := r.header.Get("Content-Type"); r.status != 200 || !strings.HasPrefix(ct, want) || !strings.Contains(string(r.body), `"result":{}`) {
				t.Errorf("Accept %q: %d %q %s, want %s", accept, r.status, ct, r.body, want)
			}
		}

		// A client holding one of several ETags is told it is current.
		u := base + "/api/v1/qr?data=" + n
		first := get(t, u)
		again := do(t, "GET", u, map[string]string{"If-None-Match": `"other", ` + first.header.Get("ETag")}, nil)
		if again.status != 304 || len(again.body) != 0 {
			t.Errorf(`If-None-Match: "other", %s: %d, %d bytes; want 304 and none`, first.header.Get("ETag"), again.status, len(again.body))
		}
	})
}

// x-qr-edge is the Worker's entry speaking to Go (worker/front.mjs): a
// client that sends it gets the code, not the entry's key-only answer.
func TestEdgeHeaderIsTheEntrys(t *testing.T) {
	each(t, func(t *testing.T, base string) {
		n := nonce(t)
		for _, mode := range []string{"1", "2"} {
			r := do(t, "GET", base+"/api/v1/qr?data="+n+mode, map[string]string{"x-qr-edge": mode}, nil)
			scan(t, r, n+mode)
			if k := r.header.Get("x-qr-key"); k != "" {
				t.Errorf("x-qr-edge: %s: the answer carries x-qr-key %q", mode, k)
			}
		}
		body := []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"qr_generate","arguments":{"data":"` + n + `"}}}`)
		r := do(t, "POST", base+"/api/mcp", map[string]string{"Content-Type": "application/json", "Accept": "application/json, text/event-stream", "MCP-Protocol-Version": "2025-11-25", "x-qr-edge": "2"}, bytes.NewReader(body))
		if r.status != 200 || !strings.Contains(string(r.body), `"result"`) || r.header.Get("x-qr-key") != "" {
			t.Errorf("tools/call with x-qr-edge: 2: %d %.200s, x-qr-key %q", r.status, r.body, r.header.Get("x-qr-key"))
		}
	})
}
