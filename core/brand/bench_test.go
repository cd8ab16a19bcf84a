package brand

import (
	"net/url"
	"testing"
)

// BenchmarkPNG draws 512 px codes with each kind of branding.
func BenchmarkPNG(b *testing.B) {
	for _, tc := range []struct {
		name string
		q    url.Values
	}{
		{"svg-logo", url.Values{"logo": {svgLogo}}},
		{"png-logo", url.Values{"logo": {pngLogo}}},
		{"gradient", url.Values{"color": {"linear:0f2027,2c5364,135deg"}, "eye_color": {"c62828"}}},
		{"frame", url.Values{"frame": {"banner-bottom"}, "frame_text": {"SCAN ME"}}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			tc.q.Set("size", "512")
			c, o := code(b, "https://example.com/menu?t=123", tc.q)
			k, err := New(c, o)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				k.PNG()
			}
		})
	}
}
