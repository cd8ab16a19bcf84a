package main

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"io"
	"time"
)

// PNGInfo says how a PNG spends its bytes, to explain size differences
// between encoders that draw the same modules.
type PNGInfo struct {
	Depth     int `json:"depth"`      // bits per pixel sample
	ColorType int `json:"color_type"` // 0 gray, 2 RGB, 3 palette, 4 gray+alpha, 6 RGBA
	IDAT      int `json:"idat"`       // compressed pixel bytes
	Other     int `json:"other"`      // signature, headers and every other chunk
	// ZlibLevel is the FLEVEL field of the zlib header: 0 fastest,
	// 1 fast, 2 default, 3 best compression.
	ZlibLevel int `json:"zlib_level"`
	// Levels holds, for our own PNGs, the file's size and the time to
	// recompress its pixel stream (filters unchanged) at every zlib level:
	// what a different level would trade.
	Levels []LevelCost `json:"levels,omitempty"`
}

// LevelCost is one zlib level's result on a PNG's pixel stream.
type LevelCost struct {
	Level int   `json:"level"`
	Bytes int   `json:"bytes"` // the whole file's
	Ns    int64 `json:"ns"`    // the fastest of 5 compressions with a reused writer
}

// pngInfo reads a PNG's chunks; nil if it is not a well-formed PNG.
func pngInfo(b []byte, levels bool) *PNGInfo {
	if len(b) < 8 {
		return nil
	}
	var info PNGInfo
	var idat []byte
	for p := 8; p+12 <= len(b); {
		n := int(binary.BigEndian.Uint32(b[p:]))
		if p+12+n > len(b) {
			return nil
		}
		data := b[p+8 : p+8+n]
		switch string(b[p+4 : p+8]) {
		case "IHDR":
			if n >= 10 {
				info.Depth, info.ColorType = int(data[8]), int(data[9])
			}
		case "IDAT":
			idat = append(idat, data...)
		}
		p += 12 + n
	}
	if len(idat) < 2 {
		return nil
	}
	info.IDAT = len(idat)
	info.Other = len(b) - len(idat)
	info.ZlibLevel = int(idat[1] >> 6)
	if levels {
		info.Levels = levelCosts(idat, info.Other)
	}
	return &info
}

func levelCosts(idat []byte, other int) []LevelCost {
	r, err := zlib.NewReader(bytes.NewReader(idat))
	if err != nil {
		return nil
	}
	raw, err := io.ReadAll(r)
	if err != nil {
		return nil
	}
	var out []LevelCost
	var buf bytes.Buffer
	for level := zlib.BestSpeed; level <= zlib.BestCompression; level++ {
		zw, _ := zlib.NewWriterLevel(&buf, level) // a valid level: no error
		c := LevelCost{Level: level}
		for range 5 {
			buf.Reset()
			start := time.Now()
			zw.Reset(&buf) // reused, as our encoder pools its writer
			zw.Write(raw)
			zw.Close()
			if ns := time.Since(start).Nanoseconds(); c.Ns == 0 || ns < c.Ns {
				c.Ns = ns
			}
		}
		// in one IDAT chunk: the same framing as a file written in one
		c.Bytes = other + buf.Len()
		out = append(out, c)
	}
	return out
}
