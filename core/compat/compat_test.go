package compat

import (
	"context"
	"image/color"
	"net/url"
	"os"
	"strings"
	"testing"

	"qrkeyless/core/budget"
	"qrkeyless/core/params"
	"qrkeyless/core/qr"
	"qrkeyless/core/verify"
)

// got is what a read request comes to: the options that shape the
// picture, the text, and the charset work the controls do.
type got struct {
	size, margin, border, caption int
	ec, format, fg, bg            string
	text                          string
	bytes                         string // the text as the code holds it
	eci                           int
	mode                          string
}

func read(t *testing.T, p *Peer, raw string) got {
	t.Helper()
	req, pr := Read(p, raw)
	if pr != nil {
		t.Fatalf("%s?%s: %s (fix %s)", p.Path, raw, pr.Detail, pr.Fix)
	}
	o := req.Options
	g := got{size: o.Size, margin: o.Margin, border: o.Border, caption: o.Brand.CaptionSize, ec: o.EC.String(), format: o.Format.Name,
		fg: params.Hex(o.FG), bg: params.Hex(o.BG), text: req.Text, bytes: req.Text}
	if o.Controls != nil {
		var e qr.Encoder
		b, pr := o.Controls(req.Call, &e, req.Text)
		if pr != nil {
			t.Fatalf("%s?%s: controls: %s", p.Path, raw, pr.Detail)
		}
		g.bytes, g.eci, g.mode = b, e.ECI, e.Mode
	}
	return g
}

// Each peer's defaults are its own, not ours: a request that gives only
// the text gets the peer's size, quiet zone, margin and level.
func TestDefaults(t *testing.T) {
	for _, tt := range []struct {
		p    *Peer
		raw  string
		want got
	}{
		{GoQR, "data=HelloWorld", got{size: 200, margin: 0, border: 1, caption: 0, ec: "L", format: "png", fg: "000000", bg: "ffffff", text: "HelloWorld", bytes: "HelloWorld"}},
		{QuickChart, "text=Hello", got{size: 150, margin: 4, border: 0, caption: 10, ec: "M", format: "png", fg: "000000", bg: "ffffff", text: "Hello", bytes: "Hello"}},
		{Google, "cht=qr&chs=150x150&chl=Hello", got{size: 150, margin: 4, border: 0, caption: 0, ec: "L", format: "png", fg: "000000", bg: "ffffff", text: "Hello", bytes: "Hello"}},
	} {
		if g := read(t, tt.p, tt.raw); g != tt.want {
			t.Errorf("%s?%s:\n got %+v\nwant %+v", tt.p.Path, tt.raw, g, tt.want)
		}
	}
}

// Every parameter of every peer, as its documentation writes it, comes
// to the options it names.
func TestParams(t *testing.T) {
	for _, tt := range []struct {
		p     *Peer
		raw   string
		check func(g got) bool
	}{
		{GoQR, "data=a+b%21", func(g got) bool { return g.text == "a b!" }}, // a form: + is a space
		// As the peers read a query: a ';' is part of a value, a '%' that
		// starts no escape stays.
		{GoQR, "data=WIFI:S:Cafe;T:nopass;;&size=300x300", func(g got) bool { return g.text == "WIFI:S:Cafe;T:nopass;;" && g.size == 300 }},
		{GoQR, "data=100%25+off%", func(g got) bool { return g.text == "100% off%" }},
		{QuickChart, "text=a%zzb+c", func(g got) bool { return g.text == "a%zzb+c" }},
		{Google, "cht=qr&chs=100x100&chl=BEGIN:VCARD%0AN:Doe;John%0AEND:VCARD", func(g got) bool { return g.text == "BEGIN:VCARD\nN:Doe;John\nEND:VCARD" }},
		{GoQR, "data=x&size=300x300", func(g got) bool { return g.size == 300 }},
		{GoQR, "data=x&size=300x200", func(g got) bool { return g.size == 200 }}, // the square that fits
		{GoQR, "data=x&size=10x10", func(g got) bool { return g.size == 10 }},    // goQR's bound, not ours (64)
		{GoQR, "data=x&size=1000X1000", func(g got) bool { return g.size == 1000 }},
		{GoQR, "data=x&size=250", func(g got) bool { return g.size == 250 }},
		{GoQR, "data=x&ecc=h", func(g got) bool { return g.ec == "H" }},
		{GoQR, "data=x&color=255-0-0&bgcolor=0-0-255", func(g got) bool { return g.fg == "ff0000" && g.bg == "0000ff" }},
		{GoQR, "data=x&color=f00&bgcolor=FFFF00", func(g got) bool { return g.fg == "ff0000" && g.bg == "ffff00" }},
		{GoQR, "data=x&margin=10&qzone=4", func(g got) bool { return g.border == 10 && g.margin == 4 }},
		{GoQR, "data=x&margin=0&qzone=100", func(g got) bool { return g.border == 0 && g.margin == 100 }}, // past our 10
		{GoQR, "data=x&format=jpg", func(g got) bool { return g.format == "jpeg" }},
		{GoQR, "data=x&format=JPEG", func(g got) bool { return g.format == "jpeg" }},
		{GoQR, "data=x&format=gif", func(g got) bool { return g.format == "gif" }},
		{GoQR, "data=x&format=svg", func(g got) bool { return g.format == "svg" }},
		{GoQR, "data=x&format=eps", func(g got) bool { return g.format == "eps" }},
		// charset-source says how data's bytes are read; charset-target
		// what the code holds: UTF-8 as we write it, or ECI 3 and Latin-1.
		{GoQR, "data=%E4&charset-source=ISO-8859-1", func(g got) bool { return g.text == "ä" && g.bytes == "ä" && g.eci == 0 }},
		{GoQR, "data=%C3%A4&charset-target=ISO-8859-1", func(g got) bool { return g.text == "ä" && g.bytes == "\xe4" && g.eci == 3 }},
		{GoQR, "data=%E4&charset-source=iso-8859-1&charset-target=ISO-8859-1", func(g got) bool { return g.text == "ä" && g.bytes == "\xe4" && g.eci == 3 }},

		{QuickChart, "text=a+b", func(g got) bool { return g.text == "a+b" }}, // QuickChart: + is a plus
		{QuickChart, "text=a%20b", func(g got) bool { return g.text == "a b" }},
		{QuickChart, "text=x&size=300&margin=1", func(g got) bool { return g.size == 300 && g.margin == 1 }},
		{QuickChart, "text=x&size=3000&margin=20", func(g got) bool { return g.size == 3000 && g.margin == 20 }},
		{QuickChart, "text=x&ecLevel=Q", func(g got) bool { return g.ec == "Q" }},
		{QuickChart, "text=x&dark=f00&light=%23ffff00", func(g got) bool { return g.fg == "ff0000" && g.bg == "ffff00" }},
		{QuickChart, "text=x&dark=1a237e80&light=0000", func(g got) bool { return g.fg == "1a237e80" && g.bg == "00000000" }},
		{QuickChart, "text=x&format=svg", func(g got) bool { return g.format == "svg" }},
		{QuickChart, "text=x&format=base64", func(g got) bool { return g.format == "base64" }},
		{QuickChart, "text=x&caption=Scan%20me", func(g got) bool { return g.caption == 10 }},
		{QuickChart, "text=x&caption=Scan%20me&captionFontSize=14", func(g got) bool { return g.caption == 14 }},

		{Google, "cht=qr&chs=300x300&chl=x", func(g got) bool { return g.size == 300 }},
		{Google, "cht=qr&chs=300x150&chl=x", func(g got) bool { return g.size == 150 }},
		{Google, "cht=qr&chs=100x100&chl=x&chld=H|1", func(g got) bool { return g.ec == "H" && g.margin == 1 }},
		{Google, "cht=qr&chs=100x100&chl=x&chld=m", func(g got) bool { return g.ec == "M" && g.margin == 4 }},
		{Google, "cht=qr&chs=100x100&chl=x&chld=%7C0", func(g got) bool { return g.ec == "L" && g.margin == 0 }},
		{Google, "cht=qr&chs=100x100&chl=%C3%A9t%C3%A9&choe=ISO-8859-1", func(g got) bool { return g.bytes == "\xe9t\xe9" && g.eci == 3 }},
		// Shift_JIS: kanji mode when every character has a kanji-mode
		// code; ECI 20 and Shift JIS bytes in byte mode otherwise.
		{Google, "cht=qr&chs=100x100&chl=" + url.QueryEscape("こんにちは") + "&choe=Shift_JIS", func(g got) bool {
			return g.bytes == "\x82\xb1\x82\xf1\x82\xc9\x82\xbf\x82\xcd" && g.mode == "kanji" && g.eci == 0
		}},
		{Google, "cht=qr&chs=100x100&chl=" + url.QueryEscape("東京 Tokyo") + "&choe=Shift_JIS", func(g got) bool {
			return g.bytes == "\x93\x8c\x8b\x9e Tokyo" && g.mode == "" && g.eci == 20
		}},
	} {
		if g := read(t, tt.p, tt.raw); !tt.check(g) {
			t.Errorf("%s?%s: %+v", tt.p.Path, tt.raw, g)
		}
	}
}

// A colour with alpha stays (QuickChart's RGBA hex); one without is opaque.
func TestColourAlpha(t *testing.T) {
	req, _ := Read(QuickChart, "text=x&dark=1a237e80")
	if req.Options.FG != (color.NRGBA{0x1a, 0x23, 0x7e, 0x80}) {
		t.Errorf("dark=1a237e80: %v", req.Options.FG)
	}
}

// A parameter the peer does not have is ignored, as the peer ignores it:
// tracking parameters, another peer's names, and names that are near
// misses of ours, which /api/v1/qr would refuse. The answer is the same
// code, under the same edge cache key.
func TestUnknownIgnored(t *testing.T) {
	for _, tt := range []struct {
		p         *Peer
		raw, more string
	}{
		{GoQR, "data=HelloWorld&size=150x150", "&utm_source=mail&colour=red&sise=3&text=other&style=dot"},
		{QuickChart, "text=Hello&size=200", "&foo=bar&colour=red&data=other&ec=H&chl=x&captionFontFamily=serif"},
		{Google, "cht=qr&chs=150x150&chl=Hello", "&chco=ff0000&chof=gif&colour=red&data=x&size=300"},
	} {
		a, pa := Read(tt.p, tt.raw)
		b, pb := Read(tt.p, tt.raw+tt.more)
		if pa != nil || pb != nil {
			t.Fatalf("%s: problems %v, %v", tt.p.Path, pa, pb)
		}
		if strings.Join(a.Key("code"), "|") != strings.Join(b.Key("code"), "|") {
			t.Errorf("%s?%s%s: another code (%v) than without %s (%v)", tt.p.Path, tt.raw, tt.more, b.Key("code"), tt.more, a.Key("code"))
		}
	}
}

// A wrong value is a problem whose fix is the peer's URL corrected, and
// following the fix reads.
func TestProblems(t *testing.T) {
	for _, tt := range []struct {
		p                *Peer
		raw              string
		status           int
		field, fix       string
		fixReadsOnItsOwn bool
	}{
		{GoQR, "size=100x100", 400, "data", "/v1/create-qr-code/?data=HelloWorld&size=100x100", true},
		{GoQR, "data=x&size=5x5", 400, "size", "/v1/create-qr-code/?data=x&size=10x10", true},
		{GoQR, "data=x&size=2000x300", 400, "size", "/v1/create-qr-code/?data=x&size=300x300", true},
		{GoQR, "data=x&size=big", 400, "size", "/v1/create-qr-code/?data=x&size=150x150", true},
		{GoQR, "data=x&ecc=X", 400, "ecc", "/v1/create-qr-code/?data=x&ecc=L", true},
		{GoQR, "data=x&color=300-0-0", 400, "color", "/v1/create-qr-code/?color=0-0-0&data=x", true},
		{GoQR, "data=x&bgcolor=ggg", 400, "bgcolor", "/v1/create-qr-code/?bgcolor=255-255-255&data=x", true},
		{GoQR, "data=x&margin=51", 400, "margin", "/v1/create-qr-code/?data=x&margin=50", true},
		{GoQR, "data=x&qzone=-1", 400, "qzone", "/v1/create-qr-code/?data=x&qzone=0", true},
		{GoQR, "data=x&format=bmp", 400, "format", "/v1/create-qr-code/?data=x&format=png", true},
		{GoQR, "data=x&format=jpge", 400, "format", "/v1/create-qr-code/?data=x&format=jpeg", true},
		{GoQR, "data=x&charset-source=latin1", 400, "charset-source", "/v1/create-qr-code/?charset-source=UTF-8&data=x", true},
		{GoQR, "data=%E4", 400, "data", "/v1/create-qr-code/?charset-source=ISO-8859-1&data=%E4", true},
		{GoQR, "data=a&data=b", 400, "data", "/v1/create-qr-code/?data=a", true},

		{QuickChart, "size=100", 400, "text", "/qr?size=100&text=Hello%20world", true},
		{QuickChart, "text=x&size=5000", 400, "size", "/qr?size=3000&text=x", true},
		{QuickChart, "text=x&dark=zzz", 400, "dark", "/qr?dark=000000&text=x", true},
		{QuickChart, "text=x&ecLevel=Z", 400, "ecLevel", "/qr?ecLevel=L&text=x", true},
		{QuickChart, "text=x&format=jpg", 400, "format", "/qr?format=png&text=x", true},
		{QuickChart, "text=a+b&captionFontSize=1", 400, "captionFontSize", "/qr?captionFontSize=4&text=a%2Bb", true},
		{QuickChart, "text=x&centerImageUrl=https%3A%2F%2Fexample.com%2Flogo.png", 400, "centerImageUrl",
			"/qr?logo=" + url.QueryEscape(params.LogoExample) + "&text=x", true},
		{QuickChart, "text=x&caption=" + strings.Repeat("w", 35), 400, "frame_text", "/qr?caption=" + strings.Repeat("w", 30) + "&text=x", true},

		{Google, "chs=100x100&chl=x", 400, "cht", "/chart?chl=x&chs=100x100&cht=qr", true},
		{Google, "cht=qr&chl=x", 400, "chs", "/chart?chl=x&chs=150x150&cht=qr", true},
		{Google, "cht=qr&chs=100x100", 400, "chl", "/chart?chl=Hello%20world&chs=100x100&cht=qr", true},
		{Google, "cht=bvs&chs=100x100&chd=t:1,2", 400, "cht", "", false},
		{Google, "cht=qr&chs=100x100&chl=x&chld=X|2", 400, "chld", "/chart?chl=x&chld=L%7C2&chs=100x100&cht=qr", true},
		{Google, "cht=qr&chs=100x100&chl=x&chld=H|x", 400, "chld", "/chart?chl=x&chld=H%7C4&chs=100x100&cht=qr", true},
	} {
		_, pr := Read(tt.p, tt.raw)
		if pr == nil {
			t.Errorf("%s?%s: no problem", tt.p.Path, tt.raw)
			continue
		}
		if pr.Status != tt.status || pr.Field != tt.field || (tt.fix != "" && pr.Fix != tt.fix) {
			t.Errorf("%s?%s: %d %s, fix %q (%s); want %d %s, fix %q", tt.p.Path, tt.raw, pr.Status, pr.Field, pr.Fix, pr.Detail, tt.status, tt.field, tt.fix)
			continue
		}
		if !tt.fixReadsOnItsOwn {
			continue
		}
		path, raw, _ := strings.Cut(pr.Fix, "?")
		if path != tt.p.Path {
			t.Errorf("%s?%s: the fix %q leaves the path", tt.p.Path, tt.raw, pr.Fix)
			continue
		}
		if _, pr := Read(tt.p, raw); pr != nil {
			t.Errorf("%s?%s: its fix %s is refused: %s", tt.p.Path, tt.raw, pr.Fix, pr.Detail)
		}
	}
}

// A problem found while making the code (too long at the level asked) is
// fixed in the peer's terms: the level that holds it, by the peer's name.
func TestMakeProblemsInPeerTerms(t *testing.T) {
	long := strings.Repeat("x", 1500) // past H's 1273 bytes, within Q's 1663
	for _, tt := range []struct {
		p        *Peer
		raw, fix string
	}{
		{GoQR, "data=" + long + "&ecc=H", "/v1/create-qr-code/?data=" + long + "&ecc=Q"},
		{QuickChart, "text=" + long + "&ecLevel=H", "/qr?ecLevel=Q&text=" + long},
		{Google, "cht=qr&chs=500x500&chl=" + long + "&chld=H|2", "/chart?chl=" + long + "&chld=Q%7C2&chs=500x500&cht=qr"},
		// A character the charset asked for cannot write: UTF-8 can.
		{GoQR, "data=%E2%82%AC&charset-target=ISO-8859-1", "/v1/create-qr-code/?charset-target=UTF-8&data=%E2%82%AC"},
		{Google, "cht=qr&chs=100x100&chl=%E2%82%AC&choe=ISO-8859-1", "/chart?chl=%E2%82%AC&choe=UTF-8&chs=100x100&cht=qr"},
	} {
		req, pr := Read(tt.p, tt.raw)
		if pr != nil {
			t.Fatalf("%s: %s", tt.p.Path, pr.Detail)
		}
		ctx := budget.With(context.Background(), budget.New())
		_, _, pr = verify.Make(ctx, req, req.Options.Format)
		if pr == nil || pr.Fix != tt.fix {
			t.Errorf("%s: %v; want the fix %.80s", tt.p.Path, pr, tt.fix)
		}
	}
}

// Every parameter a peer documents is in its table with what it maps to,
// and the table's examples read.
func TestTables(t *testing.T) {
	for _, p := range Peers {
		if _, pr := Read(p, strings.TrimPrefix(p.Example, p.Path+"?")); pr != nil {
			t.Errorf("%s: its example %s is refused: %s", p.Name, p.Example, pr.Detail)
		}
		for _, pa := range p.Params {
			if pa.Help == "" || pa.Maps == "" || pa.read == nil || (pa.Type != "string" && pa.Type != "integer") {
				t.Errorf("%s %s: help, maps, a reader and a type are required", p.Name, pa.Name)
			}
			if pa.Example == "" || pa.Name == "centerImageUrl" || pa.Name == "logo" {
				continue
			}
			q := url.Values{pa.Name: {pa.Example}}
			for _, other := range p.Params {
				if other.Required && other.Name != pa.Name {
					q.Set(other.Name, other.Example)
				}
			}
			if _, pr := Read(p, q.Encode()); pr != nil {
				t.Errorf("%s %s=%s, its example: %s", p.Name, pa.Name, pa.Example, pr.Detail)
			}
		}
	}
}

// goQR's read answer, for a code and for none.
func TestReadAnswer(t *testing.T) {
	none := ReadAnswer(nil)
	if len(none) != 1 || none[0].Type != "qrcode" || len(none[0].Symbol) != 1 || none[0].Symbol[0].Data != nil || *none[0].Symbol[0].Error != NotFound {
		t.Errorf("no code: %+v", none)
	}
}

// docs/compat.md's tables have a row for every parameter of every peer.
func TestDocumented(t *testing.T) {
	b, err := os.ReadFile("../../docs/compat.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range Peers {
		for _, pa := range p.Params {
			if !strings.Contains(string(b), "\n| `"+pa.Name+"` |") {
				t.Errorf("docs/compat.md has no row for %s's %s", p.Name, pa.Name)
			}
		}
	}
}
