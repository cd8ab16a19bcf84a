package scan

import (
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
