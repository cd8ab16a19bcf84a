package docscheck

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// skipped are the trees the check leaves alone: upstream code kept as
// patched copies; this package, whose tests hold the citations the check
// must find; and what tools install, build or generate (which git
// ignores; listed for a tree that is not a git checkout).
var skipped = []string{"third_party/", "internal/docscheck/", "node_modules/", "build/", ".wrangler/", ".git/", "e2e/out/", "e2e/clients/go/client/", "e2e/clients/ts/schema.d.ts"}

var (
	// mdName is a name ending in .md: a document the text cites.
	mdName = regexp.MustCompile(`[A-Za-z0-9_][A-Za-z0-9_./-]*\.md\b`)
	// issueWord is an issue or pull request named by its number: "issue
	// 23", "issues 4 and 5", "PR #12".
	issueWord = regexp.MustCompile(`(?i)\b(issues?|pull requests?|PRs?)\s+#?\d+`)
	// issueHash is "#12" standing for an issue, alone or after a
	// repository's name ("workers-sdk#3397"). Digits after an '&' are a
	// character reference (&#39;).
	issueHash = regexp.MustCompile(`(^|[^&\w])#(\d+)\b|[\w.-]+#(\d+)\b`)
	// issueLink is an issue or pull request named by its address
	// (github.com/o/r/issues/12): a number all the same.
	issueLink = regexp.MustCompile(`/(issues|pull)/\d+`)
)

// problems returns what is wrong with one chunk of the file at p: a
// document it names that is not in the repository, or an issue number.
// A name is looked up from the repository's root and from the file's
// directory; one inside an address (https://...) is not ours to check.
func problems(p string, c chunk, exists func(string) bool) []string {
	var out []string
	for _, loc := range mdName.FindAllStringIndex(c.text, -1) {
		name := c.text[loc[0]:loc[1]]
		word := c.text[strings.LastIndexAny(c.text[:loc[0]], " \t\n\"'`(<[")+1 : loc[1]]
		if strings.Contains(word, "://") || strings.HasPrefix(word, "www.") {
			continue
		}
		if !exists(path.Clean(name)) && !exists(path.Join(path.Dir(p), name)) {
			out = append(out, fmt.Sprintf("names %s, which is not in the repository: cite a file under docs/ (or another that exists) or a public standard", name))
		}
	}
	if m := issueWord.FindString(c.text); m != "" {
		out = append(out, fmt.Sprintf("names an issue number (%q): say what the issue decided, or cite the document that holds it", m))
	}
	if m := issueLink.FindString(c.text); m != "" {
		out = append(out, fmt.Sprintf("names an issue by its address (%q): say what the thread holds, or cite the document that holds it", m))
	}
	if c.comment {
		for _, m := range issueHash.FindAllStringSubmatch(c.text, -1) {
			digits := m[2] + m[3]
			// A bare # and 3, 4, 6 or 8 digits is a colour (#000, #767676).
			if n := len(digits); m[2] != "" && (n == 3 || n == 4 || n == 6 || n == 8) {
				continue
			}
			out = append(out, fmt.Sprintf("names an issue number (%q): link the upstream thread by its address, or say what it holds", strings.TrimSpace(m[0])))
		}
	}
	return out
}

// files lists the repository's tracked files (slash-separated, from the
// root); outside a git checkout, every file under the root.
func files(t *testing.T) []string {
	if out, err := exec.Command("git", "-C", root, "ls-files", "-z").Output(); err == nil && len(out) > 0 {
		var list []string
		for _, f := range bytes.Split(bytes.TrimRight(out, "\x00"), []byte{0}) {
			list = append(list, string(f))
		}
		return list
	}
	var list []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if slicesHasPrefix(rel+"/", skipped) {
				return filepath.SkipDir
			}
			return nil
		}
		list = append(list, rel)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return list
}

func inRepo(name string) bool {
	_, err := os.Stat(filepath.Join(root, filepath.FromSlash(name)))
	return err == nil && !strings.HasPrefix(path.Clean(name), "../")
}

// TestCitations: every comment (and every string of a test) in the
// repository's Go, JavaScript, TypeScript, templ, shell and make files
// that names a .md document names one in the repository, and none names
// an issue number, which means nothing to a reader of the code.
func TestCitations(t *testing.T) {
	checked := 0
	for _, p := range files(t) {
		if slicesHasPrefix(p, skipped) {
			continue
		}
		src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(p)))
		if errors.Is(err, fs.ErrNotExist) {
			continue // deleted in the work tree, not yet in git
		}
		if err != nil {
			t.Fatal(err)
		}
		chunks := extract(p, src)
		if chunks == nil {
			continue
		}
		checked++
		for _, c := range chunks {
			for _, problem := range problems(p, c, inRepo) {
				t.Errorf("%s:%d %s", p, c.line, problem)
			}
		}
	}
	if checked < 100 {
		t.Fatalf("read %d files of code; the repository has hundreds: is the root %s right?", checked, root)
	}
}

func slicesHasPrefix(p string, prefixes []string) bool {
	for _, pre := range prefixes {
		if strings.HasPrefix(p, pre) {
			return true
		}
	}
	return false
}

// The check finds what it is for in every language it reads, and leaves
// alone what only looks like it.
func TestProblems(t *testing.T) {
	exists := func(name string) bool {
		return name == "docs/payloads.md" || name == "README.md" || name == "docs/screens/README.md"
	}
	tests := []struct {
		file, src string
		want      int // problems found
	}{
		{"core/a.go", "// spec.md §2.3 says so\nvar x = 1", 1},
		{"core/a.go", "// docs/payloads.md §2.3 says so\nvar x = 1", 0},
		{"core/a.go", "/* the spec's notes.md */\nvar x = 1", 1},
		{"core/a.go", `var x = "spec.md"`, 0}, // a string outside a test
		{"core/a_test.go", `func f() { t.Errorf("want the 38 of spec.md") }`, 1},
		{"core/a_test.go", `func f() { os.ReadFile("../../README.md") }`, 0},
		{"core/a_test.go", `func f() { os.ReadFile("../../NOPE.md") }`, 1},
		{"core/a.go", "// refactored in issue 28\nvar x = 1", 1},
		{"core/a.go", "// Issues 4 and 5\nvar x = 1", 1},
		{"core/a.go", "// see #12\nvar x = 1", 1},
		{"core/a.go", "// fixed upstream (workers-sdk#3397)\nvar x = 1", 1},
		{"core/a.go", "// (github.com/o/r/issues/364)\nvar x = 1", 1},
		{"e2e/a.mjs", "// half sent (github.com/o/r/pull/3397)\nconst x = 1;", 1},
		{"core/a.go", "// #767676 on white, #000 on #fff\nvar x = 1", 0},
		{"core/a.go", "// https://github.com/o/r/blob/main/NOTES.md\nvar x = 1", 0},
		{"core/a_test.go", `var s = "Order #42 + gift"`, 0}, // a test's data, not a citation
		{"core/a_test.go", `func f() { t.Errorf("as issue 23 asks") }`, 1},
		{"site/a.mjs", "// spec.md, wifi\nconst x = 1;", 1},
		{"site/a.mjs", "const re = /\\/\\/ spec.md/; // docs/payloads.md\nconst y = opt.md;", 0},
		{"site/a.mjs", "const s = `${a /* notes.md */}`;", 1},
		{"site/a.mjs", "const u = 'http://x' // issue 3\n", 1},
		{"e2e/a.test.mjs", "assert.equal(x, y, 'the example of spec.md');", 1},
		{"e2e/a.test.mjs", "assert.equal(x, y, `the ${n} of spec.md`);", 1},
		{"site/a.js", "const s = 'spec.md';", 0}, // code, not a test
		{"templates/a.templ", "// Page, as spec.md says.\ntempl Page() {\n<a href=\"https://x/y.md\">x</a>\n}", 1},
		{"templates/a.templ", "<!-- issue 4 -->\n<p>see issue 4 of the magazine</p>", 1},
		{"e2e/run.sh", "# notes.md asks for it\necho \"# not a comment: issue 4\" # issue 5", 2},
		{"Makefile", "x: ## the README.md's table\n\techo $$# ${#x}", 0},
	}
	for _, tt := range tests {
		var got []string
		for _, c := range extract(tt.file, []byte(tt.src)) {
			got = append(got, problems(tt.file, c, exists)...)
		}
		if len(got) != tt.want {
			t.Errorf("%s %q: %d problems, want %d: %q", tt.file, tt.src, len(got), tt.want, got)
		}
	}
}
