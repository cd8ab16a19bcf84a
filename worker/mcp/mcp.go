// Package mcp is the service's MCP tool server at /api/mcp: the tools of
// worker/tools, served by mark3labs/mcp-go's MCP server over its Streamable
// HTTP transport, stateless, in every revision: the handshake revisions
// (2025-11-25 and older) and 2026-07-28, whose requests carry their
// version, client and capabilities in _meta. Any instance (a Worker
// isolate, the native server) answers any request.
//
// What is ours is what the product adds around it (http.go): problem
// documents for what HTTP refuses before JSON-RPC, the bound on a message
// and the JSON-RPC error of one over it, and the ETag and edge-cache key
// of the answers that are the same for every client. docs/mcp.md says
// what is whose, and which patches the carried copy of mcp-go holds.
package mcp

import (
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"qrkeyless/core/scan"
	"qrkeyless/worker/tools"
)

// Version is the server version reported in serverInfo: the interface's.
const Version = "1.0.0"

// TTL is how long a client may keep the answers of tools/list and
// server/discover, in milliseconds: as long as the REST discovery
// documents (OpenAPI, llms.txt) are cached, since a deploy changes both.
const TTL = 300_000

// New returns the handler of /api/mcp. limits bound the images qr_decode
// accepts, as they bound POST /api/v1/decode; sealKey is the secret the
// generation tools seal a call's secrets with (tools.NewSealer: "" for a
// key of this process alone). The server, with its tools and their JSON
// Schemas, is made at the first MCP request rather than when the Worker
// starts: a REST-only isolate never pays for it.
func New(limits scan.Limits, sealKey string) *Handler {
	return &Handler{
		serve: sync.OnceValue(func() *server.StreamableHTTPServer {
			return streamable(tools.All(limits, tools.NewSealer(sealKey))...)
		}),
		check: sync.OnceValue(func() *server.StreamableHTTPServer { return streamable() }),
	}
}

// Handler serves /api/mcp. check is the same server without its tools:
// it refuses what serve refuses, and answers tools/list at once.
type Handler struct {
	serve, check func() *server.StreamableHTTPServer
}

// streamable is mcp-go's Streamable HTTP server over an MCP server with
// tools and the resources of worker/tools: stateless, so it mints no
// session and keeps nothing between requests.
func streamable(ts ...server.ServerTool) *server.StreamableHTTPServer {
	s := server.NewMCPServer("qrkeyless", Version,
		server.WithTitle("Keyless QR codes"),
		server.WithToolCapabilities(false),
		server.WithResourceCapabilities(false, false),
		// MCP Apps: the generation tools' results are drawn in the view
		// (tools.ViewURI) by hosts that render it.
		server.WithExtensions(map[string]any{"io.modelcontextprotocol/ui": map[string]any{"mimeTypes": []string{tools.ViewMIMEType}}}),
		server.WithInstructions(tools.Instructions()),
		server.WithCacheHints(TTL, mcp.CacheScopePublic),
	)
	s.AddTools(ts...)
	s.AddResources(tools.Resources()...)
	s.AddResourceTemplates(tools.Templates()...)
	return server.NewStreamableHTTPServer(s, server.WithStateLess(true))
}
