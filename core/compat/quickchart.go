package compat

import (
	"fmt"
	"strconv"
	"strings"

	"qrkeyless/core/params"
	"qrkeyless/core/problem"
)

// QuickChart is QuickChart's QR code endpoint (quickchart.io/qr). Its
// defaults and bounds are its documentation's and its open-source
// server's (docs/compat.md): 150 pixels, a quiet zone of 4 modules, ecLevel
// M (H with a centre image), a caption at 10 pixels.
var QuickChart = &Peer{
	Name:    "QuickChart",
	Hosts:   []string{"quickchart.io"},
	Path:    "/qr",
	Example: "/qr?text=Hello%20world&size=200",
	Docs:    []string{"https://quickchart.io/documentation/qr-codes/", "https://github.com/typpo/quickchart (index.js, lib/qr.js)"},
	Formats: []string{"png", "svg", "base64"},
	plus:    true,
	start: func(t *translation) {
		t.size, t.margin, t.caption = 150, 4, 10
	},
	dataParam: "text",
	finish: func(t *translation) {
		if !t.ours.Has(params.Logo.Name) {
			t.ours.Del(params.LogoSize.Name) // a size for an image there is not: as QuickChart, nothing
		}
	},
	Params: []Param{
		{Name: "text", Required: true, Type: "string", Example: "Hello world", ours: params.Data.Name,
			Help: "The text to encode, URL-encoded; a + is a plus, as QuickChart reads it.", Maps: "`data`",
			read: keepData},
		{Name: "format", Type: "string", Default: "png", Enum: []string{"png", "svg", "base64"}, Example: "svg", ours: params.Format.Name,
			Help: "png, svg, or base64 (a PNG as a data URI, as text).", Maps: "`format`",
			read: as((*translation).choice)},
		{Name: "margin", Type: "integer", Default: "4", Min: 0, Max: 100, Example: "2",
			Help: "The quiet zone in modules.", Maps: "`margin`: past our bound of 10, up to 100",
			read: into(func(t *translation) *int { return &t.margin }, (*translation).integer)},
		{Name: "size", Type: "integer", Default: "150", Min: 10, Max: 3000, Example: "200",
			Help: "The image's width and height in pixels, up to 3000.", Maps: "`size`: the image is exactly this size, quiet zone included",
			read: into(func(t *translation) *int { return &t.size }, (*translation).integer)},
		{Name: "dark", Type: "string", Default: "000000", Pattern: quickchartColor, Example: "1a237e", ours: params.Color.Name,
			Help: "The modules' colour: hex RGB or RGBA, 3, 4, 6 or 8 digits.", Maps: "`color`",
			read: as((*translation).quickchartColor)},
		{Name: "light", Type: "string", Default: "ffffff", Pattern: quickchartColor, Example: "fff8e1", ours: params.BG.Name,
			Help: "The background's colour, written as dark is; 0000 is transparent.", Maps: "`bg`",
			read: as((*translation).quickchartColor)},
		{Name: "ecLevel", Type: "string", Enum: []string{"L", "M", "Q", "H"}, Example: "Q", ours: params.EC.Name,
			Help: "The error correction level; M, or H with a centre image.", Maps: "`ec` (M, or H with a `logo`, as here)",
			read: as((*translation).level)},
		{Name: "caption", Type: "string", Example: "Scan me", ours: params.FrameText.Name,
			Help: "A caption under the code.", Maps: "`frame_text` without a frame: a caption under the code, the image taller by its line",
			read: as(verbatim)},
		{Name: "captionFontSize", Type: "integer", Default: "10", Min: 4, Max: 200, Example: "14",
			Help: "The caption's letters, in pixels.", Maps: "the caption's letter size (no parameter of ours says it), made smaller where the caption is wider than the code",
			read: into(func(t *translation) *int { return &t.caption }, (*translation).integer)},
		{Name: "centerImageUrl", Type: "string", Example: "",
			Help: "The address of an image for the centre.",
			Maps: "refused: nothing is fetched; send the image itself as `logo`, a data URI",
			read: func(t *translation, pa Param, v string) *problem.Problem {
				return problem.BadValue.New(pa.Name, fmt.Sprintf(
					"%s names an image to fetch, and this service fetches nothing: send the image itself as logo, a data URI (data:image/png;base64,... or data:image/svg+xml,...; at most 256 KiB)", pa.Name), t.call.With(params.Logo.Name, params.LogoExample, pa.Name))
			}},
		{Name: "centerImageSizeRatio", Type: "string", Default: "0.3", Pattern: `^[0-9]*\.?[0-9]+$`, Example: "0.25", ours: params.LogoSize.Name,
			Help: "The centre image's share of the code's width, 0.0 to 1.0.", Maps: "`logo_size` (0.05 to 0.4 here: a larger logo would not scan)",
			read: as(func(t *translation, pa Param, v string) (string, *problem.Problem) {
				if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err != nil || f < 0 || f > 1 {
					return "", problem.BadValue.New(pa.Name, fmt.Sprintf("%s=%q is not a number from 0.0 to 1.0", pa.Name, v), t.call.With(pa.Name, pa.Default))
				}
				return strings.TrimSpace(v), nil
			})},
		{Name: "logo", Type: "string", Example: "", ours: params.Logo.Name,
			Help: "This service's own: the centre image itself, as a data URI (what centerImageUrl's problem asks for).", Maps: "`logo`",
			read: as(verbatim)},
	},
}

// quickchartColor is the form of QuickChart's colours, for OpenAPI.
const quickchartColor = `^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$`
