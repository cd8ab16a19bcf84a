package qr

import (
	"fmt"
	"strings"
)

// Symbol is a member of the QR family.
type Symbol int

// The three symbols: QR Code and Micro QR Code (ISO/IEC 18004), and
// rectangular Micro QR Code (rMQR, ISO/IEC 23941).
const (
	QR Symbol = iota
	Micro
	RMQR
)

// Symbols lists every symbol, QR first.
var Symbols = []Symbol{QR, Micro, RMQR}

func (s Symbol) String() string {
	switch s {
	case QR:
		return "qr"
	case Micro:
		return "micro"
	case RMQR:
		return "rmqr"
	}
	return fmt.Sprintf("Symbol(%d)", int(s))
}

// ParseSymbol reads "qr", "micro" or "rmqr".
func ParseSymbol(s string) (Symbol, bool) {
	for _, sym := range Symbols {
		if s == sym.String() {
			return sym, true
		}
	}
	return 0, false
}

// QuietZone is the light margin, in modules, that the standard asks for
// around the symbol: 4 for QR, 2 for Micro QR and rMQR.
func (s Symbol) QuietZone() int {
	if s == QR {
		return 4
	}
	return 2
}

// DetectOnly is the level of an M1 Micro QR symbol, whose check codewords
// detect errors but cannot correct them (ISO/IEC 18004 table 9).
const DetectOnly Level = -1

// Part is a symbol's place in a structured-append sequence (ISO/IEC 18004
// clause 8): its index from 0, the number of symbols in the sequence, and
// the parity of the whole text, the XOR of all its bytes. Count is 0 for
// a symbol that stands alone.
type Part struct {
	Index, Count int
	Parity       byte
}

// Identity is what an answer says a symbol is: which member of the
// family, its version as a number and as its standard names it, and its
// error correction level. The JSON matrix (core/render) and the size
// advice (core/size) embed it, so both write and describe these members
// alike.
type Identity struct {
	Symbol      string `json:"symbol" desc:"Which symbol of the QR family: qr, micro (Micro QR) or rmqr (rectangular Micro QR)." schema:"enum=qr|micro|rmqr"`
	Version     int    `json:"version" desc:"Symbol version: 1 to 40 for QR, 1 to 4 for Micro QR, 1 to 32 for rMQR (version_name names it)."`
	VersionName string `json:"version_name" desc:"The version as its standard names it: 1 to 40, M1 to M4, R7x43 to R17x139 (rows x columns)."`
	EC          string `json:"ec" desc:"Error correction level; none for M1, which only detects errors." schema:"enum=L|M|Q|H|none"`
}

// Identity returns what c is, as answers write it.
func (c *Code) Identity() Identity {
	return Identity{c.Symbol.String(), c.Version, c.VersionName(), c.Level.String()}
}

// VersionName names the symbol's version as its standard writes it: 1 to
// 40 for QR, M1 to M4 for Micro QR, R7x43 to R17x139 (rows x columns) for
// rMQR.
func (c *Code) VersionName() string { return VersionName(c.Symbol, c.Version) }

// VersionName names version v of symbol s as its standard writes it; ""
// for a version that does not exist.
func VersionName(s Symbol, v int) string {
	switch {
	case s == QR && v >= 1 && v <= 40:
		return fmt.Sprint(v)
	case s == Micro && v >= 1 && v <= 4:
		return fmt.Sprintf("M%d", v)
	case s == RMQR && v >= 1 && v <= len(rmqrVersions):
		r := rmqrVersions[v-1]
		return fmt.Sprintf("R%dx%d", r.h, r.w)
	}
	return ""
}

// ParseVersion reads a version name ("7", "M3", "R11x43", any case) and
// returns its symbol and version number.
func ParseVersion(name string) (Symbol, int, bool) {
	for _, s := range Symbols {
		for v := 1; VersionName(s, v) != ""; v++ {
			if strings.EqualFold(name, VersionName(s, v)) {
				return s, v, true
			}
		}
	}
	return 0, 0, false
}
