package render

// Format is an output format of the generation endpoints.
type Format struct {
	Name        string // the format= value
	Ext         string // the extension of /q/<data>.<ext>
	ContentType string
}

// Formats lists every output format; the first is the default.
var Formats = []Format{
	{"png", "png", "image/png"},
	{"svg", "svg", "image/svg+xml"},
	{"svg-tiny", "", "image/svg+xml"},
	{"json", "json", "application/json"},
	{"base64", "txt", "text/plain; charset=utf-8"},
	{"pdf", "pdf", "application/pdf"},
	{"eps", "eps", "application/postscript"},
	{"utf8", "", "text/plain; charset=utf-8"},
	{"ansi", "", "text/plain; charset=utf-8"},
	{"ascii", "", "text/plain; charset=utf-8"},
}

// IsVector reports whether format is drawn as outlines at a physical size
// (size_mm): SVG, PDF and EPS.
func IsVector(format string) bool {
	return format == "svg" || format == "svg-tiny" || format == "pdf" || format == "eps"
}

// IsText reports whether format is one of the terminal formats (see Text).
func IsText(format string) bool { return format == "utf8" || format == "ansi" || format == "ascii" }

// FormatNames returns the names of Formats, in order.
func FormatNames() []string {
	names := make([]string, len(Formats))
	for i, f := range Formats {
		names[i] = f.Name
	}
	return names
}

// LookupFormat returns the format with the given name.
func LookupFormat(name string) (Format, bool) {
	for _, f := range Formats {
		if f.Name == name {
			return f, true
		}
	}
	return Format{}, false
}
