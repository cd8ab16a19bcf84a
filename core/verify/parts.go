package verify

import (
	"archive/zip"
	"bytes"
	"fmt"
	"time"

	"qrkeyless/core/qr"
	"qrkeyless/core/render"
)

// partsZip writes a structured-append sequence as a ZIP archive of one
// PNG a part, part-01-of-05.png and so on, in reading order, each dated
// as core/batch dates its entries so that the same call gives the same
// bytes. PNGs are compressed already: they are stored.
func partsZip(codes []*qr.Code, o render.Options) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	png := render.Formats[0].Writer
	for i, c := range codes {
		name := fmt.Sprintf("part-%02d-of-%02d.png", i+1, len(codes))
		w, _ := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Store, Modified: zipDate})
		w.Write(png.Write(c, o))
	}
	zw.Close()
	return buf.Bytes()
}

// zipDate is the date of every entry: the earliest a ZIP holds.
var zipDate = time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC)

// ContentType is the media type of the answer to a call whose options
// are o: a ZIP for format=zip, else the format's.
func ContentType(f render.Format, zipped bool) string {
	if zipped {
		return "application/zip"
	}
	return f.ContentType
}
