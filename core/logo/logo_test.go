package logo

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"

	"qrkeyless/internal/fixture"
)

func pngURI(w, h int, c color.NRGBA) string {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	return fixture.PNGURI(img)
}

func TestParseRefuses(t *testing.T) {
	// A 4000 x 10 PNG header: refused from its header, before decoding.
	var wide bytes.Buffer
	png.Encode(&wide, image.NewGray(image.Rect(0, 0, 4000, 10)))
	tests := []struct {
		name, uri, want string
	}{
		{"a URL", "https://example.com/logo.png", "URLs are not fetched"},
		{"not a data URI", "logo.png", "not a data URI"},
		{"another type", "data:image/gif;base64,R0lGOD", "is not one of"},
		{"no comma", "data:image/png;base64", "no comma"},
		{"bad base64", "data:image/png;base64,@@@@", "does not decode"},
		{"not a PNG", "data:image/png;base64," + base64.StdEncoding.EncodeToString([]byte("hello")), "does not decode"},
		{"too wide", "data:image/png;base64," + base64.StdEncoding.EncodeToString(wide.Bytes()), "4000 x 10 pixels"},
		{"too big", "data:image/svg+xml," + strings.Repeat("a", MaxBytes+10), "over 256 KiB"},
		{"not XML", fixture.SVGURI("<svg"), "not well-formed"},
		{"entity", fixture.SVGURI(`<!DOCTYPE svg [<!ENTITY x "y">]><svg viewBox="0 0 1 1"><title>&x;</title></svg>`), "not well-formed"},
		{"no size", fixture.SVGURI(`<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>`), "neither a viewBox"},
		{"root not svg", fixture.SVGURI(`<g/>`), "root is not one svg element"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(tt.uri)
			if err == nil || !IsError(err) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Parse: %v, want an Error saying %q", err, tt.want)
			}
		})
	}
}

// An SVG logo keeps its shapes and loses every way to run script or
// reach outside the document.
func TestSanitise(t *testing.T) {
	in := `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(1)">
<script>alert(2)</script><style>rect{fill:url(https://evil.example/x)}</style>
<defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient></defs>
<rect width="10" height="10" fill="url(#g)" onclick="alert(3)" style="stroke:#00f;fill-opacity:.5;behavior:url(x.htc)"/>
<image href="https://evil.example/a.png" width="5" height="5"/><use xlink:href="https://evil.example/s.svg#a"/><use href="#g"/>
<circle r="2" fill="url( https://evil.example/p )"/><a href="javascript:alert(4)"><path d="M0 0h1"/></a>
<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject></svg>`
	l, err := Parse(fixture.SVGURI(in))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	l.SVG(&b, "1", "2", "3", "4")
	out := b.String()
	for _, bad := range []string{"script", "alert", "onload", "onclick", "evil", "style", "htc", "image", "foreignObject", "<a", "xhtml"} {
		if strings.Contains(out, bad) {
			t.Errorf("the sanitised logo still has %q: %s", bad, out)
		}
	}
	for _, good := range []string{`<rect width="10" height="10" fill="url(#logo-g)" stroke="#00f" fill-opacity=".5"/>`,
		`<linearGradient id="logo-g">`, `<use href="#logo-g"/>`, `viewBox="0 0 10 10"`, `x="1" y="2" width="3" height="4"`} {
		if !strings.Contains(out, good) {
			t.Errorf("the sanitised logo lacks %q: %s", good, out)
		}
	}
	if l.W != 10 || l.H != 10 {
		t.Errorf("size %v x %v, want 10 x 10", l.W, l.H)
	}
}

// Every kind of logo draws where it is asked to, aspect kept.
func TestDraw(t *testing.T) {
	red := color.NRGBA{255, 0, 0, 255}
	tests := []struct {
		name, uri string
	}{
		{"png", pngURI(40, 20, red)},
		{"svg", fixture.SVGURI(`<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#ff0000"/></svg>`)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := Parse(tt.uri)
			if err != nil {
				t.Fatal(err)
			}
			dst := image.NewRGBA(image.Rect(0, 0, 100, 100))
			l.Draw(dst, image.Rect(10, 10, 90, 90)) // 80 x 80: the logo takes 80 x 40, centred
			at := func(x, y int) color.RGBA { return dst.RGBAAt(x, y) }
			if c := at(50, 50); c.R < 250 || c.G > 5 {
				t.Errorf("centre %v, want red", c)
			}
			if c := at(50, 25); c.A != 0 {
				t.Errorf("above the logo %v, want nothing drawn (aspect kept)", c)
			}
			if c := at(5, 50); c.A != 0 {
				t.Errorf("outside the box %v, want nothing drawn", c)
			}
		})
	}
}
