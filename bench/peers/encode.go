package main

import (
	"bytes"
	"flag"
	"fmt"
	"image/png"
	"runtime"
	"time"

	"github.com/makiuchi-d/gozxing"
	zxqr "github.com/makiuchi-d/gozxing/qrcode"

	"qrkeyless/core/qr"
)

// EncodeResult is one encoder on one input.
type EncodeResult struct {
	Encoder string    `json:"encoder"`
	Format  string    `json:"format"`
	Ours    bool      `json:"ours"`
	Input   string    `json:"input"`
	Group   string    `json:"group"`
	Length  int       `json:"length"` // of the text, in bytes
	Bytes   int       `json:"bytes"`  // of the output
	NsPerOp []float64 `json:"ns_per_op"`
	// Verified says whether plain gozxing read the PNG back to the input;
	// absent when -verify was not given or the output is SVG.
	Verified *bool `json:"verified,omitempty"`
	// PNG is the anatomy of a PNG output.
	PNG *PNGInfo `json:"png,omitempty"`
	// Runs counts the horizontal runs of dark modules in our symbol for
	// this input: what a path of straight runs, one command each, draws.
	Runs int `json:"runs,omitempty"`
}

// encodeCmd times every encoder on every input. Each round times every
// encoder once, in an order that rotates from round to round, so a burst of
// load from another process touches all encoders alike; a round runs one
// encoder for at least -min, and its figure is the mean over those calls.
func encodeCmd(args []string) (any, error) {
	fs := flag.NewFlagSet("encode", flag.ContinueOnError)
	rounds := fs.Int("rounds", 5, "timed rounds per encoder and input")
	least := fs.Duration("min", 30*time.Millisecond, "least time per round")
	warmup := fs.Duration("warmup", 200*time.Millisecond, "untimed calls per encoder first (lets WebAssembly tier up)")
	verify := fs.Bool("verify", false, "decode every PNG back with gozxing")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	for _, e := range encoders {
		timeEncoder(e, inputs[len(inputs)/2].Text, *warmup)
	}
	var out []EncodeResult
	for _, in := range inputs {
		res := make([]EncodeResult, len(encoders))
		for i, e := range encoders {
			b, err := e.Encode(in.Text) // also the warm-up call
			if err != nil {
				return nil, fmt.Errorf("%s %s on %s: %w", e.Name, e.Format, in.Name, err)
			}
			res[i] = EncodeResult{Encoder: e.Name, Format: e.Format, Ours: e.Ours,
				Input: in.Name, Group: in.Group, Length: len(in.Text), Bytes: len(b)}
			if e.Format == "png" {
				res[i].PNG = pngInfo(b, e.Ours)
			}
			if e.Ours && e.Format == "svg" {
				res[i].Runs = darkRuns(in.Text)
			}
			if *verify && e.Format == "png" {
				ok := readBack(b) == in.Text
				res[i].Verified = &ok
			}
		}
		for r := 0; r < *rounds; r++ {
			for k := range encoders {
				i := (k + r) % len(encoders)
				res[i].NsPerOp = append(res[i].NsPerOp, timeEncoder(encoders[i], in.Text, *least))
			}
		}
		out = append(out, res...)
	}
	return out, nil
}

// timeEncoder calls e for at least least and returns the mean time a call.
func timeEncoder(e Encoder, text string, least time.Duration) float64 {
	runtime.GC() // the previous encoder's garbage is not this one's cost
	n := 0
	start := time.Now()
	for {
		e.Encode(text)
		n++
		if el := time.Since(start); el >= least {
			return float64(el.Nanoseconds()) / float64(n)
		}
	}
}

// readBack decodes a PNG with plain gozxing's reader, which shares no code
// with any encoder timed here; "" when it cannot.
func readBack(b []byte) string {
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return ""
	}
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		return ""
	}
	r, err := zxqr.NewQRCodeReader().Decode(bmp, nil)
	if err != nil {
		return ""
	}
	return r.GetText()
}

// darkRuns counts the horizontal runs of dark modules in our symbol of text.
func darkRuns(text string) int {
	c, err := qr.Encode(text, qr.M)
	if err != nil {
		return 0
	}
	n := 0
	for y := 0; y < c.Size; y++ {
		for x := 0; x < c.Size; x++ {
			if c.Dark(x, y) && (x == 0 || !c.Dark(x-1, y)) {
				n++
			}
		}
	}
	return n
}
