package mcp

import "encoding/json"

// The MCP values this server sends, named and shaped as the
// specification's schema has them (2025-06-18 to 2026-07-28): a tool, its
// annotations, a tool result and its content. They stand in for
// mark3labs/mcp-go's mcp package, whose imports (google/jsonschema-go,
// spf13/cast and with it html/template, and regexp's Unicode tables) cost
// the Worker 0.19 MiB gzip and 25-40 ms of start-up for nine types
// (README, "Decisions"). The official SDK clients and the conformance
// suite's schema check hold them to the wire format in make test.

// Tool is one entry of tools/list.
type Tool struct {
	Name         string          `json:"name"`
	Title        string          `json:"title,omitempty"`
	Description  string          `json:"description,omitempty"`
	InputSchema  json.RawMessage `json:"inputSchema"`
	OutputSchema json.RawMessage `json:"outputSchema,omitempty"`
	Annotations  Annotations     `json:"annotations"`
}

// Annotations are a tool's hints to the client.
type Annotations struct {
	Title           string `json:"title,omitempty"`
	ReadOnlyHint    bool   `json:"readOnlyHint"`
	DestructiveHint bool   `json:"destructiveHint"`
	IdempotentHint  bool   `json:"idempotentHint"`
	OpenWorldHint   bool   `json:"openWorldHint"`
}

// Result is the result of tools/call.
type Result struct {
	Content           []Content       `json:"content"`
	StructuredContent json.RawMessage `json:"structuredContent,omitempty"`
	IsError           bool            `json:"isError,omitempty"`
}

// Content is one part of a result: text, an image, or an embedded
// resource, by Type.
type Content struct {
	Type     string    `json:"type"`
	Text     string    `json:"text,omitempty"`
	Data     string    `json:"data,omitempty"`     // image: base64
	MimeType string    `json:"mimeType,omitempty"` // image
	Resource *Resource `json:"resource,omitempty"`
}

// Resource is an embedded resource's contents, as base64.
type Resource struct {
	URI      string `json:"uri"`
	MimeType string `json:"mimeType"`
	Blob     string `json:"blob"`
}

func text(s string) Content { return Content{Type: "text", Text: s} }

func image(base64, mimeType string) Content {
	return Content{Type: "image", Data: base64, MimeType: mimeType}
}

func embedded(r Resource) Content { return Content{Type: "resource", Resource: &r} }
