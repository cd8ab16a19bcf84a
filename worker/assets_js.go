package main

import (
	"bytes"
	"errors"
	"io/fs"
	"strings"
	"sync"
	"syscall/js"
	"time"

	"github.com/syumai/workers/cloudflare"
)

// pages is the site's editor pages as the Worker reads them: its static
// assets through the ASSETS binding (wrangler.toml), for a page opened
// from a link, which the API sends with the link's code in it
// (site/serve). Only pages (.html) are read; every other file is
// wrangler's to serve, and not here. A page read is kept for the life of
// the isolate: a deploy, the only thing that changes one, starts new
// isolates.
type pages struct {
	kept sync.Map // name -> []byte
}

func (p *pages) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) || !strings.HasSuffix(name, ".html") {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	if b, ok := p.kept.Load(name); ok {
		return &page{name: name, Reader: bytes.NewReader(b.([]byte))}, nil
	}
	// html_handling (wrangler.toml) serves wifi.html at /wifi and
	// index.html at /, and redirects the file's own name there.
	path := "/" + strings.TrimSuffix(strings.TrimSuffix(name, ".html"), "index")
	// The binding's fetch is called as it is: syumai/workers' fetch
	// package goes through net/http's client, which would add 5 MB to the
	// Worker for one GET.
	b, err := assetBytes("https://assets.local" + path)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	p.kept.Store(name, b)
	return &page{name: name, Reader: bytes.NewReader(b)}, nil
}

// page is a page read, as an fs.File that seeks (site/serve sends a
// ReadSeeker as it is).
type page struct {
	name string
	*bytes.Reader
}

func (f *page) Stat() (fs.FileInfo, error) { return f, nil }
func (f *page) Close() error               { return nil }
func (f *page) Name() string               { return f.name }
func (f *page) Size() int64                { return f.Reader.Size() }
func (f *page) Mode() fs.FileMode          { return 0o444 }
func (f *page) ModTime() time.Time         { return time.Time{} }
func (f *page) IsDir() bool                { return false }
func (f *page) Sys() any                   { return nil }

// assetBytes returns the body of the static asset at url, read through
// the ASSETS binding, or fs.ErrNotExist when it does not answer 200.
func assetBytes(url string) ([]byte, error) {
	res, err := await(cloudflare.GetBinding("ASSETS").Call("fetch", url))
	if err != nil {
		return nil, err
	}
	if res.Get("status").Int() != 200 {
		return nil, fs.ErrNotExist
	}
	buf, err := await(res.Call("arrayBuffer"))
	if err != nil {
		return nil, err
	}
	b := make([]byte, buf.Get("byteLength").Int())
	js.CopyBytesToGo(b, jsUint8Array.New(buf))
	return b, nil
}

// await waits for a JavaScript promise: its value, or its rejection as an
// error. The goroutine waits; the event loop runs on.
func await(promise js.Value) (js.Value, error) {
	type settled struct {
		v   js.Value
		err error
	}
	done := make(chan settled, 1)
	then := js.FuncOf(func(_ js.Value, args []js.Value) any {
		done <- settled{v: args[0]}
		return nil
	})
	catch := js.FuncOf(func(_ js.Value, args []js.Value) any {
		done <- settled{err: errors.New(args[0].Call("toString").String())}
		return nil
	})
	defer then.Release()
	defer catch.Release()
	promise.Call("then", then, catch)
	s := <-done
	return s.v, s.err
}
