// Command hostile writes the attack files of internal/hostile that
// `make load` (bench/load.mjs) sends to the Worker, into -out:
// finder grids (422), images whose pixels are over the Worker's limits
// and a batch of 1,000 items at the most expensive style (413).
//
//	go run ./bench/hostile -out build/load/hostile
package main

import (
	"flag"
	"log"
	"os"
	"path/filepath"

	"qrkeyless/internal/hostile"
)

func main() {
	out := flag.String("out", "build/load/hostile", "directory to write the files into")
	flag.Parse()
	if err := os.MkdirAll(*out, 0o755); err != nil {
		log.Fatal(err)
	}
	files := map[string][]byte{
		"finder-grid-24.png":       hostile.FinderGrid(24),
		"finder-grid-60.png":       hostile.FinderGrid(60),
		"webp-6000x6600.webp":      hostile.WebP(6000, 6600),
		"png16-grey-6000x6600.png": hostile.PNG16(6000, 6600, false),
		"png16-rgba-6000x6600.png": hostile.PNG16(6000, 6600, true),
		"png8-6000x6000.png":       hostile.PNG8(6000, 6000),
		"batch-1000-base64.json":   hostile.Batch(1000, "base64"),
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(*out, name), b, 0o644); err != nil {
			log.Fatal(err)
		}
	}
}
