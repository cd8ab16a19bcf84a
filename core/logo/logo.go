// Package logo reads the image a caller puts in the middle of a code: a
// data URI holding SVG, PNG, JPEG or WebP, never a remote URL (the service
// fetches nothing). It checks sizes before decoding anything, sanitises
// SVG to drawing elements alone, and draws the logo into a PNG or writes
// it into an SVG (SVG as vector, raster logos as an embedded PNG).
package logo

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"image/jpeg"
	"image/png"
	"net/url"
	"strings"

	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/webp"
)

// Limits on what a logo may be, checked before it is decoded.
const (
	MaxBytes  = 256 << 10 // the image itself, after base64
	MaxSide   = 2048      // pixels a side of a raster logo
	MaxPixels = 2 << 20   // pixels of a raster logo
)

// Types are the media types a logo may have, by their short names.
var Types = map[string]string{
	"image/svg+xml": "svg",
	"image/png":     "png",
	"image/jpeg":    "jpeg",
	"image/webp":    "webp",
}

// Error is what is wrong with a logo, in words for the caller.
type Error struct{ Msg string }

func (e *Error) Error() string { return "logo: " + e.Msg }

func fail(format string, args ...any) error { return &Error{fmt.Sprintf(format, args...)} }

// Logo is a checked logo, ready to draw.
type Logo struct {
	Type string  // "svg", "png", "jpeg" or "webp"
	W, H float64 // its intrinsic size: pixels, or the SVG's viewBox
	Hash string  // of what is drawn, for cache keys: two URIs of one image draw the same

	svg    *svgDoc     // Type svg: the sanitised document
	img    image.Image // a raster logo, decoded
	pngURI string      // a raster logo as a PNG data URI, for SVG output
}

// Parse reads a data URI: data:<type>[;base64],<data>. Only the four
// image types are taken; a URL of any other scheme is refused, since the
// service fetches nothing.
func Parse(uri string) (*Logo, error) {
	rest, ok := strings.CutPrefix(uri, "data:")
	if !ok {
		if i := strings.Index(uri, ":"); i > 0 && i < 8 {
			return nil, fail("%s: URLs are not fetched; send the image itself as a data URI (data:image/png;base64,...)", uri[:i])
		}
		return nil, fail("not a data URI; send data:image/png;base64,... (or svg+xml, jpeg, webp)")
	}
	head, payload, ok := strings.Cut(rest, ",")
	if !ok {
		return nil, fail("the data URI has no comma before its data")
	}
	parts := strings.Split(head, ";")
	media := strings.ToLower(strings.TrimSpace(parts[0]))
	typ, ok := Types[media]
	if !ok {
		return nil, fail("media type %q is not one of image/svg+xml, image/png, image/jpeg, image/webp", media)
	}
	b64 := false
	for _, p := range parts[1:] {
		if strings.EqualFold(strings.TrimSpace(p), "base64") {
			b64 = true
		}
	}
	if len(payload) > MaxBytes*4/3+4 {
		return nil, fail("the image is over %d KiB; send a smaller one", MaxBytes>>10)
	}
	var data []byte
	var err error
	if b64 {
		// Spaces and line breaks are not base64; a URL may have turned + into a space.
		clean := strings.NewReplacer(" ", "+", "\n", "", "\r", "", "\t", "").Replace(payload)
		data, err = base64.StdEncoding.DecodeString(clean)
		if err != nil {
			data, err = base64.RawStdEncoding.DecodeString(strings.TrimRight(clean, "="))
		}
		if err != nil {
			return nil, fail("the base64 data does not decode: %v", err)
		}
	} else {
		s, err := url.PathUnescape(payload)
		if err != nil {
			return nil, fail("the data is not percent-encoded text: %v", err)
		}
		data = []byte(s)
	}
	if len(data) > MaxBytes {
		return nil, fail("the image is %d KiB, over %d KiB; send a smaller one", len(data)>>10, MaxBytes>>10)
	}
	if typ == "svg" {
		return parseSVG(data)
	}
	return parseRaster(typ, data)
}

// parseRaster checks a raster logo's header before decoding its pixels.
func parseRaster(typ string, data []byte) (*Logo, error) {
	decodeConfig, decode := png.DecodeConfig, png.Decode
	switch typ {
	case "jpeg":
		decodeConfig, decode = jpeg.DecodeConfig, jpeg.Decode
	case "webp":
		decodeConfig, decode = webp.DecodeConfig, webp.Decode
	}
	cfg, err := decodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, fail("the %s image does not decode: %v", typ, err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width > MaxSide || cfg.Height > MaxSide || cfg.Width*cfg.Height > MaxPixels {
		return nil, fail("the image is %d x %d pixels; at most %d a side and %d in all", cfg.Width, cfg.Height, MaxSide, MaxPixels)
	}
	img, err := decode(bytes.NewReader(data))
	if err != nil {
		return nil, fail("the %s image does not decode: %v", typ, err)
	}
	l := &Logo{Type: typ, W: float64(cfg.Width), H: float64(cfg.Height), img: img}
	embed := data
	if typ != "png" {
		// JPEG and PNG are what every SVG reader shows; WebP is not.
		// A JPEG is kept as it is, WebP re-encoded.
		if typ == "jpeg" {
			l.pngURI = "data:image/jpeg;base64," + base64.StdEncoding.EncodeToString(data)
		} else {
			var b bytes.Buffer
			if err := png.Encode(&b, img); err != nil {
				return nil, fail("the image could not be re-encoded: %v", err)
			}
			embed = b.Bytes()
		}
	}
	if l.pngURI == "" {
		l.pngURI = "data:image/png;base64," + base64.StdEncoding.EncodeToString(embed)
	}
	sum := sha256.Sum256(data)
	l.Hash = hex.EncodeToString(sum[:8])
	return l, nil
}

// Draw paints the logo into r of dst, scaled to fit with its aspect kept
// and centred, over what dst holds (a transparent logo shows the plate or
// the code's background through it).
func (l *Logo) Draw(dst *image.RGBA, r image.Rectangle) {
	fit := l.fit(r)
	if fit.Empty() {
		return
	}
	if l.svg != nil {
		// Drawn on its own small canvas, then over dst: oksvg's scanner
		// costs what its canvas spans.
		small := image.NewRGBA(image.Rect(0, 0, fit.Dx(), fit.Dy()))
		l.svg.draw(small, small.Bounds())
		draw.Draw(dst, fit, small, image.Point{}, draw.Over)
		return
	}
	xdraw.CatmullRom.Scale(dst, fit, l.img, l.img.Bounds(), draw.Over, nil)
}

// fit is the largest rectangle of the logo's aspect centred in r.
func (l *Logo) fit(r image.Rectangle) image.Rectangle {
	w, h := float64(r.Dx()), float64(r.Dy())
	if l.W/l.H > w/h {
		h = w * l.H / l.W
	} else {
		w = h * l.W / l.H
	}
	x0 := r.Min.X + int((float64(r.Dx())-w)/2+0.5)
	y0 := r.Min.Y + int((float64(r.Dy())-h)/2+0.5)
	return image.Rect(x0, y0, x0+int(w+0.5), y0+int(h+0.5))
}

// SVG writes the logo as an SVG element filling the box at x, y of side
// w by h (in the including document's units), aspect kept and centred:
// an SVG logo as a nested svg element, drawn as vector, a raster one as
// an image holding its PNG (or JPEG) as a data URI.
func (l *Logo) SVG(b *bytes.Buffer, x, y, w, h string) {
	if l.svg != nil {
		l.svg.write(b, x, y, w, h)
		return
	}
	fmt.Fprintf(b, `<image x="%s" y="%s" width="%s" height="%s" preserveAspectRatio="xMidYMid meet" href="%s"/>`, x, y, w, h, l.pngURI)
}

// IsError reports whether err is what is wrong with a logo (an Error).
func IsError(err error) bool {
	var e *Error
	return errors.As(err, &e)
}
