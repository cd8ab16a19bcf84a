package e2e

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// planTargets are the servers run on the free plan's setting,
// QR_CPU_MS=10: the Worker as wrangler.toml configures it, and the native
// server told the same (run.sh starts both beside the unlimited ones).
func planTargets(t *testing.T) map[string]string {
	t.Helper()
	return servers(t, "QR_PLAN_NATIVE_URL", "QR_PLAN_WORKERD_URL")
}

// refused is the detail and fix of a 413 the plan gave: the detail names
// the plan's CPU, the fix the person's own device.
func refused(t *testing.T, r response) (detail, fix string) {
	t.Helper()
	var p struct{ Detail, Fix string }
	if r.status != 413 || json.Unmarshal(r.body, &p) != nil {
		t.Fatalf("status %d, want a 413 problem: %.300s", r.status, r.body)
	}
	if !strings.Contains(p.Detail, "10 ms of CPU a request (QR_CPU_MS)") || !strings.Contains(p.Fix, "own device") {
		t.Errorf("the problem does not say the plan and the device: %s / %s", p.Detail, p.Fix)
	}
	return p.Detail, p.Fix
}

// readsAs checks with zxing-cpp that the picture holds text.
func readsAs(t *testing.T, pic []byte, text string) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "code.png")
	os.WriteFile(file, pic, 0o644)
	if codes := zxing(t, file); len(codes[0]) != 1 || codes[0][0].Text != text {
		t.Errorf("zxing-cpp reads %+v, want %q", codes[0], text)
	}
}

var fixCall = regexp.MustCompile(`/api/v1/[^ ;]+`)

// TestPlan: on the free plan's 10 ms, every request too heavy for it is
// answered by the service at once with a 413 whose fix fits: the code,
// the verification, the picture to read and the batch that would not
// finish in 10 ms of CPU, each followed to a 200 read back by zxing-cpp.
func TestPlan(t *testing.T) {
	unlimited := os.Getenv("QR_NATIVE_URL")
	for name, base := range planTargets(t) {
		t.Run(name, func(t *testing.T) {
			for _, q := range []string{"eye_color=cc0000", "fg=linear:000000,2c5364", "size=2048", "size=1024&verify=1"} {
				_, fix := refused(t, get(t, base+"/api/v1/qr?data=https://example.com&"+q))
				call := fixCall.FindString(fix)
				r := get(t, base+call)
				if call == "" || r.status != 200 {
					t.Errorf("%s: the fix's call %q answers %d: %.200s", q, call, r.status, r.body)
					continue
				}
				readsAs(t, r.body, "https://example.com")
			}
			_, fix := refused(t, get(t, base+"/api/v1/verify?data=https://example.com&size=1024"))
			if r := get(t, base+fixCall.FindString(fix)); r.status != 200 || !bytes.Contains(r.body, []byte(`"scannable":true`)) {
				t.Errorf("verify's fix %q: %d %.200s", fix, r.status, r.body)
			}
			if r := get(t, base+"/api/v1/qr?data=https://example.com&style=rounded&eye=circle"); r.status != 200 {
				t.Errorf("a rounded code with circle eyes fits and is refused: %d %.200s", r.status, r.body)
			}

			// A picture too large to read is refused before it is
			// unpacked; the code drawn at the size the fix names is read.
			if unlimited == "" {
				t.Fatal("QR_NATIVE_URL, the unlimited server that draws the pictures, is not set")
			}
			big := get(t, unlimited+"/api/v1/qr?data=https://example.com/plan&size=1600")
			_, fix = refused(t, do(t, "POST", base+"/api/v1/decode", map[string]string{"Content-Type": "image/png"}, bytes.NewReader(big.body)))
			var side int
			if _, err := fmt.Sscanf(fix[strings.Index(fix, "at most ")+len("at most "):], "%d x", &side); err != nil || side < 64 {
				t.Fatalf("the fix names no size: %s", fix)
			}
			small := get(t, fmt.Sprintf("%s/api/v1/qr?data=https://example.com/plan&size=%d", unlimited, side))
			if r := do(t, "POST", base+"/api/v1/decode", map[string]string{"Content-Type": "image/png"}, bytes.NewReader(small.body)); r.status != 200 || !bytes.Contains(r.body, []byte("https://example.com/plan")) {
				t.Errorf("the code at %d px, as the fix says: %d %.200s", side, r.status, r.body)
			}

			// A batch is refused with the items that fit, which are made.
			items := make([]string, 100)
			for i := range items {
				items[i] = fmt.Sprintf(`{"data":"https://example.com/%d"}`, i)
			}
			batch := func(n int, output string) response {
				body := `{"output":"` + output + `","items":[` + strings.Join(items[:n], ",") + `]}`
				return do(t, "POST", base+"/api/v1/qr/batch", map[string]string{"Content-Type": "application/json"}, strings.NewReader(body))
			}
			_, fix = refused(t, batch(100, "base64"))
			var n int
			if _, err := fmt.Sscanf(fix, "Send at most %d items per call", &n); err != nil || n < 1 || n > 99 || !strings.Contains(fix, `"output": "url"`) {
				t.Fatalf("the batch's fix: %s", fix)
			}
			var got struct{ Items []struct{ Data, URL string } }
			if r := batch(n, "base64"); r.status != 200 || json.Unmarshal(r.body, &got) != nil || len(got.Items) != n {
				t.Fatalf("%d items, as the fix says: %d %.200s", n, r.status, r.body)
			}
			pic, _ := base64.StdEncoding.DecodeString(strings.TrimPrefix(got.Items[n-1].Data, "data:image/png;base64,"))
			readsAs(t, pic, fmt.Sprintf("https://example.com/%d", n-1))
			// url draws nothing: more items fit, as many as its own
			// refusal says.
			urls := 100
			if r := batch(100, "url"); r.status != 200 {
				_, fix = refused(t, r)
				if _, err := fmt.Sscanf(fix, "Send at most %d items per call", &urls); err != nil {
					t.Fatalf("url output's fix: %s", fix)
				}
			}
			if r := batch(urls, "url"); urls <= n || r.status != 200 || json.Unmarshal(r.body, &got) != nil || len(got.Items) != urls || got.Items[urls-1].URL == "" {
				t.Errorf("%d items as url (%d as base64): %d %.200s", urls, n, r.status, r.body)
			}
		})
	}
}
