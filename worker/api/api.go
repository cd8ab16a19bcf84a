// Package api is the service's HTTP interface: routing, caching headers,
// CORS and problem documents around thin handlers that call the core. The
// same handler serves natively (go run ./worker) and inside the Worker.
// The route table also writes the OpenAPI description (openapi.go), over
// openapi.json, its fixed part: what no table says (summaries, the fixed
// headers, responses and JSON-RPC schemas) is data there, and the code
// adds what the registry says (parameters, formats, kinds, the schemas
// of the types the handlers answer with); llms.go writes /llms.txt over
// its prose in llms.txt the same way.
package api

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"qrkeyless/core/budget"
	"qrkeyless/core/params"
	"qrkeyless/core/problem"
	"qrkeyless/core/request"
	"qrkeyless/core/scan"
	"qrkeyless/site/policy"
	"qrkeyless/site/serve"
	"qrkeyless/worker/edge"
	"qrkeyless/worker/mcp"
	"qrkeyless/worker/reply"
)

// route is one path (or path prefix, ending in /), the methods it
// answers, and its description: the route table of New is the only list
// of routes, which ServeHTTP dispatches on and the OpenAPI description is
// written from.
type route struct {
	path     string
	methods  []string // GET implies HEAD
	handle   http.HandlerFunc
	doc      func() map[string]obj // the route's OpenAPI operations, by the path OpenAPI names, over openapi.json's; nil: openapi.json's alone
	post     *postHelp             // for a POST route: what to send, for the fix of a 405
	heavy    bool                  // takes one of the slots (busy.go)
	exact    bool                  // not a prefix though it end in / (goQR's paths), and then answered without the / too
	ownQuery bool                  // reads its raw query itself, as a peer API does (compat.go), not strictly
}

// allow is what the route answers, as the Allow header and the CORS
// preflight say it: its methods, HEAD where it answers GET, OPTIONS.
func (rt route) allow() []string {
	allow := slices.Clone(rt.methods)
	if slices.Contains(allow, "GET") {
		allow = append(allow, "HEAD")
	}
	return append(allow, "OPTIONS")
}

// postHelp tells a caller who used the wrong method on a POST route what
// to send instead: a body cannot be written into a URL, so the fix is a
// sentence with a curl line that works as pasted.
type postHelp struct {
	body string // what the body is, in words
	curl string // curl options that send an example body
}

// Config is what the program serving the API (worker/serve_native.go,
// worker/serve_js.go) gives it: what differs between the native server
// and the Worker. The zero Config serves the API alone, with the native
// server's image limits and no bound on heavy requests.
type Config struct {
	// Site holds the built editor (HTML, JS, CSS, .wasm), served for paths
	// no route claims. In the Worker it holds the pages alone (.html, read
	// through the assets binding), asked for only when opened from a link
	// (wrangler.toml, run_worker_first): wrangler serves the rest as static
	// assets.
	Site fs.FS
	// Images bound the images POST /api/v1/decode and qr_decode take; a
	// zero field is core/scan's default.
	Images scan.Limits
	// SealKey is the secret the MCP generation tools seal a call's
	// secrets with, for the chat's view to redraw a code without them
	// (QR_SEAL_KEY; worker/tools/seal.go); "" is a key of this process.
	SealKey string
	// CPU is the CPU a request may use (QR_CPU_MS): its work is charged
	// against it before it is done (core/budget), and work that would not
	// fit is refused with what would. 0 is no limit.
	CPU time.Duration
	// Memory, when not nil, reports the size of the WebAssembly memory
	// (GET /api/v1/health).
	Memory func() uint64
	// Slots, when not nil, bound the heavy requests that run at once.
	Slots *Slots
	// CompressPages gzips a page sent with a link's code in it (site/serve)
	// for a client that takes gzip: the native server's job, where the
	// Worker's answers are compressed by Cloudflare.
	CompressPages bool
}

// New returns the service's handler.
func New(c Config) http.Handler {
	s := &server{Config: c}
	s.routes = []route{
		{path: "/api/v1/qr", methods: []string{"GET", "POST"}, handle: s.qr, doc: generateDoc, post: &postHelp{
			"a JSON object of the GET parameters (Content-Type application/json)",
			`-H 'Content-Type: application/json' -d '{"data":"hello","frame":"banner-bottom","frame_text":"SCAN ME"}'`}},
		{path: "/q/", methods: []string{"GET"}, handle: s.pathStyle, doc: pathDoc},
		{path: "/api/v1/health", methods: []string{"GET"}, handle: s.health},
		{path: "/api/v1/types", methods: []string{"GET"}, handle: s.types},
		{path: "/api/v1/presets", methods: []string{"GET"}, handle: s.presets},
		{path: "/api/v1/qr/batch", methods: []string{"POST"}, handle: s.batch, doc: batchDoc, heavy: true, post: &postHelp{
			"a JSON body of items (Content-Type application/json)",
			`-H 'Content-Type: application/json' -d '{"items":[{"data":"hello"}]}'`}},
		{path: "/api/v1/decode", methods: []string{"POST"}, handle: s.decode, doc: decodeDoc, heavy: true, post: &postHelp{
			"the image as the body (Content-Type image/png, image/jpeg, image/gif or image/webp)",
			`-H 'Content-Type: image/png' --data-binary @code.png`}},
		{path: "/api/v1/inspect", methods: []string{"POST"}, handle: s.inspect, doc: inspectDoc, heavy: true, post: &postHelp{
			"the image as the body (Content-Type image/png, image/jpeg, image/gif or image/webp)",
			`-H 'Content-Type: image/png' --data-binary @code.png`}},
		{path: "/api/v1/size", methods: []string{"GET"}, handle: s.sizeAdvice, doc: sizeDoc},
		{path: "/api/v1/verify", methods: []string{"GET"}, handle: s.verify, doc: verifyDoc, heavy: true},
		// GET (a listening stream) and DELETE: 405
		{path: "/api/mcp", methods: []string{"POST"}, handle: mcp.New(c.Images, c.SealKey).ServeHTTP, doc: mcpDoc, heavy: true, post: &postHelp{
			"a JSON-RPC message (Content-Type application/json)",
			`-H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' -d '{"jsonrpc":"2.0","id":1,"method":"tools/list"}'`}},
		{path: "/openapi.json", methods: []string{"GET"}, handle: s.openAPI},
		{path: "/llms.txt", methods: []string{"GET"}, handle: s.llms(false)},
		{path: "/llms-full.txt", methods: []string{"GET"}, handle: s.llms(true)},
	}
	// goQR's, QuickChart's and Google's paths (compat.go), then
	// /api/v1/<kind>, after the fixed paths.
	s.routes = append(s.routes, s.compatRoutes()...)
	s.routes = append(s.routes, route{path: "/api/v1/", methods: []string{"GET"}, handle: s.typed, doc: typedDoc})
	return s
}

type server struct {
	Config
	routes []route

	openAPIOnce sync.Once
	openAPIJSON []byte
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	served.Add(1)
	if _, ok := budget.In(r.Context()); !ok {
		r = r.WithContext(budget.With(r.Context(), budget.Within(s.CPU)))
	}
	defer func() {
		// A panic is a bug; answer it as one rather than let it end the
		// Worker's Go instance for every request that follows.
		if v := recover(); v != nil {
			p := problem.Internal.New("", fmt.Sprintf("internal error: %v", v), "Report the request; it should have worked or had a 4xx answer.")
			writeProblem(w, r, p)
		}
	}()
	h := w.Header()
	policy.API(h)
	h.Set("Access-Control-Allow-Origin", "*")
	h.Set("Access-Control-Expose-Headers", "ETag, Retry-After, x-qr-cache, "+strings.Join(symbolHeaderNames(), ", ")+", x-qr-ec, x-qr-contrast, x-qr-verified, x-qr-failed")
	rt := s.match(r.URL.Path)
	if rt == nil {
		if serve.Site(w, r, s.Site, s.linkCode, s.CompressPages) {
			return
		}
		s.notFound(w, r)
		return
	}
	allow := rt.allow()
	// Every route reads r.URL.Query(), which drops what it cannot read;
	// once the strict reading passes, the two agree. A peer's path reads
	// its raw query as the peer does (core/compat): a ';' in a value is
	// part of it there (WIFI:S:x;T:WPA;;), as at goQR and Google.
	if _, p := request.ParseQuery(r.URL.EscapedPath(), r.URL.RawQuery); p != nil && r.Method != http.MethodOptions && !rt.ownQuery {
		writeProblem(w, r, p)
		return
	}
	switch {
	case r.Method == http.MethodOptions:
		h.Set("Access-Control-Allow-Methods", strings.Join(allow, ", "))
		h.Set("Access-Control-Allow-Headers", "Content-Type, If-None-Match, Accept, Mcp-Session-Id, Mcp-Protocol-Version")
		h.Set("Access-Control-Max-Age", "86400")
		w.WriteHeader(http.StatusNoContent)
	case slices.Contains(allow, r.Method):
		if p := affordBody(r); p != nil {
			writeProblem(w, r, p)
			return
		}
		if rt.heavy {
			release, ok := s.Slots.acquire(w, r)
			if !ok {
				return
			}
			defer release()
		}
		rt.handle(w, r)
	default:
		h.Set("Allow", strings.Join(allow, ", "))
		writeProblem(w, r, problem.NotAllowed.New("", fmt.Sprintf(
			"%s is not allowed on %s; use %s", r.Method, r.URL.Path, strings.Join(allow, ", ")), methodFix(rt, r)))
	}
}

// methodFix is the fix of a 405: the same call with the method it needs.
// The path alone would read as the call that just failed, so the method
// comes first: "GET /api/v1/qr?data=hi&size=300". A POST route needs a
// body too, so its fix is a sentence with an example (see postHelp).
func methodFix(rt *route, r *http.Request) string {
	switch {
	case slices.Contains(rt.methods, "GET"):
		return "GET " + request.NewCall(r.URL.EscapedPath(), r.URL.Query()).With("", "")
	case rt.post == nil:
		return "Send " + rt.methods[0] + " " + rt.path + "."
	}
	return fmt.Sprintf("POST %s with %s, e.g. curl %s %s%s", rt.path, rt.post.body, rt.post.curl, reply.Origin(r), rt.path)
}

func (s *server) match(path string) *route {
	for i, rt := range s.routes {
		if path == rt.path || rt.exact && path+"/" == rt.path ||
			!rt.exact && strings.HasSuffix(rt.path, "/") && strings.HasPrefix(path, rt.path) && len(path) > len(rt.path) {
			return &s.routes[i]
		}
	}
	return nil
}

func (s *server) notFound(w http.ResponseWriter, r *http.Request) {
	writeProblem(w, r, problem.NotFound.New("", fmt.Sprintf(
		"no endpoint at %s; generation is GET /api/v1/qr?data=... or GET /q/<data>.png", r.URL.Path), "/api/v1/qr?data=https%3A%2F%2Fexample.com"))
}

// linkCode is the API's own answer for url, for a page opened from a
// link (site/serve): drawn whatever the Worker's entry asked of the page's
// answer (a key alone, edge.Header), since the page is not kept in the
// edge cache and its code must be in it.
func (s *server) linkCode(ctx context.Context, url string) (string, bool) {
	code := &reply.Recorder{Head: http.Header{}}
	ask, err := http.NewRequestWithContext(edge.Skip(ctx), http.MethodGet, url, nil)
	if err != nil {
		return "", false
	}
	s.ServeHTTP(code, ask)
	return code.Body.String(), code.Status == http.StatusOK && strings.HasPrefix(code.Head.Get("Content-Type"), "image/svg+xml")
}

// writeProblem sends p as a problem document (package reply), with every
// value of the request that it repeats scrubbed of secrets.
func writeProblem(w http.ResponseWriter, r *http.Request, p *problem.Problem) {
	q := request.Lenient(r.URL.RawQuery)
	if data, ok := strings.CutPrefix(r.URL.Path, "/q/"); ok {
		q.Add(params.Data.Name, data) // the path carries the data there
	}
	reply.Problem(w, request.Scrub(p, q))
}

// Cache lifetimes. A code is the same for the same request forever; the
// discovery documents (OpenAPI, llms.txt, the types) change between
// deploys, so they are kept for minutes and revalidated by their ETag.
const (
	immutable  = "public, max-age=31536000, immutable"
	revalidate = "public, max-age=300, must-revalidate"
)

// writeCached sends a deterministic body with a strong ETag and a year-long
// immutable cache lifetime, answering 304 when the client already has it.
// A body made from a secret is sent no-store and never given an ETag
// (an ETag would let a cache key on the secret).
func writeCached(w http.ResponseWriter, r *http.Request, contentType string, body []byte, secret bool) {
	if secret {
		reply.Unstored(w, http.StatusOK, contentType, body)
		return
	}
	writeTagged(w, r, contentType, body, immutable)
}

// writeDoc sends a discovery document: cached briefly, then revalidated.
func writeDoc(w http.ResponseWriter, r *http.Request, contentType string, body []byte) {
	writeTagged(w, r, contentType, body, revalidate)
}

// writeTagged sends body with a strong ETag (a hash of it) and the given
// Cache-Control, or 304 when If-None-Match names the ETag.
func writeTagged(w http.ResponseWriter, r *http.Request, contentType string, body []byte, cacheControl string) {
	h := w.Header()
	h.Set("Content-Type", contentType)
	etag := reply.ETag(body)
	h.Set("Cache-Control", cacheControl)
	h.Set("ETag", etag)
	h.Set("x-qr-cache", "miss") // the Worker's entry says hit when its cache answers
	if reply.NotModified(r, etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	// The body is written for HEAD too: net/http drops it natively, workerd
	// drops it in the Worker, and a Content-Length with no body is an error there.
	w.Write(body)
}

// affordBody charges the plan's CPU for reading a JSON body (a batch, an
// MCP message) before it is parsed, or is the problem that says how large
// a body fits. The body is read here, within what the plan allows, since
// its Content-Length may be missing (a chunked upload).
func affordBody(r *http.Request) *problem.Problem {
	b := budget.From(r.Context())
	if b.Plan == 0 || r.Body == nil || r.Body == http.NoBody || !strings.Contains(r.Header.Get("Content-Type"), "json") {
		return nil
	}
	fits := b.CPU.Left() / budget.ByteCPU
	tooBig := func(n int64) *problem.Problem {
		return problem.TooLarge.New("", fmt.Sprintf(
			"%s", b.Needs(fmt.Sprintf("reading a body of %d bytes or more", n), n*budget.ByteCPU)), fmt.Sprintf("Send a body of at most %d KB: fewer items, a smaller picture or a smaller logo per call; or, on Cloudflare's paid plan, raise QR_CPU_MS (docs/deploy.md, \"Plan\").", fits/1000))
	}
	if r.ContentLength > fits {
		return tooBig(r.ContentLength)
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, fits+1))
	if err != nil {
		return problem.BadBody.New("", "could not read the body: "+err.Error(), "Send the whole body again.")
	}
	if int64(len(body)) > fits {
		return tooBig(int64(len(body)))
	}
	b.Afford(int64(len(body)) * budget.ByteCPU)
	r.Body, r.ContentLength = io.NopCloser(bytes.NewReader(body)), int64(len(body))
	return nil
}
