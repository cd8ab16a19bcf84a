// Package scan finds and decodes the QR codes in an image.
//
// Decode walks a ladder of prepared versions of the image (ladder.go) and
// stops at the first that yields a code and leaves no finder pattern
// unexplained (a small code printed inside a larger one climbs on), within
// a time budget and a budget of pixel work. Each rung thresholds its
// picture and reads it with the grid detector (finder.go, grid.go): finder
// patterns checked in each direction on their own scale, their dark and
// light runs each on a module of its own (so a blurred or faint finder
// whose dark rings bleed still counts) and ending at the image's edge
// where a code was cut out without its quiet zone, each finder's outline
// fitted as a quadrilateral, the symbol's projection fitted to the twelve
// outline corners and then followed cell by cell between the alignment
// patterns, so codes seen 45 degrees off their axis, bent round a bottle
// or through a wide lens are sampled where their modules are. gozxing
// decodes the sampled grid (format, version, Reed-Solomon, segments);
// where a finder has no corners to fit (a round eye), gozxing's own
// sampler from the three centres takes over. Corner points always refer
// to the caller's image, whatever scaling the ladder applied.
//
// Verify reads its pictures differently on purpose (verify.go): with a
// short ladder (gozxing's detector, then the grid detector for codes of
// version 7 up) that reads what zxing-cpp, the decoder behind many phone
// scanners, reads, and not Decode's, which reads more, so that what it
// calls scannable, phones read (the agreement set holds it to that).
//
// # The ladder
//
// Measured on the hard set (hardset.Generate(1, 10)) and the photo corpus
// (hardset.Photos(2, 20)), 410 images, each rung alone and then in the
// ladder's order, natively (TestRungTable; make bench writes the table to
// BENCHMARKS.md). Rungs are ordered by what they add per millisecond
// spent on the images that reach them; the ladder reads 403 of 410.
//
//	rung                  reads alone  ms alone  adds  tried on  ms there  added/ms
//	global threshold          325/410      0.54   325       410      221     1.47
//	upscaled (2x, <400 px)     20/410      0.14     1        85      0.9     1.09
//	local threshold           332/410      1.98    33        84       79     0.42
//	inverted                   10/410      2.05    10        51       55     0.18
//	denoised (5x5 mean)       269/410      2.40    10        41       61     0.16
//	denoised, stretched        35/410      1.94     6        31       52     0.12
//	sharpened                 317/410      4.90    14        25      103     0.14
//	flattened                 323/410      2.74     3        11       29     0.10
//	local mean                297/410      2.55     1         8       24     0.04
//	upscaled 3x, 4x            20/410  0.27, 0.45   0         7        0        -
//	flattened, inverted       (added after this table: see below)
//
// Global threshold reads most photos fastest; the hybrid (local) threshold
// reads uneven light; inverted reads light-on-dark codes; denoising reads
// faint codes under sensor noise (15 grey levels under noise of 8),
// thresholded at Otsu's level, since gozxing's global histogram sees one
// peak where dark and light lie under about 24 levels apart (on the faint
// set, hardset.Faint(1, 3): 129 of 144 pictures read against 91 with that
// histogram's threshold, and zxing-cpp's 48; the table's figures are from
// before);
// sharpening reads focus blur; flattening (subtracting a 49-pixel mean)
// reads codes under glare; the local mean reads a 2-pixel-module code in a
// busy picture. Upscaling 3x and 4x add nothing here but read codes of 2
// pixels a module in core/render's style matrix. Flattened and inverted,
// last, reads a light code on a dark card photographed on a light table,
// whose frame pulls every other threshold off (the real photo
// issue-54-2, which zxing-cpp reads, as taken and turned; nothing else in
// the hard set, the photo corpus or the real photos reaches it and reads).
// Measured and left out,
// since none adds an image after the ladder: gozxing's detector (298 and
// 293 alone, against the grid detector's 332 and 325 on the same
// thresholds), a 3x3 mean (343 alone), a local mean of radius 2 or 8,
// Sauvola's threshold (297), a 3x3 median (341, at 24 ms), a contrast
// stretch alone, and, before the grid detector, a 45-degree turn and four
// keystone corrections, which it made redundant. Mirrored codes need no
// rung: gozxing's decoder reads a grid transposed.
package scan

import (
	"context"
	"errors"
	"fmt"
	"image"
	"math"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/common"
	"github.com/makiuchi-d/gozxing/qrcode/decoder"
	"github.com/makiuchi-d/gozxing/qrcode/detector"
	"golang.org/x/text/encoding"

	"qrkeyless/core/budget"
	"qrkeyless/core/payload"
	"qrkeyless/core/qr"
)

// ErrNotFound reports an image in which no QR code could be decoded.
var ErrNotFound = errors.New("scan: no QR code found in the image")

// DefaultBudget is the time Decode spends on one image when Options.Budget
// is zero.
const DefaultBudget = 1500 * time.Millisecond

// DefaultMaxWork is the pixel work Decode spends on one image when
// Options.MaxWork is zero and the request's budget has it all left
// (budget.DecodePixels). 24 megapixels walk the whole ladder for any image
// up to 1600 x 1200, and stop a 2048 x 1536 plane of noise (the largest
// Decode reads) after seven rungs and 24.0 megapixels: 0.34 s natively and
// 0.68 s in WebAssembly on the development machine, against 0.39 s and
// 0.79 s for the whole ladder.
const DefaultMaxWork = budget.DecodePixels

// Options tune Decode. The zero value is ready to use.
type Options struct {
	// Budget bounds the time spent trying prepared images. Decode checks it
	// between attempts and between the candidate codes of one attempt; 0
	// means DefaultBudget.
	Budget time.Duration
	// MaxWork bounds the work of the search in pixels: those of the
	// prepared images read, and for each candidate code sampled, its
	// modules and a fixed part (see multi.go). 0 means the decode meter
	// of the request's budget (budget.From(Context)), which every decode
	// of one request shares. Unlike Budget it needs no clock: a Cloudflare
	// Worker's clock only advances across I/O, so to a ladder that
	// computes without pause the time budget never runs out.
	MaxWork int
	// Context, when not nil, ends the search once it is done (natively,
	// when the client has gone, so no work outlives its request) and
	// carries the request's budget.
	Context context.Context
}

// StopError is the error Decode returns when Options.Budget or
// Options.MaxWork ended the ladder before every step was tried. It says how
// far the ladder got; errors.Is(err, ErrNotFound) holds.
type StopError struct {
	Bound    string // "time", "work", "cpu" (the plan's) or "cancelled": the bound that was reached
	Attempts int    // prepared images read
	Work     int    // their pixels, summed
	Limit    string // the bound's value, e.g. "1.5s" or "20000000 pixels"
}

func (e *StopError) Error() string {
	return fmt.Sprintf("%v (%s budget of %s spent after %d attempts, %d pixels read)", ErrNotFound, e.Bound, e.Limit, e.Attempts, e.Work)
}

// Unwrap makes errors.Is(err, ErrNotFound) hold.
func (e *StopError) Unwrap() error { return ErrNotFound }

// NotFound words an error that wraps ErrNotFound for a person: what
// happened, with the bound that ended the search when one did, and what to
// change.
func NotFound(err error) (detail, fix string) {
	detail = "no QR code was found in the image"
	var stop *StopError
	if errors.As(err, &stop) && stop.Bound == "cpu" {
		return fmt.Sprintf("%s in the CPU the request had: %s, which ended the search after %d attempts", detail, stop.Limit, stop.Attempts),
			"Send a tighter crop of the code, sharp and in even light, so that the first attempts read it; or read it at /inspect, which decodes on your own device with no limit."
	}
	if errors.As(err, &stop) {
		detail = fmt.Sprintf("%s before every preparation was tried: the %s bound of %s ended the search after %d attempts", detail, stop.Bound, stop.Limit, stop.Attempts)
	}
	return detail, "Retake the picture in even light with the whole code in frame, its quiet zone included, at least about 2 pixels per module, and dark modules on a light background with good contrast."
}

// Code is one QR code found in an image, or one structured-append sequence
// of codes joined into one. Its JSON is a result of POST /api/v1/decode and
// of the qr_decode tool; see NewAnswer.
type Code struct {
	Text string `json:"text" desc:"The content as text."` // content as text; byte segments decoded by their ECI or guessed charset
	// Bytes is the content before any charset guess: byte segments
	// without an ECI charset designator verbatim, everything else as in
	// Text. It differs from Text only for codes carrying non-UTF-8 bytes.
	Bytes []byte `json:"bytes_base64" desc:"The content's bytes before any charset guess, in base64."`
	// Symbol is "qr", "micro" (Micro QR) or "rmqr" (rectangular Micro QR).
	Symbol  string `json:"symbol" desc:"Which symbol of the QR family: qr (QR Code), micro (Micro QR Code) or rmqr (rectangular Micro QR Code, ISO/IEC 23941)." schema:"enum=qr|micro|rmqr"`
	Version int    `json:"version" desc:"Symbol version: 1 to 40 for QR, 1 to 4 for Micro QR (M1 to M4), 1 to 32 for rMQR (R7x43 to R17x139, in ISO/IEC 23941's order); for a structured-append sequence, its first symbol's." schema:"minimum=1,maximum=40"`
	// VersionName is the version as the symbol's standard writes it.
	VersionName string `json:"version_name" desc:"The version as its standard names it: 1 to 40 for QR, M1 to M4 for Micro QR, R7x43 to R17x139 (rows x columns) for rMQR."`
	EC          string `json:"ec" desc:"Error correction level: L, M, Q or H; none for an M1 Micro QR symbol, which only detects errors." schema:"enum=L|M|Q|H|none"`
	// Points are the symbol's four outer corners (quiet zone excluded) in
	// the caller's image pixels, clockwise from the code's own top-left
	// corner.
	Points [][2]float64      `json:"points" desc:"The symbol's four outer corners (x, y in image pixels), clockwise from its own top-left; for a sequence, its first symbol's." schema:"minItems=4,maxItems=4"`
	Kind   string            `json:"kind" desc:"The payload kind recognised from the text; text when none claims it."`
	Fields map[string]string `json:"fields" desc:"That kind's fields read back from the text."`
	// Notes say what Text held that the kind's builder would not have
	// written (a value left out, an unusual form), so that reading a
	// payload never changes it silently.
	Notes []payload.Note `json:"notes,omitempty" desc:"What the text held that the kind's builder would not write (a value left out, an unusual form); absent when nothing."`
	// Parts lists the symbols of a structured-append sequence, in sequence
	// order, when Code joins them; Version, EC and Points are then those of
	// the first symbol found, as zxing-cpp reports a merged sequence. Nil
	// for a code that stands alone.
	Parts []Part `json:"parts,omitempty" desc:"Only for a structured-append sequence joined into one result: each symbol found, in sequence order."`

	// aligned is whether the detector found the bottom-right alignment
	// pattern (or the symbol, version 1, has none): without it the grid
	// is sampled by guess, which a phone's decoder may not do.
	aligned bool
	// members are a sequence's symbols as read, so that the parts read
	// on different rungs of the ladder join into one code (rejoin).
	members []symbol
}

// Part is one symbol of a structured-append sequence.
type Part struct {
	Index   int          `json:"index" desc:"Position in the sequence, from 1."`
	Total   int          `json:"total" desc:"Symbols in the sequence; fewer parts than this means some were not found."`
	Version int          `json:"version" desc:"Symbol version, 1 to 40." schema:"minimum=1,maximum=40"`
	EC      string       `json:"ec" desc:"Error correction level." schema:"enum=L|M|Q|H"`
	Points  [][2]float64 `json:"points" desc:"The symbol's four outer corners, clockwise from its own top-left." schema:"minItems=4,maxItems=4"`
}

// Answer is the JSON body of POST /api/v1/decode and the structured result
// of the qr_decode tool.
type Answer struct {
	Count   int    `json:"count" desc:"How many codes were found."`
	Results []Code `json:"results" desc:"Every code found, in reading order."`
}

// NewAnswer wraps codes for JSON, with every list and map present (empty
// rather than null), as the tool's output schema requires.
func NewAnswer(codes []Code) Answer {
	out := make([]Code, len(codes))
	for i, c := range codes {
		if c.Bytes == nil {
			c.Bytes = []byte{}
		}
		if c.Points == nil {
			c.Points = [][2]float64{}
		}
		if c.Fields == nil {
			c.Fields = map[string]string{}
		}
		out[i] = c
	}
	return Answer{Count: len(out), Results: out}
}

// Decode returns every QR code it can find in img, in reading order (top to
// bottom, then left to right), or ErrNotFound. An image whose longer side
// exceeds 2048 pixels is examined shrunk to 2048 (see maxSide), so in a
// 4000-pixel photo a code needs modules of about 4 pixels or more.
func Decode(img image.Image, opt Options) ([]Code, error) {
	b := newBounds(opt)
	base := luminance(img, maxSide)
	if base.w == 0 || base.h == 0 {
		return nil, ErrNotFound
	}
	return climbWithin(base, ladder, b)
}

// bounds end the ladder early: a time budget, a budget of work that holds
// where the clock does not move, and the request's context. They also
// count what the search has done, for StopError.
type bounds struct {
	start  time.Time
	budget time.Duration
	work   *budget.Meter
	ctx    context.Context
	trace  tracer // kept only by DecodeTraced

	tried int
}

func newBounds(opt Options) *bounds {
	b := &bounds{start: time.Now(), budget: opt.Budget, work: &budget.From(opt.Context).Decode, ctx: opt.Context}
	if b.budget <= 0 {
		b.budget = DefaultBudget
	}
	if opt.MaxWork > 0 {
		b.work = &budget.Meter{Name: "decode", Unit: "pixels", Limit: int64(opt.MaxWork)}
	}
	return b
}

// over reports the time bound or the context when either has ended the
// search, else nil.
func (b *bounds) over() *StopError {
	if b.ctx != nil && b.ctx.Err() != nil {
		return &StopError{"cancelled", b.tried, int(b.work.Used), b.ctx.Err().Error()}
	}
	if time.Since(b.start) > b.budget {
		return &StopError{"time", b.tried, int(b.work.Used), b.budget.String()}
	}
	return nil
}

// take charges n pixels of work, unless that would pass the bound: then
// nothing is charged and the bound is reported. The bound is never
// overrun.
func (b *bounds) take(n int) *StopError {
	if b.work.ByPlan(int64(n)) {
		return &StopError{"cpu", b.tried, int(b.work.Used), budget.From(b.ctx).PlanSays()}
	}
	if !b.work.Charge(int64(n)) {
		return &StopError{"work", b.tried, int(b.work.Used), fmt.Sprintf("%d pixels", b.work.Limit)}
	}
	return nil
}

// climb tries the steps on base in order until one yields codes, within
// the time budget and ctx's decode budget.
func climb(ctx context.Context, base *plane, steps []step, start time.Time, limit time.Duration) ([]Code, error) {
	b := newBounds(Options{Budget: limit, Context: ctx})
	b.start = start
	return climbWithin(base, steps, b)
}

// climbWithin tries the steps on base in order until one yields codes
// and leaves no finder pattern unexplained; the codes of every rung that
// read one are kept, each once. A step whose prepared image would take
// the work past the bound is not read, at the cost of one preparation;
// within a step, each candidate code is charged before it is sampled. A
// bound reached after some code was read ends the climb with the codes
// read.
func climbWithin(base *plane, steps []step, b *bounds) ([]Code, error) {
	var found []Code
	var stop *StopError
	for _, s := range steps {
		if stop = b.over(); stop != nil {
			break
		}
		p, ok := s.prepare(base)
		if !ok {
			continue
		}
		if stop = b.take(p.w * p.h); stop != nil {
			break
		}
		b.tried++
		if b.trace != nil {
			b.trace.climbing(s.name)
		}
		var codes []Code
		var more bool
		codes, more, stop = s.read(p, b)
		for _, c := range codes {
			if !duplicate(found, c) {
				found = append(found, c)
			}
		}
		found = rejoin(found)
		if stop != nil || len(codes) > 0 && !more {
			break
		}
	}
	if len(found) == 0 {
		if stop != nil {
			return nil, stop
		}
		return nil, ErrNotFound
	}
	sort.SliceStable(found, func(i, j int) bool { return before(found[i], found[j]) })
	for i := range found {
		found[i].Kind, found[i].Fields, found[i].Notes = payload.RecognizeNotes(found[i].Text)
	}
	return found, nil
}

// zxingReader reads a plane as gozxing's QRCodeMultiReader.DecodeMultiple
// does, binarized by bin, within bounds (see multi.go), and except joining
// structured-append symbols: gozxing's join drops their version, level and
// corners, and joins symbols of different sequences. It is the phone-like
// reader of Verify's camera model (verify.go); Decode reads with the grid
// detector.
func zxingReader(bin binarizer) reader {
	return func(p *plane, b *bounds) (codes []Code, _ bool, stop *StopError) {
		defer recovered(&codes)
		src, err := gozxing.NewPlanarYUVLuminanceSource(p.pix, p.w, p.h, 0, 0, p.w, p.h, false)
		if err != nil {
			return nil, false, nil
		}
		bmp, err := gozxing.NewBinaryBitmap(bin(src))
		if err != nil {
			return nil, false, nil
		}
		matrix, err := bmp.GetBlackMatrix()
		if err != nil {
			return nil, false, nil
		}
		det := detector.NewDetector(matrix)
		dec := decoder.NewDecoder()
		var syms []symbol
		for _, c := range finderCandidates(matrix) {
			if stop = b.over(); stop != nil {
				break
			}
			if stop = b.take(c.cost()); stop != nil {
				break
			}
			if s, ok := zxingSymbol(det, dec, c.info, p, b.trace); ok {
				syms = append(syms, s)
			}
		}
		codes, stop = finish(syms, stop)
		return codes, false, stop
	}
}

// zxingSymbol samples and decodes the code whose finders info names as
// gozxing's detector does, and records it in tr when tr is not nil.
func zxingSymbol(det *detector.Detector, dec *decoder.Decoder, info *detector.FinderPatternInfo, p *plane, tr tracer) (symbol, bool) {
	d, err := det.ProcessFinderPatternInfo(info)
	if err != nil {
		return symbol{}, false
	}
	var kept *gozxing.BitMatrix
	if tr != nil {
		kept = cloneBits(d.GetBits()) // gozxing's decoder unmasks what it reads
	}
	r, err := dec.Decode(d.GetBits(), tryHarder)
	if err != nil {
		if tr != nil {
			tr.failedCentres(d.GetPoints(), info.GetTopLeft().GetEstimatedModuleSize(), kept, p)
		}
		return symbol{}, false
	}
	pts := d.GetPoints()
	var sampled []gozxing.ResultPoint
	if tr != nil {
		sampled = append(sampled, pts...) // before any mirroring
	}
	meta, _ := r.GetOther().(*decoder.QRCodeDecoderMetaData)
	if meta != nil {
		meta.ApplyMirroredCorrection(pts)
	}
	dim := d.GetBits().GetHeight()
	s, ok := newSymbol(r, dim, corners(pts, dim, p), p)
	s.code.aligned = len(pts) > 3 || s.code.Version == 1
	if ok && tr != nil {
		tr.readCentres(s.code, sampled, kept, p, meta != nil && meta.IsMirrored())
	}
	return s, ok
}

// gridReader reads a plane binarized by bin with the grid detector
// (finder.go, grid.go), within bounds: the finders found, paired into
// would-be codes, each charged before it is sampled and decoded by
// gozxing's decoder. A finder of a code read belongs to no other.
func gridReader(bin func(*plane) *bitmap) reader {
	return func(p *plane, b *bounds) ([]Code, bool, *StopError) { return readGrids(bin, p, b) }
}

// readGrids is gridReader's work: one function, where a closure holding
// it was compiled once for each rung (50 KB of the program natively).
func readGrids(bin func(*plane) *bitmap, p *plane, b *bounds) (codes []Code, more bool, stop *StopError) {
	defer recovered(&codes)
	bm := bin(p)
	dec := decoder.NewDecoder()
	var det *detector.Detector // made when first needed
	var syms []symbol
	used := map[*finder]bool{}
	var read []gridTriple // the triples of the codes read
	found := findFinders(bm, 3)
	if b.trace != nil {
		b.trace.found(found, p)
	}
	// Rounds: the finders left after a round that read a code are paired
	// again, the best confirmed first, so that a picture of up to 16 codes
	// (a structured-append sequence laid out as a sheet) is read on one
	// rung, while a picture of one code costs no more.
	pool := found
	for round := 0; round < maxRounds && stop == nil && len(pool) >= 3; round++ {
		before, failed := len(read), 0
		// A round samples would-be codes until maxTriples have failed,
		// not maxTriples in all: in a sheet of codes, three finders of
		// neighbouring codes round the gap between them are as square
		// as one code's, and took the tries from the codes.
		for _, t := range gridTriples(pool) {
			if failed == maxTriples {
				break
			}
			if used[t.tl] || used[t.tr] || used[t.bl] {
				continue
			}
			if stop = b.over(); stop != nil {
				break
			}
			if stop = b.take(t.cost()); stop != nil {
				break
			}
			if b.trace != nil {
				b.trace.tried()
			}
			if g, ok := readGrid(bm, t, dec, b.trace, p); ok {
				used[t.tl], used[t.tr], used[t.bl] = true, true, true
				read = append(read, t)
				if s, ok := newSymbol(g.result, g.dim, backCorners(g.corners, p), p); ok {
					s.code.aligned = g.aligned
					syms = append(syms, s)
					if b.trace != nil {
						b.trace.readGrid(s.code, g, p)
					}
				}
				continue
			}
			// A round or styled eye has no corners to fit: sample as
			// gozxing does, from the three centres and an alignment
			// pattern searched for near where they put it.
			if det == nil {
				det = detector.NewDetector(bm.matrix())
			}
			if s, ok := zxingSymbol(det, dec, t.info(), p, b.trace); ok {
				used[t.tl], used[t.tr], used[t.bl] = true, true, true
				read = append(read, t)
				syms = append(syms, s)
				continue
			}
			failed++
		}
		if len(read) == before {
			break
		}
		pool = slices.DeleteFunc(slices.Clone(pool), func(f *finder) bool {
			return used[f] || slices.ContainsFunc(read, func(t gridTriple) bool { return t.explains(f) })
		})
	}
	// Finders left over may each be a Micro QR or rMQR symbol's one.
	var singles []single
	if stop == nil {
		singles, stop = readSingles(bm, p, found, read, b)
		for _, s := range singles {
			syms = append(syms, s.sym)
		}
	}
	codes, stop = finish(syms, stop)
	return codes, len(codes) > 0 && unexplained(found, read, singles), stop
}

// recovered turns a panic into no codes. gozxing is a line-by-line port
// of Java code that relied on exceptions; an index slip on some odd image
// must cost one rung of the ladder, not the process (in WebAssembly, the
// whole instance).
func recovered(codes *[]Code) {
	if recover() != nil {
		*codes = nil
	}
}

// finish joins the symbols read on one plane into codes, each once, in
// reading order.
func finish(syms []symbol, stop *StopError) (codes []Code, _ *StopError) {
	for _, c := range join(syms) {
		if !duplicate(codes, c) {
			codes = append(codes, c)
		}
	}
	sort.SliceStable(codes, func(i, j int) bool { return before(codes[i], codes[j]) })
	return codes, stop
}

// symbol is one decoded QR symbol, before structured-append symbols are
// joined.
type symbol struct {
	code   Code
	seq    int // structured-append sequence byte: index<<4 | (total-1); -1 for none
	parity int
}

// newSymbol describes a decoded symbol of the given dimension in modules.
func newSymbol(r *common.DecoderResult, dim int, points [][2]float64, p *plane) (symbol, bool) {
	level, err := decoder.ErrorCorrectionLevel_ValueOf(r.GetECLevel())
	if err != nil {
		return symbol{}, false
	}
	v, err := decoder.Version_GetVersionForNumber((dim - 17) / 4)
	if err != nil || v.GetDimensionForVersion() != dim {
		return symbol{}, false
	}
	c := Code{
		Text:        r.GetText(),
		Bytes:       contentBytes(r.GetRawBytes(), r.GetText(), v, level),
		Symbol:      qr.QR.String(),
		Version:     v.GetVersionNumber(),
		VersionName: qr.VersionName(qr.QR, v.GetVersionNumber()),
		EC:          level.String(),
		Points:      points,
	}
	s := symbol{code: c, seq: -1}
	if r.HasStructuredAppend() {
		s.seq, s.parity = r.GetStructuredAppendSequenceNumber(), r.GetStructuredAppendParity()
	}
	return s, true
}

// join turns symbols into codes: each standalone symbol is a code, and the
// symbols of one structured-append sequence (those sharing a parity byte)
// become one code whose text is theirs in sequence order.
func join(syms []symbol) []Code {
	var codes []Code
	seqs := map[int][]symbol{}
	var parities []int
	for _, s := range syms {
		if s.seq < 0 {
			codes = append(codes, s.code)
			continue
		}
		if _, ok := seqs[s.parity]; !ok {
			parities = append(parities, s.parity)
		}
		seqs[s.parity] = append(seqs[s.parity], s)
	}
	for _, parity := range parities {
		codes = append(codes, sequence(seqs[parity]))
	}
	return codes
}

// sequence joins the symbols of one structured-append sequence, each
// index once, in order.
func sequence(syms []symbol) Code {
	sort.SliceStable(syms, func(i, j int) bool { return syms[i].seq < syms[j].seq })
	var c Code
	var text strings.Builder
	for i, s := range syms {
		if i > 0 && s.seq == syms[i-1].seq {
			continue // one symbol found twice through different finder triples
		}
		if c.Parts == nil {
			c.Symbol, c.Version, c.VersionName, c.EC, c.Points = s.code.Symbol, s.code.Version, s.code.VersionName, s.code.EC, s.code.Points
		}
		text.WriteString(s.code.Text)
		c.Bytes = append(c.Bytes, s.code.Bytes...)
		c.Parts = append(c.Parts, Part{Index: s.seq>>4 + 1, Total: s.seq&0xf + 1,
			Version: s.code.Version, EC: s.code.EC, Points: s.code.Points})
	}
	c.Text = text.String()
	c.members = syms
	return c
}

// rejoin joins the parts of a sequence that different rungs read into one
// code: a rung joins the symbols it read (finish), and in a sheet of
// codes one threshold or scale can read some parts and another the rest.
// Codes that stand alone are kept as they are.
func rejoin(codes []Code) []Code {
	var out []Code
	var syms []symbol
	for _, c := range codes {
		if c.members == nil {
			out = append(out, c)
			continue
		}
		syms = append(syms, c.members...)
	}
	return append(out, join(syms)...)
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

// backCorners maps corners in p's pixels back to the caller's image.
func backCorners(q [4][2]float64, p *plane) [][2]float64 {
	out := make([][2]float64, 4)
	for i, c := range q {
		x, y := p.back(c[0], c[1])
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
