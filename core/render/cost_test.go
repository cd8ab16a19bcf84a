package render

import (
	"fmt"
	"strings"
	"testing"

	"qrkeyless/core/qr"
)

// BenchmarkCost measures drawing beside Cost's estimate (the est-ns/op
// metric): make bench writes both to BENCHMARKS.md, so a change that
// makes drawing slower than the estimate shows before a batch budget
// trusts it.
func BenchmarkCost(b *testing.B) {
	for _, n := range []int{20, 1200, 2900} {
		c, err := qr.Encoder{Level: qr.L}.Encode(strings.Repeat("Lorem ipsum dolor sit amet ", 200)[:n])
		if err != nil {
			b.Fatal(err)
		}
		for _, st := range StyleNames() {
			for _, f := range []struct {
				format string
				size   int
			}{{"png", 512}, {"png", 2048}, {"svg", 512}, {"gif", 512}, {"jpeg", 512}} {
				o := Options{Size: f.size, Margin: 4, FG: Black, BG: White, Style: st, Eye: "square"}
				format, _ := LookupFormat(f.format)
				b.Run(fmt.Sprintf("v%d/%s/%s/%d", c.Version, st, f.format, f.size), func(b *testing.B) {
					for b.Loop() {
						format.Writer.Write(c, o)
					}
					b.ReportMetric(float64(Cost(c.Version, o, format)), "est-ns/op")
				})
			}
		}
	}
}
