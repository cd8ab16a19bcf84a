// Package hostile makes the inputs an attacker sends a keyless QR service:
// small requests that cost a naive server seconds of CPU or gigabytes of
// memory. Tests, fuzz seeds, `make bench` and `make load` share them, so
// every bound the service sets is checked against the same files.
package hostile

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"image"
	"image/png"
)

// FinderGrid is a PNG of n x n QR finder patterns (7 x 7 modules, 3 pixels
// a module, one module apart): every triple of them looks like the corners
// of a code, which makes a multi-code detector try each.
func FinderGrid(n int) []byte {
	const px, pitch = 3, 8 // pixels a module; modules from one pattern to the next
	side := (n*pitch + 1) * px
	img := image.NewGray(image.Rect(0, 0, side, side))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	for gy := range n {
		for gx := range n {
			for y := range 7 {
				for x := range 7 {
					ring := max(abs(x-3), abs(y-3))
					if ring == 2 {
						continue
					}
					x0, y0 := ((gx*pitch+1)+x)*px, ((gy*pitch+1)+y)*px
					for dy := range px {
						for dx := range px {
							img.Pix[(y0+dy)*side+x0+dx] = 0
						}
					}
				}
			}
		}
	}
	return encode(img)
}

func abs(v int) int { return max(v, -v) }

// PNG16 is a PNG of w x h pixels at 16 bits a channel, grey or RGBA, all
// white: it compresses to almost nothing and decodes to 2 (grey) or 8
// (RGBA) bytes a pixel.
func PNG16(w, h int, rgba bool) []byte {
	if rgba {
		img := image.NewRGBA64(image.Rect(0, 0, w, h))
		for i := range img.Pix {
			img.Pix[i] = 0xff
		}
		return encode(img)
	}
	img := image.NewGray16(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	return encode(img)
}

// PNG8 is a white 8-bit RGBA PNG of w x h pixels: 4 bytes a pixel once
// decoded, a few hundred bytes as sent.
func PNG8(w, h int) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	return encode(img)
}

func encode(img image.Image) []byte {
	var b bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&b, img); err != nil {
		panic(err) // in-memory images of our own making
	}
	return b.Bytes()
}

// WebP is a lossless WebP of w x h pixels (at most 16384 a side) in a few
// dozen bytes: its five prefix codes each have one symbol, which takes no
// bits, so every pixel is free to send and 4 bytes to decode.
func WebP(w, h int) []byte {
	var bits bitWriter
	bits.put(0x2f, 8) // VP8L signature
	bits.put(uint32(w-1), 14)
	bits.put(uint32(h-1), 14)
	bits.put(0, 1) // no alpha used
	bits.put(0, 3) // version 0
	bits.put(0, 1) // no transform
	bits.put(0, 1) // no colour cache
	bits.put(0, 1) // no meta prefix codes
	for range 4 {  // green (and lengths), red, blue, alpha: all 255, white
		bits.put(1, 1) // simple code
		bits.put(0, 1) // one symbol
		bits.put(1, 1) // written in eight bits
		bits.put(0xff, 8)
	}
	bits.put(1, 1) // distance: a simple code of one symbol, 0, written in one bit
	bits.put(0, 1)
	bits.put(0, 1)
	bits.put(0, 1)
	chunk := bits.bytes()
	var b bytes.Buffer
	b.WriteString("RIFF")
	size := 4 + 8 + len(chunk) + len(chunk)%2
	binary.Write(&b, binary.LittleEndian, uint32(size))
	b.WriteString("WEBPVP8L")
	binary.Write(&b, binary.LittleEndian, uint32(len(chunk)))
	b.Write(chunk)
	if len(chunk)%2 == 1 {
		b.WriteByte(0)
	}
	return b.Bytes()
}

// bitWriter writes bits least significant first, as VP8L reads them.
type bitWriter struct {
	buf  []byte
	acc  uint64
	used uint
}

func (w *bitWriter) put(v uint32, bits uint) {
	w.acc |= uint64(v) << w.used
	w.used += bits
	for w.used >= 8 {
		w.buf = append(w.buf, byte(w.acc))
		w.acc >>= 8
		w.used -= 8
	}
}

func (w *bitWriter) bytes() []byte {
	if w.used > 0 {
		return append(w.buf, byte(w.acc))
	}
	return w.buf
}

// Batch is the JSON body of a batch of n short plain items, each asking
// for the most expensive picture the parameters allow.
func Batch(n int, output string) []byte {
	type item struct {
		Data string `json:"data"`
	}
	items := make([]item, n)
	for i := range items {
		items[i].Data = "https://example.com/" + string(rune('a'+i%26))
	}
	b, _ := json.Marshal(map[string]any{
		"output": output,
		"style":  map[string]any{"size": 4096, "style": "organic", "eye": "leaf"},
		"items":  items,
	})
	return b
}
