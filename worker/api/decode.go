package api

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"qrkeyless/core/compat"
	"qrkeyless/core/params"
	"qrkeyless/core/problem"
	"qrkeyless/core/scan"
	"qrkeyless/worker/reply"
)

// decode answers POST /api/v1/decode: an image as the raw body (image/*),
// as multipart form field "file", or as JSON {"image": "data:...;base64,..."}
// (or bare base64, as the qr_decode tool takes it).
func (s *server) decode(w http.ResponseWriter, r *http.Request) {
	img, _, p := imageFromRequest(r, "/api/v1/decode", s.Images)
	if p != nil {
		writeProblem(w, r, p)
		return
	}
	codes, err := scan.DecodeBytes(r.Context(), img, s.Images)
	if err != nil {
		writeProblem(w, r, scan.Problem(err, "", sendImage("/api/v1/decode")))
		return
	}
	writeJSON(w, scan.NewAnswer(codes))
}

const imageTooBig = "Send an image of at most 16 MiB."

// sendImage is the fix that says how to send an image to path.
func sendImage(path string) string {
	return "POST " + path + " with the image as the body and Content-Type image/png (or image/jpeg, image/gif, image/webp)"
}

// imageBody is the JSON body of a request that sends an image: the image,
// and for POST /api/v1/inspect whether to draw the overlay.
type imageBody struct {
	Image   string `json:"image"`
	Overlay *bool  `json:"overlay"`
}

// imageFromRequest reads the image bytes of a request to path (decode,
// inspect or goQR's read-qr-code), and the JSON body's other members when
// it was JSON, refusing a body over lim before reading it when
// Content-Length says so. A multipart field fileurl, goQR's address of an
// image, is refused: nothing is fetched.
func imageFromRequest(r *http.Request, path string, lim scan.Limits) ([]byte, imageBody, *problem.Problem) {
	var body imageBody
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	maxImage := int64(cmp.Or(lim.MaxBytes, scan.DefaultMaxBytes))
	limit := maxImage
	switch mt {
	case "application/json":
		limit = limit*4/3 + 1024 // base64 is 4/3 of the image
	case "multipart/form-data":
		limit += 64 << 10 // part headers and boundaries
	}
	if r.ContentLength > limit {
		return nil, body, problem.TooLarge.New("", fmt.Sprintf("the body is %d bytes; the limit is %d", r.ContentLength, limit), imageTooBig)
	}
	switch {
	case strings.HasPrefix(mt, "image/"):
		img, p := readLimited(r.Body, limit, r.ContentLength, imageTooBig)
		return img, body, p
	case mt == "multipart/form-data":
		mr, err := r.MultipartReader()
		if err != nil {
			return nil, body, problem.BadBody.New("file", err.Error(), sendImage(path))
		}
		for {
			part, err := mr.NextPart()
			if err != nil {
				return nil, body, problem.BadBody.New("file", "no form field named file", "Send the image as multipart form field file, e.g. curl -F file=@code.png "+reply.Origin(r)+path)
			}
			switch part.FormName() {
			case "file":
				img, p := readLimited(part, maxImage, -1, imageTooBig)
				return img, body, p
			case compat.GoQRFileURL:
				return nil, body, fetchRefused(r)
			}
		}
	case mt == "application/json":
		raw, p := readLimited(r.Body, limit, r.ContentLength, imageTooBig)
		if p != nil {
			return nil, body, p
		}
		if p := readImageBody(raw, path, &body); p != nil {
			return nil, body, p
		}
		img, err := scan.DecodeDataURI(body.Image)
		if err != nil {
			return nil, body, problem.BadBody.New("image", err.Error(), `Send {"image":"data:image/png;base64,iVBOR..."}`)
		}
		return img, body, nil
	}
	p := problem.Unsupported.New("", fmt.Sprintf("Content-Type %q is not accepted; send %s, multipart/form-data or application/json", r.Header.Get("Content-Type"), strings.Join(scan.Types, ", ")), sendImage(path))
	p.Allowed = append(append([]string(nil), scan.Types...), "multipart/form-data", "application/json")
	return nil, body, p
}

// readImageBody reads the JSON body of a request to path into body. Only
// inspect takes overlay; a member the body does not take is refused with
// the members it does, as every object of a request body is.
func readImageBody(raw []byte, path string, body *imageBody) *problem.Problem {
	const fix = `Send {"image":"data:image/png;base64,iVBOR..."}`
	members := imageMembers
	if path != "/api/v1/inspect" {
		members = []string{"image"}
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	err := dec.Decode(body)
	if _, end := dec.Token(); err == nil && end != io.EOF {
		err = errors.New("more after the object") // as json.Unmarshal refuses it
	}
	if err != nil || body.Overlay != nil && !slices.Contains(members, "overlay") {
		var m map[string]json.RawMessage
		if json.Unmarshal(raw, &m) == nil {
			if k := params.Unknown(m, members); k != "" {
				return params.UnknownMember("", k, members, fix)
			}
		}
	}
	if err != nil || body.Image == "" {
		return problem.BadBody.New("image", `the JSON body needs "image": "data:image/png;base64,..."`, fix)
	}
	return nil
}

// imageMembers are the members of an image's JSON body.
var imageMembers = params.Members(imageBody{})

// readLimited reads at most limit bytes; size, when known, sizes the buffer
// once instead of letting it double (in the Worker every copy counts).
// Over the limit, the problem's fix is tooBig.
func readLimited(body io.Reader, limit, size int64, tooBig string) ([]byte, *problem.Problem) {
	var buf bytes.Buffer
	if size > 0 && size <= limit {
		buf.Grow(int(size) + 1)
	}
	if _, err := buf.ReadFrom(io.LimitReader(body, limit+1)); err != nil {
		return nil, problem.BadBody.New("", "could not read the body: "+err.Error(), "Send the whole body again.")
	}
	if int64(buf.Len()) > limit {
		return nil, problem.TooLarge.New("", fmt.Sprintf("the body is over the limit of %d bytes", limit), tooBig)
	}
	return buf.Bytes(), nil
}

func writeJSON(w http.ResponseWriter, v any) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(v) // our own types: cannot fail
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	// A decoded wifi code's password, a batch item's: never in a Referer.
	w.Header().Set("Referrer-Policy", "no-referrer")
	w.Header().Set("x-qr-cache", "bypass")
	w.Header().Set("Content-Length", strconv.Itoa(b.Len()))
	w.Write(b.Bytes())
}
