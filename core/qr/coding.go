package qr

import "strings"

// This file turns text into the final codeword sequence: the data bit
// stream (ISO/IEC 18004 7.4), Reed-Solomon error correction (7.5) and the
// interleaving of blocks (7.6).

type mode int

const (
	numeric mode = iota
	alphanumeric
	byteMode
	kanji // text is Shift JIS, two bytes a character (see Encoder.Mode)
)

// alphabet lists the alphanumeric characters in the order of their values.
const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"

// IsKanji reports whether text is Shift JIS double-byte characters that
// kanji mode holds: each pair in 8140-9FFC or E040-EBBF (7.4.6).
func IsKanji(text string) bool {
	if len(text) == 0 || len(text)%2 != 0 {
		return false
	}
	for i := 0; i < len(text); i += 2 {
		c := int(text[i])<<8 | int(text[i+1])
		if !(c >= 0x8140 && c <= 0x9FFC || c >= 0xE040 && c <= 0xEBBF) || text[i+1] < 0x40 || text[i+1] == 0x7F || text[i+1] > 0xFC {
			return false
		}
	}
	return true
}

// modeOf picks the densest mode that holds all of text. Kanji mode is never
// used: payloads are UTF-8, and Shift JIS would change what scanners read.
// No ECI header is written unless an Encoder asks: scanners recognise UTF-8
// in byte mode without one.
func modeOf(text string) mode {
	m := numeric
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case '0' <= c && c <= '9':
		case strings.IndexByte(alphabet, c) >= 0:
			m = alphanumeric
		default:
			return byteMode
		}
	}
	return m
}

// countBits is the width of the character count indicator per mode, for
// versions 1-9, 10-26 and 27-40 (table 3).
var countBits = [4][3]int{
	numeric:      {10, 12, 14},
	alphanumeric: {9, 11, 13},
	byteMode:     {8, 16, 16},
	kanji:        {8, 10, 12},
}

func sizeClass(v int) int {
	switch {
	case v <= 9:
		return 0
	case v <= 26:
		return 1
	}
	return 2
}

// segmentBits is the length of the segment holding n characters in mode m:
// mode indicator, character count, then 10 bits per 3 digits, 11 per 2
// alphanumeric characters or 8 per byte, with shorter groups at the end.
func segmentBits(m mode, n, v int) int { return 4 + countBits[m][sizeClass(v)] + charBits(m, n) }

// charBits is the length of n characters in mode m, without the header.
func charBits(m mode, n int) int {
	switch m {
	case numeric:
		return (10*n + 2) / 3
	case alphanumeric:
		return (11*n + 1) / 2
	case kanji:
		return 13 * (n / 2) // n counts bytes, two a character
	}
	return 8 * n
}

// eciBits is the length of the ECI header for designator eci: the mode
// indicator, then the designator in one, two or three bytes (table 4).
func eciBits(eci int) int {
	switch {
	case eci == 0:
		return 0
	case eci < 1<<7:
		return 4 + 8
	case eci < 1<<14:
		return 4 + 16
	}
	return 4 + 24
}

// fit returns the smallest version from lo to hi that holds n characters in
// mode m at level l after extra header bits, or 0 if none does.
func fit(m mode, n int, l Level, lo, hi, extra int) int {
	for v := lo; v <= hi; v++ {
		if extra+segmentBits(m, n, v) <= versions[v].dataBytes(l)*8 {
			return v
		}
	}
	return 0
}

// maxChars returns the most characters of mode m that a version-v symbol
// at level l holds after extra header bits.
func maxChars(m mode, v int, l Level, extra int) int {
	room := versions[v].dataBytes(l)*8 - extra
	n := room / 8 // an upper bound: at least 10/3 bits a character
	switch m {
	case numeric:
		n = room * 3 / 10
	case alphanumeric:
		n = room * 2 / 11
	}
	if m == kanji {
		n = room / 13 * 2
	}
	for n > 0 && segmentBits(m, n, v) > room {
		n--
	}
	return n
}

// A version is the codeword budget of one symbol version (table 9).
type version struct {
	bytes int    // codewords in the symbol, data and error correction
	level [4]ecc // split per error-correction level
}

// ecc is how the codewords of a version divide at one level: blocks of
// data each followed by check error-correction codewords. When the data
// does not divide evenly, the last blocks hold one data codeword more.
type ecc struct{ blocks, check int }

func (v *version) dataBytes(l Level) int {
	return v.bytes - v.level[l].blocks*v.level[l].check
}

var versions = [41]version{
	{},
	{26, [4]ecc{{1, 7}, {1, 10}, {1, 13}, {1, 17}}},        // 1
	{44, [4]ecc{{1, 10}, {1, 16}, {1, 22}, {1, 28}}},       // 2
	{70, [4]ecc{{1, 15}, {1, 26}, {2, 18}, {2, 22}}},       // 3
	{100, [4]ecc{{1, 20}, {2, 18}, {2, 26}, {4, 16}}},      // 4
	{134, [4]ecc{{1, 26}, {2, 24}, {4, 18}, {4, 22}}},      // 5
	{172, [4]ecc{{2, 18}, {4, 16}, {4, 24}, {4, 28}}},      // 6
	{196, [4]ecc{{2, 20}, {4, 18}, {6, 18}, {5, 26}}},      // 7
	{242, [4]ecc{{2, 24}, {4, 22}, {6, 22}, {6, 26}}},      // 8
	{292, [4]ecc{{2, 30}, {5, 22}, {8, 20}, {8, 24}}},      // 9
	{346, [4]ecc{{4, 18}, {5, 26}, {8, 24}, {8, 28}}},      // 10
	{404, [4]ecc{{4, 20}, {5, 30}, {8, 28}, {11, 24}}},     // 11
	{466, [4]ecc{{4, 24}, {8, 22}, {10, 26}, {11, 28}}},    // 12
	{532, [4]ecc{{4, 26}, {9, 22}, {12, 24}, {16, 22}}},    // 13
	{581, [4]ecc{{4, 30}, {9, 24}, {16, 20}, {16, 24}}},    // 14
	{655, [4]ecc{{6, 22}, {10, 24}, {12, 30}, {18, 24}}},   // 15
	{733, [4]ecc{{6, 24}, {10, 28}, {17, 24}, {16, 30}}},   // 16
	{815, [4]ecc{{6, 28}, {11, 28}, {16, 28}, {19, 28}}},   // 17
	{901, [4]ecc{{6, 30}, {13, 26}, {18, 28}, {21, 28}}},   // 18
	{991, [4]ecc{{7, 28}, {14, 26}, {21, 26}, {25, 26}}},   // 19
	{1085, [4]ecc{{8, 28}, {16, 26}, {20, 30}, {25, 28}}},  // 20
	{1156, [4]ecc{{8, 28}, {17, 26}, {23, 28}, {25, 30}}},  // 21
	{1258, [4]ecc{{9, 28}, {17, 28}, {23, 30}, {34, 24}}},  // 22
	{1364, [4]ecc{{9, 30}, {18, 28}, {25, 30}, {30, 30}}},  // 23
	{1474, [4]ecc{{10, 30}, {20, 28}, {27, 30}, {32, 30}}}, // 24
	{1588, [4]ecc{{12, 26}, {21, 28}, {29, 30}, {35, 30}}}, // 25
	{1706, [4]ecc{{12, 28}, {23, 28}, {34, 28}, {37, 30}}}, // 26
	{1828, [4]ecc{{12, 30}, {25, 28}, {34, 30}, {40, 30}}}, // 27
	{1921, [4]ecc{{13, 30}, {26, 28}, {35, 30}, {42, 30}}}, // 28
	{2051, [4]ecc{{14, 30}, {28, 28}, {38, 30}, {45, 30}}}, // 29
	{2185, [4]ecc{{15, 30}, {29, 28}, {40, 30}, {48, 30}}}, // 30
	{2323, [4]ecc{{16, 30}, {31, 28}, {43, 30}, {51, 30}}}, // 31
	{2465, [4]ecc{{17, 30}, {33, 28}, {45, 30}, {54, 30}}}, // 32
	{2611, [4]ecc{{18, 30}, {35, 28}, {48, 30}, {57, 30}}}, // 33
	{2761, [4]ecc{{19, 30}, {37, 28}, {51, 30}, {60, 30}}}, // 34
	{2876, [4]ecc{{19, 30}, {38, 28}, {53, 30}, {63, 30}}}, // 35
	{3034, [4]ecc{{20, 30}, {40, 28}, {56, 30}, {66, 30}}}, // 36
	{3196, [4]ecc{{21, 30}, {43, 28}, {59, 30}, {70, 30}}}, // 37
	{3362, [4]ecc{{22, 30}, {45, 28}, {62, 30}, {74, 30}}}, // 38
	{3532, [4]ecc{{24, 30}, {47, 28}, {65, 30}, {77, 30}}}, // 39
	{3706, [4]ecc{{25, 30}, {49, 28}, {68, 30}, {81, 30}}}, // 40
}

// bitWriter appends bit fields, most significant bit first, to b.
type bitWriter struct {
	b    []byte
	acc  uint64 // its low nacc bits are written but not yet in b
	nacc int
}

func (w *bitWriter) write(v uint, nbit int) {
	w.acc = w.acc<<nbit | uint64(v)
	w.nacc += nbit
	for w.nacc >= 8 {
		w.nacc -= 8
		w.b = append(w.b, byte(w.acc>>w.nacc))
	}
}

// appendData appends the nd data codewords of a version-v symbol holding
// text in mode m: the structured-append header when p.Count is not 0, the
// ECI header when eci is not 0, one segment, the terminator, and padding.
func appendData(dst []byte, text string, m mode, v, nd, eci int, p Part) []byte {
	w := bitWriter{b: dst}
	if p.Count > 0 { // ISO/IEC 18004 8: 0011, the index, the count less one, the parity
		w.write(0b0011, 4)
		w.write(uint(p.Index), 4)
		w.write(uint(p.Count-1), 4)
		w.write(uint(p.Parity), 8)
	}
	if eci > 0 {
		w.write(0b0111, 4)
		writeECI(&w, eci)
	}
	w.write(1<<uint(m), 4) // mode indicators 0001, 0010, 0100, 1000
	n := len(text)
	if m == kanji {
		n /= 2
	}
	w.write(uint(n), countBits[m][sizeClass(v)])
	writeChars(&w, text, m)
	// The terminator is cut short when the symbol is full. Then zero bits to
	// a byte boundary, and the pad codewords 11101100 and 00010001 in turn.
	full := len(dst) + nd
	w.write(0, min(4, (full-len(w.b))*8-w.nacc))
	if w.nacc > 0 {
		w.write(0, 8-w.nacc)
	}
	pad := [2]byte{0xec, 0x11}
	for i := 0; len(w.b) < full; i++ {
		w.b = append(w.b, pad[i%2])
	}
	return w.b
}

// writeECI writes ECI designator eci in one, two or three bytes: 0bbbbbbb,
// 10bbbbbb bbbbbbbb or 110bbbbb bbbbbbbb bbbbbbbb (7.4.2.2).
func writeECI(w *bitWriter, eci int) {
	switch {
	case eci < 1<<7:
		w.write(uint(eci), 8)
	case eci < 1<<14:
		w.write(0b10<<14|uint(eci), 16)
	default:
		w.write(0b110<<21|uint(eci), 24)
	}
}

// writeChars writes the characters of text in mode m (7.4.3 to 7.4.6):
// 10 bits per 3 digits, 11 per 2 alphanumeric characters, 8 per byte or
// 13 per kanji, with shorter groups at the end.
func writeChars(w *bitWriter, text string, m mode) {
	switch m {
	case numeric:
		for i := 0; i < len(text); i += 3 {
			group := text[i:min(i+3, len(text))]
			d := 0
			for j := 0; j < len(group); j++ {
				d = d*10 + int(group[j]-'0')
			}
			w.write(uint(d), 3*len(group)+1)
		}
	case alphanumeric:
		i := 0
		for ; i+1 < len(text); i += 2 {
			a, b := strings.IndexByte(alphabet, text[i]), strings.IndexByte(alphabet, text[i+1])
			w.write(uint(a*45+b), 11)
		}
		if i < len(text) {
			w.write(uint(strings.IndexByte(alphabet, text[i])), 6)
		}
	case kanji:
		// 7.4.6: subtract 8140 or C140 from the Shift JIS code, then the
		// high byte times C0 plus the low byte, in 13 bits.
		for i := 0; i+1 < len(text); i += 2 {
			c := uint(text[i])<<8 | uint(text[i+1])
			if c >= 0xE040 {
				c -= 0xC140
			} else {
				c -= 0x8140
			}
			w.write((c>>8)*0xC0+c&0xFF, 13)
		}
	default:
		for i := 0; i < len(text); i++ {
			w.write(uint(text[i]), 8)
		}
	}
}

// codewords returns the codewords of a version-v symbol at level l holding
// text in mode m after ECI designator eci (0 for none), as part p of a
// structured-append sequence when p.Count is not 0, in the order they
// are placed: the data blocks interleaved, then their error-correction
// blocks interleaved.
func codewords(text string, m mode, v int, l Level, eci int, p Part) []byte {
	ver := &versions[v]
	nd := ver.dataBytes(l)
	buf := make([]byte, 2*ver.bytes) // data, check, and the interleaved result
	data := appendData(buf[:0:nd], text, m, v, nd, eci, p)
	return interleave(data, ver.level[l], buf[nd:ver.bytes], buf[ver.bytes:])
}

// interleave computes the error correction of data split into e.blocks
// blocks and returns out holding the final sequence (7.6): the data blocks
// interleaved, then their error-correction blocks interleaved. check is
// room for the error-correction codewords; out for them all.
func interleave(data []byte, e ecc, check, out []byte) []byte {
	nd := len(data)

	// blockLen is the number of data codewords in block b: the last
	// nd%blocks blocks hold one more than the others.
	short, firstLong := nd/e.blocks, e.blocks-nd%e.blocks
	blockLen := func(b int) int {
		if b >= firstLong {
			return short + 1
		}
		return short
	}

	var gen [30]byte
	rsGenerator(gen[:e.check])
	for b, start := 0, 0; b < e.blocks; b++ {
		end := start + blockLen(b)
		rsCheck(data[start:end], gen[:e.check], check[b*e.check:(b+1)*e.check])
		start = end
	}

	k := 0
	for i := 0; i <= short; i++ {
		for b, start := 0, 0; b < e.blocks; b++ {
			if i < blockLen(b) {
				out[k] = data[start+i]
				k++
			}
			start += blockLen(b)
		}
	}
	for i := 0; i < e.check; i++ {
		for b := 0; b < e.blocks; b++ {
			out[k] = check[b*e.check+i]
			k++
		}
	}
	return out
}

// Arithmetic in GF(256) modulo x^8+x^4+x^3+x^2+1, the field of QR error
// correction, through tables of powers of the generator 2 and their logs.
var gfExp, gfLog = gfTables()

func gfTables() (exp [512]byte, log [256]byte) {
	x := 1
	for i := 0; i < 255; i++ {
		exp[i], exp[i+255] = byte(x), byte(x)
		log[x] = byte(i)
		x <<= 1
		if x >= 256 {
			x ^= 0x11d
		}
	}
	return exp, log
}

func gfMul(a, b byte) byte {
	if a == 0 || b == 0 {
		return 0
	}
	return gfExp[int(gfLog[a])+int(gfLog[b])]
}

// rsGenerator sets g to the generator polynomial (x-2^0)(x-2^1)...(x-2^(n-1))
// of degree n = len(g), highest power first, leaving out the leading 1.
func rsGenerator(g []byte) {
	clear(g)
	g[len(g)-1] = 1 // the polynomial 1, its leading term left out
	root := byte(1)
	for range g {
		for j := range g {
			g[j] = gfMul(g[j], root)
			if j+1 < len(g) {
				g[j] ^= g[j+1]
			}
		}
		root = gfMul(root, 2)
	}
}

// rsCheck sets check to the remainder of data·x^n divided by the generator
// g of degree n = len(g): the error-correction codewords of one block.
func rsCheck(data, g, check []byte) {
	// The generator's coefficients are all non-zero (TestGenerators), so
	// their logs stand in for them and each product is one table lookup.
	var glog [30]byte
	for i, c := range g {
		glog[i] = gfLog[c]
	}
	clear(check)
	last := len(check) - 1
	for _, d := range data {
		f := d ^ check[0]
		if f == 0 {
			copy(check, check[1:])
			check[last] = 0
			continue
		}
		lf := int(gfLog[f])
		for i, c := range check[1:] {
			check[i] = c ^ gfExp[int(glog[i])+lf]
		}
		check[last] = gfExp[int(glog[last])+lf]
	}
}
