package api

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"testing"
	"time"

	"qrkeyless/core/budget"
	"qrkeyless/internal/hostile"
)

// hostileCase is a request an attacker sends a keyless service: a few
// kilobytes meant to cost seconds of CPU or gigabytes of memory.
type hostileCase struct {
	name        string
	method      string
	target      string
	contentType string
	body        []byte
	status      int
}

// hostileCases are the attacks of internal/hostile, each once measured at tens
// of seconds or gigabytes, and the most expensive legitimate requests
// beside them.
func hostileCases() []hostileCase {
	mcp := func(tool string, args any) []byte {
		b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": map[string]any{"name": tool, "arguments": args}})
		return b
	}
	b64 := func(b []byte) string { return "data:image/png;base64," + encodeBase64(b) }
	var items []map[string]any
	for i := range 1000 {
		items = append(items, map[string]any{"data": fmt.Sprintf("https://example.com/%d", i)})
	}
	deep := strings.Repeat(`{"a":`, 10000) + "1" + strings.Repeat("}", 10000)
	return []hostileCase{
		{"finder grid 24x24, 2 KB PNG", "POST", "/api/v1/decode", "image/png", hostile.FinderGrid(24), 422},
		{"finder grid 60x60", "POST", "/api/v1/decode", "image/png", hostile.FinderGrid(60), 422},
		{"finder grid 120x120", "POST", "/api/v1/decode", "image/png", hostile.FinderGrid(120), 422},
		{"finder grid through MCP qr_decode", "POST", "/api/mcp", "application/json", mcp("qr_decode", map[string]any{"image": b64(hostile.FinderGrid(60))}), 200},
		{"WebP declaring 6000x6600, 32 bytes", "POST", "/api/v1/decode", "image/webp", hostile.WebP(6000, 6600), 413},
		{"16-bit grey PNG 6000x6600", "POST", "/api/v1/decode", "image/png", hostile.PNG16(6000, 6600, false), 413},
		{"16-bit RGBA PNG 6000x6600", "POST", "/api/v1/decode", "image/png", hostile.PNG16(6000, 6600, true), 413},
		{"8-bit RGBA PNG 6000x6000", "POST", "/api/v1/decode", "image/png", hostile.PNG8(6000, 6000), 413},
		{"8-bit RGBA PNG 3400x3400, within limits", "POST", "/api/v1/decode", "image/png", hostile.PNG8(3400, 3400), 422},
		{"16-bit grey PNG 4800x4800, within limits", "POST", "/api/v1/decode", "image/png", hostile.PNG16(4800, 4800, false), 422},
		{"batch 1000 x 4096 px organic base64", "POST", "/api/v1/qr/batch", "application/json", hostile.Batch(1000, "base64"), 413},
		{"batch 1000 x 4096 px organic zip", "POST", "/api/v1/qr/batch", "application/json", hostile.Batch(1000, "zip"), 413},
		{"batch 1000 x 4096 px through MCP qr_batch", "POST", "/api/mcp", "application/json", mcp("qr_batch", json.RawMessage(hostile.Batch(1000, "base64"))), 200},
		{"batch 1000 x 512 px url", "POST", "/api/v1/qr/batch", "application/json", mustJSON(map[string]any{"items": items}), 200},
		{"batch 1000 x 512 px base64", "POST", "/api/v1/qr/batch", "application/json", mustJSON(map[string]any{"output": "base64", "items": items}), 200},
		{"MCP message nested 10,000 deep", "POST", "/api/mcp", "application/json", []byte(deep), 400},
		{"version 40 star, 4096 px PNG", "GET", "/api/v1/qr?ec=L&style=star&size=4096&data=" + strings.Repeat("x", 2900), "", nil, 200},
		{"version 40 star, SVG", "GET", "/api/v1/qr?ec=L&style=star&format=svg&data=" + strings.Repeat("x", 2900), "", nil, 200},
		{"verify version 40 star at 4096 px", "GET", "/api/v1/verify?ec=L&style=star&size=4096&data=" + strings.Repeat("x", 2900), "", nil, 200},
		{"query of 10,001 pairs", "GET", "/api/v1/qr?data=hi" + strings.Repeat("&a=1", 10000), "", nil, 400},
	}
}

func mustJSON(v any) []byte { b, _ := json.Marshal(v); return b }

// peakHeap runs f and returns the most heap its objects took at once
// while it ran, sampled every 200 µs with the collector set to run at
// every 10% of growth, so that what is sampled is close to what f held
// rather than garbage waiting for a collection.
func peakHeap(f func()) uint64 {
	defer debug.SetGCPercent(debug.SetGCPercent(10))
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(sample)
	base := sample[0].Value.Uint64()
	done := make(chan uint64)
	stop := make(chan struct{})
	go func() {
		peak := uint64(0)
		for {
			metrics.Read(sample)
			peak = max(peak, sample[0].Value.Uint64())
			select {
			case <-stop:
				done <- peak
				return
			case <-time.After(200 * time.Microsecond):
			}
		}
	}()
	f()
	close(stop)
	return max(<-done, base) - base
}

// TestHostileInputIsBounded sends every hostile case through the service's
// handler and checks its answer, that no budget meter went past its limit,
// and the heap it held at once, which must stay under the 100 MB a
// request may take natively. Times are logged, not checked (they belong
// to make bench, BENCHMARKS.md "Hostile input").
func TestHostileInputIsBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("a few seconds of decoding")
	}
	h := New(Config{})
	const maxHeld = 100 << 20
	for _, c := range hostileCases() {
		b := budget.New()
		r := httptest.NewRequest(c.method, "http://qr.test"+c.target, bytes.NewReader(c.body))
		r = r.WithContext(budget.With(context.Background(), b))
		if c.contentType != "" {
			r.Header.Set("Content-Type", c.contentType)
		}
		w := httptest.NewRecorder()
		var took time.Duration
		held := peakHeap(func() {
			start := time.Now()
			h.ServeHTTP(w, r)
			took = time.Since(start)
		})
		t.Logf("%-45s %6d bytes in: %d in %7.1f ms, %6.1f MB held; %s; %s; %s", c.name, len(c.body), w.Code, float64(took.Microseconds())/1000, float64(held)/1e6, &b.Decode, &b.Draw, &b.Answer)
		if w.Code != c.status {
			t.Errorf("%s: %d, want %d: %.300s", c.name, w.Code, c.status, w.Body)
		}
		if held > maxHeld {
			t.Errorf("%s: held %.1f MB at once, over %d MB", c.name, float64(held)/1e6, maxHeld>>20)
		}
		for _, m := range []*budget.Meter{&b.Decode, &b.Draw, &b.Answer} {
			if m.Used > m.Limit {
				t.Errorf("%s: %s", c.name, m)
			}
		}
		if c.status >= 400 && w.Header().Get("Content-Type") != "application/problem+json" && c.target != "/api/mcp" {
			t.Errorf("%s: a %d that is not a problem document: %s", c.name, w.Code, w.Header().Get("Content-Type"))
		}
		if c.target == "/api/mcp" && c.status == 200 && !strings.Contains(w.Body.String(), `"isError":true`) {
			t.Errorf("%s: the tool did not refuse: %.300s", c.name, w.Body)
		}
	}
}

func encodeBase64(b []byte) string { return base64.StdEncoding.EncodeToString(b) }
