// Package codecs registers Go's GIF and JPEG encoders with core/render,
// for the formats gif and jpeg. A program that writes them imports it for
// its effect; the browser's editor does not, and so carries neither
// package (core/render says why).
package codecs

import (
	"image"
	"image/gif"
	"image/jpeg"
	"io"

	"qrkeyless/core/render"
)

// JPEGQuality is the quality JPEG is written at: high enough that a
// module's colour stays within the tolerance docs/compat.md gives.
const JPEGQuality = 90

func init() {
	render.RegisterEncoder("gif", func(w io.Writer, m image.Image) error { return gif.Encode(w, m, nil) })
	render.RegisterEncoder("jpeg", func(w io.Writer, m image.Image) error {
		return jpeg.Encode(w, m, &jpeg.Options{Quality: JPEGQuality})
	})
}
