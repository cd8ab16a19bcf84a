package compat

import (
	"qrkeyless/core/params"
	"qrkeyless/core/problem"
)

// GoQR is goQR's create-qr-code command (goqr.me/api): GET
// /v1/create-qr-code/ on api.qrserver.com. Its defaults and bounds are its
// documentation's (docs/compat.md): 200x200 pixels, ecc L, a margin of 1
// pixel and no quiet zone.
var GoQR = &Peer{
	Name:    "goQR",
	Hosts:   []string{"api.qrserver.com"},
	Path:    "/v1/create-qr-code/",
	Example: "/v1/create-qr-code/?data=HelloWorld&size=100x100",
	Docs:    []string{"https://goqr.me/api/doc/create-qr-code/"},
	Formats: []string{"png", "gif", "jpeg", "svg", "eps"},
	start: func(t *translation) {
		t.size, t.border, t.margin = 200, 1, 0
		t.ours.Set(params.EC.Name, "L")
	},
	dataParam:   "data",
	sourceParam: "charset-source",
	Params: []Param{
		{Name: "data", Required: true, Type: "string", Example: "HelloWorld", ours: params.Data.Name,
			Help: "The text to encode, URL-encoded.", Maps: "`data`",
			read: keepData},
		{Name: "size", Type: "string", Default: "200x200", Min: 10, Max: 1000, Pattern: `^[0-9]+([xX][0-9]+)?$`, Example: "150x150",
			Help: "The image's width and height in pixels, <width>x<height>: 10x10 to 1000x1000.",
			Maps: "`size`: the image is exactly this size, quiet zone and margin included; a size that is not square draws the square of the smaller side",
			read: into(func(t *translation) *int { return &t.size }, (*translation).side)},
		{Name: "charset-source", Type: "string", Default: utf8Name, Enum: []string{utf8Name, latin1Name}, Example: latin1Name,
			Help: "The charset data's bytes are in.",
			Maps: "how `data`'s bytes are read: `ISO-8859-1` reads each byte as a Latin-1 character",
			read: into(func(t *translation) *string { return &t.source }, (*translation).choice)},
		{Name: "charset-target", Type: "string", Default: utf8Name, Enum: []string{utf8Name, latin1Name}, Example: latin1Name, ours: params.ECIP.Name, unread: charsetName,
			Help: "The charset the code holds the text in.",
			Maps: "`UTF-8`: UTF-8 bytes without an ECI header, as `/api/v1/qr` writes them; `ISO-8859-1`: `eci=iso-8859-1` (ECI 3, Latin-1 bytes)",
			read: into(func(t *translation) *string { return &t.charset }, (*translation).choice)},
		{Name: "ecc", Type: "string", Default: "L", Enum: []string{"L", "M", "Q", "H"}, Example: "M", ours: params.EC.Name,
			Help: "The error correction level.", Maps: "`ec`",
			read: as((*translation).level)},
		{Name: "color", Type: "string", Default: "0-0-0", Pattern: goqrColor, Example: "255-0-0", ours: params.Color.Name,
			Help: "The modules' colour: decimal r-g-b (255-0-0) or hex of 3 or 6 digits (f00, ff0000).", Maps: "`color`",
			read: as((*translation).goqrColor)},
		{Name: "bgcolor", Type: "string", Default: "255-255-255", Pattern: goqrColor, Example: "ffff00", ours: params.BG.Name,
			Help: "The background's colour, written as color is.", Maps: "`bg`",
			read: as((*translation).goqrColor)},
		{Name: "margin", Type: "integer", Default: "1", Min: 0, Max: 50, Example: "10",
			Help: "A margin in pixels round the code and its quiet zone.",
			Maps: "pixels of the background outside the quiet zone, within `size` (no parameter of ours says it)",
			read: into(func(t *translation) *int { return &t.border }, (*translation).integer)},
		{Name: "qzone", Type: "integer", Default: "0", Min: 0, Max: 100, Example: "4",
			Help: "The quiet zone in modules.",
			Maps: "`margin` (modules): past our bound of 10, up to goQR's 100",
			read: into(func(t *translation) *int { return &t.margin }, (*translation).integer)},
		{Name: "format", Type: "string", Default: "png", Enum: []string{"png", "gif", "jpeg", "jpg", "svg", "eps"}, Example: "svg", ours: params.Format.Name,
			Help: "The image's format; svg and eps take size as their width in points.", Maps: "`format` (`jpg` is `jpeg`)",
			read: as(func(t *translation, pa Param, v string) (string, *problem.Problem) {
				f, p := t.choice(pa, v)
				if f == "jpg" {
					f = "jpeg"
				}
				return f, p
			})},
	},
}

// goqrColor is the form of goQR's colours, for OpenAPI.
const goqrColor = `^([0-9]{1,3}-[0-9]{1,3}-[0-9]{1,3}|#?[0-9a-fA-F]{3}|#?[0-9a-fA-F]{6})$`
