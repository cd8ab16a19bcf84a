package verify

import (
	"bytes"
	"context"
	"net/url"
	"slices"
	"testing"

	"qrkeyless/core/generate"
	"qrkeyless/core/params"
	"qrkeyless/core/render"
	"qrkeyless/core/request"
)

// trials are the values TestEveryParameterKeysItsBytes sets a parameter
// to, with what it needs beside it, where its example and choices alone
// change nothing (an example that is the default, a logo's size without
// a logo).
var trials = map[string][]url.Values{
	"size":             {{"size": {"300"}}},
	"bg":               {{"bg": {"fff8e1"}}},
	"margin":           {{"margin": {"2"}}},
	"size_in":          {{"size_in": {"1.5"}}},
	"dpi":              {{"dpi": {"300"}}},
	"mask":             {{"mask": {"3"}}},
	"symbol":           {{"symbol": {"micro"}, "data": {"12345"}}, {"symbol": {"rmqr"}}},
	"rmqr_height":      {{"rmqr_height": {"15"}, "symbol": {"rmqr"}}},
	"parts":            {{"parts": {"2"}}, {"parts": {"3"}}},
	"parts_layout":     {{"parts_layout": {"grid"}, "parts": {"4"}}},
	"eci":              {{"eci": {"iso-8859-1"}}},
	"mode":             {{"mode": {"byte"}, "data": {"HELLO"}}},
	"eye_color":        {{"eye_color": {"c62828"}}},
	"eye_ball_color":   {{"eye_ball_color": {"c62828"}}},
	"logo":             {{"logo": {params.LogoExample}}},
	"logo_size":        {{"logo_size": {"0.1"}, "logo": {params.LogoExample}}},
	"logo_margin":      {{"logo_margin": {"0"}, "logo": {params.LogoExample}}},
	"logo_bg":          {{"logo_bg": {"fff8e1"}, "logo": {params.LogoExample}}},
	"logo_shape":       {{"logo_shape": {"circle"}, "logo_bg": {"fff8e1"}, "logo": {params.LogoExample}}},
	"bg_radius":        {{"bg_radius": {"8"}}},
	"frame_color":      {{"frame_color": {"c62828"}, "frame": {"banner-bottom"}, "frame_text": {"HI"}}},
	"frame_text_color": {{"frame_text_color": {"ffff00"}, "frame": {"banner-bottom"}, "frame_text": {"HI"}}},
}

// TestEveryParameterKeysItsBytes walks the table of rendering parameters
// (params.Shared): a parameter that changes a code's bytes in some format
// changes the request's edge-cache key (generate.Request.Key, built on
// Options.Canonical), or the edge would answer one code for another;
// unless the table marks it SameBytes, it must change the bytes of some
// format.
func TestEveryParameterKeysItsBytes(t *testing.T) {
	ctx := context.Background()
	make := func(q url.Values) (generate.Request, []byte, bool) {
		r, p := generate.Read(request.NewCall("/api/v1/qr", q), nil)
		if p != nil {
			return r, nil, false
		}
		_, b, p := Make(ctx, r, r.Options.Format)
		return r, b, p == nil
	}
	for _, p := range params.Shared {
		tries := trials[p.Name]
		if tries == nil {
			values := []string{p.Example}
			if p.Enum != nil {
				values = p.Enum()
			}
			for _, v := range values {
				tries = append(tries, url.Values{p.Name: {v}})
			}
		}
		changed := false
		for _, f := range render.Formats {
			for _, try := range tries {
				base := url.Values{"data": {"https://example.com"}, "format": {f.Name}}
				for k, vs := range try {
					if k != p.Name {
						base[k] = vs
					}
				}
				if p.Name == params.Format.Name {
					base.Del(params.Format.Name)
				}
				r0, b0, ok := make(base)
				if !ok {
					continue // the trial's company is refused in this format (a logo in json)
				}
				q := url.Values{}
				for k, vs := range base {
					q[k] = vs
				}
				q[p.Name] = try[p.Name]
				r1, b1, ok := make(q)
				if !ok || bytes.Equal(b0, b1) {
					continue
				}
				changed = true
				if slices.Equal(r0.Key("code"), r1.Key("code")) {
					t.Errorf("%s=%s changes the bytes of format %s but not the edge-cache key", p.Name, try.Get(p.Name), f.Name)
				}
			}
		}
		if !changed && !p.SameBytes {
			t.Errorf("%s changed the bytes of no format in %v: mark it SameBytes, or give it a trial that does", p.Name, tries)
		}
	}
}
