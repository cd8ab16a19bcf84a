// Command gallery renders one tile per module style and eye shape: an SVG
// file per tile, an index.html grid of them, and gallery.png, a contact
// sheet of the same tiles as PNG; eyes.png, the top-left finder of every
// eye with every ball; then branding.png, a sheet of branded codes
// (frames, logos, gradients and eye colours), each drawn and verified as
// /api/v1/qr serves it. docs/gallery.png, docs/eyes.png and
// docs/branding.png are copies of the sheets:
//
//	go run ./site/gallery -out build/site/gallery && cp build/site/gallery/{gallery,eyes,branding}.png docs/
package main

import (
	"bytes"
	"context"
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

	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"

	"qrkeyless/core/generate"
	"qrkeyless/core/qr"
	"qrkeyless/core/render"
	"qrkeyless/core/request"
	"qrkeyless/core/verify"
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
	if err := os.WriteFile(filepath.Join(out, "gallery.png"), b.Bytes(), 0o644); err != nil {
		return err
	}
	if err := eyeSheet(out, c); err != nil {
		return err
	}
	return branding(out)
}

// eyeSheet draws eyes.png: the top-left finder and its separator of c,
// square modules, for every eye (a row) with every ball (a column), the
// eye's own marked by a frame round its tile.
func eyeSheet(out string, c *qr.Code) error {
	const px, cell = 12, 9 * 12 // pixels a module; a tile is the finder and its separator
	eyes, balls := render.EyeNames(), render.BallNames()
	sheet := image.NewNRGBA(image.Rect(0, 0, head+len(balls)*(cell+label), label+len(eyes)*(cell+label)))
	draw.Draw(sheet, sheet.Bounds(), image.White, image.Point{}, draw.Src)
	for j, b := range balls {
		caption(sheet, head+j*(cell+label)+cell/2, b)
	}
	for i, e := range eyes {
		y := label + i*(cell+label)
		caption(sheet, head/2, "eye="+e, y+cell/2)
		for j, b := range balls {
			o := render.Options{Size: px * (c.Size + 2), Margin: 1, FG: color.NRGBA{A: 255}, BG: color.NRGBA{255, 255, 255, 255}, Style: "square", Eye: e, Ball: b}
			at := image.Pt(head+j*(cell+label), y)
			draw.Draw(sheet, image.Rectangle{at, at.Add(image.Pt(cell, cell))}, render.Image(c, o), image.Point{}, draw.Src)
			if b == render.OwnBall(e) {
				r := image.Rectangle{at.Sub(image.Pt(3, 3)), at.Add(image.Pt(cell+3, cell+3))}
				for _, edge := range []image.Rectangle{{r.Min, image.Pt(r.Max.X, r.Min.Y+2)}, {image.Pt(r.Min.X, r.Max.Y-2), r.Max}, {r.Min, image.Pt(r.Min.X+2, r.Max.Y)}, {image.Pt(r.Max.X-2, r.Min.Y), r.Max}} {
					draw.Draw(sheet, edge, image.NewUniform(color.NRGBA{0xc6, 0x28, 0x28, 255}), image.Point{}, draw.Src)
				}
			}
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, sheet); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(out, "eyes.png"), b.Bytes(), 0o644)
}

// logo is the gallery's logo: a red disc with a white check mark, as SVG.
var logo = "data:image/svg+xml," + url.PathEscape(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="12" fill="#e53935"/><path d="M6.5 12.5l3.5 3.5 7.5-8" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/></svg>`)

// brandings are the tiles of branding.png: every frame, then logos,
// gradients and eye colours.
var brandings = []struct {
	name  string
	query url.Values
}{
	{"frame=box", url.Values{"frame": {"box"}, "frame_text": {"SCAN ME"}}},
	{"frame=rounded", url.Values{"frame": {"rounded"}, "frame_text": {"Menu"}, "style": {"rounded"}}},
	{"frame=banner-bottom", url.Values{"frame": {"banner-bottom"}, "frame_text": {"SCAN ME"}, "color": {"1a237e"}}},
	{"frame=banner-top", url.Values{"frame": {"banner-top"}, "frame_text": {"Free Wi-Fi"}, "color": {"00695c"}}},
	{"frame=bubble", url.Values{"frame": {"bubble"}, "frame_text": {"Scan to pay"}, "color": {"4a148c"}, "style": {"dot"}}},
	{"frame=card", url.Values{"frame": {"card"}, "frame_text": {"Table 12"}, "eye": {"rounded"}}},
	{"frame=standee", url.Values{"frame": {"standee"}, "frame_text": {"Сканируй"}, "color": {"b71c1c"}}},
	{"frame=none, caption", url.Values{"frame_text": {"example.com/menu"}}},
	{"logo 0.2", url.Values{"logo": {logo}}},
	{"logo 0.28, rounded", url.Values{"logo": {logo}, "logo_size": {"0.28"}, "style": {"rounded"}, "eye": {"rounded"}}},
	{"logo, no plate, dot", url.Values{"logo": {logo}, "logo_bg": {"none"}, "style": {"dot"}, "eye": {"circle"}}},
	{"linear gradient", url.Values{"color": {"linear:0f2027,2c5364,135deg"}, "style": {"rounded"}}},
	{"radial gradient", url.Values{"color": {"radial:1a237e,4a148c"}, "style": {"dot"}, "eye": {"circle"}}},
	{"eye colours", url.Values{"eye_color": {"c62828"}, "eye_ball_color": {"1a237e"}, "eye": {"leaf"}}},
	{"everything", url.Values{"color": {"linear:0d47a1,6a1b9a,90deg"}, "eye_color": {"e65100"}, "logo": {logo}, "frame": {"banner-bottom"}, "frame_text": {"SCAN ME"}, "style": {"rounded"}, "eye": {"rounded"}}},
	{"a colour per eye", url.Values{"eye_color": {"c62828,2e7d32,1565c0"}, "eye": {"rounded"}}},
	{"outline=circle", url.Values{"outline": {"circle"}, "bg": {"e3f2fd"}, "color": {"0d47a1"}}},
	{"circle, dot, logo", url.Values{"outline": {"circle"}, "bg": {"fff3e0"}, "color": {"4e342e"}, "style": {"dot"}, "eye": {"circle"}, "logo": {logo}, "logo_shape": {"circle"}}},
	{"bg_radius=10", url.Values{"bg_radius": {"10"}, "bg": {"fce4ec"}, "color": {"880e4f"}, "style": {"rounded"}, "eye": {"rounded"}}},
	{"logo_shape=rounded", url.Values{"logo": {logo}, "logo_shape": {"rounded"}, "logo_bg": {"ffeb3b"}, "style": {"classy"}}},
}

// branding draws branding.png: each branded code as /api/v1/qr draws it,
// verified first (a code that would not scan is an error here too).
func branding(out string) error {
	const cols, cell = 5, 240
	rows := (len(brandings) + cols - 1) / cols
	sheet := image.NewNRGBA(image.Rect(0, 0, cols*cell, rows*(cell+label)))
	draw.Draw(sheet, sheet.Bounds(), image.White, image.Point{}, draw.Src)
	for i, br := range brandings {
		q := url.Values{"size": {"400"}}
		for k, v := range br.query {
			q[k] = v
		}
		q.Set("data", text)
		r, p := generate.Read(request.NewCall("/api/v1/qr", q), nil)
		if p != nil {
			return fmt.Errorf("%s: %s", br.name, p.Detail)
		}
		_, body, p := verify.Make(context.Background(), r, render.Formats[0])
		if p != nil {
			return fmt.Errorf("%s: %s", br.name, p.Detail)
		}
		img, err := png.Decode(bytes.NewReader(body))
		if err != nil {
			return err
		}
		x0, y0 := (i%cols)*cell, (i/cols)*(cell+label)
		caption(sheet, x0+cell/2, br.name, y0+label-10)
		b := img.Bounds()
		scale := float64(cell-20) / float64(max(b.Dx(), b.Dy()))
		w, h := int(float64(b.Dx())*scale), int(float64(b.Dy())*scale)
		at := image.Rect(x0+(cell-w)/2, y0+label+(cell-h)/2, x0+(cell-w)/2+w, y0+label+(cell-h)/2+h)
		xdraw.CatmullRom.Scale(sheet, at, img, b, draw.Over, nil)
	}
	var b bytes.Buffer
	if err := png.Encode(&b, sheet); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(out, "branding.png"), b.Bytes(), 0o644)
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
