package scan

import (
	"encoding/binary"

	"github.com/makiuchi-d/gozxing"
)

// localMean thresholds each pixel halfway between the mean of the
// (2r+1)-square around it and the image's Otsu threshold: the local mean
// follows uneven light and keeps thin light gaps open, the global one
// keeps the inside of a large dark area dark, where the local mean is
// dark too.
// gozxing's hybrid binarizer thresholds blocks of 8 pixels, which at 2.5
// pixels a module spans three modules and loses the thin ring of a round
// finder pattern; a window of about two modules keeps it, at the cost of
// one pass over the pixels, where upscaling the picture to help the
// hybrid binarizer costs four to sixteen.
type localMean struct {
	src gozxing.LuminanceSource
	r   int
}

// local returns a binarizer of window radius r.
func local(r int) binarizer {
	return func(src gozxing.LuminanceSource) gozxing.Binarizer { return &localMean{src, r} }
}

func (b *localMean) GetLuminanceSource() gozxing.LuminanceSource { return b.src }
func (b *localMean) GetWidth() int                               { return b.src.GetWidth() }
func (b *localMean) GetHeight() int                              { return b.src.GetHeight() }

func (b *localMean) CreateBinarizer(src gozxing.LuminanceSource) gozxing.Binarizer {
	return &localMean{src, b.r}
}

func (b *localMean) GetBlackRow(y int, row *gozxing.BitArray) (*gozxing.BitArray, error) {
	m, err := b.GetBlackMatrix()
	if err != nil {
		return nil, err
	}
	return m.GetRow(y, row), nil
}

// GetBlackMatrix thresholds the whole image through an integral image of
// its grey levels.
func (b *localMean) GetBlackMatrix() (*gozxing.BitMatrix, error) {
	w, h := b.src.GetWidth(), b.src.GetHeight()
	pix := b.src.GetMatrix()
	sat := make([]int32, (w+1)*(h+1)) // summed-area table, a row and a column of zeros first
	for y := range h {
		run := int32(0)
		for x := range w {
			run += int32(pix[y*w+x])
			sat[(y+1)*(w+1)+x+1] = sat[y*(w+1)+x+1] + run
		}
	}
	m, err := gozxing.NewBitMatrix(w, h)
	if err != nil {
		return nil, err
	}
	t := otsu(pix)
	for y := range h {
		y0, y1 := max(0, y-b.r), min(h, y+b.r+1)
		for x := range w {
			x0, x1 := max(0, x-b.r), min(w, x+b.r+1)
			sum := sat[y1*(w+1)+x1] - sat[y0*(w+1)+x1] - sat[y1*(w+1)+x0] + sat[y0*(w+1)+x0]
			n := int32((y1 - y0) * (x1 - x0))
			if 2*int32(pix[y*w+x])*n < sum+t*n {
				m.Set(x, y)
			}
		}
	}
	return m, nil
}

// otsu returns the grey level that best splits pix into two classes
// (Otsu's method: the largest variance between them).
func otsu(pix []byte) int32 {
	var hist [256]int
	for _, v := range pix {
		hist[v]++
	}
	total, sum := len(pix), 0
	for v, c := range hist {
		sum += v * c
	}
	best, bestVar, wB, sumB := 0, -1.0, 0, 0
	for t, c := range hist {
		wB += c
		if wB == 0 {
			continue
		}
		wF := total - wB
		if wF == 0 {
			break
		}
		sumB += t * c
		mB, mF := float64(sumB)/float64(wB), float64(sum-sumB)/float64(wF)
		if v := float64(wB) * float64(wF) * (mB - mF) * (mB - mF); v > bestVar {
			best, bestVar = t, v
		}
	}
	return int32(best)
}

// The binarizers below threshold a plane straight into a bitmap for the
// grid detector: the same rules as gozxing's, without its bit matrix,
// which the detector would have to unpack again for its many reads.

// hybridBits thresholds p as gozxing's HybridBinarizer does: each 8 x 8
// block against the mean of the 5 x 5 blocks around it, where a block of
// under 24 grey levels takes its neighbours' threshold (or half its
// minimum: background). Images under 40 pixels a side go to globalBits.
func hybridBits(p *plane) *bitmap {
	const size, shift, minRange = 8, 3, 24
	w, h := p.w, p.h
	if w < 5*size || h < 5*size {
		return globalBits(p)
	}
	sw, sh := (w+size-1)>>shift, (h+size-1)>>shift
	black := make([]int, sw*sh)
	maxX, maxY := w-size, h-size
	for by := range sh {
		yo := min(by<<shift, maxY)
		for bx := range sw {
			xo := min(bx<<shift, maxX)
			// Eight bytes a row, summed eight at a time; min and max
			// only until the block shows enough range, as gozxing does.
			sum, lo, hi := 0, 255, 0
			yy := 0
			for ; yy < size; yy++ {
				row := p.pix[(yo+yy)*w+xo:][:size]
				sum += sum8(row)
				for _, v := range row {
					lo = min(lo, int(v))
					hi = max(hi, int(v))
				}
				if hi-lo > minRange {
					yy++
					break
				}
			}
			for ; yy < size; yy++ {
				sum += sum8(p.pix[(yo+yy)*w+xo:][:size])
			}
			avg := sum >> (2 * shift)
			if hi-lo <= minRange {
				avg = lo / 2
				if by > 0 && bx > 0 {
					n := (black[(by-1)*sw+bx] + 2*black[by*sw+bx-1] + black[(by-1)*sw+bx-1]) / 4
					if lo < n {
						avg = n
					}
				}
			}
			black[by*sw+bx] = avg
		}
	}
	// Each block's threshold is the mean of the 5 x 5 black points
	// around it (clamped at the edges); the last, partial, block of a row
	// or column lies flush with the edge and overlaps the one before.
	level := make([]int16, sw*sh)
	clampI := func(v, lo, hi int) int { return max(lo, min(hi, v)) }
	for by := range sh {
		top := clampI(by, 2, sh-3)
		for bx := range sw {
			left := clampI(bx, 2, sw-3)
			sum := 0
			for z := -2; z <= 2; z++ {
				row := black[(top+z)*sw+left-2:][:5]
				sum += row[0] + row[1] + row[2] + row[3] + row[4]
			}
			level[by*sw+bx] = int16(sum / 25)
		}
	}
	blockOf := func(n, last int) func(int) int {
		return func(i int) int {
			if i >= last {
				return (n+size-1)>>shift - 1
			}
			return i >> shift
		}
	}
	return blockMap(p, level, sw, blockOf(w, maxX), blockOf(h, maxY))
}

// sum8 adds eight bytes as one 64-bit word: pairs, then quads, then all.
func sum8(b []byte) int {
	x := binary.LittleEndian.Uint64(b)
	x = x&0x00ff00ff00ff00ff + x>>8&0x00ff00ff00ff00ff
	x = x&0x0000ffff0000ffff + x>>16&0x0000ffff0000ffff
	return int(x&0xffffffff + x>>32)
}

// globalBits thresholds p at one grey level, as gozxing's
// GlobalHistogramBinarizer does: the valley between the two tallest peaks
// of a histogram of four rows, nearer the light one. An image without two
// such peaks is all light.
func globalBits(p *plane) *bitmap {
	const shift = 3 // 32 buckets
	var buckets [256 >> shift]int
	for k := 1; k < 5; k++ {
		row := p.pix[(p.h*k/5)*p.w:]
		for x := p.w / 5; x < p.w*4/5; x++ {
			buckets[row[x]>>shift]++
		}
	}
	t, ok := blackPoint(buckets[:])
	level := []int16{int16(t<<shift) - 1} // dark below the black point
	if !ok {
		level[0] = -1 // no two peaks: all light
	}
	zero := func(int) int { return 0 }
	return blockMap(p, level, 0, zero, zero)
}

// otsuBits thresholds p at one grey level, Otsu's (otsu). Where
// globalBits finds no two peaks, as in a code whose dark and light lie
// under 24 grey levels apart (its histogram's buckets are 8 levels wide,
// and a smoothed faint code fills two or three of them), Otsu's split of
// all 256 levels still falls between them.
func otsuBits(p *plane) *bitmap {
	zero := func(int) int { return 0 }
	return blockMap(p, []int16{int16(otsu(p.pix))}, 0, zero, zero)
}

// blackPoint is gozxing's estimateBlackPoint over a histogram of buckets.
func blackPoint(buckets []int) (int, bool) {
	first, firstSize, most := 0, 0, 0
	for x, n := range buckets {
		if n > firstSize {
			first, firstSize = x, n
		}
		most = max(most, n)
	}
	second, secondScore := 0, 0
	for x, n := range buckets {
		d := x - first
		if s := n * d * d; s > secondScore {
			second, secondScore = x, s
		}
	}
	if first > second {
		first, second = second, first
	}
	if second-first <= len(buckets)/16 {
		return 0, false
	}
	best, bestScore := second-1, -1
	for x := second - 1; x > first; x-- {
		d := x - first
		if s := d * d * (second - x) * (most - buckets[x]); s > bestScore {
			best, bestScore = x, s
		}
	}
	return best, true
}

// localBits thresholds p as localMean does, into a bitmap.
func localBits(r int) func(p *plane) *bitmap {
	return func(p *plane) *bitmap {
		w, h := p.w, p.h
		sat := make([]int32, (w+1)*(h+1))
		for y := range h {
			run := int32(0)
			for x := range w {
				run += int32(p.pix[y*w+x])
				sat[(y+1)*(w+1)+x+1] = sat[y*(w+1)+x+1] + run
			}
		}
		// Dark where 2 v n < sum + t n: at or below the level below.
		level := make([]int16, w*h)
		t := otsu(p.pix)
		for y := range h {
			y0, y1 := max(0, y-r), min(h, y+r+1)
			for x := range w {
				x0, x1 := max(0, x-r), min(w, x+r+1)
				sum := sat[y1*(w+1)+x1] - sat[y0*(w+1)+x1] - sat[y1*(w+1)+x0] + sat[y0*(w+1)+x0]
				n := int32((y1 - y0) * (x1 - x0))
				level[y*w+x] = int16((sum+t*n+2*n-1)/(2*n) - 1)
			}
		}
		id := func(i int) int { return i }
		return blockMap(p, level, w, id, id)
	}
}
