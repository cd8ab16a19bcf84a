package qr

import (
	"fmt"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode/decoder"
	qrcode "github.com/yeqown/go-qrcode/v2"
)

// The oracle is how this package encoded before it had its own encoder:
// yeqown/go-qrcode builds the symbol, and the mask is then re-chosen by a
// plain module-by-module reading of the penalty rules, with the mask
// patterns of gozxing's decoder. It shares nothing with Encode but
// formatBits (checked against go-qrcode's own table when the oracle reads
// the library's mask back) and AlignmentCenters (checked against annex E).

// refCode is a symbol from the oracle: dark modules row by row.
type refCode struct {
	Version, Size, Mask int
	Level               Level
	dark                []bool
}

func (c *refCode) Dark(x, y int) bool { return c.dark[y*c.Size+x] }

var refMode = map[mode]qrcode.EncodeOption{
	numeric:      qrcode.WithEncodingMode(qrcode.EncModeNumeric),
	alphanumeric: qrcode.WithEncodingMode(qrcode.EncModeAlphanumeric),
	byteMode:     qrcode.WithEncodingMode(qrcode.EncModeByte),
}

var refLevel = [4]qrcode.EncodeOption{
	qrcode.WithErrorCorrectionLevel(qrcode.ErrorCorrectionLow),
	qrcode.WithErrorCorrectionLevel(qrcode.ErrorCorrectionMedium),
	qrcode.WithErrorCorrectionLevel(qrcode.ErrorCorrectionQuart),
	qrcode.WithErrorCorrectionLevel(qrcode.ErrorCorrectionHighest),
}

// reference encodes text at level l with go-qrcode, in the mode modeOf
// picks, and re-masks the result deterministically.
func reference(text string, l Level) (*refCode, error) {
	sym, err := qrcode.NewWith(text, refMode[modeOf(text)], refLevel[l])
	if err != nil {
		return nil, err
	}
	var w grab
	if err := sym.Save(&w); err != nil {
		return nil, err
	}
	c := &refCode{Size: len(w.bits), Level: l}
	c.Version = (c.Size - 17) / 4
	c.dark = make([]bool, c.Size*c.Size)
	for y, row := range w.bits {
		copy(c.dark[y*c.Size:], row)
	}
	if err := c.remask(); err != nil {
		return nil, err
	}
	return c, nil
}

// grab is a qrcode.Writer that keeps the finished matrix.
type grab struct{ bits [][]bool }

func (g *grab) Write(m qrcode.Matrix) error { g.bits = m.Bitmap(); return nil }
func (g *grab) Close() error                { return nil }

// remask replaces the library's mask with the lowest-penalty one, ties going
// to the lowest pattern number.
func (c *refCode) remask() error {
	fn := c.functionModules()
	old, err := c.readMask()
	if err != nil {
		return err
	}
	c.applyMask(old, fn) // undo: masking is an XOR

	best, bestScore := 0, -1
	for m := 0; m < 8; m++ {
		c.applyMask(m, fn)
		c.writeFormat(m)
		if s := c.penalty(); bestScore < 0 || s < bestScore {
			best, bestScore = m, s
		}
		c.applyMask(m, fn)
	}
	c.applyMask(best, fn)
	c.writeFormat(best)
	c.Mask = best
	return nil
}

// formatCells lists the module positions of the first copy of the format
// information, bit 0 first, as (x, y).
func formatCells() [15][2]int {
	var p [15][2]int
	for i := 0; i <= 5; i++ {
		p[i] = [2]int{8, i}
	}
	p[6], p[7], p[8] = [2]int{8, 7}, [2]int{8, 8}, [2]int{7, 8}
	for i := 9; i < 15; i++ {
		p[i] = [2]int{14 - i, 8}
	}
	return p
}

func (c *refCode) readMask() (int, error) {
	got := 0
	for i, p := range formatCells() {
		if c.Dark(p[0], p[1]) {
			got |= 1 << i
		}
	}
	for m := 0; m < 8; m++ {
		if formatBits(c.Level, m) == got {
			return m, nil
		}
	}
	return 0, fmt.Errorf("go-qrcode wrote unreadable format bits %015b", got)
}

func (c *refCode) set(x, y int, dark bool) { c.dark[y*c.Size+x] = dark }

func (c *refCode) writeFormat(m int) {
	bits := formatBits(c.Level, m)
	n := c.Size
	for i, p := range formatCells() {
		c.set(p[0], p[1], bits>>i&1 == 1)
	}
	for i := 0; i < 8; i++ {
		c.set(n-1-i, 8, bits>>i&1 == 1)
	}
	for i := 8; i < 15; i++ {
		c.set(8, n-15+i, bits>>i&1 == 1)
	}
	c.set(8, n-8, true) // the dark module
}

// refMasks holds the eight mask patterns as gozxing's decoder applies them,
// over the largest symbol: refMasks[m].Get(x, y) reports whether pattern m
// inverts the module at column x, row y.
var refMasks = func() [8]*gozxing.BitMatrix {
	var out [8]*gozxing.BitMatrix
	for m := range out {
		out[m], _ = gozxing.NewSquareBitMatrix(177)
		decoder.DataMaskValues[m].UnmaskBitMatrix(out[m], 177) // flips exactly the masked modules
	}
	return out
}()

func refMaskAt(m, x, y int) bool { return refMasks[m].Get(x, y) }

func (c *refCode) applyMask(m int, fn []bool) {
	for y := 0; y < c.Size; y++ {
		for x := 0; x < c.Size; x++ {
			if i := y*c.Size + x; !fn[i] && refMaskAt(m, x, y) {
				c.dark[i] = !c.dark[i]
			}
		}
	}
}

// functionModules marks the modules that carry no data: finder patterns and
// separators, timing, alignment, format and version information.
func (c *refCode) functionModules() []bool {
	n := c.Size
	fn := make([]bool, n*n)
	rect := func(x0, y0, w, h int) {
		for y := max(y0, 0); y < min(y0+h, n); y++ {
			for x := max(x0, 0); x < min(x0+w, n); x++ {
				fn[y*n+x] = true
			}
		}
	}
	rect(0, 0, 9, 9) // finder, separator and format information
	rect(n-8, 0, 8, 9)
	rect(0, n-8, 9, 8)
	rect(6, 0, 1, n) // timing
	rect(0, 6, n, 1)
	if c.Version >= 7 {
		rect(n-11, 0, 3, 6)
		rect(0, n-11, 6, 3)
	}
	pos := AlignmentCenters(c.Version)
	for _, y := range pos {
		for _, x := range pos {
			// Only a finder corner may skip a centre. (The code this oracle
			// comes from asked fn[y*n+x], which the timing lines also set, and
			// so masked the alignment patterns centred on row or column 6.)
			if x < 9 && (y < 9 || y > n-9) || x > n-9 && y < 9 {
				continue
			}
			rect(x-2, y-2, 5, 5)
		}
	}
	return fn
}

// penalty scores the current matrix by the four rules of ISO/IEC 18004 7.8.3.
func (c *refCode) penalty() int {
	n := c.Size
	score := 0
	line := make([]bool, n)
	for dir := 0; dir < 2; dir++ {
		for i := 0; i < n; i++ {
			if dir == 0 {
				copy(line, c.dark[i*n:(i+1)*n])
			} else {
				for j := range line {
					line[j] = c.dark[j*n+i]
				}
			}
			score += refLinePenalty(line)
		}
	}
	dark := 0
	for y := 0; y < n; y++ {
		row := c.dark[y*n : (y+1)*n]
		for x, d := range row {
			if d {
				dark++
			}
			if y+1 < n && x+1 < n && d == row[x+1] && d == c.dark[(y+1)*n+x] && d == c.dark[(y+1)*n+x+1] {
				score += 3
			}
		}
	}
	total := n * n
	k := (abs(dark*20-total*10) + total - 1) / total // rounded-up 5% steps away from half dark
	return score + max(k-1, 0)*10
}

// refLinePenalty scores one row or column: runs of five or more same-colour
// modules (rule 1) and 1:1:3:1:1 dark patterns with four light modules on a
// side (rule 3); modules beyond the edge count as light.
func refLinePenalty(line []bool) int {
	const (
		lightFirst = 0b00001011101
		lightAfter = 0b10111010000
		window     = 1<<11 - 1
	)
	s, run, w := 0, 0, 0
	for i := 0; i < len(line)+4; i++ {
		d := i < len(line) && line[i]
		w = (w << 1) & window
		if d {
			w |= 1
		}
		if w == lightFirst || w == lightAfter {
			s += 40
		}
		if i >= len(line) {
			continue
		}
		if i > 0 && d == line[i-1] {
			run++
		} else {
			if run >= 5 {
				s += run - 2
			}
			run = 1
		}
	}
	if run >= 5 {
		s += run - 2
	}
	return s
}
