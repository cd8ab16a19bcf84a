// Package scan finds and decodes the QR codes in an image.
//
// gozxing does the detection and decoding; this package prepares the image
// for it. gozxing alone misses inverted codes, low contrast, tiny modules
// and noisy photos, so Decode walks a short ladder of prepared versions of
// the image (see ladder.go) and stops at the first that yields a code, within
// a time budget. Corner points always refer to the caller's image, whatever
// scaling or rotation the ladder applied.
package scan

import (
	"errors"
	"fmt"
	"image"
	"math"
	"sort"
	"time"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/common"
	multiqr "github.com/makiuchi-d/gozxing/multi/qrcode"
	"github.com/makiuchi-d/gozxing/qrcode/decoder"
	"golang.org/x/text/encoding"

	"qrkeyless/core/payload"
)

// ErrNotFound reports an image in which no QR code could be decoded.
var ErrNotFound = errors.New("scan: no QR code found in the image")

// DefaultBudget is the time Decode spends on one image when Options.Budget
// is zero.
const DefaultBudget = 1500 * time.Millisecond

// Options tune Decode. The zero value is ready to use.
type Options struct {
	// Budget bounds the time spent trying prepared images. Decode checks it
	// between attempts, so one slow attempt may overrun it; 0 means
	// DefaultBudget.
	Budget time.Duration
}

// Code is one QR code found in an image.
type Code struct {
	Text string // content as text; byte segments decoded by their ECI or guessed charset
	// Bytes is the content before any charset guess: byte segments
	// without an ECI charset designator verbatim, everything else as in
	// Text. It differs from Text only for codes carrying non-UTF-8 bytes.
	Bytes   []byte
	Version int    // symbol version, 1 to 40; 0 for a structured-append sequence joined into one
	EC      string // error correction level: L, M, Q or H
	// Points are the symbol's four outer corners (quiet zone excluded) in
	// the caller's image pixels, clockwise from the code's own top-left
	// corner. Empty for a joined structured-append sequence.
	Points [][2]float64
	Kind   string            // payload kind recognised from Text, e.g. "wifi"; "text" when none claims it
	Fields map[string]string // that kind's fields read back from Text
}

// Decode returns every QR code it can find in img, in reading order (top to
// bottom, then left to right), or ErrNotFound. An image whose longer side
// exceeds 2048 pixels is examined shrunk to 2048 (see maxSide), so in a
// 4000-pixel photo a code needs modules of about 4 pixels or more.
func Decode(img image.Image, opt Options) ([]Code, error) {
	budget := opt.Budget
	if budget <= 0 {
		budget = DefaultBudget
	}
	start := time.Now()
	base := luminance(img)
	if base.w == 0 || base.h == 0 {
		return nil, ErrNotFound
	}
	if long := max(base.w, base.h); long > maxSide {
		base = resample(base, float64(maxSide)/float64(long))
	}
	return climb(base, ladder, start, budget)
}

// climb tries the steps on base in order until one yields codes.
func climb(base *plane, steps []step, start time.Time, budget time.Duration) ([]Code, error) {
	tried := 0
	for _, s := range steps {
		if time.Since(start) > budget {
			return nil, fmt.Errorf("%w (time budget of %v spent after %d attempts)", ErrNotFound, budget, tried)
		}
		p, ok := s.prepare(base)
		if !ok {
			continue
		}
		tried++
		if codes := read(p, s.binarizer); len(codes) > 0 {
			for i := range codes {
				codes[i].Kind, codes[i].Fields = payload.Recognize(codes[i].Text)
			}
			return codes, nil
		}
	}
	return nil, ErrNotFound
}

// read runs gozxing's multi-code reader over one prepared plane and maps
// what it finds back to the caller's image.
func read(p *plane, bin binarizer) (codes []Code) {
	// gozxing is a line-by-line port of Java code that relied on
	// exceptions; an index slip on some odd image must cost one rung of
	// the ladder, not the process (in WebAssembly, the whole instance).
	defer func() {
		if recover() != nil {
			codes = nil
		}
	}()
	src, err := gozxing.NewPlanarYUVLuminanceSource(p.pix, p.w, p.h, 0, 0, p.w, p.h, false)
	if err != nil {
		return nil
	}
	bmp, err := gozxing.NewBinaryBitmap(bin(src))
	if err != nil {
		return nil
	}
	results, _ := multiqr.NewQRCodeMultiReader().DecodeMultiple(bmp, tryHarder)
	for _, r := range results {
		c := newCode(r, p)
		if !duplicate(codes, c) {
			codes = append(codes, c)
		}
	}
	sort.SliceStable(codes, func(i, j int) bool { return before(codes[i], codes[j]) })
	return codes
}

func newCode(r *gozxing.Result, p *plane) Code {
	meta := r.GetResultMetadata()
	ec, _ := meta[gozxing.ResultMetadataType_ERROR_CORRECTION_LEVEL].(string)
	c := Code{Text: r.GetText(), Bytes: []byte(r.GetText()), EC: ec}
	level, err := decoder.ErrorCorrectionLevel_ValueOf(ec)
	if err != nil {
		return c
	}
	v := versionFor(len(r.GetRawBytes()), level)
	if v == nil {
		return c
	}
	c.Version = v.GetVersionNumber()
	c.Bytes = contentBytes(r.GetRawBytes(), c.Text, v, level)
	c.Points = corners(r.GetResultPoints(), v.GetDimensionForVersion(), p)
	return c
}

// versionFor finds the symbol version from the count of data codewords,
// which gozxing returns as raw bytes but does not label with a version:
// for a given level that count grows strictly with the version.
func versionFor(dataCodewords int, level decoder.ErrorCorrectionLevel) *decoder.Version {
	for n := 1; n <= 40; n++ {
		v, err := decoder.Version_GetVersionForNumber(n)
		if err != nil {
			return nil
		}
		if v.GetTotalCodewords()-v.GetECBlocksForLevel(level).GetTotalECCodewords() == dataCodewords {
			return v
		}
	}
	return nil
}

// contentBytes re-reads the data codewords with byte segments passed
// through untouched, since gozxing's text has already been converted from
// whatever charset it guessed.
func contentBytes(data []byte, text string, v *decoder.Version, level decoder.ErrorCorrectionLevel) []byte {
	raw := map[gozxing.DecodeHintType]interface{}{gozxing.DecodeHintType_CHARACTER_SET: encoding.Nop}
	d, err := decoder.DecodedBitStreamParser_Decode(data, v, level, raw)
	if err != nil {
		return []byte(text)
	}
	return []byte(d.GetText())
}

// corners turns gozxing's result points (finder centres bottom-left,
// top-left, top-right, then the bottom-right alignment pattern when found)
// into the symbol's outer corners. The finder centres sit 3.5 modules in
// from the edges; a projective map through them and a fourth point places
// the corners even in a tilted photo.
func corners(pts []gozxing.ResultPoint, dim int, p *plane) [][2]float64 {
	if len(pts) < 3 {
		return nil
	}
	bl, tl, tr := pts[0], pts[1], pts[2]
	d := float64(dim)
	// Without an alignment pattern, complete the parallelogram.
	fx, fy := tr.GetX()+bl.GetX()-tl.GetX(), tr.GetY()+bl.GetY()-tl.GetY()
	fm := d - 3.5
	if len(pts) > 3 && dim > 21 {
		fx, fy, fm = pts[3].GetX(), pts[3].GetY(), d-6.5
	}
	t := common.PerspectiveTransform_QuadrilateralToQuadrilateral(
		3.5, 3.5, d-3.5, 3.5, fm, fm, 3.5, d-3.5,
		tl.GetX(), tl.GetY(), tr.GetX(), tr.GetY(), fx, fy, bl.GetX(), bl.GetY())
	xy := []float64{0, 0, d, 0, d, d, 0, d}
	t.TransformPoints(xy)
	out := make([][2]float64, 4)
	for i := range out {
		x, y := p.back(xy[2*i], xy[2*i+1])
		out[i] = [2]float64{round2(x), round2(y)}
	}
	return out
}

func round2(v float64) float64 { return math.Round(v*100) / 100 }

// duplicate reports whether c is already in codes: the multi detector can
// find one symbol twice through different finder triples.
func duplicate(codes []Code, c Code) bool {
	for _, o := range codes {
		if o.Text != c.Text {
			continue
		}
		if len(o.Points) == 0 || len(c.Points) == 0 {
			return true
		}
		ox, oy, os := centre(o)
		cx, cy, _ := centre(c)
		if math.Hypot(ox-cx, oy-cy) < os/2 {
			return true
		}
	}
	return false
}

// centre returns the middle of a code and the length of its first edge.
func centre(c Code) (x, y, side float64) {
	if len(c.Points) < 4 {
		return 0, 0, 0
	}
	for _, p := range c.Points {
		x += p[0] / 4
		y += p[1] / 4
	}
	side = math.Hypot(c.Points[1][0]-c.Points[0][0], c.Points[1][1]-c.Points[0][1])
	return x, y, side
}

// before orders codes for reading: a code entirely above another comes
// first; codes side by side go left to right.
func before(a, b Code) bool {
	ax, ay, as := centre(a)
	bx, by, bs := centre(b)
	if math.Abs(ay-by) > (as+bs)/4 {
		return ay < by
	}
	return ax < bx
}
