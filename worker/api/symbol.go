package api

import (
	"net/http"
	"strconv"

	"qrkeyless/core/params"
	"qrkeyless/core/verify"
)

// symbolHeaders are the headers every generated code carries, saying
// which symbol of the QR family it is (docs/symbols.md): one table, from
// which serve writes them and the OpenAPI description declares them.
var symbolHeaders = []struct {
	name, description string
	schema            obj
	value             func(*verify.Code) string
}{
	{"x-qr-symbol", "Which symbol of the QR family the answer holds: qr, micro (Micro QR) or rmqr (rectangular Micro QR)",
		obj{"type": "string", "enum": params.SymbolP.Enum()},
		func(c *verify.Code) string { return c.QR.Symbol.String() }},
	{"x-qr-version", "The symbol's version as its standard names it: 1 to 40 for QR, M1 to M4 for Micro QR, R7x43 to R17x139 (rows x columns) for rMQR; a sequence's parts share one",
		obj{"type": "string", "pattern": "^([1-9]|[1-3][0-9]|40|M[1-4]|R(7|9|11|13|15|17)x[0-9]+)$"},
		func(c *verify.Code) string { return c.QR.VersionName() }},
	{"x-qr-parts", "The number of symbols: 2 to 16 for a structured-append sequence (parts), else 1",
		obj{"type": "string", "pattern": "^([1-9]|1[0-6])$"},
		func(c *verify.Code) string { return strconv.Itoa(max(len(c.Parts), 1)) }},
}

// writeSymbolHeaders sets symbolHeaders for code.
func writeSymbolHeaders(w http.ResponseWriter, code *verify.Code) {
	for _, h := range symbolHeaders {
		w.Header().Set(h.name, h.value(code))
	}
}

// symbolHeaderNames lists symbolHeaders' names, for CORS.
func symbolHeaderNames() []string {
	var names []string
	for _, h := range symbolHeaders {
		names = append(names, h.name)
	}
	return names
}
