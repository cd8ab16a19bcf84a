package tools

import (
	_ "embed"
	"strings"
	"sync"

	"qrkeyless/core/params"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// viewHTML is the chat's view of a code (an MCP App, the ext-apps
// specification of 2026-01-26): one page, its script and style inline,
// which speaks the specification's postMessage JSON-RPC to the host
// itself rather than through the ext-apps SDK, whose bundle alone is
// twice the page's budget (docs/mcp.md, "The view").
//
//go:embed view.html
var viewHTML string

// viewPage is viewHTML with the controls' choices filled in from the
// registry, as the tools' schemas take them.
var viewPage = sync.OnceValue(func() string {
	options := map[string]any{"style": params.Style.Enum(), "eye": params.Eye.Enum(), "eye_ball": params.Ball.Enum(), "frame": params.Frame.Enum(),
		"preset": presets()} // as qr://presets lists them
	return strings.Replace(viewHTML, "/*OPTIONS*/{}", string(marshal(options)), 1)
})

// viewMeta is the view's _meta.ui: no csp, since it loads nothing and
// connects nowhere (everything it shows comes through the host).
var viewMeta = map[string]any{"prefersBorder": true}

// withView declares that st's results are shown in the view.
func withView(st server.ServerTool) server.ServerTool {
	st.Tool.Meta = &mcp.Meta{AdditionalFields: map[string]any{"ui": map[string]any{"resourceUri": ViewURI}}}
	return st
}
