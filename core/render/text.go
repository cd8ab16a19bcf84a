package render

import (
	"bytes"

	"qrkeyless/core/qr"
)

// Terminal outputs: the symbol as text a terminal shows, for curl and
// friends. Each keeps the quiet zone. utf8 packs two module rows into a
// line of half blocks (as qrencode -t UTF8) and sets black on white with
// SGR codes, so the code is dark on light whatever the terminal's theme;
// ansi draws each module as two spaces on a black or white background;
// ascii writes "##" for a dark module and two spaces for a light one,
// which is right on a light terminal (invert on a dark one). Invert swaps
// dark and light in all three.

// Text writes c as format ("utf8", "ansi" or "ascii") with margin modules
// of quiet zone; it panics on another format.
func Text(c *qr.Code, margin int, format string, invert bool) []byte {
	n, rows := c.Width+2*margin, c.Height+2*margin
	dark := func(x, y int) bool {
		x, y = x-margin, y-margin
		d := x >= 0 && y >= 0 && x < c.Width && y < c.Height && c.Dark(x, y)
		return d != invert
	}
	var b bytes.Buffer
	switch format {
	case "utf8":
		// Foreground black, background white: a half block's top half is
		// the foreground. Each cell: both dark █, top ▀, bottom ▄, none a space.
		for y := 0; y < rows; y += 2 {
			b.WriteString("\x1b[30;47m")
			for x := 0; x < n; x++ {
				top, bottom := dark(x, y), y+1 < rows && dark(x, y+1)
				switch {
				case top && bottom:
					b.WriteString("█")
				case top:
					b.WriteString("▀")
				case bottom:
					b.WriteString("▄")
				default:
					b.WriteByte(' ')
				}
			}
			b.WriteString("\x1b[0m\n")
		}
	case "ansi":
		for y := 0; y < rows; y++ {
			last := -1
			for x := 0; x < n; x++ {
				d := 0
				if dark(x, y) {
					d = 1
				}
				if d != last {
					b.WriteString([]string{"\x1b[47m", "\x1b[40m"}[d])
					last = d
				}
				b.WriteString("  ")
			}
			b.WriteString("\x1b[0m\n")
		}
	case "ascii":
		for y := 0; y < rows; y++ {
			for x := 0; x < n; x++ {
				if dark(x, y) {
					b.WriteString("##")
				} else {
					b.WriteString("  ")
				}
			}
			b.WriteByte('\n')
		}
	default:
		panic("render: no text format " + format)
	}
	return b.Bytes()
}
