package render

import (
	"strings"

	"qrkeyless/core/qr"
)

// A Writer writes a symbol in one format.
type Writer func(c *qr.Code, o Options) []byte

// Branded is a picture drawn with a logo, a frame or gradients (core/brand
// draws it): it has a PNG and an SVG, from which the formats that offer
// branding are written.
type Branded interface {
	PNG() []byte
	SVG() []byte
}

// A BrandWriter writes a branded picture in one format, as a Writer
// writes a plain symbol.
type BrandWriter func(b Branded, o Options) []byte

// Format is an output format of the generation endpoints: its names, what
// it is, and its writers. Formats is the one table every list of formats
// is read from (the format parameter, /q/ extensions, OpenAPI, batch, MCP).
type Format struct {
	Name        string // the format= value
	Ext         string // the extension of /q/<data>.<ext>; empty for none
	ContentType string
	Vector      bool        // drawn as outlines at a physical size (size_mm, size_in)
	Text        bool        // a terminal format (invert applies)
	Write       Writer      // the plain symbol
	Brand       BrandWriter // a branded picture; nil where branding is not drawn
	work        work        // what Cost counts
}

// work is the kind of work writing a format takes, for Cost.
type work int

const (
	rasterWork  work = iota // every pixel of the picture
	outlineWork             // the outline of every dark module
	printWork               // outlines written in full, compressed (PDF): about 8 times outline
	cellWork                // a character or number per module
)

// Formats lists every output format; the first is the default.
var Formats = []Format{
	{Name: "png", Ext: "png", ContentType: "image/png", Write: pngWithDPI,
		Brand: func(b Branded, o Options) []byte { return withDPI(b.PNG(), o.DPI) }},
	{Name: "svg", Ext: "svg", ContentType: "image/svg+xml", Vector: true, Write: SVG, work: outlineWork,
		Brand: func(b Branded, _ Options) []byte { return b.SVG() }},
	{Name: "svg-tiny", ContentType: "image/svg+xml", Vector: true, Write: SVGTiny, work: outlineWork},
	{Name: "json", Ext: "json", ContentType: "application/json", Write: func(c *qr.Code, o Options) []byte { return JSON(c, o.Margin) }, work: cellWork},
	{Name: "base64", Ext: "txt", ContentType: "text/plain; charset=utf-8", Write: func(c *qr.Code, o Options) []byte { return DataURI(PNG(c, o)) },
		Brand: func(b Branded, _ Options) []byte { return DataURI(b.PNG()) }},
	{Name: "pdf", Ext: "pdf", ContentType: "application/pdf", Vector: true, Write: PDF, work: printWork},
	{Name: "eps", Ext: "eps", ContentType: "application/postscript", Vector: true, Write: EPS, work: printWork},
	{Name: "utf8", ContentType: "text/plain; charset=utf-8", Text: true, Write: terminal("utf8"), work: cellWork},
	{Name: "ansi", ContentType: "text/plain; charset=utf-8", Text: true, Write: terminal("ansi"), work: cellWork},
	{Name: "ascii", ContentType: "text/plain; charset=utf-8", Text: true, Write: terminal("ascii"), work: cellWork},
}

func pngWithDPI(c *qr.Code, o Options) []byte { return withDPI(PNG(c, o), o.DPI) }

// withDPI is WithDPI when a resolution is asked for.
func withDPI(png []byte, dpi int) []byte {
	if dpi > 0 {
		return WithDPI(png, dpi)
	}
	return png
}

func terminal(format string) Writer {
	return func(c *qr.Code, o Options) []byte { return Text(c, o.Margin, format, o.Invert) }
}

// FormatNames returns the names of Formats, in order.
func FormatNames() []string {
	names := make([]string, len(Formats))
	for i, f := range Formats {
		names[i] = f.Name
	}
	return names
}

// BrandFormatNames returns the names of the formats branding is drawn in.
func BrandFormatNames() []string {
	var names []string
	for _, f := range Formats {
		if f.Brand != nil {
			names = append(names, f.Name)
		}
	}
	return names
}

// LookupFormat returns the format with the given name.
func LookupFormat(name string) (Format, bool) {
	for _, f := range Formats {
		if f.Name == name {
			return f, true
		}
	}
	return Format{}, false
}

// FormatOfExt returns the format a /q/ extension names, in any case.
func FormatOfExt(ext string) (Format, bool) {
	for _, f := range Formats {
		if f.Ext != "" && strings.EqualFold(f.Ext, ext) {
			return f, true
		}
	}
	return Format{}, false
}

// Exts lists the /q/ extensions, in the order of Formats.
func Exts() []string {
	var exts []string
	for _, f := range Formats {
		if f.Ext != "" {
			exts = append(exts, f.Ext)
		}
	}
	return exts
}
