package compat

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"qrkeyless/core/params"
	"qrkeyless/core/problem"
)

// Google is the Google Chart API's QR code (chart.googleapis.com/chart
// with cht=qr), which Google has turned off; QuickChart answers the same
// form at quickchart.io/chart, so this path serves the links of both.
// Defaults are Google's documentation's (docs/compat.md): ec L, a quiet
// zone of 4 modules; chs, chl and cht are required.
var Google = &Peer{
	Name:    "Google Chart API",
	Hosts:   []string{"chart.googleapis.com", "chart.apis.google.com", "quickchart.io"},
	Path:    "/chart",
	Example: "/chart?cht=qr&chs=150x150&chl=Hello%20world",
	Docs: []string{"https://developers.google.com/chart/infographics/docs/qr_codes (archived)",
		"https://github.com/typpo/quickchart (index.js: cht=qr)"},
	Formats: []string{"png"},
	start: func(t *translation) {
		t.margin = 4
		t.ours.Set(params.EC.Name, "L")
	},
	dataParam: "chl",
	Params: []Param{
		{Name: "cht", Required: true, Type: "string", Enum: []string{"qr"}, Example: "qr",
			Help: "The chart type: qr.", Maps: "`qr` only: this service draws QR codes, not charts",
			read: func(t *translation, pa Param, v string) *problem.Problem {
				if strings.EqualFold(strings.TrimSpace(v), "qr") {
					return nil
				}
				p := problem.BadValue.New(pa.Name, fmt.Sprintf(
					"cht=%q is a chart this service does not draw; it draws cht=qr", v), "This service draws QR codes only (cht=qr); send other charts to a chart service, such as quickchart.io/chart.")
				p.Allowed = pa.Enum
				return p
			}},
		{Name: "chs", Required: true, Type: "string", Min: 10, Max: 2048, Pattern: `^[0-9]+[xX][0-9]+$`, Example: "150x150",
			Help: "The image's width and height in pixels, <width>x<height>.",
			Maps: "`size`: the image is exactly this size, quiet zone included; a size that is not square draws the square of the smaller side; at most 2048 (QuickChart's bound; Google's was 1000)",
			read: into(func(t *translation) *int { return &t.size }, (*translation).side)},
		{Name: "chl", Required: true, Type: "string", Example: "Hello world", ours: params.Data.Name,
			Help: "The text to encode, UTF-8, URL-encoded.", Maps: "`data`",
			read: keepData},
		{Name: "choe", Type: "string", Default: utf8Name, Enum: []string{utf8Name, shiftJISName, latin1Name}, Example: shiftJISName, ours: params.ECIP.Name, unread: charsetName,
			Help: "The charset the code holds the text in.",
			Maps: "`UTF-8`: UTF-8 bytes without an ECI header; `ISO-8859-1`: `eci=iso-8859-1`; `Shift_JIS`: `mode=kanji` when every character has a kanji-mode code, else `eci=shift_jis`",
			read: into(func(t *translation) *string { return &t.charset }, (*translation).choice)},
		{Name: "chld", Type: "string", Default: "L|4", Pattern: `^[LMQHlmqh]?(\|[0-9]+)?$`, Example: "H|1", ours: params.EC.Name, unread: chldWith,
			Help: "<error correction level>|<margin>: L, M, Q or H, and the quiet zone in modules (rows).",
			Maps: "`ec` and `margin` (modules, up to 100)",
			read: func(t *translation, pa Param, v string) *problem.Problem {
				ec, margin, _ := strings.Cut(strings.TrimSpace(v), "|")
				if ec != "" {
					l, p := t.level(Param{Name: pa.Name, Enum: []string{"L", "M", "Q", "H"}, Default: "L"}, ec)
					if p != nil {
						p.Detail = fmt.Sprintf("chld=%q: the level before | is one of L, M, Q, H", v)
						p.Fix = t.call.With(pa.Name, chldWith("L", t.call.Query))
						return p
					}
					t.ours.Set(params.EC.Name, l)
				}
				if margin != "" {
					n, err := strconv.Atoi(margin)
					if err != nil || n < 0 || n > 100 {
						return problem.BadValue.New(pa.Name, fmt.Sprintf(
							"chld=%q: the margin after | is the quiet zone in modules, 0 to 100", v), t.call.With(pa.Name, ec+"|4"))
					}
					t.margin = n
				}
				return nil
			}},
	},
}

// chldWith is chld with the level ec and the margin the query sent, if any.
func chldWith(ec string, q url.Values) string {
	if vs := q["chld"]; len(vs) > 0 {
		if _, margin, ok := strings.Cut(vs[0], "|"); ok {
			return ec + "|" + margin
		}
	}
	return ec
}
