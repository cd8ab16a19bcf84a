package params

// The symbol controls: what segno lets an integrator fix about the symbol
// beyond its text. Declared here with the other parameters; read by
// core/controls, which the editor does not import (its WebAssembly does
// not carry the charset tables).
var (
	VersionP = Param{Name: "version", Type: "string", Help: "Smallest symbol version, 1 to 40; with ! the exact version (7!).", Example: "5"}
	Mask     = Param{Name: "mask", Type: "integer", Min: 0, Max: 7, Help: "Mask pattern 0 to 7, rather than the one the standard's penalty rules choose."}
	ECIP     = Param{Name: "eci", Type: "string", Help: "Declare the charset with an ECI header and write the text in it: utf-8 (26), iso-8859-1 (3), iso-8859-2 (4), iso-8859-5 (7), iso-8859-7 (9), iso-8859-15 (17), windows-1250 (21), windows-1251 (22), windows-1252 (23), shift_jis (20), or the number."}
	Boost    = Param{Name: "boost", Type: "string", Default: "0", Enum: func() []string { return BoolValues }, Help: "1 raises the error correction as far as the version the data needs allows."}
	Mode     = Param{Name: "mode", Type: "string", Default: "auto", Enum: func() []string { return []string{"auto", "numeric", "alphanumeric", "byte", "kanji"} }, Help: "Encoding mode; kanji writes Japanese text as Shift JIS in 13 bits a character."}
)

// SymbolParams lists the symbol controls, in the order Parse reads them.
var SymbolParams = []Param{VersionP, Mask, ECIP, Boost, Mode}
