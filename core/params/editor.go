package params

// The editor pages' form: its free-text field and the names its style
// controls go by. The pages (templates) write them and the browser's
// programs (wasm/editor, wasm/batchjob) read them, so they live here,
// beside the parameters they name, rather than in either.

// DataField is the one field of the free-text editor at /, named as on
// /api/v1/qr.
const DataField = "data"

// StyleControls are the editor's names of the shared rendering parameters,
// in the order the form shows them: fg is the color parameter, as the
// interface's editor URLs write it.
var StyleControls = []Param{SymbolP, Style, Eye, Ball, Color, BG, EC, Margin, Size,
	Frame, FrameText, FrameColor, FrameTextColor, EyeColor, EyeBallColor,
	Logo, LogoSize, LogoMargin, LogoBG, LogoShape, Outline, BGRadius}

// ControlName returns the editor's name of the rendering parameter called
// name.
func ControlName(name string) string {
	if name == Color.Name {
		return "fg"
	}
	return name
}
