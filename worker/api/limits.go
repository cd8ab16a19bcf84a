//go:build !js

package api

import "qrkeyless/core/scan"

// imageLimits bound POST /api/v1/decode natively: 16 MiB and
// 40 megapixels (docs/decisions.md, Image limits per runtime).
var imageLimits = scan.Limits{MaxBytes: scan.DefaultMaxBytes, MaxPixels: scan.DefaultMaxPixels}
