package qr

// A plane is a Micro QR or rMQR symbol under construction, w modules across
// and h down: its rows as bit strings, and by rows the modules outside the
// function patterns, which hold data and take the mask. Unlike grid it
// keeps no columns: neither symbol's mask evaluation reads them.
type plane struct {
	w, h int
	rows []line
	free []line
}

func newPlane(w, h int) *plane {
	p := &plane{w: w, h: h, rows: make([]line, 2*h)}
	p.rows, p.free = p.rows[:h], p.rows[h:]
	all := span(w)
	for y := range p.free {
		p.free[y] = all
	}
	return p
}

// fn colours the module at column x, row y and reserves it for a function
// pattern, out of reach of data and mask.
func (p *plane) fn(x, y int, dark bool) {
	p.rows[y].put(x, dark)
	p.free[y].put(x, false)
}

// box draws a square pattern of side 2r+1 centred on (cx, cy) whose
// modules are dark except on the ring light modules from the centre: the
// 7x7 finder (r 3, light 2) and the 5x5 finder sub-pattern (r 2, light 1).
func (p *plane) box(cx, cy, r, light int) {
	for dy := -r; dy <= r; dy++ {
		for dx := -r; dx <= r; dx++ {
			p.fn(cx+dx, cy+dy, max(abs(dx), abs(dy)) != light)
		}
	}
}

// place writes n bits of stream, most significant first, into the free
// modules in the order walk visits them. Free modules left over (the
// remainder bits) stay light.
func (p *plane) place(stream []byte, n, right int) {
	i := 0
	p.walk(right, func(x, y int) bool {
		p.rows[y].add(x, uint64(stream[i>>3]>>(7-i&7))&1)
		i++
		return i < n
	})
}

// walk visits the free modules in the order codeword bits are placed in
// them (ISO/IEC 18004 7.7.3, ISO/IEC 23941 7.7.3): up and down
// two-module-wide columns from column right leftwards, upwards first, the
// right module of each pair before the left. It stops when visit returns
// false.
func (p *plane) walk(right int, visit func(x, y int) bool) {
	up := true
	for ; right >= 1; right -= 2 {
		for k := range p.h {
			y := k
			if up {
				y = p.h - 1 - k
			}
			for x := right; x >= right-1; x-- {
				if p.free[y].at(x) && !visit(x, y) {
					return
				}
			}
		}
		up = !up
	}
}

// mask applies QR mask pattern m (ISO/IEC 18004 table 10) to the free modules.
func (p *plane) mask(m int) {
	for y := range p.rows {
		p.rows[y] = p.rows[y].xor(maskRows[m][y%12].and(p.free[y]))
	}
}

// freeCount is the number of modules free for data.
func (p *plane) freeCount() int {
	n := 0
	for _, f := range p.free {
		n += f.count()
	}
	return n
}

// code returns the finished symbol.
func (p *plane) code(s Symbol, v int, l Level, mask int) *Code {
	c := &Code{Symbol: s, Version: v, Level: l, Mask: mask, Width: p.w, Height: p.h, rows: p.rows}
	if p.w == p.h {
		c.Size = p.w
	}
	return c
}

// segment is how a symbol writes the header of a segment: the width of
// the mode indicator and its value per mode, and the width of the
// character count indicator per mode, 0 where the symbol has no such mode.
type segment struct {
	modeBits  int
	modeCode  [4]uint
	countBits [4]int
}

// bits returns the length of the segment holding n characters (bytes
// for kanji) of text in mode m, or -1 when m does not exist here or n
// overflows its character count indicator.
func (s segment) bits(m mode, n int) int {
	cb := s.countBits[m]
	chars := n
	if m == kanji {
		chars = n / 2
	}
	if cb == 0 || chars >= 1<<cb {
		return -1
	}
	return s.modeBits + cb + charBits(m, n)
}

// write writes the segment holding text in mode m.
func (s segment) write(w *bitWriter, text string, m mode) {
	w.write(s.modeCode[m], s.modeBits)
	n := len(text)
	if m == kanji {
		n /= 2
	}
	w.write(uint(n), s.countBits[m])
	writeChars(w, text, m)
}

// pad ends the data bit stream in w at capacity bits (ISO/IEC 18004 7.4.9
// and 7.4.10, ISO/IEC 23941 7.4.9 and 7.4.10): the terminator of term zero
// bits, cut short when the symbol is full, zero bits to a codeword
// boundary, then the pad codewords 11101100 and 00010001 in turn. In M1
// and M3, whose capacity ends halfway through a byte, the last data
// codeword is 4 bits long and pads as 0000.
func pad(w *bitWriter, capacity, term int) {
	left := func() int { return capacity - (len(w.b)*8 + w.nacc) }
	w.write(0, min(term, left()))
	if capacity%8 == 4 && left() <= 4 {
		w.write(0, left())
		return
	}
	if w.nacc > 0 {
		w.write(0, 8-w.nacc)
	}
	for i := 0; left() >= 8; i++ {
		w.write([2]uint{0xec, 0x11}[i%2], 8)
	}
	w.write(0, left())
}
