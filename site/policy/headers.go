package policy

import (
	"fmt"
	"io/fs"
	"net/http"
	"path"
	"slices"
	"strings"
)

// HeadersFile is the _headers file of the built site: the rules with
// which Cloudflare sends the Worker's static files (its assets), so that a
// page or a script sent by Cloudflare alone carries what Page and Static
// give it when Go sends it. One rule, /*, holds what every file carries;
// each page's rule adds its own policy; the worker scripts and the SVG
// pictures have one each. Cloudflare takes at most 100 rules of lines up
// to 2,000 characters; a site that would need more is an error.
func HeadersFile(site fs.FS) ([]byte, error) {
	common := http.Header{}
	file(common)
	var b strings.Builder
	rule := func(pattern string, h http.Header) {
		fmt.Fprintf(&b, "%s\n", pattern)
		keys := make([]string, 0, len(h))
		for k := range h {
			if _, shared := common[k]; !shared || pattern == "/*" {
				keys = append(keys, k)
			}
		}
		slices.Sort(keys)
		for _, k := range keys {
			fmt.Fprintf(&b, "  %s: %s\n", k, h.Get(k))
		}
	}
	rule("/*", common)
	names, err := fs.Glob(site, "*.html")
	if err != nil {
		return nil, err
	}
	for _, name := range names {
		html, err := fs.ReadFile(site, name)
		if err != nil {
			return nil, err
		}
		url := PagePath(name)
		h := http.Header{}
		Page(h, url, html)
		rule(url, h)
	}
	for _, pattern := range []string{"/*-worker.js", "/*.svg"} {
		h := http.Header{}
		Static(h, pattern)
		rule(pattern, h)
	}
	out := b.String()
	if n := strings.Count(out, "\n/") + 1; n > 100 {
		return nil, fmt.Errorf("_headers: %d rules, over Cloudflare's 100", n)
	}
	for _, line := range strings.Split(out, "\n") {
		if len(line) > 2000 {
			return nil, fmt.Errorf("_headers: a line of %d characters, over Cloudflare's 2,000: %.80s", len(line), line)
		}
	}
	return []byte(out), nil
}

// PagePath is the URL path at which the site sends its file name: a page
// without its .html, the home page at /.
func PagePath(name string) string {
	if name == "index.html" {
		return "/"
	}
	return "/" + strings.TrimSuffix(path.Clean(name), ".html")
}
