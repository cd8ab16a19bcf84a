package render

import (
	"strings"

	"qrkeyless/core/qr"
)

// A Writer writes a symbol in one format.
//
// Writers are values of empty types (not func values) so that the linker
// keeps a writer only in a program that writes through the table: the
// browser's editor reads the table for the format parameter, draws its
// SVG and PNG directly, and so carries neither PDF, EPS nor encoding/json.
type Writer interface {
	Write(c *qr.Code, o Options) []byte
}

// Branded is a picture drawn with a logo, a frame or gradients (core/brand
// draws it): it has a PNG and an SVG, from which the formats that offer
// branding are written.
type Branded interface {
	PNG() []byte
	SVG() []byte
}

// A BrandWriter writes a branded picture in one format, as a Writer
// writes a plain symbol.
type BrandWriter interface {
	WriteBrand(b Branded, o Options) []byte
}

// Format is an output format of the generation endpoints: its names, what
// it is, and its writers. Formats is the one table every list of formats
// is read from (the format parameter, /q/ extensions, OpenAPI, batch, MCP).
type Format struct {
	Name        string // the format= value
	Ext         string // the extension of /q/<data>.<ext>; empty for none
	ContentType string
	Vector      bool        // drawn as outlines at a physical size (size_mm, size_in)
	Text        bool        // a terminal format (invert applies)
	Binary      bool        // bytes, not text: a tool result carries it as a file
	Writer      Writer      // the plain symbol
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
	gifWork                 // every pixel of the picture, then LZW
	jpegWork                // every pixel of the picture, then the DCT
)

// Formats lists every output format; the first is the default.
var Formats = []Format{
	{Name: "png", Ext: "png", ContentType: "image/png", Binary: true, Writer: pngFormat{}, Brand: pngFormat{}},
	{Name: "svg", Ext: "svg", ContentType: "image/svg+xml", Vector: true, Writer: svgFormat{}, Brand: svgFormat{}, work: outlineWork},
	{Name: "svg-tiny", ContentType: "image/svg+xml", Vector: true, Writer: svgTinyFormat{}, work: outlineWork},
	{Name: "json", Ext: "json", ContentType: "application/json", Writer: jsonFormat{}, work: cellWork},
	{Name: "base64", Ext: "txt", ContentType: "text/plain; charset=utf-8", Writer: base64Format{}, Brand: base64Format{}},
	{Name: "pdf", Ext: "pdf", ContentType: "application/pdf", Vector: true, Binary: true, Writer: pdfFormat{}, work: printWork},
	{Name: "eps", Ext: "eps", ContentType: "application/postscript", Vector: true, Writer: epsFormat{}, work: printWork},
	{Name: "gif", Ext: "gif", ContentType: "image/gif", Binary: true, Writer: gifFormat{}, work: gifWork},
	{Name: "jpeg", Ext: "jpg", ContentType: "image/jpeg", Binary: true, Writer: jpegFormat{}, work: jpegWork},
	{Name: "utf8", ContentType: "text/plain; charset=utf-8", Text: true, Writer: textFormat("utf8"), work: cellWork},
	{Name: "ansi", ContentType: "text/plain; charset=utf-8", Text: true, Writer: textFormat("ansi"), work: cellWork},
	{Name: "ascii", ContentType: "text/plain; charset=utf-8", Text: true, Writer: textFormat("ascii"), work: cellWork},
}

// The writers of Formats.
type (
	pngFormat     struct{}
	svgFormat     struct{}
	svgTinyFormat struct{}
	jsonFormat    struct{}
	base64Format  struct{}
	pdfFormat     struct{}
	epsFormat     struct{}
	gifFormat     struct{}
	jpegFormat    struct{}
	textFormat    string
)

func (pngFormat) Write(c *qr.Code, o Options) []byte     { return withDPI(PNG(c, o), o.DPI) }
func (pngFormat) WriteBrand(b Branded, o Options) []byte { return withDPI(b.PNG(), o.DPI) }
func (svgFormat) Write(c *qr.Code, o Options) []byte     { return SVG(c, o) }
func (svgFormat) WriteBrand(b Branded, _ Options) []byte { return b.SVG() }
func (svgTinyFormat) Write(c *qr.Code, o Options) []byte { return SVGTiny(c, o) }
func (jsonFormat) Write(c *qr.Code, o Options) []byte    { return JSON(c, o.Margin) }
func (base64Format) Write(c *qr.Code, o Options) []byte  { return DataURI(PNG(c, o)) }
func (base64Format) WriteBrand(b Branded, _ Options) []byte {
	return DataURI(b.PNG())
}
func (pdfFormat) Write(c *qr.Code, o Options) []byte  { return PDF(c, o) }
func (epsFormat) Write(c *qr.Code, o Options) []byte  { return EPS(c, o) }
func (gifFormat) Write(c *qr.Code, o Options) []byte  { return GIF(c, o) }
func (jpegFormat) Write(c *qr.Code, o Options) []byte { return JPEG(c, o) }
func (f textFormat) Write(c *qr.Code, o Options) []byte {
	return Text(c, o.Margin, string(f), o.Invert)
}

// withDPI is WithDPI when a resolution is asked for.
func withDPI(png []byte, dpi int) []byte {
	if dpi > 0 {
		return WithDPI(png, dpi)
	}
	return png
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
