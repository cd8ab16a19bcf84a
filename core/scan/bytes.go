package scan

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"image"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"strings"

	"golang.org/x/image/webp"
)

// Errors DecodeBytes returns besides ErrNotFound, each wrapped with
// detail. The HTTP layer maps them to 415, 413 and 400.
var (
	ErrUnsupportedType = errors.New("scan: unsupported image type")
	ErrTooLarge        = errors.New("scan: image too large")
	ErrCorrupt         = errors.New("scan: corrupt or truncated image")
	ErrNotBase64       = errors.New("scan: image is not base64 or a base64 data URI")
)

// Types lists the media types DecodeBytes accepts.
var Types = []string{"image/png", "image/jpeg", "image/gif", "image/webp"}

// Default limits, from the decode endpoint's contract.
const (
	DefaultMaxBytes  = 16 << 20   // 16 MiB of encoded image
	DefaultMaxPixels = 40_000_000 // 40 megapixels declared in the header
)

// Limits bound what DecodeBytes accepts. Zero fields take the defaults.
type Limits struct {
	MaxBytes  int
	MaxPixels int
}

// SizeError is the ErrTooLarge error: it says which limit was passed and
// by how much. Either the byte fields or the pixel fields are set.
type SizeError struct {
	Bytes, MaxBytes          int
	Width, Height, MaxPixels int
}

func (e *SizeError) Error() string {
	if e.Bytes > 0 {
		return fmt.Sprintf("%v: %d bytes, the limit is %d", ErrTooLarge, e.Bytes, e.MaxBytes)
	}
	return fmt.Sprintf("%v: %dx%d pixels (%.1f megapixels), the limit is %.0f megapixels",
		ErrTooLarge, e.Width, e.Height, float64(e.Width)*float64(e.Height)/1e6, float64(e.MaxPixels)/1e6)
}

// Unwrap makes errors.Is(err, ErrTooLarge) hold.
func (e *SizeError) Unwrap() error { return ErrTooLarge }

// format is one image codec DecodeBytes accepts.
type format struct {
	mime   string
	magic  func([]byte) bool
	config func(io.Reader) (image.Config, error)
	decode func(io.Reader) (image.Image, error)
}

var formats = []format{
	{"image/png", prefix("\x89PNG\r\n\x1a\n"), png.DecodeConfig, png.Decode},
	{"image/jpeg", prefix("\xff\xd8\xff"), jpeg.DecodeConfig, jpeg.Decode},
	{"image/gif", func(b []byte) bool { return prefix("GIF87a")(b) || prefix("GIF89a")(b) }, gif.DecodeConfig, gif.Decode},
	{"image/webp", func(b []byte) bool { return len(b) >= 12 && string(b[:4]) == "RIFF" && string(b[8:12]) == "WEBP" }, webp.DecodeConfig, webp.Decode},
}

func prefix(p string) func([]byte) bool {
	return func(b []byte) bool { return bytes.HasPrefix(b, []byte(p)) }
}

// DecodeBytes decodes an encoded PNG, JPEG, GIF (first frame) or WebP image
// and returns the QR codes in it, as Decode does with default Options. The
// type is sniffed from the content, not trusted from a label. The size is
// checked twice before any pixel is decoded: the encoded bytes, then the
// dimensions the header declares, so a small file claiming a huge canvas
// costs nothing.
func DecodeBytes(data []byte, lim Limits) ([]Code, error) {
	maxBytes, maxPixels := lim.MaxBytes, lim.MaxPixels
	if maxBytes <= 0 {
		maxBytes = DefaultMaxBytes
	}
	if maxPixels <= 0 {
		maxPixels = DefaultMaxPixels
	}
	if len(data) > maxBytes {
		return nil, &SizeError{Bytes: len(data), MaxBytes: maxBytes}
	}
	var f *format
	for i := range formats {
		if formats[i].magic(data) {
			f = &formats[i]
			break
		}
	}
	if f == nil {
		return nil, fmt.Errorf("%w: send one of %s", ErrUnsupportedType, strings.Join(Types, ", "))
	}
	cfg, err := f.config(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%w: %s header: %v", ErrCorrupt, f.mime, err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return nil, fmt.Errorf("%w: %s header declares %dx%d pixels", ErrCorrupt, f.mime, cfg.Width, cfg.Height)
	}
	if int64(cfg.Width)*int64(cfg.Height) > int64(maxPixels) {
		return nil, &SizeError{Width: cfg.Width, Height: cfg.Height, MaxPixels: maxPixels}
	}
	img, err := f.decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrCorrupt, f.mime, err)
	}
	return Decode(img, Options{})
}

// DecodeDataURI returns the bytes of an image sent as text, as the JSON
// body of POST /api/v1/decode and the qr_decode tool both take it: a data
// URI (data:image/png;base64,...) or bare base64, in the standard or the
// URL-safe alphabet, padded or not, wrapped on several lines or not. People
// and agents paste all of these; refusing any would only cost a retry.
func DecodeDataURI(s string) ([]byte, error) {
	if len(s) >= 5 && strings.EqualFold(s[:5], "data:") {
		comma := strings.IndexByte(s, ',')
		if comma < 0 || !strings.HasSuffix(strings.ToLower(s[:comma]), ";base64") {
			return nil, fmt.Errorf("%w: a data URI, but not a base64 one (data:image/png;base64,...)", ErrNotBase64)
		}
		s = s[comma+1:]
	}
	if strings.ContainsAny(s, " \t\r\n") { // copy a large image only when it is wrapped
		s = strings.Map(func(r rune) rune {
			if r == ' ' || r == '\t' || r == '\r' || r == '\n' {
				return -1
			}
			return r
		}, s)
	}
	enc := base64.StdEncoding
	if strings.ContainsAny(s, "-_") {
		enc = base64.URLEncoding
	}
	img, err := enc.WithPadding(base64.NoPadding).DecodeString(strings.TrimRight(s, "="))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNotBase64, err)
	}
	if len(img) == 0 {
		return nil, fmt.Errorf("%w: it is empty", ErrNotBase64)
	}
	return img, nil
}
