package main

import "fmt"

// Input is one text every encoder is given.
type Input struct {
	Name  string `json:"name"`  // group and index, e.g. "url30-1"
	Group string `json:"group"` // url30, wifi, text300 or text1200
	Text  string `json:"text"`
}

// inputs are the 20 texts of the encode tables: what people put in QR codes
// most (short links, wifi logins) and the long texts that stress encoders.
var inputs = makeInputs()

var urls = []string{
	"https://example.com/menu?t=123",
	"https://shop.example.org/p/482",
	"https://qrkeyless.dev/r/Xy7Pq2",
	"https://news.example.net/a/991",
	"https://example.com/ev/2026-05",
}

var wifis = []string{
	"WIFI:T:WPA;S:Home;P:correct horse;;",
	"WIFI:T:WPA;S:Cafe Central;P:espresso2024;;",
	"WIFI:T:nopass;S:Guest;;",
	"WIFI:T:WPA;S:Office-5G;P:Tr0ub4dor&3;H:false;;",
	`WIFI:T:WEP;S:Lab\;Net;P:0123456789;;`,
}

// prose is cut into the long inputs: mixed case and punctuation, so every
// encoder uses byte mode, as it would for a note or a vCard with an address.
const prose = `A QR code stores its text as a grid of dark and light modules, read by a camera in any orientation. ` +
	`The three finder patterns in the corners tell the reader where the symbol is and how it is turned; ` +
	`timing patterns between them give the module pitch, and alignment patterns correct for paper that is not flat. ` +
	`Error correction (Reed-Solomon, four levels from L to H) lets a scanner recover the text when part of the code ` +
	`is dirty, torn or covered by a logo. Level M restores about 15% of the codewords, which is why most generators ` +
	`default to it. The encoder picks the smallest of forty versions that holds the data, then tries eight masks and ` +
	`keeps the one whose pattern is easiest to read: few long runs, few blocks of one colour, balanced dark and light. ` +
	`Printed codes need a quiet zone of four modules around them; on a poster seen from three metres, each module ` +
	`should be at least a millimetre wide. Screens are easier: a phone can read a code of twenty-five pixels a module ` +
	`from across a room, provided the contrast is high and the colours are not inverted. Payment codes (EPC, Swiss QR, ` +
	`UPI, Pix) add their own rules on top: fixed field order, check digits, and line breaks that must be CR LF. ` +
	`Wi-Fi codes escape semicolons, commas and colons with a backslash. A vCard carries names, phones and addresses ` +
	`line by line. Whatever the payload, a generator should decode its own output before handing it out.`

func makeInputs() []Input {
	var in []Input
	add := func(group string, texts []string) {
		for i, t := range texts {
			in = append(in, Input{Name: fmt.Sprintf("%s-%d", group, i+1), Group: group, Text: t})
		}
	}
	cut := func(n int) []string {
		var out []string
		twice := prose + " " + prose
		for i := 0; i < 5; i++ {
			start := i * 211 // different slices, so no two inputs share a symbol
			out = append(out, twice[start:start+n])
		}
		return out
	}
	add("url30", urls)
	add("wifi", wifis)
	add("text300", cut(300))
	add("text1200", cut(1200))
	return in
}
