// Package contentcoding reads the HTTP content codings of the site's
// compressed copies (site/compress writes them, site/serve
// sends them): brotli and gzip, by their Content-Encoding tokens. It is
// for the build tool and the tests; the servers send the copies as they
// are and never decode them.
package contentcoding

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"

	"github.com/andybalholm/brotli"
)

// Reader returns r decoded as the content coding token: "br", "gzip", or
// "" (or "identity") for r as it is.
func Reader(token string, r io.Reader) (io.Reader, error) {
	switch token {
	case "br":
		return brotli.NewReader(r), nil
	case "gzip":
		return gzip.NewReader(r)
	case "", "identity":
		return r, nil
	}
	return nil, fmt.Errorf("contentcoding: no coding %q", token)
}

// Decode returns b decoded as the content coding token.
func Decode(token string, b []byte) ([]byte, error) {
	r, err := Reader(token, bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(r)
}
