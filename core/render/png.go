package render

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"math"
	"sync"

	"golang.org/x/image/vector"

	"qrkeyless/core/qr"
)

// PNG draws the symbol as an indexed PNG exactly o.Size pixels square (o.Size
// wide for rMQR; see Canvas): a
// 1-bit two-colour image for plain squares on whole pixels without a mark,
// else an 8-bit palette of anti-aliased blends between background and
// foreground.
func PNG(c *qr.Code, o Options) []byte {
	l := newLayout(c, o)
	if o.plain() && l.px > 0 && o.Mark == "" {
		return plainPNG(c, l, o)
	}
	cov := coverage(c, o, l)
	pal := make([]color.NRGBA, 256)
	for i := range pal {
		pal[i] = blend(o.BG, o.FG, uint8(i))
	}
	return encodePNG(l.w, l.h, pal, 8, func(y int, row []byte) {
		copy(row, cov.Pix[y*cov.Stride:y*cov.Stride+l.w])
	})
}

// Paletted returns the picture as the indexed image PNG encodes, pixel for
// pixel and colour for colour, without the encoding: what image/png would
// read back from PNG's bytes, for a caller that decodes it (verify).
func Paletted(c *qr.Code, o Options) *image.Paletted {
	l := newLayout(c, o)
	if o.plain() && l.px > 0 && o.Mark == "" {
		img := image.NewPaletted(image.Rect(0, 0, l.w, l.h), color.Palette{o.BG, o.FG})
		off := int(l.origin*l.unit + 0.5)
		for y := range l.h {
			my := (y - off) / l.px
			if y < off || my >= c.Height {
				continue
			}
			row := img.Pix[y*img.Stride:]
			for mx := 0; mx < c.Width; mx++ {
				if c.Dark(mx, my) {
					for x := off + mx*l.px; x < off+(mx+1)*l.px; x++ {
						row[x] = 1
					}
				}
			}
		}
		return img
	}
	pal := make(color.Palette, 256)
	for i := range pal {
		pal[i] = blend(o.BG, o.FG, uint8(i))
	}
	cov := coverage(c, o, l)
	return &image.Paletted{Pix: cov.Pix, Stride: cov.Stride, Rect: cov.Rect, Palette: pal}
}

// Image returns the picture as an image.Image at o.Size: what PNG encodes,
// without the encoding, for callers that decode or compose it.
func Image(c *qr.Code, o Options) image.Image {
	l := newLayout(c, o)
	cov := coverage(c, o, l)
	img := image.NewNRGBA(image.Rect(0, 0, l.w, l.h))
	for i, a := range cov.Pix {
		col := blend(o.BG, o.FG, a)
		copy(img.Pix[i*4:], []byte{col.R, col.G, col.B, col.A})
	}
	return img
}

// rasterPool keeps rasterizers: each holds an accumulator of four bytes a
// pixel that would otherwise be allocated and collected for every image.
var rasterPool = sync.Pool{New: func() any { return new(vector.Rasterizer) }}

// tile is the largest side that vector rasterizes in fixed-point arithmetic.
// Above it vector switches to floating point, whose SIMD version (amd64)
// rounds differently from the portable one (WebAssembly), so larger images
// are rasterized tile by tile to stay byte-identical on both.
const tile = 512

// coverage is the picture of c as a coverage mask of the canvas, 255
// where fully dark: stamped module by module when modules sit on whole
// pixels, else rasterized whole.
func coverage(c *qr.Code, o Options, l layout) *image.Alpha {
	if l.px > 0 && o.Outline != "circle" { // stamp draws the symbol's modules alone
		return stamp(c, o, l)
	}
	return rasterize(picture(c, o), l)
}

// rasterize fills p into a coverage mask of the canvas, 255 where fully dark.
func rasterize(p path, l layout) *image.Alpha {
	return rasterizeTiles(p, l, tile)
}

// rasterizeTiles rasterizes p in square tiles of at most side pixels.
func rasterizeTiles(p path, l layout, side int) *image.Alpha {
	px, outs := outlinesOf(p, l)
	cov := image.NewAlpha(image.Rect(0, 0, l.w, l.h))
	z := rasterPool.Get().(*vector.Rasterizer)
	defer rasterPool.Put(z)
	var scratch *image.Alpha
	for ty := 0; ty < l.h; ty += side {
		for tx := 0; tx < l.w; tx += side {
			w, h := min(side, l.w-tx), min(side, l.h-ty)
			z.Reset(w, h)
			for _, o := range outs {
				// An outline that misses the tile adds nothing to it, not
				// even from the left: its edges cancel along every row.
				if o.max.x <= float64(tx) || o.min.x >= float64(tx+w) || o.max.y <= float64(ty) || o.min.y >= float64(ty+h) {
					continue
				}
				feed(z, px[o.from:o.to], float64(tx), float64(ty))
			}
			if tx == 0 && ty == 0 && w == l.w && h == l.h {
				z.Draw(cov, cov.Bounds(), image.Opaque, image.Point{})
				return cov
			}
			if scratch == nil || scratch.Rect.Dx() != w || scratch.Rect.Dy() != h {
				scratch = image.NewAlpha(image.Rect(0, 0, w, h))
			} else {
				clear(scratch.Pix)
			}
			z.Draw(scratch, scratch.Bounds(), image.Opaque, image.Point{})
			for y := 0; y < h; y++ {
				copy(cov.Pix[(ty+y)*cov.Stride+tx:], scratch.Pix[y*scratch.Stride:y*scratch.Stride+w])
			}
		}
	}
	return cov
}

// outline is one closed outline of a path, segs[from:to] of the path mapped
// to canvas pixels, with the box around its points.
type outline struct {
	from, to int
	min, max pt
}

// outlinesOf maps p to canvas pixels and splits it into outlines.
func outlinesOf(p path, l layout) (path, []outline) {
	px := make(path, len(p))
	var outs []outline
	for i, s := range p {
		if s.op == moveTo || len(outs) == 0 {
			outs = append(outs, outline{from: i, min: pt{math.Inf(1), math.Inf(1)}, max: pt{math.Inf(-1), math.Inf(-1)}})
		}
		o := &outs[len(outs)-1]
		for k := range s.points() {
			q := pt{(s.pts[k].x + l.origin) * l.unit, (s.pts[k].y + l.origin) * l.unit}
			s.pts[k] = q
			o.min = pt{math.Min(o.min.x, q.x), math.Min(o.min.y, q.y)}
			o.max = pt{math.Max(o.max.x, q.x), math.Max(o.max.y, q.y)}
		}
		px[i] = s
		o.to = i + 1
	}
	return px, outs
}

// feed adds segs to z with (dx, dy) as the origin.
func feed(z *vector.Rasterizer, segs path, dx, dy float64) {
	f := func(q pt) (float32, float32) { return float32(q.x - dx), float32(q.y - dy) }
	for _, s := range segs {
		switch s.op {
		case moveTo:
			z.MoveTo(f(s.pts[0]))
		case lineTo:
			z.LineTo(f(s.pts[0]))
		case quadTo:
			x1, y1 := f(s.pts[0])
			x2, y2 := f(s.pts[1])
			z.QuadTo(x1, y1, x2, y2)
		case cubeTo:
			x1, y1 := f(s.pts[0])
			x2, y2 := f(s.pts[1])
			x3, y3 := f(s.pts[2])
			z.CubeTo(x1, y1, x2, y2, x3, y3)
		case closeP:
			z.ClosePath()
		}
	}
}

// blend returns fg laid over bg with coverage a (0-255), unpremultiplied.
// Integer arithmetic keeps it identical natively and in WebAssembly.
func blend(bg, fg color.NRGBA, a uint8) color.NRGBA {
	const one = 255 * 255
	f := uint32(fg.A) * uint32(a)       // foreground alpha, scale one
	b := uint32(bg.A) * (one - f) / 255 // background alpha showing through, scale one
	out := f + b
	if out == 0 {
		return color.NRGBA{}
	}
	mix := func(fc, bc uint8) uint8 { return uint8((uint32(fc)*f + uint32(bc)*b + out/2) / out) }
	return color.NRGBA{mix(fg.R, bg.R), mix(fg.G, bg.G), mix(fg.B, bg.B), uint8((out + 127) / 255)}
}

// plainPNG writes square modules on whole pixels straight into 1-bit rows:
// no rasterizer, and every pixel row of a module row is the same bytes.
func plainPNG(c *qr.Code, l layout, o Options) []byte {
	off := int(l.origin*l.unit + 0.5)
	rowBytes := (l.w + 7) / 8
	module := make([]byte, rowBytes)
	modY := -1
	return encodePNG(l.w, l.h, []color.NRGBA{o.BG, o.FG}, 1, func(y int, row []byte) {
		my := (y - off) / l.px
		if y < off || my >= c.Height {
			clear(row)
			return
		}
		if my != modY {
			clear(module)
			for mx := 0; mx < c.Width; mx++ {
				if !c.Dark(mx, my) {
					continue
				}
				for x := off + mx*l.px; x < off+(mx+1)*l.px; x++ {
					module[x>>3] |= 0x80 >> (x & 7)
				}
			}
			modY = my
		}
		copy(row, module)
	})
}

// zlibPools keep compressors, one pool per level of pngLevel: each holds
// about a megabyte of tables that would otherwise be allocated and cleared
// for every image.
var zlibPools = [2]sync.Pool{{New: newZlib(4)}, {New: newZlib(zlib.BestSpeed)}}

func newZlib(level int) func() any {
	return func() any {
		zw, _ := zlib.NewWriterLevel(nil, level) // the level is valid: no error
		return zw
	}
}

// pngLevel picks the zlib level, as a zlibPools index, for a bit depth.
// A QR image repeats each pixel row as many times as a module is tall, and
// level 4 is the fastest level that finds those repeats well: on the
// bench's 20 inputs at 512 px it writes 1-bit images 25% smaller than
// level 1, each no larger than image/png's at its best compression, for
// 0.06 ms more; levels 8 and 9 save 2% more for 0.6 and 1.6 ms. An 8-bit
// image has eight times the bytes to search: level 4 would save 10 to 30%
// of a styled code's PNG for 1 to 2 ms more, as long as drawing it takes.
func pngLevel(depth byte) int {
	if depth == 1 {
		return 0
	}
	return 1
}

// encodePNG writes an indexed-colour PNG of w x h pixels at the given bit
// depth; row fills the packed pixels of one row.
//
// Rows of up to 64 bytes (1-bit images up to 512 px) are all filtered
// None: zlib copies each repeated row whole from the row above, 2 to 13%
// smaller than filtering it Up. Level 4 tries only the last 16 places
// whose next four bytes match, though, and in longer rows runs of equal
// bytes crowd the row above out of those (from 640 px some images grew
// 1.5 to 6 times), so there a repeated row is filtered Up to zeros, which
// match anywhere; the first row of each kind stays None.
func encodePNG(w, h int, pal []color.NRGBA, depth int, row func(y int, row []byte)) []byte {
	plte := make([]byte, 0, 3*len(pal))
	trns := make([]byte, 0, len(pal))
	opaque := true
	for _, c := range pal {
		plte = append(plte, c.R, c.G, c.B)
		trns = append(trns, c.A)
		opaque = opaque && c.A == 255
	}
	meta := []PNGChunk{{"PLTE", plte}}
	if !opaque {
		meta = append(meta, PNGChunk{"tRNS", trns})
	}
	stride := (w*depth + 7) / 8
	prev := make([]byte, stride)
	return EncodePNG(w, h, byte(depth), 3, meta, func(y int, line []byte) {
		line[0] = 0 // None
		row(y, line[1:])
		if stride <= 64 {
			return
		}
		if y > 0 && bytes.Equal(line[1:], prev) {
			line[0] = 2 // Up: the row less the row above, all zeros
			clear(line[1:])
			return
		}
		copy(prev, line[1:])
	})
}

// PNGChunk is one chunk of a PNG file: its four-letter type and its data.
type PNGChunk struct {
	Type string
	Data []byte
}

// EncodePNG writes a PNG image of w x h pixels with the given bit depth and
// colour type (the PNG header's fields; no interlacing), the chunks meta
// between the header and the pixels (PLTE, tRNS), then the pixels: line(y,
// b) fills scan line y, its filter-type byte first, then the row's bytes
// as that filter makes them. The output depends only on the input, on every
// platform, so native and WebAssembly builds write the same bytes.
func EncodePNG(w, h int, depth, colorType byte, meta []PNGChunk, line func(y int, b []byte)) []byte {
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = depth, colorType
	chunk(&out, "IHDR", ihdr)
	for _, c := range meta {
		chunk(&out, c.Type, c.Data)
	}

	var idat bytes.Buffer
	pool := &zlibPools[pngLevel(depth)]
	zw := pool.Get().(*zlib.Writer)
	defer pool.Put(zw)
	zw.Reset(&idat)
	b := make([]byte, 1+(w*samples(colorType)*int(depth)+7)/8)
	for y := 0; y < h; y++ {
		line(y, b)
		zw.Write(b)
	}
	zw.Close()
	chunk(&out, "IDAT", idat.Bytes())
	chunk(&out, "IEND", nil)
	return out.Bytes()
}

// samples returns how many samples a pixel of a PNG colour type holds.
func samples(colorType byte) int {
	switch colorType {
	case 2:
		return 3 // RGB
	case 4:
		return 2 // grey, alpha
	case 6:
		return 4 // RGBA
	}
	return 1 // grey or palette index
}

func chunk(w *bytes.Buffer, typ string, data []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(data)))
	w.Write(n[:])
	crc := crc32.NewIEEE()
	crc.Write([]byte(typ))
	crc.Write(data)
	w.WriteString(typ)
	w.Write(data)
	binary.BigEndian.PutUint32(n[:], crc.Sum32())
	w.Write(n[:])
}
