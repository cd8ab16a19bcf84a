// Command compress writes the compressed copies of the built site that
// the native server sends to browsers (site/serve): beside each
// file that compresses (pages, scripts, styles, SVG, the .wasm programs)
// its brotli and gzip copies, under the names serve.Encodings gives
// (wifi.html.br, wifi.html.gz), each kept only when smaller than the file.
// It also writes .assetsignore, which keeps the copies out of wrangler's
// assets: Cloudflare compresses the same files at its edge by itself.
//
//	go run ./site/compress build/site
//
// make site runs it last, once the programs are built: each copy is made
// once, at build time, never per request. docs/editor.md, "Loading", says
// why brotli and at which quality.
package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"io/fs"
	"log"
	"mime"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/andybalholm/brotli"

	"qrkeyless/internal/contentcoding"
	"qrkeyless/site/serve"
)

// writers write a copy in each of serve.Encodings, by its token.
var writers = map[string]func(w io.Writer, size int) io.WriteCloser{
	"br": func(w io.Writer, size int) io.WriteCloser { return brotli.NewWriterLevel(w, brotliQuality(size)) },
	"gzip": func(w io.Writer, _ int) io.WriteCloser {
		z, _ := gzip.NewWriterLevel(w, gzip.BestCompression) // a valid level: no error
		return z
	},
}

// brotliQuality is the quality a file of size bytes is packed at, paid
// once for each build that changes it (measured on editor.wasm, 5.3 MB):
//   - 11, brotli's best, for the pages, scripts and styles: milliseconds each;
//   - 10 for editor.wasm, the one program a first visit waits for: 1.09 MB
//     in 16 s, where 11 takes 28 s for 2% less and 9 leaves 12% more;
//   - 9 for the larger programs, which load after the first code
//     (verify.wasm) or on /batch alone: 4 s each, where 10 takes 30.
func brotliQuality(size int) int {
	switch {
	case size <= 1<<20:
		return brotli.BestCompression
	case size <= 6<<20:
		return 10
	}
	return 9
}

// ignore is .assetsignore: the copies are the native server's, and
// wrangler reads the file with .gitignore's rules.
var ignore = func() string {
	s := "# Written by site/compress: the compressed copies are the native server's;\n# Cloudflare compresses at its edge.\n"
	for _, e := range serve.Encodings {
		s += "*" + e.Suffix + "\n"
	}
	return s
}()

func main() {
	if len(os.Args) != 2 {
		log.Fatal("usage: go run ./site/compress build/site")
	}
	if err := run(os.Args[1]); err != nil {
		log.Fatal(err)
	}
}

// run writes the copies of every file under dir that compresses, several
// at a time.
func run(dir string) error {
	var names []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !compresses(path) {
			return err
		}
		names = append(names, path)
		return nil
	})
	if err != nil {
		return err
	}
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		errs []error
		work = make(chan string)
	)
	for range runtime.NumCPU() {
		wg.Go(func() {
			for name := range work {
				if err := write(name); err != nil {
					mu.Lock()
					errs = append(errs, err)
					mu.Unlock()
				}
			}
		})
	}
	for _, name := range names {
		work <- name
	}
	close(work)
	wg.Wait()
	if len(errs) > 0 {
		return errs[0]
	}
	return os.WriteFile(filepath.Join(dir, ".assetsignore"), []byte(ignore), 0o644)
}

// compresses reports whether a file of the site is text or a program,
// which compress, rather than a picture already compressed (PNG) or a copy.
func compresses(path string) bool {
	for _, e := range serve.Encodings {
		if strings.HasSuffix(path, e.Suffix) {
			return false
		}
	}
	t, _, _ := strings.Cut(mime.TypeByExtension(filepath.Ext(path)), ";")
	return strings.HasPrefix(t, "text/") || t == "application/wasm" || t == "application/json" || t == "image/svg+xml"
}

// write writes name's copies, or removes a stale one that would not be
// smaller than the file. A copy that holds the file already is kept (and
// dated anew, for the native server's check that a copy is not older than
// its file): go build rewrites a program even when it has not changed,
// and brotli's best takes half a minute.
func write(name string) error {
	b, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	for _, e := range serve.Encodings {
		if holds(name+e.Suffix, e.Token, b) {
			now := time.Now()
			if err := os.Chtimes(name+e.Suffix, now, now); err != nil {
				return err
			}
			continue
		}
		var out bytes.Buffer
		z := writers[e.Token](&out, len(b))
		if _, err := z.Write(b); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if err := z.Close(); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if out.Len() >= len(b) {
			if err := os.Remove(name + e.Suffix); err != nil && !os.IsNotExist(err) {
				return err
			}
			continue
		}
		if err := os.WriteFile(name+e.Suffix, out.Bytes(), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// holds reports whether the copy at path, in the content coding token,
// decodes to b.
func holds(path, token string, b []byte) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	r, err := contentcoding.Reader(token, f)
	if err != nil {
		return false
	}
	got, err := io.ReadAll(io.LimitReader(r, int64(len(b))+1))
	return err == nil && bytes.Equal(got, b)
}
