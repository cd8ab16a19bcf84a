package api

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"qrkeyless/core/batch"
	"qrkeyless/core/compat"
	"qrkeyless/core/payload"
	"qrkeyless/core/problem"
	"qrkeyless/site/policy"
)

// Fair use. The interface asks callers to cache what they fetch and not
// to run bulk loads; these limits hold a client address to that, by class
// of request, priced by what a request of the class costs (BENCHMARKS.md:
// a cached render costs the Worker nothing, a drawn one about a
// millisecond of CPU, a verify five, a decode up to a second, a batch up
// to 0.8 s). In the Worker, Cloudflare's rate-limiting bindings count
// (wrangler.toml, [[ratelimits]], one per class, which a test holds to
// this table); natively, the limiter below, with the same numbers.

// Limit is the fair-use limit of one class of request for one client.
// The Worker's entry reads these fields under lower-case names
// (worker/serve_js.go, limits).
type Limit struct {
	Class    string
	Binding  string   // the Worker's rate-limiting binding
	Requests int      // allowed per period
	Period   int      // seconds: 10 or 60, the periods Cloudflare offers
	Method   string   // the class's requests: this method
	Paths    []string // and one of these paths (none for any)
	Verify   bool     // or a GET asking for verify=1
	// Call, when set, narrows the class to JSON-RPC requests of this
	// method: those naming it in Mcp-Method, or, without that header,
	// those whose body mentions it or is longer than Peek bytes (a long
	// body is counted as a call rather than read to find out).
	Call string
	Peek int
	Hint string // how to need fewer requests of the class
}

// Limits lists the classes; a request is of the first class it matches,
// render (the last) if none.
var Limits = []Limit{
	// goQR's read-qr-code is a decode by another name, in the same count.
	{Class: "decode", Binding: "LIMIT_DECODE", Requests: 5, Period: 10, Method: "POST", Paths: []string{"/api/v1/decode", "/api/v1/inspect", compat.GoQRRead},
		Hint: "decode or inspect each picture once and keep what it says"},
	{Class: "batch", Binding: "LIMIT_BATCH", Requests: 2, Period: 10, Method: "POST", Paths: []string{"/api/v1/qr/batch"},
		Hint: fmt.Sprintf("put up to %d codes in each call rather than a few", batch.MaxItems)},
	{Class: "mcp", Binding: "LIMIT_MCP", Requests: 30, Period: 10, Method: "POST", Paths: []string{"/api/mcp"}, Call: "tools/call", Peek: 4096,
		Hint: "make many codes in one qr_batch call"},
	{Class: "verify", Binding: "LIMIT_VERIFY", Requests: 20, Period: 10, Method: "GET", Paths: []string{"/api/v1/verify"}, Verify: true,
		Hint: "verify a design once and keep its report"},
	{Class: "render", Binding: "LIMIT_RENDER", Requests: 100, Period: 10,
		Hint: "send many codes in one POST /api/v1/qr/batch call"},
}

// classOf returns the limit a request counts against; head is the start
// of its body, at least Peek+1 bytes of it when it has that many.
func classOf(r *http.Request, head []byte) Limit {
	method := r.Method
	if method == http.MethodHead { // as costly as the GET
		method = http.MethodGet
	}
	for _, l := range Limits[:len(Limits)-1] {
		if method == l.Method && slices.Contains(l.Paths, r.URL.Path) && (l.Call == "" || isCall(l, r.Header.Get("Mcp-Method"), head)) {
			return l
		}
		if l.Verify && method == http.MethodGet {
			if v, _ := r.URL.Query()["verify"]; len(v) > 0 && yes(v[0]) {
				return l
			}
		}
	}
	return Limits[len(Limits)-1]
}

// Fields is l as the Worker's entry reads it (worker/front.mjs): each
// field under its name in lower case and, for a verify class, yes: the
// spellings of yes that verify= is read in. A plain map, since
// encoding/json's first use would cost the Worker's start-up about 15 ms
// of reflection.
func (l Limit) Fields() map[string]any {
	paths := make([]any, len(l.Paths)) // js.ValueOf takes []any, not []string
	for i, p := range l.Paths {
		paths[i] = p
	}
	f := map[string]any{
		"class": l.Class, "binding": l.Binding, "requests": l.Requests, "period": l.Period,
		"method": l.Method, "paths": paths, "verify": l.Verify, "call": l.Call, "peek": l.Peek,
	}
	if l.Verify {
		yes := []any{}
		for _, v := range payload.BoolValues {
			if y, _ := payload.ParseBool(v); y {
				yes = append(yes, v)
			}
		}
		f["yes"] = yes
	}
	return f
}

// yes reads verify= as the handler does (params.Flag), so that a call the
// handler verifies is never counted in a cheaper class.
func yes(v string) bool {
	y, _ := payload.ParseBool(v)
	return y
}

func isCall(l Limit, method string, head []byte) bool {
	if method != "" {
		return method == l.Call
	}
	return len(head) > l.Peek || bytes.Contains(head, []byte(`"`+l.Call+`"`))
}

// TooMany is the 429 of a client over a class's limit: Retry-After says
// when its window ends, the fix how to stay within it.
func TooMany(l Limit, retry int) *problem.Problem {
	return problem.TooMany.New("", fmt.Sprintf(
		"more than %d %s requests in %d seconds from one address; retry after %d s", l.Requests, l.Class, l.Period, retry), fmt.Sprintf("Retry after %d s, and stay within %d %s requests every %d seconds from one address: keep and reuse what you fetch (codes are cacheable forever) and %s.", retry, l.Requests, l.Class, l.Period, l.Hint))
}

// limiter counts each client's requests per class in fixed windows, as
// Cloudflare's bindings do (locally, at least). It forgets every window
// when it holds too many clients: failing open beats growing without end.
type limiter struct {
	mu      sync.Mutex
	windows map[string]*window
	now     func() time.Time
}

type window struct {
	start time.Time
	count int
}

const maxClients = 100_000

// allow counts r against its class and reports whether it is within the
// limit, and when not, the seconds until the window ends. Requests from
// this machine are not counted: they are the developer's own (make dev,
// tests); a local proxy names its client in X-Forwarded-For.
func (lm *limiter) allow(r *http.Request, head []byte) (Limit, bool, int) {
	l := classOf(r, head)
	client := clientOf(r)
	if client == "" {
		return l, true, 0
	}
	lm.mu.Lock()
	defer lm.mu.Unlock()
	if lm.windows == nil || len(lm.windows) > maxClients {
		lm.windows = map[string]*window{}
	}
	now := lm.now()
	period := time.Duration(l.Period) * time.Second
	k := l.Class + " " + client
	win := lm.windows[k]
	if win == nil || now.Sub(win.start) >= period {
		win = &window{start: now.Truncate(period)}
		lm.windows[k] = win
	}
	if win.count >= l.Requests {
		return l, false, max(1, int(win.start.Add(period).Sub(now).Seconds()+0.999))
	}
	win.count++
	return l, true, 0
}

// clientOf is the address a request is counted against, or "" for one
// made from this machine.
func clientOf(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		first, _, _ := strings.Cut(r.Header.Get("X-Forwarded-For"), ",")
		host = strings.TrimSpace(first)
	}
	if ip := net.ParseIP(host); ip == nil || ip.IsLoopback() {
		return ""
	}
	return host
}

// FairUse holds h's clients to Limits, for the native server; the Worker
// has Cloudflare's bindings in its entry. A client over a limit gets a 429
// problem with Retry-After.
func FairUse(h http.Handler) http.Handler {
	lm := &limiter{now: time.Now}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if l, ok, retry := lm.allow(r, peek(r)); !ok && r.Method != http.MethodOptions {
			WriteTooMany(w, r, l, retry)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// WriteTooMany answers 429 for a client over l, which may retry in retry
// seconds.
func WriteTooMany(w http.ResponseWriter, r *http.Request, l Limit, retry int) {
	// Answered before the API's handler, which sets the policy of every
	// other answer.
	policy.API(w.Header())
	w.Header().Set("Access-Control-Allow-Origin", "*")
	w.Header().Set("Retry-After", strconv.Itoa(retry))
	writeProblem(w, r, TooMany(l, retry))
}

// peek reads the start of r's body for classOf, as much as any class
// looks at, and puts it back in front of the rest.
func peek(r *http.Request) []byte {
	n := 0
	for _, l := range Limits {
		if r.Method == l.Method && slices.Contains(l.Paths, r.URL.Path) {
			n = max(n, l.Peek+1)
		}
	}
	if n == 0 || r.Body == nil {
		return nil
	}
	head := make([]byte, n)
	k, _ := io.ReadFull(r.Body, head)
	head = head[:k]
	r.Body = struct {
		io.Reader
		io.Closer
	}{io.MultiReader(bytes.NewReader(head), r.Body), r.Body}
	return head
}
