package render

import (
	"image"
	"math"
	"sync"

	"golang.org/x/image/vector"

	"qrkeyless/core/qr"
)

// stamp rasterizes the picture of c piece by piece, for a layout whose
// modules sit on whole pixels. Rasterizing every outline of a styled code
// (a star or a dot per module, hundreds of curves) was most of the time a
// PNG took; but a module's shape depends only on itself and its eight
// neighbours (a corner is rounded within its module, a bar ends within
// one), so each neighbourhood that occurs is rasterized once, in a tile
// one module square, and copied wherever it occurs. The eyes and the mark,
// with whatever the style draws into their frames, are rasterized in
// tiles of their own frames. Pieces never share a pixel, and each is
// rasterized from the same outlines, clipped to its tile, so the picture
// is the one rasterizing the whole path gives, to within a level of grey
// where the two round a coordinate differently (TestStampMatchesThePath).
func stamp(c *qr.Code, o Options, l layout) *image.Alpha {
	g, fs := parts(c, o)
	st := styles[styleIndex(o.Style)]
	draw := st.draw
	eye := o.eyeShape()
	px := l.px
	off := int(math.Round(l.origin * l.unit))
	cov := image.NewAlpha(image.Rect(0, 0, l.w, l.h))
	z := rasterPool.Get().(*vector.Rasterizer)
	defer rasterPool.Put(z)

	// blit rasterizes the outlines of p that fall in the w x h modules from
	// module (mx, my), and writes them into cov there.
	blit := func(p path, mx, my, w, h int) {
		if len(p) == 0 {
			return
		}
		tile := image.NewAlpha(image.Rect(0, 0, w*px, h*px))
		z.Reset(w*px, h*px)
		feedModules(z, p, float64(mx), float64(my), float64(px))
		z.Draw(tile, tile.Bounds(), image.Opaque, image.Point{})
		x0, y0 := off+mx*px, off+my*px
		for y := range h * px {
			copy(cov.Pix[(y0+y)*cov.Stride+x0:], tile.Pix[y*tile.Stride:(y+1)*tile.Stride])
		}
	}

	// The frames of the eyes and of the mark, each with the style's
	// outlines of the modules around it, which may reach into it.
	taken := make([]bool, c.Width*c.Height)
	region := func(x0, y0, w, h int, extra func(p *path)) {
		for y := y0; y < y0+h; y++ {
			for x := x0; x < x0+w; x++ {
				taken[y*c.Width+x] = true
			}
		}
		var p path
		draw(&p, near(g, x0-1, y0-1, w+2, h+2))
		extra(&p)
		blit(p, x0, y0, w, h)
	}
	for _, f := range fs {
		s := int(f.s)
		region(int(f.x), int(f.y), s, s, func(p *path) { eye(p, f) })
	}
	if lo, hi := markClear(c.Size, o.Mark); hi > lo {
		region(lo, lo, hi-lo, hi-lo, func(p *path) { markPath(p, c.Size, o.Mark) })
	}

	// Every other module, by its neighbourhood: a tile per pattern of nine.
	tiles := map[uint16][]byte{}
	for my := range c.Height {
		for mx := range c.Width {
			if taken[my*c.Width+mx] {
				continue
			}
			key := uint16(0)
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					key <<= 1
					if g.at(mx+dx, my+dy) {
						key |= 1
					}
				}
			}
			if key = st.reach(key); key == 0 {
				continue // nothing is drawn there
			}
			tile, ok := tiles[key]
			if !ok {
				tile = cachedTile(z, styleIndex(o.Style), key, px)
				tiles[key] = tile
			}
			if tile == nil {
				continue
			}
			x0, y0 := off+mx*px, off+my*px
			for y := range px {
				copy(cov.Pix[(y0+y)*cov.Stride+x0:], tile[y*px:(y+1)*px])
			}
		}
	}
	return cov
}

// tileCache keeps module tiles across requests, by style, size and
// neighbourhood: a request at a common size finds them all rasterized.
// It holds at most tileCacheBytes, and starts again empty when full.
var tileCache struct {
	sync.Mutex
	tiles map[tileKey][]byte
	bytes int
}

type tileKey struct {
	style, px int
	key       uint16
}

const tileCacheBytes = 4 << 20

func cachedTile(z *vector.Rasterizer, style int, key uint16, px int) []byte {
	k := tileKey{style, px, key}
	tileCache.Lock()
	tile, ok := tileCache.tiles[k]
	tileCache.Unlock()
	if ok {
		return tile
	}
	tile = moduleTile(z, styles[style].draw, key, px)
	tileCache.Lock()
	defer tileCache.Unlock()
	if tileCache.tiles == nil || tileCache.bytes+len(tile) > tileCacheBytes {
		tileCache.tiles, tileCache.bytes = map[tileKey][]byte{}, 0
	}
	tileCache.tiles[k] = tile
	tileCache.bytes += len(tile) + 32
	return tile
}

// moduleTile rasterizes the middle module of the 3 x 3 modules that key
// sets dark (bit 8 the top-left, bit 0 the bottom-right), px pixels a
// module; nil when the style draws nothing there.
func moduleTile(z *vector.Rasterizer, draw style, key uint16, px int) []byte {
	var p path
	draw(&p, grid{w: 3, h: 3, dark: func(x, y int) bool { return key>>(8-(y*3+x))&1 == 1 }})
	if len(p) == 0 {
		return nil
	}
	tile := image.NewAlpha(image.Rect(0, 0, px, px))
	z.Reset(px, px)
	feedModules(z, p, 1, 1, float64(px))
	z.Draw(tile, tile.Bounds(), image.Opaque, image.Point{})
	for _, v := range tile.Pix {
		if v != 0 {
			return tile.Pix
		}
	}
	return nil
}

// near is g seen through a window of w x h modules from (x0, y0): outside
// it, every module is light. A style drawn on it draws, inside the window
// less its border, what it draws there on g.
func near(g grid, x0, y0, w, h int) grid {
	return grid{w: g.w, h: g.h, dark: func(x, y int) bool {
		return x >= x0 && x < x0+w && y >= y0 && y < y0+h && g.dark(x, y)
	}}
}

// feedModules adds p, in module units, to z, module (mx, my) at z's
// origin and px pixels a module.
func feedModules(z *vector.Rasterizer, p path, mx, my, px float64) {
	for i := range p {
		for k := range p[i].points() {
			q := &p[i].pts[k]
			q.x, q.y = (q.x-mx)*px, (q.y-my)*px
		}
	}
	feed(z, p, 0, 0)
}
