package compat

import "qrkeyless/core/scan"

// GoQRRead is goQR's read-qr-code command (POST /v1/read-qr-code/ with the
// image as the multipart field file), answered in goQR's JSON shape.
const GoQRRead = "/v1/read-qr-code/"

// GoQRFile is the multipart field read-qr-code takes the image in; goQR's
// fileurl, an address to fetch, is refused (nothing is fetched).
const (
	GoQRFile    = "file"
	GoQRFileURL = "fileurl"
)

// NotFound is goQR's error for an image without a readable code, word for
// word, as clients compare it.
const NotFound = "could not find/read QR Code"

// ReadResult is goQR's answer to read-qr-code: a list of one result of
// type qrcode, whose symbols are the codes found (docs/compat.md).
type ReadResult struct {
	Type   string   `json:"type"`
	Symbol []Symbol `json:"symbol"`
}

// Symbol is one code found: its text, or, when none was, goQR's error.
type Symbol struct {
	Seq   int     `json:"seq"`
	Data  *string `json:"data"`
	Error *string `json:"error"`
}

// ReadAnswer is the read-qr-code answer for the codes scan found: one
// symbol a code, in reading order, seq from 0 (goQR writes several codes
// into one symbol's data, each after the first on a line of its own
// behind "QR-Code:"; a symbol each keeps every code's text exact), or one
// symbol holding NotFound when there is none.
func ReadAnswer(codes []scan.Code) []ReadResult {
	r := ReadResult{Type: "qrcode", Symbol: []Symbol{}}
	for i, c := range codes {
		text := c.Text
		r.Symbol = append(r.Symbol, Symbol{Seq: i, Data: &text})
	}
	if len(codes) == 0 {
		msg := NotFound
		r.Symbol = append(r.Symbol, Symbol{Seq: 0, Error: &msg})
	}
	return []ReadResult{r}
}
