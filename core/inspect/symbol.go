package inspect

import (
	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/common/reedsolomon"
	"github.com/makiuchi-d/gozxing/qrcode/decoder"
)

// parsed is a sampled grid read as a symbol: its format, its codewords
// in their blocks, each block corrected where error correction can.
type parsed struct {
	version int
	level   string
	mask    int
	layout  *layout
	blocks  []block
	raw     []byte // as read, in placement order
	fixed   []byte // corrected, where every block was
	ok      bool   // every block corrected
	format  int    // bit errors in the better copy of the format information
	vinfo   int    // likewise of the version information (0 below version 7)
}

// block is one Reed-Solomon block of a symbol.
type block struct {
	index    []int // raw codeword of each of its codewords, data first
	data     int   // data codewords
	ec       int   // error correction codewords
	capacity int   // codeword errors it is meant to correct
	errors   int   // codewords corrected; -1 when there were more than it could
}

// misdecode is the codewords ISO/IEC 18004 (Table 9) reserves against
// misdecoding in the smallest symbols, by version and level: they
// correct fewer errors than half their error correction codewords.
var misdecode = map[[2]int]int{{1, 'L'}: 3, {1, 'M'}: 2, {1, 'Q'}: 1, {1, 'H'}: 1, {2, 'L'}: 2, {3, 'L'}: 1}

// parse reads the format information, version and codewords of bits (a
// symbol's modules, dark set, in the symbol's own orientation) and
// corrects each block. It reports false when the format information or
// the version cannot be read: reading stopped at the format.
func parse(bits *gozxing.BitMatrix) (*parsed, bool) {
	clone, _ := gozxing.NewBitMatrix(bits.GetWidth(), bits.GetHeight())
	clone.Xor(bits) // a copy: reading the codewords unmasks it
	parser, err := decoder.NewBitMatrixParser(clone)
	if err != nil {
		return nil, false
	}
	fi, err := parser.ReadFormatInformation()
	if err != nil {
		return nil, false
	}
	ver, err := parser.ReadVersion()
	if err != nil || ver.GetDimensionForVersion() != bits.GetHeight() {
		return nil, false
	}
	raw, err := parser.ReadCodewords() // unmasks clone
	if err != nil {
		return nil, false
	}
	p := &parsed{version: ver.GetVersionNumber(), level: fi.GetErrorCorrectionLevel().String(), mask: int(fi.GetDataMask()), raw: raw}
	p.layout = newLayout(p.version)
	p.blocks = blocksOf(ver, fi.GetErrorCorrectionLevel())
	p.fixed = append([]byte(nil), raw...)
	rs := reedsolomon.NewReedSolomonDecoder(reedsolomon.GenericGF_QR_CODE_FIELD_256)
	p.ok = true
	for i := range p.blocks {
		b := &p.blocks[i]
		words := make([]int, len(b.index))
		for k, at := range b.index {
			words[k] = int(raw[at])
		}
		if err := rs.Decode(words, b.ec); err != nil {
			b.errors = -1
			p.ok = false
			continue
		}
		for k, at := range b.index {
			if byte(words[k]) != raw[at] {
				b.errors++
				p.fixed[at] = byte(words[k])
			}
		}
		if b.errors > b.capacity {
			// Reed-Solomon corrected more than the symbol allows for
			// (the misdecode codewords): no reader should trust it.
			b.errors = -1
			p.ok = false
		}
	}
	p.format, p.vinfo = infoErrors(bits, p)
	return p, true
}

// blocksOf lays out the blocks of a version and level: codewords are
// interleaved, the data codewords of every block in turn, shorter blocks
// first, then their error correction codewords (ISO/IEC 18004 7.6).
func blocksOf(v *decoder.Version, l decoder.ErrorCorrectionLevel) []block {
	ecb := v.GetECBlocksForLevel(l)
	ec := ecb.GetECCodewordsPerBlock()
	p := misdecode[[2]int{v.GetVersionNumber(), int(l.String()[0])}]
	var out []block
	for _, g := range ecb.GetECBlocks() {
		for range g.GetCount() {
			out = append(out, block{data: g.GetDataCodewords(), ec: ec, capacity: (ec - p) / 2})
		}
	}
	longest := 0
	for _, b := range out {
		longest = max(longest, b.data)
	}
	for i := range out {
		out[i].index = make([]int, out[i].data+ec)
	}
	at := 0
	for k := range longest {
		for i := range out {
			if k < out[i].data {
				out[i].index[k] = at
				at++
			}
		}
	}
	for k := range ec {
		for i := range out {
			out[i].index[out[i].data+k] = at
			at++
		}
	}
	return out
}

// infoErrors counts the bit errors of the better copy of the format
// information, and of the version information from version 7, against
// what the level, mask and version read call for.
func infoErrors(bits *gozxing.BitMatrix, p *parsed) (format, version int) {
	dim := bits.GetHeight()
	f := formatBits(p.level, p.mask)
	format = 15
	for _, cp := range formatCopies(dim) {
		n := 0
		for k, at := range cp {
			if bits.Get(at[0], at[1]) != (f>>(14-k)&1 == 1) {
				n++
			}
		}
		format = min(format, n)
	}
	if p.version < 7 {
		return format, 0
	}
	v := versionBits(p.version)
	version = 18
	for _, cp := range versionCopies(dim) {
		n := 0
		for k, at := range cp {
			if bits.Get(at[0], at[1]) != (v>>k&1 == 1) {
				n++
			}
		}
		version = min(version, n)
	}
	return format, version
}

// matrixOf is modules (dark true, row by row) as a gozxing bit matrix.
func matrixOf(dim int, bits []bool) *gozxing.BitMatrix {
	m, _ := gozxing.NewSquareBitMatrix(dim)
	for i, dark := range bits {
		if dark {
			m.Set(i%dim, i/dim)
		}
	}
	return m
}
