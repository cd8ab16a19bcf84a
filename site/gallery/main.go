// Command gallery renders one tile per module style and eye shape: an SVG
// file per tile, an index.html grid of them, and gallery.png, a contact
// sheet of the same tiles as PNG. docs/gallery.png is a copy of the sheet:
//
//	go run ./site/gallery -out build/site/gallery && cp build/site/gallery/gallery.png docs/
package main

import (
	"bytes"
	"flag"
	"fmt"
	"html"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"log"
	"net/url"
	"os"
	"path/filepath"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"

	"qrkeyless/core/qr"
	"qrkeyless/core/render"
)

// text is what every tile encodes, at ec H as a styled code gets by default.
const text = "https://example.com/menu?t=123"

const (
	tile  = 200 // pixels per tile side
	label = 20  // pixels of caption above the tiles and left of them
	head  = 170 // width of the style-name column
)

func main() {
	out := flag.String("out", "build/site/gallery", "directory to write into")
	flag.Parse()
	if err := run(*out); err != nil {
		log.Fatal(err)
	}
}

func run(out string) error {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	c, err := qr.Encode(text, qr.H)
	if err != nil {
		return err
	}
	styles, eyes := render.StyleNames(), render.EyeNames()
	sheet := image.NewNRGBA(image.Rect(0, 0, head+len(eyes)*tile, label+len(styles)*tile))
	draw.Draw(sheet, sheet.Bounds(), image.White, image.Point{}, draw.Src)
	for j, e := range eyes {
		caption(sheet, head+j*tile+tile/2, "eye="+e)
	}

	var page bytes.Buffer
	fmt.Fprintf(&page, `<!doctype html>
<html lang="en"><meta charset="utf-8"><title>QR styles and eyes</title>
<style>body{font:14px system-ui,sans-serif;margin:2em}table{border-collapse:collapse}td,th{padding:6px;text-align:center}img{width:160px;height:160px}</style>
<h1>Module styles and finder eyes</h1>
<p>Every tile encodes <code>%s</code> at ec H and links to the API call that draws it;
<a href="gallery.png">gallery.png</a> shows the same tiles as PNG.</p>
<table><tr><th></th>`, html.EscapeString(text))
	for _, e := range eyes {
		fmt.Fprintf(&page, "<th>eye=%s</th>", e)
	}
	page.WriteString("</tr>\n")
	for i, s := range styles {
		fmt.Fprintf(&page, "<tr><th>style=%s</th>", s)
		caption(sheet, head/2, "style="+s, label+i*tile+tile/2)
		for j, e := range eyes {
			o := render.Options{Size: tile, Margin: 2, FG: color.NRGBA{A: 255}, BG: color.NRGBA{255, 255, 255, 255}, Style: s, Eye: e}
			name := s + "-" + e + ".svg"
			if err := os.WriteFile(filepath.Join(out, name), render.SVG(c, o), 0o644); err != nil {
				return err
			}
			call := "/api/v1/qr?" + url.Values{"data": {text}, "style": {s}, "eye": {e}, "ec": {"H"},
				"size": {fmt.Sprint(tile)}, "margin": {fmt.Sprint(o.Margin)}, "format": {"svg"}}.Encode()
			fmt.Fprintf(&page, `<td><a href="%s"><img src="%s" alt="style %s, eye %s"></a></td>`, html.EscapeString(call), name, s, e)
			at := image.Pt(head+j*tile, label+i*tile)
			draw.Draw(sheet, image.Rectangle{at, at.Add(image.Pt(tile, tile))}, render.Image(c, o), image.Point{}, draw.Over)
		}
		page.WriteString("</tr>\n")
	}
	page.WriteString("</table>\n")
	if err := os.WriteFile(filepath.Join(out, "index.html"), page.Bytes(), 0o644); err != nil {
		return err
	}
	var b bytes.Buffer
	if err := png.Encode(&b, sheet); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(out, "gallery.png"), b.Bytes(), 0o644)
}

// caption writes s centred on x, on the caption row or at the given y.
func caption(img draw.Image, x int, s string, y ...int) {
	face := basicfont.Face7x13
	base := label - 6
	if len(y) > 0 {
		base = y[0] + 4
	}
	d := font.Drawer{Dst: img, Src: image.Black, Face: face}
	d.Dot = fixed.P(x-d.MeasureString(s).Round()/2, base)
	d.DrawString(s)
}
