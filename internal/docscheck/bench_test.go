package docscheck

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestBenchHeader: BENCHMARKS.md's header (bench/report/header.mjs) names
// the command, the machine and the commit a run measured, and says
// "dirty" when the tree had changes: run on a repository of its own,
// committed, then changed, then with a file git does not know.
func TestBenchHeader(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: the benchmark report is JavaScript")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	script, err := filepath.Abs(filepath.Join(root, "bench", "report", "header.mjs"))
	if err != nil {
		t.Fatal(err)
	}
	repo := t.TempDir()
	git := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", repo, "-c", "user.name=t", "-c", "user.email=t@example.com"}, args...)...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	write := func(name, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(repo, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	git("init", "-q")
	write("a.txt", "one\n")
	git("add", "a.txt")
	git("commit", "-q", "-m", "one")
	hash := git("rev-parse", "HEAD")

	const goVersion = "go version go1.99.9 plan9/mips"
	run := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(node, append([]string{script}, args...)...)
		cmd.Dir = repo
		cmd.Stderr = os.Stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("node header.mjs %v: %v", args, err)
		}
		return string(out)
	}
	type facts struct {
		Command string
		Machine struct {
			CPU, OS, Go, Node string
			Cores             int
		}
		Commit struct {
			Hash  string
			Dirty bool
		}
	}
	read := func() facts {
		t.Helper()
		var f facts
		if err := json.Unmarshal([]byte(run("--json", goVersion)), &f); err != nil {
			t.Fatal(err)
		}
		return f
	}

	f := read()
	if f.Command != "make bench" || f.Commit.Hash != hash || f.Commit.Dirty {
		t.Errorf("a clean checkout: command %q, commit %q dirty %v; want make bench, %s, clean", f.Command, f.Commit.Hash, f.Commit.Dirty, hash)
	}
	if f.Machine.CPU == "" || f.Machine.Cores < 1 || f.Machine.OS == "" || f.Machine.Go != "go1.99.9 plan9/mips" || !strings.HasPrefix(f.Machine.Node, "v") {
		t.Errorf("machine %+v: want the CPU model, cores, OS, the Go version given and Node's", f.Machine)
	}
	md := run(goVersion)
	for _, want := range []string{"# Benchmarks", "`make bench`", f.Machine.CPU, strconv.Itoa(f.Machine.Cores) + " cores", f.Machine.OS, "go1.99.9 plan9/mips", "Node " + f.Machine.Node, "Commit: " + hash + "."} {
		if !strings.Contains(md, want) {
			t.Errorf("the header lacks %q:\n%s", want, md)
		}
	}

	write("a.txt", "two\n") // a tracked file changed
	if f := read(); f.Commit.Hash != hash || !f.Commit.Dirty {
		t.Errorf("a changed file: commit %q dirty %v; want %s, dirty", f.Commit.Hash, f.Commit.Dirty, hash)
	}
	if md := run(goVersion); !strings.Contains(md, "Commit: "+hash+" (dirty") {
		t.Errorf("the header of a changed tree does not say dirty:\n%s", md)
	}
	git("checkout", "-q", "a.txt")
	write("b.txt", "new\n") // a file git does not know
	if f := read(); !f.Commit.Dirty {
		t.Errorf("an untracked file: dirty %v, want true", f.Commit.Dirty)
	}
}
