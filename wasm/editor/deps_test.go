package editor

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// heavy are packages the browser program (qrkeyless/wasm, built with
// nogofonts as make site does) must not import. Each costs tens of
// kilobytes of the 1.5 MiB gzip budget for nothing the page can use: the
// page makes no network calls from Go, and the branding (frames and their
// fonts, logos) is drawn by verify.wasm. Core code the editor reaches parses addresses with
// net/netip, not net.
var heavy = []string{
	"net", "net/http", "crypto/tls",
	"golang.org/x/image/font/gofont/goregular", "golang.org/x/image/font/gofont/gobold",
	// the branding is drawn by verify.wasm: its fonts, logo decoders and
	// SVG rasterizer are for after the first code
	"qrkeyless/core/brand", "qrkeyless/core/frame", "qrkeyless/core/logo", "golang.org/x/image/font/sfnt",
	"github.com/srwiley/oksvg", "golang.org/x/image/webp", "image/jpeg",
	// the decoder and the pipeline's upper layer, which verifies: verify.wasm's
	"qrkeyless/core/scan", "qrkeyless/core/verify", "github.com/makiuchi-d/gozxing",
	// Go's FIPS 140 module, which crypto/sha256 brings (core/checksum's sum256 says why)
	"crypto/sha256", "crypto/cipher",
}

// servers are modules of the Worker that the browser program has no use
// for, whichever of their packages it would import: the Worker's request
// bridge (syumai/workers answers Cloudflare's fetch events).
var servers = []string{"github.com/syumai/workers"}

// TestBrowserProgramStaysLean names the heavy package, or a package of a
// server module, and the chain of imports that brought it, which make
// site's size check cannot.
func TestBrowserProgramStaysLean(t *testing.T) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to list the browser program's imports")
	}
	cmd := exec.Command(goBin, "list", "-tags", "nogofonts", "-deps", "-f", `{{.ImportPath}}:{{join .Imports " "}}`, "qrkeyless/wasm")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	importedBy := map[string]string{} // a package -> one package that imports it
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, imports, _ := strings.Cut(line, ":")
		for _, imp := range strings.Fields(imports) {
			if _, seen := importedBy[imp]; !seen {
				importedBy[imp] = pkg
			}
		}
	}
	found := slices.Clone(heavy)
	for p := range importedBy {
		for _, m := range servers {
			if p == m || strings.HasPrefix(p, m+"/") {
				found = append(found, p)
			}
		}
	}
	for _, h := range found {
		if _, in := importedBy[h]; !in {
			continue
		}
		chain := []string{h}
		for p := h; importedBy[p] != "" && len(chain) < 20; p = importedBy[p] {
			chain = append([]string{importedBy[p]}, chain...)
		}
		t.Errorf("the browser program imports %s: %s", h, strings.Join(chain, " -> "))
	}
}
