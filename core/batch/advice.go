package batch

import (
	"fmt"
	"strings"

	"qrkeyless/core/params"
	"qrkeyless/core/qr"
	"qrkeyless/core/sheet"
	"qrkeyless/core/verify"
)

// advice is the sheet's advice on a code made from pl (sheet.Layout's
// Advice), with the code's own choices that would make it fit the side
// the sheet gives it: a lower error correction, when the kind leaves it
// free and it makes a smaller symbol that fits; shorter data, the fields
// to shorten and to how many bytes for the largest version that fits
// (generate.Request.Shorten).
func (pl plan) advice(l sheet.Layout, code *verify.Code) sheet.Advice {
	n, margin := code.QR.Size, code.Options.Margin
	side := l.Side()
	if side >= sheet.Need(n, margin) {
		return sheet.Advice{}
	}
	fits := func(v int) bool { return sheet.Need(17+4*v, margin) <= side }
	var own []string
	if _, fixed := qr.ParseLevel(pl.req.Options.Symbol.EC); !fixed {
		for lv := code.QR.Level - 1; lv >= qr.L; lv-- {
			r := pl.req
			r.Options.EC = lv
			if v, p := r.Version(); p == nil && v < code.QR.Version && fits(v) {
				own = append(own, fmt.Sprintf("%s=%s (%d modules: %s mm)", params.EC.Name, lv, 17+4*v, sheet.Tenth(sheet.Need(17+4*v, margin))))
				break
			}
		}
	}
	for v := code.QR.Version - 1; v >= 1; v-- {
		if !fits(v) {
			continue
		}
		cuts := pl.req.Shorten(pl.req.Within(v))
		if len(cuts) == 0 {
			break
		}
		var parts []string
		for _, c := range cuts {
			if c.Max == 0 {
				parts = append(parts, c.Field+" left out")
			} else {
				parts = append(parts, fmt.Sprintf("%s at most %d of its %d bytes", c.Field, c.Max, c.Now))
			}
		}
		own = append(own, fmt.Sprintf("%s (%d modules: %s mm)", strings.Join(parts, " and "), 17+4*v, sheet.Tenth(sheet.Need(17+4*v, margin))))
		break
	}
	return l.Advice(n, margin, own)
}
