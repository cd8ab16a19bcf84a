package params

import (
	"image/color"
	"net/url"
	"strings"
	"testing"

	"qrkeyless/core/problem"
	"qrkeyless/core/qr"
)

func call(raw string) problem.Call {
	q, _ := url.ParseQuery(raw)
	return problem.Call{Path: "/api/v1/qr", Query: q}
}

func TestParseValues(t *testing.T) {
	tests := []struct {
		query string
		check func(Options) bool
	}{
		{"", func(o Options) bool {
			return o.Size == 512 && o.Format.Name == "png" && o.FG == color.NRGBA{0, 0, 0, 255} &&
				o.BG == color.NRGBA{255, 255, 255, 255} && o.Style == "square" && o.Eye == "square" && o.EC == qr.M && o.Margin == 4
		}},
		{"width=300", func(o Options) bool { return o.Size == 300 }},
		{"size=64", func(o Options) bool { return o.Size == 64 }},
		{"size=4096", func(o Options) bool { return o.Size == 4096 }},
		{"type=SVG", func(o Options) bool { return o.Format.Name == "svg" }},
		{"output=svg-tiny", func(o Options) bool { return o.Format.Name == "svg-tiny" }},
		{"fg=%23ABC", func(o Options) bool { return o.FG == color.NRGBA{0xaa, 0xbb, 0xcc, 255} }},
		{"dark=1a237e80", func(o Options) bool { return o.FG == color.NRGBA{0x1a, 0x23, 0x7e, 0x80} }},
		{"light=transparent", func(o Options) bool { return o.BG.A == 0 }},
		{"background=FFF8E1", func(o Options) bool { return o.BG == color.NRGBA{0xff, 0xf8, 0xe1, 255} }},
		{"quiet=0", func(o Options) bool { return o.Margin == 0 }},
		{"ec=q", func(o Options) bool { return o.EC == qr.Q }},
		{"size=300&width=300", func(o Options) bool { return o.Size == 300 }}, // same value twice is fine
		{"eye_color=cc0000", func(o Options) bool {
			e := o.Brand.EyePaint
			return e.Set() && e.String() == "cc0000" && e[2].Stops[0] == color.NRGBA{0xcc, 0, 0, 255}
		}},
		{"eye_color=cc0000,008800,0000cc", func(o Options) bool {
			e := o.Brand.EyePaint
			return e[0].Stops[0] == color.NRGBA{0xcc, 0, 0, 255} && e[1].Stops[0] == color.NRGBA{0, 0x88, 0, 255} && e[2].Stops[0] == color.NRGBA{0, 0, 0xcc, 255} &&
				!o.Brand.BallPaint.Set() && e.String() == "cc0000,008800,0000cc"
		}},
		{"eye_ball_color=%23c00,%23080,00c", func(o Options) bool { return o.Brand.BallPaint.String() == "cc0000,008800,0000cc" }},
		{"eye_color=linear:0f2027,2c5364,135deg", func(o Options) bool { // a gradient's commas are its stops
			e := o.Brand.EyePaint
			return e[0].Kind == "linear" && len(e[0].Stops) == 2 && e.String() == "linear:0f2027,2c5364,135deg"
		}},
		{"eye_color=111111,111111,111111", func(o Options) bool { return o.Brand.EyePaint.String() == "111111" }},
	}
	for _, tt := range tests {
		o, p := Parse(call(tt.query))
		if p != nil {
			t.Errorf("%q: %v", tt.query, p)
			continue
		}
		if !tt.check(o) {
			t.Errorf("%q: got %+v", tt.query, o)
		}
	}
}

func TestParseProblems(t *testing.T) {
	tests := []struct {
		query, field, fix string
	}{
		{"color=red", "color", "/api/v1/qr?color=ff0000"},
		{"color=%23GGG", "color", "/api/v1/qr?color=000000"},
		{"bg=none", "bg", "/api/v1/qr?bg=ffffff"},
		{"size=5000", "size", "/api/v1/qr?size=4096"},
		{"size=-3", "size", "/api/v1/qr?size=64"},
		{"width=512px", "size", "/api/v1/qr?width=512"},
		{"margin=99", "margin", "/api/v1/qr?margin=10"},
		{"format=svgz", "format", "/api/v1/qr?format=svg"},
		{"format=webp", "format", "/api/v1/qr?format=png"},
		{"ec=Z", "ec", "/api/v1/qr?ec=L"},
		{"size=100&width=200", "size", "/api/v1/qr?size=100"},
		{"colour=fff", "color", "/api/v1/qr?color=fff"},
		{"sise=300", "size", "/api/v1/qr?size=300"},
		{"marign=2", "margin", "/api/v1/qr?margin=2"},
		{"style=roundd", "style", "/api/v1/qr?style=rounded"},
		{"dots=roundd", "style", "/api/v1/qr?dots=rounded"}, // the fix keeps the caller's alias
		{"style=stars", "style", "/api/v1/qr?style=star"},
		{"style=bubbly", "style", "/api/v1/qr?style=square"}, // nothing near: the default
		{"eye=leef", "eye", "/api/v1/qr?eye=leaf"},
		{"eye=CIRCEL", "eye", "/api/v1/qr?eye=circle"},
		{"eye_color=cc0000,008800", "eye_color", "/api/v1/qr?eye_color=cc0000"},
		{"eye_color=,,,", "eye_color", "/api/v1/qr?eye_color=cc0000%2C008800%2C0000cc"},
		{"eye_color=cc0000,green,0000cc", "eye_color", "/api/v1/qr?eye_color=cc0000%2C008000%2C0000cc"},
		{"eye_ball_color=cc0000,nope,0000cc", "eye_ball_color", "/api/v1/qr?eye_ball_color=cc0000%2C000000%2C0000cc"},
	}
	for _, tt := range tests {
		_, p := Parse(call(tt.query))
		if p == nil {
			t.Errorf("%q: no problem", tt.query)
			continue
		}
		if p.Status != 400 || p.Field != tt.field || p.Fix != tt.fix {
			t.Errorf("%q: status %d field %q fix %q, want field %q fix %q", tt.query, p.Status, p.Field, p.Fix, tt.field, tt.fix)
		}
		if _, again := Parse(call(strings.TrimPrefix(p.Fix, "/api/v1/qr?"))); again != nil {
			t.Errorf("%q: the fix %q fails too: %v", tt.query, p.Fix, again)
		}
	}
}

// TestAllowedLists: a bad value of a parameter with a short list of values
// names every value it could have been, in the registry's order.
func TestAllowedLists(t *testing.T) {
	styles := []string{"square", "rounded", "dot", "diamond", "star", "vertical-bars", "horizontal-bars", "organic",
		"extra-rounded", "classy", "classy-rounded", "edge-cut", "small-square", "tile", "cross", "heart"}
	eyes := []string{"square", "rounded", "circle", "leaf", "diamond", "cut", "corner", "drop", "point", "petal", "inset"}
	balls := []string{"square", "rounded", "circle", "leaf", "diamond", "cut", "corner", "drop", "point", "petal", "plus"}
	tests := []struct {
		query   string
		allowed []string
	}{
		{"style=roundd", styles},
		{"dots=x", styles},
		{"eye=leef", eyes},
		{"eye_ball=stars", balls},
		{"ec=Z", []string{"L", "M", "Q", "H"}},
		{"format=webp", []string{"png", "svg", "svg-tiny", "json", "base64", "pdf", "eps", "gif", "jpeg", "utf8", "ansi", "ascii", "zip"}},
		{"color=red", nil}, // not a list
	}
	for _, tt := range tests {
		_, p := Parse(call(tt.query))
		if p == nil {
			t.Errorf("%q: no problem", tt.query)
			continue
		}
		if strings.Join(p.Allowed, ",") != strings.Join(tt.allowed, ",") {
			t.Errorf("%q: allowed %v, want %v", tt.query, p.Allowed, tt.allowed)
		}
		for _, a := range tt.allowed {
			if !strings.Contains(p.Detail, a) {
				t.Errorf("%q: detail %q does not name %q", tt.query, p.Detail, a)
			}
		}
	}
}

func TestKnownNamesAreNotNearMisses(t *testing.T) {
	// Typed fields such as "cu" or "tn" sit close to "ec" and "dots"; the
	// endpoint declares them, so they must pass.
	for _, q := range []string{"cu=INR&tn=x", "ssid=Home&sec=WPA", "v=2", "_=1", "utm_source=x"} {
		if _, p := Parse(call(q), "cu", "tn", "ssid", "sec"); p != nil {
			t.Errorf("%q: %v", q, p)
		}
	}
}

func TestKindFieldShadowsSharedAlias(t *testing.T) {
	// otp has a field named type, which is also an alias of format: on
	// /api/v1/otp it is the OTP type, and format still comes from format=.
	o, p := Parse(call("type=hotp&format=svg"), "type")
	if p != nil {
		t.Fatalf("type as a kind field: %v", p)
	}
	if o.Format.Name != "svg" {
		t.Errorf("format = %q, want svg", o.Format.Name)
	}
	if _, p := Parse(call("type=hotp")); p == nil {
		t.Error("type=hotp on /api/v1/qr must be a bad format")
	}
}

func TestNonSquareStyleDefaultsToH(t *testing.T) {
	for _, s := range Style.Enum() {
		o, p := Parse(call("style=" + s))
		if p != nil {
			t.Fatal(p)
		}
		want := qr.H
		if s == "square" {
			want = qr.M
		}
		if o.EC != want {
			t.Errorf("style %s: ec %v, want %v", s, o.EC, want)
		}
		if o2, _ := Parse(call("ec=L&style=" + s)); o2.EC != qr.L {
			t.Errorf("style %s: explicit ec ignored", s)
		}
	}
}

func TestParseHex(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want color.NRGBA
		ok   bool
	}{
		{"#000", color.NRGBA{0, 0, 0, 255}, true},
		{"fff", color.NRGBA{255, 255, 255, 255}, true},
		{"#1A237E", color.NRGBA{0x1a, 0x23, 0x7e, 255}, true},
		{"1a237e00", color.NRGBA{0x1a, 0x23, 0x7e, 0}, true},
		{"#12345", color.NRGBA{}, false},
		{"red", color.NRGBA{}, false},
		{"#-12345", color.NRGBA{}, false},
		{"", color.NRGBA{}, false},
	} {
		got, ok := ParseHex(tt.in)
		if ok != tt.ok || got != tt.want {
			t.Errorf("ParseHex(%q) = %v, %v", tt.in, got, ok)
		}
	}
}

func TestDistance(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		d    int
	}{{"colour", "color", 1}, {"sise", "size", 1}, {"szie", "size", 1}, {"", "abc", 3}, {"style", "style", 0}, {"margin", "marign", 1}} {
		if got := distance(tt.a, tt.b); got != tt.d {
			t.Errorf("distance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.d)
		}
	}
}

// FuzzParse: any query gives options or a 4xx problem with a fix, never a panic.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"", "size=5000", "color=red&fg=blue", "colour=x", "format=%ff", "size=99999999999999999999", "ec=&style=", "q=1&q=2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		q, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		o, p := Parse(problem.Call{Path: "/api/v1/qr", Query: q})
		if p != nil {
			if p.Status < 400 || p.Status > 499 || p.Fix == "" || p.Detail == "" {
				t.Fatalf("bad problem %+v", p)
			}
			return
		}
		if o.Size < MinSize || o.Size > MaxSize || o.Margin < MinMargin || o.Margin > MaxMargin {
			t.Fatalf("out of bounds %+v", o)
		}
	})
}
