package scan

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/gif"
	"image/jpeg"
	"image/png"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"qrkeyless/internal/hostile"
)

// Headers that declare a huge canvas in a few bytes, built from each
// format's specification.

func pngHeader(w, h uint32) []byte {
	ihdr := binary.BigEndian.AppendUint32(nil, w)
	ihdr = binary.BigEndian.AppendUint32(ihdr, h)
	ihdr = append(ihdr, 8, 6, 0, 0, 0) // 8-bit RGBA, deflate, no filter method, no interlace
	b := []byte("\x89PNG\r\n\x1a\n")
	b = binary.BigEndian.AppendUint32(b, uint32(len(ihdr)))
	chunk := append([]byte("IHDR"), ihdr...)
	b = append(b, chunk...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(chunk))
}

func gifHeader(w, h uint16) []byte {
	b := []byte("GIF89a")
	b = binary.LittleEndian.AppendUint16(b, w)
	b = binary.LittleEndian.AppendUint16(b, h)
	return append(b, 0, 0, 0) // no global colour table, background 0, no aspect ratio
}

func jpegHeader(w, h uint16) []byte {
	b := []byte{0xff, 0xd8, 0xff, 0xc0, 0, 11, 8} // SOI, SOF0 of 11 bytes, 8-bit samples
	b = binary.BigEndian.AppendUint16(b, h)
	b = binary.BigEndian.AppendUint16(b, w)
	b = append(b, 1, 1, 0x11, 0) // one component: id 1, 1x1 sampling, table 0
	// Without a JFIF APP0 segment, DecodeConfig reads on to the start of
	// scan, where it stops.
	return append(b, 0xff, 0xda, 0, 8)
}

func webpHeader(w, h uint32) []byte {
	vp8x := []byte{0, 0, 0, 0} // no flags, reserved
	vp8x = append(vp8x, byte(w-1), byte((w-1)>>8), byte((w-1)>>16))
	vp8x = append(vp8x, byte(h-1), byte((h-1)>>8), byte((h-1)>>16))
	b := []byte("RIFF")
	b = binary.LittleEndian.AppendUint32(b, uint32(4+8+len(vp8x)))
	b = append(b, "WEBPVP8X"...)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(vp8x)))
	return append(b, vp8x...)
}

func TestHugeDeclaredCanvasIsRefusedBeforeDecoding(t *testing.T) {
	tests := []struct {
		name string
		data []byte
	}{
		{"png", pngHeader(60000, 60000)},
		{"gif", gifHeader(60000, 60000)},
		{"jpeg", jpegHeader(60000, 60000)},
		// VP8 frames stop at 16383 pixels a side; the webp package rejects
		// larger canvases as invalid on its own.
		{"webp", webpHeader(16383, 16383)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := DecodeBytes(context.Background(), tt.data, Limits{})
			var se *SizeError
			if !errors.Is(err, ErrTooLarge) || !errors.As(err, &se) {
				t.Fatalf("got %v, want a SizeError", err)
			}
			w, h := 60000, 60000
			if tt.name == "webp" {
				w, h = 16383, 16383
			}
			if se.Width != w || se.Height != h || se.MaxPixels != DefaultMaxPixels {
				t.Errorf("got %+v, want %dx%d against %d", *se, w, h, DefaultMaxPixels)
			}

			const runs = 100
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			start := time.Now()
			for range runs {
				DecodeBytes(context.Background(), tt.data, Limits{})
			}
			per := time.Since(start) / runs
			runtime.ReadMemStats(&after)
			bytesPer := (after.TotalAlloc - before.TotalAlloc) / runs
			allocs := testing.AllocsPerRun(runs, func() { DecodeBytes(context.Background(), tt.data, Limits{}) })
			t.Logf("%d-byte %s declaring %dx%d: refused in %v, %d bytes in %.0f allocations",
				len(tt.data), tt.name, w, h, per, bytesPer, allocs)
			// Decoding 3.6 gigapixels would take gigabytes; the header
			// alone takes kilobytes. (Time is a figure here, not a check.)
			if bytesPer > 256<<10 {
				t.Errorf("refusal allocated %d bytes per call", bytesPer)
			}
		})
	}
}

func encodePNG(t testing.TB, img image.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// webpText is what testdata/code.webp encodes. golang.org/x/image has no
// WebP encoder, so the file was made once with libwebp's cwebp 1.2.4
// (Debian package webp): the PNG that encode(t, webpText, "M", nil) gives,
// written by encodePNG, then `cwebp -lossless -exact code.png -o code.webp`.
const webpText = "https://example.com/webp"

// encoded returns an image of a code holding text in every accepted
// format: PNG, JPEG and GIF made here, WebP read from testdata.
func encoded(t testing.TB, text string) map[string][]byte {
	t.Helper()
	img := encode(t, text, "M", nil)
	var jpg, gf bytes.Buffer
	if err := jpeg.Encode(&jpg, img, &jpeg.Options{Quality: 75}); err != nil {
		t.Fatal(err)
	}
	if err := gif.Encode(&gf, img, nil); err != nil {
		t.Fatal(err)
	}
	wp, err := os.ReadFile("testdata/code.webp")
	if err != nil {
		t.Fatal(err)
	}
	return map[string][]byte{"png": encodePNG(t, img), "jpeg": jpg.Bytes(), "gif": gf.Bytes(), "webp": wp}
}

func TestDecodeBytesFormats(t *testing.T) {
	for name, data := range encoded(t, webpText) {
		t.Run(name, func(t *testing.T) {
			codes, err := DecodeBytes(context.Background(), data, Limits{})
			if err != nil || len(codes) != 1 || codes[0].Text != webpText {
				t.Fatalf("got %q, %v; want %q", texts(codes), err, webpText)
			}
		})
	}
}

func TestDecodeBytesErrors(t *testing.T) {
	images := encoded(t, webpText)
	code := images["png"]
	blank := encodePNG(t, image.NewGray(image.Rect(0, 0, 400, 400)))
	badCRC := pngHeader(100, 100)
	badCRC[len(badCRC)-1] ^= 0xff

	tests := []struct {
		name string
		data []byte
		lim  Limits
		want error
	}{
		{"empty body", nil, Limits{}, ErrUnsupportedType},
		{"text", []byte("hello, this is not an image"), Limits{}, ErrUnsupportedType},
		{"svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`), Limits{}, ErrUnsupportedType},
		{"bmp", append([]byte("BM"), make([]byte, 60)...), Limits{}, ErrUnsupportedType},
		{"png signature only", code[:8], Limits{}, ErrCorrupt},
		{"png header with a bad checksum", badCRC, Limits{}, ErrCorrupt},
		{"truncated png", code[:len(code)/2], Limits{}, ErrCorrupt},
		{"truncated jpeg", images["jpeg"][:len(images["jpeg"])/2], Limits{}, ErrCorrupt},
		{"truncated gif", images["gif"][:len(images["gif"])/2], Limits{}, ErrCorrupt},
		{"truncated webp", images["webp"][:len(images["webp"])/2], Limits{}, ErrCorrupt},
		{"zero-width gif", gifHeader(0, 10), Limits{}, ErrCorrupt},
		{"blank image", blank, Limits{}, ErrNotFound},
		{"over the byte limit", code, Limits{MaxBytes: len(code) - 1}, ErrTooLarge},
		{"over the pixel limit", code, Limits{MaxPixels: 100 * 100}, ErrTooLarge},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			codes, err := DecodeBytes(context.Background(), tt.data, tt.lim)
			if !errors.Is(err, tt.want) {
				t.Fatalf("got %v, %v; want %v", texts(codes), err, tt.want)
			}
		})
	}
}

func TestErrorsSayWhatToSend(t *testing.T) {
	_, err := DecodeBytes(context.Background(), []byte("GIF"), Limits{})
	for _, typ := range Types {
		if !strings.Contains(err.Error(), typ) {
			t.Errorf("%q does not list %s", err, typ)
		}
	}
	_, err = DecodeBytes(context.Background(), make([]byte, 2000), Limits{MaxBytes: 1000})
	var se *SizeError
	if !errors.As(err, &se) || se.Bytes != 2000 || se.MaxBytes != 1000 {
		t.Errorf("got %v, want a SizeError of 2000 bytes against 1000", err)
	}
	_, err = DecodeBytes(context.Background(), pngHeader(8000, 6000), Limits{})
	if want := "8000x6000 pixels (48.0 megapixels), the limit is 40 megapixels"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("got %v, want it to say %q", err, want)
	}
}

func TestDecodeDataURI(t *testing.T) {
	img := []byte("\x89PNG\r\n\x1a\n\xfb\xff\xfe") // bytes whose base64 differs between alphabets
	std := base64.StdEncoding.EncodeToString(img)
	url := base64.URLEncoding.EncodeToString(img)
	tests := []struct {
		name, in string
		ok       bool
	}{
		{"data URI", "data:image/png;base64," + std, true},
		{"data URI with parameters", "DATA:image/png;name=a.png;BASE64," + std, true},
		{"bare base64", std, true},
		{"unpadded", strings.TrimRight(std, "="), true},
		{"URL-safe", url, true},
		{"URL-safe unpadded in a data URI", "data:image/png;base64," + strings.TrimRight(url, "="), true},
		{"wrapped", std[:8] + "\r\n" + std[8:12] + "\n " + std[12:], true},
		{"not base64 data URI", "data:image/png," + std, false},
		{"data URI without a comma", "data:image/png;base64", false},
		{"not base64", "this is not an image!", false},
		{"empty", "", false},
		{"empty data URI", "data:image/png;base64,", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := DecodeDataURI(tt.in)
			switch {
			case tt.ok && (err != nil || !bytes.Equal(got, img)):
				t.Errorf("got %q, %v; want the image", got, err)
			case !tt.ok && !errors.Is(err, ErrNotBase64):
				t.Errorf("got %q, %v; want ErrNotBase64", got, err)
			}
		})
	}
}

func FuzzDecodeBytes(f *testing.F) {
	code := encodePNG(f, encode(f, "fuzz", "L", nil))
	for _, seed := range [][]byte{
		code, code[:len(code)/2], pngHeader(60000, 60000), gifHeader(3, 3),
		jpegHeader(8, 8), webpHeader(16, 16), []byte("not an image"),
		// The hostile set, at sizes the fuzzer's small limits admit.
		hostile.FinderGrid(4), hostile.WebP(100, 100), hostile.WebP(6000, 6600),
		hostile.PNG16(100, 100, false), hostile.PNG16(60, 60, true), hostile.PNG8(120, 120),
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		// Small limits keep each input cheap; the point is that nothing
		// panics and every failure is one of the typed errors.
		codes, err := DecodeBytes(context.Background(), data, Limits{MaxPixels: 1 << 14})
		if err == nil && len(codes) == 0 {
			t.Fatal("no error and no code")
		}
		if err != nil && !errors.Is(err, ErrNotFound) && !errors.Is(err, ErrUnsupportedType) &&
			!errors.Is(err, ErrTooLarge) && !errors.Is(err, ErrCorrupt) {
			t.Fatalf("untyped error %v", err)
		}
	})
}
