package logo

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/xml"
	"fmt"
	"image"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/srwiley/oksvg"
	"github.com/srwiley/rasterx"
)

// An SVG logo keeps only what draws shapes: the elements and attributes
// below. Everything else goes: scripts, event attributes (on...), links
// to anything outside the document (href, url() and CSS that point
// elsewhere), embedded images and HTML, style sheets, animation. What is
// kept is written back out by us, so nothing the caller sent passes
// through unparsed.
var (
	keepElements = set("svg g defs symbol use path rect circle ellipse line polyline polygon " +
		"linearGradient radialGradient stop clipPath mask title desc text tspan")
	keepAttrs = set("id x y x1 y1 x2 y2 cx cy r rx ry fx fy width height d points transform viewBox " +
		"preserveAspectRatio fill fill-opacity fill-rule stroke stroke-width stroke-opacity stroke-linecap " +
		"stroke-linejoin stroke-miterlimit stroke-dasharray stroke-dashoffset opacity clip-path clip-rule " +
		"mask offset stop-color stop-opacity gradientUnits gradientTransform spreadMethod clipPathUnits " +
		"maskUnits maskContentUnits href font-family font-size font-weight font-style text-anchor " +
		"dominant-baseline display visibility color")
	textElements = set("title desc text tspan")
)

// Limits of an SVG logo, besides its bytes.
const (
	maxElements = 4000
	maxDepth    = 64
)

func set(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// svgDoc is a sanitised SVG logo: its element tree, written back out for
// SVG output and handed to oksvg for PNG output.
type svgDoc struct {
	root    *node
	viewBox [4]float64
}

type node struct {
	name  string
	attrs [][2]string
	text  string
	kids  []*node
}

// parseSVG reads and sanitises an SVG logo.
func parseSVG(data []byte) (*Logo, error) {
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = true
	d.Entity = map[string]string{} // the five XML entities only: no entity expansion
	var stack []*node
	var root *node
	skip := 0 // depth inside an element that is dropped with its children
	elements := 0
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fail("the SVG is not well-formed XML: %v", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if skip > 0 || !keepElements[t.Name.Local] || (t.Name.Space != "" && t.Name.Space != "http://www.w3.org/2000/svg") {
				skip++
				continue
			}
			if elements++; elements > maxElements {
				return nil, fail("the SVG has over %d elements; simplify it", maxElements)
			}
			if len(stack) >= maxDepth {
				return nil, fail("the SVG nests over %d levels deep", maxDepth)
			}
			n := &node{name: t.Name.Local, attrs: cleanAttrs(t.Attr)}
			if len(stack) == 0 {
				if root != nil || n.name != "svg" {
					return nil, fail("the document's root is not one svg element")
				}
				root = n
			} else {
				parent := stack[len(stack)-1]
				parent.kids = append(parent.kids, n)
			}
			stack = append(stack, n)
		case xml.EndElement:
			if skip > 0 {
				skip--
				continue
			}
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		case xml.CharData:
			if skip == 0 && len(stack) > 0 && textElements[stack[len(stack)-1].name] {
				stack[len(stack)-1].text += string(t)
			}
		}
		// Comments, processing instructions and DOCTYPE directives are dropped.
	}
	if root == nil {
		return nil, fail("the data has no svg element")
	}
	doc := &svgDoc{root: root}
	if !doc.size() {
		return nil, fail("the SVG has neither a viewBox nor a width and height to size it by")
	}
	var b bytes.Buffer
	doc.write(&b, "0", "0", num(doc.viewBox[2]), num(doc.viewBox[3]))
	sum := sha256.Sum256(b.Bytes())
	return &Logo{Type: "svg", W: doc.viewBox[2], H: doc.viewBox[3], svg: doc, Hash: hex.EncodeToString(sum[:8])}, nil
}

// cleanAttrs keeps the drawing attributes whose values point nowhere
// outside the document, turns a style attribute's declarations into
// attributes, and prefixes ids (and references to them) so that the
// logo's ids cannot meet the including document's.
func cleanAttrs(in []xml.Attr) [][2]string {
	var out [][2]string
	add := func(name, value string) {
		value = strings.TrimSpace(value)
		if !keepAttrs[name] || !safe(value) {
			return
		}
		switch name {
		case "href":
			if !strings.HasPrefix(value, "#") {
				return // a link outside the document
			}
			value = "#" + idPrefix + value[1:]
		case "id":
			value = idPrefix + value
		}
		value = strings.ReplaceAll(value, "url(#", "url(#"+idPrefix)
		for i := range out {
			if out[i][0] == name {
				out[i][1] = value
				return
			}
		}
		out = append(out, [2]string{name, value})
	}
	for _, a := range in {
		name := a.Name.Local
		if a.Name.Space != "" && a.Name.Space != "http://www.w3.org/1999/xlink" {
			continue // another vocabulary's attribute
		}
		if name == "style" {
			for _, decl := range strings.Split(a.Value, ";") {
				if k, v, ok := strings.Cut(decl, ":"); ok {
					add(strings.TrimSpace(k), v)
				}
			}
			continue
		}
		add(name, a.Value)
	}
	return out
}

// safe reports whether an attribute value points nowhere outside the
// document: a url() only to an element of its own, no script and no data.
func safe(v string) bool {
	low := strings.ToLower(v)
	for _, bad := range []string{"javascript:", "data:", "expression(", "@import", "\\"} {
		if strings.Contains(low, bad) {
			return false
		}
	}
	for rest := low; ; {
		i := strings.Index(rest, "url(")
		if i < 0 {
			return true
		}
		rest = strings.TrimLeft(rest[i+4:], " '\"")
		if !strings.HasPrefix(rest, "#") {
			return false
		}
	}
}

// oksvg's defaults differ from SVG 1.1 (stroke width 2, bevel joins): set
// them to the specification's (width 1, miter joins), as browsers draw an
// SVG logo, so the PNG shows what the SVG does.
func init() {
	oksvg.DefaultStyle.LineWidth = 1
	oksvg.DefaultStyle.LineJoin = rasterx.Miter
	oksvg.DefaultStyle.MiterLimit = 4
}

// idPrefix marks the logo's ids.
const idPrefix = "logo-"

// size reads the logo's viewBox, or makes one of its width and height.
func (d *svgDoc) size() bool {
	get := func(name string) string {
		for _, a := range d.root.attrs {
			if a[0] == name {
				return a[1]
			}
		}
		return ""
	}
	if vb := strings.Fields(strings.ReplaceAll(get("viewBox"), ",", " ")); len(vb) == 4 {
		ok := true
		for i, f := range vb {
			v, err := strconv.ParseFloat(f, 64)
			ok = ok && err == nil && !math.IsInf(v, 0) && !math.IsNaN(v)
			d.viewBox[i] = v
		}
		if ok && d.viewBox[2] > 0 && d.viewBox[3] > 0 {
			return true
		}
	}
	length := func(s string) float64 {
		v, err := strconv.ParseFloat(strings.TrimRight(strings.TrimSpace(s), "px"), 64)
		if err != nil || v <= 0 || math.IsInf(v, 0) {
			return 0
		}
		return v
	}
	w, h := length(get("width")), length(get("height"))
	if w == 0 || h == 0 {
		return false
	}
	d.viewBox = [4]float64{0, 0, w, h}
	return true
}

// write writes the logo as a nested svg element at x, y, w by h.
func (d *svgDoc) write(b *bytes.Buffer, x, y, w, h string) {
	vb := fmt.Sprintf("%s %s %s %s", num(d.viewBox[0]), num(d.viewBox[1]), num(d.viewBox[2]), num(d.viewBox[3]))
	b.WriteString(`<svg x="` + x + `" y="` + y + `" width="` + w + `" height="` + h + `" viewBox="` + vb + `" preserveAspectRatio="xMidYMid meet"`)
	for _, a := range d.root.attrs {
		switch a[0] {
		case "x", "y", "width", "height", "viewBox", "preserveAspectRatio":
			continue
		}
		writeAttr(b, a)
	}
	b.WriteString(">")
	for _, k := range d.root.kids {
		k.write(b)
	}
	b.WriteString("</svg>")
}

func (n *node) write(b *bytes.Buffer) {
	b.WriteString("<" + n.name)
	for _, a := range n.attrs {
		writeAttr(b, a)
	}
	if len(n.kids) == 0 && n.text == "" {
		b.WriteString("/>")
		return
	}
	b.WriteString(">")
	xml.EscapeText(b, []byte(n.text))
	for _, k := range n.kids {
		k.write(b)
	}
	b.WriteString("</" + n.name + ">")
}

func writeAttr(b *bytes.Buffer, a [2]string) {
	b.WriteString(" " + a[0] + `="`)
	xml.EscapeText(b, []byte(a[1]))
	b.WriteString(`"`)
}

// draw rasterizes the logo into r of dst with oksvg.
func (d *svgDoc) draw(dst *image.RGBA, r image.Rectangle) {
	var b bytes.Buffer
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"`)
	vb := d.viewBox
	fmt.Fprintf(&b, ` viewBox="%s %s %s %s">`, num(vb[0]), num(vb[1]), num(vb[2]), num(vb[3]))
	for _, k := range d.root.kids {
		k.write(&b)
	}
	b.WriteString("</svg>")
	icon, err := oksvg.ReadIconStream(&b, oksvg.IgnoreErrorMode)
	if err != nil {
		return
	}
	icon.SetTarget(float64(r.Min.X), float64(r.Min.Y), float64(r.Dx()), float64(r.Dy()))
	w, h := dst.Bounds().Dx(), dst.Bounds().Dy()
	icon.Draw(rasterx.NewDasher(w, h, rasterx.NewScannerGV(w, h, dst, dst.Bounds())), 1)
}

func num(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
