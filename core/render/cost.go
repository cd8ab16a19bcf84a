package render

// Costs of drawing, in nanoseconds natively on the development machine
// (WebAssembly takes about 2.5 times as long), besides each style's
// moduleNs: see Cost.
const (
	baseNs       = 50_000 // a symbol of any size and style: layout, encoding the file
	plainPixelNs = 0.5    // a pixel of the 1-bit PNG of plain squares
	pixelNs      = 4      // a pixel rasterized from outlines, anti-aliased
	gifPixelNs   = 12     // a pixel through GIF's LZW (10 to 12 measured at 512 to 2048 px)
	jpegPixelNs  = 65     // a pixel through JPEG's colour conversion and DCT (56 to 67 measured)
)

// Cost estimates the work of drawing a symbol of version v with o in the
// format f, in nanoseconds of the development machine: a fixed part,
// the outline of every dark module (half the modules, as masking makes
// them), and, for the raster formats, every pixel. It needs no drawing
// and no encoding: a batch adds the costs of its items before it draws
// any, and refuses a call that would take too long. make bench prints the
// estimate beside the time measured.
func Cost(v int, o Options, f Format) int64 { return CostOf(17+4*v, 17+4*v, o, f) }

// CostOf is Cost for a symbol of w x h modules: a Micro QR or rMQR symbol
// (qr.Code's Width and Height), whose canvas is o.Size wide and as high as
// its modules make it.
func CostOf(w, h int, o Options, f Format) int64 {
	n2 := int64(w) * int64(h)
	dark := n2 / 2
	cost := int64(baseNs)
	switch f.work {
	case cellWork:
		return cost + n2*10
	case outlineWork:
		return cost + dark*styles[styleIndex(o.Style)].moduleNs
	case printWork: // the same outlines, each number written in full and (PDF) compressed: about 8 times SVG's time
		return cost + 8*dark*styles[styleIndex(o.Style)].moduleNs
	}
	px := int64(o.Size) * int64(o.Size) * int64(h) / int64(w)
	switch f.work {
	case gifWork:
		cost += px * gifPixelNs
	case jpegWork:
		cost += px * jpegPixelNs
	}
	if o.plain() && o.Mark == "" {
		return cost + dark*styles[0].moduleNs + int64(float64(px)*plainPixelNs)
	}
	return cost + dark*styles[styleIndex(o.Style)].moduleNs + px*pixelNs
}

// Pixels is how many pixels drawing a symbol of w x h modules with o in
// f writes, for the raster formats; 0 for the others. A Worker's plan is
// charged for them apart from Cost (core/budget's PixelCPU), since
// WebAssembly compresses a picture at a cost the native figures do not
// show.
func Pixels(w, h int, o Options, f Format) int64 {
	switch f.work {
	case rasterWork, gifWork, jpegWork:
		return int64(o.Size) * int64(o.Size) * int64(h) / int64(w)
	}
	return 0
}
