//go:build js

package api

import "qrkeyless/core/scan"

// imageLimits bound POST /api/v1/decode in the Worker. A Worker has 128 MB
// of memory and decoding takes about 5 bytes a pixel (RGBA plus a grey
// copy) on top of the body, so the Worker takes 12 megapixels, not the
// native 40.
var imageLimits = scan.Limits{MaxBytes: scan.DefaultMaxBytes, MaxPixels: 12_000_000}
