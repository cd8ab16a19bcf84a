package main

import (
	"context"
	"flag"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"qrkeyless/core/budget"
	"qrkeyless/core/generate"
	"qrkeyless/core/request"
	"qrkeyless/core/scan"
	"qrkeyless/core/verify"
)

// Rate is one piece of work timed beside what core/budget counts for it:
// the figures its rates (budget.DecodeCPU, ImageCPU, DrawCPU) are chosen
// from, run in WebAssembly as the Worker runs it.
type Rate struct {
	Work   string  `json:"work"` // "image", "decode", "make" or "verify"
	Name   string  `json:"name"` // the file or the query
	Ms     float64 `json:"ms"`   // the fastest of the rounds
	Pixels int64   `json:"pixels,omitempty"`
	Decode int64   `json:"decode_pixels,omitempty"` // Budget.Decode used
	Draw   int64   `json:"draw_ns,omitempty"`       // Budget.Draw used
	// Modules is a made or verified code's side with its quiet zone, and
	// Size its picture's side in pixels.
	Modules int `json:"modules,omitempty"`
	Size    int `json:"size,omitempty"`
	// NsPerUnit is Ms over what the budget counted: pixels for image,
	// decode pixels for decode, draw ns for make (0 when nothing was
	// counted), and (draw ns + decode pixels at DecodeCPU) for verify.
	NsPerUnit float64 `json:"ns_per_unit"`
}

// ratesQueries are GET /api/v1/qr and /api/v1/verify calls across sizes,
// formats and styles, each timed against the draw budget Make charges.
var ratesQueries = []string{
	"data=https://example.com",
	"data=https://example.com&size=1024",
	"data=https://example.com&size=2048",
	"data=https://example.com&format=svg",
	"data=https://example.com&format=svg&style=rounded",
	"data=https://example.com&style=rounded&eye=circle",
	"data=https://example.com&style=dot&size=1024",
	"data=https://example.com&style=organic&format=svg",
	"data=" + strings.Repeat("x", 1200) + "&size=1024",
	"data=https://example.com&eye_color=cc0000",
	"data=https://example.com&fg=linear:000000,2c5364",
	"data=https://example.com&frame=banner-bottom",
	"data=https://example.com&format=pdf",
	"data=https://example.com&format=jpeg",
	"data=https://example.com&size=256",
	"data=" + strings.Repeat("x", 60) + "&size=256",
	"data=" + strings.Repeat("x", 60),
	"data=" + strings.Repeat("x", 150),
	"data=" + strings.Repeat("x", 150) + "&size=1024",
	"data=" + strings.Repeat("x", 400),
	"data=" + strings.Repeat("x", 400) + "&size=1024",
	"data=" + strings.Repeat("x", 800) + "&size=1024",
	"data=https://example.com&style=rounded&eye=circle&size=256",
	"data=https://example.com&style=dot",
	"data=https://example.com&style=dot&format=svg",
}

// ratesCmd times, per file of each -dir (PNG and JPEG), reading the
// picture (scan.ReadImage) and decoding it, and the making and verifying
// of ratesQueries, against what core/budget charges for each.
func ratesCmd(args []string) (any, error) {
	fs := flag.NewFlagSet("rates", flag.ContinueOnError)
	dirs := fs.String("dirs", "", "comma-separated directories of pictures")
	rounds := fs.Int("rounds", 3, "timed runs of each, the fastest kept")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	best := func(f func()) float64 {
		ms := 0.0
		for r := range *rounds + 1 {
			runtime.GC()
			t := time.Now()
			f()
			if d := float64(time.Since(t).Microseconds()) / 1000; r == 1 || (r > 1 && d < ms) {
				ms = d // round 0 warms up
			}
		}
		return ms
	}
	var out []Rate
	for _, dir := range strings.Split(*dirs, ",") {
		if dir == "" {
			continue
		}
		files, err := os.ReadDir(dir)
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			if ext := strings.ToLower(filepath.Ext(f.Name())); !slices.Contains([]string{".png", ".jpg", ".jpeg"}, ext) {
				continue
			}
			data, err := os.ReadFile(filepath.Join(dir, f.Name()))
			if err != nil {
				return nil, err
			}
			img, err := scan.ReadImage(context.Background(), data, scan.Limits{})
			if err != nil {
				continue
			}
			px := int64(img.Bounds().Dx() * img.Bounds().Dy())
			name := filepath.Join(filepath.Base(dir), f.Name())
			ms := best(func() { scan.ReadImage(context.Background(), data, scan.Limits{}) })
			out = append(out, Rate{Work: "image", Name: name, Ms: ms, Pixels: px, NsPerUnit: ms * 1e6 / float64(px)})
			var used int64
			ms = best(func() {
				b := budget.New()
				scan.Decode(img, scan.Options{Context: budget.With(context.Background(), b)})
				used = b.Decode.Used
			})
			out = append(out, Rate{Work: "decode", Name: name, Ms: ms, Pixels: px, Decode: used, NsPerUnit: ms * 1e6 / float64(max(used, 1))})
		}
	}
	for _, q := range ratesQueries {
		vals, _ := url.ParseQuery(q)
		r, p := generate.Read(request.NewCall("/api/v1/qr", vals), nil)
		if p != nil {
			return nil, fmt.Errorf("%s: %s", q, p.Detail)
		}
		var draw int64
		ms := best(func() {
			b := budget.New()
			verify.Make(budget.With(context.Background(), b), r, r.Options.Format)
			draw = b.Draw.Used
		})
		out = append(out, Rate{Work: "make", Name: q, Ms: ms, Draw: draw, NsPerUnit: ms * 1e6 / float64(max(draw, 1))})
		v, p := generate.ReadVerify(request.NewCall("/api/v1/verify", vals))
		if p != nil {
			return nil, fmt.Errorf("verify %s: %s", q, p.Detail)
		}
		var dec int64
		c, _ := verify.Draw(v)
		mods, size := c.QR.Width+2*v.Options.Margin, v.Options.Size
		out[len(out)-1].Modules, out[len(out)-1].Size = mods, size
		ms = best(func() {
			b := budget.New()
			ctx := budget.With(context.Background(), b)
			c, _ := verify.Draw(v)
			c.Verify(ctx)
			dec, draw = b.Decode.Used, b.Draw.Used
		})
		out = append(out, Rate{Work: "verify", Name: q, Ms: ms, Decode: dec, Draw: draw, Modules: mods, Size: size, NsPerUnit: ms * 1e6 / float64(max(dec*budget.DecodeCPU+draw, 1))})
	}
	return out, nil
}
