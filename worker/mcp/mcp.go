// Package mcp is the service's MCP tool server at /api/mcp: six tools over
// Streamable HTTP, POST only and stateless, so any instance (a Worker
// isolate or the native server) answers any request. The tools are
// declared with mark3labs/mcp-go's tool API from the tables the REST API
// reads (schema.go), are adapters over the same core calls as the REST
// handlers (tools.go), and every JSON-RPC request of every revision is
// dispatched by mcp-go's MCPServer: the handshake revisions (2025-11-25 and
// older) and the stateless 2026-07-28, each request carrying its version,
// client and capabilities in _meta.
//
// What is ours is the HTTP around it (protocol.go): problem documents for
// what HTTP refuses before JSON-RPC, bounds on the message, JSON or one
// event of a stream as Accept asks, and, for 2026-07-28, the checks of a
// request's envelope and headers that mcp-go makes only inside its own HTTP
// transport, the HTTP status of each refusal, and the ETag and edge-cache
// key of the answers that are the same for every client.
package mcp

import (
	"context"
	"fmt"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"qrkeyless/core/payload"
	"qrkeyless/core/scan"
)

// Version is the server version reported in serverInfo: the interface's.
const Version = "1.0.0"

// Modern is the stateless revision; Legacy lists the handshake revisions,
// newest first.
const Modern = mcp.ProtocolVersion20260728

// Legacy lists the handshake revisions served, newest first.
var Legacy = []string{mcp.ProtocolVersion20251125, mcp.ProtocolVersion20250618, mcp.ProtocolVersion20250326, mcp.ProtocolVersion20241105}

// Versions lists every revision served, newest first.
func Versions() []string { return append([]string{Modern}, Legacy...) }

// TTL is how long a client may keep the answers of tools/list and
// server/discover, in milliseconds: as long as the REST discovery
// documents (OpenAPI, llms.txt) are cached, since a deploy changes both.
const TTL = 300_000

// newServer is the MCP server: the six tools, dispatched by mcp-go.
func newServer(limits scan.Limits) *server.MCPServer {
	s := server.NewMCPServer("qrkeyless", Version,
		server.WithTitle("Keyless QR codes"),
		server.WithToolCapabilities(false),
		server.WithInstructions(instructions()),
		server.WithCacheHints(TTL, mcp.CacheScopePublic),
	)
	s.AddTools(tools(limits)...)
	return s
}

// instructions tell a client's model what the server is for.
func instructions() string {
	return fmt.Sprintf("Keyless QR code tools: generate codes (plain text, or %d typed payloads such as wifi, vcard, upi, event), "+
		"decode and verify them, render many at once, and size them for print. Every image result comes with the URL "+
		"of the REST call that renders the same code. A bad argument gives a result with isError and a problem document "+
		"whose fix is the corrected REST call; the tool arguments have the names of the REST query parameters.", len(payload.All()))
}

// New returns the handler of /api/mcp. limits bound the images qr_decode
// accepts, as they bound POST /api/v1/decode. The server, with its tools
// and their JSON Schemas, is made at the first MCP request rather than
// when the Worker starts: a REST-only isolate never pays for it.
func New(limits scan.Limits) *Handler {
	return &Handler{server: sync.OnceValue(func() *server.MCPServer { return newServer(limits) })}
}

// Handler serves /api/mcp.
type Handler struct {
	server func() *server.MCPServer
}

type originKey struct{}

// WithOrigin returns ctx carrying the scheme and host the request was
// made to, against which results' URLs and fixes are written.
func WithOrigin(ctx context.Context, origin string) context.Context {
	return context.WithValue(ctx, originKey{}, origin)
}

// originOf returns the origin ctx carries, or "" outside a request.
func originOf(ctx context.Context) string {
	s, _ := ctx.Value(originKey{}).(string)
	return s
}
