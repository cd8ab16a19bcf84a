package qr

import (
	"math/bits"
	"testing"
)

// TestFrameReadsBack: through each frame, the modules of a symbol unmasked
// give back the codewords the encoder placed.
func TestFrameReadsBack(t *testing.T) {
	check := func(c *Code, want []byte, nbits int) {
		t.Helper()
		f, ok := NewFrame(c.Symbol, c.Version, c.Level)
		if !ok || f.Width != c.Width || f.Height != c.Height || len(f.Bits) != nbits {
			t.Fatalf("%s-%v: frame %v, %d bits", c.VersionName(), c.Level, ok, len(f.Bits))
		}
		for i, xy := range f.Bits {
			b := c.Dark(xy[0], xy[1]) != f.Masked(c.Mask, xy[0], xy[1])
			if b != (want[i>>3]>>(7-i&7)&1 == 1) {
				t.Fatalf("%s-%v: bit %d at %v differs", c.VersionName(), c.Level, i, xy)
			}
		}
	}
	for v := 1; v <= 4; v++ {
		for _, l := range MicroLevels(v) {
			for m := range 4 {
				text := plain(numeric, 4, v)
				c, err := MicroEncoder{Level: l, Version: v, FixMask: true, Mask: m}.Encode(text)
				if err != nil {
					t.Fatal(err)
				}
				ml, _ := microBudget(v, l)
				check(c, microStream(text, numeric, v, ml), ml.bits+8*ml.check)
			}
		}
	}
	for v := 1; v <= 32; v++ {
		for _, l := range RMQRLevels {
			text := plain(alphanumeric, 3, v)
			c, err := RMQREncoder{Level: l, Version: v}.Encode(text)
			if err != nil {
				t.Fatal(err)
			}
			r := &rmqrVersions[v-1]
			nd := r.dataBytes(l)
			w := bitWriter{}
			rmqrSegment(v).write(&w, text, alphanumeric)
			pad(&w, 8*nd, 3)
			all := interleave(w.b, r.ecc(l), make([]byte, r.bytes-nd), make([]byte, r.bytes))
			check(c, all, 8*r.bytes)
		}
	}
}

// TestFormatRead: every valid format sequence reads back, and so does each
// with up to 3 bits wrong, which no two sequences are as near to.
func TestFormatRead(t *testing.T) {
	for v := 1; v <= 4; v++ {
		for _, ml := range microLevels[v] {
			for m := range 4 {
				b := microFormatBits(ml.format, m)
				for _, flip := range []int{0, 1, 0b101, 0b1000100010} {
					gv, gl, gm, d := MicroFormat(b ^ flip<<2)
					if gv != v || gl != ml.level || gm != m || d != bits.OnesCount(uint(flip)) {
						t.Errorf("M%d-%v mask %d, flipped %b: read M%d-%v mask %d at %d", v, ml.level, m, flip, gv, gl, gm, d)
					}
				}
			}
		}
	}
	for v := 1; v <= 32; v++ {
		for _, l := range RMQRLevels {
			for _, sub := range []bool{false, true} {
				b := rmqrFormatBits(v, l, sub)
				for _, flip := range []int{0, 1, 0b101, 0b100000100010} {
					gv, gl, d := RMQRFormat(b^flip<<3, sub)
					if gv != v || gl != l || d != bits.OnesCount(uint(flip)) {
						t.Errorf("%s-%v (sub %v), flipped %b: read %d-%v at %d", VersionName(RMQR, v), l, sub, flip, gv, gl, d)
					}
				}
			}
		}
	}
	// ISO/IEC 23941 annex C's first sequences, as zxing-cpp and segno
	// list them: R7x43-M beside each finder.
	if rmqrFormatBits(1, M, false) != 0x1FAB2 || rmqrFormatBits(2, M, false) != 0x1E597 || rmqrFormatBits(1, M, true) != 0x20A7B || rmqrFormatBits(1, H, true) != 0x003AE {
		t.Error("rMQR format sequences differ from annex C")
	}
	if microFormatBits(0, 0) != 0x4445 || microFormatBits(7, 3) != 0x3BBA {
		t.Error("Micro QR format sequences differ from annex C")
	}
}

// TestFrameFixed: the fixed modules of a frame are those of every symbol
// of its version, whatever the text and mask, and the format modules are
// not among them.
func TestFrameFixed(t *testing.T) {
	var codes []*Code
	for v := 1; v <= 4; v++ {
		for m := range 4 {
			c, _ := MicroEncoder{Level: MicroLevels(v)[0], Version: v, FixMask: true, Mask: m}.Encode(plain(numeric, 2, v+m))
			codes = append(codes, c)
		}
	}
	for v := 1; v <= 32; v++ {
		for _, l := range RMQRLevels {
			c, _ := RMQREncoder{Level: l, Version: v}.Encode(plain(numeric, 2, v))
			codes = append(codes, c)
		}
	}
	for _, c := range codes {
		f, _ := NewFrame(c.Symbol, c.Version, c.Level)
		fixed := 0
		for y := range f.Height {
			for x := range f.Width {
				if dark, ok := f.Fixed(x, y); ok {
					fixed++
					if dark != c.Dark(x, y) {
						t.Errorf("%s: fixed module (%d, %d) differs", c.VersionName(), x, y)
					}
				}
			}
		}
		// Fixed modules, format modules and codeword modules make the whole.
		format := 15
		if c.Symbol == RMQR {
			format = 36
		}
		if rest := f.Width*f.Height - fixed - format - len(f.Bits); rest < 0 || rest >= 8 {
			t.Errorf("%s: %d fixed, %d codeword modules of %d", c.VersionName(), fixed, len(f.Bits), f.Width*f.Height)
		}
	}
}
