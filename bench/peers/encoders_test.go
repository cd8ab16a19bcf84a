package main

import (
	"bytes"
	"image/png"
	"testing"
)

// Every encoder is asked for the same picture; the tables compare them only
// if each one delivers it: 512 px square, and a code that reads back.
func TestEncodersMake512pxCodesThatReadBack(t *testing.T) {
	for _, e := range encoders {
		if e.Format != "png" {
			continue
		}
		for _, in := range []Input{inputs[0], inputs[5], inputs[10]} {
			b, err := e.Encode(in.Text)
			if err != nil {
				t.Errorf("%s on %s: %v", e.Name, in.Name, err)
				continue
			}
			cfg, err := png.DecodeConfig(bytes.NewReader(b))
			if err != nil {
				t.Errorf("%s on %s: not a PNG: %v", e.Name, in.Name, err)
				continue
			}
			if cfg.Width != side || cfg.Height != side {
				t.Errorf("%s on %s: %dx%d px, want %dx%d", e.Name, in.Name, cfg.Width, cfg.Height, side, side)
			}
			if got := readBack(b); got != in.Text {
				t.Errorf("%s on %s: reads back as %q", e.Name, in.Name, got)
			}
		}
	}
}
