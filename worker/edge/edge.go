// Package edge is the whole protocol between the Worker's edge cache
// (worker/front.mjs) and the handlers: the entry says in a request header
// (Header) what it wants of an answer, and a handler names the canonical
// key of a cacheable answer in a response header (KeyHeader). The entry
// files each answer under its request's URL and under that key, so that
// every spelling of one request (aliases, defaults written out or not, the
// /q/ form) finds the answer another spelling stored, and a repeated
// request is answered without entering Go.
package edge

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strings"
)

// Header carries the entry's mode on a request: 1 to have a cacheable
// answer carry its key, 2 to ask for the key alone (a 204 with KeyHeader,
// nothing drawn). The entry removes it from every request it receives, so
// only the entry sets it.
const Header = "X-Qr-Edge"

// KeyHeader carries an answer's canonical key back to the entry, which
// removes it.
const KeyHeader = "x-qr-key"

type mark struct{}

// FromEntry reads the entry's mode from r's Header into r's context,
// where Key finds it, and removes the header. Only the Worker calls it:
// the native server has no edge cache.
func FromEntry(r *http.Request) *http.Request {
	mode := r.Header.Get(Header)
	if mode == "" {
		return r
	}
	r.Header.Del(Header)
	return r.WithContext(context.WithValue(r.Context(), mark{}, mode == "2"))
}

// Skip keeps an answer out of the edge cache: one that depends on request
// headers the key does not hold (/q/<data> without an extension answers a
// terminal with text and a browser with PNG). The handler then answers as
// for a request that did not come through the entry.
func Skip(ctx context.Context) context.Context {
	return context.WithValue(ctx, mark{}, nil)
}

// Key returns the cache key of an answer that depends only on parts (the
// kind of answer and the canonical form of everything that shapes it), or
// "" for a request that did not come through the Worker's entry; keyOnly
// says that the entry asked for the key alone. The key is a path, so the
// entry can make it a URL.
func Key(ctx context.Context, parts ...string) (key string, keyOnly bool) {
	keyOnly, marked := ctx.Value(mark{}).(bool)
	if !marked {
		return "", false
	}
	sum := sha256.Sum256([]byte(strings.Join(parts, "\x00")))
	return "/.well-known/qr-cache/" + hex.EncodeToString(sum[:16]), keyOnly
}

// Tag names key in the answer w is writing, and when keyOnly ends it with
// 204, reporting true: the handler must stop. An empty key does nothing.
func Tag(w http.ResponseWriter, key string, keyOnly bool) bool {
	if key == "" {
		return false
	}
	w.Header().Set(KeyHeader, key)
	if keyOnly {
		w.WriteHeader(http.StatusNoContent)
	}
	return keyOnly
}

// First tags the answer to r with the key of parts (Key, Tag) before the
// answer is made, and reports whether the entry asked for the key alone,
// in which case the handler must stop. A secret answer is never cached:
// it gets no key.
func First(w http.ResponseWriter, r *http.Request, secret bool, parts ...string) bool {
	if secret {
		return false
	}
	key, keyOnly := Key(r.Context(), parts...)
	return Tag(w, key, keyOnly)
}
