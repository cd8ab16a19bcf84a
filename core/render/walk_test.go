package render

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"qrkeyless/internal/readback"
)

// walkCells checks that the stroke path walk writes for cells (rows of '#'
// and '.') paints exactly the '#' cells, drawn by oksvg, which shares no
// code with walk: each cell sampled near its four corners, so a module
// painted only in part shows.
func walkCells(t *testing.T, cells []string) {
	t.Helper()
	n := len(cells)
	g := grid{w: n, h: n, dark: func(x, y int) bool { return x < len(cells[y]) && cells[y][x] == '#' }}
	var d bytes.Buffer
	walk(&d, g)
	const px = 8
	svg := fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d"><path stroke="#000" stroke-linecap="square" fill="none" d="%s"/></svg>`, n*px, n*px, n, n, d.String())
	img, err := readback.SVG([]byte(svg))
	if err != nil {
		t.Fatalf("%v\n%s", err, svg)
	}
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			for _, q := range [4][2]int{{1, 1}, {px - 2, 1}, {1, px - 2}, {px - 2, px - 2}} {
				_, _, _, a := img.At(x*px+q[0], y*px+q[1]).RGBA()
				if got, want := a > 0x8000, g.dark(x, y); got != want {
					t.Fatalf("cell (%d,%d) near (%d,%d): painted=%v, want %v\n%s\npath: %s", x, y, q[0], q[1], got, want, strings.Join(cells, "\n"), d.String())
				}
			}
		}
	}
}

func TestWalk(t *testing.T) {
	for _, cells := range [][]string{
		{"#"},
		{"...", ".#.", "..."},
		{
			"#.#.#",
			".#.#.",
			"#.#.#",
			".#.#.",
			"#.#.#",
		},
		{ // a comb: teeth a run would leave behind
			"#######",
			"#.#.#.#",
			"#.....#",
			"###.###",
			"..#.#..",
			"..###..",
			".......",
		},
		{ // a ring and a cross, turns every way
			"#####..#..",
			"#...#..#..",
			"#...#.###.",
			"#...#..#..",
			"#####..#..",
			"..........",
			"###.###.##",
			"#.#.#.#.#.",
			"###.###.##",
			"..........",
		},
		{ // a spiral the pen cannot leave without doubling back
			"#######",
			"......#",
			"#####.#",
			"#...#.#",
			"#.###.#",
			"#.....#",
			"#######",
		},
	} {
		walkCells(t, cells)
	}
}

func FuzzWalk(f *testing.F) {
	f.Add(uint8(5), []byte{0xa5, 0x5a, 0xff, 0x00})
	f.Add(uint8(12), []byte("a QR code's modules, more or less"))
	f.Add(uint8(21), bytes.Repeat([]byte{0x6f, 0xb3, 0x1c}, 20))
	f.Fuzz(func(t *testing.T, n uint8, bits []byte) {
		size := int(n%24) + 1
		cells := make([]string, size)
		for y := range cells {
			row := make([]byte, size)
			for x := range row {
				i := y*size + x
				row[x] = '.'
				if i/8 < len(bits) && bits[i/8]&(1<<(i%8)) != 0 {
					row[x] = '#'
				}
			}
			cells[y] = string(row)
		}
		walkCells(t, cells)
	})
}
