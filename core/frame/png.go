package frame

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"image"
)

// encodePNG writes img as an 8-bit truecolour PNG, with alpha unless every
// pixel is opaque. It is image/png's encoder cut to the one case a frame
// needs: image/png's package brings its decoder along, which the browser
// program would carry for nothing.
func encodePNG(img *image.RGBA) []byte {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	alpha := !img.Opaque()
	channels := 3
	if alpha {
		channels = 4
	}
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 2 // 8 bits per channel, truecolour
	if alpha {
		ihdr[9] = 6 // truecolour with alpha
	}
	writeChunk(&out, "IHDR", ihdr)

	var idat bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&idat, zlib.BestSpeed) // the level is valid: no error
	line := make([]byte, 1+w*channels)
	line[0] = 1 // filter Sub: flat areas become runs of zeros
	for y := 0; y < h; y++ {
		row := img.Pix[y*img.Stride:]
		for x := 0; x < w; x++ {
			c := straight(row[4*x:4*x+4], alpha)
			copy(line[1+x*channels:], c[:channels])
		}
		for i := len(line) - 1; i > channels; i-- { // from the right, so left neighbours are still unfiltered
			line[i] -= line[i-channels]
		}
		zw.Write(line)
	}
	zw.Close()
	writeChunk(&out, "IDAT", idat.Bytes())
	writeChunk(&out, "IEND", nil)
	return out.Bytes()
}

// straight returns a premultiplied RGBA pixel as PNG stores it: straight
// (not premultiplied) channels.
func straight(p []byte, alpha bool) [4]byte {
	a := p[3]
	if !alpha || a == 255 {
		return [4]byte{p[0], p[1], p[2], 255}
	}
	if a == 0 {
		return [4]byte{}
	}
	un := func(v byte) byte { return byte((uint32(v)*255 + uint32(a)/2) / uint32(a)) }
	return [4]byte{un(p[0]), un(p[1]), un(p[2]), a}
}

func writeChunk(w *bytes.Buffer, typ string, data []byte) {
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
