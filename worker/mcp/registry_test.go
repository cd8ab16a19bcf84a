package mcp_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"qrkeyless/worker/mcp"
)

// TestServerJSON: the repository's server.json, what the official MCP
// Registry publishes, describes the server this package serves: the same
// version, one streamable-http remote at the path the Worker routes to
// MCP, and a description within the Registry's 100 characters.
func TestServerJSON(t *testing.T) {
	b, err := os.ReadFile("../../server.json")
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Schema      string `json:"$schema"`
		Name        string `json:"name"`
		Description string `json:"description"`
		Version     string `json:"version"`
		Remotes     []struct {
			Type, URL string
			Variables map[string]struct {
				IsRequired bool `json:"isRequired"`
			}
		} `json:"remotes"`
	}
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(s.Schema, "https://static.modelcontextprotocol.io/schemas/") {
		t.Errorf("$schema %q is not the Registry's", s.Schema)
	}
	if ns, name, ok := strings.Cut(s.Name, "/"); !ok || !strings.Contains(ns, ".") || name == "" {
		t.Errorf("name %q is not reverse-DNS namespace/name", s.Name)
	}
	if s.Version != mcp.Version {
		t.Errorf("version %q, the server reports %q", s.Version, mcp.Version)
	}
	if n := len(s.Description); n == 0 || n > 100 {
		t.Errorf("description of %d characters, the Registry takes 1 to 100", n)
	}
	if len(s.Remotes) != 1 || s.Remotes[0].Type != "streamable-http" || !strings.HasSuffix(s.Remotes[0].URL, "/api/mcp") {
		t.Fatalf("remotes %+v: want one streamable-http remote at /api/mcp", s.Remotes)
	}
	if v, ok := s.Remotes[0].Variables["host"]; !strings.Contains(s.Remotes[0].URL, "{host}") || !ok || !v.IsRequired {
		t.Errorf("remote %q: the host must be a required variable", s.Remotes[0].URL)
	}
}
