// Package clients holds the MCP suite of the two Go clients people build
// agents with, the official Go SDK and mark3labs/mcp-go's own client,
// against /api/mcp on the servers of e2e/run.sh (QR_NATIVE_URL,
// QR_WORKERD_URL), at the handshake revision 2025-11-25 and the stateless
// 2026-07-28: what they list and call, and that a refused call (an unknown
// tool, a message over the size limit) leaves the session usable.
package clients

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"image"
	_ "image/png"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/makiuchi-d/gozxing"
	zxqr "github.com/makiuchi-d/gozxing/qrcode"
	mcpgoclient "github.com/mark3labs/mcp-go/client"
	mcpgotransport "github.com/mark3labs/mcp-go/client/transport"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// session is what the suite asks of a connected client.
type session interface {
	tools(ctx context.Context) ([]string, error)
	// call returns the tool result's contents as (type, text or data)
	// pairs and whether it is an error result, or the call's error.
	call(ctx context.Context, name string, args map[string]any) (contents [][2]string, isError bool, err error)
	close()
}

var tools = []string{"qr_batch", "qr_decode", "qr_generate", "qr_generate_typed", "qr_inspect", "qr_size_recommend", "qr_verify"}

func servers(t *testing.T) map[string]string {
	out := map[string]string{}
	for name, env := range map[string]string{"native": "QR_NATIVE_URL", "workerd": "QR_WORKERD_URL"} {
		if u := os.Getenv(env); u != "" {
			out[name] = u
		}
	}
	if len(out) == 0 {
		t.Skip("set QR_NATIVE_URL and/or QR_WORKERD_URL")
	}
	return out
}

// connects are the clients, each connecting at a revision.
var connects = map[string]func(ctx context.Context, base, version string) (session, error){
	"go-sdk v1.8.0": connectSDK,
	"mcp-go v1.2.1": connectMCPGo,
}

func TestClients(t *testing.T) {
	for server, base := range servers(t) {
		for client, connect := range connects {
			for _, version := range []string{"2025-11-25", "2026-07-28"} {
				t.Run(server+"/"+client+"/"+version, func(t *testing.T) {
					ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
					defer cancel()
					s, err := connect(ctx, base, version)
					if err != nil {
						t.Fatalf("connect: %v", err)
					}
					defer s.close()
					check(t, ctx, s, base)
				})
			}
		}
	}
}

func check(t *testing.T, ctx context.Context, s session, base string) {
	names, err := s.tools(ctx)
	if slices.Sort(names); err != nil || !slices.Equal(names, tools) {
		t.Fatalf("tools/list: %v %v, want %v", names, err, tools)
	}
	generate := func(step string) {
		t.Helper()
		contents, isError, err := s.call(ctx, "qr_generate", map[string]any{"data": "https://example.com/" + step})
		if err != nil || isError || len(contents) < 2 || contents[0][0] != "image" {
			t.Fatalf("%s: qr_generate: %v %v %v", step, contents, isError, err)
		}
		if got := decode(t, contents[0][1]); got != "https://example.com/"+step {
			t.Errorf("%s: the image decodes to %q", step, got)
		}
		if !strings.HasPrefix(contents[1][1], base+"/api/v1/qr?") {
			t.Errorf("%s: the link %q is not an absolute URL of the server", step, contents[1][1])
		}
	}
	generate("first")

	// A bad argument is a tool result with a problem whose fix is an
	// absolute URL, as the result's link is.
	contents, isError, err := s.call(ctx, "qr_generate", map[string]any{"data": "hi", "size": 99999})
	var p struct {
		Status int
		Fix    string
	}
	if err != nil || !isError || len(contents) != 1 || json.Unmarshal([]byte(contents[0][1]), &p) != nil || p.Status != 400 || !strings.HasPrefix(p.Fix, base+"/api/v1/qr?") {
		t.Errorf("size 99999: %v %v %v, want an error result whose fix is an absolute URL", contents, isError, err)
	}

	// An unknown tool is an error of that call; the session goes on.
	if _, _, err := s.call(ctx, "qr_nope", map[string]any{}); err == nil {
		t.Errorf("an unknown tool gave no error")
	}
	generate("after-unknown-tool")

	// A message over the size limit is an error of that call, carrying its
	// id; the session goes on.
	huge := strings.Repeat("A", 23<<20)
	if _, _, err := s.call(ctx, "qr_decode", map[string]any{"image": huge}); err == nil || !strings.Contains(err.Error(), "limit") {
		t.Errorf("a 23 MB qr_decode: %v, want an error that names the limit", err)
	}
	generate("after-too-large")
}

func decode(t *testing.T, b64 string) string {
	t.Helper()
	b, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		t.Fatal(err)
	}
	img, _, err := image.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	bmp, _ := gozxing.NewBinaryBitmapFromImage(img)
	res, err := zxqr.NewQRCodeReader().Decode(bmp, nil)
	if err != nil {
		t.Fatal(err)
	}
	return res.GetText()
}

// The official Go SDK.

type sdkSession struct{ s *sdk.ClientSession }

func connectSDK(ctx context.Context, base, version string) (session, error) {
	c := sdk.NewClient(&sdk.Implementation{Name: "qrkeyless-e2e", Version: "1"}, nil)
	s, err := c.Connect(ctx, &sdk.StreamableClientTransport{Endpoint: base + "/api/mcp", DisableStandaloneSSE: true, MaxRetries: -1},
		&sdk.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		return nil, err
	}
	if got := s.InitializeResult().ProtocolVersion; got != version {
		s.Close()
		return nil, &mismatch{got, version}
	}
	return sdkSession{s}, nil
}

// toolNames lists the names of a tools/list answer's tools, each SDK
// having its own Tool type.
func toolNames[T any](tools []T, name func(T) string) []string {
	var names []string
	for _, t := range tools {
		names = append(names, name(t))
	}
	return names
}

type mismatch struct{ got, want string }

func (m *mismatch) Error() string { return "agreed on " + m.got + ", not " + m.want }

func (s sdkSession) tools(ctx context.Context) ([]string, error) {
	res, err := s.s.ListTools(ctx, nil)
	if err != nil {
		return nil, err
	}
	return toolNames(res.Tools, func(t *sdk.Tool) string { return t.Name }), nil
}

func (s sdkSession) call(ctx context.Context, name string, args map[string]any) ([][2]string, bool, error) {
	res, err := s.s.CallTool(ctx, &sdk.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		return nil, false, err
	}
	var out [][2]string
	for _, c := range res.Content {
		switch c := c.(type) {
		case *sdk.TextContent:
			out = append(out, [2]string{"text", c.Text})
		case *sdk.ImageContent:
			out = append(out, [2]string{"image", base64.StdEncoding.EncodeToString(c.Data)})
		default:
			out = append(out, [2]string{"other", ""})
		}
	}
	return out, res.IsError, nil
}

func (s sdkSession) close() { s.s.Close() }

// mark3labs/mcp-go's client.

type mcpgoSession struct{ c *mcpgoclient.Client }

func connectMCPGo(ctx context.Context, base, version string) (session, error) {
	tr, err := mcpgotransport.NewStreamableHTTP(base + "/api/mcp")
	if err != nil {
		return nil, err
	}
	c := mcpgoclient.NewClient(tr, mcpgoclient.WithProtocolVersion(version))
	if err := c.Start(ctx); err != nil {
		return nil, err
	}
	var req mcpgo.InitializeRequest
	req.Params.ProtocolVersion = version
	req.Params.ClientInfo = mcpgo.Implementation{Name: "qrkeyless-e2e", Version: "1"}
	res, err := c.Initialize(ctx, req)
	if err != nil {
		c.Close()
		return nil, err
	}
	if res.ProtocolVersion != version {
		c.Close()
		return nil, &mismatch{res.ProtocolVersion, version}
	}
	return mcpgoSession{c}, nil
}

func (s mcpgoSession) tools(ctx context.Context) ([]string, error) {
	res, err := s.c.ListTools(ctx, mcpgo.ListToolsRequest{})
	if err != nil {
		return nil, err
	}
	return toolNames(res.Tools, func(t mcpgo.Tool) string { return t.Name }), nil
}

func (s mcpgoSession) call(ctx context.Context, name string, args map[string]any) ([][2]string, bool, error) {
	var req mcpgo.CallToolRequest
	req.Params.Name, req.Params.Arguments = name, args
	res, err := s.c.CallTool(ctx, req)
	if err != nil {
		return nil, false, err
	}
	var out [][2]string
	for _, c := range res.Content {
		switch c := c.(type) {
		case mcpgo.TextContent:
			out = append(out, [2]string{"text", c.Text})
		case mcpgo.ImageContent:
			out = append(out, [2]string{"image", c.Data})
		default:
			out = append(out, [2]string{"other", ""})
		}
	}
	return out, res.IsError, nil
}

func (s mcpgoSession) close() { s.c.Close() }
