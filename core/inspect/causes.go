package inspect

import (
	"fmt"
	"net/url"
	"strings"

	"qrkeyless/core/payload"
	"qrkeyless/core/problem"
)

// wantQuiet is the quiet zone, in modules, ISO/IEC 18004 asks for.
const wantQuiet = 4

// minModulePx is the module size, in a picture's pixels, under which
// phone scanners start to miss codes (Verify's camera model reads at 2.5).
const minModulePx = 3

// redraw is the call that draws the code with text again here, with the
// parameters given changed: a secret in the text (a wifi password) is
// left as a placeholder, as in every fix this service writes.
func redraw(text string, pairs ...string) string {
	q := url.Values{"data": {text}}
	for i := 0; i+1 < len(pairs); i += 2 {
		q.Set(pairs[i], pairs[i+1])
	}
	c := problem.Call{Path: "/api/v1/qr", Query: q, Redact: func(name, v string) string {
		h, _ := payload.HideSecrets(v, "<secret>")
		return h
	}}
	return "GET " + c.With("", "")
}

// codeCauses says what lowers each grade or measure of c below the best,
// and what to do.
func codeCauses(c Code, p *parsed, angled bool) []Cause {
	ps := c.Parameters
	out := []Cause{}
	add := func(param, cause, fix string) { out = append(out, Cause{param, cause, fix}) }
	sides := []struct {
		name string
		n    int
	}{{"top", c.QuietZone.Top}, {"right", c.QuietZone.Right}, {"bottom", c.QuietZone.Bottom}, {"left", c.QuietZone.Left}}
	var short []string
	for _, s := range sides {
		if s.n < wantQuiet {
			short = append(short, fmt.Sprintf("%d on the %s", s.n, s.name))
		}
	}
	if len(short) > 0 {
		add("quiet_zone", fmt.Sprintf("The quiet zone is %s, in modules: readers need %d light modules round the code (or the picture ends there).", strings.Join(short, ", "), wantQuiet),
			fmt.Sprintf("Leave %d modules of light margin on every side, clear of text and edges; redrawn here: %s", wantQuiet, redraw(c.Text, "margin", "4")))
	}
	if c.Inverted {
		add("", "The code is light on dark: many readers look only for dark modules on a light ground.",
			"Print it dark on light; redrawn here: "+redraw(c.Text, "color", "000000", "bg", "ffffff"))
	}
	if c.Mirrored {
		add("", "The code is mirrored: printed or seen through the back of the material.",
			"Print it the right way round (no mirror in the print settings), or photograph the front.")
	}
	if c.ModulePx < minModulePx {
		add("module_px", fmt.Sprintf("Modules are %.1f px in the picture: below about %d px many phones miss codes.", c.ModulePx, minModulePx),
			"Photograph it closer, or print it larger: the size advice of this API (/api/v1/size, with the code's text and the distance it is read from) gives the least size.")
	}
	if g := ps.SymbolContrast.Grade; g < 4 {
		add("symbol_contrast", fmt.Sprintf("Symbol contrast is %.0f%% (grade %s): the light modules reflect %.0f%% and the dark %.0f%%.", 100*ps.SymbolContrast.Value, Letter(g), 100*c.Reflectance.Light, 100*c.Reflectance.Dark),
			"Use dark ink on a light, matte ground and light it evenly, without glare; redrawn here in black on white: "+redraw(c.Text, "color", "000000", "bg", "ffffff"))
	}
	if ps.MinimumReflectance.Grade < 4 {
		add("minimum_reflectance", fmt.Sprintf("The darkest module reflects %.0f%%, more than half of the lightest: the dark is too light.", 100*ps.MinimumReflectance.Value),
			"Print the dark modules darker (black ink, more ink), or light the code without glare; redrawn here: "+redraw(c.Text, "color", "000000"))
	}
	if g := ps.Modulation.Grade; g < 4 {
		add("modulation", fmt.Sprintf("Modulation grades %s: some modules lie close to the threshold between dark and light (uneven ink, glare, blur or sensor noise).", Letter(g)),
			"Light the code evenly, hold the camera steady and in focus, and print sharper; a higher error correction level forgives more: "+redraw(c.Text, "ec", "H"))
	}
	if g := ps.FixedPatternDamage.Grade; g < 4 {
		add("fixed_pattern_damage", fmt.Sprintf("%.0f modules of the finder patterns, their separators or the timing patterns read wrong (grade %s).", ps.FixedPatternDamage.Value, Letter(g)),
			"Keep the three corner squares and the rows of alternating modules between them clear: no logo, sticker, fold or scratch over them; redrawn here with square eyes: "+redraw(c.Text, "eye", "square", "margin", "4"))
	}
	if g := ps.AxialNonuniformity.Grade; g < 4 {
		cause := fmt.Sprintf("Modules are %.0f%% longer along one axis than the other (grade %s): the print is stretched", 100*ps.AxialNonuniformity.Value, Letter(g))
		fix := "Print at the same scale across and down (keep the aspect ratio when placing the image)"
		if angled {
			cause += ", or the picture was taken at an angle"
			fix += ", and photograph it square-on to judge it"
		}
		add("axial_nonuniformity", cause+".", fix+".")
	}
	if g := ps.GridNonuniformity.Grade; g < 4 {
		add("grid_nonuniformity", fmt.Sprintf("The grid strays up to %.2f modules from a regular one (grade %s): the surface is bent or creased, or the print distorted.", ps.GridNonuniformity.Value, Letter(g)),
			"Print on a flat surface, or photograph it flattened; on a curved surface print it smaller against the curve.")
	}
	if g := ps.UnusedErrorCorrection.Grade; g < 4 {
		worst, at := 0, 0
		for i, b := range c.Blocks {
			if b.Corrected*max(1, c.Blocks[worst].Capacity) > c.Blocks[worst].Corrected*max(1, b.Capacity) {
				worst, at = i, i
			}
		}
		b := c.Blocks[at]
		add("unused_error_correction", fmt.Sprintf("Error correction repaired %d of the %d codewords block %d can (grade %s): damage, dirt, a logo or glare over the data.", b.Corrected, b.Capacity, at+1, Letter(g)),
			"Clean or reprint the damaged area, keep logos small; a higher error correction level repairs more: "+redraw(c.Text, "ec", "H"))
	}
	if g := ps.FormatInformation.Grade; g < 4 {
		add("format_information", fmt.Sprintf("%.0f bits of the format or version information read wrong (grade %s): it lies beside the finder patterns.", ps.FormatInformation.Value, Letter(g)),
			"Keep the modules beside the three corner squares clear of damage and glare.")
	}
	return out
}

// stopCauses says why reading stopped where it did.
func stopCauses(st *stopped, finders int, err error) []Cause {
	var out []Cause
	add := func(cause, fix string) { out = append(out, Cause{Cause: cause, Fix: fix}) }
	if s, ok := errStopped(err); ok {
		add(fmt.Sprintf("The search ended at its %s bound (%s) before every preparation of the picture was tried.", s.Bound, s.Limit),
			"Send a smaller picture cropped to the code: fewer pixels leave room for every preparation.")
	}
	switch st.stage {
	case "finder":
		found := fmt.Sprintf("%d finder patterns (the corner squares) were found, no three of which could be one code's corners", finders)
		if finders < 3 {
			found = fmt.Sprintf("only %d of a code's three finder patterns (the corner squares) were found", finders)
		}
		add("Reading stopped at the finder patterns: "+found+".",
			"Get the whole code in the picture with its quiet zone, at least 3 px a module, in focus; keep the three corner squares clear of logos, stickers and glare.")
		add("The contrast may be too low, or the code light on dark.",
			"Print dark on light with strong contrast; redrawn here: "+redraw("<your text>", "color", "000000", "bg", "ffffff", "margin", "4"))
	case "grid":
		add("Reading stopped at the grid: finder patterns were found, but no grid of modules through them read.",
			"Photograph the code square-on and flat: a crease, a curve or a steep angle bends the grid; print it larger if its modules are under 3 px in the picture.")
	case "format":
		add(fmt.Sprintf("Reading stopped at the format information: a grid was fitted, but the format (or version) information beside the finder patterns read %d bits from any valid word.", st.format),
			"Keep the modules beside the corner squares clear of damage and glare, and photograph the code in even light.")
	case "codewords":
		var bad []string
		for i, b := range st.parsed.blocks {
			if b.errors < 0 {
				bad = append(bad, fmt.Sprint(i+1))
			}
		}
		if len(bad) == 0 {
			add(fmt.Sprintf("Reading stopped at the codewords: version %d-%s read and every block repaired, but what they hold does not parse as QR data.", st.parsed.version, st.parsed.level),
				"Redraw the code from its text: "+redraw("<your text>", "margin", "4"))
			break
		}
		add(fmt.Sprintf("Reading stopped at the codewords: version %d-%s read, but %d of its %d blocks (%s) hold more wrong codewords than error correction repairs.", st.parsed.version, st.parsed.level, len(bad), len(st.parsed.blocks), strings.Join(bad, ", ")),
			"Reduce the damage (dirt, scratches, a logo, glare, blur) or print it larger; a higher error correction level repairs more: "+redraw("<your text>", "ec", "H", "margin", "4"))
	}
	return out
}
