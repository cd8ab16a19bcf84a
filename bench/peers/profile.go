package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"runtime/pprof"
	"time"
)

// profileCmd writes a CPU profile of one encoder on one input or, with
// -dir, of our decoder on one set of images: the report's account of where
// our time goes.
func profileCmd(args []string) (any, error) {
	fs := flag.NewFlagSet("profile", flag.ContinueOnError)
	out := fs.String("o", "", "profile file to write")
	name := fs.String("enc", "ours", "encoder name")
	format := fs.String("format", "png", "png or svg")
	input := fs.String("input", "text1200-1", "input name")
	dir := fs.String("dir", "", "profile decoding the images of this manifest's directory instead")
	set := fs.String("set", "hard", "with -dir: the set to decode")
	dur := fs.Duration("for", 3*time.Second, "how long to run")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	work, what, err := profiled(*name, *format, *input, *dir, *set)
	if err != nil {
		return nil, err
	}
	f, err := os.Create(*out)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if err := pprof.StartCPUProfile(f); err != nil {
		return nil, err
	}
	n := 0
	for start := time.Now(); time.Since(start) < *dur; n++ {
		work(n)
	}
	pprof.StopCPUProfile()
	return map[string]any{"profiled": what, "calls": n}, nil
}

// profiled returns the call to repeat and what it is.
func profiled(name, format, input, dir, set string) (func(int), string, error) {
	if dir != "" {
		b, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
		if err != nil {
			return nil, "", err
		}
		var list []Image
		if err := json.Unmarshal(b, &list); err != nil {
			return nil, "", err
		}
		var imgs []image.Image
		for _, im := range list {
			if im.Set != set {
				continue
			}
			f, err := os.ReadFile(filepath.Join(dir, im.File))
			if err != nil {
				return nil, "", err
			}
			img, err := png.Decode(bytes.NewReader(f))
			if err != nil {
				return nil, "", err
			}
			imgs = append(imgs, img)
		}
		if len(imgs) == 0 {
			return nil, "", fmt.Errorf("profile: no images in set %q", set)
		}
		return func(i int) { decoders[0].Decode(imgs[i%len(imgs)]) }, "ours decoding the " + set + " set", nil
	}
	for _, e := range encoders {
		if e.Name != name || e.Format != format {
			continue
		}
		for _, in := range inputs {
			if in.Name == input {
				return func(int) { e.Encode(in.Text) }, fmt.Sprintf("%s %s on %s", name, format, input), nil
			}
		}
	}
	return nil, "", fmt.Errorf("profile: no encoder %s/%s or input %s", name, format, input)
}
