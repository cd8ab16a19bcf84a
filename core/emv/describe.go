package emv

import (
	"fmt"
	"strconv"
	"strings"
)

// tagNames names EMVCo's top-level data objects by tag (MPM v1.1, table 3.2).
var tagNames = [...]string{
	0: "payload format indicator", 1: "point of initiation (11 static, 12 dynamic)",
	52: "merchant category code", 53: "transaction currency", 54: "transaction amount",
	55: "tip or convenience indicator", 56: "convenience fee, fixed", 57: "convenience fee, percentage",
	58: "country code", 59: "merchant name", 60: "merchant city", 61: "postal code",
	62: "additional data", 63: "CRC", 64: "merchant information in another language",
}

// additionalNames names tag 62's sub-objects by sub-tag.
var additionalNames = [...]string{
	1: "bill number", 2: "mobile number", 3: "store label", 4: "loyalty number", 5: "reference label",
	6: "customer label", 7: "terminal label", 8: "purpose of transaction", 9: "additional consumer data request",
	10: "merchant tax id", 11: "merchant channel",
}

// tagName names a top-level tag, two digits.
func tagName(tag string) string {
	t, _ := strconv.Atoi(tag)
	switch {
	case t < len(tagNames) && tagNames[t] != "":
		return tagNames[t]
	case t >= 2 && t <= 25:
		return "merchant account (card network)"
	case t >= 26 && t <= 51:
		return "merchant account template"
	case t >= 80:
		return "unreserved template"
	}
	return "reserved for EMVCo"
}

// Describe says what a payer can see of any merchant-presented code,
// whichever scheme it is of: a wrong CRC first, since scanners that check
// it refuse the code, then every data object by name, one line each, with
// a template's sub-objects inside it. It is nil unless Parse reads text.
func Describe(text string) []string {
	_, crcOK, ok := Parse(text)
	if !ok {
		return nil
	}
	var out []string
	if !crcOK {
		out = append(out, fmt.Sprintf("the CRC (tag 63) is %s; the data before it gives %04X: scanners that check it refuse the code", text[len(text)-4:], CRC(text[:len(text)-4])))
	}
	objs, ok := Read(text)
	if !ok {
		return out
	}
	for _, o := range objs {
		value := o.Value
		t, _ := strconv.Atoi(o.Tag)
		if t >= 26 && t <= 51 || o.Tag == "62" || o.Tag == "64" || t >= 80 {
			if sub, ok := Read(o.Value); ok {
				var parts []string
				for _, s := range sub {
					name := "sub-tag " + s.Tag
					n, _ := strconv.Atoi(s.Tag)
					if o.Tag == "62" && n < len(additionalNames) && additionalNames[n] != "" {
						name += " " + additionalNames[n]
					} else if s.Tag == "00" && o.Tag != "64" {
						name += " globally unique id"
					}
					parts = append(parts, name+": "+s.Value)
				}
				value = strings.Join(parts, "; ")
			}
		}
		out = append(out, fmt.Sprintf("tag %s, %s: %s", o.Tag, tagName(o.Tag), value))
	}
	return out
}
