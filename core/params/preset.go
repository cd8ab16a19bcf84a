package params

import (
	"net/url"
	"strings"

	"qrkeyless/core/problem"
)

// Preset is a named look: a set of rendering parameters a call takes whole
// with preset=NAME. A parameter the call gives itself, under any of its
// names, wins over the preset's, so a preset is a starting point and never
// a second spelling of a parameter the caller has to fight.
type Preset struct {
	Name  string
	Title string // a short human name, as the editor's row of pictures labels it
	Help  string // the place it is made for
	Query string // its parameters, as a query string
}

// Presets is the registry of looks, the order /api/v1/presets, the editor
// and the docs list them in. Each keeps to the eyes drawn at every version
// (square, rounded, corner and point rings and balls, render.EyeServed),
// so that no text is refused for its length under a preset, and each is a
// branded code that is verified before it is served. core/verify's
// TestPresetsScan reads every one, and the brand set (e2e brandset) has
// zxing-cpp and jsQR read them.
var Presets = []Preset{
	{"cafe", "Café", "A café's menu or loyalty card: espresso brown on cream, soft modules, a MENU banner.",
		"color=4e342e&bg=fff8e1&style=rounded&eye=rounded&frame=banner-bottom&frame_text=MENU"},
	{"shop", "Shop", "A shop window or a product tag: navy dots in a rounded frame.",
		"color=0d47a1&style=dot&eye=rounded&frame=rounded&frame_text=SHOP NOW"},
	{"event", "Event", "A ticket or a festival poster: a purple to indigo gradient, diamond modules, pointed eyes.",
		"color=linear:4a148c,1a237e,135deg&style=diamond&eye=point&frame=banner-top&frame_text=TICKETS"},
	{"card", "Business card", "A business card's back: charcoal squares, an accent in the eyes, no frame.",
		"color=263238&style=square&eye=corner&eye_color=b71c1c&eye_ball_color=263238"},
	{"menu", "Table menu", "A table tent in a restaurant: green organic modules on a standee.",
		"color=1b5e20&bg=f1f8e9&style=organic&eye=rounded&frame=standee&frame_text=SCAN FOR MENU"},
	{"wifi", "Guest Wi-Fi", "A guest network's card by the door: teal dots in a speech bubble.",
		"color=006064&style=dot&eye=rounded&frame=bubble&frame_text=FREE WI-FI"},
	{"mono", "Ink dots", "Print in one ink: black dots with round eyes, nothing else.",
		"style=dot&eye=rounded"},
	{"accent", "Red accent", "A plain code that stands out: black squares with red eyes.",
		"eye_color=c62828&eye_ball_color=c62828"},
	{"ocean", "Ocean", "A travel or water-sports flyer: a radial blue-green gradient, rounded.",
		"color=radial:01579b,004d40&style=rounded&eye=rounded"},
	{"sunset", "Sunset", "A bar or a concert: deep red to purple, horizontal bars, corner eyes.",
		"color=linear:b71c1c,4a148c,90deg&style=horizontal-bars&eye=corner"},
	{"boutique", "Boutique", "A boutique's bag or a beauty brand: plum hearts on blush, pointed eyes.",
		"color=880e4f&bg=fce4ec&style=heart&eye=point"},
	{"tech", "Tech", "A conference badge or a product box: vertical bars with teal eyes.",
		"color=212121&style=vertical-bars&eye=square&eye_color=00695c&eye_ball_color=00695c"},
	{"gift", "Gift card", "A gift card or a voucher: rust classy modules in a box with a caption.",
		"color=bf360c&style=classy&eye=corner&frame=box&frame_text=GIFT CARD"},
	{"poster", "Poster", "A poster to be read from afar: black squares in a box that says SCAN ME.",
		"frame=box&frame_text=SCAN ME"},
}

// PresetP names a preset whose parameters the call takes.
var PresetP = Param{Name: "preset", Type: "string", Enum: PresetNames, Help: "A named look, its parameters taken whole (GET /api/v1/presets lists each); a parameter given with the call wins over the preset's, and one given empty (frame_text=) clears it.", Example: "cafe"}

// PresetNames lists the presets' names, in the registry's order.
func PresetNames() []string {
	names := make([]string, len(Presets))
	for i, p := range Presets {
		names[i] = p.Name
	}
	return names
}

// LookupPreset returns the preset of that name.
func LookupPreset(name string) (Preset, bool) {
	for _, p := range Presets {
		if p.Name == name {
			return p, true
		}
	}
	return Preset{}, false
}

// Values returns the preset's parameters.
func (p Preset) Values() url.Values {
	q, err := url.ParseQuery(p.Query)
	if err != nil {
		panic("params: preset " + p.Name + ": " + err.Error()) // the registry is part of the program
	}
	return q
}

// Params returns the preset's parameters, one value each, as /api/v1/presets
// and MCP's qr://presets list them.
func (p Preset) Params() map[string]string {
	set := map[string]string{}
	for k, v := range p.Values() {
		set[k] = v[0]
	}
	return set
}

// WithPreset returns call with its preset's parameters added where the
// call gives none of that parameter's names, and preset itself removed:
// what reads the call after it reads one explicit call, and a fix written
// from it is the whole look, which a dropped parameter cannot bring back.
// An unknown preset is a problem naming the nearest.
func WithPreset(call problem.Call) (problem.Call, *problem.Problem) {
	v, name, p := Get(call, PresetP)
	if p != nil || name == "" {
		return call, p
	}
	preset, ok := LookupPreset(strings.ToLower(strings.TrimSpace(v)))
	if !ok && strings.TrimSpace(v) != "" { // empty is no preset, as every empty parameter is its default
		return call, choice(call, PresetP, name, v)
	}
	q := url.Values{}
	for k, vs := range call.Query {
		if k != name {
			q[k] = vs
		}
	}
	for k, vs := range preset.Values() {
		if !givenAny(q, sharedParam(k).Names()) {
			q[k] = vs
		}
	}
	call.Query = q
	return call, nil
}

// sharedParam is the shared parameter named name.
func sharedParam(name string) Param {
	for _, p := range Shared {
		if p.Name == name {
			return p
		}
	}
	panic("params: a preset sets " + name + ", which is no shared parameter") // the registry is part of the program
}

// givenAny reports whether q has any of names, even empty.
func givenAny(q url.Values, names []string) bool {
	for _, n := range names {
		if _, ok := q[n]; ok {
			return true
		}
	}
	return false
}
