package scan

import (
	"bytes"
	"cmp"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"math"
	"strings"

	"qrkeyless/core/budget"

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
	// DefaultMaxMemory bounds the memory the decoded pixels take, which
	// the header tells with the pixel format: a 32-byte WebP declaring
	// 6000 x 6600 decodes to 158 MB of RGBA, a 77 KB 16-bit grey PNG to
	// 79 MB. 48 MiB keeps a decode under 100 MB in all (the ladder's
	// prepared images add up to 40 MB; make bench's hostile table).
	DefaultMaxMemory = 48 << 20
)

// Limits bound what DecodeBytes accepts. Zero fields take the defaults.
type Limits struct {
	MaxBytes  int // encoded bytes
	MaxPixels int // pixels the header declares
	MaxMemory int // bytes the decoded pixels take, by their format
}

// SizeError is the ErrTooLarge error: it says which limit was passed and
// by how much. The byte fields, or the pixel fields, or the pixel fields
// and the memory fields are set.
type SizeError struct {
	Bytes, MaxBytes          int
	Width, Height, MaxPixels int
	// Memory is what the decoded pixels would take: PerPixel bytes a
	// pixel in the format the header declares.
	Memory, MaxMemory int
	PerPixel          float64
	// Plan, when set, says that MaxPixels is what the plan's CPU allows
	// (budget.Budget.PlanSays), not a limit of the service's own.
	Plan string
}

func (e *SizeError) Error() string {
	switch {
	case e.Bytes > 0:
		return fmt.Sprintf("%v: %d bytes, the limit is %d", ErrTooLarge, e.Bytes, e.MaxBytes)
	case e.Plan != "":
		return fmt.Sprintf("%v: %dx%d pixels (%.2f megapixels) would take more CPU than is left: %s, about %.2f megapixels",
			ErrTooLarge, e.Width, e.Height, float64(e.Width)*float64(e.Height)/1e6, e.Plan, float64(e.MaxPixels)/1e6)
	case e.Memory > 0:
		return fmt.Sprintf("%v: %dx%d pixels at %g bytes a pixel decode to %.1f MB, the limit is %.1f MB",
			ErrTooLarge, e.Width, e.Height, e.PerPixel, float64(e.Memory)/1e6, float64(e.MaxMemory)/1e6)
	}
	return fmt.Sprintf("%v: %dx%d pixels (%.1f megapixels), the limit is %.0f megapixels",
		ErrTooLarge, e.Width, e.Height, float64(e.Width)*float64(e.Height)/1e6, float64(e.MaxPixels)/1e6)
}

// TooLarge words an ErrTooLarge error's fix for a person: what to send
// instead.
func TooLarge(err error) string {
	var se *SizeError
	switch {
	case !errors.As(err, &se):
		return "Send a smaller image."
	case se.Bytes > 0:
		return fmt.Sprintf("Send an image of at most %d MiB.", se.MaxBytes>>20)
	case se.Plan != "":
		side := int(math.Sqrt(float64(se.MaxPixels)))
		return fmt.Sprintf("Crop or scale the image down to at most %d x %d pixels (%.2f megapixels), the code filling it; or read it at /inspect, which decodes on your own device with no limit.", side, side, float64(se.MaxPixels)/1e6)
	case se.Memory > 0 && se.PerPixel > 1:
		return fmt.Sprintf("Scale the image down to at most %.1f megapixels, or save it with 8 bits a channel in grey or as a JPEG, which take less memory a pixel.", float64(se.Fits())/1e6)
	}
	return fmt.Sprintf("Scale the image down to at most %.1f megapixels.", float64(se.Fits())/1e6)
}

// Fits is the largest number of pixels that would pass the limits the
// error names, at the image's own bytes a pixel: what a fix asks to scale
// the image down to.
func (e *SizeError) Fits() int {
	if e.Memory > 0 {
		return min(e.MaxPixels, int(float64(e.MaxMemory)/e.PerPixel))
	}
	return e.MaxPixels
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
// and returns the QR codes in it, as Decode does with default Options.
// The image is read by ReadImage.
func DecodeBytes(ctx context.Context, data []byte, lim Limits) ([]Code, error) {
	img, err := ReadImage(ctx, data, lim)
	if err != nil {
		return nil, err
	}
	return Decode(img, Options{Context: ctx})
}

// firstPassSampled is what the search's first pass reads besides the
// picture's pixels, in pixels of decode work: the candidate codes sampled
// (about 67,000 measured on core/scan/testdata/photos, whatever the
// picture's size).
const firstPassSampled = 70_000

// ReadImage decodes an encoded PNG, JPEG, GIF (first frame) or WebP image
// within lim. The type is sniffed from the content, not trusted from a
// label. The size is checked twice before any pixel is decoded: the
// encoded bytes, then the dimensions the header declares, so a small file
// claiming a huge canvas costs nothing. On a plan (the budget ctx
// carries), unpacking the pixels and one pass of the search over them
// must fit the CPU the request has left: a picture too large for it is a
// SizeError whose Fits is the size that would be.
func ReadImage(ctx context.Context, data []byte, lim Limits) (image.Image, error) {
	maxBytes, maxPixels, maxMemory := cmp.Or(lim.MaxBytes, DefaultMaxBytes), cmp.Or(lim.MaxPixels, DefaultMaxPixels), cmp.Or(lim.MaxMemory, DefaultMaxMemory)
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
	pixels := int64(cfg.Width) * int64(cfg.Height)
	if pixels > int64(maxPixels) {
		return nil, &SizeError{Width: cfg.Width, Height: cfg.Height, MaxPixels: maxPixels}
	}
	per := pixelBytes(f.mime, cfg.ColorModel, data)
	if mem := float64(pixels) * per; mem > float64(maxMemory) {
		return nil, &SizeError{Width: cfg.Width, Height: cfg.Height, MaxPixels: maxPixels, Memory: int(mem), MaxMemory: maxMemory, PerPixel: per}
	}
	if b := budget.From(ctx); b.Plan > 0 {
		// Unpacking is charged now; the search's first pass over every
		// pixel must fit after it, or no code could be found in time.
		// The size that fits assumes half a byte a pixel at least: a crop
		// or a scaled copy of a picture that compresses well (a code drawn
		// flat) is greyer and compresses less.
		unpack := pixels*budget.ImageCPU + int64(len(data))*budget.ImageByteCPU
		per := budget.ImageCPU + budget.ImageByteCPU*max(float64(len(data))/float64(max(pixels, 1)), 0.5) + budget.DecodeCPU
		left := b.CPU.Left() - budget.ImageFloorCPU - firstPassSampled*budget.DecodeCPU
		if float64(pixels)*per > float64(left) {
			return nil, &SizeError{Width: cfg.Width, Height: cfg.Height, MaxPixels: int(float64(max(left, 0)) / per), Plan: b.PlanSays()}
		}
		b.Afford(budget.ImageFloorCPU + unpack)
		b.Reading()
	}
	img, err := f.decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrCorrupt, f.mime, err)
	}
	return img, nil
}

// pixelBytes is the memory a pixel takes in the image the standard
// decoder returns for a header declaring model cm.
func pixelBytes(mime string, cm color.Model, data []byte) float64 {
	if mime == "image/jpeg" {
		return jpegPixelBytes(data)
	}
	switch cm {
	case color.GrayModel:
		return 1
	case color.Gray16Model:
		return 2
	case color.YCbCrModel:
		return 1.5 // lossy WebP is always 4:2:0
	case color.NYCbCrAModel:
		return 2.5
	case color.RGBA64Model, color.NRGBA64Model:
		return 8
	}
	if _, ok := cm.(color.Palette); ok {
		return 1
	}
	return 4 // RGBA, NRGBA
}

// jpegPixelBytes reads a JPEG's frame header for the memory its pixels
// take once decoded: a byte a pixel for each component, less for a
// subsampled chroma component (each takes a byte per block of H x V
// pixels), and for a progressive JPEG four times as much again, since
// Go's decoder keeps every component's coefficients as int32 until the
// last scan. Without a readable header it assumes the most.
func jpegPixelBytes(data []byte) float64 {
	const worst = 4 * 5
	for i := 2; i+4 <= len(data); {
		if data[i] != 0xff {
			return worst
		}
		marker, n := data[i+1], int(data[i+2])<<8|int(data[i+3])
		// SOF0-SOF15 but DHT (c4), JPG (c8) and DAC (cc).
		if marker < 0xc0 || marker > 0xcf || marker == 0xc4 || marker == 0xc8 || marker == 0xcc {
			i += 2 + n
			continue
		}
		seg := data[i+4 : min(len(data), i+2+n)]
		if len(seg) < 6 || len(seg) < 6+3*int(seg[5]) || seg[5] == 0 {
			return worst
		}
		hv := func(c int) (int, int) { b := seg[6+3*c+1]; return int(b >> 4), int(b & 15) }
		hmax, vmax := 1, 1
		for c := range int(seg[5]) {
			h, v := hv(c)
			if h == 0 || v == 0 {
				return worst
			}
			hmax, vmax = max(hmax, h), max(vmax, v)
		}
		per := 0.0
		for c := range int(seg[5]) {
			h, v := hv(c)
			per += float64(h*v) / float64(hmax*vmax)
		}
		if marker&3 == 2 { // c2, c6, ca, ce: progressive
			per *= 5
		}
		return per
	}
	return worst
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
