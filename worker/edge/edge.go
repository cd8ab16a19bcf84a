// Package edge is what the Worker's edge cache (worker/front.mjs) asks of
// the handlers: the canonical key of a cacheable answer. The entry files
// each answer under its request's URL and under that key, so that every
// spelling of one request (aliases, defaults written out or not, the /q/
// form) finds the answer another spelling stored, and a repeated request
// is answered without entering Go.
package edge

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

type mark struct{}

// Mark marks a request that arrives through the Worker's entry: its
// cacheable answers carry their canonical key in x-qr-key, for the entry
// to file them under (the entry removes the header). With keyOnly, the
// handler stops once it knows the key and answers 204 with it, having
// drawn nothing: how the entry finds the canonical key of a spelling it
// has not seen.
func Mark(ctx context.Context, keyOnly bool) context.Context {
	return context.WithValue(ctx, mark{}, keyOnly)
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
