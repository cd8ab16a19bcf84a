//go:build !js

package api

import "qrkeyless/core/scan"

// imageLimits bound POST /api/v1/decode natively: decisions.md's 16 MiB and
// 40 megapixels.
var imageLimits = scan.Limits{MaxBytes: scan.DefaultMaxBytes, MaxPixels: scan.DefaultMaxPixels}
